"""Sheets over the felt stay readable: the Kings scoreboard dialog (gold on dark green, every
seat's column in sight on a phone) and the way to the ledger after a dynasty for money (a
button that looks like one, not like a disabled one).

Contrast is computed as WCAG does (relative luminance); text needs 4.5 : 1 on what lies
under it. The felt under a sheet is the table's dark green with the sheet's shade on top.
"""

from __future__ import annotations

import random

import flet as ft
import pytest

from app import theme
from app.tables.kit.style import SHADE_DEEP
from core.session import GameSession, Seat
from tests.test_app_card import walk
from tests.test_app_kings_corner_table import make_table as kings_table
from tests.test_app_rosenkrieg_table import by_id, make_table as rosenkrieg_table, people_and_bots, tree_of, until


def rgba(colour: str) -> tuple[float, float, float, float]:
    """``#rrggbb``, ``#aarrggbb`` or Flet's ``colour,opacity`` as (r, g, b, a), 0–1."""
    opacity = 1.0
    if "," in colour:
        colour, op = colour.split(",")
        opacity = float(op)
    h = colour.lstrip("#")
    a = int(h[:2], 16) / 255 if len(h) == 8 else 1.0
    h = h[-6:]
    return int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255, a * opacity


def over(top: str, under: str) -> str:
    """``top`` painted over the opaque ``under``."""
    r, g, b, a = rgba(top)
    R, G, B, _ = rgba(under)
    mix = [a * x + (1 - a) * y for x, y in ((r, R), (g, G), (b, B))]
    return "#" + "".join(f"{round(v * 255):02x}" for v in mix)


def luminance(colour: str) -> float:
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b, _ = rgba(colour)
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(fg: str, bg: str) -> float:
    hi, lo = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_is_computed_as_wcag_does():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast(theme.FELT, theme.FELT_DARK) < 2  # the dark green on the darker one: unreadable
    assert over(SHADE_DEEP, "#ffffff") == "#9e9e9e"


# --- item 2: the Kings scoreboard dialog ------------------------------------------------------------


def kings_in_a_session(players: int) -> GameSession:
    seats = [Seat("human", "Anna")] + [Seat("bot", "Computer", None, "normal") for _ in range(players - 1)]
    return GameSession.start("kings-corner", seats, seed=5, options={"target": 25})


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_scoreboard_dialog_is_gold_on_dark_green_with_every_column_in_sight_on_a_phone(players):
    table = kings_table(kings_in_a_session(players), wide=False, lang="en")
    table.open_board()
    dialog = next(d for kind, d in table.ui.tasks if kind == "dialog")
    assert isinstance(dialog, ft.AlertDialog)
    ground = dialog.bgcolor
    assert dialog.title.color and contrast(dialog.title.color, ground) >= 4.5, "the title is dark on the dark panel"
    close = next(c for c in walk(dialog.actions) if isinstance(c, ft.TextButton))
    assert close.style is not None and close.style.color and contrast(close.style.color, ground) >= 4.5, \
        "'Close' is dark on the dark panel"

    # Every seat's column fits the dialog on a 390 px phone: nothing scrolls sideways, nothing is cut.
    assert not any(isinstance(c, ft.Row) and c.scroll for c in walk(dialog.content))
    box = dialog.content
    side = dialog.inset_padding.left + dialog.inset_padding.right
    pad = dialog.content_padding.left + dialog.content_padding.right
    assert box.width + side + pad <= table.width
    head = next(c for c in walk(box) if isinstance(c, ft.Row))
    used = sum(c.width for c in head.controls) + head.spacing * (len(head.controls) - 1)
    assert len(head.controls) == players + 1 and used <= box.width
    names = [c.content for c in head.controls[1:]]
    assert all(t.max_lines == 2 for t in names), "a name that does not fit its column takes two lines"


def test_the_board_between_rounds_fits_its_sheet():
    session = kings_in_a_session(3)
    rng = random.Random(1)
    while not session.state["rounds"]:
        legal = session.legal()
        session.apply(legal[rng.randrange(len(legal))])
    table = kings_table(session, wide=False, lang="en")
    panel = table.round_sheet(session.view(None))
    board = next(c for c in walk(panel) if isinstance(c, ft.Semantics) and c.identifier == "board")
    head = next(c for c in walk(board) if isinstance(c, ft.Row))
    used = sum(c.width for c in head.controls) + head.spacing * (len(head.controls) - 1)
    assert used <= panel.width - 36  # the panel's padding


# --- item 3: the way to the ledger after a dynasty for money ----------------------------------------


@pytest.mark.parametrize("wide", [False, True])
def test_the_ledger_button_after_a_dynasty_for_money_reads_as_a_button(wide):
    session = GameSession.start("rosenkrieg", people_and_bots(3), seed=13, options={"partien": 1},
                                meta={"stake": {"cents": 25, "currency": "EUR"}})
    until(session, lambda s: s.over)
    table = rosenkrieg_table(session, wide=wide, lang="en")
    link = by_id(tree_of(table))["to-ledger"].content
    assert not link.disabled
    ground = over(SHADE_DEEP, theme.FELT)  # the result card on the table's green
    style = link.style
    assert style is not None and style.color is not None, "no colour of its own: the theme's dark green"
    assert contrast(style.color, ground) >= 4.5
    # Framed like the other buttons on the felt (a gold outline), so it does not read as plain text.
    assert isinstance(link, (ft.OutlinedButton, ft.FilledButton))
    if isinstance(link, ft.OutlinedButton):
        assert style.side is not None and contrast(style.side.color, ground) >= 3
