"""View models of cap-render-report: plain dicts computed from the records.

Two streams, two views:

* ``ReviewTally`` folds the records of ``cap-aggregate-scores`` (``case_verdict``, ``finding``,
  ``run_summary``) and ``review_view`` turns them, with the optional manifest, roster and
  configuration, into the view of the review report (the sections of
  ``examples/domain_semantic_quality/report_template.md``);
* ``ResultsTally`` folds AssertionResult records (pass rates by assertion, code, system, and by
  domain and tag when the cases are known; failing results; the comparison with a baseline)
  and ``ResultsTally.view`` returns the view of the results report.

A view is made of dicts, lists, strings, numbers, booleans and None only, so a user's
``--template`` sees exactly what the shipped templates see, and ``json.dumps(view)`` works.
Ordering is deterministic: input order where the input has a meaningful order (cases,
findings, failing results), otherwise sorted. Nothing depends on the clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from capeval.config import Config
from capeval.jsonl import dumps
from capeval.records import (
    BLOCKER_MEANING,
    LOW_AGREEMENT,
    STATUS_FINDINGS,
    STATUSES,
    ResultKey,
)

UNNAMED_SYSTEM = "(unnamed)"
NOT_IN_CASES = "(case not in --cases)"
NO_DOMAIN = "(no domain)"

BOUNDARY = (
    "This review judges whether outputs are useful, bounded and appropriate for a domain task. "
    "It is separate from CAP structural conformance (it does not check CAPEnvelope validity, "
    "signatures, PEP/PDP, registry or audit mechanics) and claims no clinical, regulated, "
    "production or broad domain validity. Synthetic fixtures are onboarding examples only."
)

TIER_MEANING = {
    "synthetic_onboarding": (
        "exercises reviewer forms and harness parsing without sensitive data; "
        "does not close external expert gates"
    ),
    "expert_authored_challenge": (
        "cases and expected quality notes written by domain experts without real user data; "
        "can support a domain-quality review if reviewers are independent and documented"
    ),
    "consent_governed_pilot": (
        "real or deployment-representative cases under consent, minimisation, access control "
        "and review governance; stronger external evidence when privacy controls and reviewer "
        "qualifications are documented"
    ),
}


def ratio(part: int, whole: int) -> float | None:
    """``part / whole`` rounded to 4 places, None when there is nothing to divide."""
    return round(part / whole, 4) if whole else None


# -- the review report -----------------------------------------------------------------------
@dataclass
class ReviewTally:
    """The records of one cap-aggregate-scores run, as read."""

    verdicts: list[dict[str, Any]] = field(default_factory=list)
    findings: list[dict[str, Any]] = field(default_factory=list)
    reviewers: list[dict[str, Any]] = field(default_factory=list)
    summary: dict[str, Any] | None = None

    def add(self, record: dict[str, Any]) -> None:
        kind = record["kind"]
        if kind == "case_verdict":
            self.verdicts.append(record)
        elif kind == "finding":
            self.findings.append(record)
        elif kind == "reviewer_agreement":
            self.reviewers.append(record)
        else:
            self.summary = record


_DEFAULTS = Config()  # the aggregation's defaults, stated when no --config is given


@dataclass(frozen=True)
class ReviewSettings:
    """The thresholds the report explains (from ``--config``, else the defaults)."""

    pass_threshold: float = _DEFAULTS.pass_threshold
    min_reviewers: int = _DEFAULTS.min_reviewers
    disagreement_spread: int = _DEFAULTS.disagreement_spread
    score_range: tuple[int, int] = _DEFAULTS.score_range
    outlier_deviation: float = _DEFAULTS.outlier_deviation
    from_config: bool = False


def review_view(
    tally: ReviewTally,
    *,
    manifest: list[dict[str, Any]] | None = None,
    manifest_path: str | None = None,
    roster: list[dict[str, Any]] | None = None,
    roster_path: str | None = None,
    settings: ReviewSettings | None = None,
    case_lines: dict[str, int] | None = None,
) -> dict[str, Any]:
    """The view of the review report (``case_lines``: case id → line in ``--cases``)."""
    settings = settings or ReviewSettings()
    summary = tally.summary
    blocking_by_case: dict[str, list[str]] = {}
    for finding in tally.findings:
        # a blocking finding that restates the case's own status ("blocked") adds nothing
        if finding.get("blocking") and finding["code"] not in STATUS_FINDINGS:
            codes = blocking_by_case.setdefault(finding["case_id"], [])
            if finding["code"] not in codes:
                codes.append(finding["code"])
    cases = [_case_row(verdict) for verdict in tally.verdicts]
    for row in cases:
        # a blocking finding is visible on its case's row (never a bare "pass" beside it)
        row["blocking_findings"] = blocking_by_case.get(row["case_id"], [])
        row["line"] = (case_lines or {}).get(row["case_id"])
    case_ids = [row["case_id"] for row in cases]
    profiles = list(dict.fromkeys(row["profile"] for row in cases))
    counted_cases: dict[str, int] = {}
    for row in cases:
        for reviewer in row["reviewers"]:
            counted_cases[reviewer] = counted_cases.get(reviewer, 0) + 1

    counts = _status_counts(tally.verdicts, summary)
    criteria = _criteria_rows(summary)
    gate = None
    if summary is not None:
        gate_record = summary.get("gate") or {}
        gate = {
            "can_close": bool(gate_record.get("can_close")),
            "blockers": [
                {"code": code, "meaning": BLOCKER_MEANING.get(code, "")}
                for code in gate_record.get("blockers") or []
            ],
        }
    evidence = None
    if summary is not None:
        tier = summary.get("evidence_tier")
        evidence = {
            "tier": tier,
            "tier_meaning": TIER_MEANING.get(tier, ""),
            "synthetic_only": summary.get("synthetic_only"),
            "external_expert_validation": summary.get("external_expert_validation"),
            "separate_from_cap_conformance": summary.get("separate_from_cap_conformance"),
        }
    manifest_view = (
        None if manifest is None else _manifest_view(manifest, manifest_path, case_ids, profiles)
    )
    roster_view = None if roster is None else _roster_view(roster, roster_path, counted_cases)
    view = {
        "stream": "review",
        "complete": summary is not None,
        "boundary": BOUNDARY,
        "profiles": profiles,
        "evidence": evidence,
        "counts": counts,
        "status_counts": [
            {"status": status, "count": counts[status]} for status in (*STATUSES, "no_verdict")
        ],
        "manifest": manifest_view,
        "roster": roster_view,
        "settings": {
            "pass_threshold": settings.pass_threshold,
            "min_reviewers": settings.min_reviewers,
            "disagreement_spread": settings.disagreement_spread,
            "score_range": list(settings.score_range),
            "outlier_deviation": settings.outlier_deviation,
            "from_config": settings.from_config,
        },
        "cases": cases,
        "criteria": criteria,
        "findings": [_finding_row(finding) for finding in tally.findings],
        "reviewer_agreement": _reviewer_agreement_view(tally.reviewers),
        "adjudications": _adjudication_rows(tally.verdicts),
        "blocking_findings": sum(1 for finding in tally.findings if finding.get("blocking")),
        "gate": gate,
    }
    view["limitations"] = _limitations(view)
    view["verdict"] = _review_verdict(view)
    return view


def _review_verdict(view: dict[str, Any]) -> dict[str, Any]:
    """The gate, first: open or closed, and why."""
    gate = view["gate"]
    counts = view["counts"]
    tally = ", ".join(f"{counts[status]} {status}" for status in STATUSES)
    if gate is None:
        outcome, failed = "gate unknown", True
        headline = f"Gate unknown: no run_summary (truncated stream?); {tally}"
    elif gate["can_close"]:
        outcome, failed = "gate can close", False
        headline = f"Gate can close: no blockers; {tally}"
    else:
        outcome, failed = "gate closed", True
        blockers = ", ".join(blocker["code"] for blocker in gate["blockers"]) or "none listed"
        headline = f"Gate stays closed: blockers {blockers}; {tally}"
    return {"outcome": outcome, "failed": failed, "headline": headline, "tally": tally}


def _case_row(verdict: dict[str, Any]) -> dict[str, Any]:
    criteria = verdict.get("criteria") or {}
    return {
        "case_id": verdict["case_id"],
        "profile": verdict.get("profile"),
        "status": verdict.get("status"),
        "blocking_flags": list(verdict.get("blocking_flags") or []),
        "reasons": list(verdict.get("reasons") or []),
        "reviewers": list(verdict.get("reviewers") or []),
        "adjudicated_by": sorted(
            {
                entry.get("adjudicator_id")
                for entry in verdict.get("adjudications") or []
                if isinstance(entry, dict) and isinstance(entry.get("adjudicator_id"), str)
            }
        ),
        "criteria": [
            {
                "name": name,
                "mean": value.get("mean"),
                "n": value.get("n"),
                "passed": value.get("passed"),
            }
            for name, value in criteria.items()
            if isinstance(value, dict)
        ],
    }


def _adjudication_rows(verdicts: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """Every adjudication the verdicts list (None: the run had no --adjudications)."""
    if not any("adjudications" in verdict for verdict in verdicts):
        return None
    rows = []
    for verdict in verdicts:
        for entry in verdict.get("adjudications") or []:
            if not isinstance(entry, dict):
                continue
            rows.append(
                {
                    "case_id": verdict["case_id"],
                    "criterion": entry.get("criterion"),
                    "adjudicator_id": entry.get("adjudicator_id"),
                    "decision": entry.get("decision"),
                    "resolved": list(entry.get("resolved") or []),
                    "overridden": list(entry.get("overridden") or []),
                    "rationale": entry.get("rationale", ""),
                    "status": verdict.get("status"),
                }
            )
    return rows


# heat map bands of the reviewer x reviewer table: exact agreement rate at least ...
HEAT_BANDS = (0.8, 0.6, 0.4, 0.2)


def _heat(rate: Any) -> str:
    if not isinstance(rate, (int, float)):
        return "heat-none"
    for index, floor in enumerate(HEAT_BANDS):
        if rate >= floor:
            return f"heat-{index}"
    return f"heat-{len(HEAT_BANDS)}"


def _reviewer_agreement_view(records: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The per-reviewer table and the reviewer x reviewer matrix (None: no such records)."""
    if not records:
        return None
    ids = [r["reviewer_id"] for r in records if isinstance(r.get("reviewer_id"), str)]
    rows = []
    for record in records:
        pairs = record.get("pairs") if isinstance(record.get("pairs"), dict) else {}
        cells = []
        for other in ids:
            pair = pairs.get(other) if other != record.get("reviewer_id") else None
            if isinstance(pair, dict):
                cells.append(
                    {
                        "other": other,
                        "n": pair.get("n"),
                        "exact": pair.get("exact"),
                        "adjacent": pair.get("adjacent"),
                        "alpha": pair.get("alpha"),
                        "alpha_status": pair.get("alpha_status"),
                        "heat": _heat(pair.get("exact")),
                    }
                )
            else:
                cells.append({"other": other, "n": None, "self": other == record["reviewer_id"]})
        rows.append(
            {
                "reviewer_id": record.get("reviewer_id"),
                "n": record.get("n"),
                "compared": record.get("compared"),
                "mean_deviation": record.get("mean_deviation"),
                "mean_abs_deviation": record.get("mean_abs_deviation"),
                "outlier": bool(record.get("outlier")),
                "cells": cells,
            }
        )
    return {
        "ids": ids,
        "rows": rows,
        "outliers": [row["reviewer_id"] for row in rows if row["outlier"]],
        "heat_bands": list(HEAT_BANDS),
    }


