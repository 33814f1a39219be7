"""app.idle_gc: full collections run when the process is idle and something is due, never while it works."""

from __future__ import annotations

from app.idle_gc import FULL, IDLE_SHARE, IdleCollector


class FakeGC:
    def __init__(self) -> None:
        self.count = [0, 0, 0]
        self.collected = 0
        self.threshold = (700, 10, 10)

    def get_count(self):
        return tuple(self.count)

    def collect(self):
        self.collected += 1
        self.count = [0, 0, 0]

    def get_threshold(self):
        return self.threshold

    def set_threshold(self, *t):
        self.threshold = t


def collector(cpu: list[float]) -> tuple[IdleCollector, FakeGC]:
    fake = FakeGC()
    return IdleCollector(clock=lambda: cpu[0], collector=fake), fake


def test_an_idle_process_with_promoted_objects_is_collected_once():
    cpu = [10.0]
    c, fake = collector(cpu)
    fake.count = [5, 3, 2]
    cpu[0] += 0.5 * IDLE_SHARE / 2
    assert c.tick(0.5) and fake.collected == 1
    assert not c.tick(0.5) and fake.collected == 1  # nothing due any more


def test_no_collection_while_the_process_works_or_when_nothing_is_due():
    cpu = [10.0]
    c, fake = collector(cpu)
    fake.count = [5, 3, 2]
    cpu[0] += 0.3  # 60 % of a core in the last half second: a tap, the computer thinking
    assert not c.tick(0.5) and fake.collected == 0
    fake.count = [5, 3, 0]
    assert not c.tick(0.5) and fake.collected == 0


def test_starting_raises_only_the_full_collection_threshold(monkeypatch):
    import threading

    c, fake = collector([0.0])
    monkeypatch.setattr(threading, "Thread", lambda **kw: type("T", (), {"start": lambda self: None})())
    c.start()
    assert fake.threshold == (700, 10, FULL) and FULL > 10
