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
