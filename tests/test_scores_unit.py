"""cap-aggregate-scores, the pure parts: configuration, agreement, aggregation rules."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval.config import (
    DEFAULT_BLOCKING_FLAGS,
    DEFAULT_PROFILES,
    Config,
    ConfigError,
    config_from_mapping,
    load_config,
)
from capeval.records import Problem
from capeval.review_records import (
    Case,
    Review,
    RosterEntry,
    case_problems,
    review_problems,
)
from capeval.scores.aggregate import Aggregation, RefusedCase, roster_code
from capeval.scores.agreement import ordinal_alpha

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_YAML = ROOT / "config/domain_semantic_quality.example.yaml"


def case(case_id: str = "c1", criteria=("evidence_grounding",), synthetic: bool = True, **kw):
    return Case(
        case_id=case_id,
        profile=kw.get("profile", "cap-med/v1"),
        synthetic=synthetic,
        criteria=tuple(criteria),
        dataset_consent_ref=kw.get("dataset_consent_ref"),
        governance_ref=kw.get("governance_ref"),
    )


def review(case_id: str, reviewer: str, scores: dict, flags=(), synthetic: bool = True):
    return Review(case_id, reviewer, synthetic, dict(scores), tuple(flags))


def member(reviewer: str, **kw) -> RosterEntry:
    return RosterEntry(
        reviewer_id=reviewer,
        role="domain_expert",
        qualifications=kw.get("qualifications", "board-certified reviewer, 10 years"),
        independent=kw.get("independent", True),
        conflicts=frozenset(kw.get("conflicts", ())),
        assignments=None if kw.get("assignments") is None else frozenset(kw["assignments"]),
    )


def run(cases, reviews, roster=None, config=None, refused=None):
    aggregation = Aggregation(config or Config(), list(cases), roster, refused)
    for item in reviews:
        aggregation.add(item)
    return aggregation.finish()


def status_of(result, case_id="c1") -> str:
    return next(v["status"] for v in result.verdicts if v["case_id"] == case_id)


EG = "evidence_grounding"


# -- configuration ---------------------------------------------------------------------------
def test_defaults_are_the_seed_values():
    config = load_config(None)
    assert config.score_range == (1, 5)
    assert config.pass_threshold == 4.0
    assert config.min_reviewers == 2
    assert config.disagreement_spread == 2
    assert config.blocking_flags == DEFAULT_BLOCKING_FLAGS
    assert len(DEFAULT_BLOCKING_FLAGS) == 6
    assert set(config.profiles) == {"cap-med/v1", "cap-swe/v1"}
    assert config.evidence_tier is None
    assert config.value_domain == [1, 2, 3, 4, 5]


def test_profiles_add_to_the_defaults():
    config = config_from_mapping(
        {"profiles": {"cap-legal/v1": ["citation_accuracy"], "cap-med/v1": ["tone", EG]}}
    )
    assert config.profiles["cap-legal/v1"] == ("citation_accuracy",)
    assert config.profiles["cap-swe/v1"] == DEFAULT_PROFILES["cap-swe/v1"]
    # a default profile keeps its criteria and gains the new one once
    assert config.profiles["cap-med/v1"] == DEFAULT_PROFILES["cap-med/v1"] + ("tone",)


@pytest.mark.parametrize(
    "data",
    [
        {"bogus": 1},
        {"score_range": [5, 1]},
        {"score_range": [1, 2, 3]},
        {"score_range": [1.0, 5]},
        {"pass_threshold": "4"},
        {"pass_threshold": 6},
        {"min_reviewers": 0},
        {"min_reviewers": True},
        {"disagreement_spread": 1.5},
        {"blocking_flags": "diagnostic_claim"},
        {"profiles": ["cap-med/v1"]},
        {"profiles": {"p": []}},
        {"evidence_tier": "gold"},
        {"privacy_as_error": "yes"},
        ["not", "a", "mapping"],
    ],
)
def test_bad_configuration_is_an_error(data):
    with pytest.raises(ConfigError):
        config_from_mapping(data)


def test_extension_keys_are_ignored_and_the_example_checklist_loads():
    assert config_from_mapping({"x-notes": {"anything": [1, 2]}}) == Config()
    config = load_config(str(EXAMPLE_YAML))
    assert config.privacy_as_error is True
    assert config.pass_threshold == 4.0
    assert config.profiles == DEFAULT_PROFILES


def test_start_up_path_imports_no_numpy_yaml_or_fractions():
    # fractions (and decimal with it) load at the first mean or gold case (scores/exact.py)
    code = (
        "import sys, capeval.scores, capeval.scores.aggregate, capeval.scores.partial;"
        "print(sorted(m for m in ('numpy', 'yaml', 'krippendorff', 'fractions', 'decimal')"
        " if m in sys.modules))"
    )
    import subprocess

    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# -- agreement, against hand-computed values -------------------------------------------------
def test_alpha_hand_computed_ordinal():
    # units {1,1} {2,2} {3,4} {5}: n=6 pairable values; Do = 2*1/6 = 1/3,
    # De = 198/30 (ordinal distances over n_1=2, n_2=2, n_3=1, n_4=1) -> 1 - 5/99 = 94/99
    assert ordinal_alpha([[1, 1], [2, 2], [3, 4], [5]], [1, 2, 3, 4, 5]) == (0.9495, "ok")


def test_alpha_hand_computed_systematic_disagreement():
    # {1,5} {5,1}: Do = 4, De = 8/3 -> alpha = 1 - 3/2
    assert ordinal_alpha([[1, 5], [5, 1]], [1, 2, 3, 4, 5]) == (-0.5, "ok")


def test_alpha_is_ordinal_not_interval():
    # {1,2} {2,3} {3,5}: n=6, n_1=1 n_2=2 n_3=2 n_5=1; ordinal d(c,k) = (sum n_g - (n_c+n_k)/2)^2
    # observed: d12 = 2.25, d23 = 4, d35 = 2.25, each pair twice -> Do = 17/6
    # expected: sum over c<k of n_c n_k d = 4.5 + 24.5 + 25 + 16 + 24.5 + 4.5 = 99,
    #   De = 2 * 99 / 30 = 6.6 -> alpha = 1 - (17/6) / 6.6 = 0.5707
    alpha, status = ordinal_alpha([[1, 2], [2, 3], [3, 5]], [1, 2, 3, 4, 5])
    assert (alpha, status) == (0.5707, "ok")
    # the interval level (the package's default) gives 1 - 2 / (112/30) = 0.4643
    assert alpha != 0.4643


def test_alpha_value_domain_is_the_configured_range():
    # the same scores on a 0..10 range: empty categories between values change nothing for
    # ordinal distances (they count zero), so alpha equals the 1..5 figure
    units = [[1, 1], [2, 2], [3, 4], [5]]
    assert ordinal_alpha(units, list(range(0, 11))) == ordinal_alpha(units, [1, 2, 3, 4, 5])


@pytest.mark.parametrize(
    "units",
    [
        [],
        [[4], [3], [5]],  # no unit with two scores
        [[4, 4], [4, 4, 4], [2]],  # no variation among pairable values
    ],
)
def test_alpha_undefined(units):
    assert ordinal_alpha(units, [1, 2, 3, 4, 5]) == (None, "undefined")


def test_perfect_agreement_with_variation_is_one():
    assert ordinal_alpha([[1, 1], [5, 5]], [1, 2, 3, 4, 5]) == (1.0, "ok")


# -- statuses and precedence -----------------------------------------------------------------
def test_pass_at_exactly_the_threshold():
    result = run([case()], [review("c1", "a", {EG: 4}), review("c1", "b", {EG: 4})])
    assert status_of(result) == "pass"
    assert result.verdicts[0]["criteria"][EG] == {
        "mean": 4.0,
        "n": 2,
        "min": 4,
        "max": 4,
        "passed": True,
    }


def test_just_below_the_threshold_needs_revision():
    # 4 + 4 + 3 = 11 / 3 = 3.6667; and with 12 reviewers, 47/12 = 3.9167
    three = [review("c1", r, {EG: s}) for r, s in zip("abc", (4, 4, 3), strict=True)]
    result = run([case()], three)
    assert status_of(result) == "needs_revision"
    assert result.verdicts[0]["reasons"] == [f"below_threshold:{EG}"]
    assert result.verdicts[0]["criteria"][EG]["mean"] == 3.6667


def test_non_decimal_threshold_compares_exactly():
    config = config_from_mapping({"pass_threshold": 3.7})
    # 37/10 is exactly 3.7: meets it; 36/10 does not
    ten = [review("c1", f"r{i}", {EG: 4 if i < 7 else 3}) for i in range(10)]
    assert status_of(run([case()], ten, config=config)) == "pass"
    ten[6] = review("c1", "r6", {EG: 3})
    assert status_of(run([case()], ten, config=config)) == "needs_revision"


def test_too_few_reviewers_needs_review():
    result = run([case()], [review("c1", "a", {EG: 5})])
    assert status_of(result) == "needs_review"
    assert result.verdicts[0]["reasons"] == [f"too_few_reviewers:{EG}"]
    assert result.verdicts[0]["criteria"][EG]["passed"] is False
    config = config_from_mapping({"min_reviewers": 1})
    assert status_of(run([case()], [review("c1", "a", {EG: 5})], config=config)) == "pass"


def test_a_criterion_a_review_leaves_out_counts_for_that_criterion_only():
    crit = (EG, "privacy_minimization")
    result = run(
        [case(criteria=crit)],
        [review("c1", "a", {EG: 5, "privacy_minimization": 5}), review("c1", "b", {EG: 5})],
    )
    assert result.verdicts[0]["reasons"] == ["too_few_reviewers:privacy_minimization"]


def test_no_reviews_at_all_needs_review_with_null_figures():
    result = run([case()], [])
    verdict = result.verdicts[0]
    assert verdict["status"] == "needs_review"
    assert verdict["criteria"][EG] == {
        "mean": None,
        "n": 0,
        "min": None,
        "max": None,
        "passed": False,
    }
    assert result.summary["criteria"][EG] == {
        "mean": None,
        "mean_ci": None,
        "n": 0,
        "alpha": None,
        "alpha_status": "undefined",
        "alpha_ci": None,
        "ac2": None,
        "ac2_ci": None,
    }


@pytest.mark.parametrize(
    ("scores", "spread", "disagree"),
    [((3, 5), 2, True), ((4, 5), 2, False), ((3, 5), 3, False), ((2, 5), 3, True)],
)
def test_disagreement_spread(scores, spread, disagree):
    config = config_from_mapping({"disagreement_spread": spread})
    reviews = [review("c1", r, {EG: s}) for r, s in zip("ab", scores, strict=True)]
    result = run([case()], reviews, config=config)
    assert (f"disagreement:{EG}" in result.verdicts[0]["reasons"]) is disagree
    codes = [f["code"] for f in result.findings]
    assert ("disagreement" in codes) is disagree
    if disagree:
        assert status_of(result) == "needs_review"


def test_precedence_blocked_over_everything():
    # one reviewer (too few), below threshold, and a flag: blocked wins, every reason listed
    result = run([case()], [review("c1", "a", {EG: 1}, ["diagnostic_claim"])])
    verdict = result.verdicts[0]
    assert verdict["status"] == "blocked"
    assert verdict["blocking_flags"] == ["diagnostic_claim"]
    assert verdict["reasons"] == [
        "flag:diagnostic_claim",
        f"too_few_reviewers:{EG}",
        f"below_threshold:{EG}",
    ]
    assert [(f["code"], f["blocking"]) for f in result.findings] == [("blocked", True)]


def test_flags_override_high_scores():
    reviews = [review("c1", "a", {EG: 5}), review("c1", "b", {EG: 5}, ["unsupported_domain_claim"])]
    assert status_of(run([case()], reviews)) == "blocked"


def test_precedence_needs_review_over_needs_revision():
    crit = (EG, "privacy_minimization")
    reviews = [
        review("c1", "a", {EG: 1, "privacy_minimization": 5}),
        review("c1", "b", {EG: 2}),
    ]
    result = run([case(criteria=crit)], reviews)
    assert status_of(result) == "needs_review"
    assert result.verdicts[0]["reasons"] == [
        "too_few_reviewers:privacy_minimization",
        f"below_threshold:{EG}",
    ]


def test_blocking_flags_are_listed_in_configured_order():
    reviews = [
        review("c1", "a", {EG: 5}, ["secret_or_credential_exposure"]),
        review("c1", "b", {EG: 5}, ["diagnostic_claim", "secret_or_credential_exposure"]),
    ]
    verdict = run([case()], reviews).verdicts[0]
    assert verdict["blocking_flags"] == ["diagnostic_claim", "secret_or_credential_exposure"]


def test_unknown_criterion_is_a_finding_and_ignored():
    reviews = [review("c1", "a", {EG: 5, "tone": 1}), review("c1", "b", {EG: 5})]
    result = run([case()], reviews)
    assert status_of(result) == "pass"
    assert [(f["code"], f["blocking"]) for f in result.findings] == [("unknown_criterion", False)]
    assert "tone" in result.findings[0]["detail"]


# -- roster ----------------------------------------------------------------------------------
def test_roster_code_precedence():
    roster = {"a": member("a", conflicts=["c1"], assignments=["c2"]), "b": member("b")}
    assert roster_code(None, "c1", "z") is None
    assert roster_code(roster, "c1", "z") == "unknown_reviewer"
    assert roster_code(roster, "c1", "a") == "conflicted_reviewer"
    assert roster_code(roster, "c3", "a") == "unassigned_reviewer"
    assert roster_code(roster, "c2", "a") is None
    assert roster_code(roster, "c1", "b") is None
    empty = {"e": member("e", assignments=[])}
    assert roster_code(empty, "c1", "e") == "unassigned_reviewer"


def test_uncounted_reviews_do_not_count_but_their_flags_block_the_gate():
    roster = {"a": member("a"), "b": member("b"), "c": member("c", conflicts=["c1"])}
    reviews = [
        review("c1", "a", {EG: 5}, synthetic=False),
        review("c1", "b", {EG: 5}, synthetic=False),
        review("c1", "c", {EG: 1}, ["diagnostic_claim"], synthetic=False),
        review("c1", "z", {EG: 1}, synthetic=False),
    ]
    result = run([case(synthetic=False, governance_ref="gov-1")], reviews, roster)
    verdict = result.verdicts[0]
    assert verdict["status"] == "pass"
    assert verdict["reviewers"] == ["a", "b"]
    assert [(f["code"], f["blocking"]) for f in result.findings] == [
        ("conflicted_reviewer", True),
        ("unknown_reviewer", False),
    ]
    assert result.summary["external_expert_validation"] is True
    assert result.summary["gate"] == {"can_close": False, "blockers": ["blocking_findings"]}


# -- run flags, tier and the gate ------------------------------------------------------------
def expert_run(**overrides):
    roster = overrides.pop("roster", {"a": member("a"), "b": member("b")})
    cases = overrides.pop(
        "cases", [case(synthetic=False, dataset_consent_ref="consent://study-7/batch-1")]
    )
    reviews = overrides.pop(
        "reviews",
        [review("c1", "a", {EG: 5}, synthetic=False), review("c1", "b", {EG: 4}, synthetic=False)],
    )
    return run(
        cases, reviews, roster, overrides.pop("config", None), overrides.pop("refused", None)
    )


def test_the_gate_can_close_with_documented_independent_experts():
    summary = expert_run().summary
    assert summary["synthetic_only"] is False
    assert summary["external_expert_validation"] is True
    assert summary["evidence_tier"] == "consent_governed_pilot"
    assert summary["gate"] == {"can_close": True, "blockers": []}
    assert summary["separate_from_cap_conformance"] is True


def test_all_synthetic_never_closes_the_gate():
    result = run([case()], [review("c1", "a", {EG: 5}), review("c1", "b", {EG: 5})])
    summary = result.summary
    assert summary["synthetic_only"] is True
    assert summary["external_expert_validation"] is False
    assert summary["evidence_tier"] == "synthetic_onboarding"
    assert summary["gate"]["blockers"] == ["synthetic_evidence", "no_expert_validation"]


def test_a_configured_tier_cannot_launder_synthetic_evidence():
    config = config_from_mapping({"evidence_tier": "consent_governed_pilot"})
    roster = {"a": member("a"), "b": member("b")}
    reviews = [review("c1", "a", {EG: 5}), review("c1", "b", {EG: 5}, synthetic=False)]
    summary = run([case(synthetic=False, governance_ref="g")], reviews, roster, config).summary
    assert summary["evidence_tier"] == "consent_governed_pilot"
    assert summary["synthetic_only"] is False
    assert summary["gate"]["blockers"] == ["synthetic_evidence", "no_expert_validation"]


@pytest.mark.parametrize(
    ("kw", "tier"),
    [
        ({"dataset_consent_ref": "consent://x"}, "consent_governed_pilot"),
        ({"governance_ref": "gov://board-approval-12"}, "expert_authored_challenge"),
    ],
)
def test_derived_tier_of_non_synthetic_cases(kw, tier):
    cases = [case(synthetic=False, **kw), case("c2", synthetic=False, dataset_consent_ref="y")]
    assert expert_run(cases=cases).summary["evidence_tier"] == tier


def test_external_validation_needs_roster_independence_and_qualifications():
    assert expert_run(roster=None).summary["external_expert_validation"] is False
    dependent = {"a": member("a", independent=False), "b": member("b")}
    assert expert_run(roster=dependent).summary["external_expert_validation"] is False
    unqualified = {"a": member("a", qualifications="  "), "b": member("b")}
    summary = expert_run(roster=unqualified).summary
    assert summary["external_expert_validation"] is False
    assert summary["gate"]["blockers"] == ["no_expert_validation"]


def test_a_case_without_verdict_keeps_the_gate_closed():
    summary = expert_run(refused=[RefusedCase(synthetic=False)]).summary
    assert summary["counts"]["no_verdict"] == 1
    assert summary["evidence_tier"] == "expert_authored_challenge"
    assert summary["gate"]["blockers"] == ["case_not_pass"]


def test_no_cases_cannot_close_the_gate():
    summary = run([], [], {"a": member("a")}).summary
    assert "case_not_pass" in summary["gate"]["blockers"]


def test_case_not_pass_blocker():
    reviews = [
        review("c1", "a", {EG: 3}, synthetic=False),
        review("c1", "b", {EG: 4}, synthetic=False),
    ]
    assert expert_run(reviews=reviews).summary["gate"]["blockers"] == ["case_not_pass"]


def test_reviews_of_other_cases_are_skipped_and_counted():
    aggregation = Aggregation(Config(), [case()])
    assert aggregation.add(review("other", "a", {EG: 5})) == "skipped"
    assert aggregation.add(review("c1", "a", {EG: 5})) == "counted"
    assert aggregation.add(review("c1", "a", {EG: 1})) == "duplicate"
    result = aggregation.finish()
    assert result.summary["counts"]["skipped_reviews"] == 1
    # the first review of a reviewer counts
    assert result.verdicts[0]["criteria"][EG]["mean"] == 5.0


def test_pooled_means_and_output_order():
    cases = [case("c1", (EG, "privacy_minimization")), case("c2", ("non_diagnostic_boundary", EG))]
    reviews = [
        review("c2", "b", {EG: 3, "non_diagnostic_boundary": 5}),
        review("c1", "a", {EG: 5, "privacy_minimization": 4}),
        review("c2", "a", {EG: 4, "non_diagnostic_boundary": 5}),
        review("c1", "b", {EG: 5, "privacy_minimization": 4}),
    ]
    result = run(cases, reviews)
    assert [r["kind"] for r in result.records()] == [
        "case_verdict",
        "case_verdict",
        "finding",
        "reviewer_agreement",
        "reviewer_agreement",
        "run_summary",
    ]
    assert list(result.verdicts[1]) == [
        "kind",
        "case_id",
        "profile",
        "status",
        "criteria",
        "blocking_flags",
        "reviewers",
        "reasons",
    ]
    assert list(result.summary["criteria"]) == [
        EG,
        "privacy_minimization",
        "non_diagnostic_boundary",
    ]
    assert result.summary["criteria"][EG]["mean"] == 4.25  # (5+5+3+4)/4, pooled
    assert result.summary["criteria"][EG]["n"] == 4
    assert result.verdicts[1]["reviewers"] == ["a", "b"]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["c1", "c2", "c3", "zz"]),
            st.sampled_from(["r1", "r2", "r3", "r4"]),
            st.integers(1, 5),
            st.integers(1, 5),
            st.booleans(),
        ),
        max_size=24,
        unique_by=lambda t: (t[0], t[1]),
    ),
    st.randoms(use_true_random=False),
)
def test_output_does_not_depend_on_review_order(items, rng: random.Random):
    cases = [case(c, (EG, "privacy_minimization")) for c in ("c1", "c2", "c3")]
    roster = {r: member(r, conflicts=["c3"] if r == "r4" else ()) for r in ("r1", "r2", "r4")}
    reviews = [
        review(
            c, r, {EG: a, "privacy_minimization": b}, ["diagnostic_claim"] if f and a == 1 else ()
        )
        for c, r, a, b, f in items
    ]
    first = run(cases, reviews, roster).records()
    rng.shuffle(reviews)
    assert run(cases, reviews, roster).records() == first


# -- record checks ---------------------------------------------------------------------------
def quality_case(**overrides):
    record = {
        "case_id": "c1",
        "profile": "cap-med/v1",
        "domain": "wellbeing_reflection",
        "synthetic": True,
        "scenario": "s",
        "input_summary": "i",
        "candidate_output": "o",
        "criteria": [EG],
        "expected_quality_notes": "n",
        "privacy_labels": ["synthetic"],
    }
    record.update(overrides)
    return record


@pytest.mark.parametrize(
    ("overrides", "codes"),
    [
        ({}, []),
        ({"profile": "cap-x/v9"}, ["case.profile_unknown"]),
        ({"criteria": [EG, "tone"]}, ["case.criterion_unknown"]),
        ({"synthetic": False}, ["consent.missing"]),
        ({"synthetic": False, "governance_ref": "gov://1"}, []),
        ({"synthetic": False, "dataset_consent_ref": ""}, ["schema.minLength"]),
        ({"criteria": []}, ["schema.minItems"]),
        ({"synthetic": "yes"}, ["schema.type"]),
        ({"extra": 1}, ["schema.additionalProperties"]),
        ({"x-team": "a"}, []),
    ],
)
def test_case_problems(overrides, codes):
    assert [p[0] for p in case_problems(quality_case(**overrides), Config())] == codes


def test_a_missing_case_field_names_the_field():
    record = quality_case()
    del record["scenario"]
    assert case_problems(record, Config()) == [
        Problem("schema.required", "/scenario", "is required")
    ]


@pytest.mark.parametrize(
    ("overrides", "problem"),
    [
        ({}, None),
        ({"scores": {EG: 6}}, ("review.score_range", f"/{'scores'}/{EG}")),
        ({"scores": {EG: 0}}, ("review.score_range", f"/scores/{EG}")),
        ({"scores": {EG: 4.5}}, ("schema.type", f"/scores/{EG}")),
        ({"scores": {EG: True}}, ("schema.type", f"/scores/{EG}")),
        ({"scores": {"a/b": "4"}}, ("schema.type", "/scores/a~1b")),
        ({"blocking_flags": ["made_up"]}, ("review.flag_unknown", "/blocking_flags/0")),
        ({"blocking_flags": [1]}, ("schema.type", "/blocking_flags/0")),
        ({"scores": []}, ("schema.type", "/scores")),
    ],
)
def test_review_problems(overrides, problem):
    record = {
        "case_id": "c1",
        "reviewer_id": "a",
        "reviewer_role": "r",
        "synthetic": True,
        "scores": {EG: 4},
        "blocking_flags": [],
        **overrides,
    }
    found = [(code, path) for code, path, *_ in review_problems(record, Config())]
    assert found == ([] if problem is None else [problem])


# -- the seed alias --------------------------------------------------------------------------
def test_seed_arguments_become_cap_aggregate_scores_arguments():
    from cap_protocol.evaluation.semantic_quality import aggregate_scores_argv

    assert aggregate_scores_argv(["--cases", "c.jsonl", "--scores", "s.jsonl"]) == [
        "--format",
        "json",
        "--cases",
        "c.jsonl",
        "--",
        "s.jsonl",
    ]
    assert aggregate_scores_argv(["--scores=a", "--format", "jsonl", "--scores", "-b"]) == [
        "--format",
        "jsonl",
        "--",
        "a",
        "-b",
    ]
    # no --scores: the reviews come from stdin, as with cap-aggregate-scores
    assert aggregate_scores_argv(["--cases", "c"]) == ["--format", "json", "--cases", "c"]
