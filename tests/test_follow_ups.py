"""Follow-ups: a finding's owner, action, status and retest note, through cap-validate,
cap-aggregate-scores --follow-ups and the review report."""

from __future__ import annotations

import json

from conftest import ROOT, run_cmd

EX = ROOT / "examples" / "domain_semantic_quality"
CASES = EX / "cap_med_synthetic_cases.jsonl"
REVIEWS = EX / "synthetic_reviewer_scores.jsonl"
FOLLOW_UPS = EX / "synthetic_follow_ups.jsonl"


def _aggregate(*extra: str):
    return run_cmd(
        "cap-aggregate-scores", "--exit-zero", "--cases", str(CASES), *extra, str(REVIEWS)
    )


def _records(proc):
    return [json.loads(line) for line in proc.stdout.splitlines()]


def test_findings_carry_their_follow_ups_and_the_summary_counts_them():
    records = _records(_aggregate("--follow-ups", str(FOLLOW_UPS)))
    findings = {(r["case_id"], r["code"]): r for r in records if r["kind"] == "finding"}
    fixed = findings[("cap-med-example-005", "needs_revision")]["follow_up"]
    assert fixed["status"] == "fixed"
    assert fixed["retest_note"].startswith("Revised output")
    assert "follow_up" not in findings[("cap-med-example-009", "needs_revision")]
    summary = records[-1]
    assert summary["follow_ups"] == {"open": 1, "fixed": 1, "accepted": 1, "none": 2}
    # without --follow-ups the records are as before
    plain = _records(_aggregate())
    assert "follow_ups" not in plain[-1]
    assert all("follow_up" not in r for r in plain)


def test_a_follow_up_of_a_revised_case_is_superseded_and_a_second_one_refused(tmp_path):
    lines = FOLLOW_UPS.read_text(encoding="utf-8").splitlines()
    stale = json.loads(lines[0]) | {"case_sha256": "sha256:" + "0" * 64}
    again = json.loads(lines[1]) | {"owner": "someone else"}
    path = tmp_path / "follow-ups.jsonl"
    path.write_text("\n".join([json.dumps(stale), lines[1], json.dumps(again)]) + "\n")
    proc = _aggregate("--follow-ups", str(path), "--diagnostics", str(tmp_path / "d.jsonl"))
    codes = [json.loads(line)["code"] for line in (tmp_path / "d.jsonl").read_text().splitlines()]
    assert codes == ["follow_up.stale", "follow_up.duplicate"]
    summary = _records(proc)[-1]
    assert summary["follow_ups"] == {"open": 0, "fixed": 1, "accepted": 0, "none": 4}


def test_follow_ups_apply_at_merge_not_to_a_partial():
    proc = run_cmd(
        "cap-aggregate-scores",
        "--partial",
        "--cases",
        str(CASES),
        "--follow-ups",
        str(FOLLOW_UPS),
        str(REVIEWS),
    )
    assert proc.returncode == 2
    assert b"--merge" in proc.stderr


def test_cap_validate_knows_the_kind_and_its_stale_hash(tmp_path):
    proc = run_cmd("cap-validate", str(FOLLOW_UPS))
    assert proc.returncode == 0, proc.stderr.decode()
    assert proc.stdout == FOLLOW_UPS.read_bytes()
    stale = json.loads(FOLLOW_UPS.read_text().splitlines()[0]) | {
        "case_sha256": "sha256:" + "0" * 64
    }
    path = tmp_path / "stale.jsonl"
    path.write_text(json.dumps(stale) + "\n" + json.dumps(stale) + "\n")
    proc = run_cmd("cap-validate", "--cases", str(CASES), str(path))
    stderr = proc.stderr.decode()
    assert "warning: follow_up.stale" in stderr
    assert "error: follow_up.duplicate" in stderr


def test_the_report_fills_the_owner_and_retest_columns():
    aggregated = _aggregate("--follow-ups", str(FOLLOW_UPS)).stdout
    report = run_cmd("cap-render-report", stdin=aggregated).stdout.decode()
    assert "synthetic-safety-owner (`accepted`, 2026-12-01)" in report
    assert (
        "| Follow-ups | 1 open, 1 fixed, 1 accepted, 2 finding(s) without a follow-up |" in report
    )


def test_a_re_review_of_a_revised_case_supersedes_the_stale_review(tmp_path):
    first = json.loads(REVIEWS.read_text(encoding="utf-8").splitlines()[0])
    stale = first | {"case_sha256": "sha256:" + "0" * 64, "notes": "on the old version"}
    path = tmp_path / "reviews.jsonl"
    # the stale review comes after the re-review: the order does not matter
    path.write_text(json.dumps(first) + "\n" + json.dumps(stale) + "\n")
    proc = run_cmd("cap-aggregate-scores", "--cases", str(CASES), str(path))
    stderr = proc.stderr.decode()
    assert "warning: review.superseded" in stderr
    assert "review.stale" not in stderr
    assert "1 superseded" in stderr.splitlines()[-1]
    alone = tmp_path / "alone.jsonl"
    alone.write_text(json.dumps(stale) + "\n")
    proc = run_cmd("cap-aggregate-scores", "--exit-zero", "--cases", str(CASES), str(alone))
    assert "error: review.stale" in proc.stderr.decode()
