"""``max_chars``: the candidate fits a length budget.

``max`` comes from the params, else the case's ``context.max_chars``. Units:

* ``graphemes`` (default): extended grapheme clusters (``regex`` ``\\X``), so an emoji ZWJ
  family or a letter with combining marks counts once;
* ``codepoints``; ``utf16`` (code units, what JavaScript's ``length`` reports); ``bytes``
  (UTF-8);
* ``columns``: East Asian Width ``W``/``F`` count 2, combining and enclosing marks and format
  characters (``Mn``, ``Me``, ``Cf``) 0, everything else 1.

Lengths are measured on the NFC-normalised candidate text. A length equal to the
limit passes.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

from capeval.assertions import ParamsError, Subject
from capeval.verdict import Outcome

NAME = "max_chars"
EXCEEDED = "max_chars_exceeded"
MEANINGS = {
    EXCEEDED: (
        "The translation is too long",
        "The translation has more characters (graphemes) than the case's limit: it will be cut "
        "or overflow its box. Shorten it.",
    ),
}
CODES = tuple(MEANINGS)
PARAMS = {
    "type": "object",
    "properties": {
        "max": {"type": "integer", "minimum": 1},
        "unit": {"enum": ["graphemes", "codepoints", "utf16", "bytes", "columns"]},
    },
    "additionalProperties": False,
}

_grapheme_pattern: Any = None


def _graphemes(text: str) -> int:
    if text.isascii():
        # Every ASCII character is its own cluster except CR LF, which is one.
        return len(text) - text.count("\r\n")
    global _grapheme_pattern
    if _grapheme_pattern is None:
        import regex  # lazily: only runs that measure non-ASCII graphemes pay its import

        _grapheme_pattern = regex.compile(r"\X")
    return len(_grapheme_pattern.findall(text))


def _utf16(text: str) -> int:
    if text.isascii():
        return len(text)
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def _bytes(text: str) -> int:
    return len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))


_ZERO_WIDTH_CATEGORIES = frozenset({"Mn", "Me", "Cf"})
_column_widths: dict[str, int] = {}


def _column_width(char: str) -> int:
    width = _column_widths.get(char)
    if width is None:
        if unicodedata.category(char) in _ZERO_WIDTH_CATEGORIES:
            width = 0
        elif unicodedata.east_asian_width(char) in ("W", "F"):
            width = 2
        else:
            width = 1
        _column_widths[char] = width
    return width


def _columns(text: str) -> int:
    if text.isascii():
        return len(text)
    return sum(map(_column_width, text))


MEASURES: dict[str, Callable[[str], int]] = {
    "graphemes": _graphemes,
    "codepoints": len,
    "utf16": _utf16,
    "bytes": _bytes,
    "columns": _columns,
}


def _limit(case: dict, params: dict) -> int | None:
    limit = params.get("max")
    if limit is None:
        context = case.get("context")
        if isinstance(context, dict):
            limit = context.get("max_chars")
    return limit


def param_errors(case: dict, params: dict) -> list[str]:
    """the contract: a ``max_chars`` with no ``max`` and no ``context.max_chars`` is invalid."""
    if _limit(case, params) is None:
        return ["max_chars: no limit (give params.max or the case's context.max_chars)"]
    return []


def check(subject: Subject, params: dict[str, Any]) -> Outcome:
    limit = _limit(subject.case, params)
    if limit is None:
        # cap-validate rejects such a case; met unvalidated, it is a defect of the case.
        raise ParamsError(param_errors(subject.case, params)[0])
    if not isinstance(limit, int) or isinstance(limit, bool):
        raise ParamsError("max_chars: the limit must be an integer")
    unit = params.get("unit") or "graphemes"
    measure = MEASURES.get(unit)
    if measure is None:
        raise ParamsError(f"max_chars: unknown unit {unit!r}")
    length = measure(subject.text)
    if length <= limit:
        return Outcome()
    return Outcome(
        EXCEEDED,
        f"{length} {unit} exceeds the limit of {limit}",
        {"length": length, "limit": limit, "unit": unit},
    )
