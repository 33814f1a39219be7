"""A version-6 database with real games, a settled dynasty, payments and corrections moves to
version 7 with nothing lost: the ledger by uuid, settled debts derived from the games."""

import json
import sqlite3
import uuid

from core.ledger import CORRECTION, PAYMENT, SETTLED, dynasty_debts, open_debts, settle_up
from core.ledger.values import Entry
from core.ledger.money import Money
from core.session import GameSession, Seat
from core.store import Store
from core.store.migrations import SCHEMA_SQL
from ledger_games import play_out

T0 = 1_700_000_000.0
PEOPLE = [(1, "Anna", "human", None), (2, "Ben", "human", None), (3, "Carla", "human", None),
          (4, "Computer (easy)", "bot", "easy")]
UUIDS = {pid: uuid.uuid4().hex for pid, *_ in PEOPLE}


def _game(raw, gid, session, started, finished):
    rec = session.record()
    raw.execute(
        "INSERT INTO games (id, game, options, seed, seats, actions, state, over, result, started_at,"
        " updated_at, finished_at, ply, undos, hints, meta, archived, uuid, revision) VALUES"
        " (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, 0, ?, ?)",
        (gid, rec["game"], json.dumps(rec["options"]), rec["seed"], json.dumps(rec["seats"]),
         json.dumps(rec["actions"]), json.dumps(rec["state"]), int(rec["over"]),
         json.dumps(rec["result"]) if rec["result"] else None, started, finished or started + 5,
         finished, len(rec["actions"]), json.dumps(rec["meta"]), uuid.uuid4().hex, 7))
    if rec["over"]:
        result = rec["result"]
        for seat, info in enumerate(rec["seats"]):
            raw.execute(
                "INSERT INTO results (game_id, game, seat, kind, profile_id, level, score, won,"
                " assisted, undos, hints, finished_at, uuid) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 0,"
                " 0, ?, ?)", (gid, rec["game"], seat, info["kind"], info.get("profile_id"),
                               info.get("level"), float(result["scores"][seat]),
                               int(seat in result["winners"]), finished, uuid.uuid4().hex))
    return rec


def make_v6(path):
    """What version 6 wrote: ledger entries and dynasty players by local profile id."""
    raw = sqlite3.connect(path)
    raw.executescript(SCHEMA_SQL[6])
    for pid, name, kind, level in PEOPLE:
        raw.execute("INSERT INTO profiles (id, name, kind, level, archived, created_at, uuid)"
                    " VALUES (?, ?, ?, ?, 0, ?, ?)", (pid, name, kind, level, T0 + pid, UUIDS[pid]))
    seats = [Seat("human", name, pid) for pid, name, *_ in PEOPLE[:3]]
    dynasty = play_out(GameSession.start("rosenkrieg", seats, seed=3, options={"partien": 2},
                                         meta={"stake": {"cents": 20, "currency": "EUR"}}), seed=3)
    _game(raw, 1, dynasty, T0 + 10, T0 + 100)
    duel = play_out(GameSession.start("thronfolge", [Seat("human", "Anna", 1),
                                                     Seat("bot", "Computer (easy)", 4, "easy")],
                                      seed=8), seed=8)
    _game(raw, 2, duel, T0 + 200, T0 + 300)
    running = GameSession.start("kings-corner", seats, seed=4)
    running.apply(running.legal()[0])
    _game(raw, 3, running, T0 + 400, None)
    dyn_id = uuid.uuid4().hex
    raw.execute("INSERT INTO dynasties VALUES (?, 1, ?, 20, 'EUR', ?, ?)",
                (dyn_id, json.dumps([1, 2, 3]), T0 + 10, T0 + 100))
    partien = [(p["potentat"], p["points"]) for p in dynasty.state["partien"]]
    from core.ledger.partien import Partie
    debts = dynasty_debts([1, 2, 3], [Partie(p, tuple(pts)) for p, pts in partien], 20, "EUR")
    for d in debts:  # version 6 named a settled debt by the dynasty and local profile ids
        raw.execute("INSERT INTO ledger_entries VALUES (?, ?, ?, ?, ?, 'EUR', ?, '', ?)",
                    (uuid.uuid5(uuid.UUID(hex=dyn_id), f"settled:{d.debtor}:{d.creditor}").hex,
                     SETTLED, d.debtor, d.creditor, d.amount.cents, dyn_id, T0 + 100))
    payer = debts[0]
    raw.execute("INSERT INTO ledger_entries VALUES (?, ?, ?, ?, ?, 'EUR', NULL, 'bar', ?)",
                (uuid.uuid4().hex, PAYMENT, payer.debtor, payer.creditor, 10, T0 + 500))
    raw.execute("INSERT INTO ledger_entries VALUES (?, ?, 2, 3, 150, 'EUR', NULL, 'Pizza', ?)",
                (uuid.uuid4().hex, CORRECTION, T0 + 600))
    raw.execute("INSERT INTO settings VALUES ('ui_language', '\"de\"')")
    raw.commit()
    raw.close()
    return debts, dynasty, duel


def test_a_version_6_database_with_money_and_games_moves_to_7_with_nothing_lost(tmp_path):
    path = tmp_path / "hofstaat.db"
    debts, dynasty, duel = make_v6(path)
    # What version 6 showed, replayed from its own history (by local ids).
    raw = sqlite3.connect(path)
    old = [Entry(i, k, d, c, Money(n, cur), dyn, note, t) for i, k, d, c, n, cur, dyn, note, t
           in raw.execute("SELECT id, kind, debtor, creditor, cents, currency, dynasty_id, note,"
                          " created_at FROM ledger_entries ORDER BY created_at, id")]
    raw.close()
    by_uuid = {UUIDS[pid]: name for pid, name, *_ in PEOPLE}
    by_id = {pid: name for pid, name, *_ in PEOPLE}

    def names(found, table):
        return sorted((table[d.debtor], table[d.creditor], d.amount) for d in found)

    with Store.open(path) as store:
        assert store.upgraded_from == 6
        assert [p.uuid for p in store.list_profiles()] == [UUIDS[1], UUIDS[2], UUIDS[3], UUIDS[4]]
        assert names(store.open_debts(), by_uuid) == names(open_debts(old), by_id) != []
        assert names(store.settle_up(), by_uuid) == names(settle_up(old), by_id)
        kinds = sorted(e.kind for e in store.ledger_entries())
        assert kinds == sorted(e.kind for e in old)
        [dyn] = store.dynasties()
        assert dyn.players == (UUIDS[1], UUIDS[2], UUIDS[3]) and dyn.ended_at == T0 + 100
        assert store.load_game(3)["actions"] == store.load_game(3)["actions"][:1]
        assert [g.id for g in store.unfinished_games()] == [3]
        assert store.stats("thronfolge", 1)["games"] == 1
        assert store.stats("rosenkrieg", 2)["games"] == 1
        assert store.player_record(1)["rosenkrieg"]["money"] is not None
        assert store.leaderboard("thronfolge")  # ratings were derived after the upgrade
        assert store.get_setting("ui_language") == "de"
        text = store.export_backup()
    with Store.open(tmp_path / "other.db") as other:  # and it travels under format 3
        other.import_backup(text)
        assert names(other.open_debts(), by_uuid) == names(open_debts(old), by_id)
