"""Changing one's password on a circle's server: the old one and the new one, in a dialog.

The same dialog in the app's sync settings (through the server's interface) and in the
server's own web client (through its directory); each hands in how the change is made.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

import flet as ft

from app import i18n, theme
from app.screens.messages import error_text

DE = {
    "password.change": "Passwort ändern",
    "password.old": "Bisheriges Passwort",
    "password.new": "Neues Passwort",
    "password.hint": "Deine anderen Geräte melden sich danach mit dem neuen Passwort neu an.",
    "password.changed": "Das Passwort ist geändert.",
    "store.password_wrong": "Das bisherige Passwort stimmt nicht.",
}
EN = {
    "password.change": "Change password",
    "password.old": "Current password",
    "password.new": "New password",
    "password.hint": "Your other devices then sign in again with the new password.",
    "password.changed": "The password is changed.",
    "store.password_wrong": "The current password is wrong.",
}
i18n.extend(DE, EN)


def show(shell: Any, change: Callable[[str, str], Any]) -> None:
    """Ask for both passwords; ``change(old, new)`` (blocking: it runs in a thread) makes the
    change; a refusal is said in one line, and the dialog stays."""
    t = shell.t
    old, new = (ft.TextField(label=t(key), password=True, can_reveal_password=True, dense=True)
                for key in ("password.old", "password.new"))

    async def go(e: Any) -> None:
        try:
            await asyncio.to_thread(change, old.value or "", new.value or "")
        except Exception as exc:  # StoreError: a wrong old one, a weak new one, the network
            shell.snack(error_text(shell, exc), error=True)
            return
        shell.close_dialog()
        shell.snack(t("password.changed"))

    shell.page.show_dialog(ft.AlertDialog(
        title=ft.Text(t("password.change")),
        content=ft.Column([
            ft.Semantics(identifier="password-old", content=old),
            ft.Semantics(identifier="password-new", content=new),
            theme.caption(t("password.hint"))], tight=True, spacing=10, width=340),
        actions=[ft.TextButton(t("cancel"), on_click=lambda e: shell.close_dialog()),
                 ft.Semantics(identifier="password-go", content=ft.FilledButton(
                     t("password.change"), on_click=go))],
        actions_alignment=ft.MainAxisAlignment.END))
