"""A guest's phone: the join page, then its seat's table; the only page the guests' server serves.

Type the table's code (the QR code's link fills it in), pick a free seat, type a name, play.
The seat's secret token is kept in the browser's own storage (``ft.SharedPreferences``: the
page's origin's localStorage), never in a URL, so a reload, a phone that slept or a tab closed
and opened again comes back to its seat. A wrong code, a taken seat or a closed table each
say so in one line; a held seat can be asked for, and the host decides. Wrong codes are
counted per phone address (``page.client_ip``, ``core.host.codes.Gate``).

The table is the game's own (``app.tables``), drawn for this seat only through a
``SeatSession`` (``app.host.seen``): there is no home screen, no navigation and nothing of the
host's app beyond this table.
"""

from __future__ import annotations

import logging
import math
import urllib.parse
from typing import Any, Callable

import flet as ft

from app import catalog, i18n, tables, theme
from app.host import hosting
from app.host import strings  # noqa: F401  (registers the texts)
from app.screens import rules
from app.state import AppState, device_language
from app.tables.kit import top_bar
from app.widgets import card as card_widget
from core.host import GateClosed, SeatError

log = logging.getLogger(__name__)

KEY = "hofstaat.seat"  # the phone's token for its seat, in the browser's own storage
ASK = "hofstaat.ask"  # a request for a held seat, waiting for the host
APPBAR = 56


class GuestState(AppState):
    """A guest's app state: the host's store for reading the table's people and looks, the
    phone's own language, and nothing it could change on the host."""

    def __init__(self, store: Any, lang: str) -> None:
        super().__init__(store, lang)
        self.settings.language = None  # the phone's language, not the host's
        self.settings.sound = "off"  # no sound players on a guest's page

    def set_setting(self, field: str, value: str | None) -> None:
        return None  # a guest changes no setting of the host's

    def mark_guide_seen(self, game: str) -> None:
        return None

    def start_game(self, *args: Any, **kwargs: Any) -> Any:
        raise PermissionError("a guest starts no game")


class GuestUI:
    """What a table asks of its screen (``Shell``'s part of it), on a guest's page."""

    def __init__(self, page: ft.Page, state: GuestState, guest: Guest) -> None:
        self.page = page
        self.state = state
        self.guest = guest
        state.ui = self
        self.bot_future: Any = None

    def t(self, key: str, **kw: Any) -> str:
        return self.state.t(key, **kw)

    @property
    def lang(self) -> str:
        return self.state.lang

    @property
    def width(self) -> float:
        return self.page.width or 390

    @property
    def wide(self) -> bool:
        return self.width >= 720

    @property
    def card_size(self) -> str:
        return card_widget.size_for_width(self.width)

    def navigate(self, route: str) -> None:
        self.refresh()  # a guest has nowhere else to go: its table again

    def refresh(self) -> None:
        self.page.run_task(self.guest.show)

    def cancel_bot(self) -> None:
        return None

    def snack(self, message: str, error: bool = False) -> None:
        self.page.show_dialog(ft.SnackBar(ft.Text(message), behavior=ft.SnackBarBehavior.FLOATING))

    def confirm(self, title: str, text: str, confirm_label: str, on_confirm: Callable[[], None],
                destructive: bool = False) -> None:
        return None  # a guest resigns nothing, deletes nothing

    def close_dialog(self) -> None:
        self.page.pop_dialog()


