"""Confidence intervals for rates, shared by the reports.

Wilson's score interval (not the normal approximation, which leaves [0, 1] and collapses to a
point at 0% and 100%): a pass rate of 1,000 results reads very differently from one of 12.
"""

from __future__ import annotations

import math

# the two-sided 95% point of the standard normal distribution
Z95 = 1.959963984540054


def wilson_interval(successes: int, total: int, z: float = Z95) -> list[float] | None:
    """The 95% Wilson score interval ``[low, high]`` of ``successes / total``, rounded to 4
    places; None when there is nothing to rate."""
    if total <= 0:
        return None
    p = successes / total
    spread = z * z / total
    centre = (p + spread / 2) / (1 + spread)
    half = z / (1 + spread) * math.sqrt(p * (1 - p) / total + spread / (4 * total))
    return [round(max(0.0, centre - half), 4) + 0.0, round(min(1.0, centre + half), 4) + 0.0]