def _finding_row(finding: dict[str, Any]) -> dict[str, Any]:
    return {
        "case_id": finding["case_id"],
        "code": finding["code"],
        "blocking": bool(finding.get("blocking")),
        "detail": finding.get("detail", ""),
    }


def _status_counts(verdicts: list[dict[str, Any]], summary: dict[str, Any] | None) -> dict:
    """Counts per status: the run summary's when there is one, else tallied from verdicts."""
    if summary is not None and isinstance(summary.get("counts"), dict):
        given = summary["counts"]
        keys = (*STATUSES, "no_verdict", "skipped_reviews")
        return {key: given.get(key, 0) if isinstance(given.get(key), int) else 0 for key in keys}
    counts = dict.fromkeys((*STATUSES, "no_verdict", "skipped_reviews"), 0)
    for verdict in verdicts:
        if verdict.get("status") in counts:
            counts[verdict["status"]] += 1
    return counts


def _criteria_rows(summary: dict[str, Any] | None) -> list[dict[str, Any]]:
    if summary is None or not isinstance(summary.get("criteria"), dict):
        return []
    rows = []
    for name, value in summary["criteria"].items():
        value = value if isinstance(value, dict) else {}
        alpha = value.get("alpha")
        rows.append(
            {
                "name": name,
                "mean": value.get("mean"),
                "n": value.get("n"),
                "alpha": alpha,
                "alpha_status": value.get("alpha_status"),
                "low_agreement": isinstance(alpha, (int, float)) and alpha < LOW_AGREEMENT,
            }
        )
    return rows


