"""App logic without a browser: settings, language, seats, starting and resuming games."""

from __future__ import annotations

import pytest

from app import catalog, fmt
from app.main import parse_args
from app.state import AppState, device_language
from app.tables.generic import action_text
from core.games import registry
from core.session import Seat
from core.store import Store


@pytest.fixture
def store(tmp_path):
    s = Store.open(str(tmp_path / "app.db"))
    yield s
    s.close()


@pytest.mark.parametrize("tags, lang", [(["de-DE"], "de"), (["de_AT", "en"], "de"), (["fr-FR", "de"], "de"),
                                        (["en-US"], "en"), (["fr"], "en"), ([], "en"), (None, "en")])
def test_the_device_language_decides_until_the_user_chooses(tags, lang):
    assert device_language(tags) == lang


def test_settings_are_stored_and_read_back(store):
    state = AppState(store, "de")
    assert state.lang == "de" and state.settings.theme == "system"
    state.set_setting("language", "en")
    state.set_setting("card_back", "midnight")
    again = AppState(store, "de")
    assert again.lang == "en" and again.settings.card_back == "midnight"
    assert again.t("nav.games") == "Games"


def test_a_stored_value_that_is_not_allowed_is_ignored(store):
    store.set_setting("ui_theme", "purple")
    assert AppState(store, "en").settings.theme == "system"


def test_computer_seats_share_one_profile_per_level(store):
    state = AppState(store, "en")
    a, b = state.bot_seat("normal"), state.bot_seat("normal")
    assert a.is_bot and a.level == "normal" and a.profile_id == b.profile_id is not None
    assert state.humans() == []


def available(name: str) -> bool:
    try:
        registry.get(name)
    except Exception:
        return False
    return True


@pytest.mark.skipif(not available("thronfolge"), reason="Thronfolge engine not in this build yet")
def test_a_new_game_leaves_unfinished_games_alone_and_resumes(store):
    state = AppState(store, "de")
    anna = store.create_profile("Anna")
    seats = [Seat("human", "Anna", anna.id), state.bot_seat("easy")]
    first = state.start_game("thronfolge", seats, seed=1)
    second = state.start_game("thronfolge", seats, seed=2)
    ids = [g.id for g in state.unfinished()]
    assert first.game_id in ids and second.game_id in ids
    fresh = AppState(store, "de")  # a new browser session restores from the store
    resumed = fresh.open_game(first.game_id)
    assert resumed.state == first.state


def test_the_catalog_lists_four_games_and_survives_missing_engines(monkeypatch):
    monkeypatch.setattr(registry, "get", lambda name: (_ for _ in ()).throw(ImportError("half-written")))
    entries = catalog.entries()
    assert [e.name for e in entries] == ["thronfolge", "deck-of-spies", "rosenkrieg", "kings-corner"]
    assert not any(e.available for e in entries)
    assert [(e.min_players, e.max_players) for e in entries][2:] == [(2, 4), (2, 5)]


def test_action_texts_read_like_words():
    from app import i18n

    def t(key, **kw):
        return i18n.t(key, "de", **kw)

    assert action_text("play TS", t, "de") == "Anlegen 10♠"
    assert action_text("counter AC 4D", t, "de") == "Abwehren A♣ 4♦"
    assert action_text("mystery", t, "de") == "Mystery"


def test_times_are_told_relative_to_now():
    from app import i18n

    def t(key, **kw):
        return i18n.t(key, "en", **kw)

    now = 1_000_000.0
    assert fmt.ago(now - 5, "en", t, now) == "just now"
    assert fmt.ago(now - 600, "en", t, now) == "10 minutes ago"
    assert fmt.ago(now - 2 * 3600, "en", t, now) == "2 hours ago"
    assert fmt.ago(None, "en", t, now) == ""


def test_command_line_defaults_and_bad_options(capsys):
    args = parse_args([])
    assert (args.port, args.host, args.db, args.desktop) == (8550, "127.0.0.1", None, False)
    with pytest.raises(SystemExit) as exc:
        parse_args(["--port", "seventy"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("hofstaat:")
    with pytest.raises(SystemExit) as exc:
        parse_args(["--port", "70000"])
    assert exc.value.code == 2


def test_a_game_is_offered_only_once_it_has_a_table_of_its_own(monkeypatch):
    from app import tables
    from core.games.thronfolge import GAME

    monkeypatch.setattr(catalog, "load_info", lambda name: GAME.info)  # every engine "loads"
    monkeypatch.delitem(tables.TABLES, "rosenkrieg", raising=False)
    assert not catalog.entry("rosenkrieg").available  # an engine alone plays only on the generic table
    monkeypatch.setitem(tables.TABLES, "rosenkrieg", "app.tables.rosenkrieg:build")
    assert catalog.entry("rosenkrieg").available
    assert catalog.entry("thronfolge").available
