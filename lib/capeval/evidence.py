"""Bounded evidence: what an AssertionResult may carry, whatever the candidate was.

An assertion's evidence lists what it found, and a hostile candidate can make that huge (a
long source with thousands of numbers, each missing). The engine passes every result's
evidence and message through :func:`bound_evidence` / :func:`bound_message`, so a result line
stays small and is valid input to ``cap-validate`` and ``cap-render-report``:

* strings are cut to ``EVIDENCE_STRING_CHARS`` characters;
* lists keep their first ``EVIDENCE_LIST_ITEMS`` items; a list that was a dict's value gets a
  sibling ``<key>_omitted`` with how many items were left out;
* objects keep their first ``EVIDENCE_LIST_ITEMS`` keys;
* nesting deeper than ``EVIDENCE_DEPTH`` is replaced by ``"…"``;
* when anything was cut, the evidence gets ``"truncated": true``;
* credentials are redacted (``[redacted:aws_access_key]``): what the secret scan finds in a
  string, and any string holding a fragment of a credential of the pair's texts (an excerpt
  cut through a key), so no result echoes what ``cap-validate`` would refuse.
"""

from __future__ import annotations

from typing import Any

from capeval.limits import (
    EVIDENCE_DEPTH,
    EVIDENCE_LIST_ITEMS,
    EVIDENCE_STRING_CHARS,
    MESSAGE_CHARS,
)
from capeval.secrets import SHORTEST_SECRET, redact, redact_known, value_secret_kind

__all__ = ["bound_evidence", "bound_message"]

ELLIPSIS = "…"


class _Cut:
    __slots__ = ("cut", "known")

    def __init__(self, known: list[tuple[str, str]]) -> None:
        self.cut = False
        self.known = known

    def value(self, value: Any, depth: int) -> Any:
        if isinstance(value, str):
            if value_secret_kind(value) is not None:  # (redact's own first test)
                value = redact(value)  # the whole string: a credential is found before any cut
            if len(value) > EVIDENCE_STRING_CHARS:
                self.cut = True
                value = value[:EVIDENCE_STRING_CHARS]
            return redact_known(value, self.known) if self.known else value
        if isinstance(value, dict):
            return self.mapping(value, depth + 1)
        if isinstance(value, (list, tuple)):
            if depth + 1 > EVIDENCE_DEPTH:
                self.cut = True
                return ELLIPSIS
            if len(value) > EVIDENCE_LIST_ITEMS:
                self.cut = True
            return [self.value(item, depth + 1) for item in value[:EVIDENCE_LIST_ITEMS]]
        return value

    def mapping(self, value: dict[str, Any], depth: int) -> Any:
        if depth > EVIDENCE_DEPTH:
            self.cut = True
            return ELLIPSIS
        out: dict[str, Any] = {}
        for index, (key, item) in enumerate(value.items()):
            if index == EVIDENCE_LIST_ITEMS:
                self.cut = True
                break
            key = self.value(key, depth) if isinstance(key, str) else key
            out[key] = self.value(item, depth)
            if isinstance(item, (list, tuple)) and len(item) > EVIDENCE_LIST_ITEMS:
                omitted = f"{key}_omitted"
                if omitted not in value:
                    out[omitted] = len(item) - EVIDENCE_LIST_ITEMS
        return out


def bound_evidence(
    evidence: dict[str, Any], known: list[tuple[str, str]] | None = None
) -> dict[str, Any]:
    """``evidence`` within the documented bounds, with ``truncated: true`` if it was cut;
    ``known`` are the credentials of the texts it was drawn from (``secrets.secret_values``)."""
    if not evidence:
        return evidence
    cutter = _Cut(known or [])
    bounded = cutter.mapping(evidence, 1)
    if cutter.cut:
        bounded["truncated"] = True
    return bounded


def bound_message(message: str, known: list[tuple[str, str]] | None = None) -> str:
    """A result message, redacted and cut to ``MESSAGE_CHARS`` characters (ending in ``…``
    when cut)."""
    if len(message) < SHORTEST_SECRET and not known:  # "ok": too short to hold a credential
        return message
    message = redact(message)
    if len(message) > MESSAGE_CHARS:
        message = message[: MESSAGE_CHARS - 1] + ELLIPSIS
    return redact_known(message, known) if known else message
