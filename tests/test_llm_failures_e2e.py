"""script_fidelity, language_fidelity, untranslated through cap-validate and cap-check."""

from __future__ import annotations

from conftest import evalcase, jsonl, records, run_in_process


def case(target: str, assertion: dict, source: str = "Open the settings", **extra) -> dict:
    return evalcase(
        id=f"llm.e2e.{target.lower()}",
        target_locale=target,
        source=source,
        assertions=[assertion],
        **extra,
    )


def test_validate_checks_the_params_of_each_new_assertion(tmp):
    cases = [
        case("ja-JP", {"name": "script_fidelity", "severity": "hard", "params": {"share": 1}}),
        case("de-DE", {"name": "untranslated", "severity": "hard", "params": {"min_words": 0}}),
        case("tlh", {"name": "script_fidelity", "severity": "hard"}),
        case(
            "sr", {"name": "script_fidelity", "severity": "hard", "params": {"scripts": ["Qqqq"]}}
        ),
        case(
            "uk-UA",
            {"name": "language_fidelity", "severity": "report", "params": {"accept": ["ru"]}},
        ),
    ]
    proc = run_in_process("cap-validate", [], jsonl(*cases).encode())
    stderr = proc.stderr.decode()
    assert "schema.additionalProperties" in stderr  # "share" is no param
    assert "schema.minimum" in stderr  # min_words 0
    assert stderr.count("assertion.params") == 2, stderr  # tlh has no likely script; Qqqq
    assert "CLDR knows no likely script for locale 'tlh'" in stderr
    assert [r["target_locale"] for r in records(proc.stdout)] == ["uk-UA"]


def test_check_runs_them_and_an_unusable_target_is_a_params_diagnostic(tmp):
    cases = [
        case("ja-JP", {"name": "script_fidelity", "severity": "hard"}),
        case("ru-RU", {"name": "untranslated", "severity": "hard"}),
        case("tlh", {"name": "script_fidelity", "severity": "hard"}),
    ]
    candidates = tmp / "candidates.jsonl"
    candidates.write_text(
        jsonl(
            {"case_id": "llm.e2e.ja-jp", "text": "Открыть настройки"},
            {"case_id": "llm.e2e.ru-ru", "text": "Open the settings"},
            {"case_id": "llm.e2e.tlh", "text": "anything"},
        ),
        encoding="utf-8",
    )
    proc = run_in_process("cap-check", ["--candidates", str(candidates)], jsonl(*cases).encode())
    assert proc.returncode == 1  # hard failures
    results = records(proc.stdout)
    assert [(r["case_id"], r["code"]) for r in results] == [
        ("llm.e2e.ja-jp", "script_mismatch"),
        ("llm.e2e.ru-ru", "untranslated_copy"),
    ]
    stderr = proc.stderr.decode()
    assert "llm.e2e.tlh: error: assertion.params: script_fidelity" in stderr, stderr
    assert "Traceback" not in stderr
