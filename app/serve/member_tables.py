"""A member's tables with the circle's other members, in the server's web client.

Home lists the tables where the member has a seat (whose turn it is at each) and opens a new
one; ``/table/new`` chooses the game and who sits where (members of the circle, or the computer);
``/table/<id>`` is the game's own table, drawn for the member's seat only.

The table reads the game through a ``MemberSeat``: the same guard a guest's phone at a hosted
table has (``app.host.seen.SeatSession``: its seat's view only, its own turn only), over the
circle's table as this server process keeps it (``core.server.circle_tables``). Every move made
at the table, through this process or another, redraws it (``follow``), with the move's events
as the seat may see them, so a card played elsewhere is seen being played.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import weakref
from typing import Any, Callable

import flet as ft

from app import catalog, fmt, i18n, tables, theme
from app.host.seen import SeatSession
from app.screens import rules
from app.serve import strings  # noqa: F401 (the texts of these screens)
from app.tables.kit import top_bar
from app.widgets import tiles
from core.bots import levels as bot_levels
from core.errors import IllegalAction
from core.games import registry
from core.server.circle_tables import CircleTables, Place
from core.server.circles import TABLES
from core.server.moves import NEW
from core.store import StoreError

log = logging.getLogger(__name__)
GAMES = [name for name in registry.names() if registry.get(name).info.max_players >= 2]
_following: weakref.WeakKeyDictionary[Any, Callable[[], None]] = weakref.WeakKeyDictionary()


class CircleRoom:
    """What a ``SeatSession`` asks of its room, for one member's seat at a circle's table."""

    def __init__(self, circle_tables: CircleTables, place: Place, seat: int) -> None:
        self.tables, self.place, self.seat = circle_tables, place, seat

    @property
    def session(self) -> Any:
        return self.tables.session_of(self.place)

    def act(self, token: str, action: Any) -> list[dict[str, Any]]:
        try:
            return self.tables.apply(self.place, self.seat, str(action))
        except StoreError as exc:
            if exc.key in ("action_illegal", "not_your_turn"):
                raise IllegalAction(str(exc)) from None
            raise

    def undo(self, token: str) -> bool:
        return False


class MemberSeat(SeatSession):
    """A member's seat: their view, their turn; no undo (the others have seen the move)."""

    def __init__(self, room: CircleRoom) -> None:
        super().__init__(room, [room.seat], token="member")
        self.shown_ply = len(room.session.actions)  # the moves this table has drawn

    @property
    def can_undo(self) -> bool:
        return False

    def apply(self, action: Any) -> list[dict[str, Any]]:
        events = super().apply(action)
        self.shown_ply = len(self._session.actions)
        return events

    def hint(self, level: str = "hard") -> tuple[Any, str]:
        room: CircleRoom = self._room
        try:
            return room.tables.hint(room.place, room.seat)
        except StoreError as exc:
            raise IllegalAction(str(exc)) from None


# --- home ------------------------------------------------------------------------------------


def home_section(shell: Any, membership: Any) -> list[ft.Control]:
    """The member's running tables, and a way to open a new one."""
    t = shell.t
    try:
        found = [x for x in membership.tables.tables(membership.account.id, membership.circle.id)
                 if not x["over"]]
    except StoreError as exc:  # home must show even when the tables cannot be read
        log.warning("cannot list the circle's tables: %s", exc)
        found = []
    rows = [_table_row(shell, x) for x in found]
    new = ft.Semantics(identifier="circle-table-new", content=ft.FilledTonalButton(
        t("ctable.new"), icon=ft.Icons.ADD, on_click=lambda e: shell.navigate("/table/new")))
    body: list[ft.Control] = [ft.Column(rows, spacing=10)] if rows else [
        theme.caption(t("ctable.none", circle=membership.circle.name))]
    # Whose turn it is changes with every move at these tables, and a table opened by another
    # member may be one with this member: home shows both as they happen.
    place = membership.circle.store_key + TABLES
    keys = [(place, x["table"]) for x in found] + [(place, NEW)]
    _while_shown(shell, "/", membership.tables, keys, lambda _revision: _refresh(shell))
    return [ft.Container(theme.section_label(t("ctable.heading")), padding=ft.Padding.only(top=18)),
            *body, ft.Row([new])]


