"""Fix suggestions for ``placeholder_integrity`` (issue 12): the mechanical repairs.

A failing verdict gets ``evidence["suggestions"]`` (shape: ``capeval.suggestions``) when one
edit repairs it:

* a source placeholder written with look-alike characters or blanks inside — ``％s`` →
  ``%s``, ``｛name｝`` → ``{name}``, ``% 1$s`` → ``%1$s``, ``{ name }`` → ``{name}``
  (full-width forms of ASCII, small and Arabic percent signs, and spaces between its
  characters);
* exactly one placeholder missing and one extra of the same shape (``%(nom)s`` for
  ``%(name)s``, ``{nom}`` for ``{name}``): the extra one is renamed;
* exactly one mutated placeholder (``%i`` for ``%d``): it is written as in the source;
* a translated ICU keyword (``{n, pluriel, …}`` → ``plural``).

Every proposal is applied and checked again; only those after which the assertion passes are
offered, so a suggestion never points at a fix that does not work. Parsing knows nothing of
cases: the caller passes ``passes(text)``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from capeval.suggestions import suggestion

__all__ = ["placeholder_suggestions"]

_LOOKALIKE_EXTRA = {"%": "﹪٪", "{": "﹛", "}": "﹜"}
_BLANKS = "[ \u00a0\u3000]*"
_KEY = re.compile(r"^(%\(|%|\{)([^()$!:.\[\]{}]*)")
_ICU_TYPED = re.compile(r"^\{\s*([^\s,{}]+)\s*,\s*([^\s,{}]+)")
# Work per failing verdict stays bounded: placeholders scanned for look-alikes, and proposals
# checked again (each re-check is one more verdict).
_MAX_SCANNED = 32
_MAX_PROPOSALS = 8


@lru_cache(maxsize=1024)
def _tolerant(placeholder: str) -> re.Pattern[str]:
    """``placeholder`` with each ASCII character also in full-width form (and ``%``, ``{``,
    ``}`` in their other look-alikes), and blanks allowed between characters."""
    parts = []
    for char in placeholder:
        forms = char
        if "!" <= char <= "~":
            forms += chr(ord(char) + 0xFEE0) + _LOOKALIKE_EXTRA.get(char, "")
        parts.append("[" + re.escape(forms) + "]")
    return re.compile(_BLANKS.join(parts))


# What ``_tolerant`` equates, folded one character onto one (so positions stay): the
# full-width form of each ASCII character and the other forms of '%', '{', '}' onto it, and
# every blank onto the space.
_FOLD = {code + 0xFEE0: code for code in range(ord("!"), ord("~") + 1)}
_FOLD.update({ord(form): ord(char) for char, forms in _LOOKALIKE_EXTRA.items() for form in forms})
_FOLD.update({0x00A0: 0x20, 0x3000: 0x20})


@lru_cache(maxsize=1024)
def _folded(placeholder: str) -> re.Pattern[str] | None:
    """``_tolerant(placeholder)`` for the folded text (None when the placeholder holds a blank
    or a character the fold changes: only ``_tolerant`` says what it matches then).

    The folded text has a placeholder character exactly where the text has one of its forms,
    and a space where it has a blank, so this pattern matches the folded text exactly where
    ``_tolerant`` matches the text. It is made of literals: compiled in a fraction of the
    time ``_tolerant``'s classes of wide characters take (~15 M instructions each)."""
    if placeholder.translate(_FOLD) != placeholder or " " in placeholder:
        return None
    return re.compile(" *".join(map(re.escape, placeholder)))


def _tolerant_spans(placeholder: str, text: str, folded: list[str]) -> list[tuple[int, int]]:
    """(start, end) of each ``_tolerant(placeholder)`` match in ``text``; ``folded`` holds the
    folded text once made (the text is folded once, for every placeholder)."""
    pattern = _folded(placeholder)
    if pattern is None:
        return [match.span() for match in _tolerant(placeholder).finditer(text)]
    if not folded:
        folded.append(text.translate(_FOLD))
    return [match.span() for match in pattern.finditer(folded[0])]


