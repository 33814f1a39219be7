"""The Continue card's progress line is worked out from the saved game, in the language shown."""

from __future__ import annotations

import pytest

from app import i18n
from app.screens.progress import progress_line
from app.state import AppState
from app.tables.deck_of_spies import start_game
from core.session import Seat
from core.store import Store


@pytest.fixture
def store(tmp_path):
    s = Store.open(str(tmp_path / "app.db"))
    yield s
    s.close()


def t_in(lang):
    return lambda key, **kw: i18n.t(key, lang, **kw)


def test_a_spies_game_started_in_german_reads_english_in_the_english_ui(store):
    state = AppState(store, "de")
    anna = store.create_profile("Anna")
    session = start_game(state, [Seat(kind="human", name="Anna", profile_id=anna.id)], {"scoring": "win"},
                         42137, {"deal": "number"})
    session.apply(session.legal()[0])  # one spy dealt with: the second is on top
    summary = store.unfinished_games()[0]
    assert "Spion" in summary.meta.get("progress", "Spion")  # what the table writes stays German …
    assert progress_line(store, summary, t_in("en")) == "#042137 · spy\u00a02\u00a0of\u00a036"  # … the card does not
    assert progress_line(store, summary, t_in("de")) == "#042137 · Spion\u00a02\u00a0von\u00a036"


def test_other_games_count_their_moves_with_the_right_plural(store):
    state = AppState(store, "en")
    anna = store.create_profile("Anna")
    session = state.start_game("thronfolge", [Seat(kind="human", name="Anna", profile_id=anna.id),
                                              state.bot_seat("easy")], seed=3)
    summary = store.unfinished_games()[0]
    assert progress_line(store, summary, t_in("en")) == "No move yet"
    session.apply(session.legal()[0])
    summary = store.unfinished_games()[0]
    assert progress_line(store, summary, t_in("en")) == "1 move"
    assert progress_line(store, summary, t_in("de")) == "1 Zug"


def test_a_spies_game_that_cannot_be_read_falls_back_to_moves(store):
    class Summary:
        id, game, ply, meta = 999, "deck-of-spies", 3, {}

    assert progress_line(store, Summary(), t_in("de")) == "3 Züge"
