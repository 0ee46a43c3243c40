"""AssertionResult lines of the check engine from byte templates.

Most results pass with no evidence, and such a line differs from the next one only by its
case id: ``{"case_id":<id>,"assertion":...,"passed":true,...,"evidence":{}}``. The template
is the dict path's own line (``records.assertion_result`` written by ``jsonl.dumps``) for a
sentinel case id, cut around the sentinel's JSON text, so a line spliced from it is the line
the dict path writes, byte for byte (tests/test_check_fastpaths.py). A case id orjson cannot
write goes the dict path.

Failing results repeat too (``%d`` written ``%s`` in case after case): when a pair's texts
hold no credential, its bounded message and evidence depend on the outcome alone, so a
failing line's template is kept by the outcome's exact JSON (``outcome_tail``).
"""

from __future__ import annotations

from itertools import chain, repeat
from typing import Any

from capeval.codes import OK
from capeval.evidence import bound_evidence, bound_message
from capeval.jsonl import ValueTextError, dumps, value_key, value_text
from capeval.records import assertion_result
from capeval.verdict import Outcome

__all__ = ["ResultLines"]

FAST_PATHS = True  # tests turn the templates off to compare with the dict path
_SENTINEL = "\x00capeval case id\x00"
_TEMPLATES_MAX = 1024  # (system, assertion, severity, code, message, evidence) kept
# An outcome whose evidence is longer holds its text's own parts (suggestions, excerpts):
# kept, it would only churn the memo.
_OUTCOME_KEY_BYTES = 512
_HEAD = b'{"case_id":'  # every result line starts so (records.assertion_result's key order)


class ResultLines:
    """The JSON lines of results: ``prefix(case_id)`` (once per case) followed by
    ``tail(...)`` for a passing result with empty evidence, or by ``outcome_tail(...)``; any
    of them None when the dict path must write the line."""

    __slots__ = ("_tails",)

    def __init__(self) -> None:
        # (system, assertion, severity, code, message, evidence JSON) -> the line after the id
        self._tails: dict[tuple[Any, ...], bytes | None] = {}

    @staticmethod
    def prefix(case_id: str) -> bytes | None:
        try:
            return _HEAD + value_text(case_id)
        except ValueTextError:  # not writable by orjson (a lone surrogate): the dict path
            return None

    @staticmethod
    def prefixes(case_ids: list[str]) -> list[bytes] | None:
        """``prefix`` of each case id; None when one has none."""
        try:
            return list(map(_HEAD.__add__, map(value_text, case_ids)))
        except ValueTextError:
            return None

    @staticmethod
    def lines(prefixes: list[bytes], tails: list[bytes]) -> bytes:
        """The lines of cases whose results all pass plainly, in order: each case's prefix
        before each of the tails (one a result, in the plan's order)."""
        parts: list[Any] = []
        for tail in tails:
            parts += (prefixes, repeat(tail))
        # (the tails repeat without end: the prefixes say how many cases)
        return b"".join(chain.from_iterable(zip(*parts, strict=False)))

    def tail(self, system: str | None, assertion: str, severity: str, message: str) -> bytes | None:
        """The rest of a passing result's line with empty evidence (``outcome_tail``'s, its
        evidence known to be ``{}``)."""
        key = (system, assertion, severity, OK, message, b"{}")
        try:
            return self._tails[key]
        except KeyError:
            return self._tail(key, {})

    def line(
        self, case_id: str, system: str | None, assertion: str, severity: str, message: str
    ) -> bytes | None:
        """The whole line (what the engine writes as prefix + tail)."""
        prefix = self.prefix(case_id)
        tail = self.tail(system, assertion, severity, message)
        return None if prefix is None or tail is None else prefix + tail

    def outcome_tail(
        self, system: str | None, assertion: str, severity: str, outcome: Outcome
    ) -> bytes | None:
        """The rest of the line of any outcome's result, when the pair's texts hold no
        credential (the caller knows: then nothing known is redacted, and the bounded message
        and evidence are functions of the outcome's). Kept by the evidence's exact JSON text
        (equal texts, equal bounded evidence); None for long evidence or what orjson cannot
        write."""
        evidence_text = value_key(outcome.evidence)
        if evidence_text is None or len(evidence_text) > _OUTCOME_KEY_BYTES:
            return None
        key = (system, assertion, severity, outcome.code, outcome.message, evidence_text)
        try:
            return self._tails[key]
        except KeyError:
            return self._tail(key, outcome.evidence)

    def _tail(self, key: tuple[Any, ...], evidence: dict[str, Any]) -> bytes | None:
        """The line after the id of the dict path's result for ``key``, kept (None with the
        templates off)."""
        if len(self._tails) >= _TEMPLATES_MAX:
            self._tails.clear()
        system, assertion, severity, code, message, _evidence_text = key
        tail = None
        if FAST_PATHS:
            record = assertion_result(_SENTINEL, system, assertion, severity, code,
                                      bound_message(message), bound_evidence(evidence))  # fmt: skip
            tail = _cut(record)
        self._tails[key] = tail
        return tail


def _cut(record: dict[str, Any]) -> bytes | None:
    """The dict path's line of ``record`` (whose case id is the sentinel) after the id."""
    try:
        line = dumps(record)
        marker = value_text(_SENTINEL)
    except (ValueTextError, UnicodeError):
        return None
    if line.count(marker) == 1 and line.startswith(_HEAD + marker):
        return line[len(_HEAD) + len(marker) :]
    return None
