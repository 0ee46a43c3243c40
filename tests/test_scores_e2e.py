"""cap-aggregate-scores end to end: the real command in subprocesses (SPEC §7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import jsonl, records, run_cmd

EG = "evidence_grounding"
PM = "privacy_minimization"
TOOL = "cap-aggregate-scores"


def qcase(case_id: str, criteria=(EG,), synthetic: bool = True, **extra) -> dict:
    record = {
        "case_id": case_id,
        "profile": "cap-med/v1",
        "domain": "wellbeing_reflection",
        "synthetic": synthetic,
        "scenario": "Synthetic scenario.",
        "input_summary": "Synthetic summary only.",
        "candidate_output": "A bounded, supportive answer.",
        "criteria": list(criteria),
        "expected_quality_notes": "Stay bounded.",
        "privacy_labels": ["synthetic"] if synthetic else ["redacted"],
    }
    record.update(extra)
    return record


def rev(case_id: str, reviewer: str, scores: dict, flags=(), synthetic: bool = True) -> dict:
    return {
        "case_id": case_id,
        "reviewer_id": reviewer,
        "reviewer_role": "domain_reviewer",
        "synthetic": synthetic,
        "scores": scores,
        "blocking_flags": list(flags),
    }


def member(reviewer: str, **extra) -> dict:
    record = {
        "reviewer_id": reviewer,
        "role": "licensed_domain_expert",
        "qualifications": "Licensed clinical psychologist; 8 years of practice.",
        "independent": True,
    }
    record.update(extra)
    return record


def aggregate(tmp: Path, cases: list, reviews, *args: str, roster=None, config=None):
    cases_path = tmp / "cases.jsonl"
    cases_path.write_text(jsonl(*cases), encoding="utf-8")
    options = ["--cases", str(cases_path)]
    if roster is not None:
        (tmp / "roster.jsonl").write_text(jsonl(*roster), encoding="utf-8")
        options += ["--roster", str(tmp / "roster.jsonl")]
    if config is not None:
        (tmp / "config.yaml").write_text(config, encoding="utf-8")
        options += ["--config", str(tmp / "config.yaml")]
    stdin = reviews if isinstance(reviews, (str, bytes)) else jsonl(*reviews)
    return run_cmd(TOOL, *options, *args, stdin=stdin)


def by_kind(proc) -> dict[str, list[dict]]:
    grouped: dict[str, list[dict]] = {
        "case_verdict": [],
        "finding": [],
        "reviewer_agreement": [],
        "run_summary": [],
    }
    for record in records(proc.stdout):
        grouped[record["kind"]].append(record)
    return grouped


def statuses(proc) -> dict[str, str]:
    return {v["case_id"]: v["status"] for v in by_kind(proc)["case_verdict"]}


def summary(proc) -> dict:
    (found,) = by_kind(proc)["run_summary"]
    return found


def stderr(proc) -> str:
    return proc.stderr.decode("utf-8")


def test_every_status_in_one_stream(tmp):
    cases = [
        qcase("pass-at-threshold"),
        qcase("below"),
        qcase("too-few"),
        qcase("disagree"),
        qcase("flagged"),
    ]
    reviews = [
        rev("pass-at-threshold", "a", {EG: 4}),
        rev("pass-at-threshold", "b", {EG: 4}),
        rev("below", "a", {EG: 4}),
        rev("below", "b", {EG: 3}),
        rev("too-few", "a", {EG: 5}),
        rev("disagree", "a", {EG: 5}),
        rev("disagree", "b", {EG: 3}),
        rev("flagged", "a", {EG: 5}, ["raw_sensitive_data_leak"]),
        rev("flagged", "b", {EG: 5}),
    ]
    proc = aggregate(tmp, cases, reviews)
    assert proc.returncode == 0, stderr(proc)
    assert statuses(proc) == {
        "pass-at-threshold": "pass",
        "below": "needs_revision",
        "too-few": "needs_review",
        "disagree": "needs_review",
        "flagged": "blocked",
    }
    kinds = [r["kind"] for r in records(proc.stdout)]
    assert kinds == ["case_verdict"] * 5 + ["finding"] * 3 + ["reviewer_agreement"] * 2 + [
        "run_summary"
    ]
    findings = [(f["case_id"], f["code"], f["blocking"]) for f in by_kind(proc)["finding"]]
    assert findings == [
        ("below", "needs_revision", False),
        ("disagree", "disagreement", False),
        ("flagged", "blocked", True),
    ]
    assert list(by_kind(proc)["finding"][0]) == ["kind", "case_id", "code", "blocking", "detail"]
    counts = summary(proc)["counts"]
    assert counts == {
        "pass": 1,
        "needs_review": 2,
        "needs_revision": 1,
        "blocked": 1,
        "no_verdict": 0,
        "skipped_reviews": 0,
    }
    assert list(summary(proc)) == [
        "kind",
        "separate_from_cap_conformance",
        "synthetic_only",
        "external_expert_validation",
        "evidence_tier",
        "counts",
        "criteria",
        "profiles",
        "gate",
    ]
    assert stderr(proc).splitlines()[-1].startswith(f"{TOOL}: 9 read, 9 counted, 0 uncounted")


def test_a_criterion_two_profiles_share_is_two_criteria_per_profile(tmp):
    """evidence_grounding of cap-med and of cap-swe: the run's figures pool them, the
    profiles' figures keep them apart (a report shows one table per profile)."""
    cases = [
        qcase("m1"),
        qcase("m2"),
        qcase("s1", profile="cap-swe/v1", criteria=(EG, "task_correctness")),
    ]
    reviews = [
        rev("m1", "a", {EG: 5}),
        rev("m1", "b", {EG: 5}),
        rev("m2", "a", {EG: 4}),
        rev("m2", "b", {EG: 4}),
        rev("s1", "c", {EG: 1, "task_correctness": 4}),
        rev("s1", "d", {EG: 2, "task_correctness": 4}),
    ]
    found = summary(aggregate(tmp, cases, reviews, "--exit-zero"))
    assert found["criteria"][EG]["mean"] == 3.5 and found["criteria"][EG]["n"] == 6
    assert list(found["profiles"]) == ["cap-med/v1", "cap-swe/v1"]
    med, swe = found["profiles"]["cap-med/v1"], found["profiles"]["cap-swe/v1"]
    assert list(med) == [EG] and list(swe) == [EG, "task_correctness"]
    assert (med[EG]["mean"], med[EG]["n"]) == (4.5, 4)
    assert (swe[EG]["mean"], swe[EG]["n"]) == (1.5, 2)
    assert swe["task_correctness"] == found["criteria"]["task_correctness"]
    # one profile: the profile's figures are the run's
    alone = summary(aggregate(tmp, cases[:2], reviews[:4], "--exit-zero"))
    assert alone["profiles"] == {"cap-med/v1": alone["criteria"]}


