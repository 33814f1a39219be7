"""The settings screen's backup buttons, headless: the client's file dialogs are played by the test."""

import asyncio
import json
from types import SimpleNamespace

import flet as ft

from backup_data import fill, open_store, play

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


async def pick_and_import(h: HeadlessPage, shell, raw: bytes | None) -> list:
    """Press "Import" and pick a file holding ``raw`` (None: cancel the dialog); return the
    file dialog's arguments."""
    task = asyncio.create_task(backup_screen.import_file(shell))
    call = await client_call(h, "pick_files")
    h.answer(call, result=[] if raw is None else [
        {"id": 0, "name": "backup.json", "size": len(raw), "bytes": raw}])
    await task
    return call.args


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
            assert (await pick_and_import(h, shell, text.encode()))["with_data"] is True
            return store.export_backup(), said, shell.state.settings.theme, h.page.theme_mode

    after, said, setting, mode = run({"web": True, "platform": "linux"}, test)
    assert after == text
    assert said == [("refresh", None), ("Imported: 11 new, 0 updated, 0 already here.", False)]
    assert (setting, mode) == ("dark", ft.ThemeMode.DARK)


def said_after_import(raw: bytes | None, lang: str = "en", here: tuple[str, ...] = ()):
    """What the snackbar said after picking ``raw`` into a database holding players ``here``,
    and whether the database changed."""
    async def test(h):
        with open_store() as store:
            for name in here:
                store.create_profile(name)
            before = store.export_backup()
            shell, said = shell_on(h, store, lang)
            await pick_and_import(h, shell, raw)
            return said, store.export_backup() != before

    return run({"web": True, "platform": "linux"}, test)


def backup_with(*names: str) -> bytes:
    with open_store() as source:
        for name in names:
            source.create_profile(name)
        return source.export_backup().encode()


def test_an_import_that_brings_no_setting_leaves_the_screen_where_it_was():
    assert said_after_import(backup_with("Ben")) == (
        [("Imported: 1 new, 0 updated, 0 already here.", False)], True)


def test_a_bad_picked_file_changes_nothing_and_the_snackbar_says_why_in_german():
    assert said_after_import(json.dumps({"notes": []}).encode(), "de", here=("Anna",)) == (
        [("Diese Datei stammt aus einer anderen App, nicht aus Hofstaat. Nichts wurde geändert.",
          True)], False)


def test_cancelling_the_file_dialog_does_nothing():
    assert said_after_import(None, here=("Anna",)) == ([], False)


def test_a_player_whose_name_is_taken_here_comes_in_as_they_are():
    summary = "Eingelesen: 1 neu, 0 aktualisiert, 0 schon da."
    assert said_after_import(backup_with("Ben"), "de", here=("Ben",)) == ([(summary, False)], True)


def test_a_game_that_came_back_further_along_is_resumed_from_the_store_not_from_memory():
    with open_store() as phone_a, open_store(9_000.0) as phone_b:
        made = fill(phone_a, "a")
        phone_b.import_backup(phone_a.export_backup())
        [copy] = [g for g in phone_b.unfinished_games() if g.ply == 1]
        further = play(phone_b.load_game(copy.id), 1)
        phone_b.save_game(further)
        text = phone_b.export_backup()

        async def test(h):
            shell, _said = shell_on(h, phone_a)
            shell.state.sessions[made["running"]] = "an open table's session"
            await pick_and_import(h, shell, text.encode())
            return shell.state.sessions

        assert run({"web": True, "platform": "linux"}, test) == {}
        assert phone_a.load_game(made["running"])["actions"] == further["actions"]
