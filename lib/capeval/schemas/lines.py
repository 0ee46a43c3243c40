"""Schema-valid lines proven from their raw text, for a filter that reads many of one kind.

``ProvenLines(kind).decoded(block, lines)`` decodes each line of a plain block
(``jsonl.plain_block``) with msgspec into a flat Struct: the properties that vary from line
to line (``id``, ``source``) as strings, checked with the compiled module's own string rules,
every other top-level property as its exact JSON text (``msgspec.Raw``).
``proven_texts(line, raw)`` says whether a decoded line is *proven*, which holds when

* it decodes: a JSON object with the required properties and no unknown one (an ``x-`` key
  is unknown here: such a line is not proven);
* its strings pass their rules, and every other property's text is one that appeared in a
  line the full path found valid (``learn``);
* it has no ``\\u`` escape, and its ':' count shows that it repeats no key (each key has
  one after it; every other one is in a value the Struct holds).

A proven line's record is then exactly what the reader would make of it (``orjson.loads``:
no key repeated, and no integer beyond 64 bits, since a known text never has 19 digits in a
row and the strings' digits are no numbers) and it is valid against the schema: the top
level is decomposable (``schemas.memo``), so each property is valid on its own, and equal
texts are equal values. Every other line goes the full way (the reader, then
``SchemaCheck``), and a line that passes it teaches its texts. Memory stays flat: the texts
kept are bounded in bytes (``MEMO_BYTES``) and start afresh beyond it.

A block of one suite is proven whole: ``shared_texts`` tests the decoded lines with C loops,
and ``shared_block`` (cap-check) decodes only each line's typed strings and compares the
block with its first line rebuilt around them.

What a learned line proves is its teacher's: cap-check teaches lines the schema accepts
(``case_reader``); cap-validate's block path (``validate.blocks``) teaches lines with no
problem at all, contract rules included, and knows the texts its assertion rules read
together only as one tuple (``joint_fields``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import chain, repeat
from operator import attrgetter, itemgetter
from typing import Any

import msgspec

from capeval.jsonl import has_long_digit_run, one_object_a_line
from capeval.schemas.memo import MEMOISED, top_level_plan

MEMO_BYTES = 4 << 20
MEMO_TEXT_BYTES = 2048
_ENTRY_BYTES = 100  # what a remembered text costs beyond its bytes (object, set slot)
_DECODE_ERRORS = (msgspec.ValidationError, msgspec.DecodeError)
_astuple = msgspec.structs.astuple
_UNSET = msgspec.UNSET


def _template(line: str, strings: list[str]) -> tuple[list[str], list[int]] | None:
    """The pieces of ``line`` around its ``strings`` (each where it first occurs quoted),
    and the strings' order in it; None when one is missing or two overlap."""
    spans = []
    for at, string in enumerate(strings):
        start = line.find(f'"{string}"') + 1
        if not start:
            return None
        spans.append((start, start + len(string), at))
    spans.sort()
    pieces = []
    end = 0
    for start, stop, _at in spans:
        if start < end:
            return None
        pieces.append(line[end:start])
        end = stop
    pieces.append(line[end:] + "\n")
    return pieces, [at for _start, _stop, at in spans]


_REBUILT_LINES = 256  # a rebuilt stretch: small enough to stay off mmap, big enough for C


def _rebuilds(data: bytes, pieces: list[str], columns: list[list[str]]) -> bool:
    """Whether ``data`` is, line after line, ``pieces`` joined around the columns' strings
    (compared a stretch at a time, with no copy of ``data``)."""
    rows = len(columns[0])
    if not data.endswith(b"\n"):
        data += b"\n"  # the input's last line (the rebuilt ones all end in one)
    at = 0
    try:
        for first in range(0, rows, _REBUILT_LINES):
            stretch = [column[first : first + _REBUILT_LINES] for column in columns]
            parts = [repeat(pieces[0])]
            for column, piece in zip(stretch, pieces[1:], strict=True):
                parts += (column, repeat(piece))
            # (the pieces repeat without end: the stretch's columns say how many lines)
            rebuilt = "".join(list(chain.from_iterable(zip(*parts, strict=False)))).encode()
            if not data.startswith(rebuilt, at):
                return False
            at += len(rebuilt)
    except UnicodeEncodeError:  # a lone surrogate (none is read without an escape)
        return False
    return at == len(data)


