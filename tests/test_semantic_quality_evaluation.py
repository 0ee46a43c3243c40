"""The seed's smoke test (seed 000): its harness command on the checked-in synthetic fixtures.

``python -m cap_protocol.evaluation.semantic_quality`` is a thin alias of
``cap-aggregate-scores --format json``; this runs it as the seed documents.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "domain_semantic_quality"
SCORES = EXAMPLES / "synthetic_reviewer_scores.jsonl"
STATUSES = {"pass", "needs_review", "needs_revision", "blocked"}


def harness(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "cap_protocol.evaluation.semantic_quality", *args],
        capture_output=True,
        cwd=ROOT,
        timeout=60,
    )


@pytest.mark.parametrize(
    "case_file", ["cap_med_synthetic_cases.jsonl", "cap_swe_synthetic_cases.jsonl"]
)
def test_synthetic_smoke_fixture(case_file):
    cases_path = EXAMPLES / case_file
    proc = harness("--cases", str(cases_path), "--scores", str(SCORES))
    assert proc.returncode == 0, proc.stderr.decode()
    report = json.loads(proc.stdout)

    assert report["separate_from_cap_conformance"] is True
    assert report["synthetic_only"] is True
    assert report["external_expert_validation"] is False
    assert report["evidence_tier"] == "synthetic_onboarding"
    assert report["gate"]["can_close"] is False

    case_ids = [json.loads(line)["case_id"] for line in cases_path.read_text().splitlines()]
    assert [case["case_id"] for case in report["cases"]] == case_ids
    for case in report["cases"]:
        assert case["status"] in STATUSES
        assert isinstance(case["blocking_flags"], list)
        assert case["criteria"], case["case_id"]
        for figures in case["criteria"].values():
            # per-criterion reviewer average
            assert isinstance(figures["mean"], float)
            assert figures["n"] >= 1
        if case["blocking_flags"]:
            assert case["status"] == "blocked"
    # the fixtures exercise every status
    assert {case["status"] for case in report["cases"]} == STATUSES


def test_the_alias_is_cap_aggregate_scores_format_json():
    cases_path = str(EXAMPLES / "cap_med_synthetic_cases.jsonl")
    alias = harness("--cases", cases_path, "--scores", str(SCORES))
    command = Path(sys.executable).parent / "cap-aggregate-scores"
    if not command.exists():
        pytest.skip("cap-aggregate-scores is not installed (make install)")
    direct = subprocess.run(
        [str(command), "--format", "json", "--cases", cases_path, str(SCORES)],
        capture_output=True,
        timeout=60,
    )
    assert alias.stdout == direct.stdout
    assert alias.returncode == direct.returncode == 0
