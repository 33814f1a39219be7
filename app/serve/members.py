"""The server's own web client for members: sign in (or make an account), choose, make or join
a circle, then the app itself on that circle's records: its players, games, statistics,
ratings and ledger, and games played at the table in the browser.

A page reaches a circle's store only through ``Directory.circle_location`` for the signed-in
account, so a stranger reaches none. The session's token is kept in the browser
(``ft.SharedPreferences``) so a reload stays signed in; the password never is. A member's
settings (language, theme...) are their account's (``AccountSettings``): the circle's store
is shared.
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any, Callable

import flet as ft

from app import i18n, theme
from app.serve import strings  # noqa: F401 (the texts of these pages)
from app.screens import invitation, password_change
from app.screens.messages import error_text
from app.state import device_language
from core.server.account_settings import AccountSettings
from core.server.directory import Account, Circle, Directory
from core.store import StoreError

log = logging.getLogger(__name__)
TOKEN, CIRCLE = "hofstaat.server.token", "hofstaat.server.circle"
JOIN = re.compile(r"^/join/([A-Za-z0-9]{4,16})/?$")  # an invitation's link (app.screens.invitation)


def invitation_in(route: str | None) -> str | None:
    """The invitation's code in the address the page was opened at (``/join/<code>``)."""
    found = JOIN.match((route or "").split("?")[0])
    return found.group(1).upper() if found else None



class Membership:
    """The signed-in member and their circle, as the app's screens see it (``AppState.circle``):
    the settings' section, and the circle's tables on home and under ``/table``."""

    def __init__(self, door: MemberDoor, account: Account, circle: Circle) -> None:
        self.door, self.account, self.circle = door, account, circle
        self.tables = door.tables

    def home_section(self, shell: Any) -> list[ft.Control]:
        from app.serve import member_tables

        return member_tables.home_section(shell, self)

    def table_views(self, shell: Any, which: str) -> list[ft.View]:
        """``/table/new`` or ``/table/<id>``, above home."""
        from app.serve import member_tables

        if which == "new":
            return [member_tables.new_table_view(shell, self)]
        return [member_tables.table_view(shell, self, int(which))] if which.isdigit() else []

    def section(self, shell: Any) -> ft.Control:
        """What the settings screen shows instead of syncing: the circle, invite, switch, sign out."""
        t = shell.t
        return ft.Column([
            theme.caption(t("member.signed_in", circle=self.circle.name, name=self.account.name)),
            ft.Row([
                ft.Semantics(identifier="member-invite", content=ft.FilledButton(
                    t("member.invite"), icon=ft.Icons.PERSON_ADD,
                    on_click=lambda e: self.door.show_invitation(self, shell))),
                ft.Semantics(identifier="member-switch", content=ft.OutlinedButton(
                    t("member.switch"), icon=ft.Icons.GROUPS,
                    on_click=lambda e: shell.page.run_task(self.door.switch))),
            ], spacing=12, wrap=True),
            ft.Row([
                ft.Semantics(identifier="member-password", content=ft.TextButton(
                    t("password.change"), icon=ft.Icons.PASSWORD,
                    on_click=lambda e: self.change_password(shell))),
                ft.Semantics(identifier="member-sign-out", content=ft.TextButton(
                    t("member.sign_out"), icon=ft.Icons.LOGOUT,
                    on_click=lambda e: shell.page.run_task(self.door.sign_out)))],
                spacing=4, wrap=True),
        ], spacing=8, tight=True)

    def change_password(self, shell: Any) -> None:
        door = self.door
        password_change.show(shell, lambda old, new: door.directory.change_password(
            door.token or "", old, new, door.page.client_ip))


