"""The playing-card widget shared by all games, and the one map from a card to its picture.

A card is drawn from its notation (``"TS"``), never from an image per card: an
ivory face with the rank index and the suit symbol as a shipped SVG. A hidden
card (``"??"``) is only ever drawn as a back, and its accessible name is
"Hidden card" / "Verdeckte Karte" — the face of a card the viewer may not see never
reaches any control.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import flet as ft

from app import text_fit, theme
from core import cards

FACE_RANKS = frozenset("JQK")

# Card back designs (assets/backs/<key>.svg).
BACKS = ("royal", "crimson", "midnight")


@dataclass(frozen=True)
class Mark:
    """A card's role in its game, printed on the card: ``+3`` (a gain), ``−2`` (a loss), ``♛``.

    ``spoken`` is added to the card's name for screen readers ("Favour +3").
    """

    text: str
    tone: str  # "gain", "loss", "crown" or "value"
    spoken: str = ""
    short: str = ""  # what the mark shows where ``text`` has no room (a card's strip in a fanned hand)


MARK_COLOURS = {"gain": ("#1d7a45", theme.IVORY), "loss": (theme.BURGUNDY, theme.IVORY),
                "crown": (theme.GOLD, theme.FELT_DARK), "value": (theme.FELT_DARK, theme.GOLD_LIGHT)}


@dataclass(frozen=True)
class CardSize:
    width: int
    height: int
    index: float  # rank font size in the corner
    corner_suit: int
    pip: int
    radius: int


SIZES = {
    # small is for phones: 52 px wide keeps five cards in a row on a 360 px screen and
    # stays above the 48 px minimum touch target.
    "small": CardSize(52, 74, 15, 12, 26, 7),
    "medium": CardSize(64, 90, 18, 14, 32, 8),
    "large": CardSize(80, 112, 22, 17, 40, 10),
}


def size_for_width(width: float | None) -> str:
    """Card size for a screen width: small on phones, large on tablets and desktops."""
    if not width or width < 520:
        return "small"
    if width < 900:
        return "medium"
    return "large"


# --- the one place that maps cards to pictures ---------------------------------------------


def suit_asset(suit: str) -> str:
    """The SVG of a suit: ♠♥♦♣ (S H D C) or Rosenkrieg's Löwen/Türme/Bäume/Rosen (L T B R)."""
    if suit not in "SHDCLTBR" or len(suit) != 1:
        raise ValueError(f"no picture for suit {suit!r}")
    return f"suits/{suit}.svg"


def back_asset(design: str) -> str:
    return f"backs/{design if design in BACKS else BACKS[0]}.svg"


# Rosenkrieg's suits as the French suits of a Skat deck, for people playing along with one
# (RULINGS ): Rosen are Herzblatt's trumps, hearts; Löwen spades (the König der Löwen is
# K♠); Türme diamonds; Bäume clubs. Red towers and roses stay red, lions and trees dark.
FRENCH_FOR = {"L": "S", "T": "D", "B": "C", "R": "H"}


def as_french(card: str) -> str:
    """The Skat-deck card a Rosenkrieg card stands for (``KL`` -> ``KS``); others unchanged."""
    return card[0] + FRENCH_FOR[card[1]] if len(card) == 2 and card[1] in FRENCH_FOR else card


def label(card: str, lang: str) -> str:
    """The accessible name of a card ("Pik Zehn" / "Ten of Spades"; "Verdeckte Karte")."""
    return cards.name(card, lang)


def short_text(card: str, lang: str) -> str:
    """A compact written form for action texts: ``10♠``; Rosenkrieg suits by initial."""
    if card == cards.UNKNOWN:
        return "?"
    rank = cards.index_label(card, lang)
    return rank + cards.SUIT_SYMBOLS.get(card[1], card[1])


def ink(card: str) -> str:
    return theme.CARD_RED if cards.is_red(card) else theme.INK


# --- drawing ----------------------------------------------------------------------------------


MARK_LEFT, MARK_PAD, MARK_BORDER = 3, 4, 1


def mark_width(text: str, sz: CardSize, left: float = MARK_LEFT) -> float:
    """How far a mark reaches from the card's left edge."""
    size = max(11.0, sz.index * 0.72)
    return left + 2 * (MARK_PAD + MARK_BORDER) + text_fit.width(text, theme.SANS_BOLD, size)


