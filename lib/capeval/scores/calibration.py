"""Calibration on gold cases: each reviewer's scores and flags against the known ones.

A gold case carries ``gold``: the scores its criteria should get and the blocking flags it
should raise. It never enters verdicts, the agreement statistics or the gate; instead every
reviewer who scored it gets one ``reviewer_calibration`` record: how many gold criteria they
scored, their mean absolute error in score points, and the gold flags they missed and the
flags they raised that gold does not. Peers cannot be the yardstick when two reviewers
disagree; a known answer can.
"""

from __future__ import annotations

from typing import Any

from capeval.review_records import Case, Review
from capeval.scores.exact import fraction

REVIEWER_CALIBRATION = "reviewer_calibration"


def reviewer_calibration(gold: list[tuple[Case, list[Review]]]) -> list[dict[str, Any]]:
    """One record per reviewer of a gold case, in reviewer id order."""
    tally: dict[str, dict[str, Any]] = {}
    for case, reviews in gold:
        assert case.gold is not None
        scores, flags = case.gold
        for review in reviews:
            entry = tally.setdefault(
                review.reviewer_id,
                {"cases": 0, "items": 0, "error": fraction(0), "missed": 0, "spurious": 0},
            )
            entry["cases"] += 1
            for criterion, expected in scores.items():
                if criterion in review.scores:
                    entry["items"] += 1
                    entry["error"] += abs(review.scores[criterion] - expected)
            raised = set(review.blocking_flags)
            entry["missed"] += len(set(flags) - raised)
            entry["spurious"] += len(raised - set(flags))
    return [
        {
            "kind": REVIEWER_CALIBRATION,
            "reviewer_id": reviewer_id,
            "gold_cases": entry["cases"],
            "scored_items": entry["items"],
            "mean_absolute_error": (
                round(float(entry["error"] / entry["items"]), 4) if entry["items"] else None
            ),
            "missed_flags": entry["missed"],
            "spurious_flags": entry["spurious"],
        }
        for reviewer_id, entry in sorted(tally.items())
    ]