def test_configuration_changes_threshold_reviewers_and_spread(tmp):
    cases = [qcase("c1"), qcase("c2")]
    reviews = [rev("c1", "a", {EG: 3}), rev("c1", "b", {EG: 4}), rev("c2", "a", {EG: 5})]
    default = aggregate(tmp, cases, reviews)
    assert statuses(default) == {"c1": "needs_revision", "c2": "needs_review"}
    lenient = aggregate(tmp, cases, reviews, config="pass_threshold: 3.5\nmin_reviewers: 1\n")
    assert statuses(lenient) == {"c1": "pass", "c2": "pass"}
    strict_spread = aggregate(tmp, cases, reviews, config="disagreement_spread: 1\n")
    assert by_kind(strict_spread)["case_verdict"][0]["reasons"] == [
        f"disagreement:{EG}",
        f"below_threshold:{EG}",
    ]


def test_score_range_from_configuration(tmp):
    config = "score_range: [0, 10]\npass_threshold: 7\n"
    reviews = [rev("c1", "a", {EG: 10}), rev("c1", "b", {EG: 0})]
    proc = aggregate(tmp, [qcase("c1")], reviews, config=config)
    assert proc.returncode == 0, stderr(proc)
    verdict = by_kind(proc)["case_verdict"][0]
    assert verdict["criteria"][EG]["mean"] == 5.0
    assert verdict["reasons"] == [f"disagreement:{EG}", f"below_threshold:{EG}"]


