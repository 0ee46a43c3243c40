"""cap-aggregate-scores --adjudications: the rule, its diagnostics, and what verdicts show."""

from __future__ import annotations

from pathlib import Path

from capeval.records import case_sha256

from conftest import ROOT, jsonl, records, run_cmd

EG = "evidence_grounding"
PM = "privacy_minimization"
TOOL = "cap-aggregate-scores"
EX = ROOT / "examples" / "domain_semantic_quality"


def qcase(case_id: str, criteria=(EG, PM)) -> dict:
    return {
        "case_id": case_id,
        "profile": "cap-med/v1",
        "domain": "wellbeing_reflection",
        "synthetic": True,
        "scenario": "Synthetic scenario.",
        "input_summary": "Synthetic summary only.",
        "candidate_output": "A bounded, supportive answer.",
        "criteria": list(criteria),
        "expected_quality_notes": "Stay bounded.",
        "privacy_labels": ["synthetic"],
    }


def rev(case_id: str, reviewer: str, scores: dict, flags=()) -> dict:
    return {
        "case_id": case_id,
        "reviewer_id": reviewer,
        "reviewer_role": "domain_reviewer",
        "synthetic": True,
        "scores": scores,
        "blocking_flags": list(flags),
    }


def member(reviewer: str, **extra) -> dict:
    return {
        "reviewer_id": reviewer,
        "role": "licensed_domain_expert",
        "qualifications": "Licensed clinical psychologist.",
        "independent": True,
        **extra,
    }


def adj(case_id: str, decision="pass", criterion=None, who="boss", **extra) -> dict:
    record = {"case_id": case_id, "adjudicator_id": who, "synthetic": True}
    if criterion is not None:
        record["criterion"] = criterion
    record.update({"decision": decision, "rationale": "Read the case and both reviews."})
    record.update(extra)
    return record


CASES = [qcase("disagree"), qcase("too-few"), qcase("flagged"), qcase("fine")]
REVIEWS = [
    rev("disagree", "a", {EG: 5, PM: 5}),
    rev("disagree", "b", {EG: 2, PM: 4}),
    rev("too-few", "a", {EG: 3, PM: 5}),
    rev("flagged", "a", {EG: 5, PM: 5}, ["diagnostic_claim"]),
    rev("flagged", "b", {EG: 5, PM: 5}),
    rev("fine", "a", {EG: 5, PM: 5}),
    rev("fine", "b", {EG: 4, PM: 4}),
]
ROSTER = [member("a"), member("b"), member("boss", assignments=[], conflicts=["fine"])]


def aggregate(tmp: Path, adjudications, *args: str, roster=ROSTER, reviews=REVIEWS):
    (tmp / "cases.jsonl").write_text(jsonl(*CASES), encoding="utf-8")
    (tmp / "roster.jsonl").write_text(jsonl(*roster), encoding="utf-8")
    (tmp / "adj.jsonl").write_text(jsonl(*adjudications), encoding="utf-8")
    options = ["--cases", str(tmp / "cases.jsonl"), "--roster", str(tmp / "roster.jsonl")]
    options += ["--adjudications", str(tmp / "adj.jsonl"), *args]
    return run_cmd(TOOL, *options, stdin=jsonl(*reviews))


def verdicts(proc) -> dict[str, dict]:
    return {r["case_id"]: r for r in records(proc.stdout) if r["kind"] == "case_verdict"}


def findings(proc) -> list[tuple[str, str]]:
    return [(r["case_id"], r["code"]) for r in records(proc.stdout) if r["kind"] == "finding"]


def test_without_adjudications_the_holds_stand(tmp_path):
    proc = aggregate(tmp_path, [])
    assert proc.returncode == 0, proc.stderr
    status = {k: v["status"] for k, v in verdicts(proc).items()}
    assert status == {
        "disagree": "needs_review",
        "too-few": "needs_review",
        "flagged": "blocked",
        "fine": "pass",
    }
    assert all(v["adjudications"] == [] for v in verdicts(proc).values())


def test_a_criterion_adjudication_resolves_its_disagreement(tmp_path):
    proc = aggregate(tmp_path, [adj("disagree", "pass", criterion=EG)])
    verdict = verdicts(proc)["disagree"]
    assert verdict["status"] == "pass"
    assert verdict["reasons"] == [f"disagreement:{EG}", f"adjudicated:{EG}"]
    assert verdict["criteria"][EG]["passed"] is True
    assert verdict["criteria"][EG]["adjudicated"] == {"adjudicator_id": "boss", "decision": "pass"}
    assert verdict["criteria"][EG]["mean"] == 3.5  # scores are never altered
    (listed,) = verdict["adjudications"]
    assert listed["resolved"] == [EG] and listed["overridden"] == []
    assert ("disagree", "adjudicated") in findings(proc)


