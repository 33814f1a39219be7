"""Syncing with a circle's server, on the settings screen: connect (sign in or make an account),
choose, make or join a circle, sync now, invite a friend, disconnect.

Every call to the server runs off the UI loop (``asyncio.to_thread``); what it refuses is one
line in the snackbar, in the person's language, and changes nothing.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, Callable

import flet as ft

from app import i18n, theme
from app.screens import invitation, password_change
from app.screens.messages import error_text
from app.sync_link import SyncLink

DE = {
    "sync.title": "Mit einem Server abgleichen",
    "sync.hint": "Eure Runde teilt Spieler, Partien, Statistik und Schulden über einen eigenen "
    "Server (hofstaat serve). Jedes Gerät gleicht ab, was sich geändert hat; nichts geht verloren.",
    "sync.connect": "Verbinden …", "sync.server": "Adresse des Servers", "sync.login": "Anmeldename",
    "sync.password": "Passwort", "sync.name": "Dein Name in der Runde",
    "sync.sign_in": "Anmelden", "sync.create_account": "Konto anlegen",
    "sync.new_account": "Neues Konto", "sync.have_account": "Ich habe ein Konto",
    "sync.cancel": "Abbrechen", "sync.connected": "Angemeldet als {name} bei {server}",
    "sync.circle": "Runde: {name}", "sync.no_circle": "Noch keine Runde gewählt.",
    "sync.choose": "Runde wählen", "sync.new_circle": "Neue Runde", "sync.circle_name": "Name der Runde",
    "sync.join": "Mit Code beitreten", "sync.code": "Einladungscode", "sync.make": "Anlegen",
    "sync.now": "Jetzt abgleichen", "sync.invite": "Einladen", "sync.disconnect": "Abmelden",
    "sync.never": "Noch nie abgeglichen.",
    "sync.none_yet": "Du bist noch in keiner Runde: tritt mit einem Code bei, den dir jemand "
    "aus der Runde gibt, oder lege eine neue an.",
    "sync.last": "Zuletzt abgeglichen: {when} · {sent} gesendet, {new} neu",
    "sync.done": "Abgeglichen: {sent} gesendet, {new} neu oder aktualisiert.",
    "sync.running": "Gleiche ab …",
    "sync.invite_title": "Einladung in „{name}“",
    "sync.invite_text": "Gib diesen Code einer Person, die mitspielen soll. Er gilt sieben Tage, "
    "für eine Person. Sie gibt ihn in ihrer App unter Einstellungen → Mit einem Server "
    "abgleichen → Mit Code beitreten ein.",
    "sync.tables": "Tische der Runde",
    "sync.tables_hint": "An einem Tisch der Runde spielt jede Person auf ihrem eigenen Gerät, "
    "im Browser beim Server: dort anmelden, und los.",
    "store.sync_unreachable": "Der Server ist nicht erreichbar. Nichts wurde geändert.",
    "store.sync_not_hofstaat": "Unter dieser Adresse antwortet kein Hofstaat-Server.",
    "store.sync_version": "Server und App sprechen verschiedene Versionen: bitte die ältere "
    "aktualisieren. Nichts wurde geändert.",
    "store.sync_bad_url": "Das ist keine Adresse eines Servers.",
    "store.sign_in_failed": "Anmeldename oder Passwort stimmen nicht.",
    "store.sign_in_wait": "Zu viele falsche Passwörter: bitte in {wait:.0f} s noch einmal.",
    "store.session_expired": "Die Anmeldung ist abgelaufen: bitte neu verbinden.",
    "store.login_taken": "Diesen Anmeldenamen gibt es schon.",
    "store.login_invalid": "Ein Anmeldename hat 3 bis 64 Buchstaben, Ziffern oder . @ + - _.",
    "store.password_weak": "Ein Passwort braucht mindestens {least} Zeichen.",
    "store.invitation_invalid": "Dieser Code stimmt nicht, ist schon benutzt oder abgelaufen.",
    "store.circle_member": "Du bist schon in dieser Runde.",
    "store.circle_unknown": "Diese Runde gibt es nicht, oder du gehörst nicht dazu.",
    "store.sync_restart": "Der Server wurde zurückgesetzt: es wird alles neu abgeglichen.",
    "store.sync_not_linked": "Dieses Gerät ist mit keinem Server verbunden.",
    "store.sync_no_circle": "Bitte zuerst eine Runde wählen.",
    "store.account_name_invalid": "Ein Name hat 1 bis 40 Zeichen.",
    "store.circle_name_invalid": "Der Name einer Runde hat 1 bis 60 Zeichen.",
}
EN = {
    "sync.title": "Sync with a server",
    "sync.hint": "Your circle shares players, games, statistics and debts through a server of "
    "its own (hofstaat serve). Each device syncs what changed; nothing is lost.",
    "sync.connect": "Connect …", "sync.server": "Server address", "sync.login": "Login name",
    "sync.password": "Password", "sync.name": "Your name in the circle",
    "sync.sign_in": "Sign in", "sync.create_account": "Create account",
    "sync.new_account": "New account", "sync.have_account": "I have an account",
    "sync.cancel": "Cancel", "sync.connected": "Signed in as {name} at {server}",
    "sync.circle": "Circle: {name}", "sync.no_circle": "No circle chosen yet.",
    "sync.choose": "Choose a circle", "sync.new_circle": "New circle", "sync.circle_name": "Circle name",
    "sync.join": "Join with a code", "sync.code": "Invitation code", "sync.make": "Create",
    "sync.now": "Sync now", "sync.invite": "Invite", "sync.disconnect": "Sign out",
    "sync.never": "Never synced yet.",
    "sync.none_yet": "You are in no circle yet: join one with a code someone in it gives you, "
    "or make a new one.",
    "sync.last": "Last synced: {when} · {sent} sent, {new} new",
    "sync.done": "Synced: {sent} sent, {new} new or updated.",
    "sync.running": "Syncing …",
    "sync.invite_title": "Invitation to “{name}”",
    "sync.invite_text": "Give this code to someone who should play along. It is good for seven "
    "days, for one person. They enter it in their app under Settings → Sync with a server → "
    "Join with a code.",
    "sync.tables": "Circle's tables",
    "sync.tables_hint": "At a circle's table everyone plays on their own device, in the "
    "browser at the server: sign in there and play.",
    "store.sync_unreachable": "The server cannot be reached. Nothing was changed.",
    "store.sync_not_hofstaat": "No Hofstaat server answers at this address.",
    "store.sync_version": "Server and app speak different versions: please update the older "
    "one. Nothing was changed.",
    "store.sync_bad_url": "That is not a server's address.",
    "store.sign_in_failed": "The login name or the password is wrong.",
    "store.sign_in_wait": "Too many wrong passwords: please try again in {wait:.0f} s.",
    "store.session_expired": "The session has ended: please connect again.",
    "store.login_taken": "This login name is taken.",
    "store.login_invalid": "A login name has 3 to 64 letters, digits or . @ + - _.",
    "store.password_weak": "A password needs at least {least} characters.",
    "store.invitation_invalid": "This code is wrong, used or expired.",
    "store.circle_member": "You are in this circle already.",
    "store.circle_unknown": "There is no such circle, or you do not belong to it.",
    "store.sync_restart": "The server was reset: everything is synced again.",
    "store.sync_not_linked": "This device is not linked to a server.",
    "store.sync_no_circle": "Choose a circle first.",
    "store.account_name_invalid": "A name has 1 to 40 characters.",
    "store.circle_name_invalid": "A circle's name has 1 to 60 characters.",
}
i18n.extend(DE, EN)


def _button(identifier: str, control: ft.Control) -> ft.Control:
    return ft.Semantics(identifier=identifier, content=control)


async def _call(shell, redraw: Callable[[], None], work: Callable[[], Any],
                done: Callable[[Any], None] | None = None) -> bool:
    """Run ``work`` off the UI loop; on a refusal say why. True when it went through."""
    try:
        found = await asyncio.to_thread(work)
    except Exception as exc:  # StoreError: the server, the network or the merge refused
        shell.snack(error_text(shell, exc), error=True)
        return False
    if done:
        done(found)
    redraw()
    return True


def section(shell) -> ft.Control:
    """What the settings screen shows of the link: connect, or the circle and its buttons.

    It draws itself again in place after each step (a rebuild of the whole screen would
    scroll the settings back to the top)."""
    holder = ft.Container()

    def redraw() -> None:
        holder.content = _body(shell, redraw)
        try:
            holder.update()
        except RuntimeError:  # not on a page (yet): it shows when the screen is built
            pass

    holder.content = _body(shell, redraw)
    return holder


def _body(shell, redraw: Callable[[], None]) -> ft.Control:
    t, link = shell.t, SyncLink(shell.state.store).link
    if link is None:
        body: list[ft.Control] = [_button("sync-connect", ft.FilledButton(
            t("sync.connect"), icon=ft.Icons.CLOUD_SYNC, on_click=lambda e: connect_dialog(shell, redraw)))]
    else:
        server = link.url.split("://", 1)[-1]
        body = [theme.caption(t("sync.connected", name=link.name, server=server))]
        if link.circle is None:
            body += [theme.caption(t("sync.no_circle")),
                     _button("sync-choose", ft.FilledButton(
                         t("sync.choose"), icon=ft.Icons.GROUPS,
                         on_click=lambda e: shell.page.run_task(circle_dialog, shell, redraw)))]
        else:
            when = (t("sync.never") if link.last_sync is None else t(
                "sync.last", when=time.strftime("%d.%m. %H:%M", time.localtime(link.last_sync)),
                sent=link.last_counts[0], new=link.last_counts[1]))
            body += [theme.title(t("sync.circle", name=link.circle.name), 14),
                     theme.caption(when),
                     ft.Row([_button("sync-now", ft.FilledButton(
                                 t("sync.now"), icon=ft.Icons.SYNC,
                                 on_click=lambda e: shell.page.run_task(sync_now, shell, redraw))),
                             _button("sync-invite", ft.OutlinedButton(
                                 t("sync.invite"), icon=ft.Icons.PERSON_ADD,
                                 on_click=lambda e: shell.page.run_task(invite, shell)))],
                            spacing=12, wrap=True),
                     # The tables are the server's web client's: the browser opens them there.
                     theme.caption(t("sync.tables_hint")),
                     _button("sync-tables", ft.OutlinedButton(
                         t("sync.tables"), icon=ft.Icons.OPEN_IN_NEW,
                         on_click=lambda e: shell.page.run_task(open_tables, link.url)))]
        body.append(ft.Row([
            _button("sync-password", ft.TextButton(
                t("password.change"), icon=ft.Icons.PASSWORD,
                on_click=lambda e: password_change.show(
                    shell, SyncLink(shell.state.store).change_password))),
            _button("sync-disconnect", ft.TextButton(
                t("sync.disconnect"), icon=ft.Icons.LOGOUT,
                on_click=lambda e: shell.page.run_task(disconnect, shell, redraw)))],
            spacing=4, wrap=True))
    return ft.Column(body, spacing=8, tight=True)


def _field(label: str, identifier: str, **kw: Any) -> ft.TextField:
    return ft.TextField(label=label, dense=True, autofocus=False, **kw, data=identifier)


def connect_dialog(shell, redraw: Callable[[], None], new_account: bool = False) -> None:
    """Server, login and password; a name too for a new account."""
    t = shell.t
    link = SyncLink(shell.state.store)
    server = _field(t("sync.server"), "server", keyboard_type=ft.KeyboardType.URL)
    login = _field(t("sync.login"), "login")
    password = _field(t("sync.password"), "password", password=True, can_reveal_password=True)
    name = _field(t("sync.name"), "name", visible=new_account)
    fields = [server, login, password, name]

    async def go(e) -> None:
        wanted = name.value if new_account else None
        if await _call(shell, redraw, lambda: link.connect(
                server.value or "", login.value or "", password.value or "", wanted)):
            shell.close_dialog()
            await circle_dialog(shell, redraw)

    dialog = ft.AlertDialog(
        title=ft.Text(t("sync.new_account") if new_account else t("sync.title")),
        content=ft.Column([ft.Semantics(identifier=f"sync-field-{f.data}", content=f)
                           for f in fields], tight=True, spacing=10, width=340),
        actions=[
            ft.TextButton(t("sync.have_account") if new_account else t("sync.new_account"),
                          on_click=lambda e: (shell.close_dialog(),
                                              connect_dialog(shell, redraw, not new_account))),
            ft.TextButton(t("sync.cancel"), on_click=lambda e: shell.close_dialog()),
            _button("sync-go", ft.FilledButton(
                t("sync.create_account") if new_account else t("sync.sign_in"), on_click=go)),
        ], actions_alignment=ft.MainAxisAlignment.END)
    shell.page.show_dialog(dialog)


async def circle_dialog(shell, redraw: Callable[[], None]) -> None:
    """The account's circles to choose from, a code to join one, a name to make one."""
    t = shell.t
    link = SyncLink(shell.state.store)
    try:
        circles = await asyncio.to_thread(link.circles)
    except Exception as exc:
        shell.snack(error_text(shell, exc), error=True)
        return
    code = _field(t("sync.code"), "code", capitalization=ft.TextCapitalization.CHARACTERS)
    name = _field(t("sync.circle_name"), "circle-name")

    async def chosen(circle) -> None:
        if await _call(shell, redraw, lambda: link.choose(circle)):
            shell.close_dialog()

    async def joined(e) -> None:
        if await _call(shell, redraw, lambda: link.join(code.value or "")):
            shell.close_dialog()

    async def made(e) -> None:
        if await _call(shell, redraw, lambda: link.create_circle(name.value or "")):
            shell.close_dialog()

    rows: list[ft.Control] = [
        _button(f"sync-circle-{c.id}", ft.OutlinedButton(
            c.name, icon=ft.Icons.GROUPS, on_click=lambda e, c=c: shell.page.run_task(chosen, c)))
        for c in circles]
    if not circles:
        rows.append(theme.caption(t("sync.none_yet")))
    rows += [ft.Divider(),
             ft.Semantics(identifier="sync-field-code", content=code),
             _button("sync-join", ft.FilledTonalButton(t("sync.join"), on_click=joined)),
             ft.Semantics(identifier="sync-field-circle-name", content=name),
             _button("sync-make", ft.FilledTonalButton(t("sync.new_circle"), on_click=made))]
    shell.page.show_dialog(ft.AlertDialog(
        title=ft.Text(t("sync.choose")),
        content=ft.Column(rows, tight=True, spacing=10, width=340),
        actions=[ft.TextButton(t("sync.cancel"), on_click=lambda e: shell.close_dialog())]))


async def sync_now(shell, redraw: Callable[[], None]) -> None:
    shell.snack(shell.t("sync.running"))
    link = SyncLink(shell.state.store)

    def done(report) -> None:
        shell.snack(shell.t("sync.done", sent=report.sent, new=report.new))

    await _call(shell, redraw, link.sync_now, done)


async def open_tables(url: str) -> None:
    await ft.UrlLauncher().launch_url(url, mode=ft.LaunchMode.EXTERNAL_APPLICATION)


async def invite(shell) -> None:
    t = shell.t
    link = SyncLink(shell.state.store)
    try:
        code = await asyncio.to_thread(link.invite)
    except Exception as exc:
        shell.snack(error_text(shell, exc), error=True)
        return
    kept = link.link
    circle = kept.circle.name if kept and kept.circle else ""
    invitation.show(shell, t("sync.invite_title", name=circle), code, t("sync.invite_text"),
                    invitation.join_link(kept.url if kept else "", code))


async def disconnect(shell, redraw: Callable[[], None]) -> None:
    await _call(shell, redraw, SyncLink(shell.state.store).disconnect)
