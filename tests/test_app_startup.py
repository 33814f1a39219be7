"""The cold start: what the process imports before its first screen, and the background start-up."""

from __future__ import annotations

import asyncio
import gc
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.devtools.webserver import free_port
from app.main import Startup, rehearse_home
from core.store import Store, StoreError

ROOT = Path(__file__).resolve().parents[1]


def modules_after(code: str) -> set[str]:
    """The modules a fresh interpreter has loaded after running ``code``."""
    out = subprocess.run([sys.executable, "-c", f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"],
                         cwd=ROOT, capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout.splitlines()[-1]))


def test_the_shell_and_the_home_screen_leave_the_other_screens_and_the_charts_unimported():
    loaded = modules_after("import app.shell, app.screens.home")
    assert "app.screens.home" in loaded
    for later in ("app.screens.ledger", "app.screens.players", "app.screens.records_ui", "app.screens.play",
                  "app.screens.settings", "app.screens.rules", "app.screens.replay", "flet_charts",
                  "app.tables.thronfolge", "app.tables.deck_of_spies.table"):
        assert later not in loaded, later


def test_the_command_line_imports_neither_the_store_nor_the_screens_before_it_starts():
    loaded = modules_after("import app.main")
    assert not {"core.store", "sqlalchemy", "sqlmodel", "app.shell", "app.screens.home"} & loaded


def test_a_screen_is_imported_when_its_route_is_first_shown():
    loaded = modules_after("from app.shell import screen\nscreen('settings')")
    assert "app.screens.settings" in loaded and "app.screens.ledger" not in loaded


def test_startup_opens_the_store_in_the_background_and_a_session_gets_it(tmp_path):
    startup = Startup(str(tmp_path / "h.db"))
    startup.begin()
    store = asyncio.run(asyncio.wait_for(startup.store(), 60))
    try:
        assert isinstance(store, Store) and not store.closed
        assert startup.failure is None and startup.session_began.is_set()
    finally:
        store.close()


def test_startup_that_cannot_open_the_store_reports_it_and_the_session_gets_the_error(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    seen: list[BaseException] = []
    startup = Startup(str(blocker / "sub" / "h.db"), on_failure=seen.append)
    startup.begin()
    with pytest.raises(StoreError):
        asyncio.run(asyncio.wait_for(startup.store(), 60))
    assert len(seen) == 1 and seen[0] is startup.failure and isinstance(seen[0], StoreError)


def test_after_the_background_start_up_the_objects_made_so_far_are_frozen_and_collection_is_on(tmp_path):
    startup = Startup(str(tmp_path / "h.db"))
    gc.disable()  # as the command line does before it begins
    try:
        startup._run()  # in this thread: the test waits for it to finish
        assert startup.failure is None
        assert gc.isenabled() and gc.get_freeze_count() > 0
    finally:
        gc.enable()
        gc.unfreeze()
        asyncio.run(startup.store()).close()


def test_the_rehearsal_builds_the_home_screen_with_a_running_game_without_touching_it(tmp_path):
    from core.session import GameSession, Seat

    with Store.open(tmp_path / "h.db") as store:
        me = store.create_profile("Ada")
        seats = [Seat(kind="human", name=me.name, profile_id=me.id), Seat(kind="bot", name="Computer", level="easy")]
        GameSession.start("thronfolge", seats, seed=3, saver=store)
        before = [(g.id, g.ply) for g in store.unfinished_games(limit=None)]
        assert len(before) == 1
        rehearse_home(store)
        assert [(g.id, g.ply) for g in store.unfinished_games(limit=None)] == before


def test_the_app_exits_with_1_and_says_why_when_its_database_cannot_be_opened(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    port = free_port()
    env = dict(os.environ, FLET_FORCE_WEB_SERVER="true", FLET_WEB_NO_CDN="true",
               FLET_SERVER_IP="127.0.0.1", FLET_SERVER_PORT=str(port))
    done = subprocess.run([sys.executable, "-m", "app", "--port", str(port), "--db", str(blocker / "x" / "h.db")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert "hofstaat: cannot open the database: cannot create the folder" in done.stderr


class _Info:
    def __init__(self, languages):
        self.languages = languages


class _GoingPage:
    """A page whose first question about the device is never answered: the tab went (a reload,
    or a tab reconnecting to a restarted server and then reloaded) and came back."""

    def __init__(self, answers_after: int, comes_back: bool = True):
        self.on_connect = None
        self.asked = 0
        self.answers_after = answers_after
        self.comes_back = comes_back

    async def get_device_info(self):
        self.asked += 1
        if self.asked <= self.answers_after:
            if self.comes_back:
                asyncio.get_running_loop().call_later(0.01, self.on_connect, None)
            await asyncio.Event().wait()  # as Flet waits for an answer from a page that went
        return _Info(["de-DE"])


def test_a_page_that_comes_back_while_asked_for_its_languages_is_asked_again():
    from app.main import device_locales

    page = _GoingPage(answers_after=1)
    assert asyncio.run(asyncio.wait_for(device_locales(page), 5)) == ["de-DE"]
    assert page.asked == 2
    assert page.on_connect is None  # the shell's own handler comes later


def test_a_page_that_never_answers_gets_the_fallback_language(monkeypatch):
    import app.main
    from app.main import device_locales

    monkeypatch.setattr(app.main, "ANSWER_S", 0.05)
    assert asyncio.run(device_locales(_GoingPage(answers_after=9, comes_back=False))) == []
    page = _GoingPage(answers_after=9)  # keeps going and coming back
    assert asyncio.run(device_locales(page)) == [] and page.asked == app.main.ASK_AGAIN