def _only_itself(placeholder: str, text: str) -> bool:
    """True when every ``_tolerant(placeholder)`` match in ``text`` is ``placeholder`` itself,
    told without the scan: in an ASCII text every other form and blank is absent but the space,
    and a match other than the placeholder has a space right after one of its characters."""
    return (
        placeholder.isascii()
        and text.isascii()
        and not any(char + " " in text for char in placeholder[:-1])
    )


def _shape(placeholder: str) -> str | None:
    """The placeholder with its key blanked: ``%(name)s`` → ``%()s``, ``{0}`` → ``{}``."""
    match = _KEY.match(placeholder)
    if match is None or not match.group(2):
        return None
    return match.group(1) + placeholder[match.end() :]


def _replace_unique(text: str, old: str, new: str, message: str) -> dict[str, Any] | None:
    at = text.find(old)
    if at < 0 or text.find(old, at + 1) >= 0:
        return None  # absent, or not one place to change
    return suggestion(text, at, at + len(old), new, message)


def _proposals(text: str, evidence: dict[str, Any]) -> list[dict[str, Any]]:
    proposals: list[dict[str, Any]] = []
    expected = [t for t in dict.fromkeys(evidence.get("expected", ())) if isinstance(t, str)]
    folded: list[str] = []
    for placeholder in expected[:_MAX_SCANNED]:
        if "," in placeholder:
            continue  # an ICU argument as evidence abbreviates it
        if _only_itself(placeholder, text):
            continue  # no scan: every match can only be the placeholder itself
        for start, end in _tolerant_spans(placeholder, text, folded):
            if text[start:end] != placeholder:  # (the usual match is the placeholder itself)
                found = suggestion(text, start, end, placeholder, f"write {placeholder}")
                if found is not None:
                    proposals.append(found)
    missing = evidence.get("missing", [])
    extra = evidence.get("extra", [])
    mutated = evidence.get("mutated", [])
    if len(missing) == 1 and len(extra) == 1 and not mutated:
        lost, added = missing[0], extra[0]
        if _shape(lost) is not None and _shape(lost) == _shape(added):
            found = _replace_unique(text, added, lost, f"write {lost} for {added}")
            if found is not None:
                proposals.append(found)
    if len(mutated) == 1 and not missing and not extra:
        want, got = mutated[0]
        typed = _ICU_TYPED.match(want)
        unknown = evidence.get("unknown_types", [])
        if typed is not None and len(unknown) == 1:
            name, keyword = typed.groups()
            pattern = re.compile(
                r"\{\s*" + re.escape(name) + r"\s*,\s*(" + re.escape(unknown[0]) + r")(?=[\s,}])"
            )
            matches = list(pattern.finditer(text))
            if len(matches) == 1:
                found = suggestion(
                    text,
                    matches[0].start(1),
                    matches[0].end(1),
                    keyword,
                    f"write the ICU keyword {keyword} for {unknown[0]}",
                )
                if found is not None:
                    proposals.append(found)
        elif "," not in want and "," not in got:
            found = _replace_unique(text, got, want, f"write {want} for {got}")
            if found is not None:
                proposals.append(found)
    return proposals


def placeholder_suggestions(
    text: str, evidence: dict[str, Any], passes: Callable[[str], bool]
) -> list[dict[str, Any]]:
    """The proposals for a failing verdict after which ``passes`` holds, without repeats."""
    offered: list[dict[str, Any]] = []
    seen: set[tuple[int, int, str]] = set()
    for proposal in _proposals(text, evidence)[:_MAX_PROPOSALS]:
        edit = proposal["edit"]
        key = (edit["start"], edit["end"], edit["replacement"])
        if key in seen:
            continue
        seen.add(key)
        fixed = text[: edit["start"]] + edit["replacement"] + text[edit["end"] :]
        if passes(fixed):
            offered.append(proposal)
    return offered
