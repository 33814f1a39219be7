"""The Rosenkrieg table's help: the hint (the strongest computer's move and why) and refused taps.

``Help`` is a mixin for ``RosenkriegTable``, before ``Pieces``: it puts the hint button beside
the action bar and the hint (or "a moment …") in the table's guidance line. The move comes
from the kit's ``Hints`` (``session.hint()``: the hard bot, off the UI loop, counted as help),
its reason from ``advice`` (the player's view only). A tap on a card that may not be played now is refused
through the kit's ``Table.refuse``: the table says why and nothing else changes.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from app.tables.kit import hint as kit_hint
from app.tables.kit.hint import Hints
from app.tables.rosenkrieg import advice as adv
from app.tables.rosenkrieg import help_strings  # noqa: F401  (registers the strings)
from app.tables.rosenkrieg import model
from core import cards as C
from core.games import rosenkrieg as rk


class Help:
    """The hint and the explained refusals."""

    advice: adv.Advice | None = None

    # --- the hint ------------------------------------------------------------------------------

    @property
    def hints(self) -> Hints:
        h = self.__dict__.get("_hints")
        if h is None:
            h = self.__dict__["_hints"] = Hints(self)
        return h

    @property
    def advice_busy(self) -> bool:
        return self.hints.busy

    def current_advice(self) -> adv.Advice | None:
        """The hint while it still fits the position (a move later it is gone)."""
        a = self.advice
        return a if a is not None and a.ply == len(self.session.actions) else None

    def can_hint(self) -> bool:
        return not self.read_only and self.my_turn(self.viewer()) and self.shown_trick is None \
            and self.sheet is None

    def ask_hint(self) -> None:
        """The strongest computer's move for the person to move, worked out off the UI loop."""
        if self.advice_busy or not self.can_hint():
            return
        self.hurry()
        self.advice = None
        self.message = None
        if self.hints.ask(self.show_advice):
            self.draw()  # "a moment …"

    def show_advice(self, action: Any, _bot_reason: str = "") -> adv.Advice:
        """Show a suggestion: its cards picked and lit on the table, the reason in the guidance line
        (worded from the player's view; the bot's own English line is not shown)."""
        seat = self.viewer()
        view = self.session.view(seat)
        a = adv.advise(view, seat, action, len(self.session.legal()), ply=len(self.session.actions))
        self.advice = a
        self.selected = list(a.cards)
        return a

    def advice_words(self, a: adv.Advice) -> str:
        def suit(s: str) -> str:
            return model.FRENCH_SYMBOL[s] if self.french else C.SUIT_NAMES.get(self.lang, C.SUIT_NAMES["en"])[s]

        return adv.advice_text(a, self.t, self.card_text, self.name, suit)

    def hint(self, view: dict[str, Any], seat: int | None) -> ft.Control | None:
        """The guidance line: "a moment …" while the hint is worked out, then the hint; else as before."""
        if self.advice_busy:
            return kit_hint.thinking_line(self.t("hint.thinking"), ident="rk-hint-text")
        a = self.current_advice()
        if a is not None and not self.message:
            return kit_hint.hint_box(self.advice_words(a), ident="rk-hint-text")
        return super().hint(view, seat)

    def action_bar(self, view: dict[str, Any], seat: int | None, my_turn: bool) -> ft.Control | None:
        """The table's buttons with the hint beside them (not in a replay, nor off the person's turn)."""
        bar = super().action_bar(view, seat, my_turn)
        if bar is None or self.read_only:
            return bar
        button = kit_hint.hint_button(self.t("hint.ask"), self.ask_hint, lit=self.current_advice() is not None,
                                      busy=self.advice_busy, ident="rk-hint")
        return ft.Row([ft.Container(bar, expand=True), button], spacing=10,
                      vertical_alignment=ft.CrossAxisAlignment.END)

    # --- refused taps ---------------------------------------------------------------------------

    def refused_card(self, card: str) -> None:
        """A tap on a hand card that cannot be played now: the table says why; nothing else changes."""
        self.hurry()
        wait = self.waiting_reason()
        if wait is not None:
            self.refuse(wait, told=True)
            return
        view = self.session.view(self.viewer())
        phase = view["phase"]
        if phase == "declare":
            why = self.t("rk.why.declare_first")
        else:
            rule = model.follow_rule(view, self.viewer())
            if rule is not None:
                key = {"trump": "rk.rule_trump", "must_trump": "rk.rule_must_trump"}.get(rule, "rk.rule_follow")
                why = self.t(key, suit=C.SUIT_NAMES.get(self.lang, C.SUIT_NAMES["en"]).get(rule, ""))
            else:
                why = self.explain(self.session.why_illegal(rk.Play(card)) or "")
        self.selected = []
        self.refuse(self.t("rk.refused", card=self.card_text(card), why=why), told=True)
