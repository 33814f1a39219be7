"""The generic table draws every registered game from deal to result, without a browser.

No page is needed to build controls; the shell is replaced by a stub with the
few things a table uses (texts, sizes). Hidden cards must never reach a control.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import flet as ft
import pytest

from app import i18n
from app.state import AppState
from app.tables.generic import GenericTable
from core.games import registry
from core.session import GameSession, Seat
from tests.test_app_card import walk


class MemoryStore:
    """Just enough of core.store for AppState (settings only)."""

    def __init__(self):
        self.settings = {}

    def get_setting(self, key, default=None):
        return self.settings.get(key, default)

    def set_setting(self, key, value):
        self.settings[key] = value


def loadable():
    out = []
    for name in registry.names():
        try:
            registry.get(name)
        except Exception:
            continue
        out.append(name)
    return out


def stub_ui(lang: str, wide: bool) -> SimpleNamespace:
    return SimpleNamespace(t=lambda key, **kw: i18n.t(key, lang, **kw), card_size="large" if wide else "small",
                           wide=wide, page=SimpleNamespace(height=800, width=1024 if wide else 390),
                           snack=lambda *a, **k: None, navigate=lambda r: None, bot_future=None)


def strings(value) -> set[str]:
    """Every string anywhere in a JSON value (a view's cards among them)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


def shown_cards(control) -> set[str]:
    """Every card a control tree names (Semantics identifiers ``card-XX``)."""
    return {c.identifier[5:] for c in walk(control)
            if isinstance(c, ft.Semantics) and (c.identifier or "").startswith("card-")}


@pytest.mark.parametrize("wide", [False, True])
@pytest.mark.parametrize("game", loadable() or ["none"])
def test_a_whole_game_can_be_drawn_and_shows_only_what_the_seat_may_see(game, wide):
    if game == "none":
        pytest.skip("no engine in this build yet")
    g = registry.get(game)
    n = g.info.min_players
    seats = [Seat("human", "Anna", None)] + [Seat("bot", f"Bot {i}", None, "random") for i in range(1, n)]
    session = GameSession.start(game, seats, seed=11)
    state = AppState(MemoryStore(), "de")
    state.ui = stub_ui("de", wide)
    table = GenericTable(state, session)
    rng = random.Random(5)
    for step in range(400):
        content = ft.Column(table.build_content())
        seat = table.viewer()
        if seat is not None and not session.over:
            visible = strings(session.view(seat))
            # anything drawn as a face must be in the seat's view (never a hidden card's face)
            assert shown_cards(content) <= visible
        if session.over:
            break
        legal = session.legal()
        session.apply(legal[rng.randrange(len(legal))])
    assert session.over, "a random game should end within 400 actions"
    final = ft.Column(table.build_content())
    texts = [c.value for c in walk(final) if isinstance(c, ft.Text)]
    assert any("gewinn" in (t or "") or "Niemand" in (t or "") for t in texts)


@pytest.mark.skipif("thronfolge" not in loadable(), reason="Thronfolge engine not in this build yet")
def test_two_people_at_one_device_hand_it_over_before_a_hand_is_shown():
    session = GameSession.start("thronfolge", [Seat("human", "Anna"), Seat("human", "Ben")], seed=3)
    state = AppState(MemoryStore(), "de")
    state.ui = stub_ui("de", False)
    table = GenericTable(state, session)
    first = session.to_move
    hidden = ft.Column(table.build_content())
    assert shown_cards(hidden) <= set(session.view(None)["line"])  # only the public line, if anything
    assert any("Gib das Gerät an" in (c.value or "") for c in walk(hidden) if isinstance(c, ft.Text))
    table.revealed_for = first
    shown = ft.Column(table.build_content())
    assert set(session.view(first)["hands"][first]) <= shown_cards(shown)


def test_a_broken_table_module_falls_back_to_the_generic_table(monkeypatch):
    from app import tables
    from app.tables import generic

    monkeypatch.setitem(tables.TABLES, "thronfolge", "app.tables.no_such_module:build")
    assert tables.builder_for("thronfolge") is generic.build
    marker = lambda app_state, session: "dedicated"  # noqa: E731
    tables.register("deck-of-spies", marker)
    try:
        assert tables.builder_for("deck-of-spies") is marker
    finally:
        tables._direct.pop("deck-of-spies", None)
