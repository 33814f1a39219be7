"""Backups: one JSON file with everything, imported by id so that two devices merge."""

import json

from backup_data import finish, fill, ids, parts, record, seat
from backup_data import open_store_on_engine  # noqa: F401  (the open_store fixture: each engine)

from core.store import backup
from core.store.ids import is_uuid

KINDS = ("profiles", "games", "settings")


def test_export_then_import_into_an_empty_database_then_export_again_gives_the_same_file(open_store):
    with open_store() as a, open_store(5_000.0) as b:
        fill(a, "a")
        text = a.export_backup()
        report = b.import_backup(text)
        assert b.export_backup() == text
    assert report.counts["profiles"]["added"] == 4
    assert report.counts["games"]["added"] == 4
    assert report.counts["settings"]["added"] == 2


def test_results_travel_as_part_of_their_games_and_are_derived_where_they_arrive(open_store):
    with open_store() as a, open_store(5_000.0) as b:
        made = fill(a, "a")
        b.import_backup(a.export_backup())
        for gid in (made["done"], made["quitter"]):
            uuid = a.game_summary(gid)
            [here] = [g for g in b.finished_games() if g.seed == uuid.seed] if hasattr(uuid, "seed") \
                else [g for g in b.finished_games() if g.started_at == uuid.started_at]
            strip = [{k: v for k, v in r.items() if k not in ("game_id", "profile_id")}
                     for r in a.results(gid)]
            assert [{k: v for k, v in r.items() if k not in ("game_id", "profile_id")}
                    for r in b.results(here.id)] == strip


def test_the_file_is_versioned_and_names_records_by_uuid_never_by_local_id(open_store):
    with open_store() as a:
        made = fill(a, "a")
        data = parts(a.export_backup())
        running = a.load_game(made["running"])
    assert data["format"] == "hofstaat-backup" and data["version"] == backup.version() == 3
    assert set(data) == {"format", "version", *KINDS, "dynasties", "ledger", "merges"}
    anna = next(p for p in data["profiles"] if p["name"] == "Anna a")
    done = next(g for g in data["games"] if g["over"] and g["result"].get("reason") != "resigned")
    assert all(is_uuid(r["id"]) for k in KINDS[:2] for r in data[k])
    assert done["seats"][0] == {"kind": "human", "name": "Anna a", "profile": anna["id"],
                                "level": None}
    assert all("profile_id" not in s for g in data["games"] for s in g["seats"])
    assert [g["over"] for g in data["games"] if g["archived"]] == [False]
    assert any(not g["over"] and g["actions"] == running["actions"] and g["undos"] == 1
               for g in data["games"])  # running games travel too


def test_an_imported_database_answers_with_its_own_ids_and_statistics(open_store):
    with open_store() as a, open_store() as b:
        b.create_profile("Someone else")  # so that local ids differ between the two
        made = fill(a, "a")
        b.import_backup(a.export_backup())
        anna = next(p for p in b.list_profiles() if p.name == "Anna a")
        assert anna.id != made["anna"]
        assert b.stats("thronfolge", anna.id) == a.stats("thronfolge", made["anna"])
        assert b.stats("thronfolge", anna.id)["games"] == 2
        [running] = b.unfinished_games()
        game = b.load_game(running.id)
        assert game["seats"][0]["profile_id"] == anna.id
        assert game["actions"] == a.load_game(made["running"])["actions"] and game["undos"] == 1
        assert [g.archived for g in b.archived_games()] == [True]
        [quit_game] = [g for g in b.finished_games() if g.resigned]
        assert quit_game.resigned_seat == 1
        assert b.get_setting("ui_theme_a") == "dark"


def test_importing_the_same_file_twice_changes_nothing_the_second_time(open_store):
    with open_store() as a, open_store() as b:
        fill(a, "a")
        text = a.export_backup()
        b.import_backup(text)
        after_first = b.export_backup()
        again = b.import_backup(text)
        assert b.export_backup() == after_first
        assert not again.changed
        assert again.total("unchanged") == sum(len(parts(text)[k]) for k in KINDS)
        assert not a.import_backup(text).changed  # into the database it came from, too


def test_two_databases_with_shared_and_separate_records_merge_to_the_union_both_ways(open_store):
    with open_store() as a, open_store(9_000.0) as b:
        fill(a, "a")
        b.import_backup(a.export_backup())  # what both have
        fill(b, "bb")  # only b
        a.create_profile("Eve")  # only a
        text_a, text_b = a.export_backup(), b.export_backup()
        a.import_backup(text_b)
        b.import_backup(text_a)
        merged_a, merged_b = a.export_backup(), b.export_backup()
    for kind in KINDS:
        assert ids(merged_a, kind) == ids(merged_b, kind) == ids(text_a, kind) | ids(text_b, kind)
    assert merged_a == merged_b


def test_a_game_continued_on_another_device_comes_back_further_along_with_its_results(open_store):
    with open_store() as a, open_store(9_000.0) as b:
        made = fill(a, "a")
        b.import_backup(a.export_backup())
        [running] = [g for g in b.unfinished_games() if g.ply == 1]
        ended = finish(b.load_game(running.id))
        b.save_game(ended)
        report = a.import_backup(b.export_backup())
        assert report.counts["games"]["updated"] == 1
        finished = a.load_game(made["running"])
        assert finished["over"] and finished["actions"] == ended["actions"]
        assert [r["won"] for r in a.results(made["running"])] == [
            seat in ended["result"]["winners"] for seat in (0, 1)]
        assert a.game_summary(made["running"]).ply == len(ended["actions"])
        # The older running copy never takes the finished one back.
        assert not b.import_backup(a.export_backup()).changed