def _manifest_view(
    entries: list[dict[str, Any]], path: str | None, case_ids: list[str], profiles: list[str]
) -> dict[str, Any]:
    rows = [
        {
            "id": entry["id"],
            "kind": entry.get("kind"),
            "profile": entry.get("profile"),
            "domain": entry.get("domain"),
            "synthetic": entry.get("synthetic"),
            "consent_ref": entry.get("consent_ref"),
            "privacy_labels": list(entry.get("privacy_labels") or []),
            "source_hash": entry.get("source_hash"),
            "sha256": entry.get("sha256"),
        }
        for entry in entries
    ]
    listed = {row["id"] for row in rows}
    reported = set(case_ids)
    return {
        "path": path,
        "entries": rows,
        "cases": len(rows),
        "synthetic": sum(1 for row in rows if row["synthetic"] is True),
        "with_consent_ref": sum(1 for row in rows if row["consent_ref"]),
        # cross-checks: the manifest should list exactly the cases the report covers
        "not_in_report": [row["id"] for row in rows if row["id"] not in reported],
        "not_in_manifest": [case_id for case_id in case_ids if case_id not in listed],
    }


def _roster_view(
    entries: list[dict[str, Any]], path: str | None, counted_cases: dict[str, int]
) -> dict[str, Any]:
    rows = []
    for entry in entries:
        assignments = entry.get("assignments")
        rows.append(
            {
                "reviewer_id": entry["reviewer_id"],
                "role": entry.get("role"),
                "qualifications_documented": bool(str(entry.get("qualifications") or "").strip()),
                "independent": entry.get("independent"),
                "conflicts": list(entry.get("conflicts") or []),
                "assignments": None if assignments is None else list(assignments),
                "counted_cases": counted_cases.get(entry["reviewer_id"], 0),
            }
        )
    return {"path": path, "entries": rows}