class Guest:
    """One guest page: the join form, the wait for the host's consent, or the seat's table."""

    def __init__(self, page: ft.Page, lang: str) -> None:
        self.page = page
        self.lang = lang
        self.prefs = ft.SharedPreferences()  # registered with this page (built in its context)
        self.token: str | None = None
        self.request: str | None = None
        self.table: Any = None
        self.code = query_code(page)
        self.seat: int | None = None
        self.name = ""
        self.problem: str | None = None
        self.may_ask = False
        self._form: ft.Control | None = None  # the join form, built once
        self._form_parts: tuple[Any, Any, Any, Any] = (None, None, None, None)
        self._shown: ft.Control | None = None  # what the page shows now (None: the table)

    def t(self, key: str, **kw: Any) -> str:
        return i18n.t(key, self.lang, **kw)

    @property
    def client(self) -> str:
        return str(self.page.client_ip or "unknown")

    async def start(self) -> None:
        self.token = await self._read(KEY)
        self.request = await self._read(ASK)
        self.page.on_connect = self._connected
        self.page.on_disconnect = self._disconnected
        self.page.on_close = self._closed
        await self.show()

    # --- what the page shows ----------------------------------------------------------------

    async def show(self) -> None:
        """The table when this phone holds a seat, else what it waits for, else the join form."""
        hosted = hosting.current
        if hosted is None:
            self.table = None
            self._draw([self._card([theme.body(self.t("guest.no_table"), 15)])])
            return
        hosted.on_door(self.page, self._door)
        if self.token and hosted.back(self.token) is not None:
            self._show_table(hosted)
            return
        if self.request:
            got = hosted.collect(self.request)
            if got is not None:
                await self._seated(hosted, got[1])
                return
            self._draw([self._card([theme.body(self.t("guest.asked"), 15)], ident="guest-asked")])
            return
        self._show_form(hosted)

    def _show_table(self, hosted: Any) -> None:
        proxy = hosted.guest_view(self.token)
        state = GuestState(hosted.store, self.lang)
        GuestUI(self.page, state, self)
        control = tables.build(state, proxy)
        self.table = control.data
        ui = state.ui
        # Undo (the phone's own last move) and the rules, as on any table.
        self.table.bar = bar = top_bar.TopBar(ui, self.table,
                                              lambda: rules.show_dialog(ui, proxy.game.name, guided=False))
        hosted.follow(self.table, self.page)
        name = proxy.seats[proxy.seat].name
        game = catalog.title(proxy.game.name, self.t, self.lang)
        self.page.appbar = ft.AppBar(
            title=ft.Text(self.t("guest.you_at", game=game, name=name), font_family=theme.DISPLAY, size=18,
                          color=theme.IVORY, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
            bgcolor=theme.FELT_DARK, color=theme.IVORY, automatically_imply_leading=False,
            actions=bar.actions())
        self.page.bgcolor = theme.FELT_DARK
        self._shown = None
        self.page.controls = [ft.Semantics(identifier="guest-table", container=True, content=control,
                                           expand=True)]
        self.page.update()

    def _show_form(self, hosted: Any) -> None:
        """The join form: built once per page and changed in place, so a guest joining or leaving
        meanwhile never takes the text being typed."""
        self.table = None
        t = self.t
        room = hosted.room
        held = room.seats.holders()
        open_seats = [s for s in hosted.phones if s in room.seats.free() or s in held]
        if self.seat not in open_seats:
            self.seat = next((s for s in open_seats if s not in held), None)
        if self._form is None:
            self._form = self._build_form()
        seats, problem, ask, name = self._form_parts
        seats.controls = [self._seat_button(s, held, room.seats.kept) for s in open_seats]
        name.visible = self.seat not in room.seats.kept  # a kept seat's phone plays as its person
        problem.content.value = self.problem or ""
        problem.visible = bool(self.problem)
        ask.visible = self.may_ask
        if self._shown is self._form:
            self._form.update()
        else:
            self._draw([self._form])

    def _seat_button(self, s: int, held: dict[int, Any], kept: dict[int, str]) -> ft.Control:
        t = self.t
        label = (t("guest.seat_held", n=s + 1, name=held[s].name) if s in held
                 else t("guest.seat_kept", n=s + 1, name=kept[s]) if s in kept else t("guest.seat_n", n=s + 1))
        chosen = s == self.seat
        style = ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=12),
                               bgcolor=theme.GOLD if chosen else None, color=theme.FELT_DARK if chosen else None)
        return ft.Semantics(identifier=f"guest-seat-{s + 1}", selected=chosen, key=f"seat-{s}",
                            content=ft.OutlinedButton(
                                label, icon=ft.Icons.CHECK if chosen else ft.Icons.EVENT_SEAT_OUTLINED, height=48,
                                style=style, on_click=lambda e, s=s: self._pick(s)))

    def _build_form(self) -> ft.Control:
        t = self.t
        code = ft.TextField(label=t("guest.code"), value=self.code, max_length=9, border_radius=12,
                            capitalization=ft.TextCapitalization.CHARACTERS, autofocus=not self.code,
                            on_change=lambda e: setattr(self, "code", e.control.value or ""))
        name = ft.TextField(label=t("guest.name"), value=self.name, max_length=30, border_radius=12,
                            capitalization=ft.TextCapitalization.WORDS,
                            on_change=lambda e: setattr(self, "name", e.control.value or ""),
                            on_submit=self._join)
        seats = ft.Column(spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        problem = ft.Semantics(identifier="guest-problem", live_region=True, visible=False,
                               content=ft.Text("", color=ft.Colors.ERROR, size=14.5))
        ask = ft.Semantics(identifier="guest-ask", visible=False, content=ft.TextButton(
            t("guest.ask"), icon=ft.Icons.FRONT_HAND_OUTLINED, height=48, on_click=self._ask))
        named = ft.Semantics(identifier="guest-name", content=name)
        self._form_parts = (seats, problem, ask, named)
        return self._card([
            theme.body(t("guest.intro"), 14.5),
            ft.Semantics(identifier="guest-code", content=code),
            theme.title(t("guest.seat")),
            seats,
            named,
            problem,
            ft.Semantics(identifier="guest-join", content=ft.FilledButton(
                t("guest.join"), icon=ft.Icons.LOGIN, height=54, on_click=self._join,
                style=ft.ButtonStyle(bgcolor=theme.GOLD, color=theme.FELT_DARK,
                                     shape=ft.RoundedRectangleBorder(radius=16)))),
            ask,
        ])

    def _card(self, parts: list[ft.Control], ident: str = "guest-join-card") -> ft.Control:
        width = min(460, (self.page.width or 390) - 24)
        head = ft.Row([ft.Image(src="crest.png", width=40, height=40),
                       theme.display(self.t("guest.title"), 22, color=theme.FELT_DARK, expand=True)], spacing=12)
        return ft.Semantics(identifier=ident, container=True, content=ft.Container(
            ft.Column([head, *parts], spacing=14, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
            width=width, padding=20, border_radius=20, bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT)))

    def _draw(self, controls: list[ft.Control]) -> None:
        self._shown = controls[0] if len(controls) == 1 else None
        self.page.appbar = None
        self.page.bgcolor = ft.Colors.SURFACE
        self.page.controls = [ft.Container(ft.Column(controls, scroll=ft.ScrollMode.AUTO,
                                                     horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                                           alignment=ft.Alignment.TOP_CENTER, padding=12, expand=True)]
        self.page.update()

    # --- what the person does ---------------------------------------------------------------

    def _pick(self, seat: int) -> None:
        self.seat, self.problem, self.may_ask = seat, None, False
        hosted = hosting.current
        if hosted is not None:
            self._show_form(hosted)

    async def _join(self, e: Any = None) -> None:
        hosted = hosting.current
        if hosted is None:
            await self.show()
            return
        self.may_ask = False
        if self.seat is None:
            self.problem = self.t("guest.err.seat_missing")
            self._show_form(hosted)
            return
        try:
            token = hosted.join(self.client, self.code, self.seat, self.name)
        except GateClosed as closed:
            self.problem = self.t("guest.err.wait", n=math.ceil(closed.wait))
        except SeatError as refused:
            self.problem = self.t(f"guest.err.{refused.key}")
            self.may_ask = refused.key == "seat_taken"
        else:
            self.problem = None
            await self._seated(hosted, token)
            return
        self._show_form(hosted)

    async def _ask(self, e: Any = None) -> None:
        hosted = hosting.current
        if hosted is None or self.seat is None:
            await self.show()
            return
        try:
            self.request = hosted.ask(self.client, self.code, self.seat, self.name)
        except GateClosed as closed:
            self.problem = self.t("guest.err.wait", n=math.ceil(closed.wait))
        except SeatError as refused:
            self.problem = self.t(f"guest.err.{refused.key}")
        else:
            self.problem, self.may_ask = None, False
            await self._write(ASK, self.request)
        await self.show()

    async def _seated(self, hosted: Any, token: str) -> None:
        self.token, self.request = token, None
        await self._write(KEY, token)
        await self._write(ASK, "")
        self._show_table(hosted)

    # --- the host's door and the connection -------------------------------------------------

    async def _door(self) -> None:
        """Someone joined, left, asked, or the host decided: show what changed for this phone."""
        hosted = hosting.current
        if self.table is not None:
            if hosted is not None and hosted.room.seats.seat_of(self.token) is not None:
                return  # still at its seat: the table follows the game by itself
            self.table, self.token = None, None
            self.problem = self.t("guest.err.not_seated")
            await self._write(KEY, "")
        await self.show()

    async def _connected(self, e: Any = None) -> None:
        await self.show()  # the moves made while away, or a table closed meanwhile

    def _disconnected(self, e: Any = None) -> None:
        hosted = hosting.current
        if hosted is not None and self.token:
            hosted.gone(self.token)

    def _closed(self, e: Any = None) -> None:
        hosted = hosting.current
        if hosted is not None:
            hosted.unfollow(id(self.page))
            hosted.off_door(self.page)

    async def _read(self, key: str) -> str | None:
        try:
            value = await self.prefs.get(key)
        except Exception as exc:  # a browser without storage: the phone joins anew after a reload
            log.info("no browser storage: %s", exc)
            return None
        return value if isinstance(value, str) and value else None

    async def _write(self, key: str, value: str) -> None:
        try:
            if value:
                await self.prefs.set(key, value)
            else:
                await self.prefs.remove(key)
        except Exception as exc:
            log.info("cannot keep %s in the browser: %s", key, exc)


def query_code(page: Any) -> str:
    """The code the QR code's link brought (``/?code=ABC234``), else ''."""
    for url in (getattr(page, "route", None), getattr(page, "url", None)):
        if url and "?" in str(url):
            found = urllib.parse.parse_qs(urllib.parse.urlparse(str(url)).query).get("code")
            if found:
                return found[0][:9]
    return ""


async def main(page: ft.Page) -> None:
    """The guests' server's entry: a guest's page."""
    from app.main import device_locales

    lang = device_language(await device_locales(page))
    theme.apply(page, "light")
    page.padding = 0
    page.title = "Hofstaat"
    guest = Guest(page, lang)
    page.data = guest
    await guest.start()
