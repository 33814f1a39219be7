"""Records from two phones in a real browser: two people of one name told apart and merged on the
players screen, and a game finished differently on two phones offering its versions."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from backup_data import finish, open_store, record, seat
from tests.e2e.test_ledger import still

pytestmark = pytest.mark.e2e


def other_phone_brings_a_second(store, name: str) -> None:
    """``name`` added on another phone too (months earlier), whose backup comes here."""
    with open_store(1_690_000_000.0) as other:
        other.create_profile(name)
        store.import_backup(other.export_backup())


def test_two_people_of_one_name_are_told_apart_and_merged(app, store):
    if len([p for p in store.list_profiles() if p.name == "Mira"]) < 2:
        if not [p for p in store.list_profiles() if p.name == "Mira"]:
            store.create_profile("Mira")
        other_phone_brings_a_second(store, "Mira")
    app.open("/players")
    expect(app.page.get_by_role("button", name=re.compile(r"Zusammenführen: Mira \(seit"))) \
        .to_have_count(2, timeout=40_000)
    still(app, "players-twins")
    app.page.get_by_role("button", name=re.compile(r"Zusammenführen: Mira")).first.click()
    dialog = app.page.get_by_role("alertdialog")
    expect(dialog).to_contain_text("dieselbe Person")
    still(app, "players-merge")
    dialog.get_by_role("button", name="Zusammenführen").click()
    expect(app.page.get_by_text("Mira ist jetzt ein Profil.").first).to_be_visible()
    assert [p.name for p in store.list_profiles()].count("Mira") == 1
    other_phone_brings_a_second(store, "Mira")  # the next size starts with twins again


def test_a_game_finished_differently_on_two_phones_shows_both_versions(app, store):
    nora = [p for p in store.list_profiles() if p.name == "Nora"]
    nora = nora[0] if nora else store.create_profile("Nora")

    def noras():  # other tests of the session may fork games of their own
        return [g for g in store.finished_games("thronfolge", limit=None)
                if g.forks and "Nora" in g.player_names]

    if not noras():
        with open_store(1_764_000_000.0) as other:
            gid = store.save_game(record([seat("Nora", nora), seat("Gast")], 1, seed=77))
            other.import_backup(store.export_backup())
            # the session's database holds other tests' running games too
            [copy] = [g for g in other.unfinished_games(limit=None)
                      if g.player_names == ["Nora", "Gast"]]
            store.save_game(finish(store.load_game(gid), way=0))
            other.save_game(finish(other.load_game(copy.id), way=3))
            store.import_backup(other.export_backup())
    forked = noras()[0]
    app.open(f"/players/{nora.id}/stats/thronfolge")
    button = app.by_id(f"versions-{forked.id}")
    expect(button).to_be_visible(timeout=40_000)
    button.scroll_into_view_if_needed()
    button.click()
    dialog = app.page.get_by_role("alertdialog")
    expect(dialog).to_contain_text("Diese Fassung zählt")
    [fork] = store.game_versions(forked.id)[1:]
    expect(app.by_id(f"version-{fork.fork_id}")).to_be_visible()
    still(app, "versions")
    dialog.get_by_role("button", name="Diese zählen lassen").click()
    expect(app.page.get_by_text(re.compile("Jetzt zählt die gewählte Fassung")).first).to_be_visible()
