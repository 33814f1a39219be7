"""A game played on differently on two phones, on screen: the import says so, the Continue list
and the statistics offer its versions, and choosing one lets it count."""

from types import SimpleNamespace

import flet as ft

from backup_data import finish, open_store, play, record, seat

from app import i18n
from app.screens import backup as backup_screen, continue_list, versions
from app.state import AppState
from tests.test_app_card import texts, walk


def forked(a, b, finished=True):
    """One game copied from ``a`` to ``b`` and played on differently on both; ``b`` has seen
    ``a``'s version; returns the game's id on ``b`` and the import's report."""
    gid = a.save_game(record([seat("Anna"), seat("Ben")], 1))
    b.import_backup(a.export_backup())
    [copy] = b.unfinished_games()
    end = finish if finished else (lambda rec, way: play(rec, 2, way))
    a.save_game(end(a.load_game(gid), way=0))
    b.save_game(end(b.load_game(copy.id), way=3))
    return copy.id, b.import_backup(a.export_backup())


class Page:
    def __init__(self):
        self.dialogs = []

    def show_dialog(self, dialog):
        self.dialogs.append(dialog)

    def pop_dialog(self):
        self.dialogs.pop()


def shell_on(store, lang="en"):
    said = []
    state = AppState(store, lang)
    return SimpleNamespace(page=Page(), state=state, lang=lang, wide=False,
                           t=lambda key, **kw: i18n.t(key, lang, **kw),
                           snack=lambda text, error=False: said.append(text),
                           refresh=lambda: said.append("refresh"), navigate=said.append), said


def test_an_import_that_forks_a_game_says_so_in_the_person_s_language():
    with open_store() as a, open_store(9_000.0) as b:
        _, report = forked(a, b)
        shell, _ = shell_on(b, "de")
        assert backup_screen.summary(shell, report).endswith(
            "Eine Partie wurde auf einem anderen Gerät anders weitergespielt: Beide Fassungen sind "
            "da, eine zählt (⋮ oder Statistik → Fassungen).")


def test_a_running_forked_game_shows_its_versions_and_another_can_be_chosen():
    with open_store() as a, open_store(9_000.0) as b:
        gid, _ = forked(a, b, finished=False)
        shell, said = shell_on(b)
        [entry] = continue_list.section(shell)[1:]
        assert any("2 versions" in text for text in texts(entry))
        versions.show(shell, gid)
        [dialog] = shell.page.dialogs
        shown = texts(dialog)
        assert "This version counts" in shown and "Other version" in shown
        [choose] = [c for c in walk(dialog) if isinstance(c, ft.TextButton)
                    and c.content == "Let this one count"]
        before = b.load_game(gid)["actions"]
        versions.choose(shell, gid, b.game_versions(gid)[1].fork_id)
        assert b.load_game(gid)["actions"] != before
        assert said[-1].startswith("The chosen version counts now")


def test_a_finished_forked_game_offers_its_versions_in_the_statistics():
    from app.screens import records_ui

    with open_store() as a, open_store(9_000.0) as b:
        gid, _ = forked(a, b)
        shell, _ = shell_on(b)
        [row] = [r for r in b.recent_results(None, "thronfolge") if r["game_id"] == gid]
        assert row["forks"] == 1
        control = records_ui.recent_row(shell, row)
        assert any(c for c in walk(control) if isinstance(c, ft.Semantics)
                   and c.identifier == f"versions-{gid}")
