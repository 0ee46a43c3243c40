"""SARIF 2.1.0 (``--format sarif``): what code-scanning services read.

One run; one rule per result code (``ruleId`` = the code) with its help text; one result per
failing AssertionResult, at the case's line in the cases file (``--cases``), the candidate's
line as a related location (``--candidates``), a ``partialFingerprints`` entry hashed from case,
system, assertion and code (stable across runs, so a service tracks the same failure), the
baseline state with ``--baseline``, a suppression for a waived result, and ``fixes`` when the
evidence gives an unambiguous edit (``capeval.report.suggestions``). Expired and unused waivers
are results too (rules ``waiver.expired``/``waiver.unused``), at their line of the waivers file.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from capeval.limits import MAX_SARIF_RULES
from capeval.report.formats import Context, display_path, rules, subject
from capeval.report.spool import ENTRIES, Spool, indented, json_around

NAME = "sarif"
STREAMS = ("results",)
DOCUMENT = False
PASSES = False
TITLE = "SARIF"
MAX_BYTES = 0
SCHEMA_URI = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)
_BASELINE_STATE = {"regression": "new", "new": "new", "unchanged": "unchanged"}


def fingerprint(*parts: str | None) -> str:
    """A stable hash of a result's identity (None parts as empty strings)."""
    text = "\x1f".join("" if part is None else part for part in parts)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class _Rules:
    """The SARIF rules (one per code, at most ``MAX_SARIF_RULES``) in order of first use, and
    each code's index."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}
        self.list: list[dict[str, Any]] = []

    def __call__(self, code: str, level: str, assertion: str | None = None) -> int | None:
        found = self.index.get(code)
        if found is None and len(self.list) < MAX_SARIF_RULES:
            found = self.index[code] = len(self.list)
            self.list.append(
                {
                    "id": code,
                    "shortDescription": {"text": rules.short(code, assertion)},
                    "fullDescription": {"text": rules.help_text(code, assertion)},
                    "help": {"text": rules.help_text(code, assertion)},
                    "defaultConfiguration": {"level": level},
                }
            )
        return found


class Writer:
    """SARIF written in bounded memory: each result's entry spooled as it comes, the rules
    (known only at the end) written first, then the entries."""

    def __init__(self, context: Context) -> None:
        self.context = context
        self.cases = display_path(context.cases_path)
        self.candidates = display_path(context.candidates_path)
        self.waivers = display_path(context.waivers_path)
        self.rule = _Rules()
        self.results = Spool(context.clean)

    def failure(self, row: dict[str, Any]) -> None:
        self._add(_result(row, self.rule, self.cases, self.candidates, self.waivers))

    def finish(self, view: dict[str, Any], write: Callable[[bytes], Any]) -> None:
        for finding in view.get("waiver_findings") or []:
            self._add(_waiver_result(finding, self.rule, self.waivers))
        driver: dict[str, Any] = {"name": "capeval", "rules": self.rule.list}
        if self.context.version:
            driver["version"] = self.context.version
        sarif_run: dict[str, Any] = {
            "tool": {"driver": driver},
            "columnKind": "unicodeCodePoints",
            "results": [ENTRIES] if self.results.count else [],
        }
        if view.get("completeness"):
            # translated shares are no results (no defect): the run's property bag carries them
            sarif_run["properties"] = {"completeness": view["completeness"]}
        log = {"$schema": SCHEMA_URI, "version": "2.1.0", "runs": [sarif_run]}
        json_around(log, self.results, write, self.context.clean)

    def _add(self, result: dict[str, Any]) -> None:
        separator = ",\n" if self.results.count else ""
        self.results.add(separator + indented(result, _RESULT_INDENT))


# a SARIF result's depth in the log: log > runs > run > results
_RESULT_INDENT = 8


def _result(
    row: dict[str, Any],
    rule: _Rules,
    cases: str | None,
    candidates: str | None,
    waivers: str | None,
) -> dict[str, Any]:
    """One failing AssertionResult as a SARIF result."""
    level = "error" if row["severity"] == "hard" else "warning"
    message = f"{subject(row)}: {row['message']}"
    if row["suggestion"] is not None:
        message += f" — suggestion: {row['suggestion']['description']}"
    result: dict[str, Any] = {
        "ruleId": row["code"],
        "ruleIndex": rule(row["code"], level, row["assertion"]),
        "level": level,
        "message": {"text": message},
        "locations": [_where(row, cases)],
        "partialFingerprints": {
            "capevalResult/v1": fingerprint(
                row["case_id"], row["system"], row["assertion"], row["code"]
            )
        },
        "properties": {
            "case_id": row["case_id"],
            "assertion": row["assertion"],
            "severity": row["severity"],
            "evidence": json.loads(row["evidence"]),
            **({"system": row["system"]} if row["system"] is not None else {}),
        },
    }
    if result["ruleIndex"] is None:  # past MAX_SARIF_RULES codes: the id alone
        del result["ruleIndex"]
    if candidates is not None and row["candidate_line"] is not None:
        result["relatedLocations"] = [
            {
                "id": 1,
                **_location(candidates, row["candidate_line"], None),
                "message": {"text": "the candidate"},
            }
        ]
    state = _BASELINE_STATE.get(row["change"] or "")
    if state is not None:
        result["baselineState"] = state
    if row["waiver"] is not None:
        result["suppressions"] = [_suppression(row["waiver"], waivers)]
    if row["fix"] is not None and candidates is not None:
        result["fixes"] = [_fix(row, candidates)]
    return result


def _suppression(waiver: dict[str, Any], waivers: str | None) -> dict[str, Any]:
    return {
        "kind": "external",
        "status": "accepted",
        "justification": f"{waiver['reason']} (owner {waiver['owner']}, until {waiver['expires']})",
        **({"location": _location(waivers, waiver["line"], None)} if waivers is not None else {}),
    }


def _fix(row: dict[str, Any], candidates: str) -> dict[str, Any]:
    """The suggestion as a SARIF fix: the candidate's whole line replaced."""
    return {
        "description": {"text": row["suggestion"]["description"]},
        "artifactChanges": [
            {
                "artifactLocation": {"uri": candidates},
                "replacements": [
                    {
                        # startLine alone: the whole line, without its newline
                        "deletedRegion": {"startLine": row["fix"]["line"]},
                        "insertedContent": {"text": row["fix"]["text"]},
                    }
                ],
            }
        ],
    }


