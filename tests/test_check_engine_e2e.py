"""The check engine (SPEC §6) end to end: joining, ordering, selection, codes, exit status."""

from __future__ import annotations

import json

from conftest import evalcase, jsonl, records, run_cmd

PROTOCOL = {"name": "protocol_complete", "severity": "hard", "params": {"expected_items": 2}}
PROTOCOL_REPORT = {**PROTOCOL, "severity": "report"}
TOKENS = {"name": "required_tokens", "severity": "report", "params": {"tokens": ["OK"]}}
GOOD = "[1] a\n[2] b"


def case(n: int, *assertions: dict) -> dict:
    return evalcase(id=f"protocol.item-count.{n:03d}", assertions=list(assertions or [PROTOCOL]))


def candidates_file(tmp, *items: dict):
    path = tmp / "candidates.jsonl"
    path.write_text(jsonl(*items))
    return str(path)


def check(tmp, cases: list[dict], cands: list[dict], *args: str, name: str = "cap-check"):
    return run_cmd(name, "--candidates", candidates_file(tmp, *cands), *args, stdin=jsonl(*cases))


def test_result_record_has_the_keys_in_spec_order(tmp):
    proc = check(tmp, [case(1)], [{"case_id": "protocol.item-count.001", "text": GOOD}])
    assert proc.returncode == 0, proc.stderr
    [result] = records(proc.stdout)
    assert list(result) == [
        "case_id",
        "assertion",
        "passed",
        "severity",
        "code",
        "message",
        "evidence",
    ]
    assert result["passed"] is True and result["code"] == "ok"


def test_results_in_case_then_system_then_assertion_order(tmp):
    cases = [case(1, PROTOCOL, TOKENS), case(2, PROTOCOL, TOKENS)]
    cands = [
        {"case_id": "protocol.item-count.002", "text": GOOD, "system": "beta"},
        {"case_id": "protocol.item-count.001", "text": GOOD, "system": "alpha"},
        {"case_id": "protocol.item-count.001", "text": GOOD, "system": "beta"},
        {"case_id": "protocol.item-count.002", "text": GOOD, "system": "alpha"},
    ]
    proc = check(tmp, cases, cands)
    keys = [(r["case_id"][-3:], r["system"], r["assertion"]) for r in records(proc.stdout)]
    assert keys == [
        ("001", "beta", "protocol_complete"),
        ("001", "beta", "required_tokens"),
        ("001", "alpha", "protocol_complete"),
        ("001", "alpha", "required_tokens"),
        ("002", "beta", "protocol_complete"),
        ("002", "beta", "required_tokens"),
        ("002", "alpha", "protocol_complete"),
        ("002", "alpha", "required_tokens"),
    ]


def test_missing_candidate_gives_one_failed_result_per_assertion_at_its_severity(tmp):
    cases = [case(1, PROTOCOL, TOKENS), case(2, PROTOCOL_REPORT)]
    cands = [{"case_id": "protocol.item-count.002", "text": GOOD, "system": "m"}]
    proc = check(tmp, cases, cands)
    results = records(proc.stdout)
    missing = [(r["case_id"][-3:], r["assertion"], r["severity"]) for r in results]
    assert missing == [
        ("001", "protocol_complete", "hard"),
        ("001", "required_tokens", "report"),
        ("002", "protocol_complete", "report"),
    ]
    assert [r["code"] for r in results[:2]] == ["candidate_missing"] * 2
    assert all(r["system"] == "m" for r in results)
    assert proc.returncode == 1  # a hard assertion failed (its candidate is missing)


def test_report_failures_do_not_fail_the_run(tmp):
    proc = check(tmp, [case(1, PROTOCOL_REPORT)], [{"case_id": case(1)["id"], "text": "[1] x"}])
    [result] = records(proc.stdout)
    assert result["code"] == "protocol_missing_item"
    assert proc.returncode == 0


def test_hard_failure_exits_1_and_exit_zero_makes_it_0(tmp):
    cands = [{"case_id": case(1)["id"], "text": "[1] only one"}]
    assert check(tmp, [case(1)], cands).returncode == 1
    assert check(tmp, [case(1)], cands, "--exit-zero").returncode == 0


def test_orphans_and_duplicates_are_diagnosed(tmp):
    cands = [
        {"case_id": case(1)["id"], "text": GOOD},
        {"case_id": "nowhere.case.001", "text": GOOD},
        {"case_id": case(1)["id"], "text": "[1] the second loses"},
    ]
    proc = check(tmp, [case(1)], cands)
    err = proc.stderr.decode()
    assert "candidates.jsonl:3: protocol.item-count.001: error: candidate.duplicate" in err
    assert "candidates.jsonl:2: nowhere.case.001: error: candidate.orphan" in err
    assert [r["code"] for r in records(proc.stdout)] == ["ok"]  # the first wins
    assert proc.returncode == 1
    quiet = check(tmp, [case(1)], cands[:2], "--no-orphans")
    assert "candidate.orphan" not in quiet.stderr.decode() and quiet.returncode == 0