def test_a_resigned_game_is_not_brought_back_to_life_by_an_older_running_copy(open_store):
    with open_store() as a, open_store(9_000.0) as b:
        anna = a.create_profile("Anna")
        gid = a.save_game(record([seat("Anna", anna), seat("Ben")], 1))
        old = a.export_backup()
        b.import_backup(old)
        a.resign_game(gid, 0)
        report = a.import_backup(old)
        assert report.counts["games"]["kept"] == 1 and not report.changed
        assert a.game_summary(gid).resigned
        b.import_backup(a.export_backup())
        [quit_game] = b.finished_games()
        assert quit_game.resigned and len(b.results(quit_game.id)) == 2


def test_a_player_renamed_on_one_device_has_the_new_name_on_both(open_store):
    with open_store() as a, open_store(9_000.0) as b:
        anna = a.create_profile("Anna")
        b.import_backup(a.export_backup())
        [mine] = b.list_profiles()
        b.rename_profile(mine.id, "Annette")
        report = b.import_backup(a.export_backup())
        assert report.counts["profiles"]["kept"] == 1
        assert [p.name for p in b.list_profiles()] == ["Annette"]
        assert a.import_backup(b.export_backup()).counts["profiles"]["updated"] == 1
        assert a.get_profile(anna.id).name == "Annette"


def test_the_later_of_two_renames_wins_on_both_devices_whichever_file_comes_first(open_store):
    with open_store() as a, open_store(9_000.0) as b:
        anna = a.create_profile("Anna")
        b.import_backup(a.export_backup())
        [mine] = b.list_profiles()
        b.rename_profile(mine.id, "Annette")  # at 9000-odd: later than a's rename below
        a.rename_profile(anna.id, "Ann")
        text_a, text_b = a.export_backup(), b.export_backup()
        a.import_backup(text_b)
        b.import_backup(text_a)
        assert a.get_profile(anna.id).name == b.get_profile(mine.id).name == "Annette"


def test_a_new_player_whose_name_is_taken_here_is_added_as_they_are(open_store):
    with open_store() as a, open_store() as b:
        a.create_profile("Ben")
        b.create_profile("ben")
        report = b.import_backup(a.export_backup())
        assert sorted((p.name, p.archived) for p in b.list_profiles()) == [
            ("Ben", False), ("ben", False)]
        assert report.notes == ()
        assert not b.import_backup(a.export_backup()).changed


def test_settings_already_set_here_keep_their_value_and_new_ones_are_added(open_store):
    with open_store() as a, open_store() as b:
        a.set_setting("ui_theme", "dark")
        a.set_setting("ui_card_back", "midnight")
        b.set_setting("ui_theme", "light")
        report = b.import_backup(a.export_backup())
        assert (b.get_setting("ui_theme"), b.get_setting("ui_card_back")) == ("light", "midnight")
        assert report.counts["settings"] == {"added": 1, "updated": 0, "unchanged": 0, "kept": 1}


def test_a_device_s_own_room_for_phones_neither_leaves_it_nor_arrives_from_another(open_store):
    """A game hosted for phones keeps its room (code, token digests, by local game id) in the
    settings: it means nothing on another device, so a backup leaves it out, and a file that
    holds one anyway writes nothing of it."""
    with open_store() as a, open_store() as b:
        a.set_setting("hosting.1", {"code": "ABC234", "open": [1], "held": {}})
        a.set_setting("ui_card_back", "midnight")
        text = a.export_backup()
        assert [r["key"] for r in json.loads(text)["settings"]] == ["ui_card_back"]
        forged = json.loads(text)
        forged["settings"].append({"key": "hosting.7", "value": {"code": "XYZ789"}})
        report = b.import_backup(json.dumps(forged))
        assert b.get_setting("hosting.7") is None and b.get_setting("ui_card_back") == "midnight"
        assert report.counts["settings"] == {"added": 1, "updated": 0, "unchanged": 1, "kept": 0}


def test_a_game_finished_differently_on_two_devices_counts_the_version_that_ended_first(open_store):
    with open_store() as a, open_store(9_000.0) as b:
        gid = a.save_game(record([seat("Anna"), seat("Ben")], 1))
        b.import_backup(a.export_backup())
        [copy] = b.unfinished_games()
        a.save_game(finish(a.load_game(gid), way=0))  # at 1000-odd: ends first
        b.save_game(finish(b.load_game(copy.id), way=3))
        here = a.results(gid)
        a.import_backup(b.export_backup())
        b.import_backup(a.export_backup())
        assert a.results(gid) == here
        assert [r["won"] for r in b.results(copy.id)] == [r["won"] for r in here]
        assert json.loads(a.export_backup()) == json.loads(b.export_backup())
        [game] = [g for g in json.loads(a.export_backup())["games"]]
        assert len(game["forks"]) == 1 and game["forks"][0]["over"]
