"""The session layer of one game open twice: a refused save changes nothing, revisions count saves."""

from __future__ import annotations

import pytest

from core.session import GameSession, Seat


class Refused(Exception):
    key = "game_stale"


class Saver:
    """Saves in memory like the store: revisions go up by one, a stale record is refused."""

    def __init__(self) -> None:
        self.records: list[dict] = []
        self.revision = 0
        self.refuse = False

    def save_game(self, record: dict) -> int:
        if self.refuse or (self.records and record["revision"] != self.revision):
            raise Refused("played on elsewhere")
        self.revision = record["revision"] + 1
        self.records.append(record)
        return 1


def seats() -> list[Seat]:
    return [Seat("human", "Anna"), Seat("bot", "Bot", None, "random")]


def snapshot(session: GameSession) -> tuple:
    return (session.state, list(session.actions), len(session.snapshots), session.undos,
            session.hints, session.revision)


def test_each_save_moves_the_session_to_the_next_revision():
    saver = Saver()
    session = GameSession.start("thronfolge", seats(), seed=3, saver=saver)
    assert session.revision == 1 and saver.records[0]["revision"] == 0
    session.apply(session.legal()[0])
    session.apply(session.legal()[0])
    session.undo()
    assert session.revision == saver.revision == 4
    assert [r["revision"] for r in saver.records] == [0, 1, 2, 3]


def test_a_restored_session_extends_the_revision_it_was_saved_at():
    saver = Saver()
    session = GameSession.start("thronfolge", seats(), seed=3, saver=saver)
    session.apply(session.legal()[0])
    restored = GameSession.restore(dict(saver.records[-1], revision=saver.revision), saver=saver)
    assert restored.revision == 2
    restored.apply(restored.legal()[0])
    assert saver.revision == 3


@pytest.mark.parametrize("change", ["apply", "undo", "hint"])
def test_a_refused_save_leaves_the_session_exactly_as_it_was(change):
    saver = Saver()
    session = GameSession.start("thronfolge", seats(), seed=5, saver=saver)
    session.apply(session.legal()[0])
    session.apply(session.legal()[0])  # the computer's reply: a person is to move again
    before = snapshot(session)
    saver.refuse = True
    with pytest.raises(Refused):
        if change == "apply":
            session.apply(session.legal()[0])
        elif change == "undo":
            session.undo()
        else:
            session.hint("easy")
    assert snapshot(session) == before
    saver.refuse = False
    session.apply(session.legal()[0])  # the same copy saves again once the store accepts it
    assert saver.records[-1]["actions"] == session.actions and len(session.actions) == 3


def test_an_undo_that_finds_no_persons_move_saves_nothing_and_changes_nothing():
    saver = Saver()
    bots = [Seat("bot", "A", None, "random"), Seat("bot", "B", None, "random")]
    session = GameSession.start("thronfolge", bots, seed=2, saver=saver)
    session.apply(session.legal()[0])
    before = snapshot(session)
    assert session.undo() is False
    assert snapshot(session) == before and len(saver.records) == 2
