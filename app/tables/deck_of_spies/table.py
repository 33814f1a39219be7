"""The Deck of Spies table: the spy, your piles and hand, counter/recruit/assassinate/retire.

It draws only ``session.view(0)`` (the draw pile is a face-down count, never
faces) and asks the engine what is legal; the wording comes from ``logic``. The
table is one ``Stack`` laid out by ``layout``: every card is a keyed, absolutely
placed control, so a redraw with new positions makes Flutter fly the card there
(recruited spy to the discard pile, drawn cards into the hand …), planned by
``flights`` and played by the kit's frame sequence at the speed of the settings.
Hints and animations run in tasks (``page.run_task``), the hint's search in a
worker thread, so the UI never freezes.

Built from the table kit: the base ``Table`` (driver, texts, acting), hand cards,
the frame animation and the result frame; undo sits in the table's own tool row.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Callable

import flet as ft

from app import theme
from app.events import skip_page_update
from app.tables.deck_of_spies import deal
from app.tables.deck_of_spies import layout as geo
from app.tables.deck_of_spies import logic as lg
from app.tables.deck_of_spies import panels
from app.tables.deck_of_spies import strings  # noqa: F401  (registers the texts)
from app.tables.deck_of_spies.board import BoardPieces
from app.tables.deck_of_spies.controls import ControlPieces
from app.tables.deck_of_spies.flights import Flights
from app.tables.kit import feel
from app.tables.kit import hand as kit_hand
from app.tables.kit.driver import moved_on_elsewhere
from app.tables.kit.motion import Frames, can_run_tasks
from app.tables.kit.table import Table, mount
from app.widgets import card as card_widget

log = logging.getLogger(__name__)

APPBAR = 56  # the play screen's app bar (Flutter's toolbar height)


class SpiesTable(BoardPieces, ControlPieces, Flights, Table):
    """One open Deck of Spies game on screen: selection, hint and animation state above the
    session; ``build`` draws a view, the handlers turn taps into engine actions."""

    undo_in_table = True  # undo sits with the hint in the tool row, at the thumb

    def __init__(self, app_state: Any, session: Any) -> None:
        super().__init__(app_state, session)
        self.selected: set[str] = set()
        self.hint: lg.Hint | None = None
        self.hint_busy = False
        self.show_result = True
        self.size = (self.width, self.height - APPBAR)
        self.layout = geo.compute(*self.size)
        self.shown: dict[str, Any] = self.view()  # the view the cards on screen show
        self.flights = Frames()
        self.root = ft.Stack(expand=True, clip_behavior=ft.ClipBehavior.HARD_EDGE)

    # --- small helpers -------------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        return self.session.view(0)

    def mark(self, card: str) -> card_widget.Mark | None:
        """A court card's value printed on it (J 11, Q 12, K 13): sums use it, the face does not say it."""
        if card[0] not in "JQK":
            return None
        v = lg.value(card)
        return card_widget.Mark(str(v), "value", self.t("spies.value", v=v))

    def _anim(self) -> ft.Animation | None:
        d = self.duration
        return ft.Animation(d, ft.AnimationCurve.EASE_IN_OUT_CUBIC) if d else None

    def _can_animate(self) -> bool:
        return self.duration > 0 and can_run_tasks(getattr(self.ui, "page", None))

    def _update(self) -> None:
        try:
            self.push()
        except Exception:  # not on the page (yet, or any more): the next build shows it
            pass

    # --- drawing -----------------------------------------------------------------------------

    def control(self) -> ft.Control:
        self.show(self.build(self.shown))
        return ft.Container(self.guide.stage(self.root), expand=True, gradient=theme.TABLE_GRADIENT,
                            on_size_change=self._resized, size_change_interval=80)

    def _resized(self, e: Any) -> None:
        size = (float(e.width), float(e.height))
        if abs(size[0] - self.size[0]) > 1 or abs(size[1] - self.size[1]) > 1:
            self.size = size
            self.layout = geo.compute(*size)
            self.stop_animation()
            self.redraw_now()

    def stop_animation(self) -> None:
        """A tap during a flight: finish it at once (the next redraw shows the end)."""
        self.flights.stop()

    def refresh(self) -> None:
        self.redraw_now()

    def redraw_now(self) -> None:
        self.shown = self.view()
        self.show(self.build(self.shown))
        self._update()

    def build(self, view: dict[str, Any], hide: set[str] | frozenset[str] = frozenset(),
              place: dict[str, geo.Slot] | None = None, ghosts: dict[str, geo.Slot] | None = None,
              moving: set[str] | frozenset[str] = frozenset(),
              backs: set[str] | frozenset[str] = frozenset(), result: bool = True,
              was_hand: set[str] | frozenset[str] = frozenset()) -> list[ft.Control]:
        """Every part of the table for ``view``; ``hide``/``place``/``ghosts``/``moving``/``backs``
        are for animation frames (cards not yet shown, cards at a start position, cards that
        left the view flying to their pile, cards drawn on top, cards turned face down);
        ``result`` False keeps the end screen back until the last card has landed; cards in
        ``was_hand`` keep a hand card's look while they fly off (see ``_card``)."""
        L = self.layout
        place = place or {}
        ghosts = ghosts or {}
        parts: list[ft.Control] = [self._hud(view), self._panel("stage-bg", L.stage), self._panel("deck-bg", L.deck)]
        info, medallion = self._spy_info(view)
        parts += info
        piles, badges = self._piles(view)
        parts += piles
        parts.append(self._status(view))
        parts += self._buttons(view)
        # cards: piles first, then the hand, the spy, and anything in flight on top
        slots = self.card_slots(view)
        placed: list[tuple[int, ft.Control]] = []
        for order, (card, slot) in enumerate(slots.items()):
            if card in hide:
                continue
            s = place.get(card, slot)
            z = order + (1000 if card in moving or card in place else 0)
            placed.append((z, self._card(card, s, view, was_hand=card in was_hand)))
        for card, s in ghosts.items():
            if card not in slots:
                placed.append((2000, self._card(card, s, view, ghost=True, face_down=card in backs,
                                                was_hand=card in was_hand)))
        placed.sort(key=lambda p: p[0])
        parts += [c for _, c in placed]
        parts += medallion + badges
        parts += self._pile_targets(view)
        if view.get("over") and self.show_result and result:
            parts.append(self._end_overlay(view))
        return self.guide.dress(parts)

    def _card(self, card: str, slot: geo.Slot, view: dict[str, Any], ghost: bool = False,
              face_down: bool = False, was_hand: bool = False) -> ft.Control:
        """A card at ``slot``. A hand card reads as a button while a hint is computed (its tap only
        waits), and so does a card flying off the hand (``was_hand``): Flutter's web client
        draws a card whose role changes anew, which made the first frame of every counter
        rebuild the cards played (``kit.morph``)."""
        L = self.layout
        anim = self._anim()
        in_hand = card in (view.get("hand") or ()) and not ghost
        tap: Callable[[str], None] | None = None
        selected = highlighted = disabled = False
        if in_hand and not view.get("over") and not self.hint_busy and not self.read_only:
            phase = view.get("phase")
            if phase == "retire":
                if card in lg.retirable(view["hand"]):
                    tap = self.toggle
                else:
                    disabled = True
            elif not lg.must_assassinate(view):
                tap = self.toggle
            selected = card in self.selected
            highlighted = bool(self.hint and card in self.hint.cards)
        if card == lg.spy(view) and not ghost:
            highlighted = True
        tappable = (was_hand or (in_hand and self.hint_busy and not view.get("over"))) and not face_down
        # A card going into the draw pile turns face down at once: the pile's cards are never shown.
        face = kit_hand.hand_card(card, self.lang, L.card, self.back, selected=selected, lit=highlighted,
                                  dim=disabled, on_tap=tap, face_down=face_down, tappable=tappable,
                                  role="back" if face_down else "tap" if tap or tappable else "plain",
                                  mark=self.mark(card) if card != lg.spy(view) else None)
        return ft.Container(face, key=f"c-{card}", left=slot.x, top=slot.y, width=L.cw, height=L.ch,
                            scale=slot.scale, animate_position=anim, animate_scale=anim)

    # --- fixed parts ------------------------------------------------------------------------

    # --- end of game ----------------------------------------------------------------------------

    def _end_overlay(self, view: dict[str, Any]) -> ft.Control:
        return panels.end_overlay(self, view)

    # --- sheets and dialogs ---------------------------------------------------------------------

    def open_pile(self, name: str) -> None:
        self.ui.page.show_dialog(panels.pile_sheet(self, name))

    def ask_assassinate(self) -> None:
        choices = lg.assassinate_choices(self.session.legal())
        if choices:
            hinted = self.hint if self.hint and self.hint.kind == "assassinate" else None
            self.ui.page.show_dialog(panels.assassinate_dialog(self, choices, hinted))

    # --- input ------------------------------------------------------------------------------------

    def toggle(self, card: str) -> None:
        skip_page_update()  # the table sends its own changes (none while a hint is computed)
        self.stop_animation()
        if self.hint_busy:
            return
        self.message = None
        self.hint = None
        if card in self.selected:
            self.selected.discard(card)
        else:
            view = self.view()
            if view.get("phase") == "retire" and self.selected and \
                    {c[0] for c in self.selected} != {card[0]}:
                self.selected = set()  # another rank: start a new group
            self.selected.add(card)
        self.redraw_now()

    def play(self, kind: str) -> None:
        if not self.selected:
            return
        self.act(lg.play_action(kind, self.selected))

    def retire(self) -> None:
        view = self.view()
        rs = lg.retire_status(view.get("hand") or (), self.selected, self.t, self.lang)
        if not rs.ok:
            return
        action = lg.retire_action(self.selected)
        if rs.aces:
            self.ui.confirm(self.t("spies.retire.aces_title"), self.t("spies.retire.aces_text"),
                            self.t("spies.retire.aces_yes"), lambda: self.act(action), destructive=True)
            return
        self.act(action)

    def done(self) -> None:
        self.act("done")

    def _start_move(self) -> bool:
        """Before a move or an undo: finish any flight, clear the selection, hint and message.
        False while a hint is being computed (the move must wait for it)."""
        self.stop_animation()
        if self.hint_busy:
            return False
        self.selected.clear()
        self.hint = None
        self.message = None
        return True

    def act(self, action: str) -> None:
        if not self._start_move():
            return
        reason = self.driver.apply(action)
        if reason:
            self.message = reason
            feel.refused(self.state)
            self.redraw_now()

    def undo(self) -> None:
        if not self._start_move():
            return
        if not self.driver.undo():
            self.ui.snack(self.t("spies.undo.none"))
            self.redraw_now()

    def ask_hint(self) -> None:
        if self.hint_busy or self.session.over:
            return
        self.hint_busy = True
        self.hint = None
        self.message = None
        self.redraw_now()
        page = self.ui.page
        if hasattr(page, "run_task"):
            page.run_task(self._hint_task)

    async def _hint_task(self) -> None:
        state_before = self.session.state
        self.driver.thinking = True  # no undo from the app bar while the hint reads the game
        moved_on = False
        try:
            action, _reason = await asyncio.to_thread(self.session.hint)
            if self.session.state is state_before:
                self.apply_hint(action)
        except Exception as exc:
            moved_on = moved_on_elsewhere(exc)  # its count was refused: another window played on
            if not moved_on:
                log.exception("hint failed")
                self.message = self.t("spies.hint.failed")
        finally:
            self.hint_busy = False
            self.driver.thinking = False
        if moved_on:
            self.moved_on()
            return
        self.redraw_now()

    def apply_hint(self, action: Any) -> lg.Hint:
        """Show a suggestion: its cards selected and glowing, its button glowing, the reason."""
        h = lg.hint_from_action(action, self.view(), self.t, self.lang)
        self.hint = h
        self.selected = set(h.cards) if h.kind in ("counter", "recruit", "retire") else set()
        return h

    def hide_result(self) -> None:
        self.stop_animation()
        self.show_result = False
        self.redraw_now()

    def reopen_result(self) -> None:
        self.stop_animation()
        self.show_result = True
        self.redraw_now()

    def _seats_and_options(self) -> tuple[list[Any], dict[str, Any]]:
        return list(self.session.seats), dict(self.session.state["options"])

    def _launch(self, seed: int, meta: dict[str, Any]) -> None:
        seats, options = self._seats_and_options()
        try:
            new = start_game(self.state, seats, options, seed, meta)
        except Exception as exc:
            self.ui.snack(str(exc), error=True)
            return
        self.ui.navigate(f"/play/{new.game_id}")

    def replay(self) -> None:
        meta = {k: v for k, v in (self.session.meta or {}).items() if k in ("deal", "daily")}
        self._launch(int(self.session.state["seed"]), meta)

    def new_deal(self) -> None:
        if (self.session.meta or {}).get("deal") == "winnable":
            deal.search_and_launch(self.ui, dict(self.session.state["options"]), self._launch)
        else:
            self._launch(deal.random_seed(), {"deal": "random"})

    # --- after an action: animate -------------------------------------------------------------------

    def redraw(self, events: list[dict[str, Any]] | None = None) -> None:
        """After a move or an undo (from the driver): fly the cards from the old view to the new."""
        self._applied(list(events or []))

    def _applied(self, events: list[dict[str, Any]]) -> None:
        self.selected.clear()
        self.hint = None
        before = self.shown
        after = self.view()
        self.stop_animation()
        self.show_result = True
        if not self._can_animate():
            self.redraw_now()
            return
        self.shown = after
        skip_page_update()  # the flight sends its own frames; a page update now would diff it all
        self.flights.start(self.ui.page, self.frames(before, after), lambda f: self._show_frame(after, f),
                           self.redraw_now)

    def _show_frame(self, view: dict[str, Any], frame: dict[str, Any]) -> None:
        changed = self.lead(view, frame) if frame.get("lead") and not self._unsent else None
        if changed is None:
            self.show(self.build_frame(view, frame))
        else:
            self._unsent = changed  # ``push`` sends them, as it sends what ``show`` changed
        self._update()


def start_game(app_state: Any, seats: list[Any], options: dict[str, Any], seed: int,
               meta: dict[str, Any] | None = None) -> Any:
    """Deal a Deck of Spies game with a meta line (how it was dealt); older games stay open."""
    session = app_state.start_game(deal.GAME, seats, options=options, seed=seed)
    session.meta.update(meta or {})
    session.save()
    return session


def build(app_state: Any, session: Any) -> ft.Control:
    return mount(app_state, SpiesTable(app_state, session))
