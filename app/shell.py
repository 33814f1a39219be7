"""The app frame: routing between screens, phone/tablet navigation, dialogs and snackbars.

Imperative Flet: every route change rebuilds ``page.views`` from ``page.route``
(FLET-NOTES 1.5). Screens are functions that build a ``ft.View``; all state they
need lives in ``AppState`` above them, so rebuilding a screen loses nothing.
"""

from __future__ import annotations

import importlib
import logging
import time
from concurrent.futures import Future
from dataclasses import dataclass
from types import ModuleType
from typing import Callable

import flet as ft

from app import text_fit, theme
from app.events import ignore, quiet
from app.screens import ledger_strings  # noqa: F401 (the navigation names the ledger)
from app.state import AppState
from app.widgets import card as card_widget
from app.widgets.after_close import AfterClose

log = logging.getLogger(__name__)

# Width from which the navigation moves from a bottom bar to a side rail.
WIDE = 720
CONTENT_MAX = 1120
# Forms and running text stay at a readable measure on tablets (about 70 characters a line).
FORM_MAX = 640
TEXT_MAX = 680
RAIL_WIDTH = 93  # the side rail and its divider
BAR_LEADING, BAR_END = 72, 16  # the app bar's back arrow with the space after it, and its end padding
SNACK_FOR_NEXT = 1.0  # seconds: a message shown this shortly before a screen change is about it

# The languages Flutter's own texts (screen-reader labels such as "Tab 1 of 5", tooltips) follow.
LOCALES = {"de": ft.Locale("de", "DE"), "en": ft.Locale("en", "US")}


@dataclass(frozen=True)
class Destination:
    route: str
    label_key: str
    icon: str
    selected_icon: str


DESTINATIONS = (
    Destination("/", "nav.games", ft.Icons.STYLE_OUTLINED, ft.Icons.STYLE),
    Destination("/players", "nav.players", ft.Icons.PEOPLE_OUTLINE, ft.Icons.PEOPLE),
    Destination("/ledger", "nav.ledger", ft.Icons.ACCOUNT_BALANCE_WALLET_OUTLINED,
                ft.Icons.ACCOUNT_BALANCE_WALLET),
    Destination("/rules", "nav.rules", ft.Icons.MENU_BOOK_OUTLINED, ft.Icons.MENU_BOOK),
    Destination("/settings", "nav.settings", ft.Icons.TUNE_OUTLINED, ft.Icons.TUNE),
    Destination("/about", "nav.about", ft.Icons.INFO_OUTLINE, ft.Icons.INFO),
)


# Routes under Players: the players, their pages, statistics, head-to-head and ratings.
RECORD_ROUTES = ("players", "stats", "versus", "ratings")
# Top-level routes whose screen module (of the same name) builds one view: "" is home.
TOP_SCREENS = {"": "home", "ledger": "ledger", "settings": "settings", "about": "about"}


def content_width(shell, max_width: int = CONTENT_MAX, beside: int = 0) -> float:
    """The width a screen's body (``Shell._body``) gives its controls."""
    pad = 28 if shell.wide else 16
    return min(shell.width - beside - 2 * pad, max_width)


def screen(name: str) -> ModuleType:
    """The module ``app.screens.<name>``, imported when its route is first shown.

    Screens are imported here, not at the top: a cold start then loads only the home
    screen's code, and the screens can import the shell without a cycle.
    """
    return importlib.import_module(f"app.screens.{TOP_SCREENS.get(name, name)}")


def record_views(shell, parts: list[str]) -> list[ft.View]:
    """The view stack of a route under Players (see ``app.screens.records_routes``)."""
    return screen("records_routes").views(shell, parts)


