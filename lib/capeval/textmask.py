"""What of a string is prose: placeholders, URLs, code and allowed terms masked out.

``script_fidelity``, ``language_fidelity`` and ``untranslated`` judge the words a translator
wrote, not the tokens a program fills in or the names nobody translates. Masked out:

* placeholders as ``capeval.placeholders.spans`` finds them (printf/python directives, brace
  fields, mustache tokens, ICU argument syntax — branch texts stay prose — and XML/HTML tags);
* URLs (``scheme://…``, ``www.…``) and email addresses;
* HTML/XML character references (``&nbsp;``, ``&#8230;``);
* code spans between backticks (`` `git push` ``, ``` ``x`` ```);
* literal terms the caller allows (case-sensitive, longest first);
* with ``code_like``, words that are code or names in any language: acronyms (two to five
  capitals: ``URL``, ``CRCs``; not in a text of several words in capitals only), words
  mixing letters and digits (``IPv4``, ``mp3``), inner capitals (``GitHub``), command-line
  options (``-v``, ``--cache-file``), identifiers with ``_``, keys before ``=``,
  functions before ``(``, a lone ``[option]`` and alternatives (``hard|soft``).

Masked characters become spaces, so words on either side stay apart. Digits are never letters,
so numbers need no mask of their own: every consumer counts letters or letter runs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from capeval.placeholders.spans import overwrite_spans, placeholder_spans

_URL = re.compile(
    r"(?:[A-Za-z][A-Za-z0-9+.-]*://|www\.)[^\s<>\"'`]+"  # scheme://… or www.…
    r"|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+"  # an email address
)
_ENTITY = re.compile(r"&(?:#[0-9]+|#[xX][0-9A-Fa-f]+|[A-Za-z][A-Za-z0-9]*);")
_CODE = re.compile(r"``[^`\n]+``|`[^`\n]+`")
# Cheap pre-tests: most strings hold none of these.
_URL_HINT = re.compile(r"://|www\.|@")
# Code-like words (stdlib re: the regex module is several times slower on this scan). Acronyms
# and inner capitals are ASCII: brand names and abbreviations in code are.
_CODE_LIKE_PATTERN = (
    r"(?<![\w-])(?:ACRONYM\w*(?:\d[^\W\d_]|[^\W\d_]\d)\w*|\w*[a-z][A-Z]\w*"
    r"|--?[A-Za-z][\w-]*|[\w.-]*_[\w.-]*|\w+(?=\s?[=(])|\[[\w-]+\]|\w+(?:\|\w+)+)(?!\w)"
)
_CODE_LIKE = re.compile(_CODE_LIKE_PATTERN.replace("ACRONYM", r"[A-Z]{2,5}\d*s?|"))
_CODE_LIKE_NO_ACRONYM = re.compile(_CODE_LIKE_PATTERN.replace("ACRONYM", ""))
_WORDISH = re.compile(r"[^\W\d_]{2,}")
# What every code-like word contains: most prose has none. Simple scans, since one
# alternation of these costs more than the rest of the masking.
_CAPITAL_PAIR = re.compile(r"[A-Za-z][A-Z]")
_DIGIT = re.compile(r"\d")


def _digit_beside_letter(text: str) -> bool:
    last = len(text) - 1
    for match in _DIGIT.finditer(text):
        at = match.start()
        if (at > 0 and text[at - 1].isalpha()) or (at < last and text[at + 1].isalpha()):
            return True
    return False


def _may_hold_code(text: str) -> bool:
    return (
        "-" in text
        or "_" in text
        or "=" in text
        or "(" in text
        or "[" in text
        or "|" in text
        or _CAPITAL_PAIR.search(text) is not None
        or _digit_beside_letter(text)
    )


def _code_like_pattern(text: str) -> re.Pattern[str]:
    """The code-like pattern for ``text``. An acronym is two to five capitals (``URL``,
    ``CRCs``), except in a text of several words without lower-case letters: a label in
    capitals (``SAVE CHANGES``) is words."""
    # text.upper() differs from text exactly when some letter has an upper-case form
    if text.upper() != text or len(_WORDISH.findall(text)) < 2:
        return _CODE_LIKE
    return _CODE_LIKE_NO_ACRONYM


@lru_cache(maxsize=1024)
def _allow_pattern(terms: tuple[str, ...]) -> re.Pattern[str] | None:
    cleaned = sorted({term for term in terms if term}, key=len, reverse=True)
    if not cleaned:
        return None
    return re.compile("|".join(map(re.escape, cleaned)))


def masked_spans(text: str, allow: Iterable[str] = ()) -> list[tuple[int, int]]:
    """(start, end) of every part of ``text`` that is not prose, unsorted, may overlap."""
    spans: list[tuple[int, int]] = []
    if "%" in text or "{" in text or "<" in text:
        spans.extend(placeholder_spans(text))
    if _URL_HINT.search(text):
        spans.extend(m.span() for m in _URL.finditer(text))
    if "&" in text:
        spans.extend(m.span() for m in _ENTITY.finditer(text))
    if "`" in text:
        spans.extend(m.span() for m in _CODE.finditer(text))
    if allow:
        pattern = _allow_pattern(tuple(allow))
        if pattern is not None:
            spans.extend(m.span() for m in pattern.finditer(text))
    return spans


def prose(text: str, allow: Iterable[str] = (), code_like: bool = False) -> str:
    """``text`` with everything that is not prose replaced by spaces (same length)."""
    return _prose(text, tuple(allow), code_like)


_LETTER_RUN: Any = None


@lru_cache(maxsize=32)
def letter_runs(text: str, allow: tuple[str, ...] = (), code_like: bool = False) -> tuple[str, ...]:
    """The runs of letters (``\\p{L}`` and ``\\p{M}``) of ``text``'s prose, as written.

    Cached: the assertions of one case read the same source and candidate.
    """
    global _LETTER_RUN
    if _LETTER_RUN is None:
        import regex  # lazily: \\p{M} keeps Devanagari and Thai vowel signs inside words

        _LETTER_RUN = regex.compile(r"[\p{L}\p{M}]+")
    return tuple(_LETTER_RUN.findall(_prose(text, allow, code_like)))


# Three assertions of a case mask the same two texts: a few recent results are kept.
@lru_cache(maxsize=32)
def _prose(text: str, allow: tuple[str, ...], code_like: bool) -> str:
    spans = masked_spans(text, allow)
    rest = overwrite_spans(text, spans, " ") if spans else text
    if code_like and _may_hold_code(rest):
        # on what the other masks leave, so a placeholder's letters are not the text's
        code = [m.span() for m in _code_like_pattern(rest).finditer(rest)]
        if code:
            rest = overwrite_spans(rest, code, " ")
    return rest