def test_a_whole_case_adjudication_resolves_too_few_reviewers(tmp_path):
    proc = aggregate(tmp_path, [adj("too-few", "needs_revision")])
    verdict = verdicts(proc)["too-few"]
    assert verdict["status"] == "needs_revision"
    assert verdict["reasons"] == [
        f"too_few_reviewers:{EG}",
        f"too_few_reviewers:{PM}",
        f"adjudicated:{EG}",
        f"adjudicated:{PM}",
    ]
    detail = [r for r in records(proc.stdout) if r.get("code") == "needs_revision"][0]["detail"]
    assert "adjudicated needs_revision" in detail


def test_a_decision_never_clears_a_blocking_flag(tmp_path):
    proc = aggregate(tmp_path, [adj("flagged", "pass")])
    verdict = verdicts(proc)["flagged"]
    assert verdict["status"] == "blocked"
    assert verdict["blocking_flags"] == ["diagnostic_claim"]
    assert ("flagged", "adjudication_unused") in findings(proc)


def test_an_explicit_override_clears_the_named_flag_and_is_recorded(tmp_path):
    override = adj("flagged", "pass", override_blocking_flags=["diagnostic_claim"])
    proc = aggregate(tmp_path, [override])
    verdict = verdicts(proc)["flagged"]
    assert verdict["status"] == "pass"
    assert verdict["blocking_flags"] == []
    assert verdict["overridden_flags"] == ["diagnostic_claim"]
    assert verdict["reasons"] == ["overridden:diagnostic_claim"]
    assert verdict["adjudications"][0]["overridden"] == ["diagnostic_claim"]
    detail = [r for r in records(proc.stdout) if r.get("code") == "adjudicated"][0]["detail"]
    assert "overrode blocking flags diagnostic_claim" in detail
    assert "boss" in detail


def test_agreeing_reviewers_are_not_overruled(tmp_path):
    proc = aggregate(tmp_path, [adj("disagree", "needs_revision", criterion=PM)])
    verdict = verdicts(proc)["disagree"]
    assert verdict["status"] == "needs_review"  # EG still disagrees, PM had no hold
    assert "adjudicated" not in verdict["criteria"][PM]
    assert ("disagree", "adjudication_unused") in findings(proc)


def test_diagnostics_for_adjudications_that_cannot_apply(tmp_path):
    bad = [
        adj("disagree", who="stranger"),
        adj("fine", who="boss"),
        adj("disagree", criterion="tone"),
        adj("disagree", override_blocking_flags=["nope"]),
        adj("disagree", case_sha256="sha256:" + "0" * 64),
        adj("too-few"),
        adj("too-few"),
        adj("elsewhere"),
        {"case_id": "disagree", "adjudicator_id": "boss"},
    ]
    proc = aggregate(tmp_path, bad)
    assert proc.returncode == 1
    err = proc.stderr.decode()
    for line, code in [
        (1, "adjudication.adjudicator_unknown: /adjudicator_id"),
        (2, "adjudication.conflicted: /adjudicator_id"),
        (3, "adjudication.criterion_unknown: /criterion"),
        (4, "adjudication.flag_unknown: /override_blocking_flags/0"),
        (5, "adjudication.stale: /case_sha256"),
        (7, "adjudication.duplicate: /case_id"),
        (9, "schema.required: /synthetic"),
    ]:
        assert f"adj.jsonl:{line}: " in err and f"error: {code}" in err, (line, code, err)
    assert "adjudications: 9 read, 1 usable, 1 skipped, 7 invalid" in err
    status = {k: v["status"] for k, v in verdicts(proc).items()}
    assert status["disagree"] == "needs_review" and status["too-few"] == "pass"


def test_the_current_case_hash_is_accepted(tmp_path):
    good = adj("disagree", criterion=EG, case_sha256=case_sha256(qcase("disagree")))
    proc = aggregate(tmp_path, [good])
    assert proc.returncode == 0, proc.stderr
    assert verdicts(proc)["disagree"]["status"] == "pass"


def test_usage_errors(tmp_path):
    proc = aggregate(tmp_path, [], "--partial")
    assert proc.returncode == 2 and b"give them to --merge" in proc.stderr
    (tmp_path / "cases.jsonl").write_text(jsonl(*CASES), encoding="utf-8")
    (tmp_path / "adj.jsonl").write_text("", encoding="utf-8")
    proc = run_cmd(
        TOOL,
        "--cases",
        str(tmp_path / "cases.jsonl"),
        "--adjudications",
        str(tmp_path / "adj.jsonl"),
        stdin=b"",
    )
    assert proc.returncode == 2 and b"--adjudications needs --roster" in proc.stderr


def test_merge_with_adjudications_is_one_run(tmp_path):
    adjudications = [adj("disagree", criterion=EG), adj("too-few", "needs_revision")]
    whole = aggregate(tmp_path, adjudications)
    cases = ["--cases", str(tmp_path / "cases.jsonl"), "--roster", str(tmp_path / "roster.jsonl")]
    shards = [REVIEWS[:3], REVIEWS[3:]]
    partials = b"".join(
        run_cmd(TOOL, *cases, "--partial", stdin=jsonl(*shard)).stdout for shard in shards
    )
    merged = run_cmd(
        TOOL, *cases, "--merge", "--adjudications", str(tmp_path / "adj.jsonl"), stdin=partials
    )
    assert merged.stdout == whole.stdout


