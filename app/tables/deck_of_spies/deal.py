"""Choosing a Deck of Spies deal: random, by game number, the daily deal, or winnable only.

Used by the new-game screen (``DealChooser``) and by the table's end screen
("new deal", "replay"). The search for a winnable deal runs the solver in a worker
thread (``asyncio.to_thread``) from a task, so the UI keeps answering while a
progress dialog shows which game number is being checked.
"""

from __future__ import annotations

import asyncio
import datetime as _dt
import logging
import random
import time
from typing import Any, Callable

import flet as ft

from app import fmt, theme
from app.tables.deck_of_spies import strings  # noqa: F401  (registers the texts)
from core.games import deck_of_spies as dos

log = logging.getLogger(__name__)

GAME = "deck-of-spies"
MODES = ("random", "number", "daily")
SEARCH_ATTEMPTS = 12  # seeds tried before giving up on "winnable only"
SEARCH_SECONDS = 1.5  # solver time per seed (most deals are decided in well under a second)
MIN_DIALOG_SECONDS = 0.6  # the search dialog stays up at least this long, so the client draws it
DISMISS_GRACE_SECONDS = 2.0  # then launch even if the client has not reported it closed

Launch = Callable[[int, dict[str, Any]], None]


def random_seed(rng: random.Random | None = None) -> int:
    """A seed whose game number can be typed (six digits)."""
    return (rng or random.SystemRandom()).randrange(dos.NUMBER_SPACE)


def today() -> _dt.date:
    return _dt.date.today()


def daily(date: _dt.date | None = None) -> tuple[int, dict[str, Any]]:
    d = date or today()
    return dos.daily_seed(d), {"deal": "daily", "daily": d.isoformat()}


def date_text(iso: str, lang: str) -> str:
    try:
        d = _dt.date.fromisoformat(iso)
    except ValueError:
        return iso
    return fmt.day(d, lang)


async def find_winnable(options: dict[str, Any] | None, on_progress: Callable[[int, int], None],
                        attempts: int = SEARCH_ATTEMPTS, seconds: float = SEARCH_SECONDS,
                        rng: random.Random | None = None,
                        solve: Callable[..., Any] | None = None) -> tuple[int, bool]:
    """Try random seeds until the solver proves one winnable; returns (seed, proven).

    When none is proven within ``attempts`` the last seed tried is returned with False.
    """
    if solve is None:
        from core.games.deck_of_spies.solver import solve  # imported late: the solver is optional for the rest of the UI
    rng = rng or random.SystemRandom()
    seed = random_seed(rng)
    for n in range(1, attempts + 1):
        seed = random_seed(rng)
        on_progress(n, seed)
        try:
            result = await asyncio.to_thread(solve, seed, seconds, options)
        except Exception:  # a solver failure must not stop a new game
            log.exception("solver failed on seed %s", seed)
            return seed, False
        if getattr(result, "status", None) == "winnable":
            return seed, True
    return seed, False


def search_and_launch(shell: Any, options: dict[str, Any] | None, launch: Launch) -> None:
    """Show a progress dialog, search a winnable deal off the UI loop, then ``launch`` it."""
    t = shell.t
    line = ft.Text(t("spies.deal.searching"), color=ft.Colors.ON_SURFACE_VARIANT, size=13.5)
    outcome: dict[str, Any] = {}

    def progress(n: int, seed: int) -> None:
        line.value = t("spies.deal.checking", number=dos.game_number(seed), n=n)
        try:
            line.update()
        except Exception:  # the dialog was closed meanwhile
            pass

    def start() -> None:
        if outcome.get("launched") or outcome.get("cancelled"):
            return
        outcome["launched"] = True
        if not outcome["proven"]:
            shell.snack(t("spies.deal.none"))
        launch(outcome["seed"], {"deal": "winnable" if outcome["proven"] else "random"})

    def dismissed(e=None) -> None:
        # Rebuilding the screen while the dialog is still closing would leave it on screen,
        # so the launch normally waits for the client to report the dialog gone.
        if "seed" in outcome:
            start()

    def cancel(e=None) -> None:
        outcome["cancelled"] = True
        shell.page.pop_dialog()

    dialog = ft.AlertDialog(
        modal=True, title=theme.heading(t("spies.deal.searching"), 19), on_dismiss=dismissed,
        content=ft.Container(ft.Column([
            ft.ProgressBar(color=theme.GOLD, bgcolor=ft.Colors.with_opacity(0.2, theme.GOLD)),
            line,
        ], spacing=14, tight=True), width=320),
        actions=[ft.TextButton(t("cancel"), on_click=cancel)])
    shell.page.show_dialog(dialog)
    shown_at = time.monotonic()

    async def run() -> None:
        seed, proven = await find_winnable(options, progress)
        if outcome.get("cancelled"):
            return
        outcome.update(seed=seed, proven=proven)
        # A dialog closed before the client has drawn it never reports a dismissal (the
        # first seed is often proven within milliseconds): keep it up briefly, and launch
        # anyway if the dismissal still does not arrive.
        await asyncio.sleep(max(0.0, MIN_DIALOG_SECONDS - (time.monotonic() - shown_at)))
        if outcome.get("cancelled"):
            return
        dialog.open = False  # this dialog, not whatever else is on top (pop_dialog takes the top)
        shell.page.update()
        await asyncio.sleep(DISMISS_GRACE_SECONDS)
        if not outcome.get("launched") and not outcome.get("cancelled"):
            log.warning("no dismissal reported for the search dialog; launching seed %s anyway", seed)
            start()
            shell.page.update()

    shell.page.run_task(run)


