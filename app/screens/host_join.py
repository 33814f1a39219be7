"""The host's join screen, ``/host/<id>``: how friends' phones join a hosted game, and who is in.

A QR code of the join link (with the code filled in), the address and the code in letters for
typing, and every phone seat: free, held by whom (connected or not), a request to take it over
with "allow", and for a seat whose phone is gone: free it for another phone, or give it to the
computer. The screen follows the door as guests come and go.
"""

from __future__ import annotations

import io
import logging
from typing import Any

import flet as ft

from app import catalog, theme
from app.host import hosting
from app.host import strings  # noqa: F401  (registers the texts)
from core.host import spaced

log = logging.getLogger(__name__)

QR_PX = 220


def qr_png(text: str, dark: str = theme.FELT_DARK, light: str = theme.IVORY) -> bytes:
    """A QR code of ``text`` as PNG bytes (segno, pure Python; medium error correction)."""
    import segno

    qr = segno.make(text, error="m")
    out = io.BytesIO()
    qr.save(out, kind="png", scale=8, border=2, dark=dark, light=light)
    return out.getvalue()


def seat_lines(hosted: Any, t: Any) -> list[dict[str, Any]]:
    """Each phone seat for the list: its title, its state in words, what the host may do."""
    room = hosted.room
    held = room.seats.holders()
    asks = dict(room.seats.asks())
    rows = []
    for seat in hosted.phones:
        row: dict[str, Any] = {"seat": seat, "title": t("new_game.seat", n=seat + 1), "actions": []}
        if hosted.session.seats[seat].is_bot:
            row["state"] = t("host.seat_computer")
        elif seat in held:
            h = held[seat]
            row["state"] = t("host.seat_here" if h.connected else "host.seat_gone", name=h.name)
            if not h.connected and not hosted.session.over:
                row["actions"] = ["release", "to_computer"]
        else:
            kept = room.seats.kept.get(seat)
            row["state"] = t("host.seat_free_for", name=kept) if kept else t("host.seat_free")
            if not hosted.session.over:
                row["actions"] = ["to_computer"]
        if seat in asks:
            row["ask"] = t("host.asks", name=asks[seat])
            row["actions"] = ["allow", *row["actions"]]
        rows.append(row)
    return rows


def view(shell: Any, game_id: int) -> ft.View:
    t = shell.t
    route = f"/host/{game_id}"
    hosted = hosting.hosted_game(game_id)
    if hosted is None:
        return shell.sub_view(route, t("host.title"), [ft.Container(ft.Column([
            theme.body(t("host.not_hosted"), 15),
            ft.FilledButton(t("host.to_table"), on_click=lambda e: shell.navigate(f"/play/{game_id}")),
        ], spacing=12), padding=ft.Padding.only(top=24))])

    def door_changed() -> None:
        if (shell.page.route or "").split("?")[0].rstrip("/") == route:
            shell.refresh()

    hosted.on_door(shell.page, door_changed)
    qr = ft.Semantics(identifier="join-qr", label=hosted.join_url, content=ft.Container(
        ft.Image(src=qr_png(hosted.join_url), width=QR_PX, height=QR_PX), border_radius=12,
        clip_behavior=ft.ClipBehavior.ANTI_ALIAS))
    door = ft.Column([
        theme.body(t("host.scan"), 14.5),
        ft.Semantics(identifier="join-url", label=hosted.url, content=ft.Text(
            hosted.url, selectable=True, size=17, font_family=theme.SANS_BOLD)),
        ft.Semantics(identifier="join-code", label=f"{t('host.code')}: {spaced(hosted.room.code)}",
                     content=ft.Text(spaced(hosted.room.code), size=34, font_family=theme.SANS_BOLD,
                                     style=ft.TextStyle(letter_spacing=4))),
    ] + ([theme.body(t("host.over"), 14)] if hosted.session.over else []), spacing=8, tight=True,
        expand=shell.wide)
    top = (ft.Row([qr, door], spacing=24, vertical_alignment=ft.CrossAxisAlignment.CENTER) if shell.wide
           else ft.Column([ft.Row([qr], alignment=ft.MainAxisAlignment.CENTER), door], spacing=12))
    seats = ft.Column([_seat_row(shell, hosted, row) for row in seat_lines(hosted, t)], spacing=10,
                      horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    buttons = ft.Row([
        ft.Semantics(identifier="to-table", content=ft.FilledButton(
            t("host.to_table"), icon=ft.Icons.PLAY_ARROW_ROUNDED, height=52,
            on_click=lambda e: shell.navigate(f"/play/{game_id}"),
            style=ft.ButtonStyle(bgcolor=theme.GOLD, color=theme.FELT_DARK,
                                 shape=ft.RoundedRectangleBorder(radius=16)))),
        ft.Semantics(identifier="stop-hosting", content=ft.TextButton(
            t("host.stop"), icon=ft.Icons.WIFI_OFF, height=48, on_click=lambda e: _stop(shell))),
    ], wrap=True, spacing=12)
    card = ft.Container(ft.Column([top], tight=True), padding=16, border_radius=18,
                        bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST, border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT))
    title = f"{t('host.title')} · {catalog.title(hosted.session.game.name, t, shell.lang)}"
    return shell.sub_view(route, title, [ft.Container(height=4), card, theme.title(t("host.seats")),
                                         seats, buttons], max_width=760)