def column_search(search: Any) -> Callable[[list[str]], bool] | None:
    """For a string rule ``search`` (a compiled ``^…$`` or ``^…\\Z`` pattern's ``search``): a
    test of a whole column at once, one regex call over the strings joined by newlines, which
    says what ``all(map(search, column))`` says; None when the pattern is not one it can
    prove that for. It can when nothing between the anchors can match a newline (so the
    joined text splits only at its newlines: the column pattern ``(?:BODY\\n)*`` matches it
    whole exactly when each string matches BODY whole) and the engine backtracks into
    everything (no atomic group, no possessive repeat); a column with a newline in a string
    is tested string by string."""
    try:
        import re._parser as sre  # the standard library's own parse of a pattern
    except ImportError:
        return None
    pattern = search.__self__
    text = pattern.pattern
    if not isinstance(text, str) or not text.startswith("^"):
        return None
    end = "\\Z" if text.endswith("\\Z") else "$" if text.endswith("$") else None
    if end is None or pattern.flags & (re.MULTILINE | re.DOTALL | re.VERBOSE):
        return None
    try:
        items = list(sre.parse(text, pattern.flags))
    except re.error:
        return None
    ends = {(sre.AT, sre.AT_BEGINNING), (sre.AT, sre.AT_END), (sre.AT, sre.AT_END_STRING)}
    if len(items) < 2 or items[0] not in ends or items[-1] not in ends:
        return None
    if not _never_a_newline(items[1:-1], sre):
        return None
    body = text[1 : -len(end)]
    whole = re.compile(f"(?:{body}\n)*", pattern.flags).fullmatch

    def column_passes(column: list[str]) -> bool:
        joined = "\n".join(column)
        if joined.count("\n") != len(column) - 1:  # a string holds a newline
            return all(map(search, column))
        return whole(joined + "\n") is not None

    return column_passes


def _column_test(search: Any) -> Callable[[list[str]], bool]:
    """``search``'s test of a column: one regex call (``column_search``) or a call a string."""
    column_passes = column_search(search)
    if column_passes is not None:
        return column_passes
    return lambda column: all(map(search, column))


def _never_a_newline(items: Any, sre: Any) -> bool:
    """Whether the parsed pattern ``items`` can match no text holding a newline (a safe
    subset: literals, positive classes of ranges, digits and word characters, groups,
    branches and backtracking repeats of them)."""
    newline = ord("\n")
    for op, av in items:
        if op is sre.LITERAL:
            if av == newline:
                return False
        elif op is sre.IN:
            for kind, value in av:
                if kind is sre.LITERAL and value != newline:
                    continue
                if kind is sre.RANGE and not value[0] <= newline <= value[1]:
                    continue
                if kind is sre.CATEGORY and value in (sre.CATEGORY_DIGIT, sre.CATEGORY_WORD):
                    continue
                return False  # a negated class, or one that holds a newline
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
            if not _never_a_newline(av[2], sre):
                return False
        elif op is sre.SUBPATTERN:
            if not _never_a_newline(av[3], sre):
                return False
        elif op is sre.BRANCH:
            if not all(_never_a_newline(branch, sre) for branch in av[1]):
                return False
        else:  # anything else (any character, anchors, lookarounds, references...)
            return False
    return True


