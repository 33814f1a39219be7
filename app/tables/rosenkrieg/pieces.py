"""The Rosenkrieg table's pieces: the status strip, the seats, the score line, the hand (the trick: ``trick``).

``Pieces`` is a mixin for ``RosenkriegTable``; it draws a view (``model`` reads it) and
knows no rules. The other hands are fans of backs with their counts, the Erbe is two
backs for everybody but the Potentat who laid it away.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from app import fmt, theme
from app.tables.kit import hand as kit_hand
from app.tables.kit import seats as kit_seats
from app.tables.kit.style import (GOLD_FAINT, IVORY_SOFT, NEGATIVE, SHADE, SHADE_DEEP, big_button, caps, chip_button,
                                  signed)
from app.tables.rosenkrieg import model
from app.tables.rosenkrieg.trick import TrickPieces
from app.widgets import card as card_widget
from core import cards as C
from core.games import rosenkrieg as rk

TABLET_MIN_WIDTH = 700
PHONE_MAX_CONTENT = 560
SIDE_PANEL = 290


def chip(text: str, tone: str = "plain", ident: str | None = None) -> ft.Control:
    """A small label on a seat: ``gold`` (Potentat, will), ``plain`` or ``dim`` (passed)."""
    bg, fg = {"gold": (theme.GOLD, theme.FELT_DARK), "plain": (SHADE_DEEP, theme.IVORY),
              "dim": (ft.Colors.with_opacity(0.12, theme.IVORY), IVORY_SOFT)}[tone]
    box = ft.Container(ft.Text(text, size=11.5, font_family=theme.SANS_BOLD, color=fg, no_wrap=True),
                       bgcolor=bg, border_radius=10, padding=ft.Padding.symmetric(horizontal=7, vertical=2))
    return ft.Semantics(identifier=ident, label=text, exclude_semantics=True, content=box) if ident else box


def mini_backs(back: str, n: int) -> ft.Control:
    """``n`` small face-down cards side by side (the Erbe)."""
    return ft.Row([ft.Image(src=card_widget.back_asset(back), width=21, height=30, fit=ft.BoxFit.FILL,
                            border_radius=3) for _ in range(n)], spacing=3, tight=True)


def mini_face(card: str, lang: str, french: bool) -> ft.Control:
    """A card the size of a fan's back, face up: its rank and suit picture (the Potentat's Erbe)."""
    shown = card_widget.as_french(card) if french else card
    return ft.Container(ft.Column([
        ft.Text(C.index_label(card, lang), size=11, font_family=theme.SANS_BOLD, color=card_widget.ink(shown),
                style=ft.TextStyle(height=1.0)),
        ft.Image(src=card_widget.suit_asset(shown[1]), width=11, height=11)],
        spacing=1, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        width=21, height=30, bgcolor=theme.IVORY, border_radius=3, alignment=ft.Alignment.CENTER)


class Pieces(TrickPieces):
    """What the table is drawn from."""

    # --- who is who -----------------------------------------------------------------------

    def eyes(self) -> tuple[int | None, int]:
        """The seat whose view is drawn (None: nobody's hand is shown) and the seat at the bottom."""
        seat = self.viewer()
        if seat is not None and self.needs_handover(seat):
            seat = None
        humans = self.session.humans
        me = seat if seat is not None else (self.revealed_for if self.revealed_for is not None
                                            else humans[0] if humans else 0)
        return seat, me

    def seat_chips(self, view: dict[str, Any], seat: int) -> list[ft.Control]:
        out: list[ft.Control] = []
        if view["potentat"] == seat:
            out.append(chip(self.t("rk.potentat_chip"), "gold", ident=f"potentat-{seat}"))
        if view["phase"] == "declare":
            said = view["declarations"][seat]
            if said is not None:
                out.append(chip(self.t("rk.will" if said else "rk.pass"), "gold" if said else "dim",
                                ident=f"declared-{seat}"))
        if view["dealer"] == seat:
            out.append(chip(self.t("rk.dealer")))
        leader = view["trick"]["leader"]
        if view["phase"] == "play" and leader == seat and self.shown_trick is None:
            out.append(chip(self.t("rk.leads"), ident=f"leads-{seat}"))
        return out

    def partie_ending(self) -> dict[str, Any] | None:
        """The record of the Partie whose last trick is still on the table (None otherwise): the
        engine has dealt the next Partie already, but its turn is not told until the sheet is read."""
        shown = self.shown_trick
        return shown["record"] if shown is not None else None

    def tricks_won(self, view: dict[str, Any], seat: int) -> int:
        return sum(1 for t in view["tricks"] if t["winner"] == seat)

    def opponent_tile(self, view: dict[str, Any], seat: int, width: float) -> ft.Control:
        s = self.session
        to_move = not s.over and s.to_move == seat and self.shown_trick is None
        won_now = self.shown_trick is not None and self.shown_trick["winner"] == seat
        n = len(view["hands"][seat])
        room = width - 16 - 4 - kit_seats.AVATAR - 6  # the tile's padding and border, the avatar
        fan = kit_seats.fitted_fan(self.t, self.name(seat), n, self.back, seat, room)
        taken = self.tricks_won(view, seat)
        body = ft.Column([
            ft.Text(self.name(seat), size=13.5, font_family=theme.SANS_BOLD, color=theme.IVORY, max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS),
            ft.Text(self.tile_subtitle(seat, taken), size=11, color=IVORY_SOFT, max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS),
            ft.Row([kit_seats.avatar(s, seat), fan], spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            ft.Row(self.seat_chips(view, seat), spacing=4, run_spacing=3, wrap=True),
        ], spacing=4, tight=True)
        return ft.Container(body, width=width, padding=8, border_radius=14, bgcolor=SHADE,
                            border=ft.Border.all(2 if to_move or won_now else 1,
                                                 theme.GOLD if to_move or won_now else GOLD_FAINT),
                            shadow=[ft.BoxShadow(blur_radius=14, color=GOLD_FAINT)] if won_now else None,
                            key=f"seat-{seat}")

    def tile_subtitle(self, seat: int, taken: int) -> str:
        tricks = self.t("rk.tricks_n", n=taken)
        level = self.session.seats[seat].level if self.session.seats[seat].is_bot else None
        return f"{self.t('level.' + level)} · {tricks}" if level else tricks

    def opponents_row(self, view: dict[str, Any], me: int, width: float) -> ft.Control:
        others = model.around(view["players"], me)
        gap = 8
        tile = min(220.0, (width - gap * (len(others) - 1)) / len(others))
        return ft.Row([self.opponent_tile(view, s, tile) for s in others], spacing=gap,
                      alignment=ft.MainAxisAlignment.CENTER, vertical_alignment=ft.CrossAxisAlignment.START)

    # --- the status strip ------------------------------------------------------------------------

    def status_strip(self, view: dict[str, Any]) -> ft.Control:
        number, total = model.partie_number(view), view["options"]["partien"]
        if self.sheet is not None and not view["over"]:  # the sheet tells of the Partie just played
            number = self.sheet["number"]
        seat, me = self.eyes()
        balance = view["balance"][me] if self.session.humans else None
        words = self.t("rk.partie_of", n=number, total=total)
        board = chip_button(ft.Row([
            ft.Icon(ft.Icons.LEADERBOARD_OUTLINED, size=17, color=theme.GOLD_LIGHT),
            ft.Text(self.t("rk.balance_you", n=signed(balance)) if balance is not None
                    else self.t("rk.scoreboard"), size=12.5, font_family=theme.SANS_BOLD,
                    color=theme.GOLD_LIGHT)], spacing=5, tight=True),
            self.show_scoreboard, ident="scoreboard-open", label=self.t("rk.scoreboard"),
            padding=ft.Padding.symmetric(horizontal=8, vertical=4), radius=12)
        rules = []
        if view["options"]["trumpfzwang"]:
            rules.append(ft.Text(self.t("rk.trumpfzwang_on"), size=11.5, color=IVORY_SOFT, no_wrap=True))
        stake = self.stake()
        if stake is not None:  # money is at stake: it stays in sight for the whole dynasty
            at_stake = self.t("rk.stake_chip", amount=fmt.money(stake, self.lang))
            rules.append(ft.Semantics(identifier="table-stake", label=at_stake, exclude_semantics=True,
                                      content=ft.Row([
                ft.Icon(ft.Icons.PAYMENTS_OUTLINED, size=16, color=theme.GOLD_LIGHT),
                ft.Text(fmt.money(stake, self.lang), size=12, font_family=theme.SANS_BOLD,
                        color=theme.GOLD_LIGHT, no_wrap=True)], spacing=4, tight=True)))
        partie: ft.Control = ft.Semantics(identifier="partie", label=words, exclude_semantics=True,
                                          content=ft.Text(words, size=12.5, font_family=theme.SANS_BOLD,
                                                          color=theme.IVORY, no_wrap=True))
        if rules:  # under the Partie, in the strip's height: beside it they crowd out a phone's board chip
            partie = ft.Column([partie, ft.Row(rules, spacing=10, tight=True)], spacing=1, tight=True)
        return ft.Container(ft.Row([
            partie, ft.Container(expand=True), board,
        ], spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            padding=ft.Padding.symmetric(horizontal=12, vertical=0), bgcolor=SHADE)

    # --- the middle of the table ------------------------------------------------------------------

    def erbe_box(self, view: dict[str, Any], seat: int | None) -> ft.Control:
        """The Erbe: two backs, or the two laid-away cards for the Potentat who laid them."""
        erbe = view["erbe"]
        if view["phase"] == "lay" or not erbe:
            return ft.Container()
        if all(c != C.UNKNOWN for c in erbe):
            words = ", ".join(self.card_text(c) for c in erbe)
            body: ft.Control = ft.Row([*(mini_face(c, self.lang, self.french) for c in erbe),
                                       ft.Text(f"{rk.card_points(erbe)}", size=12, font_family=theme.SANS_BOLD,
                                               color=theme.GOLD_LIGHT)], spacing=3, tight=True)
            label = self.t("rk.erbe_yours", cards=words, n=rk.card_points(erbe))
        else:
            body = mini_backs(self.back, len(erbe))
            label = self.t("rk.erbe_hidden")
        return ft.Semantics(identifier="erbe", label=label, exclude_semantics=True, content=ft.Row(
            [caps(self.t("rk.erbe"), size=10.5), body], spacing=6, tight=True,
            vertical_alignment=ft.CrossAxisAlignment.CENTER))

    def score_line(self, view: dict[str, Any], seat: int | None) -> ft.Control | None:
        """The running card points of both parties, with what the Potentat needs; a tap opens the scoreboard."""
        pts = model.points(view)
        if pts is None or (self.shown_trick is not None and self.shown_trick["record"] is not None):
            return None
        pot = view["potentat"]
        pot_words = self.t("rk.party_potentat", name=self.name(pot), n=pts.potentat)
        ch_words = self.t("rk.party_court", n=pts.challengers)
        hidden = pts.erbe is None  # the challengers do not know what the Erbe holds
        need = (self.t("rk.needs_erbe" if hidden else "rk.needs", n=pts.needed) if pts.needed
                else self.t("rk.has_won_enough"))
        bar = ft.Row([
            ft.Container(height=6, expand=max(1, pts.potentat), bgcolor=theme.GOLD, border_radius=3),
            ft.Container(height=6, expand=max(1, pts.in_play), bgcolor=ft.Colors.with_opacity(0.15, theme.IVORY),
                         border_radius=3),
            ft.Container(height=6, expand=max(1, pts.challengers), bgcolor="#7fb8d6", border_radius=3),
        ], spacing=2)
        erbe = self.erbe_box(view, seat)
        label = f"{pot_words} · {ch_words} · {need} · {erbe.label}" if isinstance(erbe, ft.Semantics) else \
            f"{pot_words} · {ch_words} · {need}"
        return ft.Semantics(identifier="score-line", label=label, button=True, exclude_semantics=True,
                            content=ft.Container(ft.Column([
                                ft.Row([ft.Text(pot_words, size=13, font_family=theme.SANS_BOLD,
                                                color=theme.GOLD_LIGHT, expand=True, max_lines=1,
                                                overflow=ft.TextOverflow.ELLIPSIS),
                                        ft.Text(ch_words, size=13, font_family=theme.SANS_BOLD, color="#a9d3ea",
                                                no_wrap=True)]),
                                bar,
                                ft.Row([ft.Text(need, size=11.5, color=IVORY_SOFT, expand=True), erbe], spacing=8,
                                       vertical_alignment=ft.CrossAxisAlignment.CENTER),
                            ], spacing=4, tight=True), on_click=lambda e: self.show_scoreboard(),
                                padding=ft.Padding.symmetric(horizontal=12, vertical=8), border_radius=14,
                                bgcolor=SHADE, border=ft.Border.all(1, GOLD_FAINT)))

    def declare_centre(self, view: dict[str, Any]) -> ft.Control:
        """While declaring: the Erbe face down in the middle and what was said so far."""
        said = []
        for s, will in model.declarations(view):
            text = "…" if will is None else self.t("rk.will" if will else "rk.pass")
            said.append(f"{self.name(s)}: {text}")
        label = self.t("rk.declaring", said="; ".join(said))
        return ft.Semantics(identifier="declarations", label=label, exclude_semantics=True,
                            content=ft.Container(ft.Column([
            ft.Row([card_widget.card_view(C.UNKNOWN, self.lang, "small", self.back, key=f"erbe-{i}")
                    for i in range(rk.ERBE_SIZE)], spacing=6, tight=True, alignment=ft.MainAxisAlignment.CENTER),
            ft.Text(self.t("rk.erbe_waits"), size=12.5, color=theme.GOLD_LIGHT, text_align=ft.TextAlign.CENTER),
            ft.Text(" · ".join(said), size=12.5, color=theme.IVORY, text_align=ft.TextAlign.CENTER),
        ], spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER), width=self.hand_width()))

    def lay_centre(self, view: dict[str, Any], seat: int | None) -> ft.Control:
        """While the Potentat lays away: two slots that fill with the cards he picks (only he sees them)."""
        pot = view["potentat"]
        mine = seat == pot
        size = "small" if not self.tablet else "medium"
        sz = card_widget.SIZES[size]
        slots = []
        for i in range(rk.ERBE_SIZE):
            card = self.selected[i] if mine and i < len(self.selected) else None
            # A copy of a hand card: read out by the hand, not twice (and never a second ``card-XX`` id).
            slots.append(ft.Semantics(exclude_semantics=True, content=card_widget.card_view(
                card, self.lang, size, self.back, key=f"{card}-erbeslot", french=self.french)) if card else
                         ft.Container(width=sz.width, height=sz.height, border_radius=sz.radius,
                                      border=ft.Border.all(1.5, GOLD_FAINT), key=f"erbeslot-{i}"))
        words = (self.t("rk.lay_pick", n=rk.card_points(self.selected)) if mine
                 else self.t("rk.lays_away", name=self.name(pot)))
        return ft.Semantics(identifier="lay-centre", label=words, exclude_semantics=True,
                            content=ft.Container(ft.Column([
            caps(self.t("rk.new_erbe")), ft.Row(slots, spacing=8, tight=True),
            ft.Text(words, size=12.5, color=theme.IVORY, text_align=ft.TextAlign.CENTER)],
            spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER), width=self.hand_width()))

    def centre(self, view: dict[str, Any], seat: int | None, me: int, score: bool = True) -> list[ft.Control]:
        """The trick (or the Erbe while declaring and laying away), the score line unless the side
        panel shows it, and the hint."""
        if view["phase"] == "declare" and self.shown_trick is None:
            middle = self.declare_centre(view)
        elif view["phase"] == "lay" and self.shown_trick is None:
            middle = self.lay_centre(view, seat)
        else:
            middle = self.trick_area(view, me)
        parts: list[ft.Control] = [ft.Row([middle], alignment=ft.MainAxisAlignment.CENTER)]
        line = self.score_line(view, seat) if score else None
        if line is not None:
            parts.append(line)
        hint = self.hint(view, seat)
        if hint is not None:
            parts.append(hint)
        return parts

    def hint(self, view: dict[str, Any], seat: int | None) -> ft.Control | None:
        if self.message:
            return kit_hand.notice(self.message, ft.Icons.INFO_OUTLINE, NEGATIVE)
        rule = model.follow_rule(view, seat) if seat is not None and self.my_turn(seat) else None
        if rule is not None:
            key = {"trump": "rk.rule_trump", "must_trump": "rk.rule_must_trump"}.get(rule, "rk.rule_follow")
            suit = C.SUIT_NAMES.get(self.lang, C.SUIT_NAMES["en"]).get(rule, "")
            return kit_hand.notice(self.t(key, suit=suit), ft.Icons.RULE, theme.GOLD_LIGHT)
        # A replay's bar tells the last move already, and its table is short of room.
        text = self.banner if self.read_only else self.banner or self.last_move
        if self.partie_ending() and not self.read_only:
            text = self.last_move  # the last trick, not yet the next Partie's deal
        if text:
            return kit_hand.notice(text, ft.Icons.HISTORY, theme.IVORY)
        return None

    # --- the player's own cards --------------------------------------------------------------------

    def mark(self, card: str, new: set[str] | frozenset[str] = frozenset()) -> card_widget.Mark | None:
        if card in new:
            # A star where a fanned hand leaves no room for the word (the spoken name keeps it).
            return card_widget.Mark(self.t("rk.from_erbe"), "gain", self.t("rk.from_erbe_spoken"), short="★")
        if card == rk.LK:
            return card_widget.Mark("♛", "crown", self.t("rk.lk_spoken"))
        return None

    def hand_width(self) -> float:
        w = min(self.width, PHONE_MAX_CONTENT) if not self.tablet else self.width - SIDE_PANEL - 64
        return max(200.0, w - 28)

    def hand_area(self, view: dict[str, Any], seat: int | None, me: int, playable: set[str] | None) -> ft.Control:
        hand = view["hands"][me]
        size = "large" if self.tablet and self.roomy else "medium"
        new = model.new_from_erbe(view, me)
        if seat is None:  # nobody's eyes (an onlooker, or the device is being passed): backs only
            return kit_seats.hand_fan(self.t, self.name(me), len(hand), self.back, me)
        return ft.Container(kit_hand.overlap_hand(
            hand, lang=self.lang, size=size, back=self.back, width=self.hand_width(), selected=self.selected,
            playable=playable, on_tap=self.tap_card,
            empty_text=self.t("rk.result_follows") if self.partie_ending() else self.t("rk.hand_empty"),
            glide_ms=self.duration, marks=lambda c: self.mark(c, new), french=self.french,
            on_refused=None if self.read_only else self.refused_card),
            padding=ft.Padding.only(top=8), alignment=ft.Alignment.CENTER)

    def my_badge(self, view: dict[str, Any], seat: int | None, me: int) -> ft.Control:
        taken = self.tricks_won(view, me)
        title = self.you_label(me, seat)
        ending = self.partie_ending()
        pill = kit_seats.turn_pill(self.t, self.session, self.driver, seat, self.name,
                                   ended=self.t("rk.partie_done", n=ending["number"]) if ending else None)
        return kit_seats.seat_badge(self.session, me, title, chips=self.seat_chips(view, me),
                                    subtitle=self.t("rk.tricks_n", n=taken), trailing=[pill])

    def action_bar(self, view: dict[str, Any], seat: int | None, my_turn: bool) -> ft.Control | None:
        if not my_turn:
            return None
        phase = view["phase"]
        if phase == "declare":
            trumps, pts = model.hand_strength(view["hands"][seat])
            return ft.Column([
                ft.Text(self.t("rk.declare_hint", n=trumps, points=pts), size=12.5, color=theme.IVORY),  # "1 trump"
                ft.Row([big_button(self.t("rk.say_will"), ft.Icons.WORKSPACE_PREMIUM, lambda: self.declare(True),
                                   ident="declare-will"),
                        big_button(self.t("rk.say_pass"), None, lambda: self.declare(False), primary=False,
                                   ident="declare-pass")], spacing=10),
            ], spacing=8, tight=True)
        if phase == "lay":
            n = len(self.selected)
            ready = n == rk.ERBE_SIZE
            label = self.t("rk.lay_confirm") if ready else self.t("rk.lay_count", n=n)
            button = big_button(label, ft.Icons.INVENTORY_2_OUTLINED, self.lay_selected, ident="lay-confirm")
            return ft.Column([ft.Text(self.t("rk.lay_hint"), size=12.5, color=theme.IVORY),
                              ft.Container(button, opacity=1.0 if ready else 0.55)], spacing=8, tight=True)
        card = self.selected[0] if len(self.selected) == 1 else None
        text = self.t("rk.play", card=self.card_text(card)) if card else self.t("rk.pick_card")
        button = big_button(text, ft.Icons.ARROW_UPWARD_ROUNDED if card else None, self.play_selected, ident="play")
        return ft.Container(button, opacity=1.0 if card else 0.55)
