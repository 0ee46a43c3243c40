"""AssertionResult lines of the check engine: a passing result from a byte template.

Most results pass with no evidence, and such a line differs from the next one only by its
case id: ``{"case_id":<id>,"assertion":...,"passed":true,...,"evidence":{}}``. The template
is the dict path's own line (``records.assertion_result`` written by ``jsonl.dumps``) for a
sentinel case id, cut around the sentinel's JSON text, so a line spliced from it is the line
the dict path writes, byte for byte (tests/test_check_fastpaths.py). A case id orjson cannot
write goes the dict path.
"""

from __future__ import annotations

from typing import Any

from capeval.codes import OK
from capeval.evidence import bound_message
from capeval.jsonl import ValueTextError, dumps, value_text
from capeval.records import assertion_result

__all__ = ["PassingLines"]

FAST_PATHS = True  # tests turn the templates off to compare with the dict path
_SENTINEL = "\x00capeval case id\x00"
_TEMPLATES_MAX = 1024  # (system, assertion, severity, message) combinations kept


class PassingLines:
    """``line(...)``: the JSON line of a passing result with empty evidence, or None when
    the dict path must write it."""

    __slots__ = ("_templates",)

    def __init__(self) -> None:
        self._templates: dict[tuple[Any, ...], tuple[bytes, bytes] | None] = {}

    def line(
        self, case_id: str, system: str | None, assertion: str, severity: str, message: str
    ) -> bytes | None:
        key = (system, assertion, severity, message)
        try:
            template = self._templates[key]
        except KeyError:
            template = self._template(key)
        if template is None:
            return None
        try:
            return template[0] + value_text(case_id) + template[1]
        except ValueTextError:  # not writable by orjson (a lone surrogate): the dict path
            return None

    def _template(self, key: tuple[Any, ...]) -> tuple[bytes, bytes] | None:
        if len(self._templates) >= _TEMPLATES_MAX:
            self._templates.clear()
        system, assertion, severity, message = key
        template = None
        if FAST_PATHS:
            record = assertion_result(
                _SENTINEL, system, assertion, severity, OK, bound_message(message), {}
            )
            try:
                line = dumps(record)
                marker = value_text(_SENTINEL)
            except (ValueTextError, UnicodeError):
                line = marker = b""
            if marker and line.count(marker) == 1:
                head, _, tail = line.partition(marker)
                template = (head, tail)
        self._templates[key] = template
        return template