def _limitations(view: dict[str, Any]) -> list[str]:
    """What keeps this evidence from supporting more, in words for the sign-off."""
    notes: list[str] = []
    evidence = view["evidence"]
    if not view["complete"]:
        notes.append(
            "the aggregation stream has no run_summary (truncated?): evidence tier, agreement "
            "and the gate are unknown"
        )
    if evidence is not None:
        if evidence["synthetic_only"]:
            notes.append(
                "synthetic evidence only: onboarding evidence that cannot close an external "
                "expert gate"
            )
        if evidence["external_expert_validation"] is False:
            reason = "" if view["roster"] is not None else " (no reviewer roster was given)"
            notes.append(f"no external expert validation{reason}")
    not_pass = [row["case_id"] for row in view["cases"] if row["status"] != "pass"]
    if not_pass:
        notes.append(f"{len(not_pass)} case(s) not pass: {', '.join(not_pass)}")
    if view["counts"]["no_verdict"]:
        notes.append(
            f"{view['counts']['no_verdict']} case(s) got no verdict (e.g. consent.missing)"
        )
    if view["blocking_findings"]:
        notes.append(f"{view['blocking_findings']} blocking finding(s) in the findings log")
    undefined = [row["name"] for row in view["criteria"] if row["alpha_status"] == "undefined"]
    if undefined:
        notes.append(
            f"agreement undefined (no variation or no case with two scores) for: "
            f"{', '.join(undefined)}"
        )
    agreement = view["reviewer_agreement"]
    if agreement is not None and agreement["outliers"]:
        notes.append(
            "outlier reviewer(s), far from the other reviewers of the same cases: "
            + ", ".join(agreement["outliers"])
        )
    low = [row["name"] for row in view["criteria"] if row["low_agreement"]]
    if low:
        notes.append(f"low agreement (alpha < {LOW_AGREEMENT}) on: {', '.join(low)}")
    manifest = view["manifest"]
    if manifest is not None and (manifest["not_in_report"] or manifest["not_in_manifest"]):
        parts = []
        if manifest["not_in_manifest"]:
            parts.append(f"not in the manifest: {', '.join(manifest['not_in_manifest'])}")
        if manifest["not_in_report"]:
            parts.append(
                f"in the manifest without a verdict: {', '.join(manifest['not_in_report'])}"
            )
        notes.append("manifest and report disagree (" + "; ".join(parts) + ")")
    return notes


