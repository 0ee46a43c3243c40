"""Attacks on the join: a candidates file rewritten while cap-check reads it back must end
the run with one diagnostic and exit 2 (what was written is flushed), never a traceback and
never a case paired with another case's candidate."""

from __future__ import annotations

import json
import subprocess

import pytest

from conftest import command, evalcase, jsonl

N = 40


def _cases(n: int = N) -> list[dict]:
    # case k's source holds k+1 placeholders: any other case's candidate fails it
    return [evalcase(id=f"case.{k:03d}", source="%s " * (k + 1)) for k in range(n)]


def _candidates(n: int = N) -> list[dict]:
    return [{"case_id": f"case.{k:03d}", "text": "%s " * (k + 1)} for k in range(n)]


def _padded(items: list[dict]) -> list[str]:
    """Lines of one length each (so an in-place rewrite keeps every offset)."""
    lines = [json.dumps(item) for item in items]
    width = max(map(len, lines))
    return [line[:-1] + " " * (width - len(line)) + "}" for line in lines]


def _run_and_rewrite(tmp_path, rewrite, *extra: str, n: int = N) -> subprocess.CompletedProcess:
    path = tmp_path / "candidates.jsonl"
    path.write_text("\n".join(_padded(_candidates(n))) + "\n", encoding="utf-8")
    process = subprocess.Popen(
        [command("cap-check"), "--line-buffered", "--candidates", str(path), *extra],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    cases = _cases(n)
    try:
        process.stdin.write(jsonl(cases[0]).encode())
        process.stdin.flush()
        first = process.stdout.readline()  # the index is built: the first result is out
        assert b"case.000" in first
        rewrite(path)
        process.stdin.write(jsonl(*cases[1:]).encode())
        process.stdin.close()
        rest, err = process.stdout.read(), process.stderr.read()
        status = process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    return subprocess.CompletedProcess(process.args, status, first + rest, err)


def _reversed_same_lengths(path) -> None:
    lines = _padded(_candidates())
    with open(path, "r+", encoding="utf-8") as stream:  # in place: same inode
        stream.write("\n".join(reversed(lines)) + "\n")


def _truncated(path) -> None:
    with open(path, "r+b") as stream:
        stream.truncate(100)


def _garbage(path) -> None:
    size = path.stat().st_size
    with open(path, "r+b") as stream:
        stream.write(b"\x00}{" * (size // 3))


@pytest.mark.parametrize("rewrite", [_reversed_same_lengths, _truncated, _garbage])
@pytest.mark.parametrize("extra", [(), ("--exit-zero",)])
def test_candidates_changed_during_the_run(tmp_path, rewrite, extra):
    result = _run_and_rewrite(tmp_path, rewrite, *extra)
    err = result.stderr.decode()
    assert "Traceback" not in err and "internal" not in err, err
    assert result.returncode == 2, err
    assert err.count("io.input_changed") == 1, err
    results = [json.loads(line) for line in result.stdout.splitlines()]
    assert results and results[0]["case_id"] == "case.000"  # flushed before the end
    # never a wrong pairing: every result written passes (each case has its own candidate)
    assert all(r["passed"] for r in results), [r for r in results if not r["passed"]]


def test_candidates_cut_short_while_read_lazily_are_no_missing_candidates(tmp_path):
    # with no system named, the file is read as the cases come (capeval.candidates); cut
    # short meanwhile, its end comes early: noticed there (or sooner), so no case is told
    # that its candidate is missing
    result = _run_and_rewrite(tmp_path, _truncated, n=600)
    err = result.stderr.decode()
    assert "Traceback" not in err and result.returncode == 2, err
    assert err.count("io.input_changed") == 1, err
    results = [json.loads(line) for line in result.stdout.splitlines()]
    assert results and all(r["passed"] for r in results), err
    assert len(results) < 600
