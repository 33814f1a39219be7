"""The settings screen's backup buttons, headless: the client's file dialogs are played by the test."""

import asyncio
import json
from types import SimpleNamespace

import flet as ft

from backup_data import fill, open_store

from app import i18n
from app.screens import backup as backup_screen
from app.state import AppState
from tests.headless_page import HeadlessPage


def shell_on(h: HeadlessPage, store, lang="en"):
    said = []
    shell = SimpleNamespace(page=h.page, state=AppState(store, lang), lang=lang,
                            t=lambda key, **kw: i18n.t(key, lang, **kw),
                            snack=lambda text, error=False: said.append((text, error)),
                            refresh=lambda: said.append(("refresh", None)))
    return shell, said


async def client_call(h: HeadlessPage, name: str):
    """Wait until the app asks the client for ``name``; return that call."""
    for _ in range(200):
        calls = [c for c in h.calls() if c.name == name]
        if calls:
            return calls[-1]
        await asyncio.sleep(0.01)
    raise AssertionError(f"the client was never asked for {name}; asked: {h.calls()}")


def run(page_props, test):
    async def main():
        return await test(HeadlessPage(**page_props))
    return asyncio.run(main())


def test_export_in_the_browser_offers_the_whole_backup_as_a_download():
    async def test(h):
        with open_store() as store:
            fill(store, "a")
            shell, said = shell_on(h, store)
            task = asyncio.create_task(backup_screen.export(shell))
            call = await client_call(h, "save_file")
            h.answer(call, result=None)  # a browser saves without telling where
            await task
            return call.args, store.export_backup(), said

    args, expected, said = run({"web": True, "platform": "linux"}, test)
    assert args["src_bytes"] == expected.encode("utf-8")
    assert args["file_name"].startswith("hofstaat-backup-") and args["file_name"].endswith(".json")
    assert args["allowed_extensions"] == ["json"]
    assert said == [("Backup downloaded.", False)]


def test_export_on_a_phone_opens_the_share_sheet_with_the_file():
    async def test(h):
        with open_store() as store:
            fill(store, "a")
            shell, said = shell_on(h, store, "de")
            task = asyncio.create_task(backup_screen.export(shell))
            call = await client_call(h, "share_files")
            h.answer(call, result={"status": "success", "raw": "com.whatsapp"})
            await task
            return call.args, store.export_backup(), said

    args, expected, said = run({"platform": "android"}, test)
    [shared] = args["files"]
    assert shared.data == expected.encode("utf-8") and shared.mime_type == "application/json"
    assert said == []


def test_import_merges_the_picked_file_says_what_came_in_and_shows_a_setting_it_brought():
    with open_store() as source:
        fill(source, "a")
        source.set_setting("ui_theme", "dark")
        text = source.export_backup()

    async def test(h):
        with open_store() as store:
            shell, said = shell_on(h, store)
            task = asyncio.create_task(backup_screen.import_file(shell))
            call = await client_call(h, "pick_files")
            assert call.args["with_data"] is True
            h.answer(call, result=[{"id": 0, "name": "b.json", "size": len(text),
                                    "bytes": text.encode("utf-8")}])
            await task
            return store.export_backup(), said, shell.state.settings.theme, h.page.theme_mode

    after, said, setting, mode = run({"web": True, "platform": "linux"}, test)
    assert after == text
    assert said == [("refresh", None), ("Imported: 15 new, 0 updated, 0 already here.", False)]
    assert (setting, mode) == ("dark", ft.ThemeMode.DARK)


def test_an_import_that_brings_no_setting_leaves_the_screen_where_it_was():
    with open_store() as source:
        source.create_profile("Ben")
        text = source.export_backup()

    async def test(h):
        with open_store() as store:
            shell, said = shell_on(h, store)
            task = asyncio.create_task(backup_screen.import_file(shell))
            h.answer(await client_call(h, "pick_files"),
                     result=[{"id": 0, "name": "b.json", "size": 1, "bytes": text.encode()}])
            await task
            return said

    assert run({"web": True, "platform": "linux"}, test) == [
        ("Imported: 1 new, 0 updated, 0 already here.", False)]


def test_a_bad_picked_file_changes_nothing_and_the_snackbar_says_why_in_german():
    async def test(h):
        with open_store() as store:
            fill(store, "here")
            before = store.export_backup()
            shell, said = shell_on(h, store, "de")
            task = asyncio.create_task(backup_screen.import_file(shell))
            call = await client_call(h, "pick_files")
            h.answer(call, result=[{"id": 0, "name": "x.json", "size": 9,
                                    "bytes": json.dumps({"notes": []}).encode()}])
            await task
            return before, store.export_backup(), said

    before, after, said = run({"web": True, "platform": "linux"}, test)
    assert after == before
    assert said == [("Diese Datei stammt aus einer anderen App, nicht aus Hofstaat. Nichts wurde "
                     "geändert.", True)]


def test_cancelling_the_file_dialog_does_nothing():
    async def test(h):
        with open_store() as store:
            shell, said = shell_on(h, store)
            task = asyncio.create_task(backup_screen.import_file(shell))
            h.answer(await client_call(h, "pick_files"), result=[])
            await task
            return said

    assert run({"web": True, "platform": "linux"}, test) == []


def test_a_name_taken_here_is_said_in_the_import_summary():
    with open_store() as source:
        source.create_profile("Ben")
        text = source.export_backup()

    async def test(h):
        with open_store() as store:
            store.create_profile("Ben")
            shell, said = shell_on(h, store, "de")
            task = asyncio.create_task(backup_screen.import_file(shell))
            h.answer(await client_call(h, "pick_files"),
                     result=[{"id": 0, "name": "b.json", "size": 1, "bytes": text.encode()}])
            await task
            return said[-1][0]

    assert run({"web": True, "platform": "linux"}, test) == (
        "Eingelesen: 1 neu, 0 aktualisiert, 0 schon da. Ben kam archiviert dazu, weil ein "
        "anderer Spieler hier so heißt.")


def test_a_game_that_came_back_further_along_is_resumed_from_the_store_not_from_memory():
    with open_store() as phone_a, open_store(9_000.0) as phone_b:
        made = fill(phone_a, "a")
        phone_b.import_backup(phone_a.export_backup())
        [copy] = [g for g in phone_b.unfinished_games() if g.ply == 1]
        phone_b.save_game(dict(phone_b.load_game(copy.id), actions=["d1", "p TS"]))
        text = phone_b.export_backup()

        async def test(h):
            shell, said = shell_on(h, phone_a)
            shell.state.sessions[made["running"]] = "an open table's session"
            task = asyncio.create_task(backup_screen.import_file(shell))
            h.answer(await client_call(h, "pick_files"),
                     result=[{"id": 0, "name": "b.json", "size": 1, "bytes": text.encode()}])
            await task
            return shell.state.sessions

        assert run({"web": True, "platform": "linux"}, test) == {}
        assert phone_a.load_game(made["running"])["actions"] == ["d1", "p TS"]
