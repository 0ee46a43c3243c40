"""The view model of the review form: what one reviewer is shown, as plain data.

``case_problems`` says why a quality case cannot go into a form (the same schema and profile
rules as the aggregation, so a case the form shows is a case ``cap-aggregate-scores`` gives a
verdict); ``assignment`` decides, from the roster, whether the reviewer gets a case; and
``form_view`` builds the dict the template renders. The view holds strings, numbers,
booleans, lists and dicts only.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from capeval.config import Config, quality_case_problems
from capeval.records import Problem, case_sha256

IN_FORM = "in_form"
CONFLICTED = "conflicted"
UNASSIGNED = "unassigned"

NO_FOCUS = "No review focus text is configured for this criterion."
NO_MEANING = "No meaning is configured for this flag."


class Reviewer(NamedTuple):  # not a dataclass: a class made at start-up, ~1 ms cheaper
    reviewer_id: str
    role: str
    conflicts: frozenset[str]
    # None: assigned to every case
    assignments: frozenset[str] | None


def reviewer_from_record(record: dict[str, Any]) -> Reviewer:
    assignments = record.get("assignments")
    return Reviewer(
        reviewer_id=record["reviewer_id"],
        role=record["role"],
        conflicts=frozenset(record.get("conflicts", ())),
        assignments=None if assignments is None else frozenset(assignments),
    )


def case_problems(record: dict[str, Any], config: Config) -> list[Problem]:
    """Why ``record`` cannot be put in a form (empty when it can)."""
    return quality_case_problems(
        record,
        config,
        consent_message="a non-synthetic case needs dataset_consent_ref or governance_ref "
        "before anyone reviews it",
    )


def assignment(reviewer: Reviewer, case_id: str) -> str:
    """``in_form``, ``conflicted`` (declared conflict: left out) or ``unassigned``."""
    if case_id in reviewer.conflicts:
        return CONFLICTED
    if reviewer.assignments is not None and case_id not in reviewer.assignments:
        return UNASSIGNED
    return IN_FORM


def form_case(record: dict[str, Any], config: Config, synthetic_reviews: bool) -> dict[str, Any]:
    """One case of the form: what the reviewer reads, and what the export needs."""
    profile = record["profile"]
    criteria = list(dict.fromkeys(record["criteria"]))
    return {
        "case_id": record["case_id"],
        "case_sha256": case_sha256(record),
        "profile": profile,
        "domain": record["domain"],
        "synthetic_case": record["synthetic"],
        # the review is synthetic when its case is (or when the run says all are)
        "synthetic_review": synthetic_reviews or record["synthetic"],
        "scenario": record["scenario"],
        "input_summary": record["input_summary"],
        "candidate_output": record["candidate_output"],
        "expected_quality_notes": record["expected_quality_notes"],
        "evidence_refs": list(record.get("evidence_refs", ())),
        "privacy_labels": list(record["privacy_labels"]),
        # None: the output's language is not known (dir="auto" still sets its direction)
        "output_lang": record.get("output_lang"),
        "criteria": [
            {
                "name": name,
                "label": config.criterion_label(profile, name),
                "focus": config.focus_of(profile, name) or NO_FOCUS,
                "anchors": [
                    {"value": value, "text": text}
                    for value, text in config.anchors_of(profile, name).items()
                ],
            }
            for name in criteria
        ],
        # only the flags of the case's profile: a clinical flag means nothing on a code change
        "flags": [
            {
                "name": flag,
                "label": config.flag_label(flag),
                "meaning": config.flag_meanings.get(flag) or NO_MEANING,
            }
            for flag in config.flags_of(profile)
        ],
    }


def form_view(
    reviewer: Reviewer,
    cases: list[dict[str, Any]],
    config: Config,
    *,
    left_out: dict[str, int] | None = None,
) -> dict[str, Any]:
    """The view of one reviewer's form over ``cases`` (as ``form_case`` made them)."""
    low, high = config.score_range
    # a chip is its score alone; what the scores mean is under each criterion (its anchors)
    scores = [{"value": value, "label": str(value)} for value in range(low, high + 1)]
    return {
        "reviewer_id": reviewer.reviewer_id,
        "reviewer_role": reviewer.role,
        # one browser storage entry per reviewer; drafts inside are per case and case hash
        "storage_key": f"capeval-review-form:v1:{reviewer.reviewer_id}",
        "export_name": f"reviews-{_file_safe(reviewer.reviewer_id)}.jsonl",
        "draft_name": f"draft-{_file_safe(reviewer.reviewer_id)}.json",
        "scores": scores,
        "score_low": low,
        "score_high": high,
        "pass_threshold": config.pass_threshold,
        "cases": cases,
        "left_out": dict(left_out or {}),
    }


def _file_safe(text: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in text) or "reviewer"
