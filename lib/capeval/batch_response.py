"""Reading a batch response: its lines, its terminator, and its items in the three formats
(``numbered``, ``json_array``, ``delimited``), as ``Findings`` that ``protocol_complete``
turns into its outcome. The failure codes are defined here, in precedence order, since the
readers are what finds them.

Decisions where the contract is silent (also in docs/protocols.md):

* Lines end at ``\\r\\n``, ``\\n`` or a lone ``\\r``; line numbers are 1-based physical lines of
  the response. Blank lines (whitespace only) at the start, at the end and between items are
  ignored.
* An item is *empty* when it holds nothing but whitespace and invisible format characters
  (Unicode category Cf: zero-width space, joiners, BOM).
* ``numbered``: a marker counts only at the start of a line, optionally after horizontal
  whitespace. ``{n}`` matches ASCII digits (``[01]`` is index 1; index 0 is malformed). A run of
  whitespace inside the template matches any run of horizontal whitespace. The marker must end
  where the template ends: it is followed by the end of the line or whitespace; when the template
  ends in a closing bracket or quote (``]``, ``)``, ``】``, ``>``, …) any text may follow
  directly (``[1]Hallo``); when it ends in other punctuation (``{n}.``, ``{n}、``) any text but a
  digit may follow (``1、你好`` is item 1, ``1.5 kg`` is not a marker).
* ``numbered`` order: an index smaller than one already seen is out of order, an index seen
  before is a duplicate; both are ``protocol_malformed_item``. A gap is a missing item.
* ``delimited``: a leading or trailing delimiter line makes an empty item (malformed); a body
  with no non-blank line has no items.
* ``json_array``: the body must be exactly one JSON array (no Markdown code fence); elements are
  located so a bad element is reported with its line.
* Terminator: the *terminator line* is a line equal to the terminator after trimming whitespace.
  It must be the last non-blank line (anything non-blank after the first one, including a second
  terminator, is ``text_after_terminator``). Without such a line, ``protocol_malformed_terminator``
  is reported for a line holding the terminator with other text (matched case-sensitively, not
  inside a word: ``END`` is not found in ``FRIEND``) and for a last non-blank line that equals
  the terminator after casefolding and removing whitespace, punctuation, symbols and format
  characters (so ``end``, ``<end>``, ``[END]`` and ``END.`` are all near-misses of ``<END>``).
  That loose comparison is applied only to the last non-blank line, where the terminator
  belongs, so an item that happens to read "End" elsewhere is not mistaken for it; and it is
  off for a terminator that has no letters or digits (``---``), which would match every rule.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from capeval.assertions import ParamsError, nfc
from capeval.limits import EVIDENCE_STRING_CHARS

# protocol_complete's codes in precedence order, each with its meaning (capeval.codes)
MEANINGS = {
    "protocol_malformed_item": (
        "A protocol item is malformed",
        "The batch response has an item that breaks the protocol (duplicate or out-of-order "
        "index, unparsable line). Ask the model for exactly one item per index.",
    ),
    "protocol_missing_item": (
        "A protocol item is missing",
        "The batch response lacks an expected item: a string went untranslated.",
    ),
    "protocol_extra_item": (
        "An extra protocol item",
        "The batch response has more items than the request: something was split or invented.",
    ),
    "protocol_malformed_terminator": (
        "The protocol terminator is malformed",
        "The response ends with something close to the terminator but not it; a strict parser "
        "will not see the end of the batch.",
    ),
    "protocol_missing_terminator": (
        "The protocol terminator is missing",
        "The response has no terminator: it may have been cut off.",
    ),
}
CODES = tuple(MEANINGS)
MALFORMED_ITEM, MISSING_ITEM, EXTRA_ITEM, MALFORMED_TERMINATOR, MISSING_TERMINATOR = CODES

DEFAULT_MARKER = "[{n}]"


DEFAULT_DELIMITER = "---"


FORMATS = ("numbered", "json_array", "delimited")


_HSPACE = r"[^\S\r\n]"  # horizontal whitespace, Unicode-aware (includes U+3000)


@lru_cache(maxsize=256)
def marker_pattern(template: str) -> re.Pattern[str]:
    """The regular expression that recognises ``template`` at the start of a line.

    Group ``n`` is the index, group ``rest`` the item text that follows on the same line.
    A second ``{n}`` in the template (reported by :func:`param_errors`) must repeat the index.
    """
    template = template.strip()
    if "{n}" not in template:
        raise ParamsError(f"protocol_complete marker {template!r} has no {{n}}")
    prefix, _, suffix = template.partition("{n}")
    suffix_regex = _literal(suffix).replace(r"\{n\}", "(?P=n)")
    if suffix and _ends_in_closing(suffix):
        tail = ""
    elif suffix and not _is_word_char(suffix[-1]):
        tail = r"(?![0-9])"  # "1.5 kg" is a number, not item 1
    else:
        tail = rf"(?={_HSPACE}|$)"
    return re.compile(
        rf"^{_HSPACE}*{_literal(prefix)}(?P<n>[0-9]+){suffix_regex}{tail}(?P<rest>.*)$"
    )


def _literal(text: str) -> str:
    # A whitespace run in the template matches any run of horizontal whitespace.
    return f"{_HSPACE}+".join(re.escape(part) for part in re.split(r"\s+", text))


def _ends_in_closing(text: str) -> bool:
    last = text[-1]
    return unicodedata.category(last) in ("Pe", "Pf") or last in ">›»"


def _is_word_char(char: str) -> bool:
    return char.isalnum() or char == "_" or unicodedata.category(char).startswith("M")


@dataclass(frozen=True, slots=True)
class _Terminator:
    literal: str  # trimmed
    embedded: re.Pattern[str]  # the literal inside a line, not inside a word
    loose_key: str  # "" turns the near-miss rule off


@lru_cache(maxsize=256)
def terminator_of(literal: str) -> _Terminator:
    literal = nfc(literal).strip()
    before = r"(?<!\w)" if _is_word_char(literal[0]) else ""
    after = r"(?!\w)" if _is_word_char(literal[-1]) else ""
    return _Terminator(
        literal=literal,
        embedded=re.compile(before + re.escape(literal) + after),
        loose_key=loose_key(literal),
    )


def loose_key(text: str) -> str:
    """``text`` casefolded, without whitespace, punctuation, symbols and format characters."""
    return "".join(
        char
        for char in text.casefold()
        if not char.isspace() and unicodedata.category(char)[0] not in "PSC"
    )


def is_empty_item(text: str) -> bool:
    """True when ``text`` holds only whitespace and invisible format characters (Cf)."""
    return all(char.isspace() or unicodedata.category(char) == "Cf" for char in text)


@dataclass(slots=True)
class Findings:
    """What one response turned out to hold; becomes the Outcome."""

    defects: list[dict[str, Any]] = field(default_factory=list)
    indices: list[int] = field(default_factory=list)  # in order of appearance
    item_lines: list[int | None] = field(default_factory=list)  # where each item starts
    unreadable: bool = False  # the body could not be read as items at all
    terminator_found: str | None = None
    # First line of a misplaced or malformed terminator: junk from there on is that defect,
    # not a second one in the JSON body.
    terminator_from: int | None = None

    @property
    def found_items(self) -> int | None:
        return None if self.unreadable else len(self.indices)

    def item(self, index: int, line: int | None) -> None:
        self.indices.append(index)
        self.item_lines.append(line)

    def add(self, code: str, reason: str, **facts: Any) -> None:
        defect: dict[str, Any] = {"code": code, "reason": reason}
        defect.update((key, value) for key, value in facts.items() if value is not None)
        if "found" in defect:
            defect["found"] = cut_text(defect["found"])
        self.defects.append(defect)


def split_lines(response: str) -> list[str]:
    """Physical lines (``\\r\\n``, ``\\n``, lone ``\\r``), trailing blank lines dropped."""
    lines = response.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def check_terminator(
    lines: list[str], terminator: _Terminator, findings: Findings
) -> list[tuple[int, str]]:
    """Records terminator defects; returns the body: (line number, line) without the terminator."""
    last_number = len(lines)  # trailing blank lines are already gone
    last_text = lines[-1].strip() if lines else ""
    exact = [number for number, line in enumerate(lines, 1) if line.strip() == terminator.literal]
    if exact:
        first = exact[0]
        after = next((n for n in range(first + 1, last_number + 1) if lines[n - 1].strip()), None)
        if after is not None:
            findings.terminator_found = last_text
            findings.terminator_from = first
            findings.add(
                MALFORMED_TERMINATOR,
                "text_after_terminator",
                line=after,
                terminator_line=first,
                found=lines[after - 1].strip(),
            )
        dropped = set(exact)
        return [(n, line) for n, line in enumerate(lines, 1) if n not in dropped]

    body: list[tuple[int, str]] = []
    for number, line in enumerate(lines, 1):
        match = terminator.embedded.search(line)
        if match is None:
            if number == last_number and terminator.loose_key:
                if loose_key(line) == terminator.loose_key:
                    findings.add(MALFORMED_TERMINATOR, "near_terminator", line=number, found=line)
                    continue  # the botched terminator is not item text
            body.append((number, line))
            continue
        findings.add(MALFORMED_TERMINATOR, "text_around_terminator", line=number, found=line)
        if findings.terminator_from is None:
            findings.terminator_from = number
        # The rest of the line is still item text ("[3] Hallo <END>" keeps item 3).
        body.append((number, line[: match.start()] + line[match.end() :]))

    findings.terminator_found = last_text
    if not any(d["code"] == MALFORMED_TERMINATOR for d in findings.defects):
        findings.add(MISSING_TERMINATOR, "no_terminator", line=last_number or None, found=last_text)
    return body


def read_numbered(body: list[tuple[int, str]], marker: str, findings: Findings) -> None:
    pattern = marker_pattern(marker)
    items: list[tuple[int, int, list[str]]] = []  # (index, line number, text parts)
    preamble_reported = False
    for number, line in body:
        match = pattern.match(line)
        if match is not None:
            items.append((int(match["n"]), number, [match["rest"]]))
        elif items:
            items[-1][2].append(line)
        elif line.strip() and not preamble_reported:  # its first line stands for all of it
            findings.add(MALFORMED_ITEM, "text_before_first_marker", line=number, found=line)
            preamble_reported = True

    seen: set[int] = set()
    highest = 0
    for index, number, parts in items:
        findings.item(index, number)
        if index == 0:
            findings.add(MALFORMED_ITEM, "index_zero", line=number, index=index)
        elif index in seen:
            findings.add(MALFORMED_ITEM, "duplicate_index", line=number, index=index)
        elif index < highest:
            findings.add(MALFORMED_ITEM, "out_of_order_index", line=number, index=index)
        if all(is_empty_item(part) for part in parts):
            findings.add(MALFORMED_ITEM, "empty_item", line=number, index=index)
        seen.add(index)
        highest = max(highest, index)


def read_delimited(body: list[tuple[int, str]], delimiter: str, findings: Findings) -> None:
    delimiter = nfc(delimiter).strip()
    if not any(line.strip() for _, line in body):
        return  # no items at all, rather than one empty item
    # (line the item starts on, its lines); an item with no text is placed at the delimiter
    # that closes it, or, for a trailing delimiter, at that delimiter.
    items: list[tuple[int, list[str]]] = []
    start: int | None = None
    texts: list[str] = []
    last_delimiter = 0
    for number, line in body:
        if line.strip() == delimiter:
            items.append((number if start is None else start, texts))
            start, texts, last_delimiter = None, [], number
            continue
        if start is None and line.strip():
            start = number
        texts.append(line)
    items.append((last_delimiter if start is None else start, texts))
    for position, (line_number, item_texts) in enumerate(items, 1):
        findings.item(position, line_number)
        if all(is_empty_item(text) for text in item_texts):
            findings.add(MALFORMED_ITEM, "empty_item", line=line_number, index=position)


_JSON_SPACE = " \t\n\r"


def read_json_array(body: list[tuple[int, str]], findings: Findings) -> None:
    import json  # only json_array cases pay for it

    text = "\n".join(line for _, line in body)
    numbers = [number for number, _ in body]

    def line_at(position: int) -> int | None:
        if not numbers:
            return None
        return numbers[min(text.count("\n", 0, position), len(numbers) - 1)]

    def skip(position: int) -> int:
        while position < len(text) and text[position] in _JSON_SPACE:
            position += 1
        return position

    def malformed(reason: str, position: int, found: str) -> None:
        findings.add(MALFORMED_ITEM, reason, line=line_at(position), found=found)
        findings.unreadable = True

    decoder = json.JSONDecoder()
    position = skip(0)
    if position >= len(text) or text[position] != "[":
        first_line = text[position:].split("\n", 1)[0]
        malformed("not_json_array", position, first_line or "(empty body)")
        return
    elements: list[tuple[Any, int]] = []
    position = skip(position + 1)
    if position < len(text) and text[position] == "]":
        position += 1
    else:
        while True:
            try:
                value, end = decoder.raw_decode(text, position)
            except json.JSONDecodeError as error:
                malformed("not_json_array", error.pos, f"invalid JSON: {error.msg}")
                return
            elements.append((value, position))
            position = skip(end)
            if position < len(text) and text[position] == ",":
                position = skip(position + 1)
            elif position < len(text) and text[position] == "]":
                position += 1
                break
            else:
                malformed("not_json_array", position, "expected ',' or ']' in the array")
                return
    position = skip(position)
    if position < len(text) and not _after_terminator(line_at(position), findings):
        malformed("not_json_array", position, "text after the array: " + text[position:])
        return

    for index, (value, start) in enumerate(elements, 1):
        findings.item(index, line_at(start))
        if not isinstance(value, str):
            findings.add(
                MALFORMED_ITEM,
                "non_string_element",
                line=line_at(start),
                index=index,
                found=_json_type(value),
            )
        elif is_empty_item(value):
            findings.add(MALFORMED_ITEM, "empty_item", line=line_at(start), index=index)


def _after_terminator(line: int | None, findings: Findings) -> bool:
    start = findings.terminator_from
    return start is not None and line is not None and line >= start


JSON_ARTICLE = {"number": "a ", "boolean": "a ", "array": "an ", "object": "an "}


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    return "array" if isinstance(value, list) else "object"


def cut_text(text: str) -> str:
    return text if len(text) <= EVIDENCE_STRING_CHARS else text[: EVIDENCE_STRING_CHARS - 1] + "…"
