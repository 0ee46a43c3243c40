"""Custom placeholders: a user's regular expression or a named preset (the contract ``custom``).

A token is a match (zero-width matches are skipped); its identity and key are the matched
text, case-sensitive, so a token is never "mutated": a changed token is one missing and one
extra. Presets:

* ``mustache`` — ``{{name}}`` and ``{{{name}}}`` (any content but braces, as written:
  ``{{ name }}`` is a different token from ``{{name}}``);
* ``ruby`` — ``%{name}`` and the format form ``%<name>d``; ``%%`` is an escape;
* ``dollar`` — ``${name}``;
* ``numbered-tags`` — ``<0>``, ``</0>``, ``<0/>`` (FormatJS / react-i18next);
* ``xml`` — start, end and empty-element tags (``<a href="…">``, ``</a>``, ``<br/>``);
  comments, declarations and processing instructions are text.

For the two tag presets the tag structure is checked too: when the source's tags are well
nested, a candidate whose tags cross (``<0><1></0></1>``), close what is not open, or leave
a tag open is a syntax error. HTML void elements (``<br>``, ``<img …>``) need no end tag.
A source that is itself a fragment (an unclosed ``<b>`` continued in another message) is
not an error, and then its candidate's structure is not judged either.

User patterns use the ``regex`` module (compiled once per process) and every match is
bounded by a timeout, reported as ``regex_timeout``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from capeval.limits import REGEX_BUDGET_SECONDS, Deadline
from capeval.placeholders.compare import Extraction, Placeholder, SyntaxIssue

__all__ = [
    "PRESETS",
    "PatternTimeout",
    "compile_pattern",
    "extract_custom_placeholders",
    "tag_structure_error",
    "with_tag_structure",
]

# Per-candidate time bound for a user pattern, shared by the source and the candidate's
# extraction (as forbidden_renderings' patterns share theirs).
PATTERN_TIMEOUT_SECONDS = REGEX_BUDGET_SECONDS

PRESETS: dict[str, re.Pattern[str]] = {
    "mustache": re.compile(r"\{\{\{[^{}]+\}\}\}|\{\{[^{}]+\}\}"),
    "ruby": re.compile(r"%%|%\{[^{}]+\}|%<[^<>]+>[-+ #0]*[0-9]*(?:\.[0-9]+)?[a-zA-Z]"),
    "dollar": re.compile(r"\$\{[^{}]+\}"),
    "numbered-tags": re.compile(r"<(/?)([0-9]+)\s*(/?)>"),
    "xml": re.compile(
        r"<(/?)([A-Za-z_][\w.:-]*)"
        r"((?:\s+[^\s<>/=]+(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s<>\"']+))?)*)\s*(/?)>"
    ),
}
_TAG_PRESETS = frozenset({"numbered-tags", "xml"})
_ESCAPES = {"ruby": "%%"}
_VOID_ELEMENTS = frozenset(
    "area base br col embed hr img input link meta param source track wbr".split()
)


class PatternTimeout(Exception):
    """A user pattern took longer than its time bound on one text."""


@lru_cache(maxsize=256)
def compile_pattern(pattern: str) -> Any:
    """``pattern`` compiled with the ``regex`` module, once per process."""
    import regex  # heavy; only custom patterns need it

    return regex.compile(pattern)


def extract_custom_placeholders(
    text: str,
    pattern: str | None = None,
    preset: str | None = None,
    deadline: Deadline | None = None,
) -> Extraction:
    """The tokens of ``text`` matched by ``pattern`` or ``preset``.

    Raises :class:`PatternTimeout` when a user pattern runs past ``deadline`` (by default
    ``PATTERN_TIMEOUT_SECONDS`` from now).
    """
    tokens: list[Placeholder] = []
    if pattern is not None:
        compiled = compile_pattern(pattern)
        seconds = (deadline or Deadline(PATTERN_TIMEOUT_SECONDS)).remaining()
        if seconds <= 0:
            raise PatternTimeout(pattern)
        try:
            for match in compiled.finditer(text, timeout=seconds):
                if match.end() > match.start():
                    found = match[0]
                    tokens.append(Placeholder(found, found, "", match.start(), True))
        except TimeoutError as exc:
            raise PatternTimeout(pattern) from exc
        return Extraction(tuple(tokens), ())
    if preset is None:
        raise ValueError("custom placeholders need a pattern or a preset")
    compiled_preset = PRESETS[preset]
    escape = _ESCAPES.get(preset)
    for match in compiled_preset.finditer(text):
        found = match[0]
        if found == escape:
            continue
        tokens.append(Placeholder(found, found, "", match.start(), True))
    return Extraction(tuple(tokens), ())


def _tag_parts(preset: str, token: Placeholder) -> tuple[str, str]:
    """('open' | 'close' | 'empty', tag name) of a tag token."""
    compiled = PRESETS[preset]
    match = compiled.match(token.text)
    if match is None:  # not a token of this preset: cannot happen for extracted tokens
        return "empty", token.text
    closing, name = match[1], match[2]
    self_closing = match[compiled.groups] == "/"
    if closing:
        return "close", name
    if self_closing or (preset == "xml" and name.lower() in _VOID_ELEMENTS):
        return "empty", name
    return "open", name


def tag_structure_error(preset: str, extraction: Extraction) -> SyntaxIssue | None:
    """The first place where the tags of ``extraction`` are not well nested, if any."""
    if preset not in _TAG_PRESETS:
        return None
    stack: list[tuple[str, int]] = []
    for token in extraction.tokens:
        kind, name = _tag_parts(preset, token)
        if kind == "open":
            stack.append((name, token.pos))
        elif kind == "close":
            if not stack:
                return SyntaxIssue(token.pos, f"end tag {token.text} closes nothing")
            if stack[-1][0] != name:
                return SyntaxIssue(
                    token.pos, f"end tag {token.text} crosses the open <{stack[-1][0]}>"
                )
            stack.pop()
    if stack:
        name, pos = stack[-1]
        return SyntaxIssue(pos, f"tag <{name}> is never closed")
    return None


def with_tag_structure(
    preset: str | None, source: Extraction, candidate: Extraction
) -> tuple[Extraction, Extraction]:
    """Add the candidate's tag-nesting error, when the source's tags are well nested."""
    if preset not in _TAG_PRESETS or tag_structure_error(preset, source) is not None:
        return source, candidate
    problem = tag_structure_error(preset, candidate)
    if problem is None:
        return source, candidate
    return source, Extraction(candidate.tokens, candidate.errors + (problem,))
