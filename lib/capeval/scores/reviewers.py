"""Agreement per reviewer (pure): how far each reviewer's scores sit from the others'.

Items are (case, criterion) pairs; each holds the counted scores of the reviewers who scored
it. For every reviewer:

* ``mean_deviation``: over the items they share with at least one other reviewer, the mean
  of (their score − the mean of the other reviewers' scores of that item): negative is
  stricter than the others, positive more lenient;
* ``mean_abs_deviation``: the same with the absolute difference — how far off, either way;
* ``pairs``: against each other reviewer, over the items both scored: ``n``, the exact
  agreement rate (same score), the adjacent agreement rate (scores at most one point apart)
  and Krippendorff's alpha at the ordinal level over those items (``undefined`` when there is
  no variation or no shared item), from ``capeval.scores.agreement``.

An **outlier** is a reviewer compared on at least ``OUTLIER_MIN_ITEMS`` items whose mean
absolute deviation is at least ``outlier_deviation`` score points (default 1.0) *and* larger
than that of every reviewer they were compared with: with two reviewers who disagree, neither
is singled out (the data cannot tell who is off), with three or more the one apart is named.

Exact arithmetic (fractions), rounded once to 4 places: the same scores give the same bytes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from capeval.scores.agreement import ordinal_alpha
from capeval.scores.exact import fraction, round4

if TYPE_CHECKING:
    from fractions import Fraction

OUTLIER_MIN_ITEMS = 3
DEFAULT_OUTLIER_DEVIATION = 1.0

# (case_id, criterion) -> reviewer_id -> score
Items = Mapping[tuple[str, str], Mapping[str, int]]


def reviewer_agreement(
    items: Items,
    value_domain: Sequence[int],
    outlier_deviation: float = DEFAULT_OUTLIER_DEVIATION,
) -> list[dict[str, Any]]:
    """One ``reviewer_agreement`` record per reviewer, in reviewer id order."""
    if not items:
        return []  # no reviewer (and no fraction made: an empty run imports none)
    given: dict[str, int] = {}
    deviations: dict[str, list[Fraction]] = {}
    shared: dict[tuple[str, str], list[tuple[int, int]]] = {}
    for key in sorted(items):
        scores = items[key]
        reviewers = sorted(scores)
        total = sum(scores.values())
        for reviewer in reviewers:
            given[reviewer] = given.get(reviewer, 0) + 1
            if len(reviewers) < 2:
                continue
            others = fraction(total - scores[reviewer], len(reviewers) - 1)
            deviations.setdefault(reviewer, []).append(scores[reviewer] - others)
        for index, first in enumerate(reviewers):
            for second in reviewers[index + 1 :]:
                shared.setdefault((first, second), []).append((scores[first], scores[second]))

    mean_abs: dict[str, Fraction | None] = {}
    for reviewer in given:
        found = deviations.get(reviewer, [])
        mean_abs[reviewer] = sum(abs(d) for d in found) / len(found) if found else None
    threshold = fraction(repr(outlier_deviation))

    records = []
    for reviewer in sorted(given):
        found = deviations.get(reviewer, [])
        pairs: dict[str, dict[str, Any]] = {}
        for (first, second), scored in sorted(shared.items()):
            if reviewer not in (first, second):
                continue
            other = second if reviewer == first else first
            pairs[other] = _pair(scored, value_domain)
        own = mean_abs[reviewer]
        outlier = (
            own is not None
            and len(found) >= OUTLIER_MIN_ITEMS
            and own >= threshold
            and all(
                mean_abs[other] is not None and own > mean_abs[other]  # type: ignore[operator]
                for other in pairs
            )
        )
        records.append(
            {
                "kind": "reviewer_agreement",
                "reviewer_id": reviewer,
                "n": given[reviewer],
                "compared": len(found),
                "mean_deviation": round4(sum(found) / len(found)) if found else None,
                "mean_abs_deviation": None if own is None else round4(own),
                "outlier": outlier,
                "pairs": dict(sorted(pairs.items())),
            }
        )
    return records


def _pair(scored: list[tuple[int, int]], value_domain: Sequence[int]) -> dict[str, Any]:
    n = len(scored)
    exact = sum(1 for a, b in scored if a == b)
    adjacent = sum(1 for a, b in scored if abs(a - b) <= 1)
    alpha, status = ordinal_alpha([list(pair) for pair in scored], value_domain)
    return {
        "n": n,
        "exact": round4(fraction(exact, n)),
        "adjacent": round4(fraction(adjacent, n)),
        "alpha": alpha,
        "alpha_status": status,
    }
