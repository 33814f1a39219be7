"""Statistics from results: how a stored figure is shown."""

from __future__ import annotations


def number(value: float | None) -> float | int | None:
    """A score as it should be shown: whole numbers without ``.0``."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value
