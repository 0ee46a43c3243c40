"""The hash of what a reviewer saw: ``case_sha256`` of reviews and adjudications.

A review is a judgement of one version of a quality case. The form (``cap-review-form``)
writes into every exported review the hash of the case content it was scored against, and
``cap-validate --cases`` recomputes it from the case file: a review whose hash no longer
matches its case is ``review.stale`` (an adjudication, ``adjudication.stale``), so the scores
of a changed case are never aggregated silently.

The hash is ``sha256:<hex>`` of the sorted-key compact JSON (UTF-8, no ASCII escaping) of the
case's fields a reviewer is shown::

    {"candidate_output", "case_id", "criteria", "expected_quality_notes", "input_summary",
     "profile", "scenario"}

Everything else (``domain``, ``privacy_labels``, refs, ``source_hash``, ``x-*``) may change
without making a review stale. This module is the only place the hash is defined.
"""

from __future__ import annotations

import hashlib
from typing import Any

from capeval.jsonl import dumps_sorted

FIELD = "case_sha256"
PREFIX = "sha256:"
# the quality-case fields the review form shows (and so the fields a score depends on)
SEEN_FIELDS: tuple[str, ...] = (
    "case_id",
    "profile",
    "scenario",
    "input_summary",
    "candidate_output",
    "criteria",
    "expected_quality_notes",
)


def seen_content(case: dict[str, Any]) -> dict[str, Any]:
    """The part of a quality case a reviewer sees (absent fields as null)."""
    return {name: case.get(name) for name in SEEN_FIELDS}


def case_sha256(case: dict[str, Any]) -> str:
    """``sha256:<hex>`` of the sorted-key compact JSON of ``seen_content(case)``."""
    return PREFIX + hashlib.sha256(dumps_sorted(seen_content(case))).hexdigest()
