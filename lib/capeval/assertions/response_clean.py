"""``response_clean``: the candidate is the translation alone, without the assistant's
chatter or wrapping around it.

What is looked for (phrase lists: ``data/response_clean.yaml``, read once per process on first
use; every language's list applies to every target, since a model may chatter in English
while translating into Thai):

* a **lead-in** at the start — a sentence ("Here is the translation:", "Voici la traduction :",
  "以下是翻译：") or a label ("Translation:", "Übersetzung (Deutsch):", "翻訳：") followed by
  the translation itself;
* a **note** after the translation — "Note: …", "(Literally: …)", "I hope this helps", from a
  line start, a sentence end or an opening parenthesis to the end of the candidate;
* an echoed **marker** anywhere — ``[to be translated]``, ``<translation>``, ``<|im_end|>``;
* the **source echoed** beside the translation (the whole source, at least two words and ten
  letters, next to at least as many letters again of other text); same-language pairs are exempt;
* **wrapping**: quotes (``"…"``, ``“…”``, ``«…»``, ``„…“``, ``「…」``, ``` `…` ``` …) or a code
  fence around the whole candidate.

Nothing counts that the source itself has: a source that opens with a label of its own
(``"Result: %s"``) exempts lead-in labels and notes with a colon, a marker or note phrase found
in the source is exempt, and a wrapped source exempts wrapping.

Params: ``lead_ins``, ``notes``, ``markers`` (extra literal phrases, added to the shipped
lists: lead-ins match at the start followed by ``:``, a line break or the text; notes from a
line start or sentence end), ``echo`` and ``wrapping`` (default true: run those two checks).

Codes, in precedence order: ``response_lead_in``, ``response_note``, ``response_marker``,
``response_source_echo``, ``response_wrapped``. Evidence: ``findings`` (``[{code, text, start,
end}]``, offsets in code points of the NFC candidate, text cut to 80 characters) and
``suggestions`` — for each finding, the edit that removes it (a lead-in, a note, a marker, an
echo at either end) or unwraps the candidate.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any

from capeval.assertions import ParamsError, Subject
from capeval.suggestions import suggestion
from capeval.verdict import Outcome

NAME = "response_clean"
MEANINGS = {
    "response_lead_in": (
        "The model's lead-in precedes the translation",
        "The candidate starts with a sentence or label of the model's own (Here is the "
        "translation:). Keep only the translation.",
    ),
    "response_note": (
        "The model's note follows the translation",
        "The candidate ends with a note or closing remark of the model's (Note: I used the "
        "formal register.). Keep only the translation.",
    ),
    "response_marker": (
        "A prompt marker is left in the translation",
        "The candidate holds an instruction marker or prompt scaffolding ([to be translated], "
        "<translation>, an end-of-turn token). Remove it.",
    ),
    "response_source_echo": (
        "The source is echoed beside the translation",
        "The candidate repeats the whole source next to its translation. Keep only the "
        "translation.",
    ),
    "response_wrapped": (
        "The translation is wrapped in quotes or a fence",
        "Quotes or a code fence surround the whole candidate where the source has none. Remove "
        "them.",
    ),
}
CODES = tuple(MEANINGS)
_PHRASES = {"type": "array", "items": {"type": "string", "minLength": 1}}
PARAMS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "lead_ins": _PHRASES,
        "notes": _PHRASES,
        "markers": _PHRASES,
        "echo": {"type": "boolean"},
        "wrapping": {"type": "boolean"},
    },
    "additionalProperties": False,
}

_PASS = Outcome()
_FINDING_TEXT_LIMIT = 80
# Before a lead-in: blanks and Markdown decoration; after it: its end and more decoration.
_LEAD_PREFIX = r"[\s*#>]*"
_LEAD_REST = r"[^\n:：]{0,80}?(?:[:：]|\.(?=\s)|!(?=\s)|\n)[\s*]*"
_LABEL_REST = r"(?:\s*\([^()\n]{0,40}\))?\s*[:：][\s*]*"
# Word characters include the combining marks of Indic, Thai, Hebrew and Arabic script
# (``\w`` alone stops at the vowel sign of नोट).
_MARKS = (
    "\u0300-\u036f\u0591-\u05c7\u064b-\u065f\u0670"
    "\u0900-\u0dff\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff"
)
_WORD_CHAR = f"[\\w{_MARKS}'’-]"
_WORD = f"[^\\W\\d_]{_WORD_CHAR}*"
# A note starts a line, follows a sentence end and a blank, or opens a parenthesis.
_NOTE_START = r"(?:(?<=\n)|(?<=[.!?。！？…]\s)|(?<=[.!?。！？…])(?=\S)|\(|（|\s\()"
# A note the source writes in a sentence of its own, which a translation may render as a label.
_SOURCE_NOTE = re.compile(
    r"(?:^|[.!?]\s+|\n)(?:please\s+)?(?:note|n\.\s?b\.|hint|tip|remember)\b", re.IGNORECASE
)
# Where a note can start (a cheap test before the phrase search).
_NOTE_SITES = re.compile(r"[\n(（]|[.!?。！？…]\s*\S")
# A label (one to three words and a colon) at the start, a line start or a sentence start:
# "Result: %s", "Warning: …". A candidate may have as many as its source.
_LABEL = re.compile(
    r"(?:^|(?<=[.!?])[ \t]+|(?<=[。！？])[ \t]*|\n|[(（])[ \t*]*"
    f"{_WORD}(?:[ \\t]{_WORD_CHAR}+){{0,2}}"
    r"(?:[ \t]*\([^()\n]{0,40}\))?[ \t\u00a0\u202f]?[:：]"
)

# Wrapping pairs (opening, closing); the inner text may contain neither.
_QUOTE_PAIRS = (
    ('"', '"'),
    ("'", "'"),
    ("“", "”"),
    ("”", "”"),
    ("„", "“"),
    ("„", "”"),
    ("‘", "’"),
    ("‚", "‘"),
    ("«", "»"),
    ("»", "«"),
    ("「", "」"),
    ("『", "』"),
    ("`", "`"),
)
_QUOTE_CHARS = frozenset(char for pair in _QUOTE_PAIRS for char in pair)
_OPENINGS = frozenset(opening for opening, _ in _QUOTE_PAIRS) | {"~"}
_FENCE = re.compile(r"(```+|~~~+)[\w+.#-]*[ \t]*\n(.*?)\n?[ \t]*\1", re.DOTALL)
_PADDING = " \u00a0\u202f\u2009"
_ECHO_SEPARATORS = " \t\r\n-–—:→=>|/()[]"


class _Lists:
    """The compiled phrase lists: the shipped data plus a case's extra phrases."""

    __slots__ = ("lead_in", "label", "note", "note_phrase", "markers", "marker", "marker_starts")

    def __init__(self, data: dict[str, dict[str, list[str]]], extra: tuple) -> None:
        lead_ins, notes, markers = extra

        def every(kind: str) -> list[str]:
            return [entry for entries in data.get(kind, {}).values() for entry in entries]

        sentences = f"(?:{'|'.join(every('lead_in'))}){_LEAD_REST}"
        if lead_ins:  # a case's own phrases may run straight into the translation
            phrases = "|".join(re.escape(phrase) for phrase in lead_ins)
            sentences += f"|(?:{phrases})\\s*[:：]?[\\s*]*"
        self.lead_in = re.compile(f"{_LEAD_PREFIX}(?:{sentences})", re.IGNORECASE)
        labels = sorted((re.escape(label) for label in every("label")), key=len, reverse=True)
        self.label = re.compile(
            f"{_LEAD_PREFIX}(?:{_WORD}\\s+)?(?:{'|'.join(labels)})(?:\\s+{_WORD})?{_LABEL_REST}",
            re.IGNORECASE,
        )
        note_patterns = every("note") + [re.escape(phrase) for phrase in notes]
        self.note = re.compile(f"{_NOTE_START}\\s*(?:{'|'.join(note_patterns)})", re.IGNORECASE)
        self.note_phrase = re.compile(f"\\s*(?:{'|'.join(note_patterns)})", re.IGNORECASE)
        self.markers = tuple(dict.fromkeys(m.lower() for m in every("marker") + list(markers)))
        # a text holding none of the markers' first characters holds no marker
        self.marker_starts = frozenset(m[0] for m in self.markers) | frozenset(
            m[0].upper() for m in self.markers
        )
        self.marker = re.compile(
            "|".join(re.escape(m) for m in sorted(self.markers, key=len, reverse=True)),
            re.IGNORECASE,
        )