def _seat_row(shell: Any, hosted: Any, row: dict[str, Any]) -> ft.Control:
    t = shell.t
    seat = row["seat"]
    labels = {"allow": t("host.allow"), "release": t("host.release"), "to_computer": t("host.to_computer")}
    buttons = [ft.Semantics(identifier=f"{name}-{seat + 1}", content=ft.OutlinedButton(
        labels[name], height=48, on_click=lambda e, n=name: _decide(shell, hosted, seat, n)))
        for name in row["actions"]]
    lines: list[ft.Control] = [theme.title(row["title"]), theme.body(row["state"])]
    if row.get("ask"):
        lines.append(theme.body(row["ask"], color=ft.Colors.SECONDARY))
    return ft.Semantics(identifier=f"phone-seat-{seat + 1}", container=True, content=ft.Container(
        ft.Column([ft.Column(lines, spacing=2, tight=True), ft.Row(buttons, wrap=True, spacing=8)],
                  spacing=8, tight=True),
        padding=12, border_radius=14, border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT)))


def _decide(shell: Any, hosted: Any, seat: int, decision: str) -> None:
    try:
        if decision == "allow":
            hosted.allow(seat)
        elif decision == "release":
            hosted.release(seat)
        else:
            hosted.to_computer(seat, shell.state.bot_seat("normal"))
    except Exception as exc:
        log.warning("cannot %s seat %s: %s", decision, seat, exc)
        shell.snack(str(exc), error=True)
    shell.refresh()


def _stop(shell: Any) -> None:
    async def stop() -> None:
        game_id = hosting.current.game_id if hosting.current else None
        await hosting.stop(forget_it=True)
        shell.snack(shell.t("host.stopped"))
        shell.navigate(f"/play/{game_id}" if game_id is not None else "/")

    shell.page.run_task(stop)


async def start(shell: Any, session: Any, phones: list[int]) -> None:
    """Host a just-started game for the phones at ``phones`` and show the join screen; when the
    table cannot go on the network, say why and show the table (a game for this device)."""
    try:
        await hosting.start(shell.state, session, phones)
    except Exception as exc:
        log.warning("cannot host game %s: %s", session.game_id, exc)
        shell.snack(shell.t("host.failed", error=str(exc)), error=True)
        shell.navigate(f"/play/{session.game_id}")
        return
    shell.navigate(f"/host/{session.game_id}")
