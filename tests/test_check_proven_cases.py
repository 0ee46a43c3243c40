"""cap-check's proven case lines (``capeval.schemas.lines``, ``capeval.case_reader``)
against the full path (the reader, then the compiled schema for every line).

The inputs are test_validate_blocks's: lines of a suite, each possibly mutated (any field
replaced, removed or added, corrupted, other separators, a key repeated, escapes, a BOM,
CRLF, blank lines, long digit runs, credentials, invalid and non-object lines), cut into
small blocks. With the proof on, cap-check must write exactly the stdout and stderr it
writes with it off: the proof never passes a case the schema rejects, never reads a record
differently and numbers every line the same.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval import case_reader

from conftest import evalcase, run_in_process
from test_validate_blocks import inputs, suites

CANDIDATES = "".join(
    json.dumps({"case_id": f"suite.{kind}.{i}", "text": f"Hallo %s, {i} Münzen"}) + "\n"
    for kind in ("case", "other")
    for i in range(0, 301, 3)
)
OPTIONS = st.sampled_from(
    [[], ["-q"], ["--no-orphans"], ["--first-line", "41"], ["--only", "max_chars"],
     ["--max-line-bytes", "300"], ["--progress"]]
)  # fmt: skip


def _both_paths(data: bytes, args: list[str], block_bytes: int, tmp_path) -> list[tuple]:
    candidates = tmp_path / "candidates.jsonl"
    candidates.write_text(CANDIDATES, encoding="utf-8")
    runs = []
    for enabled in (True, False):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(case_reader, "FAST_PATHS", enabled)
            patch.setattr(case_reader, "BLOCK_BYTES", block_bytes)
            done = run_in_process(
                "cap-check", ["--candidates", str(candidates), "--exit-zero", *args], data
            )
        runs.append((done.returncode, done.stdout, done.stderr))
    return runs


@settings(max_examples=200, deadline=None)
@given(inputs(), OPTIONS, st.integers(1, 6000))
def test_proven_cases_are_the_full_paths_cases(tmp_path_factory, data, args, block_bytes):
    fast, full = _both_paths(data, args, block_bytes, tmp_path_factory.mktemp("proven"))
    assert fast == full


@settings(max_examples=200, deadline=None)
@given(suites(), OPTIONS, st.integers(200, 20000))
def test_mutated_cases_in_a_suite_take_the_full_path(tmp_path_factory, data, args, block_bytes):
    fast, full = _both_paths(data, args, block_bytes, tmp_path_factory.mktemp("proven"))
    assert fast == full


def test_proven_lines_skip_the_reader_and_the_schema(tmp_path, monkeypatch):
    """The proof does its job: after the first line of a suite, no case is parsed by the
    reader nor checked against the schema."""
    from capeval.run import Run
    from capeval.schemas.memo import SchemaCheck

    data = "".join(json.dumps(evalcase(id=f"suite.case.{i}")) + "\n" for i in range(300))
    parsed: list[int] = []
    checked: list[int] = []
    parse_line, problem = Run.parse_line, SchemaCheck.problem

    def counting_parse(self, line_no, raw):
        parsed.append(line_no)
        return parse_line(self, line_no, raw)

    def counting_problem(self, record, raw=None):
        checked.append(1)
        return problem(self, record, raw)

    monkeypatch.setattr(Run, "parse_line", counting_parse)
    monkeypatch.setattr(SchemaCheck, "problem", counting_problem)
    fast, full = _both_paths(data.encode(), [], 1 << 20, tmp_path)
    assert fast == full
    assert b'"case_id":"suite.case.3"' in fast[1]
    # the first run (proof on) parsed line 1 only; the second (off) read all 300 line by line
    assert parsed == [1]
    assert len(checked) == 1 + 300


def test_a_text_with_a_long_integer_is_never_known(tmp_path):
    """A params text with an integer beyond 64 bits, learned, would be read by orjson as a
    float: such a text is never kept, so the line keeps its exact integer."""
    case = evalcase(id="suite.case.0")
    case["context"] = {"max_chars": 12345678901234567890123}
    lines = [json.dumps({**case, "id": f"suite.case.{i}"}) for i in range(6)]
    fast, full = _both_paths(("\n".join(lines) + "\n").encode(), [], 1 << 20, tmp_path)
    assert fast == full
