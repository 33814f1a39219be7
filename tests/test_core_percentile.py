"""core.percentile: the nearest-rank percentile every benchmark reports."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from core.percentile import percentile


def test_nearest_rank_of_a_hundred_values():
    values = list(range(100, 0, -1))  # 100 … 1, unsorted on purpose
    assert percentile(values, 0.5) == 51
    assert percentile(values, 0.95) == 96
    assert percentile(values, 1.0) == 100 and percentile(values, 0.0) == 1


def test_small_samples_and_rounding():
    assert percentile([], 0.95) == 0.0
    assert percentile([7.123456], 0.5, digits=3) == 7.123
    assert percentile([1.0, 2.0], 0.5) == 2.0  # the upper of two: a rank, not an average


@pytest.mark.parametrize("share", [-0.1, 1.5, float("nan")])
def test_a_share_outside_zero_to_one_is_refused(share):
    with pytest.raises(ValueError):
        percentile([1.0], share)


@given(st.lists(st.floats(-1e6, 1e6), min_size=1), st.floats(0, 1))
def test_a_percentile_is_one_of_the_values_and_grows_with_the_share(values, share):
    p = percentile(values, share, digits=12)
    assert min(values) - 1e-9 <= p <= max(values) + 1e-9
    assert percentile(values, min(1.0, share + 0.1), digits=12) >= p
