"""The shipped domain semantic-quality examples keep their promises (SPEC §9, seed 000)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from capeval.config import DEFAULT_BLOCKING_FLAGS, DEFAULT_PROFILES, load_config
from capeval.review_records import case_problems, review_problems, roster_problems

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "domain_semantic_quality"
CASE_FILES = {
    "cap-med/v1": EXAMPLES / "cap_med_synthetic_cases.jsonl",
    "cap-swe/v1": EXAMPLES / "cap_swe_synthetic_cases.jsonl",
}
EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.]+")
PHONE = re.compile(r"\+?\d[\d\s().-]{7,}\d")
TRANSCRIPT_TURN = re.compile(r"^\s*\w+:\s", re.MULTILINE)


def read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("profile", sorted(CASE_FILES))
def test_case_sets_are_synthetic_and_cover_their_profile(profile):
    cases = read(CASE_FILES[profile])
    assert len(cases) >= 8
    config = load_config(None)
    covered = set()
    for case in cases:
        assert case_problems(case, config) == [], case["case_id"]
        assert case["profile"] == profile
        assert case["synthetic"] is True
        assert "synthetic" in case["privacy_labels"]
        covered.update(case["criteria"])
        text = " ".join(
            case[key]
            for key in ("scenario", "input_summary", "candidate_output", "expected_quality_notes")
        )
        assert not EMAIL.search(text) and not PHONE.search(text), case["case_id"]
        assert len(TRANSCRIPT_TURN.findall(text)) < 3, case["case_id"]
    assert covered == set(DEFAULT_PROFILES[profile])


def test_reviews_and_roster_are_valid_and_synthetic():
    config = load_config(None)
    case_criteria = {c["case_id"]: set(c["criteria"]) for f in CASE_FILES.values() for c in read(f)}
    reviews = read(EXAMPLES / "synthetic_reviewer_scores.jsonl")
    seen = set()
    flags = set()
    for review in reviews:
        assert review_problems(review, config) == []
        assert review["synthetic"] is True
        assert set(review["scores"]) <= case_criteria[review["case_id"]]
        key = (review["case_id"], review["reviewer_id"])
        assert key not in seen
        seen.add(key)
        flags.update(review["blocking_flags"])
    assert flags <= set(DEFAULT_BLOCKING_FLAGS)
    roster = read(EXAMPLES / "roster.jsonl")
    assert all(roster_problems(entry) == [] for entry in roster)
    # the roster demonstrates conflicts, assignments and a reviewer it does not list
    assert any(entry.get("conflicts") for entry in roster)
    assert any("assignments" in entry for entry in roster)
    listed = {entry["reviewer_id"] for entry in roster}
    assert {review["reviewer_id"] for review in reviews} - listed


def test_example_checklist_is_loadable_and_holds_no_secrets():
    checklist = ROOT / "config" / "domain_semantic_quality.example.yaml"
    text = checklist.read_text(encoding="utf-8")
    assert load_config(str(checklist)).min_reviewers == 2
    assert not EMAIL.search(text)
    assert not re.search(r"(?i)(password|api_key|secret)\s*[=:]\s*\S", text)


def test_report_template_has_the_seed_sections():
    text = (EXAMPLES / "report_template.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## \d+\. (.+)$", text, re.MULTILINE)
    assert headings == [
        "Scope and boundary",
        "Evidence tier and dataset manifest",
        "Reviewer roster",
        "Per-case status",
        "Per-criterion means and agreement",
        "Findings log",
        "Sign-off summary",
    ]


def test_the_example_reviews_reach_every_status_and_a_disagreement():
    from capeval.review_records import case_from_record, review_from_record
    from capeval.scores.aggregate import Aggregation

    config = load_config(None)
    reviews = [review_from_record(r) for r in read(EXAMPLES / "synthetic_reviewer_scores.jsonl")]
    for case_file in CASE_FILES.values():
        aggregation = Aggregation(config, [case_from_record(c) for c in read(case_file)])
        for review in reviews:
            aggregation.add(review)
        result = aggregation.finish()
        assert {v["status"] for v in result.verdicts} == {
            "pass",
            "needs_review",
            "needs_revision",
            "blocked",
        }
        assert any(f["code"] == "disagreement" for f in result.findings)