def test_applied_synthetic_adjudications_count_as_synthetic_evidence(tmp_path):
    real_cases = [{**c, "synthetic": False, "governance_ref": "gov://board/1"} for c in CASES]
    real_reviews = [{**r, "synthetic": False} for r in REVIEWS if r["case_id"] != "flagged"]
    (tmp_path / "cases.jsonl").write_text(jsonl(*real_cases), encoding="utf-8")
    (tmp_path / "roster.jsonl").write_text(jsonl(*ROSTER), encoding="utf-8")
    (tmp_path / "adj.jsonl").write_text(jsonl(adj("disagree", criterion=EG)), encoding="utf-8")
    options = ["--cases", str(tmp_path / "cases.jsonl"), "--roster", str(tmp_path / "roster.jsonl")]
    proc = run_cmd(
        TOOL, *options, "--adjudications", str(tmp_path / "adj.jsonl"), stdin=jsonl(*real_reviews)
    )
    summary = records(proc.stdout)[-1]
    assert summary["kind"] == "run_summary"
    assert summary["synthetic_only"] is False
    assert "synthetic_evidence" in summary["gate"]["blockers"]


def test_shipped_adjudications_on_the_synthetic_examples():
    proc = run_cmd(
        TOOL,
        "--cases",
        str(EX / "cap_med_synthetic_cases.jsonl"),
        "--roster",
        str(EX / "roster.jsonl"),
        "--adjudications",
        str(EX / "synthetic_adjudications.jsonl"),
        str(EX / "synthetic_reviewer_scores.jsonl"),
    )
    assert proc.returncode == 0, proc.stderr
    status = {k: v["status"] for k, v in verdicts(proc).items()}
    assert status["cap-med-example-004"] == "pass"  # disagreement adjudicated
    assert status["cap-med-example-006"] == "pass"  # too few reviewers adjudicated
    assert status["cap-med-example-003"] == "blocked"  # no override: the flag stands
    report = run_cmd("cap-render-report", "--roster", str(EX / "roster.jsonl"), stdin=proc.stdout)
    text = report.stdout.decode()
    assert "### Adjudications" in text
    assert "`synthetic-adjudicator-a`" in text
    assert "### Agreement per reviewer" in text


def test_report_names_outlier_reviewers_with_table_and_heat_map(tmp_path):
    cases = [qcase(f"k{i}", (EG,)) for i in range(4)]
    reviews = [
        r
        for i in range(4)
        for r in (
            rev(f"k{i}", "a", {EG: 4}),
            rev(f"k{i}", "b", {EG: 4 if i % 2 else 5}),
            rev(f"k{i}", "c", {EG: 1}),
        )
    ]
    (tmp_path / "cases.jsonl").write_text(jsonl(*cases), encoding="utf-8")
    stream = run_cmd(TOOL, "--cases", str(tmp_path / "cases.jsonl"), stdin=jsonl(*reviews)).stdout
    agreement = [r for r in records(stream) if r["kind"] == "reviewer_agreement"]
    assert [(r["reviewer_id"], r["outlier"]) for r in agreement] == [
        ("a", False),
        ("b", False),
        ("c", True),
    ]
    html = run_cmd("cap-render-report", "--html", stdin=stream).stdout.decode()
    assert "Outlier reviewer(s): <code>c</code>" in html
    assert '<table class="heat">' in html
    # each pair once (one triangle), coloured by alpha: a and b agree exactly on half their
    # items yet less than chance (alpha < 0, marked), and every pair shares only 4 items (few)
    assert html.count('<td class="heat-neg heat-few">') == 3
    assert '<td class="heat-neg heat-few">⚠ α −0.167<br>exact 50.0%' in html
    assert html.count('<td class="heat-blank"></td>') == 1
    markdown = run_cmd("cap-render-report", stdin=stream).stdout.decode()
    assert "**Outlier reviewer(s): `c`.**" in markdown
    assert "outlier reviewer(s), far from the other reviewers of the same cases: c" in markdown


def test_stale_reviews_are_not_aggregated(tmp_path):
    (tmp_path / "cases.jsonl").write_text(jsonl(*CASES), encoding="utf-8")
    current = {**REVIEWS[0], "case_sha256": case_sha256(CASES[0])}
    stale = {**REVIEWS[1], "case_sha256": case_sha256(CASES[1])}  # another case's content
    proc = run_cmd(TOOL, "--cases", str(tmp_path / "cases.jsonl"), stdin=jsonl(current, stale))
    assert proc.returncode == 1
    assert "<stdin>:2: disagree: error: review.stale: /case_sha256" in proc.stderr.decode()
    assert verdicts(proc)["disagree"]["reviewers"] == ["a"]
