"""A player's record in every game, ratings and their history, opponents and recent games."""

import json
import sqlite3

import pytest

from core.store import Store
from core.store.migrations import SCHEMA_SQL
from tests.test_store_stats import play, seat, store  # noqa: F401 (store is a fixture)

ROSENKRIEG_STATE = {"partien": [
    {"potentat": 0, "winner": "potentat", "points": [2, -1, -1], "fenstersturz": True},
    {"potentat": 1, "winner": "challengers", "points": [1, -2, 1], "fenstersturz": False}]}


def finish(store, game, seats, result, state=None):
    return store.save_game({
        "id": None, "game": game, "options": {}, "seed": 7, "seats": seats, "actions": ["x"],
        "state": state or {}, "over": True, "undos": 0, "hints": 0, "result": result})


def test_a_lost_thronfolge_game_is_a_loss_for_the_person_whichever_seat_they_had(store):
    anna = store.create_profile("Anna").id
    bot = store.create_profile("Computer (hard)", "bot", "hard").id
    play(store, "thronfolge", [seat(bot, "bot", "hard"), seat(anna)], [9, 3], [0])
    play(store, "thronfolge", [seat(anna), seat(bot, "bot", "hard")], [2, 9], [1])
    record = store.player_record(anna)["thronfolge"]
    assert (record["games"], record["wins"], record["current_streak"]) == (2, 0, 0)
    recent = store.recent_results(anna, "thronfolge")
    assert [r["won"] for r in recent] == [False, False]
    assert [r["seat"] for r in recent] == [0, 1]
    assert store.player_record(bot)["thronfolge"]["wins"] == 2


def test_a_player_record_covers_each_game_with_its_own_figures(store):
    anna = store.create_profile("Anna").id
    berta = store.create_profile("Berta").id
    finish(store, "rosenkrieg", [seat(anna), seat(berta), seat()],
           {"scores": [3, -3, 0], "winners": [0]}, ROSENKRIEG_STATE)
    finish(store, "thronfolge", [seat(anna), seat(berta)],
           {"scores": [3, 20], "winners": [0], "reason": "crowns"})
    record = store.player_record(anna)
    assert set(record) == {"rosenkrieg", "thronfolge"}
    assert record["rosenkrieg"]["figures"] == {
        "partien": 2, "potentat": 1, "potentat_won": 1, "fenstersturz": 1, "points": 3}
    assert record["rosenkrieg"]["money"] is None  # not played for money
    assert record["thronfolge"]["figures"] == {"three_crowns": 1}
    assert store.player_record(berta)["thronfolge"]["figures"] == {"three_crowns": 0}


def test_kings_in_the_corner_best_score_is_the_lowest_penalty(store):
    anna = store.create_profile("Anna").id
    for scores in ([4, 10], [15, 0], [0, 3]):
        play(store, "kings-corner", [seat(anna), seat()], scores,
             [min(range(2), key=lambda s: scores[s])])
    record = store.player_record(anna)["kings-corner"]
    assert (record["best_score"], record["average_score"]) == (0, 6.3)


def test_ratings_move_with_results_and_keep_a_history(store):
    anna = store.create_profile("Anna").id
    bot = store.create_profile("Computer (easy)", "bot", "easy").id
    for _ in range(3):
        play(store, "thronfolge", [seat(anna), seat(bot, "bot", "easy")], [9, 1], [0])
    board = store.leaderboard("thronfolge")
    assert [r["profile_id"] for r in board] == [anna, bot]
    assert board[0]["shown"] > 1000 > board[1]["shown"] and board[0]["games"] == 3
    steps = [p["shown"] for p in store.rating_history(anna, "thronfolge")]
    assert len(steps) == 3 and steps == sorted(steps)
    assert store.player_record(anna)["thronfolge"]["rating"]["shown"] == steps[-1]


def test_a_rosenkrieg_game_rates_each_partie_potentat_against_the_challengers(store):
    a, b, c = (store.create_profile(n).id for n in ("A", "B", "C"))
    state = {"partien": [{"potentat": 0, "winner": "potentat", "points": [2, -1, -1]}] * 3}
    finish(store, "rosenkrieg", [seat(a), seat(b), seat(c)], {"scores": [6, -3, -3], "winners": [0]},
           state)
    shown = {r["profile_id"]: r["shown"] for r in store.leaderboard("rosenkrieg")}
    assert shown[a] > 1000 > shown[b] and shown[b] == shown[c]


def test_a_solitaire_player_is_rated_against_the_game_which_is_not_on_the_board(store):
    anna = store.create_profile("Anna").id
    play(store, "deck-of-spies", [seat(anna)], [12], [0])
    assert [r["profile_id"] for r in store.leaderboard("deck-of-spies")] == [anna]
    assert store.player_record(anna)["deck-of-spies"]["rating"]["shown"] > 1000


