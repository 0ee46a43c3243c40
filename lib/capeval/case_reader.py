"""The valid EvalCase records of a check run's inputs, in order, each with its plan key.

``valid_cases`` reads the inputs in blocks (``Run.records``). A line proven valid from its
raw text (``schemas.lines``) is parsed once, with no further test; every other line is read
as the reader reads it (``Run.parse_line``: its diagnostics, counts and records) and checked
against the compiled schema (``SchemaCheck``), and an invalid case is reported and handed to
``on_invalid``. Either way the run sees the same records, diagnostics and counts: the proof
only skips work whose outcome it knows (tests/test_check_proven_cases.py compares the two).
A suite's usual block, every line its first with another id and source, is proven whole
(``ProvenLines.shared_block``: the two strings decoded, the block rebuilt from its first line
and compared) and comes as one ``CaseBlock``; so does a block with an escape whose lines all
share their texts (``ProvenLines.shared_texts``), with no test per line either way.

A proven line comes with the exact JSON text of its ``assertions`` (equal texts are equal
values), the key of its plan (``check.plan_case``); any other with None (the plan keys it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from capeval.jsonl import BLOCK_BYTES, loads_proven
from capeval.run import LineBlock, Run
from capeval.schemas.memo import SchemaCheck

FAST_PATHS = True  # tests turn the proof off to compare with the full path

# (line number, case, the exact text of its assertions, or None)
ValidCase = tuple[int, dict[str, Any], bytes | None]


class CaseBlock(NamedTuple):
    """A block of valid cases that share everything but their ids and sources: ``base``,
    with the id and source of each line; ``cases()`` makes them as ``valid_cases`` yields
    cases one by one."""

    first_line_no: int
    ids: list[str]
    sources: list[str]
    base: dict[str, Any]
    assertions_text: bytes

    def cases(self) -> Iterator[ValidCase]:
        pairs = zip(self.ids, self.sources, strict=True)
        for line_no, (case_id, source) in enumerate(pairs, self.first_line_no):
            yield line_no, self.case(case_id, source), self.assertions_text

    def case(self, case_id: str, source: str) -> dict[str, Any]:
        return _case_with(self.base, case_id, source)


def _case_with(base: dict[str, Any], case_id: str, source: str) -> dict[str, Any]:
    """``base`` with another id and source: a case whose other texts are ``base``'s."""
    case = dict(base)  # every property but the two strings is the same
    case["id"] = case_id
    case["source"] = source
    return case


def _first_line(data: bytes) -> bytes:
    end = data.find(b"\n")
    return data if end < 0 else data[:end]


def valid_cases(
    run: Run, on_invalid: Callable[[dict[str, Any]], None], *, blocks: bool = False
) -> Iterator[ValidCase | CaseBlock]:
    """Every valid case of the run's inputs; each invalid one reported, then ``on_invalid``.
    With ``blocks``, a block of lines that share their texts comes as one ``CaseBlock``."""
    schema_check = SchemaCheck("evalcase")
    proven: Any = None  # ProvenLines, made at the first block (msgspec stays off start-up)

    def full_path(line_no: int, raw: bytes, case: dict[str, Any]) -> bool:
        found = schema_check.problem(case, raw)
        if found is None:
            return True
        run.emit_problems([found], case, line=line_no)
        run.count("invalid cases")
        on_invalid(case)
        return False

    # the last proven case parsed, and its texts: a line with the same texts is that case with
    # its own id and source (equal texts are equal values), made without parsing
    last_texts: tuple[Any, ...] | None = None
    last_case: dict[str, Any] = {}
    assertions_text = b""
    for item in run.records(BLOCK_BYTES if FAST_PATHS else 0):
        if type(item) is not LineBlock:
            line_no, raw, case = item
            if full_path(line_no, raw, case):
                yield line_no, case, None
            continue
        if proven is None:
            from capeval.schemas.lines import ProvenLines

            proven = ProvenLines("evalcase")
            proven_texts = proven.proven_texts
        data = item.data

        def as_block(shared: tuple[Any, ...], first: Any, first_raw: bytes) -> bool:
            """Whether a block proven whole with these texts comes as their CaseBlock."""
            nonlocal last_texts, last_case, assertions_text
            if shared != last_texts:
                case = loads_proven(first_raw)
                if case is None:
                    return False
                last_texts, last_case = shared, case
                assertions_text = bytes(first.assertions)
            return True

        # a suite's usual block: every line the first one with another id and source
        found = proven.shared_block(data) if blocks and proven.available else None
        if found is not None and as_block(found[0], found[1], _first_line(data)):
            ids, sources = found[2]
            run.count_read(len(ids))
            yield CaseBlock(item.first_line_no, ids, sources, last_case, assertions_text)
            continue
        lines = data.split(b"\n")
        if not lines[-1]:
            lines.pop()  # the block ends in "\n" (only the input's last line may not)
        decoded = proven.decoded(data, lines) if proven.available else [None] * len(lines)
        # every line proven, all with these texts (no test a line): a block with an escape
        shared = proven.shared_texts(decoded, lines, data) if proven.available else None
        if blocks and shared is not None and as_block(shared, decoded[0], lines[0]):
            run.count_read(len(lines))
            ids, sources = proven.columns(decoded)
            yield CaseBlock(item.first_line_no, ids, sources, last_case, assertions_text)
            continue
        read = 0  # proven lines, counted once per block
        for index, raw in enumerate(lines, item.first_line_no):
            line = decoded[index - item.first_line_no]
            if shared is not None:
                texts = shared
            else:
                texts = None if line is None else proven_texts(line, raw)
            if texts is not None:
                if texts == last_texts:
                    read += 1
                    yield index, _case_with(last_case, line.id, line.source), assertions_text
                    continue
                case = loads_proven(raw)
                if case is not None:
                    last_texts, last_case = texts, case
                    assertions_text = bytes(line.assertions)  # required: decoded
                    read += 1
                    yield index, dict(case), assertions_text
                    continue
            case = run.parse_line(index, raw)
            if case is None or not full_path(index, raw, case):
                continue
            if line is not None:
                proven.learn(line)
            yield index, case, None
        run.count_read(read)
