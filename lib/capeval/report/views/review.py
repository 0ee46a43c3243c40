"""The view of the review report, from the records of cap-aggregate-scores (the sections of
``examples/domain_semantic_quality/report_template.md``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the configuration is read for a review stream only: off the start-up path
    from capeval.config import Config
from capeval.records import (
    BLOCKER_MEANING,
    FOLLOW_UP_COUNTS,
    FOLLOW_UP_FIELDS,
    LOW_AGREEMENT,
    STATUS_FINDINGS,
    STATUSES,
)
from capeval.report.views.common import (
    BOUNDARY,
    TIER_MEANING,
)


# -- the review report -----------------------------------------------------------------------
@dataclass
class ReviewTally:
    """The records of one cap-aggregate-scores run, as read."""

    verdicts: list[dict[str, Any]] = field(default_factory=list)
    findings: list[dict[str, Any]] = field(default_factory=list)
    reviewers: list[dict[str, Any]] = field(default_factory=list)
    calibration: list[dict[str, Any]] = field(default_factory=list)
    summary: dict[str, Any] | None = None

    def add(self, record: dict[str, Any]) -> None:
        kind = record["kind"]
        if kind == "case_verdict":
            self.verdicts.append(record)
        elif kind == "finding":
            self.findings.append(record)
        elif kind == "reviewer_agreement":
            self.reviewers.append(record)
        elif kind == "reviewer_calibration":
            self.calibration.append(record)
        else:
            self.summary = record


def review_view(
    tally: ReviewTally,
    *,
    manifest: list[dict[str, Any]] | None = None,
    manifest_path: str | None = None,
    roster: list[dict[str, Any]] | None = None,
    roster_path: str | None = None,
    config: Config | None = None,
    case_lines: dict[str, int] | None = None,
    case_texts: dict[str, tuple[tuple[str, str], ...]] | None = None,
    reviews: dict[str, list[dict[str, Any]]] | None = None,
    run_identity: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The view of the review report (``config``: the aggregation's ``--config``, whose
    thresholds it explains, else the defaults; ``case_lines``: case id → line in ``--cases``;
    ``case_texts``: case id → its texts from ``--cases``; ``reviews``: case id → its reviews
    from ``--reviews``; ``run_identity``: what the sign-off names the run by)."""
    from capeval.config import Config

    settings = config or Config()
    summary = tally.summary
    blocking_by_case: dict[str, list[str]] = {}
    for finding in tally.findings:
        # a blocking finding that restates the case's own status ("blocked") adds nothing
        if finding.get("blocking") and finding["code"] not in STATUS_FINDINGS:
            codes = blocking_by_case.setdefault(finding["case_id"], [])
            if finding["code"] not in codes:
                codes.append(finding["code"])
    cases = [_case_row(verdict) for verdict in tally.verdicts]
    for number, row in enumerate(cases, 1):
        # a blocking finding is visible on its case's row, in its own cell
        row["blocking_findings"] = blocking_by_case.get(row["case_id"], [])
        row["line"] = (case_lines or {}).get(row["case_id"])
        # the row and its drill-down link to each other
        row["anchor"], row["row_anchor"] = f"case-{number}", f"case-row-{number}"
    case_ids = [row["case_id"] for row in cases]
    profiles = list(dict.fromkeys(row["profile"] for row in cases))
    counted_cases: dict[str, int] = {}
    for row in cases:
        for reviewer in row["reviewers"]:
            counted_cases[reviewer] = counted_cases.get(reviewer, 0) + 1

    counts = _status_counts(tally.verdicts, summary)
    criteria = _criteria_rows(summary.get("criteria") if summary is not None else None)
    by_profile = _profile_sections(profiles, cases, criteria, summary)
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
            "from_config": config is not None,
        },
        "cases": cases,
        "criteria": criteria,
        "by_profile": by_profile,
        # the run summary's figures pool profiles that share a criterion name (an older
        # stream without per-profile figures): shown once, and said so
        "criteria_pooled": len(profiles) > 1 and not all(s["criteria"] for s in by_profile),
        "findings": [_finding_row(finding) for finding in tally.findings],
        "follow_ups": _follow_up_counts(summary),
        "reviewer_agreement": _reviewer_agreement_view(tally.reviewers, by_profile),
        "calibration": tally.calibration,
        "adjudications": _adjudication_rows(tally.verdicts),
        "blocking_findings": sum(1 for finding in tally.findings if finding.get("blocking")),
        "gate": gate,
        "run": run_identity,
        "case_anchors": {row["case_id"]: row["anchor"] for row in cases},
        "low_agreement": LOW_AGREEMENT,
        "reviews_given": reviews is not None,
        "cases_given": case_texts is not None,
    }
    view["case_details"] = [
        _case_detail(verdict, row, view, (case_texts or {}).get(row["case_id"]), reviews)
        for verdict, row in zip(tally.verdicts, cases, strict=True)
    ]
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


