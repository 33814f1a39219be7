"""Statistics, head-to-head records and settings."""

import itertools

import pytest

from core.store import Store, StoreError


@pytest.fixture
def store(new_db):
    ticks = itertools.count(1_000)
    with Store.open(new_db(), clock=lambda: float(next(ticks))) as s:
        yield s


def seat(profile=None, kind="human", level=None, name="P"):
    return {"kind": kind, "name": name, "profile_id": profile, "level": level}


def play(store, game, seats, scores, winners, undos=0, hints=0):
    """Save one finished game and return its id."""
    return store.save_game({
        "id": None, "game": game, "options": {}, "seed": 1, "seats": seats, "actions": ["x"],
        "state": {}, "over": True, "undos": undos, "hints": hints,
        "result": {"scores": scores, "winners": winners}})


# --- the pure functions --------------------------------------------------------------------


@pytest.mark.parametrize("text, current, best", [
    ("", 0, 0), ("L", 0, 0), ("W", 1, 1), ("WWLWWWL", 0, 3), ("LWWLWW", 2, 2),
    ("WWWLW", 1, 3), ("WWWW", 4, 4)])
def test_streaks_count_wins_in_a_row(store, text, current, best):
    anna = store.create_profile("Anna").id
    for c in text:
        play(store, "deck-of-spies", [seat(anna)], [8], [0] if c == "W" else [])
    stats = store.stats("deck-of-spies", anna)
    assert (stats["current_streak"], stats["best_streak"]) == (current, best)


def test_no_games_means_zeros_and_no_best_score(store):
    anna = store.create_profile("Anna").id
    stats = store.stats("thronfolge", anna)
    assert {k: stats[k] for k in ("games", "wins", "win_rate", "best_score", "average_score",
                                  "current_streak", "best_streak", "perfect", "figures")} == {
        "games": 0, "wins": 0, "win_rate": 0.0, "best_score": None, "average_score": None,
        "current_streak": 0, "best_streak": 0, "perfect": 0, "figures": {}}


# --- through the store ---------------------------------------------------------------------


def test_stats_count_games_wins_streaks_and_the_best_score(store):
    anna = store.create_profile("Anna").id
    for scores, winners in [([5, 2], [0]), ([7, 1], [0]), ([1, 3], [1]), ([4, 2], [0]),
                            ([6.5, 1], [0])]:
        play(store, "thronfolge", [seat(anna), seat(kind="bot", level="easy")], scores, winners)
    play(store, "deck-of-spies", [seat(anna)], [3], [])  # another game does not count
    stats = store.stats("thronfolge", anna)
    assert {k: stats[k] for k in ("games", "wins", "win_rate", "best_score", "average_score",
                                  "current_streak", "best_streak", "assisted", "hints")} == {
        "games": 5, "wins": 4, "win_rate": 0.8, "best_score": 7, "average_score": 4.7,
        "current_streak": 2, "best_streak": 2, "assisted": 0, "hints": 0}


def test_deck_of_spies_counts_perfect_games_and_assisted_wins(store):
    anna = store.create_profile("Anna").id
    play(store, "deck-of-spies", [seat(anna)], [12], [0])
    play(store, "deck-of-spies", [seat(anna)], [12], [0], hints=2)
    play(store, "deck-of-spies", [seat(anna)], [9], [0], undos=1)
    play(store, "deck-of-spies", [seat(anna)], [4], [], undos=3)
    stats = store.stats("deck-of-spies", anna)
    assert (stats["games"], stats["wins"], stats["perfect"], stats["best_score"]) == (4, 3, 2, 12)
    assert (stats["assisted"], stats["hints"], stats["undos"]) == (2, 2, 4)
    assert (stats["current_streak"], stats["best_streak"]) == (0, 3)


