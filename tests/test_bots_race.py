"""The race between candidate moves over shared worlds: same worlds, budget, dropping, settling, the final choice."""

from __future__ import annotations

import itertools

import pytest

from core.bots.budget import Budget, OutOfBudget
from core.bots.race import beats, clear_winner, means, paired, race


class Worlds:
    """Numbered worlds, recording which candidate was valued in which world."""

    def __init__(self) -> None:
        self.next = itertools.count()
        self.scored: list[tuple[int, int]] = []

    def sample(self) -> int:
        return next(self.next)

    def by(self, value):
        def score(world, i, row):
            self.scored.append((world, i))
            return value(world, i, row)
        return score


def unlimited():
    return Budget().start()


def test_every_candidate_is_valued_in_the_same_worlds_in_index_order():
    w = Worlds()
    rows = []

    def value(world, i, row):
        rows.append(list(row))
        return float(world * 10 + i)

    values = race(3, w.sample, w.by(value), unlimited(), max_worlds=4)
    assert values == [[0.0, 10.0, 20.0, 30.0], [1.0, 11.0, 21.0, 31.0], [2.0, 12.0, 22.0, 32.0]]
    assert w.scored[:3] == [(0, 0), (0, 1), (0, 2)]
    assert rows[:3] == [[], [0.0], [0.0, 1.0]]  # the earlier candidates of the same world


def test_a_node_budget_drops_the_world_it_runs_out_in():
    w = Worlds()
    values = race(3, w.sample, w.by(lambda *_: 1.0), Budget(nodes=7).start(), max_worlds=None)
    assert [len(v) for v in values] == [2, 2, 2]  # world 2 ran out after its first candidate
    assert len(w.scored) == 7


def test_the_first_worlds_are_finished_even_when_the_budget_is_smaller():
    w = Worlds()
    values = race(3, w.sample, w.by(lambda *_: 1.0), Budget(nodes=1).start(), max_worlds=None, min_worlds=2)
    assert [len(v) for v in values] == [2, 2, 2]


def test_a_score_that_runs_out_of_budget_inside_drops_its_world_at_once():
    meter = Budget(nodes=5).start()

    def solver(world, i, row):
        for _ in range(2):  # two nodes per candidate, counted by the "solver" itself
            if meter.spend():
                raise OutOfBudget
        return 0.5

    values = race(2, itertools.count().__next__, solver, meter, max_worlds=None, cost=0)
    assert values == [[0.5], [0.5]]

    def out_at_once(world, i, row):
        raise OutOfBudget

    assert race(2, itertools.count().__next__, out_at_once, unlimited(), max_worlds=None) == [[], []]


def test_a_candidate_clearly_behind_stops_being_valued_and_a_settled_race_ends():
    w = Worlds()
    # Candidate 2 is always worse; 0 and 1 alternate, so neither settles.
    values = race(3, w.sample, w.by(lambda world, i, _: [world % 2, 1 - world % 2, -1.0][i]), unlimited(),
                  max_worlds=20, drop_z=2.0, drop_after=4)
    assert [len(v) for v in values] == [20, 20, 4]
    w = Worlds()
    # Candidate 1 beats the default in every world: the race ends at the first drop check.
    values = race(2, w.sample, w.by(lambda world, i, _: float(i) + (world % 3) / 10), unlimited(),
                  max_worlds=400, drop_z=2.0, drop_after=6)
    assert [len(v) for v in values] == [6, 6]


def test_without_dropping_the_world_cap_ends_the_race():
    values = race(2, Worlds().sample, lambda world, i, _: float(i), unlimited(), max_worlds=5)
    assert [len(v) for v in values] == [5, 5]


def test_paired_differences_give_mean_and_standard_error():
    mean, se = paired([1.0, 2.0, 3.0, 4.0], [0.0, 2.0, 2.0, 4.0])
    assert mean == pytest.approx(0.5)
    assert se == pytest.approx((1 / 3 / 4) ** 0.5)
    assert beats([1.0, 1.0, 1.0], [0.0, 0.0, 0.0], z=3.0)
    assert not beats([1.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 1.0], z=0.0)


def test_the_default_stays_unless_a_rival_leads_it_clearly():
    default = [0.0, 1.0] * 10
    noisy = [1.0, 0.0] * 9 + [1.0, 1.0]            # ahead by 0.05: well within one standard error
    strong = [1.0] * 20
    assert clear_winner([default, noisy], z=1.0) == (0, 0.0)
    assert clear_winner([default, noisy, strong], z=1.0) == (2, pytest.approx(0.5))
    assert clear_winner([[0.0, 0.0], [1.0, 1.0]], z=1.0) == (0, 0.0)  # two worlds are too few
    assert clear_winner([[0.0, 0.0], [1.0, 1.0]], z=1.0, least=2) == (1, 1.0)


def test_means_are_plain_averages():
    assert means([[1.0, 2.0], [], [3.0]]) == [1.5, None, 3.0]
