"""An invitation to a circle as it is passed on: the code to type, and a link to the server's
web client that carries it (``/join/<code>``), with a button that copies the link.

The same dialog in the app's sync settings and in the server's web client.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from app import i18n, theme

DE = {
    "invitation.link": "Oder schick diesen Link: damit tritt sie im Browser bei.",
    "invitation.copy": "Link kopieren",
    "invitation.copied": "Der Link ist kopiert.",
}
EN = {
    "invitation.link": "Or send this link: it joins in the browser.",
    "invitation.copy": "Copy link",
    "invitation.copied": "The link is copied.",
}
i18n.extend(DE, EN)


def join_link(server: str, code: str) -> str:
    """The web client's address that opens with ``code`` filled in (``server``: its base)."""
    return f"{server.rstrip('/')}/join/{code}"


def page_base(page_url: str) -> str:
    """The page's own address as a browser opens it (Flet names it by its websocket)."""
    for socket, web in (("wss://", "https://"), ("ws://", "http://")):
        if page_url.startswith(socket):
            return web + page_url[len(socket):]
    return page_url


def show(shell: Any, title: str, code: str, text: str, link: str) -> None:
    """The invitation's dialog."""
    t = shell.t

    async def copy(e: Any) -> None:
        await ft.Clipboard().set(link)
        shell.snack(t("invitation.copied"))

    shell.page.show_dialog(ft.AlertDialog(
        title=ft.Text(title),
        content=ft.Column([
            ft.Semantics(identifier="invitation-code", content=ft.Text(
                f"{code[:4]} {code[4:]}", size=30, font_family=theme.SANS_BOLD, selectable=True)),
            theme.caption(text),
            theme.caption(t("invitation.link")),
            ft.Semantics(identifier="invitation-link", content=ft.Text(
                link, size=13, color=ft.Colors.PRIMARY)),  # copied by the button below
        ], tight=True, spacing=12, width=340),
        actions=[ft.Semantics(identifier="invitation-copy", content=ft.TextButton(
                     t("invitation.copy"), icon=ft.Icons.CONTENT_COPY, on_click=copy)),
                 ft.TextButton(t("close"), on_click=lambda e: shell.close_dialog())],
        actions_alignment=ft.MainAxisAlignment.END))
