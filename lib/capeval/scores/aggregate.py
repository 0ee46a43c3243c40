"""Reviews folded into case verdicts, findings and one run summary.

Pure: no streams, no diagnostics. ``Aggregation`` takes the accepted cases, the roster and
the configuration, is fed reviews one at a time (``add``) and ``finish`` returns the records
of the run in their output order. The same records come out whatever order the reviews
arrive in (reviewer lists, findings and statistics are ordered by case, criterion and
reviewer id), except that of two reviews of one case by one reviewer the first one counts —
which is what makes ``--partial``/``--merge`` give the bytes of one run.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

from capeval.config import Config
from capeval.records import (
    BLOCKED,
    BLOCKING_FINDINGS,
    CASE_NOT_PASS,
    CASE_VERDICT,
    CONFLICTED_REVIEWER,
    DISAGREEMENT,
    NEEDS_REVISION,
    NO_EXPERT_VALIDATION,
    PASS,
    RUN_SUMMARY,
    STATUSES,
    SYNTHETIC_EVIDENCE,
    TOO_FEW_CASES,
    UNASSIGNED_REVIEWER,
    UNKNOWN_REVIEWER,
)
from capeval.review_records import Case, Review, RosterEntry
from capeval.scores import adjudicate
from capeval.scores.adjudicate import Adjudication
from capeval.scores.agreement import bootstrap_intervals, gwet_ac2, ordinal_alpha
from capeval.scores.calibration import reviewer_calibration
from capeval.scores.case_verdict import (
    CriteriaTally,
    adjudication_findings,
    apply_adjudications,
    case_status,
    finding,
    raised_flags,
    review_findings,
)
from capeval.scores.exact import fraction, round4
from capeval.scores.reviewers import reviewer_agreement

if TYPE_CHECKING:
    from fractions import Fraction

# what ``Aggregation.add`` did with a review
COUNTED = "counted"
UNCOUNTED = "uncounted"
SKIPPED = "skipped"
DUPLICATE = "duplicate"


class RefusedCase(NamedTuple):
    """A case of ``--cases`` that gets no verdict (consent rule, unknown profile, bad shape).

    ``synthetic`` is None when the record did not say (it then takes no part in the run's
    synthetic/tier flags); it still keeps the gate closed.
    """

    synthetic: bool | None = None
    dataset_consent_ref: bool = False


class _CaseReviews:
    __slots__ = ("case", "reviews")

    def __init__(self, case: Case) -> None:
        self.case = case
        # reviewer id -> (review, roster finding code or None when counted)
        self.reviews: dict[str, tuple[Review, str | None]] = {}


def roster_code(
    roster: dict[str, RosterEntry] | None, case_id: str, reviewer_id: str
) -> str | None:
    """Why a review is not counted (a finding code), or None when it is counted."""
    if roster is None:
        return None
    entry = roster.get(reviewer_id)
    if entry is None:
        return UNKNOWN_REVIEWER
    if case_id in entry.conflicts:
        return CONFLICTED_REVIEWER
    if entry.assignments is not None and case_id not in entry.assignments:
        return UNASSIGNED_REVIEWER
    return None


def _number(value: float) -> str:
    return repr(value) if value != int(value) else f"{value:.1f}"


class Aggregation:
    def __init__(
        self,
        config: Config,
        cases: list[Case],
        roster: dict[str, RosterEntry] | None = None,
        refused: list[RefusedCase] | None = None,
        adjudications: dict[str, list[Adjudication]] | None = None,
    ) -> None:
        self.config = config
        self.roster = roster
        # case_id -> its usable adjudications (None: the run has no --adjudications)
        self.adjudications = adjudications
        # the adjudications that changed a verdict (they are evidence, like counted reviews)
        self._applied: list[Adjudication] = []
        self.refused = list(refused or [])
        # gold cases calibrate reviewers (scores/calibration.py) and take no other part
        self._cases: dict[str, _CaseReviews] = {
            case.case_id: _CaseReviews(case) for case in cases if case.gold is None
        }
        self._gold = {case.case_id: _CaseReviews(case) for case in cases if case.gold is not None}
        self._all = {**self._cases, **self._gold}
        self.skipped_reviews = 0

    @cached_property
    def _threshold(self) -> Fraction:
        """The exact pass threshold (made at the first criterion: fractions load lazily)."""
        return fraction(repr(self.config.pass_threshold))

    @property
    def case_ids(self) -> dict[str, _CaseReviews]:
        """The accepted cases by id, gold ones too (a mapping: ``in`` is what callers need)."""
        return self._all

    def add(self, review: Review) -> str:
        """Take one review; say whether it was counted, uncounted, skipped or a duplicate."""
        entry = self._all.get(review.case_id)
        if entry is None:
            self.skipped_reviews += 1
            return SKIPPED
        if review.reviewer_id in entry.reviews:
            return DUPLICATE
        code = roster_code(self.roster, review.case_id, review.reviewer_id)
        entry.reviews[review.reviewer_id] = (review, code)
        return COUNTED if code is None else UNCOUNTED

    def skip(self, n: int) -> None:
        """Count ``n`` reviews skipped elsewhere (a shard's partial)."""
        self.skipped_reviews += n

    # -- the verdicts ------------------------------------------------------------------------
    def finish(self) -> Result:
        verdicts: list[dict[str, Any]] = []
        findings: list[dict[str, Any]] = []
        counted_reviews: list[Review] = []
        # criterion -> per case, the counted scores (units for agreement)
        units: dict[str, list[list[int]]] = {}
        # the same per profile: two profiles' criteria of one name are not one criterion
        profile_units: dict[str, dict[str, list[list[int]]]] = {}
        # (case, criterion) -> reviewer -> counted score (agreement per reviewer)
        items: dict[tuple[str, str], dict[str, int]] = {}
        for entry in self._cases.values():
            verdict, case_findings, counted = self._verdict(entry)
            verdicts.append(verdict)
            findings.extend(case_findings)
            counted_reviews.extend(counted)
            for criterion in entry.case.criteria:
                scored = {
                    r.reviewer_id: r.scores[criterion] for r in counted if criterion in r.scores
                }
                units.setdefault(criterion, []).append(list(scored.values()))
                profile = profile_units.setdefault(entry.case.profile, {})
                profile.setdefault(criterion, []).append(list(scored.values()))
                if scored:
                    items[(entry.case.case_id, criterion)] = scored
        summary = self._summary(verdicts, findings, counted_reviews, units, profile_units)
        config = self.config
        reviewers = reviewer_agreement(items, config.value_domain, config.outlier_deviation)
        gold = [(e.case, [review for review, _ in e.reviews.values()]) for e in self._gold.values()]
        calibration = reviewer_calibration(gold)
        return Result(verdicts, findings, summary, reviewers, calibration)

    def _verdict(
        self, entry: _CaseReviews
    ) -> tuple[dict[str, Any], list[dict[str, Any]], list[Review]]:
        """One case's verdict record, its findings, and the reviews that counted."""
        case = entry.case
        ordered = sorted(entry.reviews.items())
        counted = [review for _, (review, code) in ordered if code is None]
        raised = raised_flags(counted)
        flags = [flag for flag in self.config.blocking_flags if flag in raised]
        tally = self._criteria(case, counted)
        resolution = None
        if self.adjudications is not None:
            adjudications = self.adjudications.get(case.case_id, [])
            resolution = apply_adjudications(flags, tally, adjudications)
            flags = resolution.flags
        status = case_status(flags, tally)
        findings = self._status_findings(case.case_id, status, raised, flags, tally)
        if resolution is not None:
            findings += adjudication_findings(case.case_id, resolution, adjudications, raised)
        findings += review_findings(case, ordered)
        verdict = {
            "kind": CASE_VERDICT,
            "case_id": case.case_id,
            "profile": case.profile,
            "status": status,
            "criteria": tally.criteria,
            "blocking_flags": flags,
            "reviewers": [review.reviewer_id for review in counted],
            "reasons": tally.reasons(flags),
        }
        if resolution is not None:
            verdict["overridden_flags"] = list(resolution.overridden)
            verdict["adjudications"] = adjudicate.described(resolution, adjudications)
            unused = {id(a) for a in resolution.unused}
            self._applied.extend(a for a in adjudications if id(a) not in unused)
        return verdict, findings, counted

    def _criteria(self, case: Case, counted: list[Review]) -> CriteriaTally:
        """Per criterion: mean, n, range, and whether it has enough, agreeing, passing scores."""
        config = self.config
        tally = CriteriaTally()
        for criterion in case.criteria:
            scores = [r.scores[criterion] for r in counted if criterion in r.scores]
            n = len(scores)
            if n:
                exact_mean = fraction(sum(scores), n)
                mean: float | None = round4(exact_mean)
                low, high = min(scores), max(scores)
            else:
                exact_mean, mean, low, high = None, None, None, None
            enough = n >= config.min_reviewers
            disagree = n >= 2 and high - low >= config.disagreement_spread
            meets = exact_mean is not None and exact_mean >= self._threshold
            if not enough:
                tally.too_few.append(criterion)
            if disagree:
                tally.disagreements.append((criterion, low, high))
            if exact_mean is not None and not meets:
                tally.below.append((criterion, mean))
            tally.criteria[criterion] = {
                "mean": mean,
                "n": n,
                "min": low,
                "max": high,
                # the criterion alone would let the case pass
                "passed": enough and not disagree and meets,
            }
        return tally

    def _status_findings(
        self,
        case_id: str,
        status: str,
        raised: dict[str, list[str]],
        flags: list[str],
        tally: CriteriaTally,
    ) -> list[dict[str, Any]]:
        """The findings that explain a status: blocking flags, low means, disagreements."""
        config = self.config
        findings: list[dict[str, Any]] = []
        if status == BLOCKED:
            raised_by = "; ".join(f"{flag} ({', '.join(raised[flag])})" for flag in flags)
            detail = f"blocking flags from counted reviews: {raised_by}"
            findings.append(finding(case_id, BLOCKED, True, detail))
        elif status == NEEDS_REVISION:
            parts = []
            if tally.below:
                listed = ", ".join(f"{c} mean {_number(m)}" for c, m in tally.below)
                parts.append(f"below threshold {_number(config.pass_threshold)}: {listed}")
            if tally.revise:
                parts.append(f"adjudicated needs_revision: {', '.join(tally.revise)}")
            findings.append(finding(case_id, NEEDS_REVISION, False, "; ".join(parts)))
        for criterion, low, high in tally.disagreements:
            detail = (
                f"{criterion} scores range {low}..{high} "
                f"(spread {high - low} >= {config.disagreement_spread})"
            )
            findings.append(finding(case_id, DISAGREEMENT, False, detail))
        return findings

    # -- the run -----------------------------------------------------------------------------
    def _summary(
        self,
        verdicts: list[dict[str, Any]],
        findings: list[dict[str, Any]],
        counted: list[Review],
        units: dict[str, list[list[int]]],
        profile_units: dict[str, dict[str, list[list[int]]]],
    ) -> dict[str, Any]:
        evidence = self._evidence(counted)
        counts = self._status_counts(verdicts)
        blockers = self._blockers(verdicts, findings, counts, evidence)
        criteria = self._agreement(units)
        # one profile: its figures are the run's (not computed twice)
        by_profile = (
            {profile: criteria for profile in profile_units}
            if len(profile_units) == 1
            else {profile: self._agreement(found) for profile, found in profile_units.items()}
        )
        return {
            "kind": RUN_SUMMARY,
            "separate_from_cap_conformance": True,
            "synthetic_only": evidence.synthetic_only,
            "external_expert_validation": evidence.external,
            "evidence_tier": evidence.tier,
            "counts": counts,
            "criteria": criteria,
            "profiles": by_profile,
            "gate": {"can_close": not blockers, "blockers": blockers},
        }

    def _evidence(self, counted: list[Review]) -> _Evidence:
        """What the run's evidence is: synthetic or not, externally validated, its tier."""
        cases = [entry.case for entry in self._cases.values()]
        known_refused = [r for r in self.refused if r.synthetic is not None]
        all_refused_known = len(known_refused) == len(self.refused)
        case_synthetic = [c.synthetic for c in cases] + [r.synthetic for r in known_refused]
        review_synthetic = [r.synthetic for r in counted] + [a.synthetic for a in self._applied]
        anything_synthetic = any(case_synthetic) or any(review_synthetic)
        # refused cases whose record did not say are not known to be synthetic
        synthetic_only = all(case_synthetic) and all(review_synthetic) and all_refused_known
        external = (
            self.roster is not None
            and bool(counted)
            and not anything_synthetic
            and all_refused_known
            and all(self._qualified_independent(r.reviewer_id) for r in counted)
            and all(self._qualified_independent(a.adjudicator_id) for a in self._applied)
        )
        if self.config.evidence_tier is not None:
            tier = self.config.evidence_tier
        elif anything_synthetic:
            tier = "synthetic_onboarding"
        elif (
            (cases or self.refused)
            and all(c.dataset_consent_ref for c in cases)
            and all(r.dataset_consent_ref for r in self.refused)
        ):
            tier = "consent_governed_pilot"
        else:
            tier = "expert_authored_challenge"
        return _Evidence(anything_synthetic, synthetic_only, external, tier)

    def _status_counts(self, verdicts: list[dict[str, Any]]) -> dict[str, int]:
        counts = dict.fromkeys(STATUSES, 0)
        for verdict in verdicts:
            counts[verdict["status"]] += 1
        counts["no_verdict"] = len(self.refused)
        counts["skipped_reviews"] = self.skipped_reviews
        return counts

    def _agreement(self, units: dict[str, list[list[int]]]) -> dict[str, dict[str, Any]]:
        """Per criterion over the run: pooled mean, n, Krippendorff's ordinal alpha, Gwet's
        AC2, and bootstrap intervals over cases of the mean, alpha and AC2."""
        criteria: dict[str, dict[str, Any]] = {}
        domain = self.config.value_domain
        for criterion, per_case in units.items():
            pooled = [score for unit in per_case for score in unit]
            alpha, alpha_status = ordinal_alpha(per_case, domain)
            intervals = bootstrap_intervals(per_case, domain) if pooled else {}
            criteria[criterion] = {
                "mean": round4(fraction(sum(pooled), len(pooled))) if pooled else None,
                "mean_ci": intervals.get("mean"),
                "n": len(pooled),
                "alpha": alpha,
                "alpha_status": alpha_status,
                "alpha_ci": intervals.get("alpha"),
                "ac2": gwet_ac2(per_case, domain) if pooled else None,
                "ac2_ci": intervals.get("ac2"),
            }
        return criteria

    def _blockers(
        self,
        verdicts: list[dict[str, Any]],
        findings: list[dict[str, Any]],
        counts: dict[str, int],
        evidence: _Evidence,
    ) -> list[str]:
        """What keeps the gate closed, in the documented order."""
        blockers: list[str] = []
        if not verdicts or self.refused or counts[PASS] != len(verdicts):
            blockers.append(CASE_NOT_PASS)
        if len(verdicts) < self.config.min_cases:
            blockers.append(TOO_FEW_CASES)
        if evidence.tier == "synthetic_onboarding" or evidence.anything_synthetic:
            blockers.append(SYNTHETIC_EVIDENCE)
        if not evidence.external:
            blockers.append(NO_EXPERT_VALIDATION)
        if any(finding["blocking"] for finding in findings):
            blockers.append(BLOCKING_FINDINGS)
        return blockers

    def _qualified_independent(self, reviewer_id: str) -> bool:
        entry = (self.roster or {}).get(reviewer_id)
        return entry is not None and entry.independent and bool(entry.qualifications.strip())


class _Evidence(NamedTuple):
    anything_synthetic: bool
    synthetic_only: bool
    external: bool
    tier: str


class Result(NamedTuple):
    verdicts: list[dict[str, Any]]
    findings: list[dict[str, Any]]
    summary: dict[str, Any]
    # one reviewer_agreement record per counted reviewer (scores/reviewers.py)
    reviewers: list[dict[str, Any]]
    # one reviewer_calibration record per reviewer of a gold case (scores/calibration.py)
    calibration: list[dict[str, Any]]

    def records(self) -> list[dict[str, Any]]:
        """The output stream: verdicts in --cases order, findings, agreement per reviewer
        (in reviewer id order), calibration on gold cases, the run summary."""
        return [*self.verdicts, *self.findings, *self.reviewers, *self.calibration, self.summary]

    def document(self) -> dict[str, Any]:
        """The ``--format json`` document: the review protocol's harness report shape."""
        summary = self.summary
        return {
            "separate_from_cap_conformance": True,
            "synthetic_only": summary["synthetic_only"],
            "external_expert_validation": summary["external_expert_validation"],
            "evidence_tier": summary["evidence_tier"],
            "gate": summary["gate"],
            "criteria": summary["criteria"],
            "counts": summary["counts"],
            "cases": [
                {
                    "case_id": v["case_id"],
                    "status": v["status"],
                    "criteria": v["criteria"],
                    "blocking_flags": v["blocking_flags"],
                    "reasons": v["reasons"],
                    **{key: v[key] for key in ("overridden_flags", "adjudications") if key in v},
                }
                for v in self.verdicts
            ],
            "findings": [
                {
                    "case_id": f["case_id"],
                    "code": f["code"],
                    "blocking": f["blocking"],
                    "detail": f["detail"],
                }
                for f in self.findings
            ],
            "reviewers": [
                {key: value for key, value in r.items() if key != "kind"} for r in self.reviewers
            ],
            **(
                {
                    "calibration": [
                        {key: value for key, value in r.items() if key != "kind"}
                        for r in self.calibration
                    ]
                }
                if self.calibration
                else {}
            ),
        }