# -- the results report ----------------------------------------------------------------------
@dataclass(frozen=True)
class CaseInfo:
    """What the results report needs of an EvalCase (``--cases``)."""

    domain: str | None
    tags: tuple[str, ...]
    line: int
    # the source text for the drill-down and for checking a fix (cut at SHOWN_TEXT)
    source: str | None = None


@dataclass(frozen=True)
class CandidateInfo:
    """What the results report needs of a candidate (``--candidates``)."""

    line: int
    text: str  # cut at SHOWN_TEXT characters
    # the whole record when its line is short enough to offer an edit of it (else None)
    record: dict[str, Any] | None = None


@dataclass(frozen=True)
class BaselineEntry:
    passed: bool
    code: str


# Texts kept per case/candidate for the drill-down: enough to read, bounded per record.
SHOWN_TEXT = 4000
FAIL_ON = ("regression", "hard", "any", "none")


class _Rate:
    __slots__ = ("results", "passed", "failed_hard", "failed_report")

    def __init__(self) -> None:
        self.results = self.passed = self.failed_hard = self.failed_report = 0

    def add(self, passed: bool, severity: str) -> None:
        self.results += 1
        if passed:
            self.passed += 1
        elif severity == "hard":
            self.failed_hard += 1
        else:
            self.failed_report += 1

    def row(self, name: str) -> dict[str, Any]:
        return {
            "name": name,
            "results": self.results,
            "passed": self.passed,
            "failed": self.results - self.passed,
            "failed_hard": self.failed_hard,
            "failed_report": self.failed_report,
            "pass_rate": ratio(self.passed, self.results),
        }