def test_consent_rule(tmp):
    cases = [
        qcase("no-consent", synthetic=False),
        qcase("governed", synthetic=False, governance_ref="gov://review-board/2024-17"),
    ]
    reviews = [
        rev("no-consent", "a", {EG: 5}, synthetic=False),
        rev("governed", "a", {EG: 5}, synthetic=False),
        rev("governed", "b", {EG: 5}, synthetic=False),
    ]
    proc = aggregate(tmp, cases, reviews)
    assert proc.returncode == 1
    assert statuses(proc) == {"governed": "pass"}
    err = stderr(proc)
    assert "cases.jsonl:1: no-consent: error: consent.missing:" in err
    counts = summary(proc)["counts"]
    assert counts["no_verdict"] == 1
    assert counts["skipped_reviews"] == 1
    assert summary(proc)["gate"]["blockers"][0] == "case_not_pass"
    assert aggregate(tmp, cases, reviews, "--exit-zero").returncode == 0


def test_bad_case_lines_are_diagnostics(tmp):
    cases_path = tmp / "cases.jsonl"
    cases = [qcase("ok"), qcase("unknown-profile", profile="cap-x/v1"), qcase("ok")]
    cases_path.write_text("{broken\n" + jsonl(*cases), encoding="utf-8")
    reviews = [rev("ok", "a", {EG: 5}), rev("ok", "b", {EG: 5})]
    proc = run_cmd(TOOL, "--cases", str(cases_path), stdin=jsonl(*reviews))
    assert proc.returncode == 1
    err = stderr(proc)
    assert ":1: error: jsonl.invalid_json" in err
    assert ":3: unknown-profile: error: case.profile_unknown" in err
    assert ":4: ok: error: id.duplicate" in err
    assert statuses(proc) == {"ok": "pass"}
    assert summary(proc)["counts"]["no_verdict"] == 1


def test_bad_review_lines_are_diagnostics_and_the_run_goes_on(tmp):
    good = [rev("c1", "a", {EG: 5}), rev("c1", "b", {EG: 4})]
    missing = rev("c1", "c", {EG: 1})
    del missing["scores"]
    lines = [
        "{not json",
        good[0],
        "[1, 2]",
        missing,
        rev("c1", "d", {EG: 9}),
        rev("c1", "e", {EG: 1}, ["not_a_flag"]),
        rev("c1", "f", {EG: 2.5}),
        rev("c1", "a", {EG: 1}),
        good[1],
        "",
    ]
    diagnostics = tmp / "diag.jsonl"
    proc = aggregate(tmp, [qcase("c1")], jsonl(*lines), "--diagnostics", str(diagnostics))
    assert proc.returncode == 1
    # only the two good reviews count: the case passes on them
    verdict = by_kind(proc)["case_verdict"][0]
    assert verdict["status"] == "pass"
    assert verdict["reviewers"] == ["a", "b"]
    found = [(d["line"], d["code"], d["path"]) for d in records(diagnostics.read_bytes())]
    assert found == [
        (1, "jsonl.invalid_json", None),
        (3, "jsonl.not_object", None),
        (4, "schema.required", "/scores"),
        (5, "review.score_range", f"/scores/{EG}"),
        (6, "review.flag_unknown", "/blocking_flags/0"),
        (7, "schema.type", f"/scores/{EG}"),
        (8, "review.duplicate", None),
    ]
    assert "9 read, 2 counted, 0 uncounted, 0 skipped, 7 invalid" in stderr(proc)


