"""The fixed parts of the Deck of Spies table: the head-up line, the spy's card, the piles.

``BoardPieces`` is a mixin for ``SpiesTable``: it reads the table's layout, texts and
settings and returns absolutely placed, keyed controls for the table's ``Stack``.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from app import text_fit, theme

from app.tables.deck_of_spies import layout as geo
from app.tables.deck_of_spies import logic as lg
from app.tables.kit.style import GOLD_LINE, SCRIM
from app.widgets import card as card_widget
from core import cards as cards_mod
from core.games import deck_of_spies as dos

MINE, SPIES, OPEN = theme.GOLD, "#c2374f", ft.Colors.with_opacity(0.22, theme.IVORY)


class BoardPieces:
    """The table's panels, head-up line, spy info and piles."""

    def _panel(self, key: str, box: geo.Box) -> ft.Control:
        return ft.Container(key=key, left=box.x, top=box.y, width=box.w, height=box.h, border_radius=18,
                            bgcolor=SCRIM, border=ft.Border.all(1, GOLD_LINE))

    def _hud(self, view: dict[str, Any]) -> ft.Control:
        L = self.layout
        n = lg.spy_number(view)
        tl = lg.tally(view)
        number = dos.game_number(int(view.get("seed", 0)))
        meta = getattr(self.session, "meta", None) or {}
        game_bits: list[ft.Control] = []
        if meta.get("daily"):
            game_bits.append(ft.Container(
                ft.Text(self.t("spies.hud.daily"), size=11, font_family=theme.SANS_BOLD, color=theme.FELT_DARK),
                bgcolor=theme.GOLD, border_radius=10, padding=ft.Padding.symmetric(horizontal=8, vertical=2)))
        game_bits.append(ft.Text(self.t("spies.hud.game", number=number), size=12.5, color=theme.IVORY,
                                 opacity=0.8, font_family=theme.SANS))
        done = n - 1 if not view.get("over") else lg.TOTAL_SPIES
        head = ft.Row([
            ft.Text(self.t("spies.hud.spy", n=n, total=lg.TOTAL_SPIES) if not view.get("over")
                    else self.t("play.over"), size=15, font_family=theme.SANS_BOLD, color=theme.IVORY),
            ft.Row(game_bits, spacing=8, tight=True),
        ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        bar = ft.ProgressBar(value=done / lg.TOTAL_SPIES, color=theme.GOLD, height=3, border_radius=2,
                             bgcolor=ft.Colors.with_opacity(0.18, theme.IVORY))
        pip = 11 if L.mode == "landscape" else (8 if L.width < 380 else 9)
        pips = self.pips(tl, pip)
        words = self.t("spies.tally", need=tl.need, mine=tl.mine, spies=tl.spies)
        # Beside the crown and the twelve pips (one a little apart): as large as fits the line.
        room = L.hud.w - 2 * (L.pad + 4) - (16 + 5 + lg.FACES * (pip + 3) + 4) - 8
        size = 13.5 if L.mode == "landscape" else (11.5 if L.width < 380 else 12.5)
        size = text_fit.largest_size(words, room, tuple(x for x in (13.5, 12.5, 12, 11.5, 11, 10.5) if x <= size),
                                     theme.SANS_BOLD) or 10.5
        tally_text = ft.Text(words, size=size, color=theme.IVORY, font_family=theme.SANS_BOLD, no_wrap=True)
        tally = ft.Semantics(
            label=self.t("spies.tally.a11y", need=tl.need, mine=tl.mine, spies=tl.spies, open=tl.open),
            identifier="spies-tally",
            content=ft.Row([ft.Row([ft.Icon(ft.Icons.WORKSPACE_PREMIUM, color=theme.GOLD, size=16), pips],
                                   spacing=5, tight=True), tally_text],
                           alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                           vertical_alignment=ft.CrossAxisAlignment.CENTER))
        if L.mode == "landscape":
            body = ft.Row([
                ft.Container(ft.Column([head, bar], spacing=6, tight=True), width=L.width * 0.42),
                ft.Container(tally, expand=True, padding=ft.Padding.only(left=28)),
            ], vertical_alignment=ft.CrossAxisAlignment.CENTER)
        else:
            body = ft.Column([head, bar, tally], spacing=7, tight=True)
        return ft.Container(
            body, key="hud", left=0, top=0, width=L.hud.w, height=L.hud.h,
            padding=ft.Padding.symmetric(horizontal=L.pad + 4, vertical=8),
            bgcolor=ft.Colors.with_opacity(0.32, "#000000"),
            border=ft.Border.only(bottom=ft.BorderSide(1.5, ft.Colors.with_opacity(0.55, theme.GOLD))),
            alignment=ft.Alignment.CENTER_LEFT)

    def pips(self, tl: lg.Tally, size: float) -> ft.Control:
        pips: list[ft.Control] = []
        for i in range(lg.FACES):
            if i < tl.mine:
                colour, border = MINE, None
            elif i >= lg.FACES - tl.spies:
                colour, border = SPIES, None
            else:
                colour, border = None, ft.Border.all(1.2, OPEN)
            mark = i == lg.NEED - 1  # the seventh: what a win needs
            pips.append(ft.Container(
                width=size, height=size, border_radius=size / 2, bgcolor=colour, border=border,
                margin=ft.Margin.only(right=4 if mark else 0),
                shadow=[ft.BoxShadow(blur_radius=5, color=ft.Colors.with_opacity(0.6, theme.GOLD))]
                if mark and i < tl.mine else None))
        return ft.Row(pips, spacing=3, tight=True)

    def _spy_info(self, view: dict[str, Any]) -> tuple[list[ft.Control], list[ft.Control]]:
        L = self.layout
        box = L.spy_info
        spy = lg.spy(view)
        out: list[ft.Control] = []
        if view.get("over") or not spy:
            return out, []
        vis = L.spy_visual()
        # the value medallion on the spy card's corner
        m = 34 if L.mode == "portrait" else 44
        medallion = ft.Container(
            ft.Text(str(lg.value(spy)), size=m * 0.48, font_family=theme.SANS_BOLD, color=theme.FELT_DARK),
            key="spy-value", left=vis.right - m * 0.62, top=vis.y - m * 0.38, width=m, height=m,
            border_radius=m / 2, bgcolor=theme.GOLD, alignment=ft.Alignment.CENTER,
            border=ft.Border.all(2, theme.GOLD_LIGHT),
            shadow=[ft.BoxShadow(blur_radius=6, offset=ft.Offset(0, 2), color=ft.Colors.with_opacity(0.5, "#000"))])
        group = lg.current_group(view)
        chips: list[ft.Control] = []
        for g, n in lg.group_counts(view):
            current = g == group
            chips.append(ft.Semantics(label=self.t("spies.group.a11y", group=self.t(f"spies.group.{g}"), n=n),
                                      content=ft.Container(
                ft.Column([
                    ft.Text(self.t(f"spies.group.{g}"), size=11, font_family=theme.SANS_BOLD,
                            color=theme.FELT_DARK if current else theme.GOLD_LIGHT),
                    ft.Text(str(n), size=16 if L.mode == "portrait" else 19, font_family=theme.SANS_BOLD,
                            color=theme.FELT_DARK if current else theme.IVORY),
                ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                bgcolor=theme.GOLD if current else ft.Colors.with_opacity(0.25, "#000000"),
                border=None if current else ft.Border.all(1, GOLD_LINE),
                border_radius=10, padding=ft.Padding.symmetric(horizontal=6, vertical=3), expand=True,
                opacity=0.45 if n == 0 else 1.0)))
        last = len(view.get("spies") or ()) == 1 and view.get("phase") == "play"
        big = L.mode == "landscape"
        name = cards_mod.name(spy, self.lang)
        # While retiring, the spy just dealt with has gone: the one on the deck comes next.
        heading = ("spies.last_spy" if last else "spies.next_spy" if view.get("phase") == "retire"
                   else "spies.current")
        lines: list[ft.Control] = [
            ft.Text(self.t(heading).upper(), size=11,
                    font_family=theme.SANS_BOLD, color=theme.GOLD_LIGHT, style=ft.TextStyle(letter_spacing=1.2)),
            ft.Text(name, font_family=theme.DISPLAY, size=(26 if len(name) <= 14 else 22) if big else 19,
                    color=theme.IVORY, max_lines=2 if big else 1, overflow=ft.TextOverflow.ELLIPSIS),
            ft.Row([
                ft.Container(ft.Text(self.t("spies.value", v=lg.value(spy)), size=13, font_family=theme.SANS_BOLD,
                                     color=theme.FELT_DARK), bgcolor=theme.GOLD_LIGHT, border_radius=8,
                             padding=ft.Padding.symmetric(horizontal=8, vertical=2)),
                ft.Image(src=card_widget.suit_asset(spy[1]), width=18, height=18),
            ], spacing=8, tight=True),
            ft.Container(height=6 if big else 0),
            ft.Text(self.t("spies.groups"), size=11, color=theme.IVORY, opacity=0.75),
            ft.Row(chips, spacing=6),
        ]
        # A phone's box holds the lines only close together (test_layout measures it).
        out.append(ft.Container(ft.Column(lines, spacing=4 if big else 2, tight=True), key="spy-info",
                                left=box.x, top=box.y, width=box.w, height=box.h,
                                alignment=ft.Alignment.CENTER_LEFT))
        return out, [medallion]

    def _piles(self, view: dict[str, Any]) -> tuple[list[ft.Control], list[ft.Control]]:
        """The piles' places, backs and names (under the cards) and their count badges (over them)."""
        L = self.layout
        out: list[ft.Control] = []
        badges: list[ft.Control] = []
        back = self.state.settings.card_back
        counts = {"draw": int(view.get("draw_count", len(view.get("draw") or ()))),
                  "discard": len(view.get("discard") or ()), "spy_discard": len(view.get("spy_discard") or ())}
        for name in ("draw", "discard", "spy_discard"):
            slot = L.piles[name]
            n = counts[name]
            vis = L.pile_visual(name)
            if n == 0 or name == "discard":
                # an empty place (under the discard pile's face-up cards it is never seen)
                out.append(ft.Container(key=f"place-{name}", left=vis.x, top=vis.y, width=vis.w, height=vis.h,
                                        border_radius=8, border=ft.Border.all(1.5, GOLD_LINE),
                                        bgcolor=ft.Colors.with_opacity(0.12, "#000000")))
            if n and name != "discard":
                # a face-down pile: a back or two underneath for thickness, then the top back
                for depth in range(min(2, n - 1), -1, -1):
                    out.append(ft.Container(
                        card_widget.card_view(cards_mod.UNKNOWN, self.lang, L.card, back), key=f"back-{name}-{depth}",
                        left=slot.x + depth * 1.5, top=slot.y + depth * 2.0, width=L.cw, height=L.ch,
                        scale=slot.scale))
            lb = L.pile_labels[name]
            w = max(lb.w, 96.0)
            x = min(max(lb.x + lb.w / 2 - w / 2, L.deck.x + 4), L.deck.right - 4 - w)
            out.append(ft.Container(
                ft.Text(self.t(f"spies.{name}"), size=11.5 if L.mode == "portrait" else 13, color=theme.IVORY,
                        opacity=0.85, no_wrap=True, text_align=ft.TextAlign.CENTER),
                key=f"label-{name}", left=x, top=lb.y, width=w, height=lb.h, alignment=ft.Alignment.CENTER))
            badge_h = 20
            badges.append(ft.Container(
                ft.Text(str(n), size=12, font_family=theme.SANS_BOLD, color=theme.FELT_DARK),
                key=f"count-{name}", left=vis.right - 16, top=vis.y - 8, height=badge_h,
                bgcolor=theme.GOLD if n else ft.Colors.with_opacity(0.7, theme.GOLD_DARK), border_radius=10,
                padding=ft.Padding.symmetric(horizontal=7), alignment=ft.Alignment.CENTER,
                border=ft.Border.all(1.5, theme.FELT_DARK)))
        line = L.deck_line
        if line.h >= 14:
            n = len(view.get("hand") or ()) + counts["draw"] + counts["discard"]
            out.append(ft.Container(
                ft.Text(self.t("spies.deck_line", n=n, faces=lg.tally(view).mine), size=12 if L.mode == "portrait"
                        else 13, color=theme.GOLD_LIGHT, opacity=0.9, text_align=ft.TextAlign.CENTER, no_wrap=True),
                key="deck-line", left=line.x, top=line.y, width=line.w, height=line.h, alignment=ft.Alignment.CENTER))
        # sacrificed aces: small tags
        removed = list(view.get("removed") or ())
        r = L.removed
        if removed and r.w > 30:
            tags = [ft.Container(ft.Text(lg.card_text(c, self.lang), size=13, font_family=theme.SANS_BOLD,
                                         color=card_widget.ink(c)), bgcolor=theme.IVORY, border_radius=6, opacity=0.85,
                                 padding=ft.Padding.symmetric(horizontal=6, vertical=2)) for c in removed]
            out.append(ft.Container(ft.Column([
                ft.Text(self.t("spies.removed"), size=11, font_family=theme.SANS_BOLD, color=theme.GOLD_LIGHT,
                        no_wrap=True),
                ft.Row(tags, wrap=True, spacing=4, run_spacing=4, alignment=ft.MainAxisAlignment.CENTER),
            ], spacing=4, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER), key="removed",
                left=r.x, top=r.y, width=r.w, height=r.h, alignment=ft.Alignment.CENTER))
        return out, badges

    def _pile_targets(self, view: dict[str, Any]) -> list[ft.Control]:
        """Invisible tap targets over the two open piles (their sheets list the cards)."""
        L = self.layout
        out = []
        for name, ident in (("discard", "spies-discard"), ("spy_discard", "spies-spy-discard")):
            vis = L.pile_visual(name)
            lb = L.pile_labels[name]
            n = len(view.get(name) or ())
            label = self.t("spies.pile.open", pile=self.t(f"spies.{name}"), n=n)
            out.append(ft.Container(
                ft.Semantics(label=label, button=True, identifier=ident, content=ft.Container(
                    on_click=lambda e, n_=name: self.open_pile(n_), bgcolor="#00000000", border_radius=10,
                    tooltip=label, expand=True)),
                key=f"tap-{name}", left=vis.x - 6, top=vis.y - 6, width=vis.w + 12, height=lb.bottom - vis.y + 6))
        return out