class ResultsTally:
    """AssertionResults folded as they stream by.

    Only failing results are kept whole, and only the first ``keep_failures`` of them (0: all)
    — a report of a million results lists what a person can read, and counts the rest.
    """

    def __init__(
        self,
        cases: dict[str, CaseInfo] | None = None,
        baseline: dict[ResultKey, BaselineEntry] | None = None,
        keep_failures: int = 0,
        *,
        waivers: Any = None,
        candidates: dict[tuple[str, str | None], CandidateInfo] | None = None,
        keep_passes: bool = False,
        drill_down: bool = False,
    ) -> None:
        self.cases = cases
        self.baseline = baseline
        self.keep_failures = keep_failures
        self.waivers = waivers
        self.candidates = candidates
        # every passing result's key (JUnit lists each result as a test case)
        self.passes: list[tuple[str, str | None, str, str]] | None = [] if keep_passes else None
        # source and candidate text beside each listed failure (a document's drill-down)
        self.drill_down = drill_down
        # what the regression gate counts: failures not waived, by kind
        self.gate = {"hard": 0, "failed": 0, "waived": 0, "regressions": 0, "new_failures": 0}
        self.failures_total = 0
        self.total = _Rate()
        self.by_assertion: dict[str, _Rate] = {}
        self.by_system: dict[str | None, _Rate] = {}
        self.by_domain: dict[str, _Rate] = {}
        self.by_tag: dict[str, _Rate] = {}
        self.by_code: dict[str, list[Any]] = {}  # code -> [count, {assertion: None}]
        self.case_ids: set[str] = set()
        self.failures: list[dict[str, Any]] = []
        self.regressions: list[dict[str, Any]] = []
        self.fixes: list[dict[str, Any]] = []
        self.unchanged: list[dict[str, Any]] = []
        self.new_failures: list[dict[str, Any]] = []
        self.new_passes = 0
        self.compared = 0
        self.seen_baseline: set[ResultKey] = set()

    def add(self, record: dict[str, Any]) -> None:
        """Fold one (schema-valid) AssertionResult."""
        passed = record["passed"]
        severity = record["severity"]
        case_id = record["case_id"]
        system = record.get("system")
        assertion = record["assertion"]
        code = record["code"]
        self.case_ids.add(case_id)
        self.total.add(passed, severity)
        _rate(self.by_assertion, assertion).add(passed, severity)
        _rate(self.by_system, system).add(passed, severity)
        code_entry = self.by_code.setdefault(code, [0, {}])
        code_entry[0] += 1
        code_entry[1][assertion] = None
        if self.cases is not None:
            info = self.cases.get(case_id)
            if info is None:
                _rate(self.by_domain, NOT_IN_CASES).add(passed, severity)
                _rate(self.by_tag, NOT_IN_CASES).add(passed, severity)
            else:
                _rate(self.by_domain, info.domain or NO_DOMAIN).add(passed, severity)
                for tag in info.tags:
                    _rate(self.by_tag, tag).add(passed, severity)

        row: dict[str, Any] = {
            "case_id": case_id,
            "system": system,
            "assertion": assertion,
            "severity": severity,
            "code": code,
        }
        waiver = None
        if not passed and self.waivers is not None:
            found = self.waivers.match(case_id, system, assertion, code)
            if found is not None:
                found.used += 1
                if not found.expired:
                    waiver = found.row()
        if not passed:
            row["waiver"] = waiver
        was: BaselineEntry | None = None
        change = None
        if self.baseline is not None:
            key = (case_id, system, assertion)
            was = self.baseline.get(key)
            if was is None:
                if passed:
                    self.new_passes += 1
                else:
                    change = "new"
                    self.new_failures.append(row)
            else:
                self.compared += 1
                self.seen_baseline.add(key)
                compared = {**row, "baseline_code": was.code}
                if not passed and was.passed:
                    change = "regression"
                    self.regressions.append(compared)
                elif passed and not was.passed:
                    self.fixes.append(compared)
                elif not passed:
                    change = "unchanged"
                    self.unchanged.append(compared)
        if passed:
            if self.passes is not None:
                self.passes.append((case_id, system, assertion, severity))
            return
        self.failures_total += 1
        gate = self.gate
        if waiver is not None:
            gate["waived"] += 1
        else:
            gate["failed"] += 1
            gate["hard"] += severity == "hard"
            gate["regressions"] += change == "regression"
            gate["new_failures"] += change == "new"
        if not self.keep_failures or len(self.failures) < self.keep_failures:
            self.failures.append(self._failure_row(row, record, was, change))

    def _failure_row(
        self,
        row: dict[str, Any],
        record: dict[str, Any],
        was: BaselineEntry | None,
        change: str | None,
    ) -> dict[str, Any]:
        from capeval.report.suggestions import fixed_text, suggestion

        evidence = record["evidence"]
        case = self.cases.get(row["case_id"]) if self.cases is not None else None
        candidate = (
            self.candidates.get((row["case_id"], row["system"]))
            if self.candidates is not None
            else None
        )
        suggested = suggestion(row["assertion"], row["code"], evidence)
        fix = None
        if suggested is not None and candidate is not None and candidate.record is not None:
            text = fixed_text(
                candidate.record["text"],
                case.source if case is not None else None,
                suggested["replacements"],
            )
            if text is not None:
                line = dumps({**candidate.record, "text": text})[:-1].decode("utf-8")
                fix = {"line": candidate.line, "text": line}
        failure = {
            **row,
            "message": record["message"],
            # compact JSON, keys in the record's order
            "evidence": dumps(evidence)[:-1].decode("utf-8"),
            "regression": None if was is None else was.passed,
            "change": change,
            "case_line": case.line if case is not None else None,
            "candidate_line": candidate.line if candidate is not None else None,
            "suggestion": suggested,
            "fix": fix,
        }
        if self.drill_down:
            failure["source"] = case.source if case is not None else None
            failure["candidate"] = candidate.text if candidate is not None else None
        return failure

    def view(
        self,
        *,
        cases_path: str | None = None,
        baseline_path: str | None = None,
        fail_on: str = "none",
    ) -> dict[str, Any]:
        """The view of the results report; ``fail_on`` is the gate (``FAIL_ON``)."""
        total = self.total.row("all")
        systems = sorted(self.by_system, key=_system_order)
        view: dict[str, Any] = {
            "stream": "results",
            "totals": {
                **total,
                "cases": len(self.case_ids),
                "systems": len(self.by_system),
                "assertions": len(self.by_assertion),
            },
            "by_assertion": [
                self.by_assertion[name].row(name) for name in sorted(self.by_assertion)
            ],
            "by_code": [
                {
                    "code": code,
                    "results": count,
                    "share": ratio(count, total["results"]),
                    "assertions": sorted(assertions),
                }
                for code, (count, assertions) in sorted(
                    self.by_code.items(), key=lambda item: (-item[1][0], item[0])
                )
            ],
            "by_system": [self.by_system[s].row(system_name(s)) for s in systems],
            "cases_file": cases_path,
            "by_domain": None,
            "by_tag": None,
            "failures": self.failures,
            "failures_total": self.failures_total,
            "failures_omitted": self.failures_total - len(self.failures),
            "baseline": None,
        }
        if self.cases is not None:
            view["by_domain"] = [
                self.by_domain[name].row(name) for name in sorted(self.by_domain, key=_label_order)
            ]
            view["by_tag"] = [
                self.by_tag[name].row(name) for name in sorted(self.by_tag, key=_label_order)
            ]
        if self.baseline is not None:
            view["baseline"] = {
                "path": baseline_path,
                "results": len(self.baseline),
                "compared": self.compared,
                "regressions": self.regressions,
                "fixes": self.fixes,
                "unchanged": self.unchanged,
                "new_failures": self.new_failures,
                "new_passes": self.new_passes,
                # in the baseline, absent from this run (e.g. a case or system removed)
                "missing": len(self.baseline) - len(self.seen_baseline),
                "pass_rate": ratio(
                    sum(1 for entry in self.baseline.values() if entry.passed), len(self.baseline)
                ),
            }
        view["passes"] = self.passes
        view["waivers_file"] = None if self.waivers is None else self.waivers.path
        view["waiver_findings"] = [] if self.waivers is None else self.waivers.findings()
        view["verdict"] = _results_verdict(view, self.gate, fail_on)
        return view


