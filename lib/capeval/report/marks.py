"""What a drill-down marks in a failing pair's texts, and how it shows what cannot be seen.

``spans`` reads a failing result's evidence for the parts of the source and the candidate it
is about: the tokens missing from the candidate (marked in the source), the tokens extra or
changed in it, and the character ranges a finding names (marked in the candidate).
``shown`` renders a text for HTML with those parts in ``<mark>``, each space, tab and line
break that matters made visible (``␣`` ``⇥`` ``↵``) and each invisible character named where
it stands (``ZWJ``, ``RLM``, ``U+2066``…) instead of itself: a bidi control left in the page
could reorder what a reviewer reads.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

# a diff compares words, runs of whitespace and single other characters
_TOKENS = re.compile(r"\s+|\w+|[^\w\s]")
# the work of one diff is bounded (token pairs compared): past it, lines are compared whole,
# and past that the texts are one removal and one addition (long, entirely different texts)
_DIFF_PAIRS = 200_000
# terms read of one evidence list (a bound per record)
_MAX_TERMS = 20
_NAMES = {
    "\u00a0": "NBSP",
    "\u00ad": "SHY",
    "\u200b": "ZWSP",
    "\u200c": "ZWNJ",
    "\u200d": "ZWJ",
    "\u200e": "LRM",
    "\u200f": "RLM",
    "\u202a": "LRE",
    "\u202b": "RLE",
    "\u202c": "PDF",
    "\u202d": "LRO",
    "\u202e": "RLO",
    "\u202f": "NNBSP",
    "\u2066": "LRI",
    "\u2067": "RLI",
    "\u2068": "FSI",
    "\u2069": "PDI",
    "\u2060": "WJ",
    "\ufeff": "BOM",
}
_INVISIBLE = frozenset({"Cc", "Cf", "Zs", "Zl", "Zp", "Co", "Cs", "Cn"})


def spans(assertion: str, evidence: Any) -> dict[str, list[Any]]:
    """``{"source": [terms], "candidate": [terms], "ranges": [[start, end], ...]}``."""
    source: list[str] = []
    candidate: list[str] = []
    ranges: list[list[int]] = []
    if not isinstance(evidence, dict):
        return {"source": source, "candidate": candidate, "ranges": ranges}
    tag = "<" if assertion == "markup_integrity" else ""

    def terms(value: Any, into: list[str], prefix: str = "") -> None:
        if isinstance(value, list):
            for item in value[:_MAX_TERMS]:
                if isinstance(item, str) and item.strip():
                    into.append(prefix + item)
                elif isinstance(item, dict) and isinstance(item.get("token"), str):
                    into.append(item["token"])

    terms(evidence.get("missing"), source, tag)
    terms(evidence.get("extra"), candidate, tag)
    for nested in ("links", "code"):
        inner = evidence.get(nested)
        if isinstance(inner, dict):
            terms(inner.get("missing"), source)
            terms(inner.get("extra"), candidate)
    for item in evidence.get("mutated") or []:
        if isinstance(item, dict):
            terms([item.get("expected")], source)
            terms([item.get("actual")], candidate)
        elif isinstance(item, list) and len(item) == 2:
            terms([item[0]], source)
            terms([item[1]], candidate)
    for item in (evidence.get("findings") or [])[:_MAX_TERMS]:
        if isinstance(item, dict) and isinstance(item.get("start"), int):
            end = item.get("end")
            if isinstance(end, int) and end > item["start"]:
                ranges.append([item["start"], end])
    for item in (evidence.get("matches") or [])[:_MAX_TERMS]:
        if isinstance(item, dict) and isinstance(item.get("text"), str):
            candidate.append(item["text"])
    return {"source": source, "candidate": candidate, "ranges": ranges}


def _marked(text: str, terms: list[str], ranges: list[list[int]]) -> list[bool]:
    marked = [False] * len(text)
    for start, end in ranges:
        for index in range(max(0, start), min(end, len(text))):
            marked[index] = True
    for term in dict.fromkeys(terms):
        start = text.find(term)
        while start >= 0:
            for index in range(start, start + len(term)):
                marked[index] = True
            start = text.find(term, start + len(term))
    return marked


def _char(char: str, edge: bool, after_space: bool) -> str:
    """One character as HTML: whitespace that matters and invisibles made visible."""
    from markupsafe import escape

    if char == "\n":
        return '<span class="ws" aria-hidden="true">↵</span>\n'
    if char == "\t":
        return '<span class="ws" aria-hidden="true">⇥</span>\t'
    if char == " ":
        # a space is shown only where it is easily lost: at either end, or doubled
        return '<span class="ws" title="space">␣</span>' if edge or after_space else " "
    if unicodedata.category(char) in _INVISIBLE:
        name = _NAMES.get(char) or f"U+{ord(char):04X}"
        # named, not kept: a bidi control left in the page could reorder what is shown
        return f'<span class="inv" title="U+{ord(char):04X}">{name}</span>'
    return str(escape(char))


def shown(text: str | None, terms: list[str] = (), ranges: list[list[int]] = ()) -> Any:  # type: ignore[assignment]
    """``text`` as HTML markup for a ``<pre>``: marks, visible whitespace and invisibles."""
    from markupsafe import Markup

    if text is None:
        return None
    marked = _marked(text, list(terms), list(ranges))
    stripped_start = len(text) - len(text.lstrip(" "))
    stripped_end = len(text.rstrip(" "))
    out: list[str] = []
    inside = False
    for index, char in enumerate(text):
        if marked[index] != inside:
            out.append("<mark>" if marked[index] else "</mark>")
            inside = marked[index]
        edge = index < stripped_start or index >= stripped_end
        after = char == " " and (
            (index > 0 and text[index - 1] == " ")
            or (index + 1 < len(text) and text[index + 1] == " ")
        )
        out.append(_char(char, edge, after))
    if inside:
        out.append("</mark>")
    return Markup("".join(out))


def diff_chunks(before: str, after: str) -> list[tuple[str, str]]:
    """``before`` turned into ``after`` as ``(kind, text)`` chunks in reading order, ``kind``
    one of ``same``, ``del`` (only in ``before``), ``ins`` (only in ``after``). Words and
    whitespace runs are compared whole: a changed word reads as one word out, one in; two
    long texts (beyond ``_DIFF_PAIRS`` word pairs) are compared line by line."""
    import difflib

    old, new = _TOKENS.findall(before), _TOKENS.findall(after)
    if len(old) * len(new) > _DIFF_PAIRS:
        old, new = before.splitlines(keepends=True), after.splitlines(keepends=True)
        if len(old) * len(new) > _DIFF_PAIRS:
            return [("del", before), ("ins", after)]
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    chunks: list[tuple[str, str]] = []
    for op, old_start, old_end, new_start, new_end in matcher.get_opcodes():
        if op == "equal":
            chunks.append(("same", "".join(new[new_start:new_end])))
            continue
        if old_end > old_start:
            chunks.append(("del", "".join(old[old_start:old_end])))
        if new_end > new_start:
            chunks.append(("ins", "".join(new[new_start:new_end])))
    return chunks


def diff(before: str | None, after: str | None) -> Any:
    """The diff of ``before`` against ``after`` as HTML for a ``<pre>``: removed text in
    ``<del>``, added text in ``<ins>``, whitespace and invisibles shown as ``shown`` shows
    them (a lost trailing space or line break is a ␣ or ↵ struck out)."""
    from markupsafe import Markup

    if before is None or after is None:
        return None
    chunks = diff_chunks(before, after)
    text = "".join(chunk for _kind, chunk in chunks)
    kinds = [kind for kind, chunk in chunks for _char in chunk]
    stripped_start = len(text) - len(text.lstrip(" "))
    stripped_end = len(text.rstrip(" "))
    out: list[str] = []
    current = "same"
    for index, char in enumerate(text):
        kind = kinds[index]
        if kind != current:
            if current != "same":
                out.append(f"</{current}>")
            if kind != "same":
                out.append(f"<{kind}>")
            current = kind
        # a space that was added or removed is always shown: it is the change
        edge = kind != "same" or index < stripped_start or index >= stripped_end
        after_space = char == " " and (
            (index > 0 and text[index - 1] == " ")
            or (index + 1 < len(text) and text[index + 1] == " ")
        )
        out.append(_char(char, edge, after_space))
    if current != "same":
        out.append(f"</{current}>")
    return Markup("".join(out))
