"""One case's verdict from its counted reviews: the criteria's tally, the status by
precedence, adjudications applied, and the findings about single reviews and adjudications.

Pure functions and one tally class, used by ``scores.aggregate.Aggregation``.
"""

from __future__ import annotations

from typing import Any

from capeval.records import (
    ADJUDICATED,
    ADJUDICATION_UNUSED,
    BLOCKED,
    CONFLICTED_REVIEWER,
    FINDING,
    NEEDS_REVIEW,
    NEEDS_REVISION,
    PASS,
    UNASSIGNED_REVIEWER,
    UNKNOWN_CRITERION,
    UNKNOWN_REVIEWER,
)
from capeval.review_records import Case, Review
from capeval.scores import adjudicate
from capeval.scores.adjudicate import Adjudication, Resolution

_ROSTER_REASON = {
    UNKNOWN_REVIEWER: "is not in the roster",
    CONFLICTED_REVIEWER: "has a declared conflict with this case",
    UNASSIGNED_REVIEWER: "is not assigned to this case",
}


class CriteriaTally:
    """What one case's criteria say: their figures, and which fall short and why."""

    # (a plain class, not a dataclass: made at start-up, several times cheaper)
    __slots__ = ("criteria", "too_few", "disagreements", "below", "resolved", "overridden")

    def __init__(self) -> None:
        self.criteria: dict[str, dict[str, Any]] = {}
        self.too_few: list[str] = []
        self.disagreements: list[tuple[str, int, int]] = []
        self.below: list[tuple[str, float]] = []
        # with --adjudications: held criterion -> the adjudication that resolved it, and the
        # raised flags an adjudication cleared by name
        self.resolved: dict[str, Adjudication] = {}
        self.overridden: list[str] = []

    def held(self) -> list[str]:
        """The criteria held for review (too few counted scores, or a disagreement)."""
        disagreeing = {c for c, _, _ in self.disagreements}
        return [c for c in self.criteria if c in self.too_few or c in disagreeing]

    @property
    def revise(self) -> list[str]:
        """Held criteria an adjudication decided needs_revision."""
        return [c for c, a in self.resolved.items() if a.decision == NEEDS_REVISION]

    def reasons(self, flags: list[str]) -> list[str]:
        """The verdict's reasons, most serious first."""
        return [
            *(f"flag:{flag}" for flag in flags),
            *(f"overridden:{flag}" for flag in self.overridden),
            *(f"too_few_reviewers:{c}" for c in self.too_few),
            *(f"disagreement:{c}" for c, _, _ in self.disagreements),
            *(f"adjudicated:{c}" for c in self.resolved),
            *(f"below_threshold:{c}" for c, _ in self.below),
        ]


def raised_flags(counted: list[Review]) -> dict[str, list[str]]:
    """blocking flag -> the counted reviewers who raised it."""
    raised: dict[str, list[str]] = {}
    for review in counted:
        for flag in review.blocking_flags:
            raised.setdefault(flag, []).append(review.reviewer_id)
    return raised


def case_status(flags: list[str], tally: CriteriaTally) -> str:
    """Status precedence: blocked > needs_review > needs_revision > pass."""
    if flags:
        return BLOCKED
    if any(c not in tally.resolved for c in tally.held()):
        return NEEDS_REVIEW
    if tally.below or tally.revise:
        return NEEDS_REVISION
    return PASS


def apply_adjudications(
    flags: list[str], tally: CriteriaTally, adjudications: list[Adjudication]
) -> Resolution:
    """Apply the rule of ``scores/adjudicate.py`` to one case's tally (updated in place)."""
    resolution = adjudicate.resolve(flags, tally.held(), adjudications)
    tally.resolved = resolution.resolved
    tally.overridden = list(resolution.overridden)
    for criterion, adjudication in resolution.resolved.items():
        figures = tally.criteria[criterion]
        figures["passed"] = adjudication.decision == PASS
        figures["adjudicated"] = {
            "adjudicator_id": adjudication.adjudicator_id,
            "decision": adjudication.decision,
        }
    # a decided criterion's outcome is the decision, not its mean
    tally.below = [(c, m) for c, m in tally.below if c not in resolution.resolved]
    return resolution


def adjudication_findings(
    case_id: str,
    resolution: Resolution,
    adjudications: list[Adjudication],
    raised: dict[str, list[str]],
) -> list[dict[str, Any]]:
    """One finding per adjudication of the case: what it did, by whom, and why."""
    findings = []
    for adjudication in adjudications:
        scope = (
            f"criterion {adjudication.criterion}"
            if adjudication.criterion is not None
            else "the whole case"
        )
        resolved = [c for c, a in resolution.resolved.items() if a is adjudication]
        cleared = [f for f, a in resolution.overridden.items() if a is adjudication]
        if not resolved and not cleared:
            why = "no criterion of it is held for review"
            if adjudication.override_blocking_flags:
                why += " and it overrides no flag a counted review raised"
            elif raised:
                why += " (a decision never clears a blocking flag: override_blocking_flags)"
            detail = (
                f"adjudication of {scope} by {adjudication.adjudicator_id} "
                f"({adjudication.decision}) not applied: {why}"
            )
            findings.append(finding(case_id, ADJUDICATION_UNUSED, False, detail))
            continue
        did = []
        if resolved:
            did.append(f"decided {adjudication.decision} for {', '.join(resolved)}")
        if cleared:
            did.append(f"overrode blocking flags {', '.join(cleared)}")
        detail = (
            f"{adjudication.adjudicator_id} adjudicated {scope}: {'; '.join(did)}; "
            f"rationale: {adjudication.rationale}"
        )
        findings.append(finding(case_id, ADJUDICATED, False, detail))
    return findings


def review_findings(
    case: Case, ordered: list[tuple[str, tuple[Review, str | None]]]
) -> list[dict[str, Any]]:
    """Findings about single reviews: not counted (roster), or scoring unlisted criteria."""
    findings: list[dict[str, Any]] = []
    listed_criteria = set(case.criteria)
    for reviewer_id, (review, code) in ordered:
        if code is not None:
            detail = f"reviewer {reviewer_id} {_ROSTER_REASON[code]}; review not counted"
            if review.blocking_flags:
                detail += f"; it raised blocking flags: {', '.join(review.blocking_flags)}"
            findings.append(finding(case.case_id, code, bool(review.blocking_flags), detail))
            continue
        unknown = [c for c in review.scores if c not in listed_criteria]
        if unknown:
            detail = (
                f"reviewer {reviewer_id} scored criteria the case does not list "
                f"(ignored): {', '.join(unknown)}"
            )
            findings.append(finding(case.case_id, UNKNOWN_CRITERION, False, detail))
    return findings


def finding(case_id: str, code: str, blocking: bool, detail: str) -> dict[str, Any]:
    return {
        "kind": FINDING,
        "case_id": case_id,
        "code": code,
        "blocking": blocking,
        "detail": detail,
    }