class MemberDoor:
    """One browser page: the sign-in form, the circle chooser, or the app on a circle."""

    def __init__(self, page: ft.Page, directory: Directory, stores: Any, tables: Any,
                 open_app: Callable[..., None], lang: str) -> None:
        self.page, self.directory, self.stores, self.tables = page, directory, stores, tables
        self.open_app, self.lang = open_app, lang
        self.prefs = ft.SharedPreferences()
        self.token: str | None = None
        self.account: Account | None = None
        self.invitation = invitation_in(page.route)  # from the link opened

    def t(self, key: str, **kw: Any) -> str:
        return i18n.t(key, self.lang, **kw)

    async def start(self) -> None:
        self.page.title = "Hofstaat"
        theme.apply(self.page, None)
        self.token = await self._read(TOKEN)
        if self.token:
            try:
                self.account = await asyncio.to_thread(self.directory.account_of, self.token)
            except StoreError:
                self.token = None
        if self.account is None:
            self.show_sign_in()
            return
        wanted = await self._read(CIRCLE)
        circles = await asyncio.to_thread(self.directory.circles_of, self.account.id)
        # An invitation's link shows the circles, with its code ready to join.
        chosen = None if self.invitation else next((c for c in circles if str(c.id) == wanted),
                                                   None)
        if chosen is not None:
            await self.enter(chosen)
        else:
            self.show_circles(circles)

    async def _read(self, key: str) -> str | None:
        try:
            found = await self.prefs.get(key)
        except Exception:  # a browser that keeps nothing: sign in each time
            return None
        return found if isinstance(found, str) and found else None

    async def _keep(self, key: str, value: str | None) -> None:
        try:
            if value is None:
                await self.prefs.remove(key)
            else:
                await self.prefs.set(key, value)
        except Exception as exc:
            log.info("the browser keeps no %s: %s", key, exc)

    def _draw(self, controls: list[ft.Control]) -> None:
        # Fields as wide as the card; buttons keep their size in rows of their own.
        column = ft.Column([c if isinstance(c, (ft.TextField, ft.Text, ft.Divider)) else ft.Row([c])
                            for c in controls], spacing=12, tight=True,
                           horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        card = ft.Container(column, width=min(420, (self.page.width or 420) - 32), padding=24,
                            bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST, border_radius=18,
                            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT))
        banner = ft.Container(
            ft.Row([ft.Image(src="crest.png", width=52, height=52),
                    ft.Column([theme.display("Hofstaat", 29, color=theme.GOLD_LIGHT),
                               ft.Text(self.t("member.welcome"), font_family=theme.SANS, size=14,
                                       color=theme.IVORY, opacity=0.9)], spacing=2, tight=True)],
                   spacing=14, alignment=ft.MainAxisAlignment.CENTER),
            gradient=theme.FELT_GRADIENT, padding=ft.Padding.only(left=18, right=18, top=22,
                                                                   bottom=24),
            border=ft.Border.only(bottom=ft.BorderSide(3, theme.GOLD)))
        # A view of its own: the app's views (with their navigation) are gone when this shows.
        self.page.views[:] = [ft.View(route="/", padding=0, spacing=0, controls=[
            ft.Column([banner, ft.Container(ft.Row([card], alignment=ft.MainAxisAlignment.CENTER),
                                            padding=16)],
                      scroll=ft.ScrollMode.AUTO, expand=True, spacing=0)])]
        self.page.update()

    def _snack(self, exc: Exception) -> None:
        self.page.show_dialog(ft.SnackBar(ft.Text(error_text(self, exc)),
                                          behavior=ft.SnackBarBehavior.FLOATING))

    # --- signing in --------------------------------------------------------------------

    def show_sign_in(self, new_account: bool = False) -> None:
        t = self.t
        login = ft.TextField(label=t("member.login"), autofocus=True)
        password = ft.TextField(label=t("member.password"), password=True,
                                can_reveal_password=True)
        name = ft.TextField(label=t("member.name"), visible=new_account)

        async def go(e) -> None:
            try:
                if new_account:
                    await asyncio.to_thread(self.directory.register, login.value or "",
                                            name.value or "", password.value or "")
                signed = await asyncio.to_thread(self.directory.sign_in, login.value or "",
                                                 password.value or "", self.page.client_ip)
            except StoreError as exc:
                self._snack(exc)
                return
            self.token, self.account = signed.token, signed.account
            await self._keep(TOKEN, signed.token)
            self.show_circles(await asyncio.to_thread(self.directory.circles_of, self.account.id))

        self._draw([
            theme.heading(t("member.new_account") if new_account else t("member.sign_in"), 24),
            theme.caption(t("member.invited_sign_in") if self.invitation
                          else t("member.sign_in_hint")), login, password, name,
            # No mail here: the server's keeper sets a new one (hofstaat serve --set-password).
            *([] if new_account else [theme.caption(t("member.forgot"))]),
            ft.Row([ft.Semantics(identifier="member-go", content=ft.FilledButton(
                        t("member.create") if new_account else t("member.sign_in"), on_click=go)),
                    ft.TextButton(t("member.have_account") if new_account
                                  else t("member.new_account"),
                                  on_click=lambda e: self.show_sign_in(not new_account))],
                   spacing=12, wrap=True)])

    # --- choosing a circle ---------------------------------------------------------------

    def show_circles(self, circles: list[Circle]) -> None:
        t = self.t
        code = ft.TextField(label=t("member.code"), value=self.invitation or "",
                            capitalization=ft.TextCapitalization.CHARACTERS)
        name = ft.TextField(label=t("member.circle_name"))

        async def joined(e) -> None:
            await self._enter_by(lambda: self.directory.join(self.account.id, code.value or ""))

        async def made(e) -> None:
            await self._enter_by(lambda: self.directory.create_circle(self.account.id,
                                                                      name.value or ""))

        rows: list[ft.Control] = [theme.heading(t("member.circles"), 24)]
        rows += [ft.Semantics(identifier=f"member-circle-{c.id}", content=ft.OutlinedButton(
            c.name, icon=ft.Icons.GROUPS, on_click=lambda e, c=c: self.page.run_task(self.enter, c)))
            for c in circles]
        if self.invitation:
            rows.append(theme.caption(t("member.invited")))
        elif not circles:
            rows.append(theme.caption(t("member.no_circle")))
        rows += [ft.Divider(), code, ft.Semantics(identifier="member-join", content=ft.FilledTonalButton(
                     t("member.join"), on_click=joined)),
                 name, ft.Semantics(identifier="member-make", content=ft.FilledTonalButton(
                     t("member.make"), on_click=made))]
        self._draw(rows)

    async def _enter_by(self, work: Callable[[], Circle]) -> None:
        try:
            circle = await asyncio.to_thread(work)
        except StoreError as exc:
            self._snack(exc)
            return
        await self.enter(circle)

    async def enter(self, circle: Circle) -> None:
        """The app itself on the circle's records."""
        from app.state import AppState

        assert self.account is not None
        try:
            location = await asyncio.to_thread(self.directory.circle_location, self.account.id,
                                               circle.id)
            store = await asyncio.to_thread(self.stores.of, location)
            prefs = await asyncio.to_thread(AccountSettings, self.directory.transactions,
                                            self.account.id)
        except StoreError as exc:
            self._snack(exc)
            return
        await self._keep(CIRCLE, str(circle.id))
        self.invitation = None
        if invitation_in(self.page.route):
            # Home, and the browser's address too: a reload must not offer the used code again.
            await self.page.push_route("/")
        membership = Membership(self, self.account, circle)
        self.page.views[:] = [ft.View(route="/")]  # the shell builds on the page's first view
        self.open_app(self.page, lambda: AppState(store, self.lang, prefs=prefs,
                                                  circle=membership))

    async def switch(self) -> None:
        await self._keep(CIRCLE, None)
        self.page.on_route_change = None
        self.show_circles(await asyncio.to_thread(self.directory.circles_of, self.account.id))

    async def sign_out(self) -> None:
        if self.token:
            await asyncio.to_thread(self.directory.sign_out, self.token)
        await self._keep(TOKEN, None)
        await self._keep(CIRCLE, None)
        self.token = self.account = None
        self.page.on_route_change = None
        self.show_sign_in()

    def show_invitation(self, membership: Membership, shell: Any) -> None:
        try:
            made = self.directory.invite(membership.account.id, membership.circle.id)
        except StoreError as exc:
            self._snack(exc)
            return
        link = invitation.join_link(invitation.page_base(self.page.url or ""), made.code)
        invitation.show(shell, membership.circle.name, made.code, shell.t("member.invite_text"),
                        link)


def make_member_main(directory: Directory, stores: Any, tables: Any) -> Callable[[ft.Page], Any]:
    """The server's per-session entry point."""
    from app.main import device_locales, open_app

    async def main(page: ft.Page) -> None:
        lang = device_language(await device_locales(page))
        await MemberDoor(page, directory, stores, tables, open_app, lang).start()

    return main
