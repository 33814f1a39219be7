"""The players screen with two people of one name (added on two phones): told apart, and merged."""

from __future__ import annotations

import flet as ft

from app import fmt, i18n
from app.screens import players
from core.store import Store
from tests.test_app_card import texts, walk
from tests.test_app_records import stub_shell

NOON = 1_699_963_200.0  # 14 Nov 2023, midday UTC


def two_annas(tmp_path):
    store = Store.open(tmp_path / "b.db", clock=lambda: NOON + 86_400 * 100)
    with Store.open(tmp_path / "a.db", clock=lambda: NOON) as other:
        other.create_profile("Anna")
        store.create_profile("Anna")
        store.create_profile("Ben")
        store.import_backup(other.export_backup())
    return store


def test_people_of_one_name_are_shown_with_the_day_they_were_added(tmp_path):
    with two_annas(tmp_path) as store:
        t = lambda key, **kw: i18n.t(key, "en", **kw)  # noqa: E731
        labels = fmt.people_labels(store.list_profiles(), t, "en")
        assert sorted(labels.values()) == ["Anna (since Feb 22, 2024)", "Anna (since Nov 14, 2023)",
                                           "Ben"]


def test_the_merge_button_asks_and_merges_the_newer_profile_into_the_older(tmp_path):
    with two_annas(tmp_path) as store:
        shell = stub_shell(store)
        asked, said = [], []
        shell.confirm = lambda title, text, ok, yes: asked.append((title, yes))
        shell.refresh = lambda: None
        shell.snack = lambda message, error=False: said.append(message)
        view = players.view(shell)
        shown = texts(view)
        assert shown.count("Anna") == 2
        assert any(s.startswith("since Nov 14, 2023 · ") for s in shown)
        assert any(s.startswith("since Feb 22, 2024 · ") for s in shown)
        merge_buttons = [c for c in walk(view) if isinstance(c, ft.IconButton)
                         and c.icon == ft.Icons.CALL_MERGE]
        assert len(merge_buttons) == 2  # one on each Anna, none on Ben
        merge_buttons[0].on_click(None)
        [(title, yes)] = asked
        assert title == ("Is Anna (since Feb 22, 2024) the same person as "
                         "Anna (since Nov 14, 2023)?")
        yes()
        [anna, ben] = store.list_profiles()
        assert (anna.name, anna.created_at, ben.name) == ("Anna", NOON, "Ben")
        assert said == ["Anna is one profile now."]
        assert not [c for c in walk(players.view(shell)) if isinstance(c, ft.IconButton)
                    and c.icon == ft.Icons.CALL_MERGE]
