"""A game played on differently on two devices: its versions, and choosing the one that counts.

When backups of two devices meet, a game continued differently on each keeps both versions
(``Store.game_versions``). Exactly one counts: its result is in the statistics and its
debts in the ledger. This dialog lists them all (the one that counts first) with how far
each got and how it ended, and lets the person choose another one to count, on this
device and, once the records travel, on every other.
"""

from __future__ import annotations

import logging
from typing import Any

import flet as ft

from app import fmt, theme
from app.screens.messages import error_text
from app.widgets.after_close import AfterClose

log = logging.getLogger(__name__)


def line(shell, version: Any, seats: list[Any]) -> str:
    """How far a version got and how it ended: "31 moves · 2 days ago · won: Anna"."""
    t = shell.t
    bits = [t("versions.moves", n=version.ply), fmt.ago(version.updated_at, shell.lang, t)]
    if not version.over:
        bits.append(t("versions.running"))
    else:
        names = fmt.seat_names(seats, t)
        winners = [names[w] for w in (version.result or {}).get("winners", [])
                   if isinstance(w, int) and w < len(names)]
        bits.append(t("versions.won", names=", ".join(winners)) if winners
                    else t("versions.over"))
    return " · ".join(b for b in bits if b)


def show(shell, game_id: int) -> None:
    """The versions of a game, in a dialog."""
    store, t = shell.state.store, shell.t
    try:
        found = store.game_versions(game_id)
        seats = store.game_summary(game_id).seats
    except Exception as exc:
        shell.snack(error_text(shell, exc), error=True)
        return
    after = AfterClose(shell.page)
    counted = found[0]
    rows: list[ft.Control] = []
    for v in found:
        can = not v.counts and (v.over or not counted.over)
        rows.append(ft.Semantics(identifier=f"version-{v.fork_id or 'counted'}", content=ft.Container(
            ft.Column([
                ft.Row([ft.Icon(ft.Icons.CHECK_CIRCLE if v.counts else ft.Icons.CALL_SPLIT,
                                color=ft.Colors.PRIMARY if v.counts else ft.Colors.ON_SURFACE_VARIANT,
                                size=20),
                        theme.title(t("versions.counts") if v.counts else t("versions.other"), 15)],
                       spacing=8),
                theme.caption(line(shell, v, seats)),
                *([ft.TextButton(t("versions.choose"), icon=ft.Icons.SWAP_HORIZ,
                                 on_click=lambda e, fid=v.fork_id: after.close_then(
                                     lambda: choose(shell, game_id, fid)))] if can else []),
            ], spacing=4, tight=True),
            padding=12, border_radius=14, border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            bgcolor=ft.Colors.SECONDARY_CONTAINER if v.counts else None)))
    shell.page.show_dialog(ft.AlertDialog(
        modal=False, title=theme.heading(t("versions.title"), 20), on_dismiss=after.dismissed,
        # A scrolling column fills the dialog's height: only scroll when there are many.
        content=ft.Column([theme.body(t("versions.text")), *rows], spacing=10, tight=True,
                          scroll=ft.ScrollMode.AUTO if len(rows) > 3 else None, width=420),
        actions=[ft.TextButton(t("close"), on_click=lambda e: shell.close_dialog())]))


def choose(shell, game_id: int, fork_id: int) -> None:
    """Let another version count, then show the lists as they are now."""
    try:
        shell.state.store.choose_version(game_id, fork_id)
    except Exception as exc:
        shell.snack(error_text(shell, exc), error=True)
        return
    shell.state.sessions.pop(game_id, None)  # an open table holds the version that counted
    shell.refresh()
    shell.snack(shell.t("versions.chosen"))


def badge(shell, game_id: int, forks: int) -> ft.Control:
    """A button on a listed game that was played on differently elsewhere: "2 versions" (on a
    phone its icon alone, so the row keeps room for the game's name)."""
    label = shell.t("versions.badge", n=forks + 1)
    if getattr(shell, "wide", False):
        button: ft.Control = ft.TextButton(
            label, icon=ft.Icons.CALL_SPLIT, on_click=lambda e: show(shell, game_id),
            style=ft.ButtonStyle(padding=theme.target_padding(10)))
    else:
        button = ft.IconButton(ft.Icons.CALL_SPLIT, tooltip=label, icon_color=ft.Colors.PRIMARY,
                               on_click=lambda e: show(shell, game_id))
    return ft.Semantics(identifier=f"versions-{game_id}", label=label, button=True, content=button)
