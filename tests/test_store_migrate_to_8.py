"""Version 8 changes no table, only how a game is rated for a profile on several seats (all
computers of one level share one): the upgrade rates every stored game again by today's rule."""

import sqlite3

from core.outcomes.rating import MU, SIGMA
from core.session import GameSession, Seat
from core.store import CURRENT_VERSION, Store
from ledger_games import play_out


def drop_version_9(raw: sqlite3.Connection) -> None:
    """Take away what version 9 added (its triggers and tables)."""
    for (name,) in raw.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
        raw.execute(f"DROP TRIGGER {name}")
    raw.execute("DROP TABLE hofstaat_changes")
    raw.execute("DROP TABLE hofstaat_seq")


def kings_against_three_computers(store: Store, seed: int) -> None:
    anna = next((p for p in store.list_profiles() if p.name == "Anna"), None) or store.create_profile("Anna")
    bots = next((p for p in store.list_profiles() if p.kind == "bot"), None) \
        or store.create_profile("Computer (normal)", kind="bot", level="normal")
    seats = [Seat("human", "Anna", anna.id)] + [Seat("bot", bots.name, bots.id, "normal")] * 3
    play_out(GameSession.start("kings-corner", seats, seed=seed, saver=store), seed=seed)


def test_the_upgrade_to_version_8_rates_every_game_again(tmp_path):
    path = tmp_path / "hofstaat.db"
    with Store.open(path) as store:
        for seed in (1, 2, 3):
            kings_against_three_computers(store, seed)
        today = store.leaderboard("kings-corner")
        history = {p.id: store.rating_history(p.id, "kings-corner") for p in store.list_profiles()}
    assert len(today) == 2
    # What version 7 had written: the ratings of the old rule (here: the start, plainly not
    # today's), its schema number, and none of the later versions' tables.
    raw = sqlite3.connect(path)
    drop_version_9(raw)
    raw.execute("UPDATE ratings SET mu = ?, sigma = ?", (MU, SIGMA))
    raw.execute("UPDATE rating_history SET mu = ?, sigma = ?", (MU, SIGMA))
    raw.execute("UPDATE hofstaat_schema SET version = 7")
    raw.commit()
    raw.close()
    with Store.open(path) as store:
        assert store.leaderboard("kings-corner") == today
        assert {p.id: store.rating_history(p.id, "kings-corner") for p in store.list_profiles()} == history
    assert sqlite3.connect(path).execute("SELECT version FROM hofstaat_schema").fetchone() \
        == (CURRENT_VERSION,)
