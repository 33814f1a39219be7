"""Search budgets: wall-clock milliseconds or the search's own units ("nodes").

A bot starts its ``Budget`` when it begins to think and asks the resulting ``Meter`` as
it goes. A node budget counts only what the search reports (solver nodes, playouts), so
the same view and rng give the same choice on any machine; a time budget reads the clock,
at most once every ``check_every`` units so that a hot loop can afford to ask.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

_NEVER = 1 << 62  # a unit count no search reaches


class OutOfBudget(Exception):
    """Raised by a search that notices deep inside (e.g. in an alpha-beta) that its budget is spent."""


@dataclass(frozen=True)
class Budget:
    """How much one decision may spend: ``ms`` of wall time, or ``nodes`` units; neither is unlimited.

    :raises ValueError: for both at once, a negative time or a node count that is not a
        positive whole number.
    """

    ms: float | None = None
    nodes: int | None = None

    def __post_init__(self) -> None:
        if self.ms is not None and self.nodes is not None:
            raise ValueError("a budget is either milliseconds or nodes, not both")
        if self.nodes is not None and (isinstance(self.nodes, bool) or not isinstance(self.nodes, int)
                                       or self.nodes < 1):
            raise ValueError(f"a node budget must be a positive whole number, not {self.nodes!r}")
        if self.ms is not None and not self.ms >= 0:
            raise ValueError(f"a time budget must be zero or more milliseconds, not {self.ms!r}")

    @property
    def counts_nodes(self) -> bool:
        return self.nodes is not None

    def start(self, check_every: int = 1) -> Meter:
        """A meter for this budget from now on; a time budget reads the clock every ``check_every`` units."""
        return Meter(self, check_every)


class Meter:
    """A started budget: counts the units spent and says when the budget is used up."""

    __slots__ = ("spent", "due", "_limit", "_deadline", "_every")

    def __init__(self, budget: Budget, check_every: int = 1) -> None:
        self.spent = 0
        self._every = max(1, check_every)
        self._deadline: float | None = None
        self._limit = _NEVER
        if budget.nodes is not None:
            self._limit = budget.nodes
        elif budget.ms is not None:
            self._deadline = time.perf_counter() + budget.ms / 1000.0
        # ``spend`` does real work only once ``spent`` reaches ``due``.
        self.due = self._every if self._deadline is not None else self._limit

    def spend(self, n: int = 1) -> bool:
        """Count ``n`` units; True once the budget is used up. Cheap enough for a search's hot loop."""
        self.spent += n
        return self.spent >= self.due and self._check()

    def expired(self) -> bool:
        """Whether the budget is used up, counting nothing."""
        if self._deadline is None:
            return self.spent >= self._limit
        return time.perf_counter() > self._deadline

    def _check(self) -> bool:
        if self._deadline is None:
            return True  # ``due`` is the node limit itself
        if time.perf_counter() > self._deadline:
            return True
        self.due = self.spent + self._every
        return False