def test_opponents_give_a_head_to_head_per_game_for_people_and_computer_levels(store):
    anna = store.create_profile("Anna").id
    berta = store.create_profile("Berta").id
    easy = store.create_profile("Computer (easy)", "bot", "easy").id
    play(store, "thronfolge", [seat(anna), seat(berta)], [5, 1], [0])
    play(store, "thronfolge", [seat(berta), seat(anna)], [5, 1], [0])
    play(store, "thronfolge", [seat(anna), seat(berta)], [3, 3], [0, 1])
    # one computer profile in two seats still makes one game against it
    play(store, "kings-corner", [seat(anna), seat(easy, "bot", "easy"), seat(easy, "bot", "easy")],
         [0, 5, 7], [0])
    met = store.opponents(anna)
    assert met[berta] == {"thronfolge": {"games": 3, "wins": 1, "losses": 1, "shared": 1,
                                         "neither": 0}}
    assert met[easy]["kings-corner"] == {"games": 1, "wins": 1, "losses": 0, "shared": 0,
                                         "neither": 0}
    assert set(store.opponents(anna, berta)) == {berta}
    assert store.opponents(berta, anna)[anna]["thronfolge"]["wins"] == 1


def test_a_resigned_game_counts_for_ratings_but_adds_no_figures(store):
    anna = store.create_profile("Anna").id
    berta = store.create_profile("Berta").id
    gid = store.save_game({"id": None, "game": "thronfolge", "options": {}, "seed": 1,
                           "seats": [seat(anna), seat(berta)], "actions": [], "state": {},
                           "over": False, "undos": 0, "hints": 0, "result": None})
    store.resign_game(gid, 0)
    assert store.player_record(anna)["thronfolge"]["figures"] == {}
    assert store.recent_results(anna)[0]["resigned"] is True
    shown = {r["profile_id"]: r["shown"] for r in store.leaderboard("thronfolge")}
    assert shown[berta] > shown[anna]


def test_a_version_2_database_gets_figures_and_ratings_from_its_finished_games(tmp_path):
    path = tmp_path / "v2.db"
    raw = sqlite3.connect(path)
    raw.executescript(SCHEMA_SQL[2])
    raw.executemany("INSERT INTO profiles VALUES (?, ?, ?, NULL, 0, 0)",
                    [(1, "Anna", "human"), (2, "Berta", "human")])
    seats = json.dumps([seat(1), seat(2)])
    for gid, winners, reason in [(1, [0], "crowns"), (2, [1], "score"), (3, [0], "score")]:
        result = json.dumps({"scores": [1, 2], "winners": winners, "reason": reason})
        raw.execute("INSERT INTO games VALUES (?, 'thronfolge', '{}', 1, ?, '[]', '{}', 1, ?, 1, 0,"
                    " 0, '{}', 0, 0, ?, ?)", (gid, seats, result, gid, gid))
        for s in (0, 1):
            raw.execute("INSERT INTO results (game_id, game, seat, kind, profile_id, score, won,"
                        " assisted, undos, hints, finished_at) VALUES (?, 'thronfolge', ?, 'human',"
                        " ?, 1, ?, 0, 0, 0, ?)", (gid, s, s + 1, s in winners, gid))
    raw.commit()
    raw.close()
    with Store.open(path) as store:
        assert store.upgraded_from == 2
        anna = store.player_record(1)["thronfolge"]
        assert (anna["games"], anna["wins"], anna["figures"]) == (3, 2, {"three_crowns": 1})
        assert anna["rating"]["games"] == 3
        assert len(store.rating_history(2, "thronfolge")) == 3


def test_a_player_record_of_a_missing_profile_is_refused(store):
    with pytest.raises(Exception, match="no profile 5"):
        store.player_record(5)