def _results_verdict(view: dict[str, Any], gate: dict[str, int], fail_on: str) -> dict[str, Any]:
    """What the run says first: the gate's outcome, then what it counted."""
    pass_rate = view["totals"]["pass_rate"]
    baseline = view["baseline"]
    before = baseline["pass_rate"] if baseline is not None else None
    change = None if pass_rate is None or before is None else round(pass_rate - before, 4)
    got_worse = gate["regressions"] + gate["new_failures"]
    failed = {
        "regression": got_worse > 0,
        "hard": gate["hard"] > 0,
        "any": gate["failed"] > 0,
        "none": False,
    }[fail_on]
    parts = []
    if baseline is not None:
        parts.append(
            f"{gate['regressions']:,} regression(s), {gate['new_failures']:,} new failure(s)"
        )
    parts.append(f"{gate['hard']:,} hard failure(s) of {gate['failed']:,} failure(s)")
    rate = "—" if pass_rate is None else f"{pass_rate * 100:.1f}%"
    if change is not None:
        rate += f" ({change * 100:+.1f} pp vs the baseline)"
    parts.append(f"pass rate {rate}")
    if gate["waived"]:
        parts.append(f"{gate['waived']:,} waived")
    findings = view["waiver_findings"]
    if findings:
        parts.append(f"{len(findings)} waiver finding(s)")
    outcome = "gate not set" if fail_on == "none" else ("FAIL" if failed else "PASS")
    if fail_on != "none":
        outcome += f" (--fail-on {fail_on})"
    return {
        "fail_on": fail_on,
        "failed": failed,
        "outcome": outcome,
        "headline": f"{outcome}: " + "; ".join(parts),
        "hard_failures": gate["hard"],
        "failures": gate["failed"],
        "waived": gate["waived"],
        "regressions": gate["regressions"],
        "new_failures": gate["new_failures"],
        "pass_rate": pass_rate,
        "baseline_pass_rate": before,
        "pass_rate_change": change,
    }


def _rate(table: dict[Any, _Rate], key: Any) -> _Rate:
    rate = table.get(key)
    if rate is None:
        rate = table[key] = _Rate()
    return rate


def system_name(system: str | None) -> str:
    return UNNAMED_SYSTEM if system is None else system


def _system_order(system: str | None) -> tuple[int, str]:
    return (0, "") if system is None else (1, system)


def _label_order(label: str) -> tuple[int, str]:
    # the "(…)" buckets after the real names
    return (1, label) if label.startswith("(") else (0, label)
