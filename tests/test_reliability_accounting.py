"""Every line of every input accounted for (issue 11): the closing summary counts cases and
candidates by what became of them, side files' bad lines included; SIGINT prints the counts
so far."""

from __future__ import annotations

import json
import signal
import subprocess
import threading

from conftest import ROOT, command, evalcase, jsonl, run_cmd, sigint_as_from_a_terminal


def _cases_and_candidates(tmp_path):
    printf = {"name": "placeholder_integrity", "severity": "hard", "params": {"syntax": "printf"}}
    cases = [
        evalcase(id="a.one", source="%s", assertions=[printf]),
        evalcase(id="a.two", schema_version=7),
        evalcase(
            id="a.three",
            assertions=[{"name": "max_chars", "severity": "report", "params": {"max": 3}}],
        ),  # fmt: skip
        "not json",
    ]
    candidates = tmp_path / "candidates.jsonl"
    candidates.write_text(
        jsonl(
            {"case_id": "a.one", "text": "%s"},
            {"case_id": "a.one", "text": "%s"},  # duplicate
            {"case_id": "a.two", "text": "x"},  # its case is invalid: not an orphan
            {"case_id": "a.zzz", "text": "x"},  # orphan
            {"case_id": "a.three"},  # invalid: no text
            "{bad",  # invalid JSON
            {"case_id": "a.three", "text": "x", "system": "s"},  # case with nothing selected
        ),
        encoding="utf-8",
    )
    return jsonl(*cases), candidates


def test_cap_check_accounts_for_every_case_and_candidate(tmp_path):
    cases, candidates = _cases_and_candidates(tmp_path)
    done = run_cmd(
        "cap-check", "--candidates", str(candidates), "--only", "placeholder_integrity",
        stdin=cases,
    )  # fmt: skip
    assert done.returncode == 1
    summary = done.stderr.decode().splitlines()[-1]
    assert summary == (
        "cap-check: 4 read, 2 results, 1 passed, 1 failed, 1 candidate_missing, "
        "2 invalid cases, 1 cases with nothing selected; "
        f"{candidates}: 7 read, 2 invalid, 1 duplicate, 1 joined, 2 of cases not checked, "
        "1 orphaned"
    )
    assert done.stderr.count(b"candidate.orphan") == 1 and b"a.two: error: candidate" not in (
        done.stderr
    )


def test_no_orphans_still_counts_what_was_not_joined(tmp_path):
    cases, candidates = _cases_and_candidates(tmp_path)
    done = run_cmd("cap-check", "--candidates", str(candidates), "--no-orphans", stdin=cases)
    assert done.stderr.decode().splitlines()[-1].endswith("1 not joined (--no-orphans)")
    assert b"candidate.orphan" not in done.stderr


def test_side_files_bad_lines_are_counted(tmp_path):
    cases = tmp_path / "cases.jsonl"
    examples = ROOT / "examples" / "domain_semantic_quality"
    good = json.loads(
        (examples / "cap_med_synthetic_cases.jsonl").read_text("utf-8").split("\n")[0]
    )
    cases.write_text(jsonl(good, "{oops", good | {"case_id": 7}), encoding="utf-8")
    roster = tmp_path / "roster.jsonl"
    roster.write_text(jsonl("[1]", {"reviewer_id": "r1"}), encoding="utf-8")
    done = run_cmd("cap-aggregate-scores", "--cases", str(cases), "--roster", str(roster), stdin="")
    summary = done.stderr.decode().splitlines()[-1]
    assert f"; {cases}: 3 read, 1 invalid" in summary  # jsonl-level bad lines
    assert f"; {roster}: 2 read, 2 invalid" in summary  # a bad line and a refused entry
    assert done.returncode == 1


def test_sigint_prints_the_counts_so_far_and_exits_130():
    process = subprocess.Popen(
        [command("cap-validate"), "--line-buffered", "--kind", "evalcase"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=sigint_as_from_a_terminal,
    )
    watchdog = threading.Timer(60, process.kill)  # a hang fails the test, never the suite
    watchdog.start()
    try:
        lines = [jsonl(evalcase(id=f"sigint.case.{n}")).encode() for n in range(3)]
        process.stdin.write(b"".join(lines))
        process.stdin.flush()
        for line in lines:  # each record echoed: the filter has read three lines
            assert process.stdout.readline() == line
        process.send_signal(signal.SIGINT)
        _out, err = process.communicate(timeout=60)
    finally:
        watchdog.cancel()
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130
    assert err.decode().splitlines()[-2:] == [
        "cap-validate: interrupted",
        "cap-validate: 3 read, 3 valid, 0 invalid",
    ]
    assert b"Traceback" not in err


def test_a_case_read_twice_is_checked_once(tmp_path):
    # its results would repeat the first one's keys, which cap-validate --kind result refuses
    candidates = tmp_path / "candidates.jsonl"
    candidates.write_text(jsonl({"case_id": "placeholder.printf.001", "text": "%s %d"}), "utf-8")
    other = evalcase(id="no.candidate.001")
    stream = jsonl(evalcase(), evalcase(), other, other)
    done = run_cmd("cap-check", "--candidates", str(candidates), stdin=stream)
    assert done.stderr.count(b"error: id.duplicate: /id case ") == 2
    assert done.stdout.count(b"\n") == 2  # one result each
    checked = run_cmd("cap-validate", "--kind", "result", stdin=done.stdout)
    assert checked.returncode == 0, checked.stderr
    summary = done.stderr.decode().splitlines()[-1]
    assert summary.startswith("cap-check: 4 read, 2 results, 1 passed, 1 failed, ")
    assert "2 invalid cases, 1 candidate_missing" in summary
