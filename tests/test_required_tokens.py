"""required_tokens (SPEC §5.4): literal tokens kept at least as often as in the source."""

from __future__ import annotations

import pytest

from capeval.assertions import ParamsError, Subject, required_tokens

from conftest import evalcase, jsonl, records, run_cmd


def verdict(source: str, text: str, params: dict | None = None, case_tokens=None):
    case = {"source": source}
    if case_tokens is not None:
        case["required_tokens"] = case_tokens
    return required_tokens.check(Subject.of(case, {"text": text}), params or {})


def test_tokens_from_the_case():
    assert verdict("Open Settings", "Öffne Settings", case_tokens=["Settings"]).passed
    outcome = verdict("Open Settings", "Öffne Einstellungen", case_tokens=["Settings"])
    assert outcome.code == "required_token_missing"
    assert outcome.evidence == {"missing": [{"token": "Settings", "expected": 1, "actual": 0}]}


def test_params_tokens_win_over_the_case():
    outcome = verdict("Use ACME", "Nutze ACME", {"tokens": ["CLI"]}, case_tokens=["ACME"])
    assert outcome.evidence["missing"] == [{"token": "CLI", "expected": 1, "actual": 0}]


def test_at_least_as_often_as_in_the_source():
    source = "%s and %s"
    assert verdict(source, "%s und %s", {"tokens": ["%s"]}).passed
    assert verdict(source, "%s, %s, %s", {"tokens": ["%s"]}).passed  # more is fine
    outcome = verdict(source, "%s und", {"tokens": ["%s"]})
    assert outcome.evidence["missing"] == [{"token": "%s", "expected": 2, "actual": 1}]


def test_a_token_absent_from_the_source_is_needed_once():
    assert verdict("Hello", "Hallo ™", {"tokens": ["™"]}).passed
    assert verdict("Hello", "Hallo", {"tokens": ["™"]}).code == "required_token_missing"


def test_literal_case_sensitive_non_overlapping():
    assert verdict("x", "github", {"tokens": ["GitHub"]}).code == "required_token_missing"
    assert verdict("x", "a.b", {"tokens": ["a*b"]}).code == "required_token_missing"  # literal
    # "aa" occurs twice in "aa aa" but once (non-overlapping) in "aaa".
    outcome = verdict("aa aa", "aaa", {"tokens": ["aa"]})
    assert outcome.evidence["missing"] == [{"token": "aa", "expected": 2, "actual": 1}]


def test_every_short_token_is_listed_in_order():
    outcome = verdict("A B", "x", {"tokens": ["B", "A", "B"]})
    assert [m["token"] for m in outcome.evidence["missing"]] == ["B", "A"]


def test_tokens_are_nfc_normalised_like_the_texts():
    assert verdict("Café", "Café", {"tokens": ["Cafe\u0301"]}).passed
    assert verdict("Café", "Cafe\u0301", {"tokens": ["Café"]}).passed


def test_param_errors_without_tokens():
    assert required_tokens.param_errors({"source": "x"}, {}) != []
    assert required_tokens.param_errors({"required_tokens": []}, {}) != []
    assert required_tokens.param_errors({"required_tokens": ["A"]}, {}) == []
    assert required_tokens.param_errors({}, {"tokens": ["A"]}) == []


def test_cap_check_and_cap_validate(tmp):
    case = evalcase(
        id="tokens.brand.001",
        source="Sign in with GitHub",
        target_locale="ru-RU",
        required_tokens=["GitHub"],
        assertions=[{"name": "required_tokens", "severity": "report"}],
    )
    candidates = tmp / "c.jsonl"
    candidates.write_text(jsonl({"case_id": "tokens.brand.001", "text": "Войти через Гитхаб"}))
    done = run_cmd("cap-check", "--candidates", str(candidates), stdin=jsonl(case))
    assert done.returncode == 0  # a report-severity failure does not fail the run
    [result] = records(done.stdout)
    assert (result["passed"], result["severity"], result["code"]) == (
        False,
        "report",
        "required_token_missing",
    )
    empty = evalcase(
        id="tokens.brand.002", assertions=[{"name": "required_tokens", "severity": "hard"}]
    )
    done = run_cmd("cap-validate", stdin=jsonl(case, empty))
    assert [r["id"] for r in records(done.stdout)] == ["tokens.brand.001"]
    assert b"tokens.brand.002: error: assertion.params" in done.stderr


def test_unvalidated_wrong_types_raise_what_the_engine_reports():
    with pytest.raises(ParamsError):
        verdict("x", "x", {"tokens": [3]})
    with pytest.raises(ParamsError):
        verdict("x", "x", {"tokens": "GitHub"})