def test_only_skip_and_severity_select_assertions(tmp):
    cases = [case(1, PROTOCOL, TOKENS)]
    cands = [{"case_id": case(1)["id"], "text": GOOD}]
    only = records(check(tmp, cases, cands, "--only", "required_tokens").stdout)
    assert [r["assertion"] for r in only] == ["required_tokens"]
    skip = records(check(tmp, cases, cands, "--skip", "required_tokens").stdout)
    assert [r["assertion"] for r in skip] == ["protocol_complete"]
    hard = records(check(tmp, cases, cands, "--severity", "hard").stdout)
    assert [r["assertion"] for r in hard] == ["protocol_complete"]


def test_a_case_with_nothing_selected_is_counted_in_the_summary(tmp):
    proc = check(
        tmp,
        [case(1, TOKENS)],
        [{"case_id": case(1)["id"], "text": GOOD}],
        "--only",
        "protocol_complete",
    )
    assert records(proc.stdout) == []
    assert "1 cases with nothing selected" in proc.stderr.decode()


def test_single_assertion_siblings_are_the_same_engine_with_a_fixed_selection(tmp):
    cases = [case(1, PROTOCOL, TOKENS)]
    cands = [{"case_id": case(1)["id"], "text": GOOD}]
    proto = records(check(tmp, cases, cands, name="cap-check-protocol").stdout)
    assert [r["assertion"] for r in proto] == ["protocol_complete"]
    assert proto == records(check(tmp, cases, cands, "--only", "protocol_complete").stdout)


def test_unknown_selection_is_a_usage_error(tmp):
    proc = check(tmp, [case(1)], [], "--only", "nope")
    assert proc.returncode == 2
    assert "error: usage: unknown assertion 'nope'" in proc.stderr.decode()


def test_missing_candidates_file_is_exit_2(tmp):
    proc = run_cmd("cap-check", "--candidates", str(tmp / "none.jsonl"), stdin=jsonl(case(1)))
    assert proc.returncode == 2
    assert "io.unreadable" in proc.stderr.decode()