def _waiver_result(finding: dict[str, Any], rule: _Rules, waivers: str | None) -> dict[str, Any]:
    """An expired or unused waiver as a SARIF result."""
    result = {
        "ruleId": finding["code"],
        "ruleIndex": rule(finding["code"], "warning"),
        "level": "warning",
        "message": {"text": finding["message"]},
        "locations": [_location(waivers, finding["line"], finding["case_id"])],
        "partialFingerprints": {
            "capevalWaiver/v1": fingerprint(
                finding["code"],
                finding["case_id"],
                finding["system"],
                finding["assertion"],
                finding["result_code"],
            )
        },
    }
    if result["ruleIndex"] is None:
        del result["ruleIndex"]
    return result


def _where(row: dict[str, Any], cases: str | None) -> dict[str, Any]:
    """The catalog line of an imported case, else the case's line in ``--cases``."""
    location = row.get("location")
    if location is not None:
        return _location(location["file"], location["line"], row["case_id"])
    return _location(cases, row["case_line"], row["case_id"])


def _location(uri: str | None, line: int | None, case_id: str | None) -> dict[str, Any]:
    location: dict[str, Any] = {}
    if uri is not None:
        physical: dict[str, Any] = {"artifactLocation": {"uri": uri}}
        if line is not None:
            physical["region"] = {"startLine": line}
        location["physicalLocation"] = physical
    if case_id is not None:
        location["logicalLocations"] = [{"name": case_id, "kind": "object"}]
    return location