def _table_row(shell: Any, x: dict[str, Any]) -> ft.Control:
    t = shell.t
    # A computer is named by its level in the reader's language, as at the table itself.
    seated = [fmt.seat_name({"kind": "bot" if level else "human", "level": level, "name": name}, t)
              for name, level in zip(x["names"], x["levels"])]
    names = [t("ctable.you") if i == x["seat"] else n for i, n in enumerate(seated)]
    turn = t("ctable.your_turn") if x["to_move"] == x["seat"] else \
        t("ctable.their_turn", name=seated[x["to_move"]]) if x["to_move"] is not None else ""
    return tiles.continue_row(
        game_id=x["table"], title=catalog.title(x["game"], t, shell.lang),
        who=" · ".join(fmt.grouped(names)), when=turn, art=f"games/{x['game']}.png",
        resume_label=t("continue.resume"), show_play=shell.wide, ident=f"circle-table-{x['table']}",
        on_open=lambda n=x["table"]: shell.navigate(f"/table/{n}"))


# --- a new table -----------------------------------------------------------------------------


def new_table_view(shell: Any, membership: Any) -> ft.View:
    t = shell.t
    others = [m for m in membership.door.directory.members(membership.account.id,
                                                           membership.circle.id)
              if m.account_id != membership.account.id]
    chosen = shell.drafts.setdefault("/table/new", {"game": GAMES[0], "count": 2, "seats": {}})
    info = registry.get(chosen["game"]).info
    levels = bot_levels(chosen["game"])
    count = min(max(chosen["count"], info.min_players), info.max_players)

    def seat_value(i: int) -> str:
        kept = chosen["seats"].get(i)
        if kept is not None:
            return kept
        free = [m for m in others if f"m:{m.account_id}" not in chosen["seats"].values()]
        return f"m:{free[i - 1].account_id}" if i - 1 < len(free) else \
            f"bot:{'normal' if 'normal' in levels else levels[-1]}"

    def changed(key: str, value: Any) -> None:
        chosen[key] = value
        shell.refresh()

    def seat_changed(i: int, value: str) -> None:
        chosen["seats"][i] = value
        shell.refresh()

    options = [ft.DropdownOption(key=f"m:{m.account_id}", text=m.name) for m in others]
    options += [ft.DropdownOption(key=f"bot:{lv}", text=f"{t('computer')} · {t('level.' + lv)}")
                for lv in levels]
    rows: list[ft.Control] = [
        theme.caption(t("ctable.new_hint", circle=membership.circle.name)),
        ft.Row([
            ft.Dropdown(value=chosen["game"], label=t("ctable.game"), border_radius=12, expand=2,
                        options=[ft.DropdownOption(key=g, text=catalog.title(g, t, shell.lang))
                                 for g in GAMES],
                        on_select=lambda e: changed("game", e.control.value)),
            ft.Dropdown(value=str(count), label=t("ctable.players"), border_radius=12, expand=1,
                        options=[ft.DropdownOption(key=str(n), text=str(n))
                                 for n in range(info.min_players, info.max_players + 1)],
                        on_select=lambda e: changed("count", int(e.control.value)))],
            spacing=12),
        _seat_line(ft.Icons.PERSON, ft.TextField(value=t("ctable.you_named",
                                                         name=membership.account.name),
                                                 label=t("new_game.seat", n=1), read_only=True,
                                                 border_radius=12, expand=True))]
    values = {i: seat_value(i) for i in range(1, count)}
    for i in range(1, count):
        rows.append(_seat_line(
            ft.Icons.SMART_TOY_OUTLINED if values[i].startswith("bot:") else ft.Icons.PERSON,
            ft.Dropdown(value=values[i], options=options, label=t("new_game.seat", n=i + 1),
                        border_radius=12, expand=True,
                        on_select=lambda e, i=i: seat_changed(i, e.control.value))))

    async def start(e: Any) -> None:
        seats = [{"member": membership.account.id}] + [
            {"member": int(v[2:])} if v.startswith("m:") else {"computer": v[4:]}
            for _i, v in sorted(values.items())]
        try:
            look = await asyncio.to_thread(membership.tables.open_table, membership.account.id,
                                           membership.circle.id, chosen["game"], seats)
        except StoreError as exc:
            shell.snack(_said(shell, exc), error=True)
            return
        shell.drafts.pop("/table/new", None)
        shell.navigate(f"/table/{look['table']}")

    footer = ft.Container(ft.Semantics(identifier="circle-table-open", content=ft.FilledButton(
        t("ctable.open"), icon=ft.Icons.PLAY_ARROW, on_click=start, height=48)),
        padding=16, alignment=ft.Alignment.CENTER_RIGHT)
    form = ft.Column(rows, spacing=16, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    return shell.sub_view("/table/new", t("ctable.new"),
                          [ft.Container(form, padding=ft.Padding.only(top=14))], footer=footer)


def _seat_line(glyph: str, field: ft.Control) -> ft.Control:
    icon = ft.Container(ft.Icon(glyph, color=theme.FELT_DARK, size=22), bgcolor=theme.GOLD,
                        width=42, height=42, border_radius=21, alignment=ft.Alignment.CENTER)
    return ft.Row([icon, field], spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _said(shell: Any, exc: StoreError) -> str:
    """A refusal in the member's language where there are words for it."""
    return i18n.t(f"ctable.error.{exc.key}", shell.lang, _default=None) or str(exc)


# --- at the table ----------------------------------------------------------------------------


def table_view(shell: Any, membership: Any, table_id: int) -> ft.View:
    t = shell.t
    route = f"/table/{table_id}"
    circle_tables: CircleTables = membership.tables
    try:
        place, seat = circle_tables.place(membership.account.id, membership.circle.id, table_id)
        proxy = MemberSeat(CircleRoom(circle_tables, place, seat))
    except StoreError as exc:
        return shell.sub_view(route, t("ctable.heading"), [ft.Container(ft.Column([
            ft.Icon(ft.Icons.ERROR_OUTLINE, size=40, color=ft.Colors.ERROR),
            theme.body(_said(shell, exc)),
            ft.FilledButton(t("play.home"), on_click=lambda e: shell.navigate("/"))], spacing=12),
            padding=ft.Padding.only(top=24))])
    control = tables.build(shell.state, proxy)
    table = control.data
    table.bar = bar = top_bar.TopBar(shell, table, lambda: rules.show_dialog(shell, proxy.game.name))
    table.again = lambda: _again(shell, membership, place)
    follow(shell, route, place, seat, table, proxy)
    title = catalog.title(proxy.game.name, t, shell.lang)
    return shell.sub_view(route, title, [control], actions=bar.actions(), scroll=False,
                          bgcolor=theme.FELT_DARK)


def _again(shell: Any, membership: Any, place: Place) -> None:
    try:
        look = membership.tables.again(membership.account.id, place)
    except StoreError as exc:
        shell.snack(_said(shell, exc), error=True)
        return
    shell.navigate(f"/table/{look['table']}")


def follow(shell: Any, route: str, place: Place, seat: int, table: Any, proxy: MemberSeat) -> None:
    """Redraw ``table`` after every move anyone makes at it, while the page shows ``route``."""
    circle_tables = proxy._room.tables

    async def redraw(revision: int | None) -> None:
        try:
            await asyncio.to_thread(circle_tables.catch_up, place, revision)
        except StoreError as exc:
            log.info("table %s cannot be read just now: %s", place.game_id, exc)
            return
        ply = len(proxy._session.actions)
        if proxy.acting or ply == proxy.shown_ply:
            return  # this table's own move (drawn by its driver), or no move at all
        events = circle_tables.events_after(place, proxy.shown_ply, seat)
        proxy.shown_ply = ply
        table.changed(events or [])

    _while_shown(shell, route, circle_tables, [place.key], redraw)


async def _refresh(shell: Any) -> None:
    shell.refresh()


def _while_shown(shell: Any, route: str, circle_tables: CircleTables, keys: list[Any],
                 act: Callable[[int | None], Any]) -> None:
    """Run ``act(revision)`` on the page's loop after each move at the games ``keys``, until
    the page shows another route (one such watch per page: a new one ends the one before).
    The news comes on another thread; the page is drawn only on its own loop."""
    page = shell.page
    old = _following.pop(shell, None)
    if old is not None:
        old()

    def heard(revision: int | None) -> None:
        try:
            contextvars.copy_context().run(page.run_task, run, revision)
        except Exception:  # the page is gone
            stop()

    async def run(revision: int | None) -> None:
        if _following.get(shell) is not stop or shell._shown_route != route:
            stop()  # the page shows something else now
            return
        result = act(revision)
        if asyncio.iscoroutine(result):
            await result

    unwatch = [circle_tables.moves.watch(*key, heard) for key in keys]

    def stop() -> None:
        for each in unwatch:
            each()
        if _following.get(shell) is stop:
            del _following[shell]

    _following[shell] = stop
