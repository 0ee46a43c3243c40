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


# -- Gwet's AC2 and bootstrap intervals --------------------------------------------------------
# Percentile bootstrap over cases: this many resamples, drawn from this seed, so the same
# reviews give the same bytes (and --partial/--merge, which folds the same reviews, too).
BOOTSTRAP_RESAMPLES = 1000
BOOTSTRAP_SEED = 20261202
CONFIDENCE = 0.95


def ordinal_weights(q: int) -> list[list[float]]:
    """Gwet's ordinal weights for ``q`` ordered categories: 1 - C(|k-l|+1, 2) / max."""
    raw = [[(abs(k - m) + 1) * abs(k - m) / 2 for m in range(q)] for k in range(q)]
    top = max(max(row) for row in raw) or 1.0
    return [[1.0 - value / top for value in row] for row in raw]


def _count_rows(units: Iterable[Sequence[int]], value_domain: Sequence[int]) -> list[list[int]]:
    """Per unit with a score, the number of reviewers who gave each value."""
    position = {value: index for index, value in enumerate(value_domain)}
    rows = []
    for unit in units:
        if unit:
            row = [0] * len(value_domain)
            for score in unit:
                row[position[score]] += 1
            rows.append(row)
    return rows


def _ac2_of(counts, weights):  # numpy arrays: units x values, values x values
    per_unit = counts.sum(axis=1)
    q = counts.shape[1]
    pairable = per_unit >= 2
    if not pairable.any() or q < 2:
        return None
    weighted = counts @ weights.T
    agree = (counts * (weighted - 1)).sum(axis=1)
    pa = (agree[pairable] / (per_unit[pairable] * (per_unit[pairable] - 1))).mean()
    pi = (counts / per_unit[:, None]).mean(axis=0)
    pe = weights.sum() * (pi * (1 - pi)).sum() / (q * (q - 1))
    if pe >= 1:
        return None
    return float((pa - pe) / (1 - pe))


def gwet_ac2(units: Iterable[Sequence[int]], value_domain: Sequence[int]) -> float | None:
    """Gwet's AC2 with ordinal weights over the whole value domain (AC1 when the domain has
    two values), rounded to 4 places; None when no unit has two scores.

    As Gwet's handbook and the irrCAC package compute it for raw ratings with missing
    values: percent agreement over units scored twice or more, chance agreement from the
    category prevalences over every scored unit.
    """
    import numpy as np

    rows = _count_rows(units, value_domain)
    if not rows:
        return None
    weights = np.array(ordinal_weights(len(value_domain)))
    value = _ac2_of(np.array(rows, dtype=float), weights)
    return None if value is None else round(value, 4) + 0.0


def bootstrap_intervals(
    units: Sequence[Sequence[int]], value_domain: Sequence[int]
) -> dict[str, list[float] | None]:
    """95% percentile bootstrap intervals over cases of the pooled mean, ordinal alpha and
    AC2 (``[low, high]`` rounded to 4 places, or None where fewer than half the resamples
    define the statistic)."""
    import numpy as np

    scored = [list(unit) for unit in units if unit]
    intervals: dict[str, list[float] | None] = {"mean": None, "alpha": None, "ac2": None}
    if len(scored) < 2:
        return intervals
    rows = np.array(_count_rows(scored, value_domain), dtype=float)
    values = np.array(list(value_domain), dtype=float)
    weights = np.array(ordinal_weights(len(value_domain)))
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    draws = rng.integers(0, len(rows), size=(BOOTSTRAP_RESAMPLES, len(rows)))
    sums, totals = rows @ values, rows.sum(axis=1)
    means = sums[draws].sum(axis=1) / totals[draws].sum(axis=1)
    intervals["mean"] = _percentiles(means)
    alphas, ac2s = [], []
    for draw in draws:
        sample = rows[draw]
        ac2 = _ac2_of(sample, weights)
        if ac2 is not None:
            ac2s.append(ac2)
        alpha = _alpha_of_counts(sample, value_domain)
        if alpha is not None:
            alphas.append(alpha)
    half = BOOTSTRAP_RESAMPLES / 2
    intervals["alpha"] = _percentiles(np.array(alphas)) if len(alphas) >= half else None
    intervals["ac2"] = _percentiles(np.array(ac2s)) if len(ac2s) >= half else None
    return intervals


def _alpha_of_counts(counts, value_domain: Sequence[int]) -> float | None:
    pairable = counts[counts.sum(axis=1) >= 2]
    if not len(pairable) or (pairable.sum(axis=0) > 0).sum() < 2:
        return None  # nothing pairable, or no variation: alpha is 0/0
    import krippendorff

    return float(
        krippendorff.alpha(
            value_counts=pairable,
            value_domain=list(value_domain),
            level_of_measurement="ordinal",
        )
    )


def _percentiles(sample) -> list[float]:
    import numpy as np

    tail = (1 - CONFIDENCE) / 2 * 100
    low, high = np.percentile(sample, [tail, 100 - tail])
    return [round(float(low), 4) + 0.0, round(float(high), 4) + 0.0]
