"""Scale-out on GNU parallel (docs/scale-out.md): chunks give the bytes of one run.

Real processes: the point is parallel's own splitting, job slots and its remote-host code
path (``-S 2/:`` runs two slots on this machine through the code that ssh would use).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT, command

pytestmark = pytest.mark.skipif(
    shutil.which("parallel") is None,
    reason="GNU parallel is not installed (apt-get install parallel; .ci/run does)",
)

EXAMPLES = ROOT / "examples/domain_semantic_quality"
CASES = sorted((ROOT / "evals/i18n-prompt/cases/dev").glob("*.jsonl"))
LINES_PER_CHUNK = 25


def _input(tmp: Path, blank_lines: bool = True) -> Path:
    """Valid cases with bad lines of every kind in between (no id twice: see the docs)."""
    lines = b"".join(path.read_bytes() for path in CASES).splitlines(keepends=True)[:60]
    bad = [b"not json\n", b'{"schema_version": 2}\n', b"[1]\n", b'{"a": 1}\n']
    if blank_lines:
        bad.append(b"\n")
    mixed = []
    for n, line in enumerate(lines):
        mixed.append(line)
        if n % 9 == 4:
            mixed.append(bad[n % len(bad)])
    path = tmp / "input.jsonl"
    path.write_bytes(b"".join(mixed))
    return path


def _parallel(*args: str, stdin: Path | None = None) -> subprocess.CompletedProcess:
    with open(stdin or "/dev/null", "rb") as source:
        return subprocess.run(
            ["parallel", "--will-cite", "-k", "-j2", "-S", "2/:", *args],
            stdin=source,
            capture_output=True,
            timeout=120,
        )


def _one_run(tool: str, *args: str, stdin: Path) -> subprocess.CompletedProcess:
    with open(stdin, "rb") as source:
        return subprocess.run(
            [command(tool), *args], stdin=source, capture_output=True, timeout=120
        )


@pytest.mark.parametrize("tool", ["cap-validate"])
def test_line_chunks_with_first_line_equal_one_run(tmp, tool):
    # parallel -N glues a blank line to the record before it: exact for inputs without
    # blank lines (docs/scale-out.md)
    data = _input(tmp, blank_lines=False)
    one = _one_run(tool, "-q", stdin=data)
    assert one.returncode == 1 and one.stderr.count(b"error:") >= 5
    first_line = f"{{= $_=(seq()-1)*{LINES_PER_CHUNK}+1 =}}"
    chunked = _parallel(
        "--pipe",
        "-N",
        str(LINES_PER_CHUNK),
        command(tool),
        "-q",
        "--first-line",
        first_line,
        stdin=data,
    )
    assert chunked.stdout == one.stdout
    assert chunked.stderr == one.stderr  # the same diagnostics, lines of the whole input
    assert chunked.returncode > 0  # parallel: how many chunks failed


# {first-line}: the line of the whole file where a --pipe-part block starts (docs/scale-out.md)
FIRST_LINE_RPL = (ROOT / "contrib/parallel-first-line.rpl").read_text(encoding="utf-8").strip()


def _blocks(data: Path, block: str, *job: str) -> subprocess.CompletedProcess:
    """``job`` on --pipe-part blocks of ``data``, with ``{first-line}`` defined."""
    return _parallel(
        "--rpl", FIRST_LINE_RPL, "--pipe-part", "-a", str(data), "--block", block, *job
    )


@pytest.mark.parametrize("block", ["9k", "2k"])
def test_pipe_part_blocks_give_the_bytes_and_diagnostics_of_one_run(tmp, block):
    data = _input(tmp)  # blank lines too: blocks are cut by bytes, numbered by lines
    one = _one_run("cap-validate", "-q", stdin=data)
    assert one.returncode == 1 and one.stderr.count(b":") >= 5
    parts = _blocks(data, block, command("cap-validate"), "-q", "--first-line", "{first-line}")
    assert parts.stdout == one.stdout
    assert parts.stderr == one.stderr  # every diagnostic, numbered by the lines of the file
    assert parts.returncode > 0  # parallel: how many blocks failed


def test_first_line_replacement_is_idempotent_and_starts_at_one(tmp):
    # parallel may expand a replacement string more than once per job: same number each time
    data = _input(tmp)
    listed = _blocks(data, "3k", "echo {first-line} {first-line}; cat > /dev/null")
    pairs = [line.split() for line in listed.stdout.decode().splitlines()]
    assert pairs[0] == ["1", "1"] and len(pairs) > 3
    assert all(a == b for a, b in pairs)
    numbers = [int(a) for a, _ in pairs]
    assert numbers == sorted(set(numbers))  # strictly increasing, block after block


def test_check_chunks_equal_one_run(tmp):
    data = tmp / "cases.jsonl"
    lines = (ROOT / "evals/i18n-prompt/cases/dev/placeholders.jsonl").read_bytes().splitlines()
    # a bad line and a blank one every few cases: diagnostics to number
    data.write_bytes(
        b"".join(
            line + b"\n" + (b"not json\n\n" if n % 7 == 3 else b"") for n, line in enumerate(lines)
        )
    )
    candidates = ROOT / "evals/i18n-prompt/baselines/placeholders.candidates.jsonl"
    options = ["-q", "--exit-zero", "--no-orphans", "--candidates", str(candidates)]
    one = _one_run("cap-check", *options, stdin=data)
    assert one.returncode == 0 and one.stdout and one.stderr.count(b"jsonl.") >= 3
    chunked = _blocks(data, "12k", command("cap-check"), *options, "--first-line", "{first-line}")
    assert chunked.returncode == 0
    assert chunked.stdout == one.stdout
    assert chunked.stderr == one.stderr


def test_partial_scores_per_chunk_merge_into_one_run(tmp):
    scores = EXAMPLES / "synthetic_reviewer_scores.jsonl"
    options = ["--cases", str(EXAMPLES / "cap_med_synthetic_cases.jsonl")]
    one = _one_run("cap-aggregate-scores", *options, stdin=scores)
    assert one.returncode == 0, one.stderr
    partial = _parallel(
        "--pipe",
        "-N",
        "12",
        command("cap-aggregate-scores"),
        "-q",
        "--partial",
        *options,
        stdin=scores,
    )
    assert partial.returncode == 0, partial.stderr
    assert partial.stdout.count(b"\n") > 5
    merged_input = tmp / "partials.jsonl"
    merged_input.write_bytes(partial.stdout)
    merged = _one_run("cap-aggregate-scores", "--merge", *options, stdin=merged_input)
    assert merged.returncode == 0, merged.stderr
    assert merged.stdout == one.stdout


def test_consistency_partial_per_block_merge_into_one_run(tmp):
    # byte blocks of the golden case's cases (a group's members in several blocks), one
    # --partial run each, then one --merge
    golden = ROOT / "tests/cases/cap-consistency/001"
    cases, candidates = golden / "cases.jsonl", golden / "candidates.jsonl"
    one = _one_run("cap-consistency", "--candidates", str(candidates), stdin=cases)
    assert one.returncode == 0 and one.stdout.count(b"\n") == 4, one.stderr
    options = ["-q", "--partial", "--no-orphans", "--candidates", str(candidates)]
    for block in ("1k", "3k"):
        partial = _blocks(cases, block, command("cap-consistency"), *options)
        assert partial.returncode == 0, partial.stderr
        merged_input = tmp / "partials.jsonl"
        merged_input.write_bytes(partial.stdout)
        merged = _one_run("cap-consistency", "--merge", stdin=merged_input)
        assert merged.returncode == 0, merged.stderr
        assert merged.stdout == one.stdout