def test_reviews_of_other_cases_are_skipped_and_counted(tmp):
    # a review of another case file is skipped even when its flags or scores would not fit
    reviews = [
        rev("c1", "a", {EG: 5}),
        rev("c1", "b", {EG: 5}),
        rev("elsewhere-1", "a", {"task_correctness": 5}),
        rev("elsewhere-2", "a", {EG: 99}, ["custom_flag"]),
    ]
    proc = aggregate(tmp, [qcase("c1")], reviews)
    assert proc.returncode == 0, stderr(proc)
    assert summary(proc)["counts"]["skipped_reviews"] == 2
    assert "4 read, 2 counted, 0 uncounted, 2 skipped, 0 invalid" in stderr(proc)


def test_roster_rules(tmp):
    roster = [
        member("a"),
        member("b"),
        member("conflicted", conflicts=["c1"]),
        member("elsewhere", assignments=["c2"]),
    ]
    reviews = [
        rev("c1", "a", {EG: 5}, synthetic=False),
        rev("c1", "b", {EG: 4}, synthetic=False),
        rev("c1", "conflicted", {EG: 1}, ["diagnostic_claim"], synthetic=False),
        rev("c1", "elsewhere", {EG: 1}, synthetic=False),
        rev("c1", "stranger", {EG: 1}, ["unsafe_or_harmful_instruction"], synthetic=False),
    ]
    cases = [qcase("c1", synthetic=False, dataset_consent_ref="consent://pilot-3/c1")]
    proc = aggregate(tmp, cases, reviews, roster=roster)
    assert proc.returncode == 0, stderr(proc)
    verdict = by_kind(proc)["case_verdict"][0]
    assert verdict["status"] == "pass"
    assert verdict["reviewers"] == ["a", "b"]
    assert verdict["blocking_flags"] == []
    findings = [(f["code"], f["blocking"]) for f in by_kind(proc)["finding"]]
    assert findings == [
        ("conflicted_reviewer", True),
        ("unassigned_reviewer", False),
        ("unknown_reviewer", True),
    ]
    assert "diagnostic_claim" in by_kind(proc)["finding"][0]["detail"]
    run_summary = summary(proc)
    assert run_summary["external_expert_validation"] is True
    assert run_summary["evidence_tier"] == "consent_governed_pilot"
    assert run_summary["gate"] == {"can_close": False, "blockers": ["blocking_findings"]}
    assert "3 uncounted" in stderr(proc)
    # without the roster every review counts, and the flags block the case
    assert statuses(aggregate(tmp, cases, reviews)) == {"c1": "blocked"}


def test_bad_roster_lines_are_diagnostics(tmp):
    roster = [member("a"), member("b", independent="yes"), member("a")]
    reviews = [rev("c1", "a", {EG: 5}), rev("c1", "b", {EG: 5})]
    proc = aggregate(tmp, [qcase("c1")], reviews, roster=roster)
    assert proc.returncode == 1
    assert "roster.jsonl:2: error: schema.type: /independent" in stderr(proc)
    assert "roster.jsonl:3: error: id.duplicate" in stderr(proc)
    assert [f["code"] for f in by_kind(proc)["finding"]] == ["unknown_reviewer"]


def expert_setup(tmp, **changes):
    cases = changes.get(
        "cases", [qcase("c1", synthetic=False, dataset_consent_ref="consent://pilot-3/c1")]
    )
    reviews = changes.get(
        "reviews",
        [rev("c1", "a", {EG: 5}, synthetic=False), rev("c1", "b", {EG: 4}, synthetic=False)],
    )
    roster = changes.get("roster", [member("a"), member("b")])
    return cases, reviews, roster