def test_the_running_totals_agree_with_the_results_they_were_built_from(store):
    import random

    rng = random.Random(4)
    people = [store.create_profile(n).id for n in ("A", "B", "C")]
    played = []  # (game, seats' profiles, scores, winners)
    for _ in range(60):
        game = rng.choice(["thronfolge", "kings-corner"])
        ids = rng.sample(people, 2) + ([None] if game == "kings-corner" else [])
        scores = [rng.randint(0, 30) for _ in ids]
        winners = [s for s in range(len(ids)) if rng.random() < 0.5] or [0]
        play(store, game, [seat(p) for p in ids], scores, winners)
        played.append((game, ids, scores, winners))
    for pid in people:
        record = store.player_record(pid)
        for game in ("thronfolge", "kings-corner"):
            mine = [(scores[ids.index(pid)], ids.index(pid) in winners)
                    for g, ids, scores, winners in played if g == game and pid in ids]
            run = best = 0
            for _, won in mine:
                run = run + 1 if won else 0
                best = max(best, run)
            pick = min if game == "kings-corner" else max
            got = record[game]
            assert (got["games"], got["wins"], got["current_streak"], got["best_streak"]) == (
                len(mine), sum(w for _, w in mine), run, best)
            assert got["best_score"] == pick(s for s, _ in mine)
            assert got["average_score"] == round(sum(s for s, _ in mine) / len(mine), 1)
    a, b = people[:2]
    together = [(ids.index(a) in winners, ids.index(b) in winners)
                for g, ids, _, winners in played if g == "thronfolge" and a in ids and b in ids]
    assert store.opponents(a, b)[b]["thronfolge"] == {
        "games": len(together), "wins": sum(x and not y for x, y in together),
        "losses": sum(y and not x for x, y in together), "shared": sum(x and y for x, y in together),
        "neither": sum(not x and not y for x, y in together)}


def test_the_last_player_of_a_game_is_the_first_person_of_its_last_finished_game(store):
    anna = store.create_profile("Anna").id
    berta = store.create_profile("Berta").id
    bot = store.create_profile("Computer (easy)", "bot", "easy").id
    assert store.last_player("thronfolge") is None
    play(store, "thronfolge", [seat(anna), seat(bot, "bot", "easy")], [1, 2], [1])
    play(store, "thronfolge", [seat(bot, "bot", "easy"), seat(berta)], [1, 2], [1])
    play(store, "deck-of-spies", [seat(anna)], [1], [])
    assert store.last_player("thronfolge") == berta
    play(store, "thronfolge", [seat(anna), seat(berta)], [1, 2], [1])
    assert store.last_player("thronfolge") == anna


def test_money_won_and_lost_comes_from_the_dynasties_the_ledger_settled_not_from_payments(store):
    from ledger_games import finished_dynasty

    session = finished_dynasty(store, ("Anna", "Ben", "Carla"), stake_cents=10, seed=7)
    ids = {p.name: p.id for p in store.list_profiles()}
    for seat, name in enumerate(("Anna", "Ben", "Carla")):
        money = store.player_record(ids[name])["rosenkrieg"]["money"]
        won, lost = money["EUR"]["won"], money["EUR"]["lost"]
        assert won - lost == session.state["balance"][seat] * 10
    debt = store.open_debts()[0]
    debtor = next(p.id for p in store.list_profiles() if p.uuid == debt.debtor)
    before = store.player_record(debtor)["rosenkrieg"]["money"]
    store.record_payment(debt.debtor, debt.creditor, debt.amount.cents, "EUR", "")
    assert store.player_record(debtor)["rosenkrieg"]["money"] == before


DERIVED = ("result_figures", "ratings", "rating_history", "player_totals", "player_figures", "pair_totals")


def derived_rows(store):
    """Every derived row, without row numbers, in a stable order."""
    from sqlalchemy import text

    out = {}
    with store._session(write=False) as s:
        for table in DERIVED:
            cols = [c for c in s.execute(text(f"SELECT * FROM {table} LIMIT 0")).keys() if c != "id"]
            out[table] = sorted(map(tuple, s.execute(text(f"SELECT {', '.join(cols)} FROM {table}"))))
    return out


def test_counting_games_as_they_end_gives_to_the_last_bit_what_counting_them_all_again_gives(store):
    # Games end one by one (each counted onto the figures so far); then every game is counted
    # again from nothing, as after a sync. Scores with fractions, a person in two seats, people
    # without a profile, computers, solitaires and a merge of two people on the way.
    import random

    from core.store import derive

    rng = random.Random(9)
    people = [store.create_profile(n).id for n in ("A", "B", "C", "D")]
    for i in range(90):
        game = rng.choice(["thronfolge", "kings-corner", "deck-of-spies", "rosenkrieg"])
        count = {"thronfolge": 2, "deck-of-spies": 1}.get(game, 3)
        seats = [rng.choice([seat(rng.choice(people)), seat(), seat(kind="bot", level="easy")])
                 for _ in range(count)]
        scores = [round(rng.uniform(-5, 40), 3) for _ in seats]
        winners = [s for s in range(count) if rng.random() < 0.4] or [rng.randrange(count)]
        if game == "rosenkrieg":
            finish(store, game, seats, {"scores": scores, "winners": winners}, ROSENKRIEG_STATE)
        else:
            play(store, game, seats, scores, winners, undos=rng.randrange(3), hints=rng.randrange(2))
        if i == 45:
            store.merge_profiles(people[3], people[2])
    counted = derived_rows(store)
    assert counted["player_figures"] and counted["pair_totals"] and counted["rating_history"]
    store._write(derive.rebuild)
    assert derived_rows(store) == counted
