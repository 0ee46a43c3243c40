"""Where placeholders are in a text, for checks that must look past them.

``number_fidelity`` reads numbers only outside placeholders (the contract: "numbers inside
placeholders (any syntax auto detects) are not numbers"): printf and Python directives,
brace fields and mustache tokens as ``auto`` scans them, ICU argument syntax (whose branch
texts stay text) and rich-text/XML tags.
"""

from __future__ import annotations

import re

from capeval.placeholders.auto import AUTO_TEXTS, AUTO_TEXTS_WITHOUT_BRACE

_BRACE = re.compile(r"[{}]")
_ICU_HEAD = re.compile(r"\{\s*[^\s{},]+\s*,\s*(plural|selectordinal|select)\s*")
_ICU_OPTION = re.compile(r"\s*,?\s*(?:offset\s*:\s*\d+\s*)?=?[^\s{},]+\s*\{")
_ICU_CLOSE = re.compile(r"\s*\}")
_SIMPLE_FIELD = re.compile(r"\{[^{}]*\}")
# ICU messages nest a few levels; deeper nesting is read as text (no recursion blow-up).
_MAX_ICU_DEPTH = 20
_TAG = re.compile(r"</?(?:\d+|[A-Za-z][\w:.-]*(?:\s[^<>]*)?)\s*/?>")


def placeholder_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of every placeholder-like span of ``text``; digits there are not numbers."""
    spans: list[tuple[int, int]] = []
    if "%" in text or "{" in text:
        # printf/percent directives, brace fields and mustache tokens as auto reads them
        spans.extend(m.span() for m in AUTO_TEXTS.finditer(text))
    if "{" in text:
        pos = 0
        while pos < len(text):
            pos = _brace_spans(text, pos, spans) + 1  # skip an unmatched "}"
    if "<" in text:
        spans.extend(m.span() for m in _TAG.finditer(text))
    return spans


def _brace_spans(text: str, pos: int, spans: list[tuple[int, int]], depth: int = 0) -> int:
    """Collect brace spans from ``pos`` to the first unmatched ``}`` (its index) or the end."""
    end = len(text)
    while True:
        brace = _BRACE.search(text, pos)
        if brace is None:
            return end
        start = brace.start()
        if brace.group() == "}":
            return start
        head = _ICU_HEAD.match(text, start) if depth < _MAX_ICU_DEPTH else None
        if head:
            # {n, plural, one {…} other {…}}: the syntax is a placeholder, branch texts are text.
            spans.append((start, head.end()))
            pos = head.end()
            while option := _ICU_OPTION.match(text, pos):
                spans.append((pos, option.end()))
                close = _brace_spans(text, option.end(), spans, depth + 1)
                if close >= end:
                    return end
                pos = close + 1
            if close_match := _ICU_CLOSE.match(text, pos):
                pos = close_match.end()
            continue
        field = _SIMPLE_FIELD.match(text, start)
        if field:
            spans.append(field.span())
            pos = field.end()
        else:
            pos = start + 1


def _letters(match: re.Match[str]) -> str:
    return "x" * (match.end() - match.start())


def mask_placeholders(text: str) -> str:
    """``text`` with its placeholders overwritten by letters.

    A letter keeps offsets and stops a following "-" from reading as a sign.
    """
    if "{" not in text and "<" not in text:
        if "%" not in text:
            return text
        # only directives: their matches never overlap, so one substitution masks them all
        return AUTO_TEXTS_WITHOUT_BRACE.sub(_letters, text)
    spans = placeholder_spans(text)
    if not spans:
        return text
    return overwrite_spans(text, spans, "x")


def overwrite_spans(text: str, spans: list[tuple[int, int]], fill: str) -> str:
    """``text`` with every (start, end) span (overlapping or not) overwritten by ``fill``, so
    offsets are kept."""
    pieces = []
    done = 0  # text before this offset is already in pieces
    for start, end in sorted(spans):
        if end <= done:
            continue  # inside a span already overwritten
        start = max(start, done)
        pieces.append(text[done:start])
        pieces.append(fill * (end - start))
        done = end
    pieces.append(text[done:])
    return "".join(pieces)
