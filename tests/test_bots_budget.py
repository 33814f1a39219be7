"""Search budgets: node budgets never read the clock, time budgets read it only at checkpoints."""

from __future__ import annotations

import pytest

import core.bots.budget as budget_module
from core.bots.budget import Budget


class FakeClock:
    """A clock that counts how often it is read and moves only when told to."""

    def __init__(self) -> None:
        self.now = 100.0
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(budget_module.time, "perf_counter", fake)
    return fake


def test_a_node_budget_is_used_up_after_exactly_that_many_units_without_reading_the_clock(monkeypatch):
    def no_clock() -> float:
        raise AssertionError("a node budget read the clock")

    monkeypatch.setattr(budget_module.time, "perf_counter", no_clock)
    meter = Budget(nodes=5).start(check_every=2)
    assert [meter.spend() for _ in range(4)] == [False] * 4
    assert not meter.expired()
    assert meter.spend()
    assert meter.expired() and meter.spend()
    assert meter.spent == 6


def test_spending_several_units_at_once_counts_them_all():
    meter = Budget(nodes=10).start()
    assert not meter.spend(9)
    assert meter.spend(3) and meter.spent == 12


def test_a_time_budget_reads_the_clock_only_every_so_many_units(clock):
    meter = Budget(ms=50).start(check_every=4)
    reads = clock.reads
    for _ in range(12):
        assert not meter.spend()
    assert clock.reads - reads == 3  # at 4, 8 and 12 units
    clock.now += 0.049
    assert not meter.expired()
    clock.now += 0.002
    assert [meter.spend() for _ in range(4)] == [False, False, False, True]
    assert meter.expired()


def test_a_budget_of_zero_milliseconds_is_used_up_at_the_first_check(clock):
    meter = Budget(ms=0).start()
    clock.now += 1e-6
    assert meter.spend()


def test_a_budget_with_neither_limit_never_runs_out(monkeypatch):
    monkeypatch.setattr(budget_module.time, "perf_counter", lambda: pytest.fail("read the clock"))
    meter = Budget().start()
    assert not meter.spend(10**9)
    assert not meter.expired()


@pytest.mark.parametrize("kwargs", [{"nodes": 0}, {"nodes": -3}, {"nodes": 1.5}, {"nodes": True},
                                    {"nodes": "100"}, {"ms": -1.0}, {"ms": float("nan")},
                                    {"ms": 10.0, "nodes": 10}])
def test_bad_budgets_are_refused(kwargs):
    with pytest.raises(ValueError):
        Budget(**kwargs)