# heat map bands of the reviewer x reviewer table: Krippendorff's alpha at least ... (the
# usual reading: 0.8 reliable, 0.667 tentative); below 0 the pair agrees less than chance
HEAT_BANDS = (0.8, 0.667, 0.4, 0.0)
# a pair that shares fewer items than this is marked: its alpha says little either way
FEW_ITEMS = 10


def _heat(pair: dict[str, Any]) -> str:
    """The cell's class: by alpha; ``heat-neg`` below chance, ``heat-undefined`` without an
    alpha (no variation); the count of shared items is marked apart (``few``)."""
    alpha = pair.get("alpha")
    if not isinstance(alpha, (int, float)) or isinstance(alpha, bool):
        return "heat-undefined"
    if alpha < 0:
        return "heat-neg"
    for index, floor in enumerate(HEAT_BANDS):
        if alpha >= floor:
            return f"heat-{index}"
    return "heat-neg"


def _reviewer_agreement_view(
    records: list[dict[str, Any]], sections: list[dict[str, Any]] | None = None
) -> dict[str, Any] | None:
    """The per-reviewer table and the reviewer x reviewer matrix, one per profile, of the
    reviewers counted on its cases (None: no such records)."""
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
                        "heat": _heat(pair),
                        "few": not isinstance(pair.get("n"), int) or pair["n"] < FEW_ITEMS,
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
    matrices = []
    for section in sections or [{"profile": None, "cases": None}]:
        if section["cases"] is None:
            kept = ids
        else:
            counted = {reviewer for case in section["cases"] for reviewer in case["reviewers"]}
            kept = [reviewer for reviewer in ids if reviewer in counted]
        index = [ids.index(reviewer) for reviewer in kept]
        matrices.append(
            {
                "profile": section["profile"],
                "ids": kept,
                "rows": [{**rows[i], "cells": [rows[i]["cells"][j] for j in index]} for i in index],
            }
        )
    return {
        "ids": ids,
        "rows": rows,
        # one matrix per profile: reviewers of different profiles share no item
        "matrices": matrices,
        "outliers": [row["reviewer_id"] for row in rows if row["outlier"]],
        "heat_bands": list(HEAT_BANDS),
        "few_items": FEW_ITEMS,
    }


def _finding_row(finding: dict[str, Any]) -> dict[str, Any]:
    return {
        "case_id": finding["case_id"],
        "code": finding["code"],
        "blocking": bool(finding.get("blocking")),
        "detail": finding.get("detail", ""),
        "follow_up": _follow_up(finding.get("follow_up")),
    }


def _follow_up_counts(summary: dict[str, Any] | None) -> dict[str, int] | None:
    """Findings by follow-up status (None: the run had no --follow-ups)."""
    counts = summary.get("follow_ups") if isinstance(summary, dict) else None
    if not isinstance(counts, dict):
        return None
    return {key: counts[key] for key in FOLLOW_UP_COUNTS if isinstance(counts.get(key), int)}


def _follow_up(value: Any) -> dict[str, str] | None:
    """A finding's follow-up as cap-aggregate-scores --follow-ups attached it (None: none)."""
    if not isinstance(value, dict):
        return None
    return {key: value[key] if isinstance(value.get(key), str) else "" for key in FOLLOW_UP_FIELDS}


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


def _profile_sections(
    profiles: list[str],
    cases: list[dict[str, Any]],
    pooled: list[dict[str, Any]],
    summary: dict[str, Any] | None,
) -> list[dict[str, Any]]:
    """One section per profile: its cases and its criteria's figures (the run summary's
    ``profiles``; with one profile, the run's own; else none: the pooled table stands)."""
    figures = summary.get("profiles") if isinstance(summary, dict) else None
    sections = []
    for number, profile in enumerate(profiles, 1):
        if isinstance(figures, dict) and isinstance(figures.get(profile), dict):
            rows = _criteria_rows(figures[profile])
        else:
            rows = pooled if len(profiles) == 1 else []
        sections.append(
            {
                "profile": profile,
                "anchor": f"profile-{number}",
                "cases": [row for row in cases if row["profile"] == profile],
                "criteria": rows,
            }
        )
    return sections


