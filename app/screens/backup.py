"""Backups on the settings screen: export everything to one file, and import a file by id.

Exporting hands the file to the platform: the share sheet on a phone (send it to a
friend's phone, or keep it in Files), a download in the browser, a save dialog on the
desktop (``ft.FilePicker.save_file`` writes the bytes there). Importing picks a file
(``pick_files(with_data=True)``: the browser gives bytes, never a path) and merges it;
a bad file changes nothing and the snackbar says what is wrong.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import flet as ft

from app import i18n, theme
from app.feedback.player import PHONES
from app.screens.messages import error_text

log = logging.getLogger(__name__)

MIME = "application/json"

DE = {
    "backup.title": "Sicherung", "backup.hint": "Alle Spieler, Partien (auch laufende), Ergebnisse "
    "und Optionen in einer Datei. Eine Sicherung von einem anderen Gerät wird dazugefügt; was "
    "schon da ist, bleibt.",
    "backup.export": "Sichern", "backup.import": "Einlesen", "backup.share": "Teilen",
    "backup.export_title": "Sicherung speichern", "backup.import_title": "Sicherung einlesen",
    "backup.saved": "Sicherung gespeichert.", "backup.downloaded": "Sicherung heruntergeladen.",
    "backup.failed": "Die Sicherung konnte nicht übergeben werden: {reason}",
    "backup.unreadable": "Die Datei konnte nicht gelesen werden: {reason}",
    "backup.imported": "Eingelesen: {added} neu, {updated} aktualisiert, {same} schon da.",
    "backup.nothing_new": "Nichts Neues: alles in der Datei ist schon da.",
    "backup.note.game_forked": {
        "one": "Eine Partie wurde auf einem anderen Gerät anders weitergespielt: Beide Fassungen "
               "sind da, eine zählt (⋮ oder Statistik → Fassungen).",
        "other": "{n} Partien wurden auf einem anderen Gerät anders weitergespielt: Beide "
                 "Fassungen sind da, eine zählt (⋮ oder Statistik → Fassungen)."},
    "store.backup_not_json": "Das ist keine Hofstaat-Sicherung (keine JSON-Datei). Nichts wurde "
    "geändert.",
    "store.backup_damaged": "Die Sicherung ist beschädigt und wurde nicht eingelesen.",
    "store.backup_foreign": "Diese Datei stammt aus einer anderen App, nicht aus Hofstaat. Nichts "
    "wurde geändert.",
    "store.backup_newer": "Die Sicherung stammt aus einer neueren Hofstaat-Version. Bitte "
    "aktualisiere die App; nichts wurde geändert.",
    "store.backup_invalid": "Die Sicherung ist beschädigt und wurde nicht eingelesen ({problem}).",
    "store.backup_clash": "Die Sicherung passt nicht zu den Daten hier: ein Eintrag hat dieselbe "
    "Kennung, aber anderen Inhalt ({problem}). Nichts wurde geändert.",
}
EN = {
    "backup.title": "Backup", "backup.hint": "Every player, game (running ones too), result and "
    "setting in one file. A backup from another device is added to what is here; nothing here "
    "is lost.",
    "backup.export": "Export", "backup.import": "Import", "backup.share": "Share",
    "backup.export_title": "Save backup", "backup.import_title": "Import backup",
    "backup.saved": "Backup saved.", "backup.downloaded": "Backup downloaded.",
    "backup.failed": "The backup could not be handed over: {reason}",
    "backup.unreadable": "The file could not be read: {reason}",
    "backup.imported": "Imported: {added} new, {updated} updated, {same} already here.",
    "backup.nothing_new": "Nothing new: everything in the file is already here.",
    "backup.note.game_forked": {
        "one": "A game was played on differently on another device: both versions are kept, "
               "one counts (⋮ or statistics → versions).",
        "other": "{n} games were played on differently on another device: both versions are "
                 "kept, one counts (⋮ or statistics → versions)."},
    "store.backup_not_json": "This is not a Hofstaat backup (not a JSON file). Nothing was changed.",
    "store.backup_damaged": "The backup is damaged and was not imported.",
    "store.backup_foreign": "This file comes from another app, not from Hofstaat. Nothing was "
    "changed.",
    "store.backup_newer": "The backup comes from a newer version of Hofstaat. Please update the "
    "app; nothing was changed.",
    "store.backup_invalid": "The backup is damaged and was not imported ({problem}).",
    "store.backup_clash": "The backup does not fit the data here: a record has the same id but "
    "different content ({problem}). Nothing was changed.",
}
i18n.extend(DE, EN)


def file_name(now: float) -> str:
    """The name a backup file is offered under, with the day it was made."""
    return f"hofstaat-backup-{time.strftime('%Y-%m-%d', time.localtime(now))}.json"


def on_phone(page: Any) -> bool:
    """Whether the app runs natively on a phone or tablet (not in its browser)."""
    return not getattr(page, "web", False) and getattr(page, "platform", None) in PHONES


def buttons(shell) -> ft.Control:
    """The export and import buttons of the settings screen."""
    t = shell.t

    async def do_export(e) -> None:
        await export(shell)

    async def do_import(e) -> None:
        await import_file(shell)

    phone = on_phone(shell.page)
    return ft.Row([
        ft.Semantics(identifier="backup-export", content=ft.FilledButton(
            t("backup.share") if phone else t("backup.export"),
            icon=ft.Icons.SHARE if phone else ft.Icons.DOWNLOAD, on_click=do_export)),
        ft.Semantics(identifier="backup-import", content=ft.OutlinedButton(
            t("backup.import"), icon=ft.Icons.UPLOAD_FILE, on_click=do_import)),
    ], spacing=12, wrap=True)


async def export(shell) -> None:
    """Make a backup and hand it over: share sheet on a phone, download or save dialog elsewhere."""
    try:
        data = (await asyncio.to_thread(shell.state.store.export_backup)).encode("utf-8")
    except Exception as exc:  # StoreError: the database failed
        shell.snack(error_text(shell, exc), error=True)
        return
    name = file_name(time.time())
    page = shell.page
    try:
        if on_phone(page):
            await ft.Share().share_files([ft.ShareFile.from_bytes(data, mime_type=MIME, name=name)],
                                         subject=name)
            return  # the share sheet itself says what became of it
        path = await ft.FilePicker().save_file(
            dialog_title=shell.t("backup.export_title"), file_name=name,
            file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=["json"], src_bytes=data)
    except Exception as exc:  # the client refused or is gone
        log.warning("backup not handed over: %s", exc)
        shell.snack(shell.t("backup.failed", reason=str(exc)), error=True)
        return
    if getattr(page, "web", False):
        shell.snack(shell.t("backup.downloaded"))
    elif path:
        shell.snack(shell.t("backup.saved"))


async def import_file(shell) -> None:
    """Let the person pick a backup file and merge it; say what happened or what is wrong."""
    try:
        files = await ft.FilePicker().pick_files(
            dialog_title=shell.t("backup.import_title"), file_type=ft.FilePickerFileType.CUSTOM,
            allowed_extensions=["json"], with_data=True)
    except Exception as exc:
        log.warning("no file picked: %s", exc)
        shell.snack(shell.t("backup.unreadable", reason=str(exc)), error=True)
        return
    if not files:
        return  # cancelled
    picked = files[0]
    try:
        raw = picked.bytes if picked.bytes is not None else await asyncio.to_thread(
            _read, picked.path)
    except OSError as exc:
        shell.snack(shell.t("backup.unreadable", reason=exc.strerror or str(exc)), error=True)
        return
    try:
        report = await asyncio.to_thread(shell.state.store.import_backup, raw)
    except Exception as exc:  # BackupError says what is wrong; nothing was written
        shell.snack(error_text(shell, exc), error=True)
        return
    before = shell.state.settings
    shell.state.reload_settings()  # settings this device did not have came with the file
    if report.counts["games"]["updated"]:
        # A game open here that came back further along must be resumed from the store,
        # or its next autosave would write the older copy over the newer one.
        shell.state.sessions.clear()
    if shell.state.settings != before:  # a rebuild scrolls back to the top: only when needed
        theme.apply(shell.page, shell.state.settings.theme)
        shell.refresh()
    shell.snack(summary(shell, report))


def summary(shell, report: Any) -> str:
    """What an import did, in the person's language."""
    t = shell.t
    if not report.changed:
        head = t("backup.nothing_new")
    else:
        head = t("backup.imported", added=report.total("added"), updated=report.total("updated"),
                 same=report.total("unchanged") + report.total("kept"))
    forked = sum(1 for n in report.notes if n.key == "game_forked")
    notes = [t("backup.note.game_forked", n=forked)] if forked else []
    notes += [t(f"backup.note.{n.key}", _default=n.text, **n.params) for n in report.notes
              if n.key != "game_forked"]
    return " ".join([head, *notes])


def _read(path: str | None) -> bytes:
    if not path:
        raise OSError("the file has no path")
    with open(path, "rb") as f:
        return f.read()