_data: dict[str, Any] | None = None


def phrase_data() -> dict[str, Any]:
    """The shipped phrase lists (read once per process)."""
    global _data
    if _data is None:
        from importlib import resources

        import yaml

        text = resources.files("capeval.assertions").joinpath("data/response_clean.yaml")
        _data = yaml.safe_load(text.read_text(encoding="utf-8"))
    return _data


@lru_cache(maxsize=64)
def _lists(extra: tuple) -> _Lists:
    return _Lists(phrase_data(), extra)


_NO_EXTRA = ((), (), ())


def _extra(params: dict[str, Any]) -> tuple:
    if not params or not ("lead_ins" in params or "notes" in params or "markers" in params):
        return _NO_EXTRA

    def listed(name: str) -> tuple[str, ...]:
        value = params.get(name) or ()
        if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
            raise ParamsError(f"response_clean: {name} must be a list of strings")
        return tuple(value)

    return (listed("lead_ins"), listed("notes"), listed("markers"))


def _finding(code: str, text: str, start: int, end: int) -> dict[str, Any]:
    return {"code": code, "text": text[start:end][:_FINDING_TEXT_LIMIT], "start": start, "end": end}


def _content_edges(text: str) -> tuple[int, int]:
    start, end = 0, len(text)
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _lead_in(lists: _Lists, source: str, text: str, start: int) -> tuple[int, int] | None:
    """(start, end) of a lead-in at the start of ``text`` (end: where the translation starts)."""
    for pattern in (lists.lead_in, lists.label):
        match = pattern.match(text, start)
        if match is None or match.end() >= len(text) or not text[match.end() :].strip():
            continue
        if pattern.match(source.lstrip()) is not None:
            continue  # the source opens the same way ("Output: %s"): it is content
        return match.start() + _decoration(text, match.start()), match.end()
    return None


