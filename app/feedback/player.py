"""Sound and touch feedback for one page: flet-audio players and ft.HapticFeedback as services.

Every call returns at once and never raises for a reason outside the caller's control:
the work runs in a ``page.run_task`` coroutine (so handlers and the computer's turns in
``TableDriver._bot_turns`` may both call it), and a page without a Flet client (the
``SimpleNamespace`` pages of the unit tests), a browser that has not seen a user gesture
yet, a missing audio device or a closed session only end in a debug log line. A sound
asked for while the client has not answered its last play is dropped, not queued.

The services go into the page's own service registry (what constructing a service in a
page context does), not into ``page.services``: that list belongs to the root view,
which the shell replaces on every navigation, and the client would dispose the players.

Device mute: Flet 1.0.5 reports no ringer or silent-switch state (there is no such page
property, event or service), and flet-audio 1.0.5 sets no audio context, so audioplayers'
defaults apply: on iOS the ``playback`` session category, which ignores the silent
switch, on Android the media stream with audio focus ``gain``; on both, music another app
plays is interrupted by a sound. The app's own "Sound" setting is therefore the way to
silence it; the media volume still applies. The fix is upstream: an audio context in
flet-audio (iOS ``ambient``, Android audio focus ``none``). Natively, haptics use the
platform's own feedback calls, which the system's haptics setting governs.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Awaitable, Callable

import flet as ft

from app.events import quiet  # a sound's state events came with every tap
from app.feedback.sounds import EVENTS, HAPTICS, SOUNDS, asset

log = logging.getLogger(__name__)

PHONES = (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS)
ANSWER_TIMEOUT = 3.0  # seconds a play may wait for the client's answer before it is given up
LOAD_WAIT = 1.0  # seconds a first play waits for its file to be loaded (then it tries anyway)
HAPTIC = "haptic"  # the busy mark of the one haptics service


class Feedback:
    """Plays the table sounds and haptics of one page, if its settings allow them."""

    def __init__(self, page: Any, app_state: Any) -> None:
        self.page = page
        self.app_state = app_state  # settings are read at every call, so a change applies at once
        self._audio: dict[str, Any] = {}  # sound name -> fa.Audio, kept here so Flet keeps them registered
        self._loaded: dict[str, asyncio.Event] = {}
        self._haptics: Any = None
        self._broken: set[str] = set()  # "sound" / HAPTIC once setting it up failed: not tried again
        self._busy: set[str] = set()  # sounds (and HAPTIC) whose last call the client has not answered

    # --- what is possible here ------------------------------------------------------------

    @property
    def live(self) -> bool:
        """Whether there is a Flet client to play on."""
        return isinstance(self.page, ft.Page)

    @property
    def phone(self) -> bool:
        """Whether the client runs on a phone or tablet OS (natively or in its browser)."""
        return getattr(self.page, "platform", None) in PHONES

    def _setting(self, field: str) -> bool:
        return getattr(getattr(self.app_state, "settings", None), field, "on") == "on"

    # --- sounds ---------------------------------------------------------------------------

    def prepare(self) -> None:
        """Register one player per sound (once), so each file is loaded before its first play."""
        if self._audio or "sound" in self._broken or not self.live:
            return
        try:
            import flet_audio as fa

            for name in SOUNDS:
                loaded = asyncio.Event()
                audio = fa.Audio(src=asset(name), release_mode=fa.ReleaseMode.STOP,
                                 on_loaded=quiet(lambda e, done=loaded: done.set()),
                                 on_state_change=quiet(lambda e, n=name: log.debug("sound %s: %s", n,
                                                                                   e.state.value)))
                self._register(audio)
                self._audio[name], self._loaded[name] = audio, loaded
        except Exception as exc:  # no flet-audio, or the session is gone: the game goes on silently
            log.warning("sounds unavailable: %s", exc)
            self._audio.clear()
            self._broken.add("sound")

    def play(self, name: str) -> None:
        """Start a sound and return at once; nothing happens when sound is off or impossible.

        :raises KeyError: for a name that is not in ``SOUNDS`` (a mistake in the caller).
        """
        asset(name)
        if not (self.live and self._setting("sound")) or name in self._busy:
            return
        self.prepare()
        audio = self._audio.get(name)
        if audio is not None:
            self._start(name, self._play, name, audio)

    async def _play(self, name: str, audio: Any) -> None:
        if not self._loaded[name].is_set():
            try:
                await asyncio.wait_for(self._loaded[name].wait(), LOAD_WAIT)
            except TimeoutError:  # some browsers load only on the first play
                pass
        await asyncio.wait_for(audio.play(), ANSWER_TIMEOUT)

    # --- haptics --------------------------------------------------------------------------

    def haptic(self, kind: str) -> None:
        """A short haptic on phones when vibration is on; a desktop or its browser gets none.

        :raises KeyError: for a kind that is not in ``HAPTICS``.
        """
        method = HAPTICS[kind]
        if not (self.live and self.phone and self._setting("vibration")):
            return
        if HAPTIC in self._busy or HAPTIC in self._broken:
            return
        if self._haptics is None:
            try:
                self._haptics = ft.HapticFeedback()
                self._register(self._haptics)
            except Exception as exc:
                log.warning("haptics unavailable: %s", exc)
                self._broken.add(HAPTIC)
                return
        self._start(HAPTIC, self._haptic, method)

    async def _haptic(self, method: str) -> None:
        await asyncio.wait_for(getattr(self._haptics, method)(), ANSWER_TIMEOUT)

    def cue(self, event: str) -> None:
        """The sound and, on phones, the haptic of a table event (see ``EVENTS``).

        :raises KeyError: for an event that is not in ``EVENTS``.
        """
        sound, kind = EVENTS[event]
        self.play(sound)
        if kind is not None:
            self.haptic(kind)

    # --- plumbing -------------------------------------------------------------------------

    def _register(self, service: Any) -> None:
        # Constructing a service inside a page context registers it there already; outside
        # one (a worker thread) it must be registered by hand. Private API of Flet 1.0.5.
        registry = self.page._services
        if not any(s is service for s in registry._services):
            registry.register_service(service)

    def _start(self, key: str, work: Callable[..., Awaitable[None]], *args: Any) -> None:
        self._busy.add(key)

        async def run() -> None:
            try:
                await work(*args)
            except Exception as exc:  # no user gesture yet, no audio device, session closed, timeout
                log.debug("feedback %s not given: %s", key, exc)
            finally:
                self._busy.discard(key)

        try:
            self.page.run_task(run)
        except Exception as exc:  # the session's loop is gone
            self._busy.discard(key)
            log.debug("feedback %s not started: %s", key, exc)