def test_gate_closes_only_with_everything_in_place(tmp):
    cases, reviews, roster = expert_setup(tmp)
    proc = aggregate(tmp, cases, reviews, "--fail-on-gate", roster=roster)
    assert proc.returncode == 0, stderr(proc)
    assert summary(proc)["gate"] == {"can_close": True, "blockers": []}
    assert "gate can close" in stderr(proc)


@pytest.mark.parametrize(
    ("change", "blockers"),
    [
        ({"roster": None}, ["no_expert_validation"]),
        ({"roster": [member("a"), member("b", independent=False)]}, ["no_expert_validation"]),
        ({"roster": [member("a"), member("b", qualifications="")]}, ["no_expert_validation"]),
        (
            {"reviews": [rev("c1", "a", {EG: 5}, synthetic=False), rev("c1", "b", {EG: 4})]},
            ["synthetic_evidence", "no_expert_validation"],
        ),
        (
            {"reviews": [rev("c1", "a", {EG: 5}, synthetic=False)]},
            ["case_not_pass"],
        ),
        (
            {"cases": [qcase("c1")]},
            ["synthetic_evidence", "no_expert_validation"],
        ),
    ],
)
def test_gate_blockers_and_fail_on_gate(tmp, change, blockers):
    cases, reviews, roster = expert_setup(tmp, **change)
    proc = aggregate(tmp, cases, reviews, roster=roster)
    assert proc.returncode == 0, stderr(proc)
    assert summary(proc)["gate"] == {"can_close": False, "blockers": blockers}
    assert f"gate closed ({', '.join(blockers)})" in stderr(proc)


def test_fail_on_gate_exits_1_with_the_same_output(tmp):
    cases, reviews, roster = expert_setup(tmp, roster=None)
    proc = aggregate(tmp, cases, reviews, roster=roster)
    failing = aggregate(tmp, cases, reviews, "--fail-on-gate", roster=roster)
    assert (proc.returncode, failing.returncode) == (0, 1)
    assert failing.stdout == proc.stdout
    assert aggregate(tmp, cases, reviews, "--fail-on-gate", "--exit-zero").returncode == 0


@pytest.mark.parametrize(
    ("case_extra", "config", "tier"),
    [
        ({"dataset_consent_ref": "consent://pilot-3/c1"}, None, "consent_governed_pilot"),
        ({"governance_ref": "gov://board/17"}, None, "expert_authored_challenge"),
        ({"governance_ref": "gov://board/17"}, "evidence_tier: consent_governed_pilot\n", None),
    ],
)
def test_evidence_tier(tmp, case_extra, config, tier):
    cases = [qcase("c1", synthetic=False, **case_extra)]
    reviews = [rev("c1", "a", {EG: 5}, synthetic=False), rev("c1", "b", {EG: 5}, synthetic=False)]
    proc = aggregate(tmp, cases, reviews, config=config)
    assert summary(proc)["evidence_tier"] == (tier or "consent_governed_pilot")


def test_evidence_tier_of_synthetic_material(tmp):
    # one synthetic review among non-synthetic cases is enough
    cases = [qcase("c1", synthetic=False, dataset_consent_ref="consent://pilot-3/c1")]
    reviews = [rev("c1", "a", {EG: 5}, synthetic=False), rev("c1", "b", {EG: 5})]
    assert summary(aggregate(tmp, cases, reviews))["evidence_tier"] == "synthetic_onboarding"


