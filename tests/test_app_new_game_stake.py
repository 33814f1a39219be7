"""The stake per point on the new-game form: none by default, remembered, recorded."""

from __future__ import annotations

import pytest

from app import catalog
from app.screens import ledger_strings  # noqa: F401 (registers the texts)
from app.screens.new_game_form import NewGameForm
from app.state import AppState
from core.store import Store


@pytest.fixture
def store(tmp_path):
    s = Store.open(str(tmp_path / "app.db"))
    yield s
    s.close()


def form_for(store, game="rosenkrieg", lang="de"):
    return NewGameForm(AppState(store, lang), game, catalog.load_info(game))


def three_people(store, form):
    for i, name in enumerate(("Anna", "Ben", "Carla")):
        p = store.create_profile(name)
        form.humans.append(p)
        assert form.choose(i, f"p:{p.id}") is None


def test_rosenkrieg_is_played_for_honour_unless_a_stake_is_typed(store):
    form = form_for(store)
    assert form.has_stake and form.stake == "0,00" and form.currency == "EUR"
    assert form.stake_meta() == {}
    assert not form_for(store, "thronfolge").has_stake
    assert form_for(store, "thronfolge").stake_meta() == {}


def test_a_typed_stake_becomes_the_records_meta_in_whole_cents(store):
    form = form_for(store)
    form.set_players(3)
    three_people(store, form)
    form.stake, form.currency = "0,10", "CHF"
    assert form.stake_meta() == {"stake": {"cents": 10, "currency": "CHF"}}


@pytest.mark.parametrize("typed", ["zehn", "-1", "0,001", "1.5"])
def test_an_unreadable_stake_is_refused_with_an_example(store, typed):
    form = form_for(store)
    form.stake = typed
    with pytest.raises(ValueError, match="Bitte einen Einsatz wie 0,10 eingeben"):
        form.stake_meta()


def test_a_person_can_play_for_money_against_the_computer_which_keeps_one_account_per_level(store):
    anna = store.create_profile("Anna")
    form = form_for(store)  # Anna against computers
    form.set_players(4)
    assert form.choices[0] == f"p:{anna.id}"
    assert form.computer_seated
    form.stake = "0,50"
    meta = form.stake_meta()
    assert meta == {"stake": {"cents": 50, "currency": "EUR"}}
    seats = form.build_seats(str)
    form.state.start_game("rosenkrieg", seats, options=form.options, meta=meta)
    [dynasty] = store.dynasties()
    person, *computers = dynasty.players
    assert len(set(computers)) == 1 and person not in computers
    by_uuid = {p.uuid: p for p in store.list_profiles()}
    assert by_uuid[computers[0]].kind == "bot" and by_uuid[person] == anna


def test_money_is_never_assumed_the_next_dynasty_starts_for_honour_in_the_same_currency(store):
    form = form_for(store)
    form.set_players(3)
    three_people(store, form)
    form.stake, form.currency = "0,20", "CHF"
    form.stake_meta()
    form.remember()
    again = form_for(store, lang="en")
    assert (again.stake, again.currency) == ("0.00", "CHF")
    assert again.stake_meta() == {}
    assert again.stake_summary() == (False, "For honour – no stake")


def test_the_stake_in_words_follows_what_is_typed(store):
    form = form_for(store)
    assert form.stake_summary() == (False, "Um die Ehre – kein Einsatz")
    form.stake = "0,10"
    assert form.stake_summary() == (True, "Um Geld: 0,10\xa0€ pro Punkt")
    form.stake, form.currency = "1,50", "CHF"
    assert form.stake_summary() == (True, "Um Geld: 1,50\xa0CHF pro Punkt")
    form.stake = "zehn"
    assert form.stake_summary() == (False, "Einsatz unlesbar – bitte oben korrigieren")
    en = form_for(store, lang="en")
    en.stake = "0.25"
    assert en.stake_summary() == (True, "For money: €0.25 a point")


def test_a_game_started_with_a_stake_records_its_dynasty(store):
    form = form_for(store)
    form.set_players(3)
    three_people(store, form)
    form.stake = "0,10"
    meta = form.stake_meta()
    seats = form.build_seats(str)
    session = form.state.start_game("rosenkrieg", seats, options=form.options, meta=meta)
    [dynasty] = store.dynasties()
    assert (dynasty.game_id, dynasty.stake_cents, dynasty.currency) == (session.game_id, 10, "EUR")
    assert dynasty.players == tuple(store.get_profile(s.profile_id).uuid for s in seats)


def test_the_stake_card_offers_the_amount_and_currency_and_says_when_a_computer_sits(store):
    from types import SimpleNamespace

    import flet as ft

    from app import i18n
    from app.screens.new_game import _card
    from app.screens.new_game_stake import stake_card
    from tests.test_app_card import texts, walk

    shell = SimpleNamespace(t=lambda key, **kw: i18n.t(key, "de", **kw))
    form = form_for(store)
    card = stake_card(shell, form, _card)
    fields = [c for c in walk(card) if isinstance(c, ft.TextField)]
    assert [f.value for f in fields] == ["0,00"]
    assert fields[0].label == "Einsatz pro Punkt (EUR)"
    assert any(isinstance(c, ft.Dropdown) and c.value == "EUR" for c in walk(card))
    assert any("Alle Computer einer Stufe teilen sich ein Konto" in t for t in texts(card))
    form.set_players(3)
    three_people(store, form)
    assert any(t.startswith("0 = um die Ehre") for t in texts(stake_card(shell, form, _card)))
    assert stake_card(shell, form_for(store, "thronfolge"), _card) is None


def test_a_stake_with_a_seat_for_anyone_s_phone_is_refused_before_anything_starts(store):
    """Who owes whom is fixed when a dynasty starts, and the person of a phone's seat that anyone
    may take is known only once it joins: a staked game with such a seat is refused on the form,
    saying what to do."""
    form = form_for(store, lang="en")
    form.set_players(3)
    three_people(store, form)
    assert form.choose(2, "phone") is None
    form.stake = "0.10"
    with pytest.raises(ValueError, match="choose who plays on each phone"):
        form.stake_meta()
    form.stake = "0"
    assert form.stake_meta() == {}  # for honour the phone's seat is welcome
    assert form.phone_seats == [2]


def test_a_staked_dynasty_with_a_chosen_person_s_phone_records_that_person_from_the_start(store):
    """A phone's seat given to a person on the form is that person's from the start: the stake
    is allowed, and the dynasty names them as it names the people at the host's device."""
    form = form_for(store, lang="en")
    form.set_players(3)
    three_people(store, form)
    carla = form.humans[2]
    assert form.choose(2, f"phone:{carla.id}") is None
    assert form.phone_seats == [2] and form.seat_label(2) == "Carla"
    # Carla sits on her phone: no other seat may take her too, here or on another phone.
    assert form.choose(1, f"p:{carla.id}") is not None and form.choose(1, f"phone:{carla.id}") is not None
    form.stake = "0.10"
    meta = form.stake_meta()
    seats = form.build_seats(str)
    assert seats[2].profile_id == carla.id and seats[2].name == "Carla"
    session = form.state.start_game("rosenkrieg", seats, options=form.options, meta=meta)
    [dynasty] = store.dynasties()
    assert (dynasty.game_id, dynasty.stake_cents) == (session.game_id, 10)
    assert dynasty.players == tuple(store.get_profile(s.profile_id).uuid for s in seats)
