"""Duplicate keys (issue 11): a key repeated in any JSON object of a line is
``jsonl.duplicate_key`` in every filter, never silently the last value."""

from __future__ import annotations

import io
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from capeval.jsonl import read_lines

from conftest import ROOT, evalcase, jsonl, records, run_cmd

KEYS = st.sampled_from(["a", "b", "c", "a:b", 'q\\"', "\\u0061", "é"])
SCALARS = st.one_of(
    st.integers(-5, 5),
    st.sampled_from(["x", "12:30", 'say \\"k\\": 1', "http://e.org/a:b", ""]),
    st.none(),
)
BLANKS = st.sampled_from(["", " ", "\t"])


def _value(depth: int):
    if depth == 0:
        return SCALARS.map(lambda v: ("scalar", v))
    return st.one_of(
        SCALARS.map(lambda v: ("scalar", v)),
        st.lists(_value(depth - 1), max_size=3).map(lambda items: ("list", items)),
        st.lists(st.tuples(KEYS, BLANKS, _value(depth - 1)), max_size=4).map(
            lambda pairs: ("object", pairs)
        ),
    )


def _text(node) -> str:
    kind, body = node
    if kind == "scalar":
        if isinstance(body, str):
            return '"' + body + '"'  # already JSON-escaped text
        return json.dumps(body)
    if kind == "list":
        return "[" + ",".join(_text(item) for item in body) + "]"
    return "{" + ",".join(f'"{k}"{blank}:{_text(v)}' for k, blank, v in body) + "}"


def _repeats(node) -> bool:
    kind, body = node
    if kind == "scalar":
        return False
    if kind == "list":
        return any(_repeats(item) for item in body)
    names = [json.loads(f'"{k}"') for k, _, _ in body]
    return len(set(names)) < len(names) or any(_repeats(v) for _, _, v in body)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.lists(st.tuples(KEYS, BLANKS, _value(3)), max_size=5))
def test_every_repeated_key_is_found_and_only_those(pairs):
    top = ("object", pairs)
    line = _text(top).encode("utf-8")
    problems = []
    found = list(read_lines(io.BytesIO(line + b"\n"), lambda *p: problems.append(p)))
    if _repeats(top):
        assert [code for _, code, _ in problems] == ["jsonl.duplicate_key"]
        assert found == []
    else:
        assert problems == [] and len(found) == 1


def review(**scores) -> dict:
    return {
        "case_id": "q1",
        "reviewer_id": "r1",
        "reviewer_role": "domain_reviewer",
        "synthetic": True,
        "scores": scores,
        "blocking_flags": [],
    }


def test_cap_validate_reports_a_repeated_score():
    line = json.dumps(review(task_correctness=1)).replace(
        '"task_correctness": 1', '"task_correctness": 1, "task_correctness": 5'
    )
    done = run_cmd("cap-validate", "--kind", "review", stdin=line + "\n")
    assert done.returncode == 1
    assert b"error: jsonl.duplicate_key: key 'task_correctness' repeats in the object at " \
        b"/scores" in done.stderr  # fmt: skip
    assert done.stdout == b""


def test_a_repeated_key_deep_in_a_case_is_found_by_cap_check(tmp_path):
    case = json.dumps(evalcase()).replace('"syntax": "printf"', '"syntax": "printf", "syntax": "x"')
    candidates = tmp_path / "candidates.jsonl"
    candidates.write_text(jsonl({"case_id": "placeholder.printf.001", "text": "%s %d"}), "utf-8")
    done = run_cmd("cap-check", "--candidates", str(candidates), stdin=case + "\n")
    assert done.returncode == 1
    assert b"jsonl.duplicate_key: key 'syntax' repeats in the object at /assertions/0/params" in (
        done.stderr
    )
    assert records(done.stdout) == []


def test_a_repeated_key_in_a_side_file_is_a_diagnostic(tmp_path):
    candidates = tmp_path / "candidates.jsonl"
    candidates.write_text(
        '{"case_id": "placeholder.printf.001", "text": "%s %d", "text": "none"}\n', "utf-8"
    )
    done = run_cmd(
        "cap-check", "--candidates", str(candidates), "--no-orphans", stdin=jsonl(evalcase())
    )
    assert b"candidates.jsonl:1: error: jsonl.duplicate_key: key 'text'" in done.stderr
    assert [r["code"] for r in records(done.stdout)] == ["candidate_missing"]


def test_cap_aggregate_scores_does_not_count_a_review_with_a_repeated_score(tmp_path):
    examples = ROOT / "examples" / "domain_semantic_quality"
    first_case = json.loads(
        (examples / "cap_swe_synthetic_cases.jsonl").read_text("utf-8").splitlines()[0]
    )
    criterion = first_case["criteria"][0]
    line = json.dumps(review(**{criterion: 1}) | {"case_id": first_case["case_id"]})
    line = line.replace(f'"{criterion}": 1', f'"{criterion}": 1, "{criterion}": 5')
    cases = tmp_path / "cases.jsonl"
    cases.write_text(jsonl(first_case), "utf-8")
    done = run_cmd("cap-aggregate-scores", "--cases", str(cases), stdin=line + "\n")
    assert done.returncode == 1
    assert f"jsonl.duplicate_key: key '{criterion}' repeats".encode() in done.stderr


def test_an_id_locked_twice_is_a_usage_error(tmp_path):
    lock = tmp_path / "ids.lock.json"
    lock.write_text('{"a.b": "sha256:' + "0" * 64 + '", "a.b": "sha256:' + "1" * 64 + '"}')
    done = run_cmd("cap-validate", "--lock", str(lock), stdin=jsonl(evalcase()))
    assert done.returncode == 2
    assert b"error: usage: " in done.stderr and b"id 'a.b' is locked twice" in done.stderr
