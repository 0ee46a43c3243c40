"""Gold cases: calibration records, and no part in verdicts, counts or the gate."""

from __future__ import annotations

import json

from conftest import ROOT, run_cmd

EX = ROOT / "examples" / "domain_semantic_quality"


def _aggregate(tmp_path, *case_files):
    cases = tmp_path / "cases.jsonl"
    cases.write_bytes(b"".join((EX / name).read_bytes() for name in case_files))
    proc = run_cmd(
        "cap-aggregate-scores",
        "--exit-zero",
        "--cases",
        str(cases),
        "--roster",
        str(EX / "roster.jsonl"),
        str(EX / "synthetic_reviewer_scores.jsonl"),
        str(EX / "synthetic_gold_reviews.jsonl"),
    )
    assert proc.returncode == 0, proc.stderr.decode()
    return [json.loads(line) for line in proc.stdout.splitlines()]


def test_gold_cases_calibrate_reviewers_by_hand_computed_values(tmp_path):
    records = _aggregate(tmp_path, "cap_med_synthetic_cases.jsonl", "cap_med_gold_cases.jsonl")
    calibration = {r["reviewer_id"]: r for r in records if r["kind"] == "reviewer_calibration"}
    # reviewer b: |2-1| + |1-1| + |3-2| on gold-001, |5-5| + |4-5| + |5-5| on gold-002 -> 3/6;
    # missed diagnostic_claim on gold-001. reviewer c: 0+0+1 + 1+2+0 -> 4/6; raised a flag
    # gold-002 does not have.
    assert calibration["synthetic-med-reviewer-a"]["mean_absolute_error"] == 0.0
    assert calibration["synthetic-med-reviewer-b"]["mean_absolute_error"] == 0.5
    assert calibration["synthetic-med-reviewer-b"]["missed_flags"] == 1
    assert calibration["synthetic-med-reviewer-c"]["mean_absolute_error"] == 0.6667
    assert calibration["synthetic-med-reviewer-c"]["spurious_flags"] == 1
    assert {r["scored_items"] for r in calibration.values()} == {6}


def test_gold_cases_take_no_part_in_verdicts_counts_or_agreement(tmp_path):
    with_gold = _aggregate(tmp_path, "cap_med_synthetic_cases.jsonl", "cap_med_gold_cases.jsonl")
    without = _aggregate(tmp_path, "cap_med_synthetic_cases.jsonl")
    for records in (with_gold, without):
        # without the gold cases in --cases, their reviews are skipped (and counted so)
        del records[-1]["counts"]["skipped_reviews"]
    assert [r for r in with_gold if r["kind"] != "reviewer_calibration"] == without
    gold_ids = {"cap-med-example-010", "cap-med-example-011"}
    assert not any(r.get("case_id") in gold_ids for r in with_gold)


def test_the_form_shows_a_gold_case_unmarked(tmp_path):
    out = tmp_path / "form.html"
    proc = run_cmd(
        "cap-review-form",
        "--roster",
        str(EX / "roster.jsonl"),
        "--reviewer",
        "synthetic-med-reviewer-a",
        str(EX / "cap_med_gold_cases.jsonl"),
        "-o",
        str(out),
    )
    assert proc.returncode == 0, proc.stderr.decode()
    page = out.read_text(encoding="utf-8").lower()
    assert "gold" not in page
    assert "cap-med-example-010" in page


def test_min_cases_keeps_the_gate_closed(tmp_path):
    config = tmp_path / "review.yaml"
    config.write_text("min_cases: 50\n")
    cases = tmp_path / "cases.jsonl"
    cases.write_bytes((EX / "cap_med_synthetic_cases.jsonl").read_bytes())
    proc = run_cmd(
        "cap-aggregate-scores",
        "--exit-zero",
        "--config",
        str(config),
        "--cases",
        str(cases),
        str(EX / "synthetic_reviewer_scores.jsonl"),
    )
    summary = json.loads(proc.stdout.splitlines()[-1])
    assert "too_few_cases" in summary["gate"]["blockers"]
