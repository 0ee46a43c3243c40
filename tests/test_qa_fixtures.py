"""Every failure code of the translators' QA assertions (issue 30) is produced by the dev
fixtures (cases/dev/qa_checks.jsonl and its baseline), with a passing case each."""

from __future__ import annotations

import json
from pathlib import Path

from capeval.assertions import load

SUITE = Path(__file__).resolve().parent.parent / "evals" / "i18n-prompt"
NAMES = ("literal_fidelity", "punctuation_fidelity", "repetition", "length_ratio", "terminology")


def _read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def test_every_code_has_a_fixture():
    expected = _read(SUITE / "baselines" / "qa_checks.expected.jsonl")
    produced = {(r["assertion"], r["code"]) for r in expected}
    for name in NAMES:
        for code in load(name).CODES:
            assert (name, code) in produced, (name, code)
        assert (name, "ok") in produced


def test_every_suggestion_of_the_fixtures_repairs_its_defect():
    from capeval.assertions import Subject
    from capeval.suggestions import apply

    cases = {case["id"]: case for case in _read(SUITE / "cases" / "dev" / "qa_checks.jsonl")}
    texts = {
        c["case_id"]: c["text"] for c in _read(SUITE / "baselines" / "qa_checks.candidates.jsonl")
    }
    for result in _read(SUITE / "baselines" / "qa_checks.expected.jsonl"):
        case = cases[result["case_id"]]
        for fix in result["evidence"].get("suggestions", []):
            (assertion,) = [a for a in case["assertions"] if a["name"] == result["assertion"]]
            fixed = apply(texts[case["id"]], fix)
            outcome = load(result["assertion"]).check(
                Subject.of(case, {"text": fixed}), assertion.get("params", {})
            )
            assert outcome.code != result["code"], (case["id"], fixed)
