"""forbidden_renderings (SPEC §5.5): literals and bounded regular expressions."""

from __future__ import annotations

import time

import pytest

from capeval.assertions import ParamsError, Subject, forbidden_renderings

from conftest import evalcase, jsonl, records, run_cmd


def verdict(text: str, **params):
    return forbidden_renderings.check(Subject.of({"source": ""}, {"text": text}), params)


def test_a_literal_is_found_with_its_offset():
    outcome = verdict("Нажмите Click here", patterns=["Click here"])
    assert outcome.code == "forbidden_rendering"
    assert outcome.evidence == {
        "matches": [
            {"kind": "literal", "pattern": "Click here", "offset": 8, "text": "Click here"}
        ],
        "timeouts": [],
    }
    assert verdict("Нажмите здесь", patterns=["Click here"]).passed


def test_literals_are_literal():
    assert verdict("a.b", patterns=["a*b"]).passed
    assert verdict("costs $5 (approx.)", patterns=["(approx.)"]).code == "forbidden_rendering"


def test_case_sensitive_by_default_for_both_kinds():
    assert verdict("login", patterns=["Login"]).passed
    assert verdict("login", regex=["Log[io]n"]).passed
    assert verdict("login", patterns=["Login"], case_sensitive=False).code == "forbidden_rendering"
    assert verdict("LOGIN", regex=["log[io]n"], case_sensitive=False).code == "forbidden_rendering"


def test_case_insensitive_uses_full_case_folding():
    outcome = verdict("STRASSE", patterns=["straße"], case_sensitive=False)
    assert outcome.evidence["matches"][0]["text"] == "STRASSE"


def test_regex_module_syntax_and_evidence():
    outcome = verdict("Version 2 – 漢字テキスト", regex=[r"\p{Han}+"])
    assert outcome.evidence["matches"] == [
        {"kind": "regex", "pattern": r"\p{Han}+", "offset": 12, "text": "漢字"}
    ]


def test_every_match_is_listed_and_the_text_is_cut_short():
    long_run = "x" * 300
    outcome = verdict(f"a {long_run} b", patterns=["a", "zzz"], regex=["x+", "b$"])
    matches = outcome.evidence["matches"]
    assert [(m["pattern"], m["offset"]) for m in matches] == [("a", 0), ("x+", 2), ("b$", 303)]
    assert matches[1]["text"] == "x" * forbidden_renderings.MATCH_EXCERPT


def test_offsets_count_code_points_of_the_nfc_text():
    # "e" + U+0301 becomes one code point "é" before matching.
    outcome = verdict("Cafe\u0301 Login", patterns=["Login"])
    assert outcome.evidence["matches"][0]["offset"] == 5


def test_a_catastrophic_regex_times_out_quickly():
    text = "a" * 5000 + "b"
    started = time.perf_counter()
    outcome = verdict(text, regex=[r"(a+)+$"])
    elapsed = time.perf_counter() - started
    assert outcome.code == "regex_timeout"
    assert outcome.evidence == {
        "matches": [],
        "timeouts": [{"kind": "regex", "pattern": "(a+)+$", "timeout_ms": 100}],
    }
    assert elapsed < 2.0  # bounded at 100 ms; generous for a loaded machine


def test_regex_timeout_precedes_forbidden_rendering_and_both_are_listed():
    text = "a" * 5000 + "b"
    outcome = verdict(text, patterns=["b"], regex=[r"(a|aa)+$", "ab"])
    assert outcome.code == "regex_timeout"
    assert [m["pattern"] for m in outcome.evidence["matches"]] == ["b"]
    assert [t["pattern"] for t in outcome.evidence["timeouts"]] == ["(a|aa)+$"]
    # the budget is the candidate's: the timeout spent it, "ab" is counted, not searched
    assert outcome.evidence["not_searched"] == 1


def test_regexes_are_compiled_once_per_process():
    forbidden_renderings._compiled.cache_clear()
    for _ in range(20):
        verdict("nothing here", regex=["foo+", "ba[rz]"], patterns=["qux"], case_sensitive=False)
    info = forbidden_renderings._compiled.cache_info()
    assert (info.misses, info.currsize) == (3, 3)


def test_param_errors():
    errors = forbidden_renderings.param_errors({}, {"regex": ["ok", "(unclosed"]})
    assert len(errors) == 1 and "regex[1] does not compile" in errors[0]
    assert forbidden_renderings.param_errors({}, {}) != []  # nothing to forbid
    assert forbidden_renderings.param_errors({}, {"patterns": ["x"]}) == []
    assert forbidden_renderings.param_errors({}, {"regex": [r"\p{Cyrillic}"]}) == []


def test_an_unvalidated_bad_regex_is_a_params_error_not_a_verdict():
    with pytest.raises(ParamsError, match="does not compile"):
        verdict("text", regex=["("])


def test_cap_check_and_cap_validate(tmp):
    case = evalcase(
        id="forbidden.catastrophic.001",
        source="aaaa",
        assertions=[
            {"name": "forbidden_renderings", "severity": "hard", "params": {"regex": ["(a+)+$"]}}
        ],
    )
    candidates = tmp / "c.jsonl"
    candidates.write_text(
        jsonl({"case_id": "forbidden.catastrophic.001", "text": "a" * 5000 + "b"})
    )
    started = time.perf_counter()
    done = run_cmd("cap-check", "--candidates", str(candidates), stdin=jsonl(case))
    assert time.perf_counter() - started < 10
    assert done.returncode == 1
    [result] = records(done.stdout)
    assert result["code"] == "regex_timeout"

    bad = evalcase(
        id="forbidden.bad.001",
        assertions=[
            {"name": "forbidden_renderings", "severity": "hard", "params": {"regex": ["[a-"]}}
        ],
    )
    done = run_cmd("cap-validate", stdin=jsonl(case, bad))
    assert [r["id"] for r in records(done.stdout)] == ["forbidden.catastrophic.001"]
    assert b"forbidden.bad.001: error: assertion.params" in done.stderr
    # Unvalidated, cap-check reports the case's params instead of a verdict or a traceback.
    candidates.write_text(jsonl({"case_id": "forbidden.bad.001", "text": "x"}))
    done = run_cmd("cap-check", "--candidates", str(candidates), stdin=jsonl(bad))
    assert b"assertion.params" in done.stderr and b"Traceback" not in done.stderr


@pytest.mark.parametrize(
    "params", [{"patterns": [1]}, {"regex": "a+"}, {"patterns": None, "regex": [None]}]
)
def test_unvalidated_wrong_types_raise_what_the_engine_reports(params):
    with pytest.raises(ParamsError):
        verdict("text", **params)
