"""``forbidden_renderings``: renderings that must not occur in the candidate.

Params: ``patterns`` (literal strings), ``regex`` (regular expressions in the syntax of the
``regex`` module, version 0 — a superset of ``re``), ``case_sensitive`` (default true; applies
to both). Case-insensitive matching uses full Unicode case folding (``ß`` matches ``SS``).

Each regular expression is compiled once per process (cached). All the patterns of one check
share one time budget per candidate (``limits.REGEX_BUDGET_SECONDS``, enforced with the
``regex`` module's ``timeout=``): neither a pathological pattern such as ``(a+)+$`` nor three
hundred of them can hang a run. A search that times out makes the result fail with
``regex_timeout``, which precedes ``forbidden_rendering``; the patterns still unsearched when
the budget is spent are counted in the evidence (``not_searched``), with every match and
timeout found until then. Offsets count code points of the NFC-normalised candidate text.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from capeval.assertions import ParamsError, Subject, first_by_precedence, nfc
from capeval.codes import REGEX_TIMEOUT, REGEX_TIMEOUT_MEANING
from capeval.limits import REGEX_BUDGET_SECONDS, Deadline
from capeval.verdict import Outcome

NAME = "forbidden_renderings"
FORBIDDEN = "forbidden_rendering"
# A pattern that ran past its time bound gives no verdict, so it outranks a match.
MEANINGS = {
    REGEX_TIMEOUT: REGEX_TIMEOUT_MEANING,
    FORBIDDEN: (
        "A forbidden rendering is used",
        "The translation uses a wording the case forbids (a register, a banned term). Use the "
        "approved wording.",
    ),
}
CODES = tuple(MEANINGS)
PARAMS = {
    "type": "object",
    "properties": {
        "patterns": {"type": "array", "items": {"type": "string", "minLength": 1}},
        "regex": {"type": "array", "items": {"type": "string", "minLength": 1}},
        "case_sensitive": {"type": "boolean"},
    },
    "additionalProperties": False,
}
# Matched text in evidence is cut to this many characters (the engine's cut is 200).
MATCH_EXCERPT = 80


@lru_cache(maxsize=4096)
def _compiled(pattern: str, literal: bool, case_sensitive: bool) -> Any:
    """The compiled pattern; raises ``regex.error`` when it does not compile."""
    import regex  # lazily: ~10 ms, paid only by runs with such cases

    flags = 0 if case_sensitive else regex.IGNORECASE | regex.FULLCASE
    return regex.compile(regex.escape(pattern) if literal else pattern, flags)


def _case_sensitive(params: dict) -> bool:
    return params.get("case_sensitive", True) is not False


def param_errors(case: dict, params: dict) -> list[str]:
    """Regular expressions that do not compile, and an assertion that forbids nothing."""
    import regex

    errors = []
    if not params.get("patterns") and not params.get("regex"):
        errors.append("forbidden_renderings: nothing to forbid (give patterns or regex)")
    for index, pattern in enumerate(params.get("regex") or ()):
        try:
            _compiled(pattern, False, _case_sensitive(params))
        except regex.error as error:
            errors.append(f"forbidden_renderings: regex[{index}] does not compile: {error}")
    return errors


def _strings(params: dict, key: str) -> list[str]:
    value = params.get(key) or []
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        # cap-validate rejects this (schema); the engine reports it as assertion.params.
        raise ParamsError(f"forbidden_renderings: {key} must be a list of strings")
    return value


def check(subject: Subject, params: dict[str, Any]) -> Outcome:
    case_sensitive = _case_sensitive(params)
    text = subject.text
    matches: list[dict[str, Any]] = []
    timeouts: list[dict[str, Any]] = []
    deadline = Deadline(REGEX_BUDGET_SECONDS)  # one budget for all the patterns
    work = [("literal", pattern) for pattern in _strings(params, "patterns")]
    work += [("regex", pattern) for pattern in _strings(params, "regex")]
    not_searched = 0
    for index, (kind, pattern) in enumerate(work):
        remaining = deadline.remaining()
        if remaining <= 0:
            not_searched = len(work) - index
            break
        if kind == "literal":
            pattern = nfc(pattern)
            if case_sensitive:  # str.find cannot backtrack
                offset = text.find(pattern)
                if offset >= 0:
                    matches.append(_match(kind, pattern, offset, pattern))
                continue
        _search(kind, pattern, case_sensitive, text, remaining, matches, timeouts)
    found = set()
    if timeouts or not_searched:
        found.add(REGEX_TIMEOUT)
    if matches:
        found.add(FORBIDDEN)
    if not found:
        return Outcome()
    code = first_by_precedence(CODES, found)
    budget_ms = round(REGEX_BUDGET_SECONDS * 1000)
    if code == REGEX_TIMEOUT:
        what = f"matching {timeouts[0]['pattern']!r}" if timeouts else "matching the patterns"
        message = f"{what} took longer than the {budget_ms} ms budget of this candidate"
        if not_searched:
            message += f"; {not_searched} pattern(s) not searched"
    else:
        first = matches[0]
        message = f"forbidden {first['kind']} {first['pattern']!r} at offset {first['offset']}"
    evidence: dict[str, Any] = {"matches": matches, "timeouts": timeouts}
    if not_searched:
        evidence["not_searched"] = not_searched
    return Outcome(code, message, evidence)


def _search(
    kind: str,
    pattern: str,
    case_sensitive: bool,
    text: str,
    seconds: float,
    matches: list[dict[str, Any]],
    timeouts: list[dict[str, Any]],
) -> None:
    import regex

    try:
        compiled = _compiled(pattern, kind == "literal", case_sensitive)
    except regex.error as error:
        # cap-validate rejects such a case (assertion.params); met unvalidated, it is a
        # defect of the case, not a verdict on the candidate.
        raise ParamsError(f"forbidden_renderings: regex does not compile: {error}") from None
    try:
        found = compiled.search(text, timeout=seconds)
    except TimeoutError:
        budget_ms = round(REGEX_BUDGET_SECONDS * 1000)
        timeouts.append({"kind": kind, "pattern": pattern, "timeout_ms": budget_ms})
        return
    if found is not None:
        matches.append(_match(kind, pattern, found.start(), found.group()))


def _match(kind: str, pattern: str, offset: int, matched: str) -> dict[str, Any]:
    return {"kind": kind, "pattern": pattern, "offset": offset, "text": matched[:MATCH_EXCERPT]}
