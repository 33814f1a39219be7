"""The home screen's Continue list: running games with a ⋮ menu to resign or archive them,
and the archived games, which can be restored to the list or continued.

Nothing is deleted: archiving only hides a game from Continue, resigning finishes it
(it then counts in the statistics). Both ask first and say what will happen.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Callable
from typing import Any

import flet as ft

from app import catalog, fmt, theme
from app.host import hosting
from app.screens import progress, versions
from app.screens.messages import error_text
from app.widgets import tiles
from app.widgets.after_close import AfterClose

log = logging.getLogger(__name__)

MENU_TARGET = 48  # px: the ⋮ button's touch target
# The games shown at once, the latest first; the others fold away under "n more games", so that
# the game chooser stays in sight on a phone's first screen however many games are running.
SHOWN = 2
# Whether each shell's lists of archived and of further games are open; the home screen is rebuilt
# after every change, and a list should not snap shut under the person's finger.
_archive_open: weakref.WeakKeyDictionary[Any, bool] = weakref.WeakKeyDictionary()
_more_open: weakref.WeakKeyDictionary[Any, bool] = weakref.WeakKeyDictionary()


def section(shell) -> list[ft.Control]:
    """The Continue heading with one entry per running game, then the archived games."""
    games = _listed(shell, archived=False)
    put_away = _listed(shell, archived=True)
    if not games and not put_away:
        return []
    rows = [_entry(shell, g) for g in games]
    body = [_rows(shell, rows[:SHOWN])] if rows else []
    if rows[SHOWN:]:
        body.append(_more_tile(shell, rows[SHOWN:]))
    head = [ft.Container(theme.section_label(shell.t("home.continue")),
                         padding=ft.Padding.only(top=18))] if rows else []
    return head + body + ([_archived_tile(shell, put_away)] if put_away else [])


def _rows(shell, rows: list[ft.Control]) -> ft.Control:
    if shell.wide:
        return ft.ResponsiveRow([ft.Container(r, col={"xs": 12, "md": 6}) for r in rows], spacing=12, run_spacing=10)
    return ft.Column(rows, spacing=10)


def _more_tile(shell, rows: list[ft.Control]) -> ft.Control:
    """The games beyond the first few, folded away (open once opened, while the app runs)."""
    def toggled(e) -> None:
        _more_open[shell] = str(e.data).lower() == "true"

    return ft.Container(ft.Semantics(identifier="continue-more", content=ft.ExpansionTile(
        title=theme.title(shell.t("continue.more", n=len(rows)), 14),
        leading=ft.Icon(ft.Icons.HISTORY, color=ft.Colors.SECONDARY),
        expanded=_more_open.get(shell, False), on_change=toggled, maintain_state=True,
        shape=ft.RoundedRectangleBorder(radius=16), collapsed_shape=ft.RoundedRectangleBorder(radius=16),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW, collapsed_bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        controls=[ft.Container(_rows(shell, rows), padding=ft.Padding.only(left=8, right=8, bottom=8))])),
        padding=ft.Padding.only(top=2))


def _listed(shell, archived: bool) -> list[Any]:
    store = shell.state.store
    try:
        return list(store.archived_games(limit=None) if archived
                    else store.unfinished_games(limit=20))
    except Exception as exc:  # the home screen must show even when the list cannot be read
        log.warning("cannot list %s games: %s", "archived" if archived else "unfinished", exc)
        return []


def _title(shell, game: str) -> str:
    try:
        return catalog.title(game, shell.t, shell.lang)
    except Exception:
        return game


def _who(shell, summary) -> str:
    names = fmt.seat_names(summary.seats, shell.t)
    return shell.t("continue.solo", name=names[0]) if len(names) == 1 else " · ".join(fmt.grouped(names))


def _texts(shell, g) -> dict[str, str]:
    bits = [b for b in (fmt.ago(g.updated_at, shell.lang, shell.t),
                        progress.progress_line(shell.state.store, g, shell.t)) if b]
    if g.forks:  # played on differently elsewhere: the ⋮ menu shows the versions
        bits.append(shell.t("versions.badge", n=g.forks + 1))
    return {"title": _title(shell, g.game), "who": _who(shell, g), "when": " · ".join(bits),
            "art": f"games/{g.game}.png"}


def _entry(shell, g) -> ft.Control:
    # On a phone the row itself resumes; the play circle would leave the names no room.
    return tiles.continue_row(game_id=g.id, **_texts(shell, g), menu=_menu(shell, g),
                              resume_label=shell.t("continue.resume"), show_play=shell.wide,
                              on_open=lambda gid=g.id: shell.navigate(f"/play/{gid}"))


def _humans(seats: list[dict[str, Any]]) -> list[int]:
    return [i for i, s in enumerate(seats) if isinstance(s, dict) and s.get("kind") == "human"]


# --- the ⋮ menu -----------------------------------------------------------------------------


def _menu_item(icon: str, text: str, color: str) -> ft.Control:
    return ft.Row([ft.Icon(icon, color=color, size=22),
                   ft.Text(text, font_family=theme.SANS_BOLD, size=15, color=color)], spacing=14)


def _menu(shell, g) -> ft.Control:
    t = shell.t
    items = []
    if _humans(g.seats):
        items.append(ft.PopupMenuItem(
            content=_menu_item(ft.Icons.FLAG_OUTLINED, t("continue.resign"), ft.Colors.ERROR),
            on_click=lambda e: confirm_resign(shell, g)))
    if g.forks:
        items.append(ft.PopupMenuItem(
            content=_menu_item(ft.Icons.CALL_SPLIT, t("continue.versions"), ft.Colors.ON_SURFACE),
            on_click=lambda e: versions.show(shell, g.id)))
    items.append(ft.PopupMenuItem(
        content=_menu_item(ft.Icons.ARCHIVE_OUTLINED, t("continue.archive"), ft.Colors.ON_SURFACE),
        on_click=lambda e: confirm_archive(shell, g)))
    label = t("continue.menu", game=_title(shell, g.game))
    # A tooltip does not name a button for screen readers (FLET-NOTES 5.3): Semantics does.
    return ft.Semantics(identifier=f"continue-menu-{g.id}", label=label, button=True,
                        content=ft.PopupMenuButton(
                            icon=ft.Icons.MORE_VERT, icon_color=ft.Colors.ON_SURFACE_VARIANT, tooltip=label,
                            items=items, width=MENU_TARGET, height=MENU_TARGET,
                            menu_position=ft.PopupMenuPosition.UNDER, elevation=6,
                            bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST,
                            shape=ft.RoundedRectangleBorder(radius=14),
                            menu_padding=ft.Padding.symmetric(vertical=6)))


# --- confirmation dialogs -------------------------------------------------------------------


def _ask(shell, *, icon: str, icon_color: str, title: str, g, body: list[ft.Control],
         confirm: ft.FilledButton, on_confirm: Callable[[], None]) -> ft.AlertDialog:
    """Show a modal dialog naming the game; ``confirm`` runs ``on_confirm`` once it is gone."""
    after = AfterClose(shell.page)
    confirm.on_click = lambda e: after.close_then(on_confirm)
    texts = _texts(shell, g)
    which = tiles.game_chip(title=texts["title"], who=texts["who"], art=texts["art"])
    dialog = ft.AlertDialog(
        modal=True, on_dismiss=after.dismissed,
        icon=ft.Icon(icon, color=icon_color, size=34),
        title=ft.Text(title, font_family=theme.DISPLAY, size=21, text_align=ft.TextAlign.CENTER),
        content=ft.Container(ft.Column([which] + body, spacing=12, tight=True),
                             width=min(400, max(240, shell.width - 96))),
        actions=[ft.TextButton(shell.t("cancel"), on_click=lambda e: shell.close_dialog()),
                 confirm],
        actions_alignment=ft.MainAxisAlignment.END, shape=ft.RoundedRectangleBorder(radius=24))
    shell.page.show_dialog(dialog)
    return dialog


def _button(label: str, destructive: bool, disabled: bool = False) -> ft.FilledButton:
    colours = {"bgcolor": ft.Colors.ERROR, "color": ft.Colors.ON_ERROR} if destructive else {}
    return ft.FilledButton(label, disabled=disabled, style=ft.ButtonStyle(
        shape=ft.RoundedRectangleBorder(radius=12),
        padding=ft.Padding.symmetric(horizontal=20, vertical=12), **colours))


def _error(shell, exc: Exception) -> None:
    log.warning("saved game action failed: %s", exc)
    shell.snack(error_text(shell, exc), error=True)


def _names_and(shell, names: list[str]) -> str:
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} {shell.t('list.and')} {names[-1]}"


def confirm_resign(shell, g) -> None:
    """Ask whether (and, with several people at the device, who) gives the game up."""
    t = shell.t
    seats = g.seats
    names = [str(s.get("name") or "?") for s in seats]
    humans = _humans(seats)
    chosen: dict[str, int | None] = {"seat": humans[0] if len(humans) == 1 else None}

    def consequence(seat: int | None) -> str:
        if seat is None:
            return t("resign.text_pick")
        if len(seats) == 1:
            return t("resign.text_solo")
        winners = [n for i, n in enumerate(names) if i != seat]
        return t("resign.text", loser=names[seat], winners=_names_and(shell, winners))

    what = theme.body(consequence(chosen["seat"]))
    body: list[ft.Control] = [what, theme.caption(t("resign.final"))]
    confirm = _button(t("resign.confirm"), destructive=True, disabled=chosen["seat"] is None)
    if len(humans) > 1:
        def picked(e) -> None:
            chosen["seat"] = int(e.control.value)
            what.value = consequence(chosen["seat"])
            confirm.disabled = False
            dialog.update()

        body.insert(0, ft.Column([
            ft.Text(t("resign.who"), font_family=theme.SANS_BOLD, size=14),
            ft.RadioGroup(content=ft.Column([ft.Radio(value=str(i), label=names[i]) for i in humans],
                                            spacing=0, tight=True), on_change=picked),
        ], spacing=4, tight=True))

    def resign() -> None:
        seat = chosen["seat"]
        if seat is None:
            return
        try:
            shell.state.store.resign_game(g.id, seat)
        except Exception as exc:
            _error(shell, exc)
            return
        # An open table of this game must not live on in memory either, nor on friends' phones.
        shell.state.sessions.pop(g.id, None)
        _unhost(shell, g.id)
        shell.refresh()
        shell.snack(t("resign.done", name=names[seat]))

    dialog = _ask(shell, icon=ft.Icons.FLAG_OUTLINED, icon_color=ft.Colors.ERROR,
                  title=t("resign.title"), g=g, body=body, confirm=confirm, on_confirm=resign)


def _unhost(shell, game_id: int) -> None:
    """A game given up is hosted no more: its phones' tables close, and opening it does not host
    it again."""
    hosting.forget(shell.state.store, game_id)
    if hosting.hosted_game(game_id) is not None:
        shell.page.run_task(hosting.stop, True)


def confirm_archive(shell, g) -> None:
    """Ask before putting a game away from Continue; the snackbar after it offers an undo."""
    t = shell.t

    def archive() -> None:
        if _set_archived(shell, g.id, True):
            _undo_snack(shell, t("archive.done"), lambda: _set_archived(shell, g.id, False))

    _ask(shell, icon=ft.Icons.ARCHIVE_OUTLINED, icon_color=ft.Colors.PRIMARY,
         title=t("archive.title"), g=g, body=[theme.body(t("archive.text"))],
         confirm=_button(t("archive.confirm"), destructive=False), on_confirm=archive)


def _set_archived(shell, game_id: int, archived: bool) -> bool:
    try:
        shell.state.store.set_game_archived(game_id, archived)
    except Exception as exc:
        _error(shell, exc)
        return False
    shell.refresh()
    return True


def _undo_snack(shell, message: str, undo: Callable[[], Any]) -> None:
    shell.page.show_dialog(ft.SnackBar(
        ft.Text(message), action=shell.t("archive.undo"), on_action=lambda e: undo(),
        behavior=ft.SnackBarBehavior.FLOATING, duration=ft.Duration(seconds=6)))


# --- the archived games ---------------------------------------------------------------------


def _archived_tile(shell, games: list[Any]) -> ft.Control:
    t = shell.t

    def toggled(e) -> None:
        _archive_open[shell] = str(e.data).lower() == "true"

    def restore(g) -> None:
        if _set_archived(shell, g.id, False):
            shell.snack(t("archived.restored"))

    def open_(g) -> None:
        # Playing a game brings it back to Continue, where its next moves are expected.
        if _set_archived(shell, g.id, False):
            shell.navigate(f"/play/{g.id}")

    rows = [ft.Container(tiles.archived_row(
        game_id=g.id, **_texts(shell, g), open_label=t("archived.open"),
        on_open=lambda g=g: open_(g), restore_label=t("archived.restore"),
        on_restore=lambda g=g: restore(g)), col={"xs": 12, "md": 6}) for g in games]
    grid = ft.Container(ft.ResponsiveRow(rows, spacing=10, run_spacing=8),
                        padding=ft.Padding.only(left=8, right=8, bottom=8))
    return ft.Container(ft.Semantics(identifier="archived-games", content=ft.ExpansionTile(
        title=theme.title(t("archived.title", n=len(games)), 14),
        subtitle=theme.caption(t("archived.hint")),
        leading=ft.Icon(ft.Icons.INVENTORY_2_OUTLINED, color=ft.Colors.SECONDARY),
        expanded=_archive_open.get(shell, False), on_change=toggled, maintain_state=True,
        shape=ft.RoundedRectangleBorder(radius=16), collapsed_shape=ft.RoundedRectangleBorder(radius=16),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW, collapsed_bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        controls=[grid])), padding=ft.Padding.only(top=6))
