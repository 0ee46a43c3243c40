"""``protocol_complete``: does a batch response have exactly the structure that was asked for?

Independent of translation quality: a missing, extra or malformed item
or a broken terminator silently shifts every later translation onto the wrong source string, so
this assertion looks only at the structure of ``raw_response`` (or ``text`` when there is no raw
response; ``""`` is a response).

Decisions where the contract is silent (also in README.md, batch protocols section):

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
from itertools import islice
from typing import Any

from capeval.assertions import ParamsError, Subject, nfc
from capeval.codes import OK
from capeval.verdict import Outcome

NAME = "protocol_complete"
CODES = (
    "protocol_malformed_item",
    "protocol_missing_item",
    "protocol_extra_item",
    "protocol_malformed_terminator",
    "protocol_missing_terminator",
)
MALFORMED_ITEM, MISSING_ITEM, EXTRA_ITEM, MALFORMED_TERMINATOR, MISSING_TERMINATOR = CODES
PARAMS_REQUIRED = True
PARAMS = {
    "type": "object",
    "required": ["expected_items"],
    "properties": {
        "expected_items": {"type": "integer", "minimum": 1},
        "terminator": {"type": "string", "minLength": 1},
        "allow_extra_items": {"type": "boolean"},
        "format": {"enum": ["numbered", "json_array", "delimited"]},
        "marker": {"type": "string", "pattern": "\\{n\\}"},
        "delimiter": {"type": "string", "minLength": 1},
    },
    "additionalProperties": False,
}

DEFAULT_MARKER = "[{n}]"
DEFAULT_DELIMITER = "---"
FORMATS = ("numbered", "json_array", "delimited")

# Evidence stays small whatever the response: strings are cut, lists are capped.
EVIDENCE_TEXT_CHARS = 200
MAX_LISTED = 100
MAX_DEFECTS = 50

_HSPACE = r"[^\S\r\n]"  # horizontal whitespace, Unicode-aware (includes U+3000)


# ---------------------------------------------------------------------------------------------
# Per-process compilation (cached on the params that shape it, never per record)


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
def _terminator(literal: str) -> _Terminator:
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


# ---------------------------------------------------------------------------------------------
# The check


@dataclass(slots=True)
class _Findings:
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
            defect["found"] = _cut(defect["found"])
        self.defects.append(defect)


def response_of(candidate: dict[str, Any]) -> str:
    """``raw_response`` when present and not null, else ``text`` (NFC)."""
    raw = candidate.get("raw_response")
    if raw is None:
        raw = candidate.get("text", "")
    return nfc(raw if isinstance(raw, str) else str(raw))


def check(subject: Subject, params: dict[str, Any]) -> Outcome:
    """The verdict on one candidate's response.

    Params of the wrong type (an unvalidated case) raise ParamsError.
    """
    expected = params.get("expected_items")
    response_format = params.get("format", "numbered")
    terminator = params.get("terminator")
    count_ok = isinstance(expected, int) and not isinstance(expected, bool) and expected >= 1
    _require(count_ok, "expected_items must be an integer >= 1")
    _require(response_format in FORMATS, f"format must be one of {', '.join(FORMATS)}")
    for name in ("terminator", "marker", "delimiter"):
        _require(isinstance(params.get(name, ""), str), f"{name} must be a string")

    lines = split_lines(response_of(subject.candidate))
    findings = _Findings()
    if terminator is not None and terminator.strip():
        body = _check_terminator(lines, _terminator(terminator), findings)
    else:
        body = [(number, line) for number, line in enumerate(lines, 1)]

    if response_format == "json_array":
        _read_json_array(body, findings)
    elif response_format == "delimited":
        _read_delimited(body, params.get("delimiter", DEFAULT_DELIMITER), findings)
    else:
        _read_numbered(body, params.get("marker", DEFAULT_MARKER), findings)

    if not findings.unreadable:
        _count(findings, expected, bool(params.get("allow_extra_items", False)))
    return _outcome(findings, expected, response_format)


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ParamsError(f"protocol_complete: {message}")


def split_lines(response: str) -> list[str]:
    """Physical lines (``\\r\\n``, ``\\n``, lone ``\\r``), trailing blank lines dropped."""
    lines = response.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def _check_terminator(
    lines: list[str], terminator: _Terminator, findings: _Findings
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


def _read_numbered(body: list[tuple[int, str]], marker: str, findings: _Findings) -> None:
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


def _read_delimited(body: list[tuple[int, str]], delimiter: str, findings: _Findings) -> None:
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


def _read_json_array(body: list[tuple[int, str]], findings: _Findings) -> None:
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


def _after_terminator(line: int | None, findings: _Findings) -> bool:
    start = findings.terminator_from
    return start is not None and line is not None and line >= start


_JSON_ARTICLE = {"number": "a ", "boolean": "a ", "array": "an ", "object": "an "}


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    return "array" if isinstance(value, list) else "object"


def _count(findings: _Findings, expected: int, allow_extra: bool) -> None:
    present = {index for index in findings.indices if index > 0}
    # Stops after MAX_LISTED: a case may expect a huge count and the response hold nothing.
    missing = list(
        islice((index for index in range(1, expected + 1) if index not in present), MAX_LISTED)
    )
    if missing:
        findings.add(MISSING_ITEM, "missing_items", missing=_capped(missing))
    extra = sorted(index for index in present if index > expected)
    if extra and not allow_extra:
        first_line = next(
            line
            for index, line in zip(findings.indices, findings.item_lines, strict=True)
            if index > expected
        )
        findings.add(EXTRA_ITEM, "extra_items", line=first_line, extra=_capped(extra))


def _outcome(findings: _Findings, expected: int, response_format: str) -> Outcome:
    evidence: dict[str, Any] = {"expected_items": expected, "found_items": findings.found_items}
    if not findings.defects:
        return Outcome(OK, "ok", evidence)
    findings.defects.sort(key=lambda defect: CODES.index(defect["code"]))
    first = findings.defects[0]
    evidence["format"] = response_format
    evidence["indices"] = _capped(findings.indices)
    for defect in findings.defects:
        for key in ("missing", "extra"):
            if key in defect:
                evidence[key] = defect[key]
    if "line" in first:
        evidence["line"] = first["line"]
    if findings.terminator_found is not None and any(
        defect["code"] in (MALFORMED_TERMINATOR, MISSING_TERMINATOR) for defect in findings.defects
    ):
        evidence["terminator_found"] = _cut(findings.terminator_found)
    evidence["defects"] = [
        {key: value for key, value in defect.items() if key not in ("missing", "extra")}
        for defect in findings.defects[:MAX_DEFECTS]
    ]
    if len(findings.defects) > MAX_DEFECTS:
        evidence["defects_total"] = len(findings.defects)
    return Outcome(first["code"], _message(first, expected, findings), evidence)


def _message(defect: dict[str, Any], expected: int, findings: _Findings) -> str:
    reason = defect["reason"]
    where = f" (line {defect['line']})" if "line" in defect else ""
    index = defect.get("index")
    found = findings.found_items
    messages = {
        "text_before_first_marker": "text before the first item marker",
        "index_zero": "item index 0 (indices start at 1)",
        "duplicate_index": f"item {index} appears more than once",
        "out_of_order_index": f"item {index} is out of order",
        "empty_item": f"item {index} is empty",
        "not_json_array": f"the body is not a JSON array of strings: {defect.get('found', '')}",
        "non_string_element": f"element {index} is {_JSON_ARTICLE.get(defect.get('found'), '')}"
        f"{defect.get('found')}, not a string",
        "missing_items": f"expected {expected} items, found {found}; missing "
        + _list_text(defect.get("missing", [])),
        "extra_items": f"expected {expected} items, found {found}; unexpected "
        + _list_text(defect.get("extra", [])),
        "text_after_terminator": "text after the terminator line",
        "text_around_terminator": "the terminator shares its line with other text",
        "near_terminator": "the last line resembles the terminator but is not it",
        "no_terminator": "the terminator is missing from the last non-blank line",
    }
    return _cut(messages[reason] + where)


def _list_text(indices: list[int]) -> str:
    if len(indices) == 1:
        return f"item {indices[0]}"
    return "items " + ", ".join(map(str, indices))


def _capped(indices: list[int]) -> list[int]:
    return indices[:MAX_LISTED]


def _cut(text: str) -> str:
    return text if len(text) <= EVIDENCE_TEXT_CHARS else text[: EVIDENCE_TEXT_CHARS - 1] + "…"


# ---------------------------------------------------------------------------------------------
# Contract rules the JSON Schema cannot express


def param_errors(case: dict, params: dict) -> list[str]:
    """Rules on the params beyond the schema (reported by cap-validate as assertion.params)."""
    errors: list[str] = []
    response_format = params.get("format", "numbered")
    marker = params.get("marker")
    delimiter = params.get("delimiter")
    terminator = params.get("terminator")

    if marker is not None and response_format != "numbered":
        errors.append(f"marker applies only to format numbered, not {response_format}")
    if delimiter is not None and response_format != "delimited":
        errors.append(f"delimiter applies only to format delimited, not {response_format}")
    if isinstance(marker, str):
        count = marker.count("{n}")
        if count != 1:
            errors.append(f"marker must contain {{n}} exactly once, found {count} in {marker!r}")
        if _has_line_break(marker) or not marker.replace("{n}", "").strip():
            errors.append(f"marker {marker!r} must be one line with text besides {{n}}")
    for name, value in (("delimiter", delimiter), ("terminator", terminator)):
        if isinstance(value, str) and (_has_line_break(value) or not value.strip()):
            errors.append(f"{name} {value!r} must be one line that is not blank")
    if errors or not isinstance(terminator, str):
        return errors

    literal = nfc(terminator).strip()
    if response_format == "delimited" and literal == nfc(delimiter or DEFAULT_DELIMITER).strip():
        errors.append("terminator and delimiter are the same line, so neither can be told apart")
    if response_format == "numbered" and marker_pattern(marker or DEFAULT_MARKER).match(literal):
        errors.append(f"terminator {terminator!r} reads as an item marker")
    return errors


def _has_line_break(text: str) -> bool:
    return "\n" in text or "\r" in text
