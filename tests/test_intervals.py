"""Wilson intervals against Newcombe's published worked examples."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from capeval.intervals import wilson_interval


@pytest.mark.parametrize(
    ("successes", "total", "expected"),
    [
        # Newcombe (1998), "Two-sided confidence intervals for the single proportion",
        # Statistics in Medicine 17: Table I, method 3 (Wilson score, no continuity correction)
        (81, 263, [0.2553, 0.3662]),
        (15, 148, [0.0624, 0.1605]),
        (0, 20, [0.0, 0.1611]),
        (1, 29, [0.0061, 0.1718]),
    ],
)
def test_wilson_matches_newcombes_table(successes, total, expected):
    assert wilson_interval(successes, total) == expected


def test_nothing_to_rate():
    assert wilson_interval(0, 0) is None


@given(st.integers(1, 10**6).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_the_interval_holds_the_rate_inside_zero_one(pair):
    successes, total = pair
    low, high = wilson_interval(successes, total)
    assert 0.0 <= low <= round(successes / total, 4) <= high <= 1.0
