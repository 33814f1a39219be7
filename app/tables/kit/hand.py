"""The player's hand: sized to the screen, tap to select, playable cards lit, refusals explained.

The hand knows no rules: the table passes the cards that may be used now (from the
engine's legal actions) and what a tap does. Every card control is keyed by card and
role (``TS-hand``), so a rebuild finds it again and Flet sends only what changed, and a
card that moves from the hand to the table gets a fresh control with the right
identifier (FLET-NOTES section 7).
"""

from __future__ import annotations

from typing import Callable, Collection

import flet as ft

from app.tables.kit.drag import DragLights, draggable
from app.tables.kit.motion import Slides
from app.tables.kit.style import IVORY_SOFT, NEGATIVE
from app.widgets import card as card_widget
from core import cards

SIZES_LARGEST_FIRST = ("large", "medium", "small")


def card_size(width: float, n: int, spacing: float = 6, largest: str = "large") -> str:
    """The largest card size at most ``largest`` whose row of ``n`` cards fits in ``width``."""
    sizes = SIZES_LARGEST_FIRST[SIZES_LARGEST_FIRST.index(largest):]
    for size in sizes:
        if n * card_widget.SIZES[size].width + max(0, n - 1) * spacing <= width:
            return size
    return sizes[-1]


def hand_card(card: str, lang: str, size: str, back: str, *, selected: bool = False, lit: bool = False,
              dim: bool = False, on_tap: Callable[[str], None] | None = None, role: str = "hand",
              face_down: bool = False, mark: card_widget.Mark | None = None, french: bool = False,
              tappable: bool = False, shows: float | None = None, covered_below: bool = False,
              on_refused: Callable[[str], None] | None = None) -> ft.Control:
    """One card of a hand; ``dim`` marks a card that cannot be used now (no tap then, or
    ``on_refused``, which says why); ``french`` and ``tappable`` as in ``card_widget.card_view``.

    The key names the card and its role (``"2C-hand"``), so a card that moves from the hand
    to the table is a new control there, with its own identifier (FLET-NOTES section 7).
    ``face_down`` draws a back for a card on its way into a hidden pile. ``shows``: how many px of
    the card's width are in sight (the next card of an overlapped hand lies over the rest);
    ``covered_below``: a card of the lower row lies over this one's lower part (its mark goes up).
    """
    return card_widget.card_view(cards.UNKNOWN if face_down else card, lang, size, back, selected=selected,
                                 highlighted=lit, disabled=dim, on_tap=on_tap, key=f"{card}-{role}",
                                 mark=None if face_down else mark, french=french, tappable=tappable,
                                 mark_room=shows, mark_top=covered_below, on_refused=on_refused)


def hand_row(hand: list[str], *, lang: str, size: str, back: str, selected: Collection[str] = (),
             playable: Collection[str] | None = None, on_tap: Callable[[str], None] | None = None,
             face_up: bool = True, slides: Slides | None = None, dealt: Collection[str] = (), ms: int = 0,
             empty_text: str = "", spacing: float = 6, drag: DragLights | None = None,
             marks: Callable[[str], card_widget.Mark | None] | None = None,
             on_refused: Callable[[str], None] | None = None) -> ft.Control:
    """A row of hand cards, one card high (keyed ``"TS-hand"``).

    ``playable`` None means no card may be used now (not this player's turn): nothing is
    tappable, nothing lit. Otherwise playable cards are tappable, and lit when some others
    are not (a glow on every card would say nothing). With ``on_tap`` the cards read as
    buttons throughout, so their controls stay the same from turn to turn. ``face_up``
    False draws backs (an onlooker). Cards in ``dealt`` slide in from above when ``slides``
    is given. With ``drag``, playable cards can also be dragged onto the table's drop
    zones (the others' drag is switched off, their controls stay); ``marks`` gives a
    card's role mark in its game (see ``card_widget.Mark``). ``on_refused``: what a tap on a
    card that may not be used now does (the table says why; Rosenkrieg's card that does not
    follow suit): every refused tap explains itself.
    """
    sz = card_widget.SIZES[size]
    if not hand:
        return ft.Container(ft.Text(empty_text, color=IVORY_SOFT, size=13, text_align=ft.TextAlign.CENTER),
                            height=sz.height, alignment=ft.Alignment.CENTER)
    views = _card_controls(hand, lang=lang, size=size, back=back, selected=selected, playable=playable,
                           on_tap=on_tap, face_up=face_up, slides=slides, dealt=dealt, ms=ms, drag=drag, marks=marks,
                           on_refused=on_refused)
    return ft.Row(views, spacing=spacing, alignment=ft.MainAxisAlignment.CENTER,
                  vertical_alignment=ft.CrossAxisAlignment.END)