def _labels(text: str, later: bool = False) -> int:
    """The labels of ``text`` (``later``: only those after its first character)."""
    if ":" not in text and "：" not in text:
        return 0
    return sum(1 for match in _LABEL.finditer(text) if not later or match.start() > 0)


def _decoration(text: str, start: int) -> int:
    """How many blanks precede the lead-in proper (kept by the suggestion)."""
    skipped = 0
    while start + skipped < len(text) and text[start + skipped].isspace():
        skipped += 1
    return skipped


def _note(lists: _Lists, source: str, text: str, after: int) -> tuple[int, int] | None:
    """(start, end) of a note from ``after`` on (start: its separator), end: before blanks."""
    if _NOTE_SITES.search(text, after) is None:
        return None  # no line start, parenthesis or sentence end with text after it
    match = lists.note.search(text, after)
    if match is None or match.start() == 0:
        return None
    phrase = match.group().lstrip("(（ \t\n")
    if lists.note.search(source) is not None and phrase.casefold() in source.casefold():
        return None
    if ":" in phrase or "：" in phrase:
        if _labels(text, later=True) <= _labels(source, later=True):
            return None  # the source has as many labels after its start ("…. Note: …")
        own = max(len(_SOURCE_NOTE.findall(source)), _notes(lists, source))
        if own and _notes(lists, text) <= own:
            return None  # the source's own notes ("Note that …"), rendered as labels
    start = match.start()
    while start > 0 and text[start - 1] in " \t\r\n(（":
        start -= 1
    _, end = _content_edges(text)
    return start, end


def _notes(lists: _Lists, text: str) -> int:
    """How many note phrases ``text`` has, one at its very start included."""
    return len(lists.note.findall(text)) + (lists.note_phrase.match(text) is not None)


def _wrapper(source: str, text: str) -> tuple[int, int, str] | None:
    """(start, end, inner text) when quotes or a fence wrap the whole candidate."""
    start, end = _content_edges(text)
    if end - start < 2 or text[start] not in _OPENINGS:
        return None
    s_start, s_end = _content_edges(source)
    inner_source = source[s_start:s_end]
    body = text[start:end]
    fence = _FENCE.fullmatch(body)
    if fence is not None:
        if inner_source.startswith(("```", "~~~")):
            return None  # the source is fenced itself
        return start, end, fence.group(2)
    if inner_source[:1] in _QUOTE_CHARS and inner_source[-1:] in _QUOTE_CHARS:
        return None  # the source is quoted itself
    for opening, closing in _QUOTE_PAIRS:
        if body.startswith(opening) and body.endswith(closing) and len(body) > 2:
            inner = body[len(opening) : -len(closing)]
            if opening in inner or closing in inner or not inner.strip(_PADDING):
                continue
            return start, end, inner.strip(_PADDING)
    return None


def _letter_weight(text: str) -> int:
    """Letters, a wide (East Asian W/F) one counting two: a Japanese translation is shorter."""
    weight = 0
    for char in text:
        if char.isalpha():
            weight += 2 if not char.isascii() and unicodedata.east_asian_width(char) in "WF" else 1
    return weight


