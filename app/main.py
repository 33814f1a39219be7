"""Start Hofstaat: command line, the store (once per process) and one shell per session.

``hofstaat`` / ``python -m app`` open the app in the browser (offline web mode);
``--desktop`` opens a native window instead. Flet's own environment variables
(FLET_FORCE_WEB_SERVER, FLET_SERVER_PORT, FLET_SERVER_IP, FLET_WEB_NO_CDN) still
override what is chosen here, which is how the end-to-end tests run the app.
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path
from typing import Any, Callable

import flet as ft

ASSETS_DIR = str(Path(__file__).resolve().parent.parent / "assets")

log = logging.getLogger("hofstaat")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line on stderr, exit status 2
        sys.stderr.write(f"hofstaat: {message}\n")
        raise SystemExit(2)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = _Parser(prog="hofstaat", description="Hofstaat: four card games of court intrigue.",
                epilog="Backups: 'hofstaat export FILE' and 'hofstaat import FILE' "
                       "(each takes --db; see 'hofstaat export --help').")
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


def make_main(store: Any) -> Callable[[ft.Page], Any]:
    """The per-session entry point: each browser tab gets its own AppState and Shell."""
    async def main(page: ft.Page) -> None:
        from app import theme
        from app.feedback import Feedback
        from app.shell import Shell
        from app.state import AppState, device_language

        page.title = "Hofstaat"
        state = AppState(store, device_language(await _device_locales(page)))
        theme.apply(page, state.settings.theme)
        state.feedback = Feedback(page, state)
        if state.settings.sound == "on":
            state.feedback.prepare()  # the players load their files now, before the first card
        page.padding = 0
        shell = Shell(page, state)
        page.data = shell  # lets tests and handlers reach the session's shell
        shell.start()

    return main


async def _device_locales(page: ft.Page) -> list[str]:
    """The device's preferred language tags (browser languages in web mode)."""
    tags: list[str] = []
    try:
        info = await page.get_device_info()
    except Exception as exc:  # not every platform answers; English is the fallback
        log.info("no device info: %s", exc)
        info = None
    if info is not None:
        for attr in ("languages",):
            tags.extend(str(x) for x in (getattr(info, attr, None) or []))
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
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        store = open_store(args.db)
    except Exception as exc:  # StoreError and anything the engine raises, in one line
        sys.stderr.write(f"hofstaat: cannot open the database: {exc}\n")
        return 1
    view = ft.AppView.FLET_APP if args.desktop else ft.AppView.WEB_BROWSER
    ft.run(make_main(store), view=view, port=args.port, host=args.host,
           assets_dir=ASSETS_DIR, no_cdn=True)
    return 0


def run_packaged() -> None:
    """Entry for ``flet build`` / ``flet run`` (top-level main.py): platform defaults, no CLI."""
    store = open_store(None)
    ft.run(make_main(store), assets_dir=ASSETS_DIR)
