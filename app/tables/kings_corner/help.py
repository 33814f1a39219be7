"""The Kings table's help: refused taps that say why, and the hint (the strongest computer's move and why).

``HelpPieces`` is a mixin for ``KingsTable``. Every tap the rules refuse goes through the
kit's ``Table.refuse``: a hand card that fits no pile (which card it would need), a card, a
pile or the talon before the turn's draw, the talon once drawn, anything off the person's
turn (whose turn it is). The hint comes from ``session.hint()`` through the kit's ``Hints``
(off the UI loop, counted as help); ``advice`` words it from the player's view, the table
picks its card or pile so its place lights up, and the guidance line says why.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from app.tables.kings_corner import advice as adv
from app.tables.kings_corner import help_strings  # noqa: F401  (registers the strings)
from app.tables.kings_corner import model
from app.tables.kit import hint as kit_hint
from core import cards as C


class HelpPieces:
    """Refusals and the hint."""

    advice: adv.Advice | None = None

    # --- refused taps ---------------------------------------------------------------------------

    def no_place(self, card: str) -> str:
        """Why ``card`` fits no pile now: the cards it would need on top, or a corner for a king."""
        text = model.card_text(card, self.lang)
        if card[0] == "K":
            return self.t("kc.no_place_king", card=text)
        rank = C.RANKS[C.VALUES[card[0]]]  # one rank higher
        suits = "SC" if C.is_red(card) else "HD"  # the other colour
        a, b = (model.card_text(rank + s, self.lang) for s in suits)
        return self.t("kc.no_place", card=text, need=self.t("kc.either", a=a, b=b))

    def not_now(self, action: str) -> bool:
        """Refuse a tap off the person's turn or before the turn's draw, saying why; False: it may go on."""
        wait = self.waiting_reason()
        if wait is not None:
            self.pick = None
            self.refuse(wait, told=True)
            return True
        if self.read_only or self.session.state.get("phase") != "draw" or action == "draw":
            return False
        self.pick = None
        self.refuse(self.session.why_illegal(action) or "")
        return True

    def refused_card(self, card: str) -> None:
        """A hand card that cannot be used now: not the person's turn, the draw first, or no pile for it."""
        if self.not_now(f"play {card} N"):
            return
        if model.targets(self.session.state["piles"], model.Pick("card", card)):
            self.tap_card(card)  # it fits after all: a drawing from before the draw's rest had come
            return
        self.pick = None
        self.refuse(self.no_place(card), told=True)

    def talon_tapped(self) -> None:
        """The talon: the turn's draw, or why there is none now (already drawn, empty, no drawing)."""
        if self.not_now("draw"):
            return
        reason = self.session.why_illegal("draw")
        if reason is None:
            self.draw()
        else:
            self.refuse(reason)

    # --- the hint -------------------------------------------------------------------------------

    def current_advice(self) -> adv.Advice | None:
        """The hint while it still fits the position (a move later it is gone)."""
        return self.advice if self.hints.current() is not None else None

    def ask_hint(self) -> None:
        """The strongest computer's move for the person to move, worked out off the UI loop."""
        if self.read_only or self.sheet or self.session.over or self.not_now("draw"):
            return
        self.pick, self.message, self.advice = None, None, None
        if self.hints.ask(self.show_advice):
            self.redraw()

    def show_advice(self, action: Any, reason: str) -> adv.Advice:
        """Show a suggestion: its card or pile picked (its place lights up), the reason in the guidance line."""
        seat = self.viewer()
        a = adv.advise(self.session.view(seat), seat, action, reason)
        self.advice = a
        self.pick = a.pick
        return a

    def hint_line(self) -> ft.Control | None:
        """The guidance line while a hint is asked for or shown; None otherwise."""
        if self.hints.busy:
            return kit_hint.thinking_line(self.t("hint.thinking"), ident="kc-hint-text")
        a = self.current_advice()
        if a is None or self.message:
            return None
        return kit_hint.hint_box(adv.advice_text(a, self.t, self.lang), ident="kc-hint-text")

    def hint_button(self, live: bool) -> ft.Control:
        return kit_hint.hint_button(self.t("hint.ask"), self.ask_hint, lit=self.current_advice() is not None,
                                    busy=self.hints.busy, enabled=live, ident="kc-hint")
