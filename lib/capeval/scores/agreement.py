"""Inter-reviewer agreement per criterion: Krippendorff's alpha at the ordinal level.

Units are cases, coders are counted reviewers, values are the configured score domain (the contract
§7). The ``krippendorff`` package does the arithmetic; it pulls numpy (~110 ms), so it is
imported here, inside the function, and only when there is something to compute.

Only units with two or more scores are pairable; a unit scored once contributes nothing to
alpha. Alpha is ``undefined`` (``None``) when no unit has two scores or when every pairable
score is the same value (no variation: expected disagreement is zero and alpha is 0/0) — the
package would raise or return NaN there.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

OK = "ok"
UNDEFINED = "undefined"


def ordinal_alpha(
    units: Iterable[Sequence[int]], value_domain: Sequence[int]
) -> tuple[float | None, str]:
    """``(alpha rounded to 4 places, "ok")`` or ``(None, "undefined")``.

    ``units`` holds, per case, the scores the counted reviewers gave one criterion.
    """
    pairable = [unit for unit in units if len(unit) >= 2]
    if not pairable:
        return None, UNDEFINED
    first = pairable[0][0]
    if all(score == first for unit in pairable for score in unit):
        return None, UNDEFINED
    position = {value: index for index, value in enumerate(value_domain)}
    # A units x values table of counts: compact however many reviewers there are.
    counts = [[0] * len(value_domain) for _ in pairable]
    for row, unit in zip(counts, pairable, strict=True):
        for score in unit:
            row[position[score]] += 1
    import krippendorff  # numpy: only on the aggregation path

    alpha = krippendorff.alpha(
        value_counts=counts,
        value_domain=list(value_domain),
        level_of_measurement="ordinal",
    )
    # rounded here, once: the same input gives the same bytes
    return round(float(alpha), 4) + 0.0, OK
