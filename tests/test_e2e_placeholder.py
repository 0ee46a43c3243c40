"""cap-check-placeholder end to end: the real command in a subprocess, records and exit status."""

from __future__ import annotations

from pathlib import Path

from conftest import evalcase, jsonl, records, run_cmd


def case(case_id: str, source: str, severity: str = "hard", **params) -> dict:
    assertion = {"name": "placeholder_integrity", "severity": severity}
    if params:
        assertion["params"] = params
    return evalcase(
        id=case_id,
        source=source,
        target_locale="ja",
        assertions=[assertion, {"name": "max_chars", "severity": "hard", "params": {"max": 3}}],
    )


def write(path: Path, *items: dict) -> str:
    path.write_text(jsonl(*items), encoding="utf-8")
    return str(path)


def test_results_per_case_and_exit_1_on_a_hard_failure(tmp):
    cases = jsonl(
        case("placeholder.e2e.001", "Welcome, %s! You have %d coins.", syntax="printf"),
        case("placeholder.e2e.002", "%s sent %d files", syntax="printf"),
        case("placeholder.e2e.003", "Upload 100% complete"),
        case("placeholder.e2e.004", "{name} joined", syntax="python"),
    )
    candidates = write(
        tmp / "c.jsonl",
        {"case_id": "placeholder.e2e.001", "text": "ようこそ、%s さん！コインは %d 枚です。"},
        {"case_id": "placeholder.e2e.002", "text": "%d 個のファイルを %s が送信"},
        {"case_id": "placeholder.e2e.003", "text": "アップロード 100% 完了"},
    )
    proc = run_cmd("cap-check-placeholder", "--candidates", candidates, stdin=cases)
    assert proc.returncode == 1, proc.stderr
    results = records(proc.stdout)
    # only placeholder_integrity runs (max_chars would fail every one of these)
    assert [(r["case_id"], r["assertion"], r["code"]) for r in results] == [
        ("placeholder.e2e.001", "placeholder_integrity", "ok"),
        ("placeholder.e2e.002", "placeholder_integrity", "placeholder_mutated"),
        ("placeholder.e2e.003", "placeholder_integrity", "ok"),
        ("placeholder.e2e.004", "placeholder_integrity", "candidate_missing"),
    ]
    mutated = results[1]
    assert list(mutated) == [
        "case_id",
        "assertion",
        "passed",
        "severity",
        "code",
        "message",
        "evidence",
    ]
    assert mutated["passed"] is False and mutated["severity"] == "hard"
    assert mutated["evidence"]["mutated"] == [["%s", "%d"], ["%d", "%s"]]
    assert results[0]["evidence"] == {}


def test_report_severity_failures_exit_0(tmp):
    cases = jsonl(case("placeholder.e2e.010", "%(name)s", severity="report", syntax="python"))
    candidates = write(tmp / "c.jsonl", {"case_id": "placeholder.e2e.010", "text": "%(nom)s"})
    proc = run_cmd("cap-check-placeholder", "--candidates", candidates, stdin=cases)
    assert proc.returncode == 0, proc.stderr
    (result,) = records(proc.stdout)
    assert result["code"] == "placeholder_missing"
    assert result["evidence"]["missing"] == ["%(name)s"]
    assert result["evidence"]["extra"] == ["%(nom)s"]


def test_several_systems_and_syntax_errors(tmp):
    cases = jsonl(case("placeholder.e2e.020", "Hello %(name)s", syntax="python"))
    candidates = write(
        tmp / "c.jsonl",
        {"case_id": "placeholder.e2e.020", "text": "Hallo %(name)s", "system": "a"},
        {"case_id": "placeholder.e2e.020", "text": "Hallo %(name)", "system": "b"},
    )
    proc = run_cmd("cap-check-placeholder", "--candidates", candidates, stdin=cases)
    assert proc.returncode == 1, proc.stderr
    results = records(proc.stdout)
    assert [(r["system"], r["code"]) for r in results] == [
        ("a", "ok"),
        ("b", "placeholder_syntax"),
    ]
    assert results[1]["evidence"]["side"] == "candidate"
    assert results[1]["evidence"]["errors"][0]["position"] == 6


def test_long_evidence_strings_are_cut(tmp):
    long_name = "x" * 300
    cases = jsonl(case("placeholder.e2e.030", "{" + long_name + "}", syntax="python"))
    candidates = write(tmp / "c.jsonl", {"case_id": "placeholder.e2e.030", "text": "nothing"})
    proc = run_cmd("cap-check-placeholder", "--candidates", candidates, stdin=cases)
    (result,) = records(proc.stdout)
    assert result["code"] == "placeholder_missing"
    assert all(len(text) <= 200 for text in result["evidence"]["missing"])
