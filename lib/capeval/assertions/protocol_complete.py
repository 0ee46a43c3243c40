"""``protocol_complete``: does a batch response have exactly the structure that was asked for?

Independent of translation quality: a missing, extra or malformed item
or a broken terminator silently shifts every later translation onto the wrong source string, so
this assertion looks only at the structure of ``raw_response`` (or ``text`` when there is no raw
response; ``""`` is a response).

The response is read by ``capeval.batch_response`` (where the decisions on lines, markers,
terminators and JSON arrays are written down); this module counts the items and words the
outcome.
"""

from __future__ import annotations

from itertools import islice
from typing import Any

from capeval import batch_response
from capeval.assertions import ParamsError, Subject, nfc
from capeval.batch_response import (
    DEFAULT_DELIMITER,
    DEFAULT_MARKER,
    FORMATS,
    JSON_ARTICLE,
    Findings,
    check_terminator,
    cut_text,
    marker_pattern,
    read_delimited,
    read_json_array,
    read_numbered,
    split_lines,
    terminator_of,
)
from capeval.codes import OK
from capeval.verdict import Outcome

NAME = "protocol_complete"
MEANINGS = batch_response.MEANINGS
CODES = tuple(MEANINGS)  # in precedence order: malformed item, missing, extra, terminator
MALFORMED_ITEM, MISSING_ITEM, EXTRA_ITEM, MALFORMED_TERMINATOR, MISSING_TERMINATOR = CODES
PARAMS_REQUIRED = True
PARAMS = {
    "type": "object",
    "required": ["expected_items"],
    "properties": {
        "expected_items": {"type": "integer", "minimum": 1},
        "terminator": {"type": "string", "minLength": 1},
        "allow_extra_items": {"type": "boolean"},
        "format": {"enum": list(FORMATS)},
        "marker": {"type": "string", "pattern": "\\{n\\}"},
        "delimiter": {"type": "string", "minLength": 1},
    },
    "additionalProperties": False,
}

# Evidence stays small whatever the response: lists are capped (strings are cut where read).
MAX_LISTED = 100
MAX_DEFECTS = 50


# ---------------------------------------------------------------------------------------------
# The check


def response_of(candidate: dict[str, Any]) -> str:
    """``raw_response`` when present and not null, else ``text`` (NFC)."""
    raw = candidate.get("raw_response")
    if raw is None:
        raw = candidate.get("text", "")
    return nfc(raw if isinstance(raw, str) else str(raw))


def check(subject: Subject, params: dict[str, Any]) -> Outcome:
    """The verdict on one candidate's response.

    Params of the wrong type (an unvalidated case) raise ParamsError.
    """
    expected = params.get("expected_items")
    response_format = params.get("format", "numbered")
    terminator = params.get("terminator")
    count_ok = isinstance(expected, int) and not isinstance(expected, bool) and expected >= 1
    _require(count_ok, "expected_items must be an integer >= 1")
    _require(response_format in FORMATS, f"format must be one of {', '.join(FORMATS)}")
    for name in ("terminator", "marker", "delimiter"):
        _require(isinstance(params.get(name, ""), str), f"{name} must be a string")

    lines = split_lines(response_of(subject.candidate))
    findings = Findings()
    if terminator is not None and terminator.strip():
        body = check_terminator(lines, terminator_of(terminator), findings)
    else:
        body = [(number, line) for number, line in enumerate(lines, 1)]

    if response_format == "json_array":
        read_json_array(body, findings)
    elif response_format == "delimited":
        read_delimited(body, params.get("delimiter", DEFAULT_DELIMITER), findings)
    else:
        read_numbered(body, params.get("marker", DEFAULT_MARKER), findings)

    if not findings.unreadable:
        _count(findings, expected, bool(params.get("allow_extra_items", False)))
    return _outcome(findings, expected, response_format)


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ParamsError(f"protocol_complete: {message}")


def _count(findings: Findings, expected: int, allow_extra: bool) -> None:
    present = {index for index in findings.indices if index > 0}
    # Stops after MAX_LISTED: a case may expect a huge count and the response hold nothing.
    missing = list(
        islice((index for index in range(1, expected + 1) if index not in present), MAX_LISTED)
    )
    if missing:
        findings.add(MISSING_ITEM, "missing_items", missing=_capped(missing))
    extra = sorted(index for index in present if index > expected)
    if extra and not allow_extra:
        first_line = next(
            line
            for index, line in zip(findings.indices, findings.item_lines, strict=True)
            if index > expected
        )
        findings.add(EXTRA_ITEM, "extra_items", line=first_line, extra=_capped(extra))


