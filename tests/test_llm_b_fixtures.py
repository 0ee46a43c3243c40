"""Every failure code of response_clean, markup_integrity and whitespace_fidelity is produced
by the dev fixtures (cases/dev/llm_failures_b.jsonl and its baseline), for targets in each of
the scripts issue 12 names."""

from __future__ import annotations

import json
from pathlib import Path

from capeval.assertions import load

SUITE = Path(__file__).resolve().parent.parent / "evals" / "i18n-prompt"
NAMES = ("response_clean", "markup_integrity", "whitespace_fidelity")


def _read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def test_every_code_has_a_fixture():
    expected = _read(SUITE / "baselines" / "llm_failures_b.expected.jsonl")
    produced = {(r["assertion"], r["code"]) for r in expected}
    for name in NAMES:
        for code in load(name).CODES:
            assert (name, code) in produced, (name, code)
        assert (name, "ok") in produced  # and a passing case


def test_fixture_targets_cover_the_scripts():
    cases = _read(SUITE / "cases" / "dev" / "llm_failures_b.jsonl")
    languages = {case["target_locale"].split("-")[0] for case in cases}
    # CJK, Cyrillic, Arabic, Hebrew, Devanagari, Thai
    for group in ({"zh", "ja", "ko"}, {"ru", "uk"}, {"ar", "fa"}, {"he"}, {"hi"}, {"th"}):
        assert languages & group, group