class DealChooser:
    """The "deal" card of the new-game screen for Deck of Spies."""

    def __init__(self, shell: Any) -> None:
        self.shell = shell
        self.mode = "random"
        self.winnable = False
        self.number = ""
        self.box = ft.Column(spacing=12, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.preview = ft.Text("", size=13.5, font_family=theme.SANS_BOLD, color=ft.Colors.SECONDARY)

    def t(self, key: str, **kw: Any) -> str:
        return self.shell.t(key, **kw)

    def _fill(self) -> None:
        t = self.t
        rows: list[ft.Control] = [ft.Row([ft.SegmentedButton(
            segments=[ft.Segment(value=m, label=ft.Text(t(f"spies.deal.{m}"), size=13, no_wrap=True))
                      for m in MODES],
            selected=[self.mode], show_selected_icon=False, allow_empty_selection=False, expand=True,
            on_change=lambda e: self._set_mode(next(iter(e.control.selected))))])]
        if self.mode == "random":
            rows.append(ft.Row([
                ft.Column([theme.body(t("spies.deal.winnable"), 14.5),
                           theme.caption(t("spies.deal.winnable_hint"))], spacing=2, expand=True, tight=True),
                ft.Semantics(identifier="spies-winnable", content=ft.Switch(
                    value=self.winnable, on_change=lambda e: setattr(self, "winnable", bool(e.control.value)))),
            ], vertical_alignment=ft.CrossAxisAlignment.CENTER))
        elif self.mode == "number":
            self._update_preview()
            rows.append(ft.Semantics(identifier="spies-number", content=ft.TextField(
                label=t("spies.deal.number_label"), value=self.number, helper=t("spies.deal.number_hint"),
                keyboard_type=ft.KeyboardType.NUMBER, border_radius=12, prefix="#",
                on_change=self._number_changed, on_submit=self._number_changed, on_blur=self._number_changed)))
            rows.append(ft.Row([ft.Icon(ft.Icons.TAG, size=18, color=ft.Colors.SECONDARY), self.preview], spacing=6))
        else:
            seed, meta = daily()
            rows.append(ft.Row([
                ft.Icon(ft.Icons.WB_SUNNY_OUTLINED, color=ft.Colors.SECONDARY),
                theme.body(t("spies.deal.daily_text", date=date_text(meta["daily"], self.shell.lang),
                             number=dos.game_number(seed)), 14, expand=True),
            ], spacing=10))
        self.box.controls = rows

    def _number_changed(self, e: Any) -> None:
        self.number = e.control.value or ""
        self._update_preview()
        try:
            self.preview.update()
        except Exception:
            pass

    def _update_preview(self) -> None:
        """Which deal the typed number gives ("Partie #042137"), or what is wrong with it."""
        text = (self.number or "").strip()
        if not text:
            self.preview.value, self.preview.color = self.t("spies.deal.number_empty"), ft.Colors.ON_SURFACE_VARIANT
            return
        try:
            seed = dos.seed_from_number(text)
        except Exception:
            self.preview.value, self.preview.color = self.t("spies.deal.bad_number"), ft.Colors.ERROR
            return
        self.preview.value = self.t("spies.hud.game", number=dos.game_number(seed))
        self.preview.color = ft.Colors.SECONDARY

    def _set_mode(self, mode: str) -> None:
        self.mode = mode if mode in MODES else "random"
        self._fill()
        try:
            self.box.update()
        except Exception:
            pass

    def controls(self) -> list[ft.Control]:
        """The deal card, with a link to the statistics in its head."""
        self._fill()
        stats = ft.Semantics(identifier="spies-stats-link", content=ft.TextButton(
            self.t("spies.deal.stats"), icon=ft.Icons.INSIGHTS, height=48,
            style=ft.ButtonStyle(padding=theme.target_padding(8)),  # beside a long German title on a phone
            on_click=lambda e: self.shell.navigate(f"/stats/{GAME}")))
        head = ft.Row([theme.title(self.t("spies.deal.title"), 15.5), stats],
                      alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                      vertical_alignment=ft.CrossAxisAlignment.CENTER)
        card = ft.Container(
            ft.Column([head, self.box], spacing=6, tight=True),
            bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST, border_radius=18,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            padding=ft.Padding.only(left=16, right=16, top=6, bottom=16))
        return [card]

    def parsed(self) -> tuple[int | None, dict[str, Any]]:
        """The seed and meta for the chosen mode; seed None means "search a winnable one".

        :raises ValueError: with a message for the user (a bad game number).
        """
        if self.mode == "number":
            try:
                return dos.seed_from_number(self.number), {"deal": "number"}
            except Exception:
                raise ValueError(self.t("spies.deal.bad_number")) from None
        if self.mode == "daily":
            return daily()
        if self.winnable:
            return None, {"deal": "winnable"}
        return random_seed(), {"deal": "random"}

    def start(self, options: dict[str, Any], launch: Launch) -> None:
        try:
            seed, meta = self.parsed()
        except ValueError as exc:
            self.shell.snack(str(exc), error=True)
            return
        if seed is None:
            search_and_launch(self.shell, options, launch)
        else:
            launch(seed, meta)
