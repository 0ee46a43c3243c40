"""Exact arithmetic for the scores' means and rates: fractions, rounded once to 4 places, so
the same scores give the same bytes. ``fractions`` is imported at the first one (~2 ms that
an empty run's start-up does not pay)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fractions import Fraction


def fraction(*args: Any) -> Fraction:
    """``Fraction(*args)``."""
    return _fraction_type()(*args)


def round4(value: Fraction) -> float:
    """``value`` rounded once, exactly, to 4 places: no floating-point noise in the output."""
    return float(round(value, 4))


@cache
def _fraction_type() -> type[Fraction]:
    from fractions import Fraction

    return Fraction