def _mark(mark: Mark, sz: CardSize, room: float | None = None, top_left: float | None = None) -> ft.Control:
    """The mark at the card's lower left, or at its top beside the corner index (``top_left``: from
    the left edge) where a card below covers the lower part; its short form when ``room`` (the
    width of the card that shows) is too narrow for its text."""
    bg, fg = MARK_COLOURS.get(mark.tone, MARK_COLOURS["gain"])
    size = max(11.0, sz.index * 0.72)  # never below 11 px, even on the smallest cards
    left = MARK_LEFT if top_left is None else top_left
    text = mark.text
    if room is not None and mark.short and mark_width(mark.text, sz, left) > room:
        text = mark.short
    place = dict(left=left, bottom=3) if top_left is None else dict(left=left, top=3)
    return ft.Container(
        ft.Text(text, size=size, font_family=theme.SANS_BOLD, color=fg, style=ft.TextStyle(height=1.0)),
        bgcolor=bg, border_radius=6, padding=ft.Padding.symmetric(horizontal=MARK_PAD, vertical=2),
        border=ft.Border.all(MARK_BORDER, theme.IVORY), **place)


def _face(card: str, lang: str, sz: CardSize, mark: Mark | None = None, mark_room: float | None = None,
          mark_top: bool = False) -> ft.Control:
    colour = ink(card)
    rank = cards.index_label(card, lang)
    suit_img = suit_asset(card[1])
    large = sz.width >= SIZES["large"].width
    corner = ft.Column(
        [ft.Text(rank, font_family=theme.SANS_BOLD, size=sz.index, color=colour,
                 style=ft.TextStyle(height=1.0, letter_spacing=-1 if len(rank) > 1 else 0)),
         ft.Image(src=suit_img, width=sz.corner_suit, height=sz.corner_suit)],
        spacing=1, horizontal_alignment=ft.CrossAxisAlignment.CENTER, tight=True)
    layers: list[ft.Control] = []
    if card[0] in FACE_RANKS:
        # Court cards: a gold-framed panel with the rank in the display face.
        layers.append(ft.Container(
            left=sz.width * 0.3, top=sz.height * 0.24, width=sz.width * 0.62, height=sz.height * 0.68,
            border=ft.Border.all(1.5, theme.GOLD), border_radius=sz.radius - 2,
            bgcolor="#f6ecd2", alignment=ft.Alignment.CENTER,
            content=ft.Column([
                ft.Text(rank, font_family=theme.DISPLAY, size=sz.pip * 0.85, color=colour,
                        style=ft.TextStyle(height=1.0)),
                ft.Image(src=suit_img, width=sz.pip * 0.55, height=sz.pip * 0.55)],
                spacing=2, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                alignment=ft.MainAxisAlignment.CENTER)))
    elif large:
        # Room for a real card's layout: the pip in the middle, the index mirrored below.
        layers.append(ft.Container(
            left=(sz.width - sz.pip) / 2, top=(sz.height - sz.pip) / 2,
            content=ft.Image(src=suit_img, width=sz.pip, height=sz.pip)))
    else:
        layers.append(ft.Container(
            right=sz.width * 0.1, bottom=sz.height * 0.1,
            content=ft.Image(src=suit_img, width=sz.pip, height=sz.pip)))
    layers.append(ft.Container(corner, left=4, top=4))
    if large and card[0] not in FACE_RANKS:
        layers.append(ft.Container(corner, right=4, bottom=4, rotate=ft.Rotate(math.pi)))
    if mark is not None:
        index = text_fit.width(rank, theme.SANS_BOLD, sz.index, -1 if len(rank) > 1 else 0)
        beside = 4 + max(index, sz.corner_suit) + 4  # right of the corner index
        layers.append(_mark(mark, sz, mark_room, beside if mark_top else None))
    return ft.Stack(layers, width=sz.width, height=sz.height)


def _back(design: str, sz: CardSize) -> ft.Control:
    return ft.Image(src=back_asset(design), width=sz.width, height=sz.height, fit=ft.BoxFit.FILL,
                    border_radius=sz.radius)


