"""What the merge convergence machine (``tests/test_merge_converges.py``) found in the store, each
a fixed sequence of steps on simulated phones that failed until the store was fixed."""

from __future__ import annotations

from core.session import GameSession, Seat
from tests.test_merge_converges import Phone, assert_same_records, local_ids, sync_round


def test_a_backup_with_a_payment_between_two_people_merged_later_is_accepted_everywhere():
    """Found by ``MergeConverges``: on one phone Ben owes Anna 10.00 (a correction), pays
    4.00 of it, and then Ben is merged into Anna. That phone's backup was refused by every
    other phone ("pays more than was ever owed ... (0 cents)"): the payment check read both
    people through the merge and no longer counted the debt between them. A debt between
    two people merged since counts now (they were two when the payment was recorded).
    """
    a, b = Phone(0, 1_000.0, 1.0), Phone(1, 5_000.0, 1.0)
    anna, ben = a.store.create_profile("Anna"), a.store.create_profile("Ben")
    a.store.record_correction(ben.uuid, anna.uuid, 1_000)
    a.store.record_payment(ben.uuid, anna.uuid, 400)
    a.store.merge_profiles(ben.id, anna.id)
    sync_round([a, b])
    sync_round([a, b])
    assert_same_records([a, b])


def test_a_merge_on_one_phone_and_a_payment_on_another_converge():
    """Found by ``MergeConverges``: both phones know that Ben owes Anna 10.00; b records
    that Ben paid 4.00 while a merges Ben into Anna. a refused b's backup for ever (the
    same payment check as above), so the phones never held the same records again.
    """
    a, b = Phone(0, 1_000.0, 1.0), Phone(1, 5_000.0, 1.0)
    anna, ben = a.store.create_profile("Anna"), a.store.create_profile("Ben")
    a.store.record_correction(ben.uuid, anna.uuid, 1_000)
    sync_round([a, b])
    b.store.record_payment(ben.uuid, anna.uuid, 400)
    a.store.merge_profiles(ben.id, anna.id)
    b.store.import_backup(a.export())
    a.store.import_backup(b.export())
    sync_round([a, b])
    assert_same_records([a, b])


def test_games_saved_in_the_same_second_on_two_phones_are_listed_in_one_order():
    """Found by ``MergeConverges``: two phones whose clocks read the same seconds each start
    a game and finish another at equal times. After swapping backups each phone listed
    Continue, the finished games and a player's last games in the opposite order: ties
    broke on local row ids. They break on the game's global id now.
    """
    a, b = Phone(0, 1_000.0, 1.0), Phone(1, 1_000.0, 1.0)
    for phone in (a, b):
        seats = [Seat("human", "Guest 1"), Seat("human", "Guest 2")]
        GameSession.start("thronfolge", seats, seed=1, saver=phone.store)
        done = GameSession.start("thronfolge", seats, seed=2, saver=phone.store)
        while not done.over:
            done.apply(done.legal()[0])
    sync_round([a, b])

    def lists(store: Store) -> list[list[str]]:
        games = local_ids(store)[1]
        return [[games[g.id] for g in store.unfinished_games()],
                [games[g.id] for g in store.finished_games()],
                [games[r["game_id"]] for r in store.recent_results(None)]]

    assert lists(a.store) == lists(b.store)


def test_a_payment_returning_an_overpayment_travels():
    """Found by ``MergeConverges`` in the long run: Ben's debt to Anna is paid on both
    phones (or a version of a dynasty that no longer counts had left it owing), so after a
    merge Anna owes the overpaid sum back, and she pays it. Every other phone refused that
    backup ("pays more than was ever owed ... (0 cents)"): Anna had never owed anything but
    what a payment had overpaid. Money received counts as money that may be owed back.
    """
    a, b = Phone(0, 1_000.0, 1.0), Phone(1, 5_000.0, 1.0)
    anna, ben = a.store.create_profile("Anna"), a.store.create_profile("Ben")
    a.store.record_correction(ben.uuid, anna.uuid, 1_000)
    sync_round([a, b])
    a.store.record_payment(ben.uuid, anna.uuid, 1_000)
    b.store.record_payment(ben.uuid, anna.uuid, 1_000)
    sync_round([a, b])
    assert a.store.payable(anna.uuid, ben.uuid, "EUR").cents == 1_000
    a.store.record_payment(anna.uuid, ben.uuid, 1_000)
    sync_round([a, b])
    assert_same_records([a, b])
    assert a.store.open_debts() == b.store.open_debts() == []