def test_agreement_in_the_run_summary(tmp):
    # evidence_grounding units {1,1} {2,2} {3,4} {5}: mean 18/7, hand-computed alpha 94/99;
    # privacy_minimization always 4: no variation, undefined
    cases = [qcase(f"c{i}", (EG, PM)) for i in range(1, 5)]
    scores = {"c1": (1, 1), "c2": (2, 2), "c3": (3, 4), "c4": (5,)}
    reviews = [
        rev(case_id, reviewer, {EG: value, PM: 4})
        for case_id, values in scores.items()
        for reviewer, value in zip("ab", values, strict=False)
    ]
    proc = aggregate(tmp, cases, reviews)
    criteria = summary(proc)["criteria"]
    keys = ("mean", "n", "alpha", "alpha_status")
    assert {key: criteria[EG][key] for key in keys} == {
        "mean": 2.5714,
        "n": 7,
        "alpha": 0.9495,
        "alpha_status": "ok",
    }
    assert {key: criteria[PM][key] for key in keys} == {
        "mean": 4.0,
        "n": 7,
        "alpha": None,
        "alpha_status": "undefined",
    }
    # every score the same: alpha is 0/0, while AC2 says what reviewers see, full agreement
    assert criteria[PM]["ac2"] == 1.0


def test_format_json_is_the_seed_document(tmp):
    reviews = [rev("c1", "a", {EG: 5}), rev("c1", "b", {EG: 5}, ["diagnostic_claim"])]
    proc = aggregate(tmp, [qcase("c1")], reviews, "--format", "json")
    assert proc.returncode == 0, stderr(proc)
    assert proc.stdout.count(b"\n") == 1
    document = json.loads(proc.stdout)
    assert list(document) == [
        "separate_from_cap_conformance",
        "synthetic_only",
        "external_expert_validation",
        "evidence_tier",
        "gate",
        "criteria",
        "counts",
        "cases",
        "findings",
        "reviewers",
    ]
    assert document["cases"] == [
        {
            "case_id": "c1",
            "status": "blocked",
            "criteria": {EG: {"mean": 5.0, "n": 2, "min": 5, "max": 5, "passed": True}},
            "blocking_flags": ["diagnostic_claim"],
            "reasons": ["flag:diagnostic_claim"],
        }
    ]
    assert document["findings"][0]["code"] == "blocked"
    assert "kind" not in document["findings"][0]
    # the same facts as the record stream
    stream = aggregate(tmp, [qcase("c1")], reviews)
    assert document["gate"] == summary(stream)["gate"]


@pytest.mark.parametrize(
    ("args", "config"),
    [
        ((), "unknown_key: 1\n"),
        ((), "min_reviewers: zero\n"),
        ((), "score_range: [1, 5\n"),
        (("--format", "xml"), None),
        (("--partial", "--merge"), None),
        (("--partial", "--format", "json"), None),
    ],
)
def test_usage_errors_exit_2(tmp, args, config):
    proc = aggregate(tmp, [qcase("c1")], [], *args, config=config)
    assert proc.returncode == 2
    assert proc.stdout == b""
    assert ": error: usage:" in stderr(proc)


def test_unreadable_side_files_exit_2(tmp):
    proc = run_cmd(TOOL, "--cases", str(tmp / "absent.jsonl"), stdin=b"")
    assert proc.returncode == 2
    assert "absent.jsonl: error: io.unreadable" in stderr(proc)
    proc = aggregate(tmp, [qcase("c1")], [], "--config", str(tmp / "absent.yaml"))
    assert proc.returncode == 2
    assert proc.stdout == b""
    assert "absent.yaml: error: io.unreadable" in stderr(proc)
    assert run_cmd(TOOL, stdin=b"").returncode == 2  # --cases is required


def test_same_input_same_bytes_whatever_the_review_order(tmp):
    cases = [qcase("c1", (EG, PM)), qcase("c2", (EG, PM))]
    reviews = [
        rev(c, r, {EG: (i * 7 + j) % 5 + 1, PM: (i + j * 3) % 5 + 1})
        for i, c in enumerate(("c1", "c2"))
        for j, r in enumerate(("r1", "r2", "r3"))
    ]
    first = aggregate(tmp, cases, reviews).stdout
    assert aggregate(tmp, cases, list(reversed(reviews))).stdout == first
