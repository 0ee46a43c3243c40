"""Mergeable partial records: ``--partial`` is the map, ``--merge`` the reduce.

A shard run (same ``--cases``/``--roster``/``--config`` as the merge) checks its reviews
exactly as one run does and writes, in input order, one record per review it kept for a case
of ``--cases`` — the raw scores and blocking flags per case, criterion and reviewer:

    {"kind":"partial","case_id":"c1","reviewer_id":"r1","synthetic":true,
     "scores":{"evidence_grounding":4},"blocking_flags":[]}

and, last, how many reviews it skipped because their case is not in ``--cases``:

    {"kind":"partial","skipped_reviews":3}

Reviews a roster does not count are kept too: the merge decides counting again from the same
roster, and needs them for their findings. The merge feeds these into the same aggregation as
one run, so its output is byte for byte the output of one run over all the reviews (a
reviewer's second review of a case is a ``review.duplicate`` wherever the two meet).
"""

from __future__ import annotations

from typing import Any

from capeval.config import Config
from capeval.records import Problem
from capeval.review_records import Review, review_from_record, review_problems

KIND = "partial"


def partial_review(review: Review) -> dict[str, Any]:
    return {
        "kind": KIND,
        "case_id": review.case_id,
        "reviewer_id": review.reviewer_id,
        "synthetic": review.synthetic,
        "scores": review.scores,
        "blocking_flags": list(review.blocking_flags),
    }


def partial_skipped(n: int) -> dict[str, Any]:
    return {"kind": KIND, "skipped_reviews": n}


def read_partial(
    record: dict[str, Any], config: Config
) -> tuple[Review | None, int, list[Problem]]:
    """``(review, 0, [])``, ``(None, skipped, [])`` or ``(None, 0, problems)``."""
    if record.get("kind") != KIND:
        message = 'not a partial record (kind "partial")'
        return None, 0, [Problem("kind.unknown", "/kind", message)]
    if "skipped_reviews" in record:
        extra = [key for key in record if key not in ("kind", "skipped_reviews")]
        if extra:
            return (
                None,
                0,
                [Problem("schema.additionalProperties", f"/{extra[0]}", "unknown field")],
            )
        skipped = record["skipped_reviews"]
        if not isinstance(skipped, int) or isinstance(skipped, bool) or skipped < 0:
            return None, 0, [Problem("schema.type", "/skipped_reviews", "must be an integer >= 0")]
        return None, skipped, []
    problems = review_problems(record, config, partial=True)
    if problems:
        return None, 0, problems
    return review_from_record(record), 0, []