def _outcome(findings: Findings, expected: int, response_format: str) -> Outcome:
    evidence: dict[str, Any] = {"expected_items": expected, "found_items": findings.found_items}
    if not findings.defects:
        return Outcome(OK, "ok", evidence)
    findings.defects.sort(key=lambda defect: CODES.index(defect["code"]))
    first = findings.defects[0]
    evidence["format"] = response_format
    evidence["indices"] = _capped(findings.indices)
    for defect in findings.defects:
        for key in ("missing", "extra"):
            if key in defect:
                evidence[key] = defect[key]
    if "line" in first:
        evidence["line"] = first["line"]
    if findings.terminator_found is not None and any(
        defect["code"] in (MALFORMED_TERMINATOR, MISSING_TERMINATOR) for defect in findings.defects
    ):
        evidence["terminator_found"] = cut_text(findings.terminator_found)
    evidence["defects"] = [
        {key: value for key, value in defect.items() if key not in ("missing", "extra")}
        for defect in findings.defects[:MAX_DEFECTS]
    ]
    if len(findings.defects) > MAX_DEFECTS:
        evidence["defects_total"] = len(findings.defects)
    return Outcome(first["code"], _message(first, expected, findings), evidence)


def _message(defect: dict[str, Any], expected: int, findings: Findings) -> str:
    reason = defect["reason"]
    where = f" (line {defect['line']})" if "line" in defect else ""
    index = defect.get("index")
    found = findings.found_items
    messages = {
        "text_before_first_marker": "text before the first item marker",
        "index_zero": "item index 0 (indices start at 1)",
        "duplicate_index": f"item {index} appears more than once",
        "out_of_order_index": f"item {index} is out of order",
        "empty_item": f"item {index} is empty",
        "not_json_array": f"the body is not a JSON array of strings: {defect.get('found', '')}",
        "non_string_element": f"element {index} is {JSON_ARTICLE.get(defect.get('found'), '')}"
        f"{defect.get('found')}, not a string",
        "missing_items": f"expected {expected} items, found {found}; missing "
        + _list_text(defect.get("missing", [])),
        "extra_items": f"expected {expected} items, found {found}; unexpected "
        + _list_text(defect.get("extra", [])),
        "text_after_terminator": "text after the terminator line",
        "text_around_terminator": "the terminator shares its line with other text",
        "near_terminator": "the last line resembles the terminator but is not it",
        "no_terminator": "the terminator is missing from the last non-blank line",
    }
    return cut_text(messages[reason] + where)


def _list_text(indices: list[int]) -> str:
    if len(indices) == 1:
        return f"item {indices[0]}"
    return "items " + ", ".join(map(str, indices))


def _capped(indices: list[int]) -> list[int]:
    return indices[:MAX_LISTED]


# ---------------------------------------------------------------------------------------------
# Contract rules the JSON Schema cannot express


def param_errors(case: dict, params: dict) -> list[str]:
    """Rules on the params beyond the schema (reported by cap-validate as assertion.params)."""
    errors: list[str] = []
    response_format = params.get("format", "numbered")
    marker = params.get("marker")
    delimiter = params.get("delimiter")
    terminator = params.get("terminator")

    if marker is not None and response_format != "numbered":
        errors.append(f"marker applies only to format numbered, not {response_format}")
    if delimiter is not None and response_format != "delimited":
        errors.append(f"delimiter applies only to format delimited, not {response_format}")
    if isinstance(marker, str):
        count = marker.count("{n}")
        if count != 1:
            errors.append(f"marker must contain {{n}} exactly once, found {count} in {marker!r}")
        if _has_line_break(marker) or not marker.replace("{n}", "").strip():
            errors.append(f"marker {marker!r} must be one line with text besides {{n}}")
    for name, value in (("delimiter", delimiter), ("terminator", terminator)):
        if isinstance(value, str) and (_has_line_break(value) or not value.strip()):
            errors.append(f"{name} {value!r} must be one line that is not blank")
    if errors or not isinstance(terminator, str):
        return errors

    literal = nfc(terminator).strip()
    if response_format == "delimited" and literal == nfc(delimiter or DEFAULT_DELIMITER).strip():
        errors.append("terminator and delimiter are the same line, so neither can be told apart")
    if response_format == "numbered" and marker_pattern(marker or DEFAULT_MARKER).match(literal):
        errors.append(f"terminator {terminator!r} reads as an item marker")
    return errors


def _has_line_break(text: str) -> bool:
    return "\n" in text or "\r" in text