def card_view(card: str, lang: str, size: str = "medium", back: str = BACKS[0], *,
              selected: bool = False, highlighted: bool = False, disabled: bool = False,
              on_tap: Callable[[str], None] | None = None, key: str | None = None,
              mark: Mark | None = None, french: bool = False, tappable: bool = False,
              mark_room: float | None = None, mark_top: bool = False,
              on_refused: Callable[[str], None] | None = None) -> ft.Control:
    """One card, face up (or a back for ``"??"``), wrapped in Semantics for screen readers.

    ``selected`` lifts the card with a gold outline, ``highlighted`` adds a glow for a
    legal target, ``disabled`` dims it and ignores taps, ``mark`` prints the card's role
    in its game on the face (never on a back), in its short form when ``mark_room`` px of the card
    show (the next card of a hand lies over the rest) and its text needs more, at the top beside the
    corner index with ``mark_top`` (a card of a hand's lower row covers the lower part). ``french`` draws (and names) a Rosenkrieg
    card as the Skat-deck card it stands for; taps and the test id keep the card's own code.
    ``tappable``: a card the player taps at times (a card of their hand) reads as a button
    even while ``on_tap`` is None. Its role then never changes, so a redraw changes the card
    in place: Flutter's web client makes a node whose role changes anew (``kit.morph``).
    ``on_refused``: what a tap on a card that cannot be used now does instead (it says why), for a
    card drawn ``disabled`` or without ``on_tap``.
    """
    sz = SIZES.get(size, SIZES["medium"])
    hidden = card == cards.UNKNOWN
    if not hidden:
        cards.parse(card)  # fail loudly on a bad code rather than draw nonsense
    if selected:
        border = ft.Border.all(3, theme.GOLD)
    elif hidden:
        border = None
    else:
        border = ft.Border.all(1, "#cfc4a8")
    shadows = [ft.BoxShadow(blur_radius=4, spread_radius=0, offset=ft.Offset(0, 2),
                            color=ft.Colors.with_opacity(0.35, "#000000"))]
    if highlighted:
        shadows.append(ft.BoxShadow(blur_radius=14, spread_radius=2, color=theme.GOLD_LIGHT))
    tap = None
    if on_tap is not None and not disabled:
        def tap(e, _card=card):
            on_tap(_card)
    elif on_refused is not None:
        def tap(e, _card=card):
            on_refused(_card)
    face = ft.Container(
        content=(_back("royal" if back not in BACKS else back, sz) if hidden
                 else _face(as_french(card) if french else card, lang, sz, mark, mark_room, mark_top)),
        width=sz.width, height=sz.height, border_radius=sz.radius, border=border,
        bgcolor=None if hidden else theme.IVORY, shadow=shadows,
        clip_behavior=ft.ClipBehavior.ANTI_ALIAS,
        opacity=0.45 if disabled else 1.0,
        offset=ft.Offset(0, -0.1) if selected else ft.Offset(0, 0),
        animate_offset=ft.Animation(160, ft.AnimationCurve.EASE_OUT),
        on_click=tap, ink=False,
    )
    name = label(as_french(card) if french else card, lang)
    spoken = name + (f", {mark.spoken}" if mark is not None and mark.spoken and not hidden else "")
    return ft.Semantics(
        label=spoken, button=tappable or on_tap is not None or on_refused is not None,
        selected=selected if on_tap or tappable or on_refused else None,
        # The face's own texts ("10", suit images) would be read after the name; the
        # name already says everything.
        exclude_semantics=True,
        identifier=None if hidden else f"card-{card}",
        key=key, content=face)


def card_slot(size: str = "medium") -> ft.Control:
    """The place a card left, while it is dragged: a faint outline of its size (one control,
    where a faded copy of the card would be a dozen in every hand card's drag)."""
    sz = SIZES.get(size, SIZES["medium"])
    return ft.Container(width=sz.width, height=sz.height, border_radius=sz.radius,
                        bgcolor=ft.Colors.with_opacity(0.5, theme.IVORY),
                        border=ft.Border.all(1.5, theme.IVORY))


def card_back(lang: str, size: str = "medium", back: str = BACKS[0], count: int | None = None) -> ft.Control:
    """A face-down pile: one back with an optional count badge ("Hidden card" to readers)."""
    sz = SIZES.get(size, SIZES["medium"])
    pile = card_view(cards.UNKNOWN, lang, size, back)
    if count is None:
        return pile
    badge = ft.Container(
        ft.Text(str(count), font_family=theme.SANS_BOLD, size=12, color=theme.FELT_DARK),
        bgcolor=theme.GOLD, border_radius=10, padding=ft.Padding.symmetric(horizontal=7, vertical=2),
        right=-6, top=-6)
    return ft.Stack([ft.Container(pile, left=0, top=0), badge], width=sz.width + 6, height=sz.height + 6,
                    clip_behavior=ft.ClipBehavior.NONE)
