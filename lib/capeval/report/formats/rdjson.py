"""reviewdog's diagnostic format: ``--format rdjson`` (one DiagnosticResult document, what
``reviewdog -f=rdjson`` reads) and ``--format rdjsonl`` (one Diagnostic per line,
``reviewdog -f=rdjsonl``), both with suggestions.

A diagnostic sits on the line a fix would change: the candidate's line in the candidates file
when ``--candidates`` is given (reviewdog applies a suggestion to its diagnostic's file), else
the case's line in the cases file; the case is then a related location. Hard failures are
``ERROR``, report failures ``WARNING``, waived results ``INFO`` (marked so), expired and unused
waivers ``WARNING`` at their line of the waivers file.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from capeval.report.formats import Context, display_path, subject
from capeval.report.spool import ENTRIES, Spool, indented, json_around

NAME = "rdjson"
STREAMS = ("results",)
DOCUMENT = False
PASSES = False
TITLE = "rdjson"
MAX_BYTES = 0
SOURCE = {"name": "capeval"}


def diagnostic(row: dict[str, Any], cases: str | None, candidates: str | None) -> dict[str, Any]:
    """One failing result as a reviewdog Diagnostic."""
    message = f"{subject(row)}: {row['message']}"
    if row["change"] == "regression":
        message = "regression: " + message
    severity = "ERROR" if row["severity"] == "hard" else "WARNING"
    if row["waiver"] is not None:
        waiver = row["waiver"]
        severity = "INFO"
        message = (
            f"waived until {waiver['expires']} (owner {waiver['owner']}: "
            f"{waiver['reason']}): {message}"
        )
    found: dict[str, Any] = {
        "message": message,
        "severity": severity,
        "source": SOURCE,
        "code": {"value": row["code"]},
    }
    case_location = _location(cases, row["case_line"])
    location = row.get("location")
    if location is not None:
        # an imported case: the catalog line is where the fix goes (an edit of the
        # candidates file would not be one: no suggestion is offered there)
        found["location"] = _location(location["file"], location["line"])
        if case_location is not None:
            found["related_locations"] = [
                {"message": f"case {row['case_id']}", "location": case_location}
            ]
    elif candidates is not None and row["candidate_line"] is not None:
        found["location"] = _location(candidates, row["candidate_line"])
        if case_location is not None:
            found["related_locations"] = [
                {"message": f"case {row['case_id']}", "location": case_location}
            ]
        if row["fix"] is not None:
            line = row["fix"]["line"]
            found["suggestions"] = [
                {
                    "range": {"start": {"line": line}, "end": {"line": line}},
                    "text": row["fix"]["text"],
                }
            ]
    elif case_location is not None:
        found["location"] = case_location
    # without --cases/--candidates there is no file to point at: no location
    return found


def waiver_diagnostic(finding: dict[str, Any], waivers: str | None) -> dict[str, Any]:
    """An expired or unused waiver, at its line of the waivers file."""
    return {
        "message": finding["message"],
        "severity": "WARNING",
        "source": SOURCE,
        "code": {"value": finding["code"]},
        "location": _location(waivers, finding["line"]),
    }


class Writer:
    """Diagnostics spooled as they come (bounded memory), written inside the document."""

    # a diagnostic's depth in the document: DiagnosticResult > diagnostics
    INDENT = 4

    def __init__(self, context: Context) -> None:
        self.context = context
        self.cases = display_path(context.cases_path)
        self.candidates = display_path(context.candidates_path)
        self.waivers = display_path(context.waivers_path)
        self.entries = Spool(context.clean)

    def failure(self, row: dict[str, Any]) -> None:
        self._add(diagnostic(row, self.cases, self.candidates))

    def finish(self, view: dict[str, Any], write: Callable[[bytes], Any]) -> None:
        for finding in view.get("waiver_findings") or []:
            self._add(waiver_diagnostic(finding, self.waivers))
        self._write(write)

    def _add(self, found: dict[str, Any]) -> None:
        separator = ",\n" if self.entries.count else ""
        self.entries.add(separator + indented(found, self.INDENT))

    def _write(self, write: Callable[[bytes], Any]) -> None:
        diagnostics = [ENTRIES] if self.entries.count else []
        document = {"source": SOURCE, "diagnostics": diagnostics}
        json_around(document, self.entries, write, self.context.clean)


def _location(path: str | None, line: int | None) -> dict[str, Any] | None:
    if path is None:
        return None
    location: dict[str, Any] = {"path": path}
    if line is not None:
        location["range"] = {"start": {"line": line}}
    return location