class Shell:
    """Owns the page for one session: builds views for routes and offers UI helpers to screens."""

    def __init__(self, page: ft.Page, state: AppState) -> None:
        self.page = page
        self.state = state
        state.ui = self  # table builders get (app_state, session) and reach the UI through this
        self.bot_future: Future | None = None  # the running computer-turn task, if any
        self._layout_key: tuple[bool, str] | None = None
        self._snack: ft.SnackBar | None = None
        self._snack_at = 0.0
        self._shown_route: str | None = None
        self._replay_from: str | None = None  # the last route shown before a replay
        self._locale: str | None = None
        self.drafts: dict[str, object] = {}  # screens' unsaved input that must survive a rebuild

    # --- helpers screens use ------------------------------------------------------------------

    def t(self, key: str, **kw) -> str:
        return self.state.t(key, **kw)

    @property
    def lang(self) -> str:
        return self.state.lang

    @property
    def width(self) -> float:
        return self.page.width or 400

    @property
    def wide(self) -> bool:
        return self.width >= WIDE

    @property
    def card_size(self) -> str:
        return card_widget.size_for_width(self.width)

    def navigate(self, route: str) -> None:
        self.page.navigate(route)

    def refresh(self) -> None:
        """Rebuild the current screen (after a language or data change)."""
        self.route_change()

    def snack(self, message: str, error: bool = False) -> None:
        """A short message at the bottom; it goes away when the user moves to another screen."""
        self.dismiss_snack()
        self._snack = ft.SnackBar(
            ft.Text(message, color=ft.Colors.ON_ERROR_CONTAINER if error else None),
            bgcolor=ft.Colors.ERROR_CONTAINER if error else None, behavior=ft.SnackBarBehavior.FLOATING,
            show_close_icon=error, duration=ft.Duration(seconds=5 if error else 3))
        self._snack_at = time.monotonic()
        self.page.show_dialog(self._snack)

    def dismiss_snack(self) -> None:
        bar, self._snack = self._snack, None
        if bar is not None and bar.open:
            bar.open = False
            try:
                bar.update()
            except Exception:  # already gone from the page
                pass

    def close_dialog(self) -> None:
        """Close the dialog on top. A snack shown over it (a refusal, "copied") sits above it
        in Flet's dialog stack: it goes first, or the tap would close only the snack."""
        self.dismiss_snack()
        self.page.pop_dialog()

    def confirm(self, title: str, text: str, confirm_label: str, on_confirm: Callable[[], None],
                destructive: bool = False) -> None:
        after = AfterClose(self.page)
        self.page.show_dialog(ft.AlertDialog(
            modal=True, title=theme.heading(title, 20), content=theme.body(text), on_dismiss=after.dismissed,
            actions=[ft.TextButton(self.t("cancel"), on_click=lambda e: self.close_dialog()),
                     ft.FilledButton(confirm_label, on_click=lambda e: after.close_then(on_confirm),
                                     style=ft.ButtonStyle(bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR)
                                     if destructive else None)]))

    def prompt(self, title: str, field_label: str, on_ok: Callable[[str], str | None],
               initial: str = "", ok_label: str | None = None,
               on_done: Callable[[], None] | None = None) -> None:
        """Ask for one line of text.

        ``on_ok`` returns an error message to keep the dialog open; ``on_done`` runs after
        the dialog has closed (a snackbar shown earlier would be popped instead of it).
        """
        field = ft.TextField(label=field_label, value=initial, autofocus=True, max_length=30,
                             capitalization=ft.TextCapitalization.WORDS)

        after = AfterClose(self.page)

        def ok(e=None):
            error = on_ok((field.value or "").strip())
            if error:
                field.error = error
                field.update()
                return
            after.close_then(on_done or (lambda: None))

        field.on_submit = ok
        self.page.show_dialog(ft.AlertDialog(
            modal=True, title=theme.heading(title, 20),
            content=ft.Container(field, width=340), on_dismiss=after.dismissed,
            actions=[ft.TextButton(self.t("cancel"), on_click=lambda e: self.close_dialog()),
                     ft.FilledButton(ok_label or self.t("save"), on_click=ok)]))

    # --- views --------------------------------------------------------------------------------

    def _body(self, controls: list[ft.Control], padding: int | None = None, max_width: int = CONTENT_MAX,
              beside: int = 0) -> ft.Control:
        """Scrollable page content, centred with a maximum width on big screens.

        ``beside`` is what the navigation takes from the window's width (the rail).
        """
        pad = padding if padding is not None else (28 if self.wide else 16)
        column = ft.Column(controls, spacing=14, scroll=ft.ScrollMode.AUTO, expand=True,
                           horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        box = max_width + 2 * pad
        padding = ft.Padding.only(left=pad, right=pad, top=0, bottom=12)
        if self.width - beside > box + 40:
            # Centred at a fixed width; the outer box gives the scrolling column its height.
            return ft.Container(ft.Container(column, padding=padding, width=box), expand=True,
                                alignment=ft.Alignment.TOP_CENTER)
        inner = ft.Container(column, padding=padding, expand=True)
        return ft.Row([inner], expand=True, vertical_alignment=ft.CrossAxisAlignment.START)

    def top_view(self, route: str, controls: list[ft.Control], header: ft.Control | None = None,
                 max_width: int = CONTENT_MAX) -> ft.View:
        """A top-level screen with the bottom navigation bar (phone) or side rail (wide)."""
        index = next((i for i, d in enumerate(DESTINATIONS) if d.route == route), 0)
        body = self._body(controls, max_width=max_width, beside=RAIL_WIDTH if self.wide else 0)
        content = ft.Column(([header] if header else []) + [body], spacing=0, expand=True)

        def go(e):
            self.navigate(DESTINATIONS[int(e.control.selected_index)].route)

        if self.wide:
            rail = ft.NavigationRail(
                selected_index=index, label_type=ft.NavigationRailLabelType.ALL, min_width=92,
                group_alignment=-0.85, on_change=go,
                leading=ft.Container(ft.Image(src="crest.png", width=46, height=46),
                                     padding=ft.Padding.only(top=14, bottom=8)),
                destinations=[ft.NavigationRailDestination(
                    icon=d.icon, selected_icon=d.selected_icon, label=self.t(d.label_key)) for d in DESTINATIONS])
            return ft.View(route=route, padding=0, spacing=0, bgcolor=ft.Colors.SURFACE, controls=[
                ft.Row([rail, ft.VerticalDivider(width=1), content], expand=True, spacing=0)])
        bar = ft.NavigationBar(
            selected_index=index, on_change=go, label_behavior=ft.NavigationBarLabelBehavior.ALWAYS_SHOW,
            destinations=[ft.NavigationBarDestination(icon=d.icon, selected_icon=d.selected_icon,
                                                      label=self.t(d.label_key)) for d in DESTINATIONS])
        return ft.View(route=route, padding=0, spacing=0, bgcolor=ft.Colors.SURFACE,
                       controls=[content], navigation_bar=bar)

    def bar_title(self, title: str, actions: int = 0) -> ft.Text:
        """The app bar's title, whole: 20 px where it fits beside the back arrow and ``actions``
        icon buttons, smaller down to 16 px, then on two lines."""
        room = self.width - BAR_LEADING - BAR_END - actions * theme.MIN_TARGET
        size = text_fit.largest_size(title, room, (20, 19, 18, 17, 16), theme.DISPLAY, spacing=0)
        return ft.Text(title, font_family=theme.DISPLAY, size=size or 16, color=theme.IVORY,
                       max_lines=1 if size else 2, overflow=ft.TextOverflow.ELLIPSIS)

    def sub_view(self, route: str, title: str, controls: list[ft.Control],
                 actions: list[ft.Control] | None = None, scroll: bool = True,
                 bgcolor: str | None = None, max_width: int = CONTENT_MAX,
                 footer: ft.Control | None = None) -> ft.View:
        """A pushed screen with a back arrow in the app bar; ``footer`` stays at the bottom, in sight,
        below what scrolls (a form's start button)."""
        appbar = ft.AppBar(title=self.bar_title(title, len(actions or [])),
                           bgcolor=theme.FELT_DARK, color=theme.IVORY, actions=actions or [],
                           center_title=False)
        body = self._body(controls, max_width=max_width) if scroll else ft.Container(ft.Column(controls, expand=True, spacing=0),
                                                                 expand=True)
        if footer is not None:
            body = ft.Column([body, footer], spacing=0, expand=True)
        return ft.View(route=route, padding=0, spacing=0, appbar=appbar, controls=[body],
                       bgcolor=bgcolor or ft.Colors.SURFACE)

    def apply_locale(self) -> None:
        """Let Flutter's built-in texts (screen-reader labels, tooltips) follow the app language."""
        if self._locale == self.lang:
            return
        self._locale = self.lang
        self.page.locale_configuration = ft.LocaleConfiguration(
            supported_locales=list(LOCALES.values()), current_locale=LOCALES.get(self.lang, LOCALES["en"]))

    # --- routing ------------------------------------------------------------------------------

    def start(self) -> None:
        self.page.on_route_change = self.route_change
        self.page.on_view_pop = self._view_pop
        self.page.on_resize = quiet(self._resized)  # a rebuild updates the page itself
        self.page.on_connect = quiet(self._reconnected)
        # Flet updates the whole page after every event, and a tab coming back to the
        # front sends two of these: 100–200 ms of diffing for nothing that changed.
        self.page.on_app_lifecycle_state_change = quiet(ignore)
        self.page.on_platform_brightness_change = quiet(ignore)
        self._layout_key = self._current_layout_key()
        self.route_change()

    def _views_below_replay(self) -> list[ft.View]:
        """The screens a replay was opened from (a player's page, statistics), so the back
        arrow returns there; home when it was opened directly."""
        came = (self._replay_from or "/").strip("/").split("/")
        if came and came[0] in RECORD_ROUTES:
            return record_views(self, came)
        return [screen("home").view(self)]

    def _reconnected(self, e=None) -> None:
        """A reload of the tab (or its connection coming back) joins this session again.

        Flet's web client keeps its session id over a reload, and the server sends it the
        page as this session last built it; on the same route no route change follows. The
        screen is built again, so it shows what is stored now, not what it read before another
        tab changed it (a debt paid, a game played on).
        """
        self.route_change()

    def _current_layout_key(self) -> tuple[bool, str]:
        return (self.wide, self.card_size)

    def _resized(self, e) -> None:
        # Rebuild only when the layout class changes (rail vs bar, card size): rebuilding
        # on every pixel of a window drag would be wasteful.
        key = self._current_layout_key()
        if key != self._layout_key:
            self._layout_key = key
            self.route_change()

    async def _view_pop(self, e) -> None:
        if len(self.page.views) > 1:
            self.page.views.pop()
            await self.page.push_route(self.page.views[-1].route)
        else:
            await self.page.push_route("/")

    def cancel_bot(self) -> None:
        if self.bot_future is not None and not self.bot_future.done():
            self.bot_future.cancel()
        self.bot_future = None

    def route_change(self, e=None) -> None:
        route = (self.page.route or "/").split("?")[0].rstrip("/") or "/"
        parts = route.strip("/").split("/") if route != "/" else []
        if route != self._shown_route and not route.startswith("/replay/"):
            self._replay_from = route
        if route != self._shown_route:
            # A message about the last screen must not cover the next; one shown just before
            # the move is about the move ("you are playing a random deal") and stays.
            if time.monotonic() - self._snack_at > SNACK_FOR_NEXT:
                self.dismiss_snack()
            self._shown_route = route
            self.drafts = {k: v for k, v in self.drafts.items() if k == route}
        self.apply_locale()
        if not (parts and parts[0] == "play"):
            self.cancel_bot()
        try:
            views = self._views_for(parts)
        except Exception:  # a broken screen must leave the user somewhere useful
            log.exception("cannot show %s", route)
            views = [screen("home").view(self)]
            self.snack(self.t("error.screen"), error=True)
        old = list(self.page.views)
        if len(old) == len(views) and all(o.route == n.route for o, n in zip(old, views)):
            # Same screens rebuilt (language, theme, data changed): update the existing
            # views in place, because new View objects would replay the page transition.
            for o, n in zip(old, views):
                o.controls = n.controls
                o.appbar = n.appbar
                o.navigation_bar = n.navigation_bar
                o.bgcolor = n.bgcolor
        else:
            self.page.views.clear()
            self.page.views.extend(views)
        self.page.update()

    def _views_for(self, parts: list[str]) -> list[ft.View]:
        """The view stack of a route, split into its parts; unknown routes show home."""
        head, rest = (parts[0], parts[1:]) if parts else ("", [])
        numbered = bool(rest) and rest[0].isdigit()
        if head in TOP_SCREENS:
            return [screen(head).view(self)]
        if head in RECORD_ROUTES:
            return record_views(self, parts)
        if head == "rules":
            rules = screen("rules")
            return [rules.view(self)] + ([rules.game_view(self, rest[0])] if rest else [])
        if head == "new" and rest:
            return [screen("home").view(self), screen("new_game").view(self, rest[0])]
        if head == "play" and numbered:
            return [screen("home").view(self), screen("play").view(self, int(rest[0]))]
        if head == "host" and numbered:  # a game hosted for phones: how they join, who is in
            return [screen("home").view(self), screen("host_join").view(self, int(rest[0]))]
        if head == "table" and rest and hasattr(self.state.circle, "table_views"):
            # A circle's table on its server (``app.serve.member_tables``), above home.
            return [screen("home").view(self), *self.state.circle.table_views(self, rest[0])]
        if head == "replay" and numbered:
            return self._views_below_replay() + [screen("replay").view(self, int(rest[0]))]
        return [screen("home").view(self)]
