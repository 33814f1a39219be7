"""Start Hofstaat: command line, the store (once per process) and one shell per session.

``hofstaat`` / ``python -m app`` open the app in the browser (offline web mode);
``--desktop`` opens a native window instead. Flet's own environment variables
(FLET_FORCE_WEB_SERVER, FLET_SERVER_PORT, FLET_SERVER_IP, FLET_WEB_NO_CDN) still
override what is chosen here, which is how the end-to-end tests run the app.
"""

from __future__ import annotations

import _thread
import argparse
import asyncio
import gc
import importlib
import logging
import os
import signal
import sys
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Any, Callable

import flet as ft
from flet.utils import get_bool_env_var

from app import idle_gc

ASSETS_DIR = str(Path(__file__).resolve().parent.parent / "assets")
# What a session needs before its first screen, besides what building that screen imports.
FIRST_SCREEN = ("app.theme", "app.feedback", "flet_audio")
# The home screen is rehearsed on a phone in German, then on a tablet (the side rail) in English.
REHEARSALS = (("de", 390), ("en", 1024))

log = logging.getLogger("hofstaat")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line on stderr, exit status 2
        sys.stderr.write(f"hofstaat: {message}\n")
        raise SystemExit(2)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = _Parser(prog="hofstaat", description="Hofstaat: four card games of court intrigue.",
                epilog="Backups: 'hofstaat export FILE' and 'hofstaat import FILE' "
                       "(each takes --db; see 'hofstaat export --help'). Tables for friends' phones: "
                       "'hofstaat host' (see 'hofstaat host --help'). A server for circles of "
                       "friends: 'hofstaat serve' (see 'hofstaat serve --help').")
    p.add_argument("--port", type=int, default=8550, help="web server port (default 8550)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--db", metavar="PATH_OR_URL", default=None,
                   help="database file or SQLAlchemy URL (default: HOFSTAAT_DB or the user data folder)")
    p.add_argument("--desktop", action="store_true", help="open a native window instead of the browser")
    args = p.parse_args(argv)
    if not 0 < args.port < 65536:
        p.error(f"--port must be between 1 and 65535, not {args.port}")
    return args


def open_store(location: str | None) -> Any:
    from core.store import Store

    return Store.open(location=location)


class Startup:
    """Opens the store and imports the first screen in a background thread, once per process.

    The store and the screens cost more than a second of CPU to import; done in the
    background, they overlap the seconds the browser needs to load and start the web
    client, and the web server answers without waiting for them.
    """

    def __init__(self, location: str | None, on_failure: Callable[[BaseException], None] | None = None):
        self.location = location
        self.on_failure = on_failure
        self.failure: BaseException | None = None
        self._store: Future = Future()
        self.session_began = threading.Event()  # a rehearsal then would only compete with it

    def begin(self) -> None:
        threading.Thread(target=self._run, name="hofstaat-startup", daemon=True).start()

    async def store(self) -> Any:
        """The open store, once it is open and the first screen prepared; a session calls this first.

        :raises Exception: whatever opening it raised (``StoreError`` and the like).
        """
        self.session_began.set()
        return await asyncio.wrap_future(self._store)

    def _run(self) -> None:
        store = failure = None
        try:
            store = open_store(self.location)
            self._prepare_first_screen(store)
        except BaseException as exc:
            failure = exc
        finally:
            # What start-up created lives as long as the process: taking it out of the garbage
            # collector's generations keeps full collections short during play (FLET-NOTES 7).
            gc.freeze()
            gc.enable()
            idle_gc.start_once()  # full collections between taps, not in them
        if failure is None:
            self._store.set_result(store)
            return
        self.failure = failure
        try:  # reported before a waiting session hears of it, so the report is never late
            if self.on_failure is not None:
                self.on_failure(failure)
        finally:
            self._store.set_exception(failure)

    def _prepare_first_screen(self, store: Any) -> None:
        """Import what the first screen needs and rehearse it, unless a session is already waiting.

        A session that begins during the rehearsal waits for its end: building its screen
        beside the rehearsal would only slow both down.
        """
        try:
            for name in FIRST_SCREEN:
                importlib.import_module(name)
            for lang, width in REHEARSALS:
                if self.session_began.is_set():
                    break
                rehearse_home(store, lang, width)
        except Exception:  # the session builds it again and shows what is wrong
            log.exception("cannot prepare the first screen")


class _UnseenPage:
    """What the home screen asks of a page while it is built for nobody."""

    route = "/"

    def __init__(self, width: float) -> None:
        self.width = width


def rehearse_home(store: Any, lang: str = "de", width: float = 390) -> None:
    """Build the home screen once for nobody, in a language and at a width.

    The first build loads Flet's control modules, the game engines, the language's
    plural rules and the SQL of the home screen's reads, which costs a few hundred
    milliseconds; after this the first session's build takes a few.
    """
    from app.shell import Shell, screen
    from app.state import AppState

    screen("home").view(Shell(_UnseenPage(width), AppState(store, lang)))