def test_stats_without_a_profile_cover_the_people_who_played_without_one(store):
    anna = store.create_profile("Anna").id
    play(store, "deck-of-spies", [seat()], [12], [0])
    play(store, "deck-of-spies", [seat(anna)], [3], [])
    play(store, "thronfolge", [seat(), seat(kind="bot", level="hard")], [1, 5], [1])
    assert store.stats("deck-of-spies")["games"] == 1
    assert store.stats("deck-of-spies")["perfect"] == 1
    assert (store.stats("thronfolge")["games"], store.stats("thronfolge")["wins"]) == (1, 0)


def test_a_named_computer_player_has_statistics_too(store):
    robo = store.create_profile("Robo", kind="bot", level="hard").id
    play(store, "thronfolge", [seat(), seat(robo, "bot", "hard")], [1, 5], [1])
    assert store.stats("thronfolge", robo)["wins"] == 1


def test_stats_for_a_missing_profile_are_refused(store):
    with pytest.raises(StoreError, match="no profile 9"):
        store.stats("thronfolge", 9)


def test_head_to_head_counts_only_the_games_both_played(store):
    anna = store.create_profile("Anna").id
    berta = store.create_profile("Berta").id
    carl = store.create_profile("Carl").id
    play(store, "thronfolge", [seat(anna), seat(berta)], [5, 1], [0])
    play(store, "thronfolge", [seat(berta), seat(anna)], [5, 1], [0])
    play(store, "thronfolge", [seat(berta), seat(anna)], [2, 5], [1])
    play(store, "thronfolge", [seat(anna), seat(berta)], [3, 3], [0, 1])
    play(store, "thronfolge", [seat(anna), seat(carl)], [5, 1], [0])
    play(store, "deck-of-spies", [seat(anna)], [12], [0])
    assert store.head_to_head("thronfolge", anna, berta) == {
        "game": "thronfolge", "a": anna, "b": berta, "games": 4, "wins_a": 2, "wins_b": 1,
        "shared": 1, "neither": 0}
    assert store.head_to_head("thronfolge", berta, carl)["games"] == 0


def test_head_to_head_needs_two_existing_profiles(store):
    anna = store.create_profile("Anna").id
    with pytest.raises(StoreError, match="two different profiles"):
        store.head_to_head("thronfolge", anna, anna)
    with pytest.raises(StoreError, match="no profile 77"):
        store.head_to_head("thronfolge", anna, 77)


def test_results_of_an_archived_profile_still_count(store):
    anna = store.create_profile("Anna").id
    play(store, "thronfolge", [seat(anna), seat(kind="bot", level="easy")], [5, 1], [0])
    store.archive_profile(anna)
    assert store.stats("thronfolge", anna)["wins"] == 1


# --- settings ------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["de", 3, 2.5, True, ["a", "b"], {"theme": {"dark": True}}])
def test_a_setting_comes_back_as_it_was_set(store, value):
    store.set_setting("some.key", value)
    assert store.get_setting("some.key") == value


def test_a_setting_never_set_gives_the_default(store):
    assert store.get_setting("lang") is None
    assert store.get_setting("lang", "en") == "en"


def test_setting_a_key_again_replaces_its_value_and_deleting_forgets_it(store):
    store.set_setting("lang", "de")
    store.set_setting("lang", "en")
    assert store.get_setting("lang") == "en"
    store.delete_setting("lang")
    store.delete_setting("lang")
    assert store.get_setting("lang", "fr") == "fr"


def test_settings_survive_reopening_the_file(tmp_path):
    with Store.open(tmp_path / "h.db") as store:
        store.set_setting("speed", "fast")
    with Store.open(tmp_path / "h.db") as store:
        assert store.get_setting("speed") == "fast"


@pytest.mark.parametrize("key, value, reason", [
    ("", 1, "non-empty text key"), (None, 1, "non-empty text key"),
    ("k", {1, 2}, "cannot be saved as JSON"), ("k", float("inf"), "cannot be saved as JSON")])
def test_a_bad_setting_is_refused(store, key, value, reason):
    with pytest.raises(StoreError, match=reason):
        store.set_setting(key, value)
