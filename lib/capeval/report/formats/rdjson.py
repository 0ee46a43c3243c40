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

import json
from typing import Any

from capeval.report.formats import Context, display_path, subject

NAME = "rdjson"
STREAMS = ("results",)
DOCUMENT = False
PASSES = False
TITLE = "rdjson"
MAX_BYTES = 0
SOURCE = {"name": "capeval"}


def diagnostics(view: dict[str, Any], context: Context) -> list[dict[str, Any]]:
    cases = display_path(context.cases_path)
    candidates = display_path(context.candidates_path)
    waivers = display_path(context.waivers_path)
    found = []
    for row in view["failures"]:
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
        diagnostic: dict[str, Any] = {
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
            diagnostic["location"] = _location(location["file"], location["line"])
            if case_location is not None:
                diagnostic["related_locations"] = [
                    {"message": f"case {row['case_id']}", "location": case_location}
                ]
        elif candidates is not None and row["candidate_line"] is not None:
            diagnostic["location"] = _location(candidates, row["candidate_line"])
            if case_location is not None:
                diagnostic["related_locations"] = [
                    {"message": f"case {row['case_id']}", "location": case_location}
                ]
            if row["fix"] is not None:
                line = row["fix"]["line"]
                diagnostic["suggestions"] = [
                    {
                        "range": {"start": {"line": line}, "end": {"line": line}},
                        "text": row["fix"]["text"],
                    }
                ]
        elif case_location is not None:
            diagnostic["location"] = case_location
        # without --cases/--candidates there is no file to point at: no location
        found.append(diagnostic)
    for finding in view.get("waiver_findings") or []:
        found.append(
            {
                "message": finding["message"],
                "severity": "WARNING",
                "source": SOURCE,
                "code": {"value": finding["code"]},
                "location": _location(waivers, finding["line"]),
            }
        )
    return found


def render(view: dict[str, Any], context: Context) -> str:
    result = {"source": SOURCE, "diagnostics": diagnostics(view, context)}
    return json.dumps(result, ensure_ascii=False, indent=2) + "\n"


def _location(path: str | None, line: int | None) -> dict[str, Any] | None:
    if path is None:
        return None
    location: dict[str, Any] = {"path": path}
    if line is not None:
        location["range"] = {"start": {"line": line}}
    return location
