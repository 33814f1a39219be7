"""The generic table: plays any registered game from its view and legal actions.

It knows no rules. It draws the fields of ``session.view(seat)`` (card lists as
cards, per-seat lists per player, numbers as chips), lists the legal actions as
buttons, and lets a tap on a hand card narrow the buttons to the actions that
use it. Dedicated tables replace it game by game (``app.tables.TABLES``).
"""

from __future__ import annotations

import re
from typing import Any

import flet as ft

from app import theme
from app.tables.kit import end_sheet, seats
from app.tables.kit.table import Table, mount
from app.widgets import card as card_widget
from core import cards

CARD_TOKEN = re.compile(r"\b([A2-9TJQK][CDHSLTBR])\b")
COMMON = {"game", "version", "seed", "options", "players", "to_move", "over", "result", "ply", "viewer"}
HAND_KEYS = ("hands", "hand")
SEAT_KEYS = ("starter", "dealer", "leader", "potentat")  # numbers that name a seat
MAX_ACTIONS = 40  # beyond this, ask the player to pick a card first


def is_card_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(c, str) and (c == cards.UNKNOWN or cards.is_card(c))
                                           for c in value)


def action_text(action: Any, t, lang: str) -> str:
    """An action's notation made readable: verbs translated, cards as ``10♠``."""
    words = str(action).split()
    out = []
    for w in words:
        if CARD_TOKEN.fullmatch(w):
            out.append(card_widget.short_text(w, lang))
        else:
            out.append(t(f"verb.{w}", _default=w))
    text = " ".join(out)
    return text[:1].upper() + text[1:]


def action_cards(action: Any) -> set[str]:
    return set(CARD_TOKEN.findall(str(action)))


