"""cap-validate's block path: plain blocks of EvalCase lines proven clean without parsing.

``Run.records`` hands plain blocks (~1 MiB of whole lines, ``jsonl.plain_block``) to
``BlockPath.process``. Each line is decoded with msgspec into a flat Struct: the fields no
contract rule reads (``rules.EVALCASE_FREE_FIELDS``: the id and the source text) as strings,
every other top-level property as its exact JSON text (``msgspec.Raw``). A line is *clean*,
and its bytes are written as they are with no diagnostic, only when all of this holds:

* it decodes: a JSON object with the required properties and no unknown one;
* its strings pass their schema rules (the compiled module's own regex objects), and every
  other property's text is one that appeared in a line the full path found clean (below);
* the block vouches for its keys (``_no_dropped_keys``) and the secrets prefilter finds
  nothing in the block's strings (or else in the line);
* its id is new to the stream (``SeenKeys``).

Why texts seen in clean lines prove a property: the schema's top level is decomposable
(``schemas.memo``: each property is valid on its own), and every contract rule reads one
property alone, except the assertion rules, which read ``rules.EVALCASE_JOINT_FIELDS``
together: those texts are remembered as one tuple. Equal texts are equal values, so a rule
says of a remembered text what it said when it was learned; the same holds for the secrets
walk, whose findings in a property depend on its name and value alone.

Every other line goes the full way (``Run.parse_line`` then the record checker), in input
order, so diagnostics, line numbers, counts and the unique-key set are those of the per-line
path; a line the full path finds clean teaches its texts. tests/test_validate_blocks.py
mutates fields and blocks and proves stdout and stderr byte-identical to the per-line path.

The block path serves plain cap-validate runs of EvalCase lines: ``--lock``, ``--locked``,
``--manifest``, a ``--kind`` other than evalcase and line-buffered output (``--line-buffered``,
a terminal) read line by line (``capeval.validate`` decides).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain
from operator import attrgetter
from typing import Any

import msgspec

from capeval.run import LineBlock, Run
from capeval.schemas.lines import no_dropped_keys
from capeval.schemas.memo import MEMOISED, top_level_plan
from capeval.secrets import may_contain_secret
from capeval.validate.rules import EVALCASE_FREE_FIELDS, EVALCASE_JOINT_FIELDS

# Texts remembered (every property together, in bytes) before the memo starts afresh.
MEMO_BYTES = 4 << 20
MEMO_TEXT_BYTES = 2048
_ENTRY_BYTES = 100  # what a remembered text costs beyond its bytes (object, set slot)

# (line number, raw, record) -> whether the record passed with no problem at all
LinePath = Callable[[int, bytes, dict[str, Any]], bool]
_DECODE_ERRORS = (msgspec.ValidationError, msgspec.DecodeError)
astuple = msgspec.structs.astuple
_KEY = "id"  # an EvalCase's unique key (validate.kinds.unique_key), a string with its rule


def block_processor(
    run: Run, seen: Any, line_path: LinePath, write_block: Callable[[bytes], None]
) -> Callable[[LineBlock], None]:
    """What to do with each plain block: the block path, or, when the EvalCase schema's top
    level does not decompose, every line the full way."""
    planned = top_level_plan("evalcase")
    if planned is not None and planned[0].get(_KEY) not in (None, MEMOISED):
        return BlockPath(run, seen, line_path, write_block).process

    def line_by_line(block: LineBlock) -> None:
        lines = block.data.split(b"\n")
        if not lines[-1]:
            lines.pop()
        for index, raw in enumerate(lines, block.first_line_no):
            record = run.parse_line(index, raw)
            if record is not None:
                line_path(index, raw, record)

    return line_by_line


class BlockPath:
    """The clean lines of plain blocks written whole; every other line through ``line_path``."""

    def __init__(
        self, run: Run, seen: Any, line_path: LinePath, write_block: Callable[[bytes], None]
    ) -> None:
        self._run = run
        self._seen_add = seen.add
        self._line_path = line_path
        self._write_block = write_block
        planned = top_level_plan("evalcase")
        assert planned is not None  # block_processor() said so
        rules, required, _prefixes = planned  # an x- key is no field: the line goes in full
        typed = [name for name in EVALCASE_FREE_FIELDS if rules[name] is not MEMOISED]
        assert _KEY in typed  # block_processor() said so
        texts = [name for name in rules if name not in typed]
        fields: list[Any] = [(name, str) for name in typed]
        for name in texts:
            if name in required:
                fields.append((name, msgspec.Raw))
            else:
                fields.append((name, msgspec.Raw | msgspec.UnsetType, msgspec.UNSET))
        line_type = msgspec.defstruct(
            "EvalCaseLine", fields, forbid_unknown_fields=True, gc=False, kw_only=True
        )
        self._decode = msgspec.json.Decoder(line_type).decode
        self._encode = msgspec.json.Encoder().encode
        strings = attrgetter(*typed)
        self._strings = strings if len(typed) > 1 else lambda line: (strings(line),)
        self._key = attrgetter(_KEY)
        # the string rules that check anything (a plain "type: string" is msgspec's)
        self._typed_rules = [
            (i, *rules[name])
            for i, name in enumerate(typed)
            if rules[name] != (0, float("inf"), None)
        ]
        self._first_text = len(typed)
        self._joint = tuple(texts.index(name) for name in EVALCASE_JOINT_FIELDS)
        self._single = tuple(i for i in range(len(texts)) if i not in self._joint)
        self._known: list[set[bytes]] = [set() for _ in texts]
        self._known_joint: set[tuple[bytes | None, ...]] = set()
        self._memo_bytes = 0
        self._last: tuple[Any, ...] = ()  # the texts of the last clean line

    def process(self, block: LineBlock) -> None:
        """Pass on the block's clean lines, hand every other line to the full path, in order."""
        data = block.data
        lines = data.split(b"\n")
        if not lines[-1]:
            lines.pop()  # the block ends in "\n" (only the input's last line may not)
        decoded = self._decoded(data, lines)
        # known texts hold no credential (their lines were clean): only the strings may
        strings = "\n".join(chain.from_iterable(map(self._strings, filter(None, decoded))))
        secret_free = not may_contain_secret(strings.encode("utf-8", "surrogatepass"))
        clean = self._clean
        seen_add = self._seen_add
        key = self._key
        run = self._run
        first = block.first_line_no
        start = 0  # the first line of the run of clean lines not yet written
        for index, raw in enumerate(lines):
            line = decoded[index]
            if (
                line is not None
                and clean(line)
                and (secret_free or not may_contain_secret(raw))
                and seen_add(key(line))
            ):
                continue
            if start < index:
                self._flush(lines, start, index)
            start = index + 1
            record = run.parse_line(first + index, raw)
            if record is not None and self._line_path(first + index, raw, record):
                if line is not None:
                    self._learn(line)
        if start == 0 and lines:
            self._write_block(data if data[-1:] == b"\n" else data + b"\n")
            self._run.count_read(len(lines))
            self._run.counts["valid"] += len(lines)
        elif start < len(lines):
            self._flush(lines, start, len(lines))

    def _flush(self, lines: list[bytes], start: int, stop: int) -> None:
        """Lines [start, stop) were clean: counted, passed on."""
        self._write_block(b"\n".join(lines[start:stop]) + b"\n")
        self._run.count_read(stop - start)
        self._run.counts["valid"] += stop - start

    def _decoded(self, data: bytes, lines: list[bytes]) -> list[Any]:
        """Each line's decoded fields, or None for a line to take the full way."""
        decode = self._decode
        decoded: list[Any] = []
        append = decoded.append
        for raw in lines:
            try:
                append(decode(raw))
            except _DECODE_ERRORS:
                append(None)
        if not self._no_dropped_keys(data, lines, decoded):
            return [None] * len(lines)
        return decoded

    def _no_dropped_keys(self, data: bytes, lines: list[bytes], decoded: list[Any]) -> bool:
        """True when no decoded line repeats a key (``schemas.lines.no_dropped_keys``); a
        line with a "\\u" escape is set to None first: it takes the full way."""
        if b"\\" in data and b"\\u" in data:
            for index, raw in enumerate(lines):
                if b"\\u" in raw:
                    decoded[index] = None
        return no_dropped_keys(data, lines, decoded, self._encode)

    def _clean(self, line: Any) -> bool:
        """Whether the line's strings pass their rules and its texts are all known."""
        values = astuple(line)
        for index, low, high, search in self._typed_rules:
            value = values[index]
            if not low <= len(value) <= high or (search is not None and search(value) is None):
                return False
        texts = values[self._first_text :]
        if texts == self._last:
            return True
        known = self._known
        for index in self._single:
            text = texts[index]
            if text is not msgspec.UNSET and bytes(text) not in known[index]:
                return False
        if _joint_key(texts, self._joint) not in self._known_joint:
            return False
        self._last = texts
        return True

    def _learn(self, line: Any) -> None:
        """A line the full path passed without a problem: its texts are known from now on."""
        texts = astuple(line)[self._first_text :]
        joint = _joint_key(texts, self._joint)
        singles = [(i, bytes(texts[i])) for i in self._single if texts[i] is not msgspec.UNSET]
        sizes = [len(text) for text in joint if text is not None]
        sizes += [len(text) for _, text in singles]
        if max(sizes, default=0) > MEMO_TEXT_BYTES:
            return  # a long text is checked in full each time rather than kept
        size = sum(sizes) + _ENTRY_BYTES * (len(singles) + 1)
        if self._memo_bytes + size > MEMO_BYTES:
            for known in self._known:
                known.clear()
            self._known_joint.clear()
            self._memo_bytes = 0
        for index, text in singles:
            self._known[index].add(text)
        self._known_joint.add(joint)
        self._memo_bytes += size


def _joint_key(texts: tuple[Any, ...], indexes: tuple[int, ...]) -> tuple[bytes | None, ...]:
    return tuple(None if texts[i] is msgspec.UNSET else bytes(texts[i]) for i in indexes)
