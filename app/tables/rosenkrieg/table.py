"""The Rosenkrieg table: the seats around, the trick in the middle, the hand, declaring, the Erbe.

Everything drawn comes from ``session.view(seat)`` (``model`` reads it, ``pieces`` and
``sheets`` draw it). A finished trick stays on the table for a moment with its winner lit,
then its cards slide to the winner (the kit's frame sequence, at the speed of the
settings); the computer waits meanwhile (``driver.pause``), and again while the sheet
after a Partie is open, until the person goes on. Cards are keyed by card and role, so a
tap sends only what changed.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from app import theme
from app.tables.kit import privacy
from app.tables.kit.motion import Frames, can_run_tasks
from app.tables.kit.table import Table
from app.tables.rosenkrieg import model
from app.tables.rosenkrieg.help import Help
from app.tables.rosenkrieg.layouts import Layouts
from app.tables.rosenkrieg import strings  # noqa: F401  (registers the strings)
from app.tables.rosenkrieg.pieces import TABLET_MIN_WIDTH, Pieces
from app.tables.rosenkrieg.sheets import Sheets
from core.games import rosenkrieg as rk

HOLD = {"slow": 1.4, "normal": 0.8, "fast": 0.45}  # seconds a finished trick stays before it slides away
SEEN = "partie_seen"  # session meta: the last Partie whose sheet the people have closed


class RosenkriegTable(Help, Layouts, Pieces, Sheets, Table):
    def __init__(self, app_state: Any, session: Any) -> None:
        super().__init__(app_state, session)
        self.selected: list[str] = []
        self.shown_trick: dict[str, Any] | None = None  # a finished trick still on the table
        self.sheet: dict[str, Any] | None = None  # the record of the Partie whose sheet is open
        self.last_move: str | None = None
        self.banner: str | None = None
        self.frames = Frames()
        view = session.view(None)
        done = len(view["partien"])
        if done and not session.over and not view["tricks"] and done > session.meta.get(SEEN, 0):
            self.open_sheet(view["partien"][-1])  # closed before the sheet was: show it again

    # --- geometry and looks -----------------------------------------------------------------

    @property
    def tablet(self) -> bool:
        return self.width >= TABLET_MIN_WIDTH

    @property
    def french(self) -> bool:
        return getattr(self.state.settings, "suits", "own") == "french"

    def you_label(self, seat: int, viewer: int | None) -> str:
        if viewer == seat and len(self.session.humans) == 1:
            return self.t("rk.you")
        return self.name(seat)

    def card_text(self, card: str) -> str:
        return model.card_text(card, self.lang, self.french)

    def explain(self, reason: str) -> str:
        key = model.why_key(reason)
        return self.t(key) if key else reason

    # --- drawing ----------------------------------------------------------------------------

    def control(self) -> ft.Control:
        self.show(self.guide.dress(self.build_content()))
        return ft.Container(self.guide.stage(self.root), expand=True, gradient=theme.TABLE_GRADIENT)

    def draw(self) -> None:
        self.show(self.guide.dress(self.build_content()))
        try:
            self.push()
        except Exception:  # not on the page (yet, or any more): the next build shows it
            pass

    def redraw(self, events: list[dict[str, Any]] | None = None) -> None:
        events = list(events or [])
        if events and events[0].get("type") == "undo":
            self.frames.stop()
            self.shown_trick = self.sheet = None
            self.selected = []
            self.last_move = self.banner = None
            self.advice = None
            self.driver.paused = False
        self.tell(events)
        trick = next((e for e in events if e.get("type") == "trick"), None)
        partie = next((e for e in events if e.get("type") == "partie"), None)
        if partie is not None and not self.session.over:
            self.open_sheet(partie["record"])
        if trick is not None:
            self.show_trick(trick, partie["record"] if partie else None)
            return
        self.draw()

    def tell(self, events: list[dict[str, Any]]) -> None:
        """The last move and the news of the moment in words (for the hint line and the pass screen)."""
        for ev in events:
            kind = ev.get("type")
            if kind == "declare":
                who = ev["seat"]
                self.last_move = self.t("rk.said_will" if ev["will"] else "rk.said_pass", name=self.name(who))
            elif kind == "potentat":
                self.banner = self.t(f"rk.chosen.{ev['why']}", name=self.name(ev["seat"]))
            elif kind == "move" and ev.get("to") == "trick":
                card = ev["cards"][0]
                self.last_move = self.t("rk.played", name=self.name(ev["seat"]), card=self.card_text(card))
                self.banner = None
            elif kind == "move" and ev.get("to") == "erbe" and "seat" in ev:
                self.last_move = self.t("rk.laid", name=self.name(ev["seat"]))
                self.banner = None
            elif kind == "trick":
                self.last_move = self.t("rk.took", name=self.name(ev["winner"]), n=rk.card_points(ev["cards"]))
            elif kind == "deal":
                self.banner = self.t("rk.dealt", n=ev["number"], name=self.name(ev["dealer"]))

    # --- the finished trick, the Partie sheet ---------------------------------------------------

    def show_trick(self, ev: dict[str, Any], record: dict[str, Any] | None) -> None:
        """Keep a finished trick on the table with its winner lit, then slide it to the winner (the
        last of a Partie: then its sheet, or the end of the Dynastie)."""
        n = self.session.state["players"]
        leader = (ev["winner"] - rk.trick_winner(ev["cards"])) % n
        self.shown_trick = {"leader": leader, "cards": list(ev["cards"]), "winner": ev["winner"], "stage": "full",
                            "record": record}
        page = self.ui.page
        speed = getattr(self.state.settings, "speed", "normal")
        if self.duration <= 0 or not can_run_tasks(page):
            self.shown_trick = None
            self.draw()
            return
        self.driver.pause()
        flight = self.duration / 1000
        frames = [{"stage": "full", "wait": HOLD.get(speed, HOLD["normal"])}]
        if record is None:  # the last trick of a Partie gives way to its sheet at once
            frames += [{"stage": "gather", "wait": flight}, {"stage": "gone", "wait": flight}]
        frames.append({"stage": None})
        self.frames.start(page, frames, self.trick_frame, self.end_trick)

    def trick_frame(self, frame: dict[str, Any]) -> None:
        if frame["stage"] is None:
            self.end_trick()
            return
        if self.shown_trick is not None:
            self.shown_trick["stage"] = frame["stage"]
        self.draw()

    def end_trick(self) -> None:
        """The trick has gone to its winner (or a tap cut it short): the table as it is now."""
        self.frames.stop()
        self.shown_trick = None
        if self.sheet is None and self.driver.paused:
            self.driver.resume()
        self.draw()

    def open_sheet(self, record: dict[str, Any]) -> None:
        self.sheet = record
        self.driver.pause()

    def close_sheet(self) -> None:
        """The people have read the Partie's sheet: the next Partie goes on."""
        if self.sheet is not None:
            self.session.meta[SEEN] = max(self.session.meta.get(SEEN, 0), self.sheet["number"])
        self.sheet = None
        # The next Partie opens with its deal, not with the last trick of the one before.
        self.last_move = None
        self.banner = self.deal_line()
        self.end_trick()

    def deal_line(self) -> str | None:
        """The news that opens a Partie before anyone has spoken: "Game 2: Anna deals."."""
        view = self.session.view(None)
        if self.session.over or view.get("phase") != "declare" \
                or any(d is not None for d in view.get("declarations") or ()):
            return None
        return self.t("rk.dealt", n=len(view["partien"]) + 1, name=self.name(view["dealer"]))

    # --- input ----------------------------------------------------------------------------------

    def hurry(self) -> None:
        """A tap while a finished trick is still shown ends the show at once."""
        if self.shown_trick is not None:
            self.end_trick()

    def declare(self, will: bool) -> None:
        self.hurry()
        self.selected = []
        self.act(rk.WILL if will else rk.PASS)

    def tap_card(self, card: str) -> None:
        self.hurry()
        self.message = None
        if self.advice is not None and card not in self.advice.cards:
            self.advice = None  # another card than the hint's: the hint has been read
        view = self.session.view(self.viewer())
        if view["phase"] == "lay":
            if card in self.selected:
                self.selected.remove(card)
            else:
                self.selected = (self.selected + [card])[-rk.ERBE_SIZE:]
            self.draw()
            return
        if self.selected == [card]:
            self.play_selected()
            return
        self.selected = [card]
        self.draw()

    def play_selected(self) -> None:
        if len(self.selected) != 1:
            return
        card = self.selected[0]
        self.selected = []
        self.act(rk.Play(card))

    def lay_selected(self) -> None:
        if len(self.selected) != rk.ERBE_SIZE:
            self.message = self.t("rk.lay_two")
            self.draw()
            return
        a, b = self.selected
        self.selected = []
        self.act(rk.lay(a, b))

    # --- privacy screen ---------------------------------------------------------------------------

    def reveal(self, seat: int) -> None:
        self.privacy.reveal(seat)
        self.selected = []
        self.message = None
        self.draw()

    def handover(self, seat: int) -> ft.Control:
        note = self.t("rk.pass_last", move=self.last_move) if self.last_move else None
        return privacy.pass_screen(self.t, self.name(seat), lambda: self.reveal(seat), note)
