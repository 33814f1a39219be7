"""Head-to-head: ``/versus[/<a>/<b>]`` sets two profiles side by side, game by game.

Any two profiles can be compared, people and computer levels alike: their wins
against each other, shared wins, and each one's rating in every game.
"""

from __future__ import annotations

import logging
from typing import Any

import flet as ft

from app import catalog, theme
from app.screens import records_model as rm
from app.screens import records_ui as ui

log = logging.getLogger(__name__)


def pair(profiles: list[Any], a: int | None, b: int | None) -> tuple[int | None, int | None]:
    """The two profiles to compare: those asked for when they exist, else the first two."""
    ids = [p.id for p in profiles]
    first = a if a in ids else (ids[0] if ids else None)
    rest = [i for i in ids if i != first]
    second = b if b in rest else (rest[0] if rest else None)
    return first, second


def scoreboard(shell, pa, pb, v: rm.Versus) -> ft.Control:
    """Both players with their wins against each other, as "7 : 4"."""
    t = shell.t

    def side(p) -> ft.Control:
        name = ui.name_of(p, t)
        return ft.Column([ui.avatar(name, p.is_bot, 52),
                          ft.Text(name, size=14, font_family=theme.SANS_BOLD, color=theme.IVORY,
                                  max_lines=2, overflow=ft.TextOverflow.ELLIPSIS,
                                  text_align=ft.TextAlign.CENTER)],
                         spacing=6, tight=True, expand=3,
                         horizontal_alignment=ft.CrossAxisAlignment.CENTER)

    score = ft.Column([
        ft.Text(f"{v.wins} : {v.losses}", size=38, font_family=theme.DISPLAY, color=theme.GOLD_LIGHT),
        ft.Text(t("rec.versus_total", n=v.games) + (f" · {t('rec.shared')} {v.shared}" if v.shared else ""),
                size=12, color=theme.IVORY, opacity=0.9, text_align=ft.TextAlign.CENTER),
    ], spacing=0, tight=True, expand=4, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    # Shares of the width fixed in advance: each name gets its share (on two lines where it needs them).
    return ft.Semantics(identifier="versus-score", content=ft.Container(
        ft.Row([side(pa), score, side(pb)], spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        gradient=theme.FELT_GRADIENT, border_radius=20, padding=18, margin=ft.Margin.only(top=6),
        border=ft.Border.all(1.5, theme.GOLD)))


def game_row(shell, v: rm.Versus, ra: dict[str, Any] | None, rb: dict[str, Any] | None) -> ft.Control:
    """One game: the record from the first player's side, a bar, and both ratings."""
    t = shell.t
    ratings = f"{rm.rating_text(ra and ra['shown'], shell.lang)} · {rm.rating_text(rb and rb['shown'], shell.lang)}"
    return ft.Semantics(identifier=f"versus-game-{v.game}", content=ft.Container(ft.Column([
        ft.Row([theme.title(catalog.title(v.game, t, shell.lang), 15, expand=True, max_lines=1,
                            overflow=ft.TextOverflow.ELLIPSIS),
                ft.Text(rm.record_line(v, t), size=13.5, font_family=theme.SANS_BOLD,
                        color=ft.Colors.ON_SURFACE)]),
        ui.record_bar(v),
        ft.Row([theme.caption(t("rec.versus_total", n=v.games), expand=True),
                theme.caption(f"{t('rec.rating')} {ratings}")]),
    ], spacing=8, tight=True), padding=14, **ui.CARD))


def body(shell, a: int, b: int) -> list[ft.Control]:
    t = shell.t
    store = shell.state.store
    try:
        pa, pb = store.get_profile(a), store.get_profile(b)
        met = store.opponents(a, b).get(b, {})
        ra, rb = store.player_record(a), store.player_record(b)
    except Exception as exc:
        log.warning("cannot compare %s and %s: %s", a, b, exc)
        return [theme.body(t("rec.versus_none"))]
    rows = rm.versus_rows(met)
    out: list[ft.Control] = [scoreboard(shell, pa, pb, rm.total(rows))]
    if not rows:
        out.append(ft.Container(theme.body(t("rec.versus_none")), padding=16, **ui.CARD))
    out += [game_row(shell, v, ra.get(v.game, {}).get("rating"), rb.get(v.game, {}).get("rating"))
            for v in rows]
    return out


def view(shell, a: int | None = None, b: int | None = None, route: str | None = None) -> ft.View:
    t = shell.t
    profiles = shell.state.store.list_profiles()
    first, second = pair(profiles, a, b)
    content = ft.Column(spacing=14, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    picked = {"a": first, "b": second}

    def fill() -> None:
        opts = [ft.DropdownOption(key=str(p.id), text=ui.name_of(p, t)) for p in profiles]

        def choose(which: str, value: str | None) -> None:
            if value:
                picked[which] = int(value)
            fill()
            content.update()

        pickers = ft.ResponsiveRow([
            ft.Container(ft.Dropdown(value=str(picked["a"]), label=t("rec.pick_a"), options=opts,
                                     border_radius=12, expand=True,
                                     on_select=lambda e: choose("a", e.control.value)), col={"xs": 6}),
            ft.Container(ft.Dropdown(value=str(picked["b"]), label=t("rec.pick_b"), options=opts,
                                     border_radius=12, expand=True,
                                     on_select=lambda e: choose("b", e.control.value)), col={"xs": 6}),
        ], spacing=10)
        if picked["a"] is None or picked["b"] is None or picked["a"] == picked["b"]:
            content.controls = [ft.Container(height=4), pickers,
                                theme.body(t("rec.versus_need_two"))]
            return
        content.controls = [ft.Container(height=4), pickers, *body(shell, picked["a"], picked["b"])]

    fill()
    return shell.sub_view(route or "/versus", t("rec.versus"), [content])