class GenericTable(Table):
    def __init__(self, app_state: Any, session: Any) -> None:
        super().__init__(app_state, session)
        self.selected: set[str] = set()

    # --- drawing --------------------------------------------------------------------------

    def redraw(self, events: list[dict[str, Any]] | None = None) -> None:
        self.show(self.build_content())
        try:
            self.push()
        except Exception:  # not on the page (yet, or any more): the next build shows it
            pass

    def seat_name(self, i: int) -> str:
        return self.name(i)

    def status(self, seat: int | None) -> ft.Control:
        pill = seats.turn_pill(self.t, self.session, self.driver, seat, self.name)
        return ft.Container(
            ft.Row([pill, ft.Container(expand=True),
                    ft.Text(self.t("play.move", n=self.session.state.get("ply", 0)), color=theme.IVORY, size=12,
                            opacity=0.75)],
                   spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            padding=ft.Padding.symmetric(horizontal=16, vertical=10),
            bgcolor=ft.Colors.with_opacity(0.25, "#000000"))

    def zone(self, title: str, body: ft.Control) -> ft.Control:
        return ft.Container(
            ft.Column([ft.Text(title.upper(), font_family=theme.SANS_BOLD, size=11, color=theme.GOLD_LIGHT,
                               style=ft.TextStyle(letter_spacing=1.2)), body], spacing=8, tight=True),
            padding=12, border_radius=16, bgcolor=ft.Colors.with_opacity(0.18, "#000000"),
            border=ft.Border.all(1, ft.Colors.with_opacity(0.25, theme.GOLD)))

    def card_row(self, codes: list[str], tappable: bool = False, legal_cards: set[str] | None = None) -> ft.Control:
        size = self.ui.card_size
        back = self.state.settings.card_back
        lang = self.state.lang
        if not codes:
            return ft.Text("—", color=theme.IVORY, opacity=0.6)
        hidden = sum(1 for c in codes if c == cards.UNKNOWN)
        if hidden > 3 and not tappable:
            # A face-down pile: one back with a count, then whatever is face up (e.g. its top).
            known = [c for c in codes if c != cards.UNKNOWN]
            pile: list[ft.Control] = [card_widget.card_back(lang, size, back, count=hidden)]
            pile += [card_widget.card_view(c, lang, size, back) for c in known[-3:]]
            if not known:
                pile.append(ft.Text(self.t("play.cards", n=hidden), color=theme.IVORY, opacity=0.8))
            return ft.Row(pile, spacing=12, wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        if len(codes) > 12 and not tappable:
            # Long public lists read better as compact text than as a wall of cards.
            return ft.Row([ft.Container(
                ft.Text(card_widget.short_text(c, lang), size=13, font_family=theme.SANS_BOLD,
                        color=card_widget.ink(c)),
                bgcolor=theme.IVORY, border_radius=6, padding=ft.Padding.symmetric(horizontal=6, vertical=3))
                for c in codes], wrap=True, spacing=4, run_spacing=4)
        views = []
        for c in codes:
            on_tap = self.toggle if tappable and c != cards.UNKNOWN else None
            # A glow only tells something when some cards cannot be used.
            informative = bool(legal_cards) and not all(x in legal_cards for x in codes)
            highlighted = bool(tappable and informative and c in legal_cards and c not in self.selected)
            disabled = bool(tappable and legal_cards is not None and c not in legal_cards)
            views.append(card_widget.card_view(c, lang, size, back, selected=c in self.selected,
                                               highlighted=highlighted, disabled=disabled, on_tap=on_tap))
        return ft.Row(views, wrap=True, spacing=6, run_spacing=8)

    def value_text(self, value: Any) -> str:
        if isinstance(value, bool):
            return "✓" if value else "✗"
        return str(value)

    def fields(self, view: dict[str, Any], seat: int | None,
               legal_cards: set[str] | None) -> tuple[list[ft.Control], list[ft.Control], ft.Control | None]:
        """The view drawn as (chips for numbers, zones for card lists, the viewer's hand)."""
        n = self.session.state["players"]
        zones: list[tuple[int, ft.Control]] = []  # (order, zone): face-up cards first
        hand_zone: ft.Control | None = None
        chips: list[ft.Control] = []
        for key, value in view.items():
            if key in COMMON:
                continue
            label = self.t(f"field.{key}", _default=key.replace("_", " ").capitalize())
            if isinstance(value, list) and len(value) == n and n > 1 and all(
                    isinstance(v, (list, bool, int, float, str)) for v in value) and not is_card_list(value):
                # one entry per seat
                if all(isinstance(v, list) and is_card_list(v) for v in value):
                    for i, v in enumerate(value):
                        mine = i == seat
                        title = f"{label} · {self.seat_name(i)}"
                        if key in HAND_KEYS and mine:
                            hand_zone = self.zone(self.t("play.your_hand"),
                                                  self.card_row(v, tappable=True, legal_cards=legal_cards))
                        else:
                            zones.append((self.order(v), self.zone(title, self.card_row(v))))
                else:
                    chips.append(self.chip(label, " · ".join(
                        f"{self.seat_name(i)} {self.value_text(v)}" for i, v in enumerate(value))))
            elif is_card_list(value):
                if key in HAND_KEYS:
                    hand_zone = self.zone(self.t("play.your_hand"),
                                          self.card_row(value, tappable=True, legal_cards=legal_cards))
                else:
                    zones.append((self.order(value), self.zone(label, self.card_row(value))))
            elif isinstance(value, dict):
                for k2, v2 in value.items():
                    l2 = self.t(f"field.{k2}", _default=k2.replace("_", " "))
                    if is_card_list(v2):
                        zones.append((self.order(v2), self.zone(f"{label} · {l2}", self.card_row(v2))))
                    elif isinstance(v2, (str, int, float, bool)):
                        chips.append(self.chip(f"{label} · {l2}", self.value_text(v2)))
            elif isinstance(value, (str, int, float, bool)):
                if isinstance(value, str) and cards.is_card(value):
                    zones.append((0, self.zone(label, self.card_row([value]))))
                elif key in SEAT_KEYS and isinstance(value, int) and not isinstance(value, bool) \
                        and 0 <= value < n:
                    chips.append(self.chip(label, self.seat_name(value)))
                else:
                    chips.append(self.chip(label, self.value_text(value)))
        zones.sort(key=lambda z: z[0])  # stable: the view's own order within each group
        return chips, [z for _, z in zones], hand_zone

    @staticmethod
    def order(codes: list[str]) -> int:
        """Face-up cards matter most on a small screen; empty spots next; face-down piles last."""
        if not codes:
            return 1
        return 0 if any(c != cards.UNKNOWN for c in codes) else 2

    def chip(self, label: str, value: str) -> ft.Control:
        return ft.Container(
            ft.Row([ft.Text(label, size=12, color=theme.GOLD_LIGHT),
                    ft.Text(value, size=13, color=theme.IVORY, font_family=theme.SANS_BOLD)], spacing=6,
                   tight=True),
            padding=ft.Padding.symmetric(horizontal=10, vertical=6), border_radius=20,
            bgcolor=ft.Colors.with_opacity(0.25, "#000000"))

    def actions_panel(self, legal: list[Any]) -> ft.Control:
        shown = [a for a in legal if self.selected <= action_cards(a)]
        buttons: list[ft.Control] = []
        for a in shown[:MAX_ACTIONS]:
            buttons.append(ft.Button(
                action_text(a, self.t, self.state.lang), on_click=lambda e, act=a: self.act(act),
                style=ft.ButtonStyle(bgcolor=theme.GOLD, color=theme.FELT_DARK,
                                     text_style=ft.TextStyle(font_family=theme.SANS_BOLD, size=14),
                                     shape=ft.RoundedRectangleBorder(radius=12),
                                     padding=ft.Padding.symmetric(horizontal=16, vertical=12))))
        body: list[ft.Control] = [ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)]
        if len(shown) > MAX_ACTIONS:
            body.append(ft.Text(self.t("play.more_actions", n=len(shown) - MAX_ACTIONS), color=theme.IVORY,
                                size=12.5))
        if self.selected:
            body.append(ft.TextButton(self.t("play.clear_selection"), on_click=lambda e: self.clear(),
                                      style=ft.ButtonStyle(color=theme.GOLD_LIGHT)))
        elif any(action_cards(a) for a in legal):
            body.append(ft.Text(self.t("play.tap_hint"), color=theme.IVORY, size=12.5, opacity=0.8))
        if self.message:
            body.append(ft.Text(self.message, color="#ffb4ab", size=13))
        return self.zone(self.t("play.actions"), ft.Column(body, spacing=8, tight=True))

    def result_panel(self) -> ft.Control:
        s = self.session
        out = s.outcome
        reason = self.t(f"reason.{s.game.name}.{out.reason}", _default="") if out else ""
        return ft.Column([
            end_sheet.result_card(end_sheet.headline(self.t, s, self.name), reason,
                                  [end_sheet.score_lines(s, self.name)]),
            *([b] if (b := self.end_buttons()) else []),
        ], spacing=12, tight=True)

    def build_content(self) -> list[ft.Control]:
        s = self.session
        seat = self.viewer()
        curtain = self.curtain(seat)
        if curtain is not None:
            return [self.status(None), ft.Container(curtain, expand=True, alignment=ft.Alignment.CENTER)]
        my_turn = self.my_turn(seat)
        legal = s.legal() if my_turn else []
        legal_cards = set().union(*(action_cards(a) for a in legal)) if legal else None
        view = s.view(seat)
        chips, zones, hand = self.fields(view, seat, legal_cards if my_turn else None)
        middle: list[ft.Control] = []
        if s.over:
            middle.append(self.result_panel())
        if chips:
            middle.append(ft.Row(chips, wrap=True, spacing=8, run_spacing=8))
        if self.ui.wide and len(zones) > 1:
            middle.append(ft.ResponsiveRow([ft.Container(z, col={"xs": 12, "md": 6}) for z in zones],
                                           spacing=12, run_spacing=12))
        else:
            middle += zones
        pad = 24 if self.ui.wide else 12
        out: list[ft.Control] = [
            self.status(seat),
            ft.Container(ft.Column(middle, spacing=12, scroll=ft.ScrollMode.AUTO, expand=True,
                                   horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                         padding=ft.Padding.only(left=pad, right=pad, top=12, bottom=12), expand=True),
        ]
        # The viewer's hand and choices stay pinned at the bottom, like a hand held at a table.
        bottom = [c for c in (hand, self.actions_panel(legal) if my_turn else None) if c is not None]
        if bottom:
            if self.ui.wide and len(bottom) == 2:
                # Landscape: hand and choices side by side, so the table keeps its height.
                panel: ft.Control = ft.ResponsiveRow(
                    [ft.Container(bottom[0], col={"xs": 12, "md": 6}),
                     ft.Container(bottom[1], col={"xs": 12, "md": 6})], spacing=12, run_spacing=10)
            else:
                panel = ft.Column(bottom, spacing=10, tight=True, scroll=ft.ScrollMode.AUTO,
                                  horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
            out.append(ft.Container(
                panel,
                padding=ft.Padding.only(left=pad, right=pad, top=12, bottom=14),
                bgcolor=ft.Colors.with_opacity(0.35, "#000000"),
                border=ft.Border.only(top=ft.BorderSide(2, theme.GOLD))))
        return out

    # --- input ------------------------------------------------------------------------------

    def toggle(self, card: str) -> None:
        self.message = None
        if card in self.selected:
            self.selected.discard(card)
        else:
            self.selected.add(card)
            if not any(self.selected <= action_cards(a) for a in self.session.legal()):
                # no action uses this combination: start over from this card
                self.selected = {card}
        self.redraw()

    def clear(self) -> None:
        self.selected.clear()
        self.redraw()

    def act(self, action: Any) -> None:
        self.selected.clear()
        super().act(action)

    def control(self) -> ft.Control:
        self.show(self.build_content())
        return ft.Container(self.root, expand=True, gradient=theme.TABLE_GRADIENT)


def build(app_state: Any, session: Any) -> ft.Control:
    return mount(app_state, GenericTable(app_state, session))
