"""cap-validate's block path: plain blocks of EvalCase lines proven clean without parsing.

``Run.records`` hands plain blocks (~1 MiB of whole lines, ``jsonl.plain_block``) to
``BlockPath.process``. Each line is decoded with msgspec (``schemas.lines.ProvenLines``, the
decoder cap-check's case stream uses too) into a flat Struct: the fields no
contract rule reads (``rules.EVALCASE_FREE_FIELDS``: the id and the source text) as strings,
every other top-level property as its exact JSON text (``msgspec.Raw``). A line is *clean*,
and its bytes are written as they are with no diagnostic, only when all of this holds:

* it decodes: a JSON object with the required properties and no unknown one;
* its strings pass their schema rules (the compiled module's own regex objects), and every
  other property's text is one that appeared in a line the full path found clean (below);
* its ':' count shows it repeats no key (``schemas.lines``) and the secrets prefilter finds
  nothing in the block's strings (or else in the line);
* its id is new to the stream (``SeenKeys``).

The usual block is clean throughout and its lines share their texts: it is proven by C loops
over the block (``ProvenLines.shared_texts``), its ids are added together
(``SeenKeys.add_all``, which adds none when any is not new) and it is written as read. Any
other block goes line by line, from its first line again.

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

from capeval.run import LineBlock, Run
from capeval.schemas.lines import ProvenLines
from capeval.schemas.memo import MEMOISED, top_level_plan
from capeval.secrets import may_contain_secret
from capeval.validate.rules import EVALCASE_FREE_FIELDS, EVALCASE_JOINT_FIELDS

# (line number, raw, record) -> whether the record passed with no problem at all
LinePath = Callable[[int, bytes, dict[str, Any]], bool]
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
        self._seen_add_all = seen.add_all
        self._line_path = line_path
        self._write_block = write_block
        # an x- key is no field: the line goes in full
        self._proven = ProvenLines(
            "evalcase", typed_fields=EVALCASE_FREE_FIELDS, joint_fields=EVALCASE_JOINT_FIELDS
        )
        typed = self._proven.typed_fields
        assert _KEY in typed  # block_processor() said so
        strings = attrgetter(*typed)
        self._strings = strings if len(typed) > 1 else lambda line: (strings(line),)
        self._key = attrgetter(_KEY)

    def process(self, block: LineBlock) -> None:
        """Pass on the block's clean lines, hand every other line to the full path, in order."""
        data = block.data
        lines = data.split(b"\n")
        if not lines[-1]:
            lines.pop()  # the block ends in "\n" (only the input's last line may not)
        proven = self._proven
        decoded = proven.decoded(data, lines)
        # known texts hold no credential (their lines were clean): only the strings may
        strings = "\n".join(chain.from_iterable(map(self._strings, filter(None, decoded))))
        secret_free = not may_contain_secret(strings.encode("utf-8", "surrogatepass"))
        proven_texts = proven.proven_texts
        key = self._key
        if (
            secret_free
            and lines
            and proven.shared_texts(decoded, lines, data) is not None
            and self._seen_add_all(list(map(key, decoded)))
        ):  # the usual block, all clean (its lines share their texts): written whole
            self._write_whole(data, len(lines))
            return
        # else line by line: the clean lines in runs, every other one the full way, in order
        seen_add = self._seen_add
        run = self._run
        first = block.first_line_no
        start = 0  # the first line of the run of clean lines not yet written
        for index, raw in enumerate(lines):
            line = decoded[index]
            if (
                line is not None
                and proven_texts(line, raw) is not None
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
                    proven.learn(line)
        if start == 0 and lines:
            self._write_whole(data, len(lines))
        elif start < len(lines):
            self._flush(lines, start, len(lines))

    def _write_whole(self, data: bytes, count: int) -> None:
        """The block's ``count`` lines were all clean: counted, passed on as read."""
        self._write_block(data if data[-1:] == b"\n" else data + b"\n")
        self._run.count_read(count)
        self._run.counts["valid"] += count

    def _flush(self, lines: list[bytes], start: int, stop: int) -> None:
        """Lines [start, stop) were clean: counted, passed on."""
        self._write_block(b"\n".join(lines[start:stop]) + b"\n")
        self._run.count_read(stop - start)
        self._run.counts["valid"] += stop - start
