"""The one percentile every benchmark reports (nearest rank), so figures compare across them."""

from __future__ import annotations

from typing import Iterable


def percentile(values: Iterable[float], share: float, digits: int = 2) -> float:
    """The value that ``share`` (0.5 for p50, 0.95 for p95) of ``values`` lie below: the
    nearest rank, ``sorted(values)[int(share * n)]``, rounded to ``digits``; 0.0 for no values.

    :raises ValueError: when ``share`` is not between 0 and 1.
    """
    if not 0 <= share <= 1:
        raise ValueError(f"share must be between 0 and 1, not {share}")
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return round(ordered[min(len(ordered) - 1, int(share * len(ordered)))], digits)