def _case_detail(
    verdict: dict[str, Any],
    row: dict[str, Any],
    view: dict[str, Any],
    texts: tuple[tuple[str, str], ...] | None,
    reviews: dict[str, list[dict[str, Any]]] | None,
) -> dict[str, Any]:
    """One case's drill-down: its texts, each reviewer's scores, flags and notes (counted
    reviewers first), the verdict per criterion, its adjudications and findings."""
    case_id = row["case_id"]
    counted = row["reviewers"]
    given = list((reviews or {}).get(case_id, []))
    by_reviewer = {review["reviewer_id"]: review for review in given}
    order = [*counted, *(r["reviewer_id"] for r in given if r["reviewer_id"] not in counted)]
    reviewers = [
        {
            "reviewer_id": reviewer,
            "counted": reviewer in counted,
            "scores": by_reviewer.get(reviewer, {}).get("scores", {}),
            "blocking_flags": by_reviewer.get(reviewer, {}).get("blocking_flags", []),
            "notes": by_reviewer.get(reviewer, {}).get("notes", ""),
            "given": reviewer in by_reviewer,
        }
        for reviewer in order
    ]
    figures = verdict.get("criteria") or {}
    names = list(figures)
    for reviewer in reviewers:
        names.extend(name for name in reviewer["scores"] if name not in names)
    criteria = []
    for name in names:
        value = figures.get(name) if isinstance(figures.get(name), dict) else None
        adjudicated = (value or {}).get("adjudicated")
        criteria.append(
            {
                "name": name,
                "listed": value is not None,
                "scores": [reviewer["scores"].get(name) for reviewer in reviewers],
                "mean": (value or {}).get("mean"),
                "n": (value or {}).get("n"),
                "min": (value or {}).get("min"),
                "max": (value or {}).get("max"),
                "passed": (value or {}).get("passed"),
                "adjudicated": adjudicated if isinstance(adjudicated, dict) else None,
            }
        )
    return {
        "case_id": case_id,
        "profile": row["profile"],
        "status": row["status"],
        "anchor": row["anchor"],
        "row_anchor": row["row_anchor"],
        "line": row["line"],
        "texts": None if texts is None else [{"name": n, "text": t} for n, t in texts],
        "reviewers": reviewers,
        "criteria": criteria,
        "blocking_flags": row["blocking_flags"],
        "overridden_flags": list(verdict.get("overridden_flags") or []),
        "reasons": row["reasons"],
        "adjudications": [a for a in view["adjudications"] or [] if a["case_id"] == case_id],
        "findings": [f for f in view["findings"] if f["case_id"] == case_id],
    }


def _criteria_rows(figures: dict[str, Any] | None) -> list[dict[str, Any]]:
    if not isinstance(figures, dict):
        return []
    rows = []
    for name, value in figures.items():
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
                "below_chance": isinstance(alpha, (int, float)) and alpha < 0,
                "mean_ci": _interval(value.get("mean_ci")),
                "alpha_ci": _interval(value.get("alpha_ci")),
                "ac2": value.get("ac2"),
                "ac2_ci": _interval(value.get("ac2_ci")),
            }
        )
    return rows


def _interval(value: Any) -> list[Any] | None:
    """A ``[low, high]`` interval as the summary has it, or None (absent or malformed)."""
    if isinstance(value, list) and len(value) == 2:
        return value
    return None


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
            "provenance_ref": entry.get("provenance_ref"),
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
    # per profile when the run summary has them: a shared criterion name is two criteria
    named = [
        (f"{section['profile']} " if len(view["by_profile"]) > 1 else "") + row["name"]
        for section in view["by_profile"]
        for row in section["criteria"]
    ]
    rows = [row for section in view["by_profile"] for row in section["criteria"]]
    if view["criteria_pooled"] or not rows:
        named, rows = [row["name"] for row in view["criteria"]], view["criteria"]
    undefined = [
        name for name, row in zip(named, rows, strict=True) if row["alpha_status"] == "undefined"
    ]
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
    low = [name for name, row in zip(named, rows, strict=True) if row["low_agreement"]]
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
