"""Sound and haptic feedback: plays when on, silent when off or without a client, never raises or queues."""

from __future__ import annotations

import asyncio
import sys
from types import SimpleNamespace

import flet as ft
import flet_audio as fa
import pytest

from app import feedback
from app.feedback import EVENTS, HAPTICS, SOUNDS, Feedback, player
from app.screens import settings as settings_screen
from app.state import AppState, Settings
from tests.headless_page import HeadlessPage
from tests.test_app_generic_table import MemoryStore


def app_state(sound: str = "on", vibration: str = "on") -> SimpleNamespace:
    return SimpleNamespace(settings=Settings(sound=sound, vibration=vibration), feedback=None)


def stub_page(tasks: list) -> SimpleNamespace:
    """The pages table tests use (tests/test_app_thronfolge_table.py::stub_ui): no client at all."""
    return SimpleNamespace(width=390, height=844, run_task=lambda fn, *a: tasks.append(fn),
                           show_dialog=lambda d: None, platform=ft.PagePlatform.ANDROID)


def run(test):
    """Run ``test(headless_page, **kw)`` on a fresh event loop; ``page`` holds the page's properties."""
    def wrapper(page: dict | None = None, **kw):
        async def main():
            return await test(HeadlessPage(**(page or {})), **kw)
        return asyncio.run(main())
    return wrapper


def on_page(h: HeadlessPage, **settings) -> tuple[SimpleNamespace, Feedback]:
    state = app_state(**settings)
    state.feedback = Feedback(h.page, state)
    return state, state.feedback


async def loaded(h: HeadlessPage, fb: Feedback) -> None:
    """Play the client's part: every player reports its file loaded."""
    fb.prepare()
    for audio in fb._audio.values():
        await h.fire(audio, "loaded")


# --- without a client -----------------------------------------------------------------------


def test_a_page_without_a_client_stays_silent_and_schedules_nothing():
    tasks: list = []
    state = app_state()
    state.feedback = Feedback(stub_page(tasks), state)
    for event in EVENTS:
        feedback.cue(state, event)
    for name in SOUNDS:
        feedback.play(state, name)
    for kind in HAPTICS:
        feedback.haptic(state, kind)
    state.feedback.prepare()
    assert tasks == []


def test_a_state_shell_or_page_without_feedback_gets_the_silent_one():
    assert feedback.of(SimpleNamespace(feedback=None)) is feedback.SILENT
    assert feedback.of(None) is feedback.SILENT
    feedback.cue(SimpleNamespace(), "take")  # nothing to reach: no error


def test_the_feedback_is_found_from_the_app_state_its_shell_or_the_page():
    state = app_state()
    state.feedback = Feedback(None, state)
    shell = SimpleNamespace(state=state)
    assert feedback.of(state) is feedback.of(shell) is feedback.of(SimpleNamespace(data=shell)) is state.feedback


def test_an_unknown_name_is_a_mistake_that_raises_even_without_a_client():
    for call, name in ((feedback.play, "fanfare"), (feedback.haptic, "buzz"), (feedback.cue, "explode")):
        with pytest.raises(KeyError):
            call(None, name)


# --- with a client (a headless page) ---------------------------------------------------------


@run
async def each_sound_once(h):
    _, fb = on_page(h)
    fb.prepare()
    fb.prepare()
    return [s for s in h.page._services._services if isinstance(s, fa.Audio)]


def test_each_sound_is_registered_once_as_a_page_service_that_keeps_its_file():
    audios = each_sound_once()
    assert sorted(a.src for a in audios) == sorted(f"sounds/{n}.wav" for n in SOUNDS)
    assert {a.release_mode for a in audios} == {fa.ReleaseMode.STOP}


@run
async def play_when(h, sound="on"):
    state, fb = on_page(h, sound=sound)
    await loaded(h, fb)
    feedback.play(state, "take")
    await h.settle()
    return [(c.name, c.control_id) for c in h.calls()], fb._audio["take"]._i


def test_a_sound_plays_on_the_client_when_sound_is_on():
    calls, take = play_when()
    assert calls == [("play", take)]


def test_no_sound_is_sent_when_sound_is_off():
    calls, _ = play_when(sound="off")
    assert calls == []


@run
async def refused_then_again(h):
    state, fb = on_page(h)
    await loaded(h, fb)
    for _ in range(3):  # asked three times before the client answered: one call, nothing queued
        feedback.play(state, "deal")
    await h.settle()
    first = h.calls()
    h.answer(first[0], error="NotAllowedError: play() failed because the user didn't interact")
    await h.settle()
    feedback.play(state, "deal")
    await h.settle()
    return len(first), len(h.calls())


def test_a_play_refused_before_a_user_gesture_neither_raises_nor_queues():
    assert refused_then_again() == (1, 2)


@run
async def unanswered(h):
    state, fb = on_page(h)
    await loaded(h, fb)
    feedback.play(state, "win")
    await asyncio.sleep(0.1)  # longer than the (shortened) answer timeout
    feedback.play(state, "win")
    await h.settle()
    return len(h.calls())


def test_a_play_the_client_never_answers_is_given_up_so_the_next_one_goes_out(monkeypatch):
    monkeypatch.setattr(player, "ANSWER_TIMEOUT", 0.02)
    assert unanswered() == 2


