"""Python's full garbage collections moved to moments when nobody waits for the app.

A full collection walks every object the process keeps (the tables on screen, Flet's
copies of them for its diffs) and takes 40–50 ms here; left to itself, Python starts one
every few dozen taps, in the middle of a tap. After start-up the app raises the
threshold for full collections (they then happen on their own only after hundreds of
taps) and a background thread runs one whenever the process has been idle for a
moment and younger collections have passed objects on since the last.
"""

from __future__ import annotations

import gc
import threading
import time
from typing import Any, Callable

# gc.set_threshold(first, second, FULL): a full collection on its own after FULL collections
# of the middle generation (Python's default is 10, about one tap in twenty here).
FULL = 100
PERIOD_S = 0.5  # how often the thread looks
IDLE_SHARE = 0.05  # idle: the process used at most this share of one core in the last period


class IdleCollector:
    def __init__(self, clock: Callable[[], float] = time.process_time, collector: Any = gc) -> None:
        self.clock = clock
        self.gc = collector
        self.used = clock()

    def tick(self, period: float = PERIOD_S) -> bool:
        """One look after ``period`` seconds: collect if the process was idle and there is something
        to collect. Returns whether it collected."""
        now = self.clock()
        idle = now - self.used <= period * IDLE_SHARE
        due = self.gc.get_count()[2] > 0  # middle-generation collections since the last full one
        if idle and due:
            self.gc.collect()
        self.used = self.clock()
        return idle and due

    def start(self) -> None:
        threshold = self.gc.get_threshold()
        self.gc.set_threshold(threshold[0], threshold[1], FULL)
        threading.Thread(target=self._run, name="hofstaat-idle-gc", daemon=True).start()

    def _run(self) -> None:
        while True:
            time.sleep(PERIOD_S)
            self.tick()


_started = threading.Lock()


def start_once() -> None:
    """The process's idle collector (a second call does nothing)."""
    if _started.acquire(blocking=False):
        IdleCollector().start()
