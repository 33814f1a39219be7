"""Each game's own figures and rated matches, read from finished states and results."""

from core.bench import selfplay
from core.games import registry
from core.outcomes import HOUSE, Match, figures, lower_score_wins, matches
from core.outcomes.rating import MU, SIGMA, rate, shown


def partie(potentat, winner, points, fenstersturz=False):
    return {"potentat": potentat, "winner": winner, "points": points, "fenstersturz": fenstersturz}


ROSENKRIEG = {"partien": [partie(0, "potentat", [2, -1, -1], fenstersturz=True),
                          partie(0, "challengers", [-2, 1, 1]),
                          partie(1, "potentat", [-1, 2, -1])]}


def test_a_thronfolge_win_by_three_crowns_counts_for_the_winner_only():
    result = {"scores": [3, 20], "winners": [0], "reason": "crowns"}
    assert figures("thronfolge", {}, result, 0) == {"three_crowns": 1}
    assert figures("thronfolge", {}, result, 1) == {"three_crowns": 0}
    by_score = {"scores": [30, 20], "winners": [0], "reason": "score"}
    assert figures("thronfolge", {}, by_score, 0) == {"three_crowns": 0}


def test_a_deck_of_spies_game_is_perfect_when_all_twelve_face_cards_are_kept():
    won = {"scores": [12], "winners": [0], "face_cards": {"player": 12, "spies": 0}}
    assert figures("deck-of-spies", {}, won, 0) == {"perfect": 1}
    assert figures("deck-of-spies", {}, dict(won, scores=[9], face_cards={"player": 9}), 0) == {
        "perfect": 0}


def test_rosenkrieg_counts_partien_as_potentat_wins_fenstersturz_and_points():
    result = {"scores": [-1, 2, -1], "winners": [1]}
    assert figures("rosenkrieg", ROSENKRIEG, result, 0) == {
        "partien": 3, "potentat": 2, "potentat_won": 1, "fenstersturz": 1, "points": -1}
    assert figures("rosenkrieg", ROSENKRIEG, result, 2) == {
        "partien": 3, "potentat": 0, "potentat_won": 0, "fenstersturz": 0, "points": -1}


def test_each_rosenkrieg_partie_is_the_potentat_against_the_challengers():
    found = matches("rosenkrieg", ROSENKRIEG, {"scores": [0, 0, 0], "winners": [1]}, 3)
    assert found == [Match(((0,), (1, 2)), (0, 1)), Match(((0,), (1, 2)), (1, 0)),
                     Match(((1,), (0, 2)), (0, 1))]


def test_kings_in_the_corner_adds_penalty_and_ranks_everybody_by_it():
    state = {"rounds": [{"winners": [1], "cards_left": [3, 0, 2]},
                        {"winners": [0], "cards_left": [0, 4, 1]}]}
    result = {"scores": [12, 4, 12], "winners": [1]}
    assert figures("kings-corner", state, result, 0) == {
        "penalty": 12, "cards_left": 3, "rounds": 2, "rounds_won": 1}
    assert matches("kings-corner", state, result, 3) == [Match(((0,), (1,), (2,)), (1, 0, 1))]
    assert lower_score_wins("kings-corner") and not lower_score_wins("thronfolge")


def test_a_solitaire_is_rated_against_the_game_itself():
    assert matches("deck-of-spies", {}, {"scores": [9], "winners": [0]}, 1) == [
        Match(((0,), (HOUSE,)), (0, 1))]
    assert matches("deck-of-spies", {}, {"scores": [4], "winners": []}, 1) == [
        Match(((0,), (HOUSE,)), (1, 0))]


def test_a_resigned_game_has_no_figures_and_puts_the_seat_that_gave_up_last():
    result = {"scores": [None, None, None], "winners": [0, 2], "reason": "resigned", "resigned": 1}
    assert figures("rosenkrieg", ROSENKRIEG, result, 0) == {}
    assert matches("rosenkrieg", ROSENKRIEG, result, 3) == [Match(((0,), (1,), (2,)), (0, 1, 0))]


def test_a_damaged_state_adds_no_figures_instead_of_failing():
    assert figures("rosenkrieg", {"partien": [{"potentat": 0}]}, {"winners": [0]}, 0) == {}


def test_every_game_s_real_finished_state_gives_figures_and_matches():
    for name, levels in [("thronfolge", ["random"] * 2), ("deck-of-spies", ["normal"]),
                         ("rosenkrieg", ["random"] * 3), ("kings-corner", ["random"] * 4)]:
        state = selfplay(registry.get(name), levels, 5)["state"]
        assert figures(name, state, state["result"], 0), name
        assert matches(name, state, state["result"], len(levels)), name


def test_a_win_raises_the_winner_and_lowers_the_loser():
    after = rate({}, [Match(((0,), (1,)), (0, 1))], {0: "anna", 1: "bot"})
    assert after["anna"][0] > MU > after["bot"][0]
    assert shown(*after["anna"]) > shown(MU, SIGMA) == 1000


def test_a_team_win_raises_every_member_of_the_team():
    after = rate({"pot": (30.0, 4.0)}, [Match(((0,), (1, 2)), (1, 0))], {0: "pot", 1: "a", 2: "b"})
    assert after["pot"][0] < 30.0
    assert after["a"][0] > MU and after["b"][0] > MU


def test_a_player_on_several_seats_counts_once_as_the_mean_of_its_seats():
    # Kings of four: the normal computers sit three seats; one of them wins, two lose.
    match = Match(((0,), (1,), (2,), (3,)), (1, 0, 2, 3))
    seats = {0: "anna", 1: "bot-1", 2: "bot-2", 3: "bot-3"}
    apart = rate({}, [match], seats)
    shared = rate({}, [match], {0: "anna", 1: "bot", 2: "bot", 3: "bot"})
    for i in (0, 1):
        assert shared["bot"][i] == sum(apart[f"bot-{n}"][i] for n in (1, 2, 3)) / 3
    assert shared["anna"] == apart["anna"]
    # Winning at one seat and losing at the last no longer leaves only the last seat's loss.
    won_first = rate({}, [Match(((0,), (1,), (2,)), (0, 2, 1))], {0: "bot", 1: "anna", 2: "bot"})
    assert won_first["bot"][0] > rate({}, [Match(((0,), (1,)), (1, 0))], {0: "bot", 1: "anna"})["bot"][0]


def test_a_seat_without_a_player_plays_at_the_default_and_is_not_kept():
    after = rate({}, [Match(((0,), (1,)), (0, 1))], {0: "anna"})
    assert set(after) == {"anna"} and after["anna"][0] > MU
