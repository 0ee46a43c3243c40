"""``whitespace_fidelity``: the candidate keeps the source's leading and trailing whitespace
and its number of line breaks.

Model output loses the blank a UI string starts with, the newline a CLI message ends with, or
reflows a multi-line help text. Whitespace is what ``str.isspace`` says (so U+00A0, U+202F
and U+3000 count); CR LF is one line break, and so are LF, CR, U+0085, U+2028 and U+2029.

Params:

* ``leading``, ``trailing``, ``line_breaks`` (each default true): which of the three to check;
* ``allow_added`` (default true): whitespace the candidate adds is not a defect — a leading or
  trailing run that contains the source's run, more line breaks than the source (a translator
  wrapping a longer help text); false reports any difference;
* ``mode``: ``exact`` (default) — the leading/trailing runs are equal strings after CR LF → LF;
  ``lenient`` — they hold the same number of line breaks and are both empty or both not (a
  space may become a no-break space, a tab a space);
* ``cjk_spaces`` (default true): for targets written without spaces between words (``zh``,
  ``ja``, ``ko``, ``yue``, ``th``, ``lo``, ``km``, ``my``), a leading or trailing run of
  horizontal spaces may be dropped when it stands next to a placeholder of the source
  (``" %s"`` → ``"%s"``) or when the candidate's character beside it is wide (East Asian
  Width ``W``/``F``: ideographs and full-width punctuation carry their own spacing, so
  ``"Groups: "`` → ``"附属组："``).

Codes, in precedence order: ``whitespace_leading_changed``, ``whitespace_trailing_changed``,
``whitespace_line_breaks_changed``. Evidence: per failing part ``{expected, actual}`` (the runs,
or the line-break counts), and ``suggestions`` that replace a wrong leading or trailing run by
the source's (a lost trailing newline is put back).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from capeval.assertions import Subject
from capeval.suggestions import suggestion
from capeval.verdict import Outcome

NAME = "whitespace_fidelity"
MEANINGS = {
    "whitespace_leading_changed": (
        "Leading whitespace changed",
        "The translation does not start with the source's leading whitespace (a lost blank or "
        "newline shifts the string where it is joined). Start it as the source does.",
    ),
    "whitespace_trailing_changed": (
        "Trailing whitespace changed",
        "The translation does not end with the source's trailing whitespace (a lost newline "
        "runs the next output into it). End it as the source does.",
    ),
    "whitespace_line_breaks_changed": (
        "The number of line breaks changed",
        "The translation has another number of line breaks than the source (reflowed or "
        "joined lines). Keep the source's line structure.",
    ),
}
CODES = tuple(MEANINGS)
PARAMS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "leading": {"type": "boolean"},
        "trailing": {"type": "boolean"},
        "line_breaks": {"type": "boolean"},
        "allow_added": {"type": "boolean"},
        "mode": {"enum": ["exact", "lenient"]},
        "cjk_spaces": {"type": "boolean"},
    },
    "additionalProperties": False,
}

_PASS = Outcome()
_LINE_BREAK = re.compile(r"\r\n|[\n\r\x85\u2028\u2029]")
# Languages written without spaces between words (or, for Korean, with particles glued to
# what precedes them): a space around a placeholder is the source language's, not theirs.
NO_SPACE_LANGUAGES = frozenset({"zh", "ja", "ko", "yue", "th", "lo", "km", "my"})
_HORIZONTAL_SPACES = frozenset(" \t\u00a0\u202f\u3000")


def line_breaks(text: str) -> int:
    """The number of line breaks in ``text`` (CR LF counts once)."""
    if "\r" not in text and "\x85" not in text and "\u2028" not in text and "\u2029" not in text:
        return text.count("\n")
    return len(_LINE_BREAK.findall(text))


def edges(text: str) -> tuple[int, int]:
    """(length of the leading whitespace run, start of the trailing run) of ``text``.

    An all-whitespace text is one leading run: (len, len).
    """
    n = len(text)
    start = 0
    while start < n and text[start].isspace():
        start += 1
    end = n
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _kept(expected: str, actual: str, mode: str, allow_added: bool) -> bool:
    """Whether the candidate's run ``actual`` keeps the source's run ``expected``."""
    if mode == "exact":
        if "\r" in expected or "\r" in actual:
            expected, actual = expected.replace("\r\n", "\n"), actual.replace("\r\n", "\n")
        return expected == actual or (allow_added and expected in actual)
    wanted, got = line_breaks(expected), line_breaks(actual)
    if allow_added:
        return got >= wanted and (bool(actual) or not expected)
    return got == wanted and bool(actual) == bool(expected)


def _may_drop(run: str, source: str, at: int, neighbour: str, target_locale: str) -> bool:
    """A run of spaces a no-space target may drop: beside a source placeholder (the run's
    edge at offset ``at`` of the source) or beside a wide character of the candidate."""
    language = target_locale.split("-", 1)[0].lower()
    if language not in NO_SPACE_LANGUAGES or not run or not set(run) <= _HORIZONTAL_SPACES:
        return False
    if neighbour and unicodedata.east_asian_width(neighbour) in ("W", "F"):
        return True
    from capeval.placeholders.spans import placeholder_spans

    return any(start == at or end == at for start, end in placeholder_spans(source))


def check(subject: Subject, params: dict[str, Any]) -> Outcome:
    source, text = subject.source, subject.text
    if source == text:
        return _PASS
    mode = params.get("mode", "exact")
    relax = params.get("cjk_spaces", True)
    allow_added = params.get("allow_added", True)
    target = subject.case.get("target_locale", "") or ""
    s_start, s_end = edges(source)
    t_start, t_end = edges(text)
    evidence: dict[str, Any] = {}
    found: list[str] = []
    suggestions: list[dict[str, Any]] = []
    has_content = t_start < len(text)  # an all-blank candidate has nothing to re-wrap
    if params.get("leading", True):
        expected, actual = source[:s_start], text[:t_start]
        if not _kept(expected, actual, mode, allow_added) and not (
            not actual and relax and _may_drop(expected, source, s_start, text[:1], target)
        ):
            found.append(CODES[0])
            evidence["leading"] = {"expected": expected, "actual": actual}
            if has_content:
                fix = suggestion(text, 0, t_start, expected, "restore the leading whitespace")
                if fix:
                    suggestions.append(fix)
    if params.get("trailing", True) and s_start < len(source):
        expected, actual = source[s_end:], text[t_end:]
        if not _kept(expected, actual, mode, allow_added) and not (
            not actual
            and relax
            and _may_drop(expected, source, s_end, text[t_end - 1 : t_end], target)
        ):
            found.append(CODES[1])
            evidence["trailing"] = {"expected": expected, "actual": actual}
            if has_content:
                what = "trailing newline" if expected.endswith("\n") else "trailing whitespace"
                fix = suggestion(text, t_end, len(text), expected, f"restore the {what}")
                if fix:
                    suggestions.append(fix)
    if params.get("line_breaks", True):
        expected_breaks, actual_breaks = line_breaks(source), line_breaks(text)
        if actual_breaks < expected_breaks or (actual_breaks > expected_breaks and not allow_added):
            found.append(CODES[2])
            evidence["line_breaks"] = {"expected": expected_breaks, "actual": actual_breaks}
    if not found:
        return _PASS
    if suggestions:
        evidence["suggestions"] = suggestions
    return Outcome(found[0], _message(found[0], evidence), evidence)


def _message(code: str, evidence: dict[str, Any]) -> str:
    if code == CODES[2]:
        counts = evidence["line_breaks"]
        return f"{counts['actual']} line break(s) where the source has {counts['expected']}"
    part = "leading" if code == CODES[0] else "trailing"
    run = evidence[part]
    message = f"{part} whitespace {run['expected']!r} became {run['actual']!r}"
    extra = len(evidence) - 1 - ("suggestions" in evidence)
    return message + (f" (and {extra} more defect(s))" if extra else "")