def _card_controls(hand: list[str], *, lang: str, size: str, back: str, selected: Collection[str],
                   playable: Collection[str] | None, on_tap: Callable[[str], None] | None, face_up: bool,
                   slides: Slides | None, dealt: Collection[str], ms: int, drag: DragLights | None,
                   marks: Callable[[str], card_widget.Mark | None] | None,
                   lit: Collection[str] | None = None, french: bool = False,
                   shows: list[float] | None = None, upper: list[bool] | None = None,
                   on_refused: Callable[[str], None] | None = None) -> list[ft.Control]:
    """One control per hand card, as ``hand_row`` describes them (``lit`` None: the usable ones when
    some are not; ``shows``: each card's width in sight; ``upper``: a card of the upper row of two)."""
    informative = playable is not None and not all(c in playable for c in hand)
    views: list[ft.Control] = []
    for i, c in enumerate(hand):
        if not face_up:
            views.append(card_widget.card_view(cards.UNKNOWN, lang, size, back))
            continue
        usable = playable is not None and c in playable
        glow = (informative and usable) if lit is None else c in lit
        mark = marks(c) if marks else None
        cv = hand_card(c, lang, size, back, selected=c in selected, lit=glow and c not in selected,
                       dim=playable is not None and not usable, on_tap=on_tap if usable else None, mark=mark,
                       french=french, tappable=on_tap is not None, shows=shows[i] if shows else None,
                       covered_below=bool(upper and upper[i]), on_refused=None if usable else on_refused)
        if drag is not None:
            feedback = drag.lifted((c, lang, size, back, mark, french),
                                   lambda c=c, mark=mark: lifted(c, lang, size, back, mark, french))
            cv = draggable(cv, c, feedback, card_widget.card_slot(size), on_start=drag.started, enabled=usable)
        if slides is not None and c in dealt and ms:
            cv = slides.add(cv, {"offset": ft.Offset(0, -0.9), "opacity": 0.0},
                            {"offset": ft.Offset(0, 0), "opacity": 1.0}, ms)
        views.append(cv)
    return views


# px of every card of an overlapped hand that stay in sight, across and (in two rows) down: a
# finger's tap target (44 px at least, test_layout), and room for the corner index and a short mark.
STRIP = 46


def overlap_slots(n: int, width: float, size: str, spacing: float = 6, least: float | None = None
                  ) -> tuple[list[tuple[float, float]], float]:
    """Where ``n`` hand cards go in ``width``: side by side while they fit, else overlapped so each
    card keeps a strip a finger can tap and its corner index shows (a step of at least ``least``:
    half a card, and ``STRIP`` px at least), in two overlapping rows when one row would be tighter
    (the lower row covering the upper one's lower part, ``STRIP`` px of it showing). Returns each
    card's top-left corner and the height the hand needs."""
    sz = card_widget.SIZES[size]
    w, h = sz.width, sz.height
    least = max(w * 0.5, STRIP) if least is None else least
    if n <= 0:
        return [], float(h)

    def row(count: int, y: float) -> list[tuple[float, float]]:
        step = w + spacing if count * w + (count - 1) * spacing <= width else (width - w) / max(1, count - 1)
        x0 = (width - (w + step * (count - 1))) / 2
        return [(x0 + i * step, y) for i in range(count)]

    if n == 1 or (width - w) / (n - 1) >= least or n * w + (n - 1) * spacing <= width:
        return row(n, 0), float(h)
    top = (n + 1) // 2
    dy = max(round(h * 0.5), STRIP)
    return row(top, 0) + row(n - top, dy), float(h + dy)


