"""A dynasty's debts as played: each challenger settles with that Partie's Potentat."""

import pytest

from core.ledger import (Debt, LedgerError, Money, Partie, balance_curve, check_partie, check_players,
                         dynasty_debts, net_debts, partie_debts, person_curves, seat_totals)


def test_a_lost_potentat_owes_each_challenger_and_challengers_owe_each_other_nothing():
    # RULINGS 3.6 example 6: A −6, B +2, C +2, D +2.
    assert partie_debts(Partie(0, (-6, 2, 2, 2))) == [(0, 1, 2), (0, 2, 2), (0, 3, 2)]


def test_each_challenger_owes_a_winning_potentat_what_he_lost():
    # Example 4: A +10, B −5, C −5, with the Potentat in the middle seat.
    assert partie_debts(Partie(1, (-5, 10, -5))) == [(0, 1, 5), (2, 1, 5)]


def test_debts_of_a_dynasty_net_per_pair_and_are_priced_at_the_stake():
    partien = [check_partie(0, [4, -2, -2], 3),   # Anna wins: Ben and Carla owe her 2 each
               check_partie(1, [3, -6, 3], 3),    # Ben loses: he owes Anna and Carla 3 each
               check_partie(2, [1, 1, -2], 3)]    # Carla loses 1 to each
    debts = dynasty_debts(["Anna", "Ben", "Carla"], partien, 50, "EUR")
    assert debts == [Debt("Ben", "Anna", Money(250)), Debt("Ben", "Carla", Money(100)),
                     Debt("Carla", "Anna", Money(150))]
    # The debts settle exactly the balances of the dynasty.
    totals = seat_totals(partien, 3)
    assert totals == (8, -7, -1)
    for seat, name in enumerate(["Anna", "Ben", "Carla"]):
        owed = sum(d.amount.cents for d in debts if d.creditor == name)
        owes = sum(d.amount.cents for d in debts if d.debtor == name)
        assert owed - owes == totals[seat] * 50


def test_pairs_that_come_out_even_leave_no_debt():
    partien = [Partie(0, (2, -2)), Partie(1, (-2, 2))]
    assert dynasty_debts(["Anna", "Ben"], partien, 100, "EUR") == []


def test_a_stake_of_zero_plays_for_honour_and_leaves_no_debt():
    assert dynasty_debts(["Anna", "Ben"], [Partie(0, (12, -12))], 0, "EUR") == []


def test_debts_of_several_dynasties_among_overlapping_people_net_per_pair_and_currency():
    first = dynasty_debts(["Anna", "Ben", "Carla"], [Partie(0, (4, -2, -2))], 100, "EUR")
    second = dynasty_debts(["Ben", "Anna"], [Partie(0, (6, -6))], 100, "EUR")
    third = dynasty_debts(["Ben", "Anna"], [Partie(0, (6, -6))], 100, "CHF")
    assert net_debts(first + second + third) == [
        Debt("Anna", "Ben", Money(600, "CHF")),
        Debt("Anna", "Ben", Money(400, "EUR")), Debt("Carla", "Anna", Money(200, "EUR"))]


@pytest.mark.parametrize("potentat, points, key", [
    (3, [2, -2, 0], "partie_invalid"), (-1, [2, -2, 0], "partie_invalid"),
    (True, [2, -2, 0], "partie_invalid"), (0, [2, -2], "partie_invalid"),
    (0, [2.0, -1, -1], "partie_invalid"), (0, "2,-1,-1", "partie_invalid"),
    (0, [4, -2, -1], "partie_not_zero_sum")])
def test_a_partie_that_is_not_zero_sum_or_does_not_fit_the_seats_is_refused(potentat, points, key):
    with pytest.raises(LedgerError) as caught:
        check_partie(potentat, points, 3)
    assert caught.value.key == key


@pytest.mark.parametrize("people", [["Anna"], ["A", "B", "C", "D", "E"], ["Anna", "Anna"]])
def test_a_dynasty_has_two_to_four_different_players(people):
    with pytest.raises(LedgerError) as caught:
        check_players(people)
    assert caught.value.key == "dynasty_players"


@pytest.mark.parametrize("people, repeatable", [
    (["Anna", "Bot", "Bot", "Bot"], ["Bot"]), (["Bot", "Anna", "Bot"], ["Bot"])])
def test_a_computer_level_may_take_several_seats_of_a_dynasty(people, repeatable):
    assert check_players(people, repeatable=repeatable) == tuple(people)


@pytest.mark.parametrize("people, repeatable", [
    (["Anna", "Anna", "Bot"], ["Bot"]), (["Bot", "Bot"], ["Bot"]), (["Bot", "Bot", "Bot"], ["Bot"])])
def test_only_the_repeatable_may_repeat_and_two_different_players_remain(people, repeatable):
    with pytest.raises(LedgerError) as caught:
        check_players(people, repeatable=repeatable)
    assert caught.value.key == "dynasty_players"


def test_a_computer_on_several_seats_owes_itself_nothing_and_the_person_settles_with_it():
    # Partie 1: the computer on seat 1 is Potentat and loses to Anna and its own seat 2 and 3.
    # Partie 2: Anna is Potentat and wins 6 from the three computer seats.
    partien = [Partie(1, (2, -6, 2, 2)), Partie(0, (6, -2, -2, -2))]
    people = ["Anna", "Bot", "Bot", "Bot"]
    assert dynasty_debts(people, partien, 10, "EUR") == [Debt("Bot", "Anna", Money(80, "EUR"))]
    assert person_curves(people, partien, 10) == [("Anna", [0, 20, 80]), ("Bot", [0, -20, -80])]


def test_a_partie_of_another_size_than_the_dynasty_is_refused():
    with pytest.raises(LedgerError):
        dynasty_debts(["Anna", "Ben"], [Partie(0, (4, -2, -2))], 10, "EUR")


def test_the_balance_curve_starts_at_zero_and_adds_each_partie_at_the_stake():
    partien = [Partie(0, (4, -2, -2)), Partie(1, (-1, 2, -1))]
    assert balance_curve(partien, 3, 10) == [[0, 40, 30], [0, -20, 0], [0, -20, -30]]
    assert balance_curve([], 2, 10) == [[0], [0]]
    with pytest.raises(LedgerError):
        balance_curve(partien, 2, 10)