def _echo(source: str, text: str, case: dict[str, Any]) -> tuple[int, int] | None:
    """(start, end) of the whole source inside a longer candidate."""
    core = source.strip()
    if len(text) <= len(core) or len(core) < 10:
        return None
    at = text.find(core)  # first: it fails fast for nearly every candidate
    if at < 0:
        return None
    letters = sum(char.isalpha() for char in core)
    if letters < 10 or not any(char.isspace() for char in core):
        return None
    source_language = (case.get("source_locale") or "").split("-", 1)[0].lower()
    target_language = (case.get("target_locale") or "").split("-", 1)[0].lower()
    if source_language and source_language == target_language:
        return None
    rest = text[:at] + text[at + len(core) :]
    # A source on a line of its own beside other text is an echo even next to a short
    # translation; inside a line, the other text must be at least half as long again.
    own_line = (at == 0 or text[at - 1] == "\n") and text[at + len(core) : at + len(core) + 1] in (
        "\n",
        "",
    )
    if _letter_weight(rest) < letters * (0.25 if own_line else 0.5) or _letter_weight(rest) < 2:
        return None
    return at, at + len(core)


def _marker_edit(text: str, start: int, end: int) -> tuple[int, int]:
    """The marker with one blank beside it, so removing it leaves single spacing."""
    if end < len(text) and text[end] == " " and (start == 0 or text[start - 1].isspace()):
        return start, end + 1
    if start > 0 and text[start - 1] == " " and (end == len(text) or text[end].isspace()):
        return start - 1, end
    return start, end


def _echo_edit(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The echo and its separators, when it stands at either end of the candidate."""
    c_start, c_end = _content_edges(text)
    if start == c_start:
        while end < c_end and text[end] in _ECHO_SEPARATORS:
            end += 1
        return start, end
    if end == c_end:
        while start > c_start and text[start - 1] in _ECHO_SEPARATORS:
            start -= 1
        return start, end
    return None


def _markers(lists: _Lists, source: str, text: str, findings: list, offer: Any) -> None:
    """Echoed markers; an opening and closing pair around the whole candidate is one."""
    if lists.marker_starts.isdisjoint(text):
        return
    in_source = {m.group().lower() for m in lists.marker.finditer(source)} if source else set()
    found = [m for m in lists.marker.finditer(text) if m.group().lower() not in in_source]
    if not found:
        return
    start, end = _content_edges(text)
    first, last = found[0], found[-1]
    opening, closing = first.group().lower(), last.group().lower()
    if (
        len(found) == 2
        and first.start() == start
        and last.end() == end
        and opening.startswith("<")
        and closing == "</" + opening[1:]
    ):
        findings.append(_finding(CODES[2], text, start, end))
        inner = text[first.end() : last.start()].strip()
        offer(start, end, inner, "remove the markers around the translation")
        return
    for match in found:
        findings.append(_finding(CODES[2], text, match.start(), match.end()))
        offer(*_marker_edit(text, match.start(), match.end()), "", "remove the marker")


def check(subject: Subject, params: dict[str, Any]) -> Outcome:
    source, text = subject.source, subject.text
    if source == text or not text.strip():
        return _PASS
    lists = _lists(_extra(params))
    findings: list[dict[str, Any]] = []
    suggestions: list[dict[str, Any]] = []

    def offer(start: int, end: int, replacement: str, message: str) -> None:
        fix = suggestion(text, start, end, replacement, message)
        if fix is not None:
            suggestions.append(fix)

    content_start, _ = _content_edges(text)
    lead = _lead_in(lists, source, text, content_start)
    if lead is not None:
        findings.append(_finding(CODES[0], text, *lead))
        offer(lead[0], lead[1], "", "remove the lead-in")
    note = _note(lists, source, text, lead[1] if lead else content_start)
    if note is not None:
        findings.append(_finding(CODES[1], text, *note))
        offer(note[0], note[1], "", "remove the note")
    _markers(lists, source, text, findings, offer)
    if params.get("echo", True):
        echo = _echo(source, text, subject.case)
        if echo is not None:
            findings.append(_finding(CODES[3], text, *echo))
            edit = _echo_edit(text, *echo)
            if edit is not None:
                offer(*edit, "", "remove the echoed source")
    if params.get("wrapping", True):
        wrapped = _wrapper(source, text)
        if wrapped is not None:
            start, end, inner = wrapped
            findings.append(_finding(CODES[4], text, start, end))
            offer(start, end, inner, "remove the wrapping")
    if not findings:
        return _PASS
    findings.sort(key=lambda found: (CODES.index(found["code"]), found["start"]))
    first = findings[0]
    message = f"{first['code'].removeprefix('response_').replace('_', ' ')}: {first['text']!r}"
    if len(findings) > 1:
        message += f" (and {len(findings) - 1} more finding(s))"
    evidence: dict[str, Any] = {"findings": findings}
    if suggestions:
        evidence["suggestions"] = suggestions
    return Outcome(first["code"], message, evidence)
