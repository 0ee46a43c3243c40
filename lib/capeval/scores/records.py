"""Quality cases, reviews, roster entries and partials as the aggregation reads them.

cap-validate owns the full schemas; these checks are the part the aggregation relies on, so
a bad line becomes a diagnostic with a stable code (``schema.<keyword>`` with a JSON pointer,
as cap-validate reports it, or a contract code of SPEC §2.1) instead of a crash. Each
``*_problems`` function returns the problems of one record: at most one schema problem (the
first found, as fastjsonschema does), then every contract problem.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from capeval.scores.config import Config

# (code, JSON pointer or None, message)
Problem = tuple[str, str | None, str]


@dataclass(frozen=True, slots=True)
class Case:
    case_id: str
    profile: str
    synthetic: bool
    criteria: tuple[str, ...]
    dataset_consent_ref: str | None
    governance_ref: str | None


@dataclass(frozen=True, slots=True)
class Review:
    case_id: str
    reviewer_id: str
    synthetic: bool
    scores: dict[str, int]
    blocking_flags: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RosterEntry:
    reviewer_id: str
    role: str
    qualifications: str
    independent: bool
    conflicts: frozenset[str]
    # None: assigned to every case
    assignments: frozenset[str] | None


_STRING = "a string"
_BOOLEAN = "a boolean"
_ARRAY_OF_STRINGS = "an array of strings"

CASE_FIELDS: dict[str, str] = {
    "case_id": _STRING,
    "profile": _STRING,
    "domain": _STRING,
    "synthetic": _BOOLEAN,
    "scenario": _STRING,
    "input_summary": _STRING,
    "candidate_output": _STRING,
    "criteria": _ARRAY_OF_STRINGS,
    "expected_quality_notes": _STRING,
    "privacy_labels": _ARRAY_OF_STRINGS,
}
CASE_OPTIONAL: dict[str, str] = {
    "dataset_consent_ref": _STRING,
    "governance_ref": _STRING,
    "evidence_refs": _ARRAY_OF_STRINGS,
    "source_hash": _STRING,
}
REVIEW_FIELDS: dict[str, str] = {
    "case_id": _STRING,
    "reviewer_id": _STRING,
    "reviewer_role": _STRING,
    "synthetic": _BOOLEAN,
    "scores": "an object",
    "blocking_flags": _ARRAY_OF_STRINGS,
}
REVIEW_OPTIONAL: dict[str, str] = {"notes": _STRING}
ROSTER_FIELDS: dict[str, str] = {
    "reviewer_id": _STRING,
    "role": _STRING,
    "qualifications": _STRING,
    "independent": _BOOLEAN,
}
ROSTER_OPTIONAL: dict[str, str] = {
    "conflicts": _ARRAY_OF_STRINGS,
    "assignments": _ARRAY_OF_STRINGS,
}
# A partial review (``--partial``) is a counted-or-not review reduced to what the
# aggregation uses; ``kind`` is "partial".
PARTIAL_REVIEW_FIELDS: dict[str, str] = {
    "kind": _STRING,
    "case_id": _STRING,
    "reviewer_id": _STRING,
    "synthetic": _BOOLEAN,
    "scores": "an object",
    "blocking_flags": _ARRAY_OF_STRINGS,
}


def _has_type(value: Any, expected: str) -> bool:
    if expected == _STRING:
        return isinstance(value, str)
    if expected == _BOOLEAN:
        return isinstance(value, bool)
    if expected == _ARRAY_OF_STRINGS:
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    return isinstance(value, dict)


def _type_problem(record: dict[str, Any], key: str, expected: str) -> Problem:
    value = record[key]
    if expected == _ARRAY_OF_STRINGS and isinstance(value, list):
        index = next(i for i, v in enumerate(value) if not isinstance(v, str))
        return "schema.type", f"/{key}/{index}", "must be a string"
    return "schema.type", f"/{key}", f"must be {expected}"


def _shape_problem(
    record: dict[str, Any],
    required: dict[str, str],
    optional: dict[str, str],
    extensions: bool = True,
) -> Problem | None:
    """The first schema problem of ``record``: a missing, mistyped or unknown field."""
    for key in required:
        if key not in record:
            return "schema.required", f"/{key}", f"{key} is required"
    for key, value in record.items():
        expected = required.get(key) or optional.get(key)
        if expected is None:
            if extensions and key.startswith("x-"):
                continue
            return "schema.additionalProperties", f"/{key}", f"unknown field {key}"
        if not _has_type(value, expected):
            return _type_problem(record, key, expected)
    return None


def _pointer_token(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


# -- quality cases ---------------------------------------------------------------------------
def case_problems(record: dict[str, Any], config: Config) -> list[Problem]:
    """Why ``record`` cannot be aggregated as a quality case (empty when it can)."""
    shape = _shape_problem(record, CASE_FIELDS, CASE_OPTIONAL)
    if shape is None and not record["criteria"]:
        shape = ("schema.minItems", "/criteria", "must list at least one criterion")
    if shape is None and not record["case_id"]:
        shape = ("schema.minLength", "/case_id", "must not be empty")
    if shape is not None:
        return [shape]
    problems: list[Problem] = []
    profile = config.profiles.get(record["profile"])
    if profile is None:
        problems.append(
            (
                "case.profile_unknown",
                "/profile",
                f"profile {record['profile']} is not configured "
                f"(known: {', '.join(config.profiles)})",
            )
        )
    else:
        for index, criterion in enumerate(record["criteria"]):
            if criterion not in profile:
                problems.append(
                    (
                        "case.criterion_unknown",
                        f"/criteria/{index}",
                        f"criterion {criterion} is not in profile {record['profile']}",
                    )
                )
    if not record["synthetic"] and not (
        record.get("dataset_consent_ref") or record.get("governance_ref")
    ):
        problems.append(
            (
                "consent.missing",
                None,
                "non-synthetic case without dataset_consent_ref or governance_ref: "
                "no verdict is given for it",
            )
        )
    return problems


def case_from_record(record: dict[str, Any]) -> Case:
    return Case(
        case_id=record["case_id"],
        profile=record["profile"],
        synthetic=record["synthetic"],
        # a criterion listed twice is still one criterion
        criteria=tuple(dict.fromkeys(record["criteria"])),
        dataset_consent_ref=record.get("dataset_consent_ref") or None,
        governance_ref=record.get("governance_ref") or None,
    )


# -- reviews ---------------------------------------------------------------------------------
def review_problems(record: dict[str, Any], config: Config, partial: bool = False) -> list[Problem]:
    """Why ``record`` cannot be counted as a review (or a partial review when ``partial``)."""
    if partial:
        shape = _shape_problem(record, PARTIAL_REVIEW_FIELDS, {}, extensions=False)
    else:
        shape = _shape_problem(record, REVIEW_FIELDS, REVIEW_OPTIONAL)
    if shape is None:
        for criterion, score in record["scores"].items():
            if not isinstance(score, int) or isinstance(score, bool):
                shape = (
                    "schema.type",
                    f"/scores/{_pointer_token(criterion)}",
                    "must be an integer",
                )
                break
    if shape is not None:
        return [shape]
    problems: list[Problem] = []
    low, high = config.score_range
    for criterion, score in record["scores"].items():
        if not low <= score <= high:
            problems.append(
                (
                    "review.score_range",
                    f"/scores/{_pointer_token(criterion)}",
                    f"score {score} is outside the configured range {low}..{high}",
                )
            )
    configured = set(config.blocking_flags)
    for index, flag in enumerate(record["blocking_flags"]):
        if flag not in configured:
            problems.append(
                (
                    "review.flag_unknown",
                    f"/blocking_flags/{index}",
                    f"blocking flag {flag} is not configured",
                )
            )
    return problems


def review_from_record(record: dict[str, Any]) -> Review:
    return Review(
        case_id=record["case_id"],
        reviewer_id=record["reviewer_id"],
        synthetic=record["synthetic"],
        scores=dict(record["scores"]),
        blocking_flags=tuple(dict.fromkeys(record["blocking_flags"])),
    )


# -- roster ----------------------------------------------------------------------------------
def roster_problems(record: dict[str, Any]) -> list[Problem]:
    shape = _shape_problem(record, ROSTER_FIELDS, ROSTER_OPTIONAL)
    return [shape] if shape is not None else []


def roster_entry_from_record(record: dict[str, Any]) -> RosterEntry:
    assignments = record.get("assignments")
    return RosterEntry(
        reviewer_id=record["reviewer_id"],
        role=record["role"],
        qualifications=record["qualifications"],
        independent=record["independent"],
        conflicts=frozenset(record.get("conflicts", ())),
        assignments=None if assignments is None else frozenset(assignments),
    )
