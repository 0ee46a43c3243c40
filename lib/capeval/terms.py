"""Glossary terms found in a text: whole words, with a bounded inflection.

One matcher serves the ``terminology`` assertion (a source term in the source, a rendering
in the candidate) and ``cap-import --glossary`` (which entries a case's source names), so
both agree on what "the source contains the term" means.

A term is one or more words separated by blanks (any run of white space matches between
them). It matches where its words stand, each:

* **as a word**: not preceded by a letter, digit or mark (``\\p{L}\\p{N}\\p{M}``) and,
  after its suffix, not followed by one — except at a side written in a script without
  spaces (Han, Hiragana, Katakana, Thai, Lao, Khmer, Myanmar), where words touch;
* **with a bounded suffix**: followed by up to ``suffix`` letters or marks (an inflection:
  ``Datei`` matches ``Dateien``, ``файл`` matches ``файлы``), never more (``file`` does not
  match ``filesystem``); or, for English (``ENGLISH``), by ``-s``, ``-es``, ``-ed``, ``-d`` or
  ``-ing`` only (``file`` matches ``files``, ``app`` does not match ``Apply``);
* **as a stem** when the word ends in ``*``: followed by any letters (up to ``STEM_MAX``):
  ``tiedosto*`` matches ``tiedostoissa``;
* outside placeholders (``%(name)s``, ``{count}``), markup tags, URLs, command-line
  options (``--size``), file paths and names (``flatpages/default.html``): :func:`prose`;
  ``_`` joins words (``write_tables`` names no table);
* or, as ``part`` of a compound, anywhere in a word (German ``Passwort`` in
  ``Einmalpasswort`` and ``passwortfrei``);
* optionally after up to ``prefix`` letters each (a proclitic: Arabic ``ال`` and ``و``,
  Hebrew ``ה`` and ``ב``): ``ملف`` with ``prefix`` 3 matches ``والملف``, ``نسخة احتياطية``
  matches ``النسخة الاحتياطية``.

Case-insensitive matching compares the term and the text case-folded (full Unicode folding:
``STRASSE`` matches ``Straße``).
Every pattern is an escaped literal with bounded character classes: its matching time is
linear in the text (no user-written regular expression, so no time budget is needed).
"""

from __future__ import annotations

import re
from array import array
from functools import lru_cache
from typing import Any

import regex

# A stem's letters after its written part: the longest word of a glossary is shorter.
STEM_MAX = 40
# The inflections an English word takes without changing its stem: a bound of letters would
# make "app" of "Apply", "form" of "format", "tab" of "table".
ENGLISH = "en"
_ENGLISH_INFLECTION = "(?:s|es|ed|d|ing)?"
_LETTERS = r"[\p{L}\p{M}]"
# "_" joins an identifier's words: ``write_tables`` names no "tables"
_NOT_AFTER_WORD = r"(?<![\p{L}\p{N}\p{M}_])"
_NOT_BEFORE_WORD = r"(?![\p{L}\p{N}\p{M}_])"
# Scripts written without spaces between words: no word boundary at such a side.
_NO_SPACE = regex.compile(r"[\p{Han}\p{Hiragana}\p{Katakana}\p{Thai}\p{Lao}\p{Khmer}\p{Myanmar}]")


# What is not prose: placeholders (printf, Python, brace, ICU argument names), markup tags,
# URLs, command-line options, file paths and names. Terms are matched outside them
# (``%(name)s`` names no "name"). Each kind is blanked in turn, only when the text holds what
# every match of its pattern holds (a string; for a file name, its extension after a dot), so
# a plain sentence costs a few ``in`` tests.
_FILE_EXTENSION = re.compile(r"\.(?:html?|txt|py|js|json|css|xml|po|cfg|ini|md|rst)\b")
_NOT_PROSE: list[tuple[str | re.Pattern[str], re.Pattern[str]]] = [
    ("://", re.compile(r"\b[a-zA-Z][a-zA-Z0-9+.-]*://\S+")),
    ("<", re.compile(r"<[^<>]{0,500}>")),
    ("%", re.compile(r"%(?:\([^)]*\))?[-+#0-9.]*[a-zA-Z%]")),
    ("{", re.compile(r"\{\s*[\w.]+\s*(?:,[^{}]*)?\}")),
    # the "-" first, then what may not stand before it: the scan looks for a "-" alone
    ("-", re.compile(r"-(?<![\w-]-)(?:-[a-zA-Z][\w-]*|[a-zA-Z](?![\w-]))")),
    ("/", re.compile(r"(?<![\w.~-])[\w.~-]*/[\w.~/-]*\w")),
    (_FILE_EXTENSION, re.compile(r"(?<![\w-])[\w-]+" + _FILE_EXTENSION.pattern)),
]


def _blank(match: re.Match[str]) -> str:
    return " " * (match.end() - match.start())


def prose(text: str) -> str:
    """``text`` with its placeholders, tags, URLs, options, paths and file names blanked
    (offsets kept)."""
    for needle, mask in _NOT_PROSE:
        if needle in text if isinstance(needle, str) else needle.search(text):
            text = mask.sub(_blank, text)
    return text


