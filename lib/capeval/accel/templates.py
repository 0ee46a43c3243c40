"""AssertionResult lines from byte templates (the result-writing seam).

A result line differs from the line of the same outcome for another case only by its case
id: ``{"case_id":<id>,"assertion":...,"passed":true,...,"evidence":{}}``. The template is
the core's own line (``records.assertion_result`` written by ``jsonl.dumps``) for a sentinel
case id, cut after the sentinel's JSON text, so a line spliced from it is the core's line
byte for byte. It is kept by (system, assertion, severity, code, message, the evidence's
exact JSON): when the pair's texts hold no credential (the caller says so) nothing is
redacted, and the bounded message and evidence are functions of those. A case id orjson
cannot write, or long evidence, goes the core's way.
"""

from __future__ import annotations

from typing import Any

from capeval.accel.shortcut import Shortcut
from capeval.evidence import bound_evidence, bound_message
from capeval.jsonl import ValueTextError, dumps, value_key, value_text
from capeval.records import assertion_result
from capeval.verdict import Outcome

_SENTINEL = "\x00capeval case id\x00"
_TEMPLATES_MAX = 1024  # outcomes kept, then afresh
# evidence longer than this holds its text's own parts (excerpts): kept, it would churn
_EVIDENCE_KEY_BYTES = 512
_HEAD = b'{"case_id":'  # every result line starts so (records.assertion_result's key order)


class ResultLines:
    """``line(...)``: an outcome's result line from its template, or None."""

    __slots__ = ("_tails",)

    def __init__(self) -> None:
        self._tails: dict[tuple[Any, ...], bytes | None] = {}

    def line(
        self, case_id: str, system: str | None, assertion: str, severity: str, outcome: Outcome
    ) -> bytes | None:
        evidence_text = value_key(outcome.evidence)
        if evidence_text is None or len(evidence_text) > _EVIDENCE_KEY_BYTES:
            return None
        key = (system, assertion, severity, outcome.code, outcome.message, evidence_text)
        tail = self._tails.get(key, b"")
        if tail == b"":
            if len(self._tails) >= _TEMPLATES_MAX:
                self._tails.clear()
            tail = self._tails[key] = _tail(system, assertion, severity, outcome)
        if tail is None:
            return None
        try:
            return _HEAD + value_text(case_id) + tail
        except ValueTextError:  # not writable by orjson (a lone surrogate): the core's way
            return None


def _tail(system: str | None, assertion: str, severity: str, outcome: Outcome) -> bytes | None:
    """The core's line of this outcome after the case id (None when it cannot be cut)."""
    record = assertion_result(
        _SENTINEL,
        system,
        assertion,
        severity,
        outcome.code,
        bound_message(outcome.message),
        bound_evidence(outcome.evidence),
    )
    try:
        line = dumps(record)
        marker = value_text(_SENTINEL)
    except (ValueTextError, UnicodeError):
        return None
    if line.count(marker) == 1 and line.startswith(_HEAD + marker):
        return line[len(_HEAD) + len(marker) :]
    return None


def _core_line(
    case_id: str, system: str | None, assertion: str, severity: str, outcome: Outcome
) -> bytes:
    """What the core writes for an outcome of a pair with no credential."""
    return dumps(
        assertion_result(
            case_id,
            system,
            assertion,
            severity,
            outcome.code,
            bound_message(outcome.message),
            bound_evidence(outcome.evidence),
        )
    )


def _shortcuts() -> list[Any]:
    return [Shortcut("result templates", "outcome", ResultLines().line, _core_line)]


SHORTCUTS = _shortcuts()
