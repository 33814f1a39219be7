"""The new-game form without a browser: remembered seats and options, one seat per person."""

from __future__ import annotations

import pytest

from app import catalog
from app.screens.new_game_form import NEW, NewGameForm, setting_key
from app.state import AppState
from core.store import Store


@pytest.fixture
def store(tmp_path):
    s = Store.open(str(tmp_path / "app.db"))
    yield s
    s.close()


def form_for(store, game: str, lang: str = "en") -> NewGameForm:
    return NewGameForm(AppState(store, lang), game, catalog.load_info(game))


def test_a_fresh_form_seats_the_first_person_against_the_computer(store):
    anna = store.create_profile("Anna")
    form = form_for(store, "thronfolge")
    assert form.choices == [f"p:{anna.id}", "bot:normal"]
    assert form.options == {"open_removed": False, "starter": 0}


def test_the_same_person_cannot_take_two_seats(store):
    anna = store.create_profile("Anna")
    form = form_for(store, "thronfolge")
    assert form.holder(f"p:{anna.id}", 1) == 0
    refusal = form.choose(1, f"p:{anna.id}")
    assert refusal == "Anna already sits on Seat 1. Each player can take only one seat."
    assert form.choices == [f"p:{anna.id}", "bot:normal"]  # nothing changed


def test_the_german_refusal_names_the_seat(store):
    anna = store.create_profile("Anna")
    form = form_for(store, "thronfolge", "de")
    assert form.choose(1, f"p:{anna.id}") == \
        "Anna sitzt schon auf Platz 1. Jeder Spieler kann nur einen Platz einnehmen."


def test_two_computers_may_play_each_other(store):
    form = form_for(store, "thronfolge")
    assert form.choose(0, "bot:hard") is None and form.choose(1, "bot:hard") is None
    assert form.choices == ["bot:hard", "bot:hard"]


def test_a_person_moved_off_a_seat_can_sit_on_another(store):
    anna = store.create_profile("Anna")
    form = form_for(store, "thronfolge")
    assert form.choose(0, "bot:easy") is None
    assert form.choose(1, f"p:{anna.id}") is None
    assert form.choices == ["bot:easy", f"p:{anna.id}"]


def test_starting_refuses_a_duplicate_that_slipped_in(store):
    anna = store.create_profile("Anna")
    form = form_for(store, "thronfolge")
    form.choices[1] = f"p:{anna.id}"  # e.g. a stale client event
    with pytest.raises(ValueError, match="only one seat"):
        form.build_seats(str)


def test_unknown_levels_and_people_are_refused(store):
    form = form_for(store, "thronfolge")
    assert form.choose(1, "bot:godlike") == "There is no such playing strength."
    assert form.choose(1, "p:999") == "This player no longer exists."


def test_seats_and_options_are_remembered_for_the_next_game(store):
    anna, bert = store.create_profile("Anna"), store.create_profile("Bert")
    form = form_for(store, "thronfolge")
    assert form.choose(0, f"p:{bert.id}") is None
    assert form.choose(1, f"p:{anna.id}") is None
    form.options.update(open_removed=True, starter=1)
    form.build_seats(str)
    form.remember()
    # A new app session (after a restart) presets the same choices.
    again = form_for(store, "thronfolge")
    assert again.choices == [f"p:{bert.id}", f"p:{anna.id}"]
    assert again.options == {"open_removed": True, "starter": 1}
    # Other games keep their own choices.
    assert form_for(store, "deck-of-spies").choices == [f"p:{anna.id}"]


def test_a_new_person_named_in_the_form_is_remembered_by_profile(store):
    form = form_for(store, "deck-of-spies")
    assert form.choices == [NEW]
    form.new_names[0] = "Clara"
    seats = form.build_seats(str)
    form.remember()
    clara = next(p for p in store.list_profiles() if p.name == "Clara")
    assert seats[0].profile_id == clara.id
    assert form_for(store, "deck-of-spies").choices == [f"p:{clara.id}"]


def test_a_remembered_choice_that_is_no_longer_valid_falls_back(store):
    anna, bert = store.create_profile("Anna"), store.create_profile("Bert")
    store.set_setting(setting_key("thronfolge"), {
        "players": 2, "seats": [f"p:{bert.id}", "bot:godlike"],
        "options": {"open_removed": "maybe", "starter": 7, "unknown": 1}})
    store.archive_profile(bert.id, True)
    form = form_for(store, "thronfolge")
    assert form.choices == [f"p:{anna.id}", "bot:normal"]
    assert form.options == {"open_removed": False, "starter": 0}


def test_damaged_remembered_choices_are_ignored(store):
    store.set_setting(setting_key("thronfolge"), ["not", "a", "dict"])
    assert form_for(store, "thronfolge").choices == [NEW, "bot:normal"]


def test_a_games_own_choices_are_remembered_as_extra(store):
    form = form_for(store, "deck-of-spies")
    form.extra = {"winnable": True}
    form.remember()
    assert form_for(store, "deck-of-spies").extra == {"winnable": True}


def test_a_solitaire_speaks_of_the_player_not_of_seats(store):
    form = form_for(store, "deck-of-spies", "de")
    assert form.solo and form.seat_title(0) == "Spieler"
    with pytest.raises(ValueError, match="^Spieler: Bitte gib einen Namen ein.$"):
        form.build_seats(str)
    duel = form_for(store, "thronfolge", "de")
    assert not duel.solo and duel.seat_title(1) == "Platz 2"


def test_a_bad_seed_is_refused_with_a_message(store):
    form = form_for(store, "thronfolge")
    form.seed = "12a"
    with pytest.raises(ValueError, match="whole number"):
        form.parsed_seed()
    form.seed = " 42 "
    assert form.parsed_seed() == 42


def test_a_hand_the_deck_cannot_deal_to_this_many_players_is_not_offered(store):
    form = form_for(store, "kings-corner")
    form.set_players(2)
    assert form.possible("hand", 13)
    form.set_option("hand", 13)
    form.set_players(5)  # 5 × 13 cards and the cross do not fit in one deck
    assert not form.possible("hand", 13) and form.possible("hand", 7)
    assert form.options["hand"] == 0  # back to the default: the usual hand for five
    assert form.possible("hand", form.options["hand"])


def test_a_remembered_option_impossible_at_the_remembered_count_falls_back(store):
    store.set_setting(setting_key("kings-corner"), {"players": 5, "options": {"hand": 13}})
    form = form_for(store, "kings-corner")
    assert form.players == 5 and form.options["hand"] == 0