def make_main(startup: Startup) -> Callable[[ft.Page], Any]:
    """The per-session entry point: each browser tab gets its own AppState and Shell."""
    async def main(page: ft.Page) -> None:
        from app.state import AppState, device_language

        store = await startup.store()
        lang = device_language(await device_locales(page))
        open_app(page, lambda: AppState(store, lang))

    return main


def open_app(page: ft.Page, make_state: Callable[[], Any]) -> None:
    """Build a session's app on ``page``: its AppState (``make_state()``), theme, sounds and
    shell, then the first screen."""
    from app import theme
    from app.feedback import Feedback
    from app.shell import Shell

    try:
        state = make_state()
        theme.apply(page, state.settings.theme)
        state.feedback = Feedback(page, state)
        page.padding = 0
        shell = Shell(page, state)
        page.data = shell  # lets tests and handlers reach the session's shell
        # The splash in index.html goes once the title has come and the first screen's
        # pictures have arrived. The title goes with the first screen (the page update of
        # ``shell.start``), never before it: Flet's own "Working..." page (in English) would
        # show between the splash and the app.
        page.title = "Hofstaat"
        shell.start()
    except Exception:
        page.title = "Hofstaat"  # the splash goes, and the page shows what went wrong
        try:
            page.update()
        except Exception:
            pass
        raise
    if state.settings.sound == "on":
        # The players load their files now, after the first screen and before the first card.
        state.feedback.prepare()


ASK_AGAIN = 3  # times the device is asked for its languages when its page comes back while asked
ANSWER_S = 20  # seconds a connected client may take to say its languages


async def _device_info(page: ft.Page) -> Any:
    """The client's device info, or None when it does not answer.

    A question to a page that goes (a reload, a tab reconnecting to a server that restarted
    and then reloaded) is never answered, and Flet waits for the answer without end: the
    session would stay blank when the page comes back to it. So the question is asked
    again when the page reconnects.
    """
    came_back = asyncio.Event()
    page.on_connect = lambda e: came_back.set()
    try:
        for _ in range(ASK_AGAIN):
            came_back.clear()
            ask = asyncio.ensure_future(page.get_device_info())
            back = asyncio.ensure_future(came_back.wait())
            done, _pending = await asyncio.wait({ask, back}, timeout=ANSWER_S,
                                                return_when=asyncio.FIRST_COMPLETED)
            back.cancel()
            if ask in done:
                return ask.result()
            ask.cancel()
            if back not in done:
                log.info("no device info in %s s", ANSWER_S)
                return None
        return None
    except Exception as exc:  # not every platform answers; English is the fallback
        log.info("no device info: %s", exc)
        return None
    finally:
        page.on_connect = None


async def device_locales(page: ft.Page) -> list[str]:
    """The device's preferred language tags (browser languages in web mode)."""
    tags: list[str] = []
    info = await _device_info(page)
    if info is not None:
        tags.extend(str(x) for x in (getattr(info, "languages", None) or []))
        if getattr(info, "language", None):
            tags.insert(0, str(info.language))
        for loc in getattr(info, "locales", None) or []:
            code = getattr(loc, "language_code", None)
            if code:
                tags.append(code)
    return tags


def cli(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in ("export", "import"):
        from app.backup_cli import run

        return run(argv)
    if argv and argv[0] == "serve":
        from app.serve.cli import run as serve

        return serve(argv[1:])
    if argv and argv[0] == "host":  # the app, with where tables for phones listen
        from app.host.cli import configure

        argv = configure(argv[1:])
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    # Start-up makes many objects and no garbage: collecting meanwhile would only cost time
    # (about a tenth of the imports). The start-up thread turns collection on again.
    gc.disable()
    startup = Startup(args.db, on_failure=_stop)
    if not args.desktop or get_bool_env_var("FLET_FORCE_WEB_SERVER"):
        # Flet's web server (FastAPI, uvicorn) is imported before the store starts opening
        # beside it: the two would share the CPU, and the server should answer first.
        importlib.import_module("flet_web.fastapi.serve_fastapi_web_app")
    startup.begin()
    view = ft.AppView.FLET_APP if args.desktop else ft.AppView.WEB_BROWSER
    ft.run(make_main(startup), view=view, port=args.port, host=args.host,
           assets_dir=ASSETS_DIR, no_cdn=True)
    return 1 if startup.failure is not None else 0


def _stop(exc: BaseException) -> None:
    """The store cannot be opened: say why and stop the server (the process exits with 1)."""
    sys.stderr.write(f"hofstaat: cannot open the database: {exc}\n")
    if callable(signal.getsignal(signal.SIGTERM)):
        _thread.interrupt_main(signal.SIGTERM)  # Flet's (or uvicorn's) handler stops the server
    else:  # so early that no server runs yet: nothing to shut down
        os._exit(1)


def run_packaged() -> None:
    """Entry for ``flet build`` / ``flet run`` (top-level main.py): platform defaults, no CLI."""
    gc.disable()  # as in ``cli``
    startup = Startup(None)
    startup.begin()
    ft.run(make_main(startup), assets_dir=ASSETS_DIR)