@run
async def never_loaded(h):
    state, _ = on_page(h)
    feedback.play(state, "loss")
    await asyncio.sleep(0.1)
    return [c.name for c in h.calls()]


def test_a_sound_whose_file_never_reports_loaded_is_still_tried(monkeypatch):
    monkeypatch.setattr(player, "LOAD_WAIT", 0.02)
    assert never_loaded() == ["play"]


@run
async def from_a_task(h):
    state, fb = on_page(h)
    await loaded(h, fb)

    async def computer_turn():  # like TableDriver._bot_turns: a page.run_task coroutine
        await asyncio.sleep(0)
        feedback.cue(state, "play")

    await asyncio.wrap_future(h.page.run_task(computer_turn))
    await h.settle()
    return [c.control_id for c in h.calls()], fb._audio["play"]._i


def test_a_cue_from_a_run_task_coroutine_plays_too():
    calls, play = from_a_task()
    assert calls == [play]


@run
async def no_flet_audio(h):
    state, fb = on_page(h)
    for _ in range(3):
        feedback.cue(state, "win")
    await h.settle()
    return fb._audio, h.calls()


def test_without_flet_audio_the_table_stays_silent_and_says_so_once(monkeypatch, caplog):
    monkeypatch.setitem(sys.modules, "flet_audio", None)  # import fails
    assert no_flet_audio() == ({}, [])
    assert [r.message for r in caplog.records if r.name == player.log.name] == [
        "sounds unavailable: import of flet_audio halted; None in sys.modules"]


@run
async def session_gone(h):
    state, fb = on_page(h)
    await loaded(h, fb)
    feedback.cue(state, "take")
    return fb._busy


def test_a_closed_session_does_not_raise(monkeypatch):
    def closed(self, handler, *args):
        raise RuntimeError("session closed")
    monkeypatch.setattr(ft.Page, "run_task", closed)
    assert session_gone() == set()


# --- haptics ------------------------------------------------------------------------------


@run
async def haptics(h, vibration="on"):
    state, _ = on_page(h, vibration=vibration)
    feedback.cue(state, "take")
    feedback.cue(state, "deal")  # no haptic for a deal
    await h.settle()
    services = [s for s in h.page._services._services if isinstance(s, ft.HapticFeedback)]
    return [c.name for c in h.calls() if c.name != "play"], len(services)


def test_a_take_gives_a_medium_impact_on_android_and_ios():
    assert haptics({"platform": "android"}) == (["medium_impact"], 1)
    assert haptics({"platform": "ios"}) == (["medium_impact"], 1)


def test_no_haptic_on_a_desktop_or_when_vibration_is_off():
    assert haptics({"platform": "linux"}) == ([], 0)
    assert haptics({"platform": "macos", "web": True}) == ([], 0)
    assert haptics({"platform": "android"}, vibration="off") == ([], 0)


# --- settings -----------------------------------------------------------------------------


def test_sound_and_vibration_are_on_by_default_and_stored():
    store = MemoryStore()
    state = AppState(store, "de")
    assert (state.settings.sound, state.settings.vibration) == ("on", "on")
    state.set_setting("sound", "off")
    store.settings["ui_vibration"] = "loud"  # not an allowed value: the default stays
    again = AppState(store, "de")
    assert (again.settings.sound, again.settings.vibration) == ("off", "on")


def test_switching_sound_on_plays_a_sample_and_switching_it_off_does_not():
    state = AppState(MemoryStore(), "en")
    samples: list[str] = []
    # No rebuild: it would scroll the settings back to the top under the person's finger.
    shell = SimpleNamespace(state=state, refresh=lambda: samples.append("rebuilt"),
                            snack=lambda m, error=False: None)
    switch = settings_screen._switch(shell, "sound", "Sound", lambda: samples.append("play"))
    assert switch.value is True
    for value in (False, True):
        switch.value = value
        switch.on_change(SimpleNamespace(control=switch))
        assert state.settings.sound == ("on" if value else "off")
    assert samples == ["play"]


def test_a_sound_switch_the_store_refuses_flips_back_and_plays_nothing():
    class FullDisk(MemoryStore):
        def set_setting(self, key, value):
            raise OSError("disk full")

    state = AppState(FullDisk(), "en")
    samples: list[str] = []
    snacks: list[str] = []
    shell = SimpleNamespace(state=state, refresh=lambda: None, t=state.t,
                            snack=lambda m, error=False: snacks.append(m))
    switch = settings_screen._switch(shell, "sound", "Sound", lambda: samples.append("play"))
    switch.value = False
    switch.on_change(SimpleNamespace(control=switch))
    assert (state.settings.sound, switch.value, samples, len(snacks)) == ("on", True, [], 1)


def test_a_quiet_handler_runs_without_the_page_update_flet_adds_after_a_handler():
    import contextvars

    from flet.controls.context import context

    from app.events import quiet

    seen = []

    def in_a_fresh_event_context():
        context.reset_auto_update()
        assert context.auto_update_enabled()
        quiet(seen.append)("event")
        return context.auto_update_enabled()

    assert contextvars.copy_context().run(in_a_fresh_event_context) is False
    assert seen == ["event"]
