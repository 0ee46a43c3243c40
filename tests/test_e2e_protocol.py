"""cap-check-protocol end to end: the real command in a subprocess, results and exit status."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import ROOT, evalcase, jsonl, records, run_cmd

SUITE = ROOT / "evals" / "i18n-prompt"
CASES = SUITE / "cases" / "dev" / "protocol.jsonl"
CANDIDATES = SUITE / "baselines" / "protocol.candidates.jsonl"
EXPECTED = SUITE / "baselines" / "protocol.expected.jsonl"


def protocol_case(case_id: str, severity: str = "hard", **params) -> dict:
    params.setdefault("expected_items", 3)
    return evalcase(
        id=case_id,
        source="[1] Save game\n[2] Load game\n[3] Quit",
        assertions=[
            {"name": "placeholder_integrity", "severity": "hard"},
            {"name": "protocol_complete", "severity": severity, "params": params},
        ],
    )


def write_candidates(path: Path, *candidates: dict) -> str:
    path.write_text(jsonl(*candidates), encoding="utf-8")
    return str(path)


def test_only_protocol_complete_runs_and_a_hard_failure_exits_1(tmp):
    cases = jsonl(
        protocol_case("protocol.e2e.001", terminator="<END>"),
        protocol_case("protocol.e2e.002"),
    )
    candidates = write_candidates(
        tmp / "c.jsonl",
        {
            "case_id": "protocol.e2e.001",
            "text": "x",
            "raw_response": "[1] 保存\n[2] 读取\n[3] 退出\n<END>",
        },
        {"case_id": "protocol.e2e.002", "text": "[1] Сохранить\n[3] Выход", "raw_response": None},
    )
    proc = run_cmd("cap-check-protocol", "--candidates", candidates, stdin=cases)
    assert proc.returncode == 1, proc.stderr
    results = records(proc.stdout)
    assert [(r["case_id"], r["assertion"], r["code"]) for r in results] == [
        ("protocol.e2e.001", "protocol_complete", "ok"),
        ("protocol.e2e.002", "protocol_complete", "protocol_missing_item"),
    ]
    assert list(results[1]) == [
        "case_id",
        "assertion",
        "passed",
        "severity",
        "code",
        "message",
        "evidence",
    ]
    assert results[1]["passed"] is False
    assert results[1]["evidence"]["missing"] == [2]
    assert results[1]["evidence"]["indices"] == [1, 3]


def test_report_severity_failure_exits_0(tmp):
    cases = jsonl(protocol_case("protocol.e2e.003", severity="report"))
    candidates = write_candidates(tmp / "c.jsonl", {"case_id": "protocol.e2e.003", "text": ""})
    proc = run_cmd("cap-check-protocol", "--candidates", candidates, stdin=cases)
    assert proc.returncode == 0, proc.stderr
    [result] = records(proc.stdout)
    assert result["severity"] == "report"
    assert result["code"] == "protocol_missing_item"


def test_evidence_strings_stay_short_with_a_huge_response(tmp):
    cases = jsonl(protocol_case("protocol.e2e.004", terminator="<END>"))
    huge = "preamble " * 20000 + "\n[1] a\n[2] b\n[3] c\n" + "tail " * 20000
    candidates = write_candidates(
        tmp / "c.jsonl", {"case_id": "protocol.e2e.004", "text": "", "raw_response": huge}
    )
    proc = run_cmd("cap-check-protocol", "--candidates", candidates, stdin=cases)
    [result] = records(proc.stdout)
    assert result["code"] == "protocol_malformed_item"
    assert len(proc.stdout) < 4000  # never the whole response

    def strings(value):
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            for item in value.values():
                yield from strings(item)
        elif isinstance(value, list):
            for item in value:
                yield from strings(item)

    assert max(len(s) for s in strings(result["evidence"])) <= 200


def test_unvalidated_bad_params_are_a_diagnostic_not_a_traceback(tmp):
    case = protocol_case("protocol.e2e.005")
    case["assertions"][1]["params"] = {"expected_items": "three"}
    candidates = write_candidates(tmp / "c.jsonl", {"case_id": "protocol.e2e.005", "text": "[1] a"})
    proc = run_cmd("cap-check-protocol", "--candidates", candidates, stdin=jsonl(case))
    stderr = proc.stderr.decode()
    assert "Traceback" not in stderr
    # cap-check checks only valid EvalCase v1 records: bad params are the schema's verdict
    assert "schema.type: /assertions/1/params/expected_items must be integer" in stderr
    assert records(proc.stdout) == []


def test_the_protocol_eval_set_gives_its_expected_results():
    # The expected file is the claim `make evals` checks; this runs the same pipeline minus
    # cap-validate (whose pass-through is byte-exact, so the results are the same).
    proc = run_cmd("cap-check-protocol", "--candidates", str(CANDIDATES), stdin=CASES.read_bytes())
    assert proc.returncode == 1  # hard failures among the cases
    actual = records(proc.stdout)
    for result in actual:
        del result["message"]
    expected = [json.loads(line) for line in EXPECTED.read_text(encoding="utf-8").splitlines()]
    assert actual == expected
    codes = {result["code"] for result in expected}
    assert codes >= {
        "ok",
        "protocol_malformed_item",
        "protocol_missing_item",
        "protocol_extra_item",
        "protocol_malformed_terminator",
        "protocol_missing_terminator",
    }


def test_cap_validate_reports_protocol_param_rules_as_assertion_params():
    bad = protocol_case("protocol.e2e.006", marker="[{n}/{n}]", terminator="[0]")
    good = protocol_case("protocol.e2e.007", marker="【{n}】", terminator="<END>")
    proc = run_cmd("cap-validate", stdin=jsonl(bad, good))
    assert proc.returncode == 1
    assert [r["id"] for r in records(proc.stdout)] == ["protocol.e2e.007"]
    stderr = proc.stderr.decode()
    assert "protocol.e2e.006: error: assertion.params" in stderr
    assert "exactly once" in stderr
