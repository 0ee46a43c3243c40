"""Bounded work per record (issue 11): big generated inputs, counted work, no timings.

Each input here is large enough that a quadratic algorithm would take minutes, so the suite's
own time is the check; the assertions are on what was found and how much work was done.
"""

from __future__ import annotations

import pytest

from capeval.assertions import Subject, forbidden_renderings, placeholder_integrity
from capeval.config import ConfigError, config_from_mapping, load_config
from capeval.limits import MAX_SCORE_RANGE_VALUES, Deadline
from capeval.placeholders import custom
from capeval.placeholders.compare import Placeholder, compare

from conftest import jsonl, run_cmd

N = 15_000  # quadratic pairing: ~30 s here; linear: a fraction of a second


def _named(prefix: str, n: int) -> tuple[Placeholder, ...]:
    return tuple(Placeholder(f"{{{prefix}{i}}}", f"{prefix}{i}", "", i, True) for i in range(n))


def test_distinct_placeholders_against_different_ones_are_compared_in_linear_time():
    found = compare(_named("a", N), _named("b", N))
    assert len(found.missing) == N
    assert len(found.extra) == N
    assert not found.mutated


def test_every_key_mutated_pairs_each_missing_with_its_extra_in_linear_time():
    source = tuple(Placeholder(f"{{{i}}}", i, "", i, True) for i in range(N))
    candidate = tuple(Placeholder(f"{{{i}:x}}", i, ":x", i, True) for i in range(N))
    found = compare(source, candidate)
    assert len(found.mutated) == N
    assert all(lost.key == added.key for lost, added in found.mutated)
    assert not found.missing and not found.extra


def test_mutation_pairs_the_first_unpaired_extra_of_the_same_key():
    # %d %d -> %i %d: slot 1 mutated; key order of pairing follows positions.
    source = (Placeholder("{0}", 0, "", 0, True), Placeholder("{0}", 0, "", 5, True))
    candidate = (Placeholder("{0:x}", 0, ":x", 0, True), Placeholder("{0:y}", 0, ":y", 5, True))
    found = compare(source, candidate)
    assert [(a.pos, b.text) for a, b in found.mutated] == [(0, "{0:x}"), (5, "{0:y}")]


def test_a_whole_check_on_a_long_line_of_placeholders_finishes():
    n = 8_000  # 9 s before the pairing was linear
    case = {
        "id": "big",
        "source": " ".join(f"{{a{i}}}" for i in range(n)),
        "source_locale": "en",
        "target_locale": "fr",
        "assertions": [],
    }
    subject = Subject.of(case, {"case_id": "big", "text": " ".join(f"{{b{i}}}" for i in range(n))})
    outcome = placeholder_integrity.check(subject, {"syntax": "python"})
    assert outcome.code == "placeholder_missing"
    assert len(outcome.evidence["missing"]) == n


CATASTROPHIC = r"(a+)+$"


def test_regex_budget_is_per_candidate_not_per_pattern():
    # 300 backtracking patterns: 30 s with a budget per pattern, one budget here.
    subject = Subject.of(
        {"id": "r", "source": "s", "assertions": []}, {"case_id": "r", "text": "a" * 5000 + "b"}
    )
    outcome = forbidden_renderings.check(subject, {"regex": [CATASTROPHIC] * 300})
    assert outcome.code == "regex_timeout"
    searched = len(outcome.evidence["timeouts"]) + len(outcome.evidence["matches"])
    assert searched + outcome.evidence["not_searched"] == 300
    assert searched < 300
    assert "not searched" in outcome.message


def test_literal_patterns_share_the_budget_too():
    subject = Subject.of(
        {"id": "r", "source": "s", "assertions": []}, {"case_id": "r", "text": "a" * 5000 + "b"}
    )
    outcome = forbidden_renderings.check(
        subject, {"regex": [CATASTROPHIC], "patterns": ["zzz"] * 1000}
    )
    # literals run first (cheap), then the regex spends the budget: every pattern accounted
    assert outcome.code == "regex_timeout"
    assert outcome.evidence.get("not_searched", 0) == 0
    assert outcome.evidence["timeouts"] == [
        {"kind": "regex", "pattern": CATASTROPHIC, "timeout_ms": 100}
    ]


def test_a_spent_deadline_stops_a_custom_pattern_before_it_runs():
    spent = Deadline(0)
    with pytest.raises(custom.PatternTimeout):
        custom.extract_custom_placeholders("a" * 10, pattern="a", deadline=spent)


def test_custom_pattern_shares_one_budget_between_source_and_candidate():
    text = "a" * 5000 + "b"
    case = {"id": "c", "source": text, "source_locale": "en", "assertions": []}
    outcome = placeholder_integrity.check(
        Subject.of(case, {"case_id": "c", "text": text + "c"}),
        {"syntax": "custom", "pattern": CATASTROPHIC},
    )
    assert outcome.code == "regex_timeout"
    assert outcome.evidence == {"side": "source", "timeout_ms": 100}


def test_score_range_beyond_the_bound_is_a_config_error():
    with pytest.raises(ConfigError, match="at most 1001 scores"):
        config_from_mapping({"score_range": [0, 10**12]})
    assert config_from_mapping({"score_range": [0, MAX_SCORE_RANGE_VALUES - 1]}).score_range == (
        0,
        MAX_SCORE_RANGE_VALUES - 1,
    )


def test_score_range_beyond_the_bound_is_a_usage_error_not_a_memory_error(tmp_path):
    config = tmp_path / "review.yaml"
    config.write_text("score_range: [0, 100000000000]\npass_threshold: 3\n", encoding="utf-8")
    cases = tmp_path / "cases.jsonl"
    cases.write_text("", encoding="utf-8")
    done = run_cmd("cap-aggregate-scores", "--cases", str(cases), "--config", str(config), stdin="")
    assert done.returncode == 2
    assert b"usage: " in done.stderr and b"at most 1001 scores" in done.stderr
    assert b"Traceback" not in done.stderr and b"MemoryError" not in done.stderr


def test_duplicate_keys_in_yaml_config_are_a_usage_error(tmp_path):
    config = tmp_path / "review.yaml"
    config.write_text("pass_threshold: 3\nmin_reviewers: 1\npass_threshold: 4\n", "utf-8")
    with pytest.raises(ConfigError, match=r"duplicate key 'pass_threshold'.*line 3"):
        load_config(str(config))
    nested = tmp_path / "nested.yaml"
    nested.write_text("profiles:\n  p/v1: [a]\n  p/v1: [b]\n", "utf-8")
    with pytest.raises(ConfigError, match="duplicate key 'p/v1'"):
        load_config(str(nested))
    cases = tmp_path / "cases.jsonl"
    cases.write_text(jsonl(), encoding="utf-8")
    done = run_cmd("cap-aggregate-scores", "--cases", str(cases), "--config", str(config))
    assert done.returncode == 2 and b"duplicate key" in done.stderr


def test_yaml_merge_keys_may_be_overridden(tmp_path):
    config = tmp_path / "merge.yaml"
    config.write_text("x-a: &x {k: 1}\nx-b:\n  <<: *x\n  k: 2\n", "utf-8")
    assert load_config(str(config)).pass_threshold == 4.0