def in_sight(slots: list[tuple[float, float]], width: float) -> list[float]:
    """How much of each card's width shows, the next card of its row lying over the rest."""
    out = []
    for i, (x, y) in enumerate(slots):
        nxt = next((nx for nx, ny in slots[i + 1:] if ny == y), None)
        out.append(width if nxt is None else min(width, nxt - x))
    return out


def overlap_hand(hand: list[str], *, lang: str, size: str, back: str, width: float,
                 selected: Collection[str] = (), playable: Collection[str] | None = None,
                 lit: Collection[str] | None = None, on_tap: Callable[[str], None] | None = None,
                 face_up: bool = True, slides: Slides | None = None, dealt: Collection[str] = (), ms: int = 0,
                 empty_text: str = "", drag: DragLights | None = None, glide_ms: int = 0,
                 marks: Callable[[str], card_widget.Mark | None] | None = None, french: bool = False,
                 on_refused: Callable[[str], None] | None = None) -> ft.Control:
    """A long hand fitted into ``width`` (``overlap_slots``) as a ``Stack`` of keyed cards.

    The cards behave as in ``hand_row``; ``lit`` chooses the glowing cards when the game knows
    better than "the usable ones". With ``glide_ms`` the cards glide to their new places when the
    hand changes (a card played, one drawn). ``french`` draws Rosenkrieg cards with Skat suits.
    """
    if not hand:
        return hand_row([], lang=lang, size=size, back=back, empty_text=empty_text)
    slots, height = overlap_slots(len(hand), width, size)
    views = _card_controls(hand, lang=lang, size=size, back=back, selected=selected, playable=playable,
                           on_tap=on_tap, face_up=face_up, slides=slides, dealt=dealt, ms=ms, drag=drag,
                           marks=marks, lit=lit, french=french, on_refused=on_refused,
                           shows=in_sight(slots, card_widget.SIZES[size].width),
                           upper=[y < max(sy for _x, sy in slots) for _x, y in slots])
    glide = ft.Animation(glide_ms, ft.AnimationCurve.EASE_OUT_CUBIC) if glide_ms else None
    placed = [ft.Container(v, left=x, top=y, key=f"{c}-slot" if face_up else f"back-{i}-slot", animate_position=glide)
              for i, (c, v, (x, y)) in enumerate(zip(hand, views, slots))]
    return ft.Stack(placed, width=width, height=height, clip_behavior=ft.ClipBehavior.NONE)


def notice(text: str, icon: str = ft.Icons.INFO_OUTLINE, color: str = NEGATIVE, ident: str = "hint",
           size: float = 12.5, max_lines: int = 3) -> ft.Control:
    """One line of guidance or a refusal ("You have already taken this round"), read out as a whole."""
    return ft.Semantics(identifier=ident, label=text, exclude_semantics=True, content=ft.Row([
        ft.Icon(icon, size=16, color=color) if icon else ft.Container(),
        ft.Text(text, size=size, color=color, expand=True, max_lines=max_lines, overflow=ft.TextOverflow.ELLIPSIS)],
        spacing=6, vertical_alignment=ft.CrossAxisAlignment.START))



def lifted(card: str, lang: str, size: str, back: str, mark: card_widget.Mark | None = None,
           french: bool = False) -> ft.Control:
    """A card as it follows the finger: a little larger, with a deeper shadow (read by nobody)."""
    face = card_widget.card_view(card, lang, size, back, mark=mark, french=french)
    return ft.Semantics(exclude_semantics=True, content=ft.Container(
        face, scale=1.08, border_radius=card_widget.SIZES[size].radius,
        shadow=[ft.BoxShadow(blur_radius=18, spread_radius=1, offset=ft.Offset(0, 8),
                             color=ft.Colors.with_opacity(0.5, "#000000"))]))