class ProvenLines:
    """Which lines of a block are valid records of ``kind``, proven without parsing them."""

    def __init__(
        self,
        kind: str,
        typed_fields: tuple[str, ...] = ("id", "source"),
        joint_fields: tuple[str, ...] = (),
    ) -> None:
        """``typed_fields`` are decoded as strings (those required, with a plain string rule);
        ``joint_fields`` are texts known only together, as one tuple (cap-validate's
        assertion rules read them together)."""
        planned = top_level_plan(kind)
        self.available = planned is not None
        if not self.available:
            return
        assert planned is not None
        rules, required, _prefixes = planned
        # a typed field is a required one with a plain string rule: never UNSET (any other is
        # decoded as a text)
        typed = [
            name
            for name in typed_fields
            if name in required and rules.get(name, MEMOISED) is not MEMOISED
        ]
        self.typed_fields = tuple(typed)
        texts = [name for name in rules if name not in typed]
        fields: list[Any] = []
        for name in [*typed, *texts]:
            kind_of = str if name in typed else msgspec.Raw
            if name in required:
                fields.append((name, kind_of))
            else:
                fields.append((name, kind_of | msgspec.UnsetType, _UNSET))
        line_type = msgspec.defstruct(
            f"{kind.title()}Line", fields, forbid_unknown_fields=True, gc=False, kw_only=True
        )
        decoder = msgspec.json.Decoder(line_type)
        self._decode = decoder.decode
        self._decode_lines = decoder.decode_lines
        # the typed strings alone (any other property skipped): what shared_block reads
        strings_type = msgspec.defstruct(
            f"{kind.title()}Strings", [(name, str) for name in typed], gc=False, kw_only=True
        )
        self._decode_strings = msgspec.json.Decoder(strings_type).decode_lines
        # (at, shortest, longest, search, search's test of a whole column) of each typed
        # string with a rule
        self._typed_rules: list[tuple[int, float, float, Any, Any]] = []
        for at, name in enumerate(typed):
            low, high, search = rules[name]
            if (low, high, search) != (0, float("inf"), None):
                column = None if search is None else _column_test(search)
                self._typed_rules.append((at, low, high, search, column))
        self._first_text = len(typed)
        self._texts_of = itemgetter(slice(len(typed), None))
        self._joint = tuple(texts.index(name) for name in joint_fields)
        self._single = tuple(at for at in range(len(texts)) if at not in self._joint)
        self._known: list[set[bytes]] = [set() for _ in texts]
        self._known_joint: set[tuple[bytes | None, ...]] = set()
        self._memo_bytes = 0
        self._last: tuple[Any, ...] = ()  # the texts of the last line proven
        self._last_colons = 0  # the ':' its texts and their keys hold

    def proven_texts(self, line: Any, raw: bytes) -> tuple[Any, ...] | None:
        """The texts of a line ``decoded`` read from ``raw`` (its memoised properties,
        ``msgspec.Raw`` or UNSET, in field order) when it is proven: its strings pass their
        rules, its texts are all known and it repeats no key; else None.

        Every key has one ':' after it, and every other ':' is inside a value: a string's
        as written (only a ``\\u`` escape could write one otherwise, and such lines are not
        decoded), a text's verbatim. A line holds as many as its decoded fields account
        for, and one more for each key occurrence the decoder dropped. (A repeat inside a
        text cannot hide: known texts are those of lines the full path read.)
        """
        values = _astuple(line)
        first_text = self._first_text
        for at, low, high, search, _column in self._typed_rules:
            value = values[at]
            if not low <= len(value) <= high or (search is not None and search(value) is None):
                return None
        # a key for each typed string, and the string's own
        colons = first_text + "".join(values[:first_text]).count(":")
        texts = values[first_text:]
        if texts != self._last:  # a suite repeats them line after line
            known = self._known
            for at in self._single:
                text = texts[at]
                if text is not _UNSET and bytes(text) not in known[at]:
                    return None
            if self._joint and self._joint_key(texts) not in self._known_joint:
                return None
            self._last = texts
            self._last_colons = sum(
                1 + bytes(text).count(b":") for text in texts if text is not _UNSET
            )
        return texts if raw.count(b":") == colons + self._last_colons else None

    def shared_texts(
        self, decoded: list[Any], lines: list[bytes], data: bytes
    ) -> tuple[Any, ...] | None:
        """The texts every line of a block shares (``decoded`` its Structs) when
        ``proven_texts`` proves each line; None when a line is not proven or the lines' texts
        differ (then ask line by line). A suite's usual block is decided by C loops over the
        block: the first line is proven, and then each line's strings pass their rules and the
        block's ':' count is what its lines' keys, texts and strings account for."""
        if not lines or None in decoded:  # a line that does not decode is never proven
            return None
        texts = self._texts_of(_astuple(decoded[0]))
        # (streamed, not lists of tuples: a block's worth of them would raise the peak RSS)
        if not all(map(texts.__eq__, map(self._texts_of, map(_astuple, decoded)))):
            return None
        if self.proven_texts(decoded[0], lines[0]) is None:
            return None
        columns = self.columns(decoded)
        if not self._columns_pass(columns):
            return None
        # A line holds at least the ':' its decoded fields account for (its keys', its
        # strings', its texts': disjoint parts of it), and one more for each key occurrence
        # the decoder dropped; so the block holds the accounted total only when every line
        # holds its own, and one count over the block tells (no count a line).
        accounted = (self._first_text + self._last_colons) * len(lines)
        accounted += sum("".join(column).count(":") for column in columns)
        # (``data`` is the lines with their newlines: the same ':')
        return texts if data.count(b":") == accounted else None

    def columns(self, structs: list[Any]) -> list[list[str]]:
        """Each typed field's column of strings, from the lines' Structs."""
        return [list(map(attrgetter(name), structs)) for name in self.typed_fields]

    def _columns_pass(self, columns: list[list[str]]) -> bool:
        """Whether every string of each typed column passes its rules."""
        for at, low, high, _search, column_passes in self._typed_rules:
            column = columns[at]
            lengths = list(map(len, column))
            if min(lengths) < low or max(lengths) > high:
                return False
            if column_passes is not None and not column_passes(column):
                return False
        return True

    def shared_block(self, data: bytes) -> tuple[tuple[Any, ...], Any, list[list[str]]] | None:
        """A suite's usual block proven whole, when its first line is proven and every line
        is that line with other typed strings, each passing its rules: (the texts the lines
        share, the first line's Struct, each typed field's column); else None.

        Only the typed strings of the lines are decoded; then the block is rebuilt from the
        first line with each line's strings in their places, and compared with the block as
        read. With no backslash in the block, no string holds a quote, a control character
        or an escape: a string is its UTF-8 between two quotes, so each rebuilt line is one
        object, the first line's structure and texts with other strings. Equal, the block
        decodes line by line into what was put in the rebuilt places; so those are the
        typed properties' places (a string put elsewhere would leave the property its first
        line's, and then be that string too), wherever its quoted text was found.
        """
        if not self.typed_fields or b"\\" in data:
            return None
        end = data.find(b"\n")
        first = data[:end] if end >= 0 else data
        try:
            line = self._decode(first)
        except _DECODE_ERRORS:
            return None
        texts = self.proven_texts(line, first)
        if texts is None:
            return None
        template = _template(first.decode(), [getattr(line, name) for name in self.typed_fields])
        if template is None:
            return None
        pieces, order = template
        try:
            strings = self._decode_strings(data)
        except _DECODE_ERRORS:
            return None
        columns = self.columns(strings)
        if not self._columns_pass(columns):
            return None
        if not _rebuilds(data, pieces, [columns[at] for at in order]):
            return None
        return texts, line, columns

    def _joint_key(self, texts: tuple[Any, ...]) -> tuple[bytes | None, ...]:
        return tuple(None if texts[at] is _UNSET else bytes(texts[at]) for at in self._joint)

    def decoded(self, data: bytes, lines: list[bytes]) -> list[Any]:
        """Each line's Struct, or None for a line the proof cannot read (a decode error, a
        ``\\u`` escape)."""
        # (a backslash is rare; the search for one is a memchr, for "\\u" a slow scan)
        escapes = b"\\" in data and b"\\u" in data
        if not escapes and lines and one_object_a_line(lines):
            # every line one object: decoding the block at once yields each line's Struct
            # (msgspec's loop, not a call a line), or fails when any line does
            try:
                found = self._decode_lines(data)
            except _DECODE_ERRORS:
                pass
            else:
                if len(found) == len(lines):
                    return found
        decode = self._decode
        decoded: list[Any] = []
        append = decoded.append
        for raw in lines:
            if escapes and b"\\u" in raw:
                append(None)
                continue
            try:
                append(decode(raw))
            except _DECODE_ERRORS:
                append(None)
        return decoded

    def learn(self, line: Any) -> None:
        """A line the full path found valid: its texts are known from now on. ``line`` is
        its Struct from ``decoded`` (the full path read the line, so no key repeats)."""
        texts = _astuple(line)[self._first_text :]
        present = [bytes(text) for text in texts if text is not _UNSET]
        if any(len(text) > MEMO_TEXT_BYTES or has_long_digit_run(text) for text in present):
            # a long text is checked in full each time rather than kept; one with 19 digits
            # in a row may hold an integer beyond 64 bits, which only the exact parse reads
            return
        singles = [(at, bytes(texts[at])) for at in self._single if texts[at] is not _UNSET]
        joint = self._joint_key(texts) if self._joint else None
        size = sum(map(len, present)) + _ENTRY_BYTES * (len(singles) + 1)
        if self._memo_bytes + size > MEMO_BYTES:
            for known in self._known:
                known.clear()
            self._known_joint.clear()
            self._last = ()
            self._memo_bytes = 0
        for at, text in singles:
            self._known[at].add(text)
        if joint is not None:
            self._known_joint.add(joint)
        self._memo_bytes += size