def no_space(char: str) -> bool:
    """Whether ``char`` is of a script written without spaces between words."""
    return _NO_SPACE.match(char) is not None


def term_problem(term: str) -> str | None:
    """Why ``term`` cannot be matched (None when it can): a ``*`` stands only at a word's end,
    after at least one character."""
    words = term.split()
    if not words:
        return "is blank"
    for word in words:
        if "*" in word[:-1] or word == "*":
            return f"{word!r}: '*' stands only at the end of a word, after its stem"
    return None


@lru_cache(maxsize=8192)
def pattern(term: str, suffix: int | str, prefix: int = 0, part: bool = False) -> Any:
    """The compiled pattern of ``term``, matched as written (ValueError when
    :func:`term_problem` says so); ``suffix``: how many letters a word may take, or
    ``ENGLISH``: an English inflection (``-s``, ``-es``, ``-ed``, ``-d``, ``-ing``); ``part``:
    it may be part of a longer word (a compound), no boundary at either end.
    Case-insensitive matching folds the term and the text first."""
    problem = term_problem(term)
    if problem is not None:
        raise ValueError(problem)
    parts = []
    for word in term.split():
        stem = word.endswith("*")
        if stem:
            word = word[:-1]
        piece = regex.escape(word, special_only=True)
        if _NO_SPACE.match(word[-1]) is not None:
            pass  # no suffix where words touch
        elif stem:
            piece += f"{_LETTERS}{{0,{STEM_MAX}}}"
        elif suffix == ENGLISH:
            piece += _ENGLISH_INFLECTION
        elif suffix:
            piece += f"{_LETTERS}{{0,{suffix}}}"
        parts.append(piece)
    lead = f"{_LETTERS}{{0,{prefix}}}" if prefix else ""
    body = lead + (r"\s+" + lead).join(parts)
    first, last = term.split()[0][0], term.split()[-1].rstrip("*")[-1]
    if _NO_SPACE.match(first) is None and not part:
        body = _NOT_AFTER_WORD + body
    if _NO_SPACE.match(last) is None and not part:
        body += _NOT_BEFORE_WORD
    return regex.compile(body, regex.V0)


def spans(
    term: str,
    text: str,
    case_sensitive: bool,
    suffix: int | str,
    prefix: int = 0,
    part: bool = False,
) -> list[tuple[int, int]]:
    """Where ``term`` occurs in ``text``: ``[(start, end), ...]`` (non-overlapping), offsets
    of ``text`` as given."""
    compiled, searched, origin = _prepared(term, text, case_sensitive, suffix, prefix, part)
    return [_in_text(origin, *m.span()) for m in compiled.finditer(searched)]


def first(
    term: str,
    text: str,
    case_sensitive: bool,
    suffix: int | str,
    prefix: int = 0,
    part: bool = False,
) -> tuple[int, int] | None:
    """Where ``term`` first occurs in ``text``, or None."""
    compiled, searched, origin = _prepared(term, text, case_sensitive, suffix, prefix, part)
    found = compiled.search(searched)
    return None if found is None else _in_text(origin, *found.span())


def _prepared(
    term: str, text: str, case_sensitive: bool, suffix: int | str, prefix: int, part: bool
) -> tuple[Any, str, array | None]:
    """The pattern to run, the text to run it on (case-folded unless ``case_sensitive``) and
    the map of that text's offsets back to ``text`` (None when they are the same)."""
    if case_sensitive:
        return pattern(term, suffix, prefix, part), text, None
    folded, origin = _folded(text)
    return pattern(term.casefold(), suffix, prefix, part), folded, origin


def _in_text(origin: array | None, start: int, end: int) -> tuple[int, int]:
    """A match's span in the text as given; a match is never empty (every word of a term
    has a character: :func:`term_problem`)."""
    if origin is None:
        return start, end
    return origin[start], origin[end - 1] + 1


# the texts of one pair (source, candidate) and a spare: a text may be megabytes long
@lru_cache(maxsize=4)
def _folded(text: str) -> tuple[str, array | None]:
    """``text`` case-folded (full Unicode folding: ``Straße`` → ``strasse``) and, when
    folding changed its length, the index in ``text`` of each folded character (4 bytes
    each)."""
    folded = text.casefold()
    if len(folded) == len(text):  # folding never shortens: one character for one
        return folded, None
    origin = array("I", (index for index, char in enumerate(text) for _ in char.casefold()))
    return folded, origin


def locale_matches(ranges: Any, locale: Any) -> bool:
    """Whether ``locale`` is in one of the language ranges (BCP 47 basic filtering, RFC 4647:
    ``fr`` covers ``fr-CA``; case and ``_`` ignored). No ranges: every locale."""
    if not ranges:
        return True
    tag = str(locale or "").replace("_", "-").lower()
    if not tag:
        return False
    for value in ranges:
        wanted = str(value).replace("_", "-").lower()
        if wanted == "*" or tag == wanted or tag.startswith(wanted + "-"):
            return True
    return False
