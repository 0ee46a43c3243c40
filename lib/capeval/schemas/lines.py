"""Schema-valid lines proven from their raw text, for a filter that reads many of one kind.

``ProvenLines(kind).decoded(block, lines)`` decodes each line of a plain block
(``jsonl.plain_block``) with msgspec into a flat Struct: the properties that vary from line
to line (``id``, ``source``) as strings, checked with the compiled module's own string rules,
every other top-level property as its exact JSON text (``msgspec.Raw``).
``proven_texts(line)`` says whether a decoded line is *proven*, which holds when

* it decodes: a JSON object with the required properties and no unknown one (an ``x-`` key
  is unknown here: such a line is not proven);
* its strings pass their rules, and every other property's text is one that appeared in a
  line the full path found valid (``learn``);
* it has no ``\\u`` escape, and the block vouches that no line repeats a key
  (``no_dropped_keys``).

A proven line's record is then exactly what the reader would make of it (``orjson.loads``:
no key repeated, and no integer beyond 64 bits, since a known text never has 19 digits in a
row and the strings' digits are no numbers) and it is valid against the schema: the top
level is decomposable (``schemas.memo``), so each property is valid on its own, and equal
texts are equal values. Every other line goes the full way (the reader, then
``SchemaCheck``), and a line that passes it teaches its texts. Memory stays flat: the texts
kept are bounded in bytes (``MEMO_BYTES``) and start afresh beyond it.

cap-validate's block path (``validate.blocks``) applies the same proof with the contract
rules on top; this one proves schema validity alone, which is what cap-check asks of a case.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from capeval.jsonl import has_long_digit_run
from capeval.schemas.memo import MEMOISED, top_level_plan

MEMO_BYTES = 4 << 20
MEMO_TEXT_BYTES = 2048
_ENTRY_BYTES = 100  # what a remembered text costs beyond its bytes (object, set slot)
_DECODE_ERRORS = (msgspec.ValidationError, msgspec.DecodeError)
_astuple = msgspec.structs.astuple


class ProvenLines:
    """Which lines of a block are valid records of ``kind``, proven without parsing them."""

    def __init__(self, kind: str, typed_fields: tuple[str, ...] = ("id", "source")) -> None:
        planned = top_level_plan(kind)
        self.available = planned is not None
        if not self.available:
            return
        assert planned is not None
        rules, required, _prefixes = planned
        typed = [name for name in typed_fields if rules.get(name, MEMOISED) is not MEMOISED]
        texts = [name for name in rules if name not in typed]
        fields: list[Any] = []
        for name in [*typed, *texts]:
            kind_of = str if name in typed else msgspec.Raw
            if name in required:
                fields.append((name, kind_of))
            else:
                fields.append((name, kind_of | msgspec.UnsetType, msgspec.UNSET))
        line_type = msgspec.defstruct(
            f"{kind.title()}Line", fields, forbid_unknown_fields=True, gc=False, kw_only=True
        )
        self._decode = msgspec.json.Decoder(line_type).decode
        self._encode = msgspec.json.Encoder().encode
        self._typed_rules = [
            (i, *rules[name])
            for i, name in enumerate(typed)
            if rules[name] != (0, float("inf"), None)
        ]
        self._first_text = len(typed)
        self._known: list[set[bytes]] = [set() for _ in texts]
        self._memo_bytes = 0
        self._last: tuple[Any, ...] = ()  # the texts of the last line proven

    def proven_texts(self, line: Any) -> tuple[Any, ...] | None:
        """The texts of a line ``decoded`` read (its memoised properties, ``msgspec.Raw`` or
        UNSET, in field order) when it is proven: its strings pass their rules and its texts
        are all known; else None."""
        values = _astuple(line)
        for at, low, high, search in self._typed_rules:
            value = values[at]
            if value is msgspec.UNSET:
                continue
            if not low <= len(value) <= high or (search is not None and search(value) is None):
                return None
        texts = values[self._first_text :]
        if texts == self._last:  # a suite repeats them line after line
            return texts
        known = self._known
        for at, text in enumerate(texts):
            if text is not msgspec.UNSET and bytes(text) not in known[at]:
                return None
        self._last = texts
        return texts

    def decoded(self, data: bytes, lines: list[bytes]) -> list[Any]:
        """Each line's Struct, or None for a line the proof cannot read (a decode error, a
        ``\\u`` escape); all None when the block may drop a key."""
        decode = self._decode
        escapes = b"\\u" in data
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
        if not no_dropped_keys(data, lines, decoded, self._encode):
            return [None] * len(lines)
        return decoded

    def learn(self, line: Any) -> None:
        """A line the full path found valid: its texts are known from now on. ``line`` is
        its Struct from ``decoded`` (the full path read the line, so no key repeats)."""
        texts = [
            (at, bytes(text))
            for at, text in enumerate(_astuple(line)[self._first_text :])
            if text is not msgspec.UNSET
        ]
        if any(len(text) > MEMO_TEXT_BYTES or has_long_digit_run(text) for _at, text in texts):
            # a long text is checked in full each time rather than kept; one with 19 digits
            # in a row may hold an integer beyond 64 bits, which only the exact parse reads
            return
        new = [(at, text) for at, text in texts if text not in self._known[at]]
        if not new:
            return
        size = sum(len(text) + _ENTRY_BYTES for _at, text in new)
        if self._memo_bytes + size > MEMO_BYTES:
            for known in self._known:
                known.clear()
            self._last = ()
            self._memo_bytes = 0
            new = texts
            size = sum(len(text) + _ENTRY_BYTES for _at, text in new)
        for at, text in new:
            self._known[at].add(text)
        self._memo_bytes += size


def no_dropped_keys(
    data: bytes, lines: list[bytes], decoded: list[Any], encode: Callable[[Any], bytes]
) -> bool:
    """True when no line of a block decoded into a flat Struct (``decoded``, None for a line
    not decoded, and for every line with a ``\\u`` escape) repeats a key.

    Every key of a line has one ':' after it, and every other ':' is inside a string.
    Encoding the decoded fields back (``encode``) writes each kept key once, each string with
    its ':' as they are (only a ``\\u`` escape can write one otherwise) and each text
    verbatim, so a line has at least as many ':' as its re-encoding, one more per key
    occurrence dropped: equal sums over the block mean no line dropped one. (A repeat inside a
    text cannot hide: the callers accept only texts of lines the full path read.)
    """
    kept = [line for line in decoded if line is not None]
    if not kept:
        return True
    in_lines = data.count(b":")
    if len(kept) < len(lines):
        in_lines -= sum(
            raw.count(b":") for raw, line in zip(lines, decoded, strict=True) if line is None
        )
    return encode(kept).count(b":") == in_lines
