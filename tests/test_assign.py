"""cap-assign's plan: the protocol's rules as properties, and the command end to end."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from capeval.assign import Plan, _Case

from conftest import run_cmd

PROFILES = ("cap-med/v1", "cap-swe/v1")


def _entry(reviewer_id: str, **fields):
    return {
        "reviewer_id": reviewer_id,
        "role": "reviewer",
        "qualifications": "trained",
        "independent": True,
        **fields,
    }


@st.composite
def rosters_and_cases(draw):
    n_cases = draw(st.integers(1, 12))
    cases = [
        _Case(f"c{i}", draw(st.sampled_from(PROFILES)), ("a",), draw(st.booleans()) and i % 5 == 0)
        for i in range(n_cases)
    ]
    entries = {}
    for j in range(draw(st.integers(1, 7))):
        fields = {}
        if draw(st.booleans()):
            fields["conflicts"] = draw(st.lists(st.sampled_from([c.case_id for c in cases])))
            fields["conflicts"] = sorted(set(fields["conflicts"]))
        if draw(st.integers(0, 4)) == 0:
            fields["independent"] = False
        if draw(st.integers(0, 3)) == 0:
            fields["profiles"] = draw(st.lists(st.sampled_from(PROFILES), unique=True))
        entries[f"r{j}"] = (j + 1, _entry(f"r{j}", **fields))
    return cases, entries, draw(st.integers(1, 3)), draw(st.integers(0, 5))


def _eligible(record, case):
    return (
        record["independent"]
        and case.case_id not in record.get("conflicts", ())
        and case.profile in record.get("profiles", PROFILES)
    )


@settings(max_examples=300, deadline=None)
@given(rosters_and_cases())
def test_plan_keeps_the_protocol(example):
    cases, entries, k, seed = example
    plan = Plan(cases, entries, k, seed)
    records = {r: record for r, (_line, record) in entries.items()}
    short = {case_id for code, case_id, _message in plan.problems if code == "assign.short"}
    for case in cases:
        assigned = [r for r, ids in plan.assignments.items() if case.case_id in ids]
        # never an ineligible reviewer (no roster assignments were given here)
        assert all(_eligible(records[r], case) for r in assigned)
        eligible = [r for r in records if _eligible(records[r], case)]
        if case.gold:
            assert sorted(assigned) == sorted(eligible)
        else:
            assert len(assigned) == min(k, len(eligible))
            assert (case.case_id in short) == (len(eligible) < k)
    # deterministic for a seed
    again = Plan(cases, entries, k, seed)
    assert again.assignments == plan.assignments


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 30), st.integers(1, 8), st.integers(1, 3), st.integers(0, 9))
def test_load_is_balanced_when_everyone_is_eligible(n_cases, n_reviewers, k, seed):
    cases = [_Case(f"c{i}", PROFILES[0], ("a",), False) for i in range(n_cases)]
    entries = {f"r{j}": (j + 1, _entry(f"r{j}")) for j in range(n_reviewers)}
    plan = Plan(cases, entries, k, seed)
    loads = [len(ids) for ids in plan.assignments.values()]
    assert max(loads) - min(loads) <= 1
    assert sum(loads) == n_cases * min(k, n_reviewers)


@settings(max_examples=200, deadline=None)
@given(rosters_and_cases(), st.integers(1, 6))
def test_adding_cases_keeps_existing_assignments(example, added):
    cases, entries, k, seed = example
    first = Plan(cases, entries, k, seed)
    planned = {
        r: (line, {**record, "assignments": first.assignments[r]})
        for r, (line, record) in entries.items()
    }
    more = cases + [_Case(f"n{i}", PROFILES[i % 2], ("a",), False) for i in range(added)]
    second = Plan(more, planned, k, seed)
    for reviewer_id, ids in first.assignments.items():
        assert second.assignments[reviewer_id][: len(ids)] == ids
    # and planning the same cases again changes nothing
    assert Plan(cases, planned, k, seed).assignments == first.assignments


def test_a_conflicted_roster_assignment_is_dropped_with_a_warning(tmp_path):
    (tmp_path / "cases.jsonl").write_text(
        json.dumps(
            {
                "case_id": "c1",
                "profile": "cap-med/v1",
                "domain": "synthetic",
                "synthetic": True,
                "scenario": "s",
                "input_summary": "i",
                "candidate_output": "o",
                "criteria": ["evidence_grounding"],
                "expected_quality_notes": "n",
                "privacy_labels": [],
            }
        )
        + "\n"
    )
    roster = [
        _entry("a", conflicts=["c1"], assignments=["c1"]),
        _entry("b"),
    ]
    (tmp_path / "roster.jsonl").write_text("".join(json.dumps(r) + "\n" for r in roster))
    proc = run_cmd("cap-assign", "--roster", "roster.jsonl", "-k", "2", "cases.jsonl", cwd=tmp_path)
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [r["assignments"] for r in out] == [[], ["c1"]]
    stderr = proc.stderr.decode()
    assert "warning: assign.dropped" in stderr
    assert "error: assign.short" in stderr
    assert proc.returncode == 1