def test_candidates_from_a_pipe_are_spooled(tmp):
    import subprocess

    from conftest import command

    path = candidates_file(tmp, {"case_id": case(1)["id"], "text": GOOD})
    script = f"'{command('cap-check')}' --candidates <(cat '{path}')"
    proc = subprocess.run(
        ["bash", "-c", script], input=jsonl(case(1)).encode(), capture_output=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    assert [r["code"] for r in records(proc.stdout)] == ["ok"]


def test_malformed_cases_and_candidates_are_diagnosed_not_crashed(tmp):
    cases = [case(1), {"id": "x.y.001", "assertions": "nope"}, "{broken"]
    cands = [{"case_id": case(1)["id"], "text": GOOD}, {"case_id": 7}, "[]"]
    proc = check(tmp, cases, cands)
    err = proc.stderr.decode()
    assert "Traceback" not in err
    assert "<stdin>:2: x.y.001: error: schema." in err
    assert "<stdin>:3: error: jsonl.invalid_json" in err
    assert "candidates.jsonl:2: error: schema.required: /case_id" in err
    assert "candidates.jsonl:3: error: jsonl.not_object" in err
    assert [r["code"] for r in records(proc.stdout)] == ["ok"]


def test_evidence_strings_are_cut_to_200_characters(tmp):
    long_terminator = "END" + "x" * 400
    assertion = {
        "name": "protocol_complete",
        "severity": "report",
        "params": {"expected_items": 1, "terminator": long_terminator},
    }
    text = "[1] a\n" + "y" * 500
    proc = check(tmp, [case(1, assertion)], [{"case_id": case(1)["id"], "text": text}])
    [result] = records(proc.stdout)
    assert not result["passed"]

    def strings(value):
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            for item in value.values():
                yield from strings(item)
        elif isinstance(value, list):
            for item in value:
                yield from strings(item)

    assert all(len(s) <= 200 for s in strings(result["evidence"]))
    assert json.dumps(result["evidence"]).find("y" * 201) == -1


def test_unnamed_and_named_candidates_of_one_case_are_both_checked(tmp):
    cands = [
        {"case_id": case(1)["id"], "text": GOOD},
        {"case_id": case(1)["id"], "text": "[1] only", "system": "m"},
        {"case_id": case(1)["id"], "text": GOOD},
        {"case_id": case(1)["id"], "text": GOOD, "system": "m"},
    ]
    proc = check(tmp, [case(1)], cands)
    results = records(proc.stdout)
    assert [(r.get("system"), r["code"]) for r in results] == [
        (None, "ok"),
        ("m", "protocol_missing_item"),
    ]
    err = proc.stderr.decode()
    assert "candidates.jsonl:3: protocol.item-count.001: error: candidate.duplicate" in err
    assert "is on line 1; the first wins" in err
    assert "candidates.jsonl:4: protocol.item-count.001: error: candidate.duplicate" in err
    assert "is on line 2; the first wins" in err


def test_candidates_of_a_case_with_nothing_selected_are_not_orphans(tmp):
    proc = check(
        tmp, [case(1, TOKENS)], [{"case_id": case(1)["id"], "text": GOOD}], "--severity", "hard"
    )
    assert records(proc.stdout) == []
    assert "candidate.orphan" not in proc.stderr.decode()
    assert proc.returncode == 0


def test_an_invalid_case_before_the_first_valid_one_leaves_no_orphan(tmp):
    # its candidate is "of cases not checked" wherever the invalid case comes in the stream
    bad = {**case(1), "domain": "Not A Domain"}
    cands = [
        {"case_id": "protocol.item-count.001", "text": GOOD},
        {"case_id": "protocol.item-count.002", "text": GOOD},
    ]
    summaries = []
    for cases in ([bad, case(2)], [case(2), bad]):
        stderr = check(tmp, cases, cands).stderr.decode()
        assert "candidate.orphan" not in stderr, stderr
        summaries.append(stderr.splitlines()[-1].split("; ")[-1])  # the candidates' counts
    assert summaries[0] == summaries[1]
    assert "1 joined, 1 of cases not checked" in summaries[0]


def test_a_case_repeated_in_the_stream_is_checked_once(tmp):
    # checked twice, its results would repeat their keys: cap-validate refuses such a stream
    proc = check(tmp, [case(1), case(1)], [{"case_id": case(1)["id"], "text": GOOD}])
    assert [r["code"] for r in records(proc.stdout)] == ["ok"]
    assert b":2: protocol.item-count.001: error: id.duplicate: /id case " in proc.stderr


# -- assertions resolved once per case; bugs are bugs, not bad cases ------------------------


def test_an_unknown_assertion_is_one_diagnostic_per_case_and_no_result(tmp):
    unknown = {"name": "future_assertion", "severity": "hard"}
    cands = [
        {"case_id": "protocol.item-count.001", "text": GOOD, "system": "alpha"},
        {"case_id": "protocol.item-count.001", "text": GOOD, "system": "beta"},
    ]
    proc = check(tmp, [case(1, PROTOCOL, unknown)], cands)
    stderr = proc.stderr.decode()
    assert stderr.count("assertion.unknown") == 1, stderr
    assert "/assertions/1/name" in stderr
    results = records(proc.stdout)
    assert [r["assertion"] for r in results] == ["protocol_complete", "protocol_complete"]


def test_an_unknown_assertion_without_candidate_is_not_candidate_missing(tmp):
    unknown = {"name": "future_assertion", "severity": "hard"}
    proc = check(tmp, [case(1, PROTOCOL, unknown)], [])
    results = records(proc.stdout)
    assert [(r["assertion"], r["code"]) for r in results] == [
        ("protocol_complete", "candidate_missing")
    ]
    assert proc.stderr.decode().count("assertion.unknown") == 1


def test_a_bug_in_an_assertion_is_internal_exit_2_and_the_run_goes_on(tmp, monkeypatch):
    # A module whose check raises what a bug raises; the engine must not call it assertion.params.
    plugin = tmp / "sitecustomize.py"
    plugin.write_text(
        "from capeval.assertions import required_tokens\n"
        "def broken(subject, params):\n"
        "    if subject.case['id'].endswith('001'):\n"
        "        raise KeyError('oops')\n"
        "    return original(subject, params)\n"
        "original = required_tokens.check\n"
        "required_tokens.check = broken\n"
    )
    cands = [
        {"case_id": "protocol.item-count.001", "text": "OK"},
        {"case_id": "protocol.item-count.002", "text": "OK"},
    ]
    proc = run_cmd(
        "cap-check",
        "--candidates",
        candidates_file(tmp, *cands),
        stdin=jsonl(case(1, TOKENS), case(2, TOKENS)),
        env={"PYTHONPATH": str(tmp)},
    )
    stderr = proc.stderr.decode()
    assert proc.returncode == 2, stderr
    assert "protocol.item-count.001: error: internal: required_tokens failed unexpectedly" in stderr
    assert "at sitecustomize.py:4" in stderr and "KeyError" not in stderr
    assert "assertion.params" not in stderr and "Traceback" not in stderr
    [result] = records(proc.stdout)
    assert result["case_id"] == "protocol.item-count.002" and result["passed"] is True
