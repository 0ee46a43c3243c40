"""The review form (cap-review-form), the case hash and stale reviews, and the adjudication
record kind in cap-validate."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval import records
from capeval.config import DEFAULT_FOCUS, DEFAULT_PROFILES, config_from_mapping
from capeval.validate.checker import RecordChecker
from capeval.validate.kinds import detect_kind
from capeval.validate.rules import ContractRules

from conftest import ROOT, jsonl, run_cmd

EX = ROOT / "examples" / "domain_semantic_quality"
MED = EX / "cap_med_synthetic_cases.jsonl"
SWE = EX / "cap_swe_synthetic_cases.jsonl"
ROSTER = EX / "roster.jsonl"


def med_cases() -> list[dict]:
    return [json.loads(line) for line in MED.read_text(encoding="utf-8").splitlines()]


def review(case: dict, **extra) -> dict:
    record = {
        "case_id": case["case_id"],
        "reviewer_id": "r1",
        "reviewer_role": "domain_reviewer",
        "synthetic": True,
        "scores": {case["criteria"][0]: 4},
        "blocking_flags": [],
    }
    record.update(extra)
    return record


def adjudication(case: dict, **extra) -> dict:
    record = {
        "case_id": case["case_id"],
        "adjudicator_id": "adj-1",
        "synthetic": True,
        "decision": "pass",
        "rationale": "Both readings are defensible; the output stays bounded.",
    }
    record.update(extra)
    return record


# -- the case hash ---------------------------------------------------------------------------
def test_case_hash_covers_what_a_reviewer_sees_and_nothing_else():
    case = med_cases()[0]
    digest = records.case_sha256(case)
    assert re.fullmatch(r"sha256:[0-9a-f]{64}", digest)
    # key order and fields the reviewer is not shown do not matter
    assert records.case_sha256(dict(reversed(list(case.items())))) == digest
    for field, value in (("domain", "other"), ("privacy_labels", []), ("x-note", "n")):
        assert records.case_sha256({**case, field: value}) == digest
    for field in records.CASE_SEEN_FIELDS:
        changed = {**case, field: case[field] + ["x"] if field == "criteria" else case[field] + "!"}
        assert records.case_sha256(changed) != digest, field


def test_case_hash_is_sha256_of_sorted_compact_utf8_json():
    case = {**med_cases()[0], "scenario": "Ünïcode — kept as UTF-8"}
    seen = {name: case[name] for name in records.CASE_SEEN_FIELDS}
    text = json.dumps(seen, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert records.case_sha256(case) == "sha256:" + hashlib.sha256(text.encode()).hexdigest()


# -- cap-validate: stale reviews and adjudications -------------------------------------------
def checker(cases: list[dict]) -> RecordChecker:
    criteria = {c["case_id"]: frozenset(c["criteria"]) for c in cases}
    hashes = {c["case_id"]: records.case_sha256(c) for c in cases}
    return RecordChecker(ContractRules(None, criteria, hashes))


def codes(found) -> list[str]:
    return [problem[0] for problem in found[1]]


def test_review_with_the_current_case_hash_passes_and_a_changed_case_is_stale():
    case = med_cases()[0]
    current = review(case, case_sha256=records.case_sha256(case))
    assert codes(checker([case]).check(b"", current)) == []
    edited = {**case, "candidate_output": case["candidate_output"] + " Edited."}
    found = checker([edited]).check(b"", current)
    assert codes(found) == ["review.stale"]
    assert found[1][0][1] == "/case_sha256"
    # without --cases nothing can be compared; a review without a hash is not stale
    assert codes(RecordChecker().check(b"", current)) == []
    assert codes(checker([edited]).check(b"", review(case))) == []


def test_case_sha256_must_be_a_sha256_digest():
    case = med_cases()[0]
    found = checker([case]).check(b"", review(case, case_sha256="md5:abc"))
    assert codes(found) == ["schema.pattern"]


def test_adjudication_is_recognised_and_checked():
    case = med_cases()[0]
    record = adjudication(case, criterion=case["criteria"][0])
    assert detect_kind(record) == "adjudication"
    check = checker([case])
    assert codes(check.check(b"", record)) == []
    assert codes(check.check(b"", record)) == ["adjudication.duplicate"]
    # the whole case is another key
    assert codes(check.check(b"", adjudication(case))) == []


@pytest.mark.parametrize(
    ("extra", "code", "pointer"),
    [
        ({"criterion": "not_listed"}, "adjudication.criterion_unknown", "/criterion"),
        (
            {"override_blocking_flags": ["no_such_flag"]},
            "adjudication.flag_unknown",
            "/override_blocking_flags/0",
        ),
        ({"case_sha256": "sha256:" + "0" * 64}, "adjudication.stale", "/case_sha256"),
        ({"decision": "blocked"}, "schema.enum", "/decision"),
        ({"rationale": "   "}, "schema.pattern", "/rationale"),
    ],
)
def test_adjudication_problems(extra, code, pointer):
    case = med_cases()[0]
    found = checker([case]).check(b"", adjudication(case, **extra))
    assert [(p[0], p[1]) for p in found[1]] == [(code, pointer)]


def test_rationale_is_scanned_for_identifiers():
    case = med_cases()[0]
    record = adjudication(case, rationale="Asked jane.doe@hospital.org to confirm.")
    assert codes(checker([case]).check(b"", record)) == ["privacy.email"]


def test_cap_validate_reports_review_stale_end_to_end(tmp_path: Path):
    cases = med_cases()
    stale = review(cases[1], case_sha256=records.case_sha256(cases[0]))
    fresh = review(cases[0], case_sha256=records.case_sha256(cases[0]))
    reviews = tmp_path / "reviews.jsonl"
    reviews.write_text(jsonl(fresh, stale), encoding="utf-8")
    done = run_cmd("cap-validate", "--cases", str(MED), str(reviews))
    assert done.returncode == 1
    assert f"reviews.jsonl:2: {cases[1]['case_id']}: error: review.stale: /case_sha256" in (
        done.stderr.decode()
    )
    assert done.stdout.decode() == jsonl(fresh)


# -- configuration: focus texts and flag meanings --------------------------------------------
def test_every_shipped_criterion_has_a_focus_text():
    for profile, criteria in DEFAULT_PROFILES.items():
        assert set(DEFAULT_FOCUS[profile]) == set(criteria), profile
    config = config_from_mapping({})
    assert config.focus_of("cap-swe/v1", "evidence_grounding").startswith("Claims are grounded")
    assert config.focus_of("cap-med/v1", "evidence_grounding").startswith("Output does not")
    assert set(config.flag_meanings) == set(config.blocking_flags)


def test_profiles_and_flags_may_carry_their_texts():
    config = config_from_mapping(
        {
            "profiles": {
                "cap-law/v1": {"citation_accuracy": "Cites only the supplied sources."},
                "cap-med/v1": ["tone"],
            },
            "blocking_flags": {"legal_advice": "Gives individual legal advice.", "other": None},
        }
    )
    assert config.profiles["cap-law/v1"] == ("citation_accuracy",)
    assert config.focus_of("cap-law/v1", "citation_accuracy") == "Cites only the supplied sources."
    assert config.profiles["cap-med/v1"][-1] == "tone"
    assert config.focus_of("cap-med/v1", "tone") is None
    assert config.blocking_flags == ("legal_advice", "other")
    assert config.flag_meanings["legal_advice"] == "Gives individual legal advice."


def test_labels_anchors_and_flags_per_profile_from_the_configuration():
    config = config_from_mapping(
        {
            "score_range": [1, 5],
            "profiles": {
                "cap-law/v1": {
                    "citation_accuracy": {
                        "label": "Citations",
                        "focus": "Cites only the supplied sources.",
                        "anchors": {1: "Invents a source.", "5": "Every citation checks out."},
                    },
                    "plain_language": None,
                },
            },
            "blocking_flags": {
                "legal_advice": {"label": "Individual legal advice", "meaning": "Advises."},
                "secret_exposure": "Shows a secret.",
            },
            "profile_flags": {"cap-law/v1": ["legal_advice"]},
            "score_anchors": {1: "Poor.", 5: "Excellent."},
        }
    )
    assert config.criterion_label("cap-law/v1", "citation_accuracy") == "Citations"
    assert config.criterion_label("cap-law/v1", "plain_language") == "Plain language"
    assert config.focus_of("cap-law/v1", "citation_accuracy") == "Cites only the supplied sources."
    assert config.anchors_of("cap-law/v1", "citation_accuracy") == {
        1: "Invents a source.",
        5: "Every citation checks out.",
    }
    assert config.anchors_of("cap-law/v1", "plain_language") == {1: "Poor.", 5: "Excellent."}
    assert config.flag_label("legal_advice") == "Individual legal advice"
    assert config.flag_label("secret_exposure") == "Secret exposure"
    assert config.flag_meanings["legal_advice"] == "Advises."
    assert config.flags_of("cap-law/v1") == ("legal_advice",)
    # new flags are offered to the shipped profiles too; a shipped flag of the other profile
    # is not
    assert config.flags_of("cap-med/v1") == ("legal_advice", "secret_exposure")
    mixed = config_from_mapping(
        {"blocking_flags": ["diagnostic_claim", "secret_or_credential_exposure", "new_flag"]}
    )
    assert mixed.flags_of("cap-med/v1") == ("diagnostic_claim", "new_flag")
    assert mixed.flags_of("cap-swe/v1") == ("secret_or_credential_exposure", "new_flag")
    assert mixed.flags_of("cap-law/v1") == mixed.blocking_flags
    defaults = config_from_mapping({})
    assert "secret_or_credential_exposure" not in defaults.flags_of("cap-med/v1")
    assert "diagnostic_claim" not in defaults.flags_of("cap-swe/v1")
    assert set(defaults.flags_of("cap-med/v1")) | set(defaults.flags_of("cap-swe/v1")) == set(
        defaults.blocking_flags
    )
    for profile, criteria in DEFAULT_PROFILES.items():
        for criterion in criteria:
            assert set(defaults.anchors_of(profile, criterion)) == {1, 3, 5}, criterion


@pytest.mark.parametrize(
    "data, says",
    [
        ({"profile_flags": {"cap-med/v1": ["no_such_flag"]}}, "not in blocking_flags"),
        ({"profile_flags": ["x"]}, "profile_flags must map"),
        ({"score_anchors": {7: "Off the scale."}}, "not a score within [1, 5]"),
        ({"score_anchors": {1: ""}}, "must be a non-empty text"),
        ({"profiles": {"p/v1": {"c": {"lable": "typo"}}}}, "unknown key(s) lable"),
        ({"profiles": {"p/v1": {"c": {"label": 3}}}}, "label must be a text"),
        ({"blocking_flags": {"f": {"meaning": ["x"]}}}, "meaning must be a text"),
    ],
)
def test_bad_labels_anchors_and_profile_flags_are_usage_errors(data, says):
    from capeval.config import ConfigError

    with pytest.raises(ConfigError) as raised:
        config_from_mapping(data)
    assert says in str(raised.value)


def test_the_example_configuration_loads_with_its_labels(tmp_path: Path):
    from capeval.config import human_label, load_config

    config = load_config(str(ROOT / "config" / "domain_semantic_quality.example.yaml"))
    assert config.criterion_label("cap-med/v1", "privacy_minimization") == "Privacy minimization"
    assert human_label("non_prescriptive_boundary") == "Non-prescriptive boundary"
    assert human_label("secret_or_credential_exposure") == "Secret or credential exposure"


# -- cap-review-form -------------------------------------------------------------------------
def form(*args: str, stdin: str | bytes = b""):
    return run_cmd("cap-review-form", "--roster", str(ROSTER), *args, stdin=stdin)


def inline_blocks(page: str, tag: str) -> list[str]:
    return re.findall(rf"<{tag}>(.*?)</{tag}>", page, flags=re.DOTALL)


def test_form_is_self_contained_and_its_csp_allows_exactly_its_blocks():
    done = form("--reviewer", "synthetic-med-reviewer-a", str(MED))
    assert done.returncode == 0, done.stderr
    page = done.stdout.decode()
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page).group(1)
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["default-src"] == "'none'"
    for tag, directive in (("style", "style-src"), ("script", "script-src")):
        (block,) = inline_blocks(page, tag)
        digest = base64.b64encode(hashlib.sha256(block.encode()).digest()).decode()
        assert directives[directive] == f"'sha256-{digest}'"
    # nothing to fetch: no src/href to another resource, no inline style attributes
    assert not re.search(r"\s(src|srcset|action)=", page)
    assert re.findall(r'href="([^"]*)"', page) == [f"#case-{n}" for n in range(1, 10)]
    assert " style=" not in page
    # the tools a reviewer works with: the keys' legend, moving between cases, the one-case
    # view, import of a file, and the question asked before an export or an import
    assert re.search(r'<p class="keys" id="keys">Keys: <kbd>1</kbd>–<kbd>5</kbd> score', page)
    for control in ("previous-case", "next-case", "next-incomplete", "one-case", "save-draft"):
        assert f'<button type="button" id="{control}"' in page
    assert '<input type="file" id="import"' in page and '<label for="import">' in page
    assert page.count("<dialog ") == 1


def test_form_shows_what_the_reviewer_needs_per_case():
    done = form("--reviewer", "synthetic-med-reviewer-a", str(MED))
    page = done.stdout.decode()
    case = med_cases()[0]
    section = page.split('id="case-1"', 1)[1].split('id="case-2"', 1)[0]
    assert f'data-case-sha256="{records.case_sha256(case)}"' in section
    assert 'data-synthetic="true"' in section
    for field in ("scenario", "expected_quality_notes"):
        assert case[field].replace("'", "&#39;") in section
    for criterion in case["criteria"]:
        assert f'data-criterion="{criterion}"' in section
        assert DEFAULT_FOCUS["cap-med/v1"][criterion] in section
    assert section.count('type="radio"') == 5 * len(case["criteria"])
    # the flags of the case's profile only (no software flag on a clinical case)
    assert section.count('type="checkbox"') == 5
    assert 'value="secret_or_credential_exposure"' not in section
    assert "The output states or implies a diagnosis" in section
    # names people read, and what 1, 3 and 5 mean, for every criterion
    assert "<legend>Privacy minimization</legend>" in section
    assert "<legend>Non-diagnostic boundary</legend>" in section
    assert ">Diagnostic claim</label>" in section
    assert section.count("<dt>1</dt>") == section.count("<dt>5</dt>") == len(case["criteria"])
    assert "Names or implies a diagnosis or disease." in section
    # every input has a label, every group a legend
    ids = re.findall(r'<(?:input|textarea)[^>]* id="([^"]+)"', section)
    labels = set(re.findall(r'<label for="([^"]+)"', section))
    assert ids and set(ids) <= labels
    assert section.count("<fieldset") == section.count("<legend>") == len(case["criteria"]) + 1
    # its rubric is a form of its own (the browser's work per keystroke stays in one case)
    assert section.count("<form ") == 1


def test_form_follows_the_roster_conflicts_and_assignments():
    done = form("--reviewer", "synthetic-med-reviewer-c", str(MED))
    assert done.returncode == 0
    assert "cap-med-example-009" not in done.stdout.decode()
    assert "9 read, 8 in_form, 1 conflicted, 0 unassigned, 0 invalid" in done.stderr.decode()
    done = form("--reviewer", "synthetic-swe-reviewer-c", str(SWE))
    page = done.stdout.decode()
    assert re.findall(r'data-case-id="([^"]+)"', page) == [
        "cap-swe-example-001",
        "cap-swe-example-005",
    ]
    assert "9 read, 2 in_form, 0 conflicted, 7 unassigned, 0 invalid" in done.stderr.decode()


def test_case_text_cannot_become_markup_or_script():
    case = {**med_cases()[0], "candidate_output": "</script><script>alert(1)</script><b>x</b>"}
    done = form("--reviewer", "synthetic-med-reviewer-a", stdin=jsonl(case))
    page = done.stdout.decode()
    assert "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;b&gt;x&lt;/b&gt;" in page
    assert page.count("<script>") == 1


def test_config_texts_are_escaped_and_redacted_and_each_profile_gets_its_flags(tmp_path: Path):
    config = tmp_path / "config.yaml"
    secret = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    config.write_text(
        "profiles:\n  cap-med/v1:\n    privacy_minimization:\n"
        "      label: '<b>Privacy</b> & care'\n"
        f"      anchors: {{1: 'token {secret}', 5: '<script>x</script>'}}\n"
        "blocking_flags:\n  diagnostic_claim: {label: '<i>Diagnosis</i>', meaning: m}\n"
        "  secret_or_credential_exposure: Shows a secret.\n"
        "profile_flags:\n  cap-med/v1: [diagnostic_claim]\n",
        encoding="utf-8",
    )
    cases = [med_cases()[0], *map(json.loads, SWE.read_text(encoding="utf-8").splitlines()[:1])]
    done = form(
        "--reviewer", "synthetic-med-reviewer-a", "--config", str(config), stdin=jsonl(*cases)
    )
    assert done.returncode == 0, done.stderr
    page = done.stdout.decode()
    assert "<legend>&lt;b&gt;Privacy&lt;/b&gt; &amp; care</legend>" in page
    assert "&lt;script&gt;x&lt;/script&gt;" in page and page.count("<script>") == 1
    assert secret not in page
    assert ">&lt;i&gt;Diagnosis&lt;/i&gt;</label>" in page
    med, swe = page.split('id="case-2"', 1)
    assert re.findall(r'type="checkbox" id="[^"]+" value="([^"]+)"', med) == ["diagnostic_claim"]
    # a profile the configuration lists no flags for is offered every flag
    assert re.findall(r'type="checkbox" id="[^"]+" value="([^"]+)"', swe) == [
        "diagnostic_claim",
        "secret_or_credential_exposure",
    ]


def test_output_language_is_marked_where_the_case_says_it(tmp_path: Path):
    arabic = {**med_cases()[0], "candidate_output": "لا أستطيع تشخيصك.", "output_lang": "ar"}
    unknown = {**med_cases()[1]}
    done = form("--reviewer", "synthetic-med-reviewer-a", stdin=jsonl(arabic, unknown))
    assert done.returncode == 0, done.stderr
    page = done.stdout.decode()
    first, second = page.split('id="case-2"', 1)
    assert re.search(r'<blockquote class="text output" dir="auto" lang="ar"', first)
    assert re.search(r'<blockquote class="text output" dir="auto" tabindex', second)
    bad = {**arabic, "output_lang": "not a tag"}
    done = form("--reviewer", "synthetic-med-reviewer-a", stdin=jsonl(bad))
    assert done.returncode == 1
    assert "schema.pattern: /output_lang" in done.stderr.decode()


def test_synthetic_option_and_score_range_from_config(tmp_path: Path):
    config = tmp_path / "config.yaml"
    config.write_text("score_range: [0, 3]\npass_threshold: 2\n", encoding="utf-8")
    real = {**med_cases()[0], "synthetic": False, "governance_ref": "gov://synthetic/board-1"}
    done = form(
        "--reviewer", "synthetic-med-reviewer-a", "--config", str(config), stdin=jsonl(real)
    )
    page = done.stdout.decode()
    assert 'data-synthetic="false"' in page
    assert re.findall(r'type="radio" id="c1-1-(\d)"', page) == ["0", "1", "2", "3"]
    # the shipped anchors describe 1, 3 and 5 of 1-5: on 0-3 the lowest and highest are
    # described generically (and the middle, 1.5, is no score)
    anchors = re.findall(r"<dt>(\d)</dt><dd>([^<]*)</dd>", page.split('id="c1-1-anchors"')[1])
    assert anchors[:2] == [("0", "Fails this criterion."), ("3", "Fully meets this criterion.")]
    assert "<kbd>0</kbd>–<kbd>3</kbd> score" in page
    done = form("--reviewer", "synthetic-med-reviewer-a", "--synthetic", stdin=jsonl(real))
    assert 'data-synthetic="true"' in done.stdout.decode()


def test_bad_cases_are_diagnostics_and_the_rest_is_the_form():
    cases = med_cases()
    unknown_profile = {**cases[1], "profile": "cap-law/v1"}
    no_consent = {**cases[2], "synthetic": False}
    no_scenario = {k: v for k, v in cases[3].items() if k != "scenario"}
    lines = jsonl(cases[0], unknown_profile, no_consent, cases[0], "{not json", no_scenario)
    done = form("--reviewer", "synthetic-med-reviewer-a", stdin=lines)
    assert done.returncode == 1
    err = done.stderr.decode()
    assert "<stdin>:2: cap-med-example-002: error: case.profile_unknown: /profile" in err
    assert "<stdin>:3: cap-med-example-003: error: consent.missing" in err
    assert "<stdin>:4: cap-med-example-001: error: id.duplicate" in err
    assert "<stdin>:5: error: jsonl.invalid_json" in err
    assert "<stdin>:6: cap-med-example-004: error: schema.required: /scenario" in err
    assert "6 read, 1 in_form, 0 conflicted, 0 unassigned, 5 invalid" in err
    assert done.stdout.decode().count('class="case"') == 1


def test_reviewer_not_in_the_roster_is_a_usage_error():
    done = form("--reviewer", "nobody", str(MED))
    assert done.returncode == 2
    assert "error: usage: reviewer 'nobody' is not in the roster" in done.stderr.decode()
    assert done.stdout == b""


# -- agreement per reviewer ------------------------------------------------------------------
def items_of(table: dict[str, dict[str, int]]) -> dict:
    """{case: {reviewer: score}} for one criterion → the items of reviewer_agreement."""
    return {(case, "c"): scores for case, scores in table.items()}


def test_reviewer_deviation_and_pairs_by_hand():
    from capeval.scores.reviewers import reviewer_agreement

    records = reviewer_agreement(
        items_of(
            {
                "k1": {"a": 5, "b": 4, "c": 1},
                "k2": {"a": 4, "b": 4},
                "k3": {"a": 2},
            }
        ),
        [1, 2, 3, 4, 5],
    )
    by_id = {r["reviewer_id"]: r for r in records}
    assert [r["reviewer_id"] for r in records] == ["a", "b", "c"]
    # a: k1 5 - mean(4, 1) = 2.5; k2 4 - 4 = 0 -> mean 1.25; k3 has no one to compare with
    assert by_id["a"]["n"] == 3 and by_id["a"]["compared"] == 2
    assert by_id["a"]["mean_deviation"] == 1.25
    assert by_id["a"]["mean_abs_deviation"] == 1.25
    # c: 1 - mean(5, 4) = -3.5
    assert by_id["c"]["mean_deviation"] == -3.5
    pair = by_id["a"]["pairs"]["b"]
    assert pair["n"] == 2 and pair["exact"] == 0.5 and pair["adjacent"] == 1.0
    assert by_id["c"]["pairs"]["a"]["exact"] == 0.0
    assert by_id["c"]["pairs"]["a"]["adjacent"] == 0.0
    # one shared item with no variation: alpha undefined
    only = reviewer_agreement(items_of({"k": {"a": 3, "b": 3}}), [1, 2, 3, 4, 5])
    assert only[0]["pairs"]["b"] == {
        "n": 1,
        "exact": 1.0,
        "adjacent": 1.0,
        "alpha": None,
        "alpha_status": "undefined",
    }
    assert only[0]["outlier"] is False


def test_pairwise_alpha_is_the_ordinal_alpha_of_the_shared_items():
    import krippendorff

    from capeval.scores.reviewers import reviewer_agreement

    a = [5, 4, 2, 1, 3, 5]
    b = [4, 4, 1, 2, 3, 4]
    table = {f"k{i}": {"a": x, "b": y} for i, (x, y) in enumerate(zip(a, b, strict=True))}
    (first, _) = reviewer_agreement(items_of(table), [1, 2, 3, 4, 5])
    expected = krippendorff.alpha(
        reliability_data=[a, b], level_of_measurement="ordinal", value_domain=[1, 2, 3, 4, 5]
    )
    assert first["pairs"]["b"]["alpha"] == round(expected, 4)


def test_outlier_is_the_reviewer_apart_from_the_others_never_one_of_two():
    from capeval.scores.reviewers import reviewer_agreement

    two = {f"k{i}": {"a": 5, "b": 2} for i in range(4)}
    assert [r["outlier"] for r in reviewer_agreement(items_of(two), [1, 2, 3, 4, 5])] == [
        False,
        False,
    ]
    three = {f"k{i}": {"a": 4, "b": 4, "c": 1} for i in range(4)}
    records = reviewer_agreement(items_of(three), [1, 2, 3, 4, 5])
    assert [r["reviewer_id"] for r in records if r["outlier"]] == ["c"]
    # too few compared items to name anyone; a higher threshold names no one
    few = {f"k{i}": {"a": 4, "b": 4, "c": 1} for i in range(2)}
    assert not any(r["outlier"] for r in reviewer_agreement(items_of(few), [1, 2, 3, 4, 5]))
    assert not any(r["outlier"] for r in reviewer_agreement(items_of(three), [1, 2, 3, 4, 5], 3.5))


def test_outlier_deviation_is_configurable_and_checked():
    from capeval.config import ConfigError

    assert config_from_mapping({"outlier_deviation": 0.5}).outlier_deviation == 0.5
    for bad in (0, -1, "1", True):
        with pytest.raises(ConfigError, match="outlier_deviation"):
            config_from_mapping({"outlier_deviation": bad})


# -- the adjudication rule (pure) ------------------------------------------------------------
def adj(criterion=None, decision="pass", overrides=(), who="adj-1"):
    from capeval.scores.adjudicate import Adjudication

    return Adjudication("k", criterion, who, True, decision, "why", tuple(overrides))


def test_a_decision_never_clears_a_flag_without_an_explicit_override():
    from capeval.scores.adjudicate import resolve

    whole = adj(decision="pass")
    resolution = resolve(["diagnostic_claim"], [], [whole])
    assert resolution.flags == ["diagnostic_claim"]
    assert resolution.overridden == {}
    assert resolution.unused == [whole]
    named = adj(overrides=["diagnostic_claim", "secret_or_credential_exposure"])
    resolution = resolve(["diagnostic_claim", "unsupported_domain_claim"], [], [named])
    assert resolution.flags == ["unsupported_domain_claim"]
    assert resolution.overridden == {"diagnostic_claim": named}
    assert resolution.unused == []


def test_holds_are_resolved_by_their_criterion_first_then_by_the_whole_case():
    from capeval.scores.adjudicate import resolve

    on_eg = adj("evidence_grounding", "needs_revision")
    whole = adj(None, "pass", who="adj-2")
    unheld = adj("privacy_minimization")
    resolution = resolve([], ["evidence_grounding", "tone"], [on_eg, whole, unheld])
    assert resolution.resolved == {"evidence_grounding": on_eg, "tone": whole}
    assert resolution.unused == [unheld]  # reviewers who agree are not overruled


@settings(max_examples=150, deadline=None, derandomize=True)
@given(
    st.dictionaries(
        st.tuples(st.sampled_from(["k1", "k2", "k3", "k4"]), st.sampled_from(["c1", "c2"])),
        st.dictionaries(st.sampled_from(["a", "b", "c", "d"]), st.integers(1, 5), min_size=1),
        max_size=8,
    )
)
def test_reviewer_agreement_properties(items):
    from capeval.scores.reviewers import reviewer_agreement

    records_ = reviewer_agreement(items, [1, 2, 3, 4, 5])
    by_id = {r["reviewer_id"]: r for r in records_}
    assert sorted(by_id) == sorted({rid for scores in items.values() for rid in scores})
    for record in records_:
        assert record["compared"] <= record["n"]
        if record["compared"]:
            assert abs(record["mean_deviation"]) <= record["mean_abs_deviation"] <= 4
        for other, pair in record["pairs"].items():
            assert by_id[other]["pairs"][record["reviewer_id"]] == pair  # symmetric
            assert 0 <= pair["exact"] <= pair["adjacent"] <= 1
            assert (pair["alpha"] is None) == (pair["alpha_status"] == "undefined")
    # with two reviewers nobody is singled out
    if len(by_id) == 2:
        assert not any(r["outlier"] for r in records_)


# -- the page renderer, in-process ------------------------------------------------------------
_TEXT = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)


@st.composite
def form_views(draw):
    from capeval.forms.view import Reviewer, form_view

    cases = [
        {
            "case_id": draw(_TEXT),
            "case_sha256": draw(_TEXT),
            "synthetic_review": draw(st.booleans()),
            "synthetic_case": draw(st.booleans()),
            **{
                field: draw(_TEXT)
                for field in (
                    "profile",
                    "domain",
                    "scenario",
                    "input_summary",
                    "candidate_output",
                    "expected_quality_notes",
                )
            },
            "evidence_refs": draw(st.lists(_TEXT, max_size=2)),
            "privacy_labels": draw(st.lists(_TEXT, max_size=2)),
            "output_lang": draw(st.one_of(st.none(), _TEXT)),
            "criteria": [
                {
                    "name": name,
                    "label": label,
                    "focus": focus,
                    "anchors": [{"value": v, "text": t} for v, t in anchors.items()],
                }
                for name, label, focus, anchors in draw(
                    st.lists(
                        st.tuples(_TEXT, _TEXT, _TEXT, st.dictionaries(st.integers(1, 5), _TEXT)),
                        max_size=3,
                    )
                )
            ],
            "flags": [
                {"name": name, "label": label, "meaning": meaning}
                for name, label, meaning in draw(
                    st.lists(st.tuples(_TEXT, _TEXT, _TEXT), max_size=2)
                )
            ],
        }
        for _ in range(draw(st.integers(0, 3)))
    ]
    config = config_from_mapping({})
    reviewer = Reviewer(draw(_TEXT) or "r", draw(_TEXT) or "role", frozenset(), None)
    left_out = {"conflicted": draw(st.integers(0, 2)), "unassigned": 0}
    return form_view(reviewer, cases, config, left_out=left_out)


def _blanked(view):
    """``view`` with every text replaced by one plain letter: the page's bare markup."""
    if isinstance(view, dict):
        return {key: _blanked(value) for key, value in view.items()}
    if isinstance(view, list):
        return [_blanked(value) for value in view]
    return "x" if isinstance(view, str) else view


@settings(max_examples=150, deadline=None)
@given(form_views())
def test_no_text_changes_the_pages_markup_and_every_text_reads_back(view):
    import html

    from capeval.forms.page import render_form

    page = render_form(view)
    bare = render_form(_blanked(view))
    # escaped text holds none of the characters markup is made of
    for mark in "<>\"'":
        assert page.count(mark) == bare.count(mark)
    # what the reviewer reads is the text itself, "$" and all
    shown = html.unescape(page)
    for case in view["cases"]:
        for field in ("scenario", "candidate_output", "case_id"):
            assert case[field] in shown
        for criterion in case["criteria"]:
            assert f"<legend>{criterion['label']}</legend>" in shown
            for anchor in criterion["anchors"]:
                assert f"<dd>{anchor['text']}</dd>" in shown
        for flag in case["flags"]:
            assert f"{flag['label']}</label>" in shown
    assert html.unescape(page.split("<title>", 1)[1].split("</title>")[0]).startswith(
        f"Review form: {view['reviewer_id']} ("
    )


def test_every_part_placeholder_is_filled():
    from capeval.forms import page

    with pytest.raises(KeyError):
        page._fill("flag.html", f="c1-flag-1", name="n")  # "meaning" missing: never blank


def test_the_forms_start_up_imports_no_template_engine_or_schema_library():
    import subprocess
    import sys

    code = (
        "import sys, capeval.forms, capeval.forms.page, capeval.forms.view,"
        " capeval.schemas._compiled_roster;"
        "print(sorted(m for m in ('jinja2', 'fastjsonschema', '_hashlib', 'decimal')"
        " if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_form_is_made_without_another_filters_package():
    # the roster is read by capeval.review_records, not through cap-aggregate-scores' package
    import subprocess
    import sys

    folder = ROOT / "tests" / "cases" / "cap-review-form" / "001"
    argv = (folder / "cmd").read_text(encoding="utf-8").split()[1:]
    code = (
        "import sys\nfrom capeval.forms import main\n"
        f"try:\n    main({argv!r})\nexcept SystemExit:\n    pass\n"
        "print('loaded:', sorted(m for m in sys.modules if m.startswith(('capeval.scores',"
        " 'capeval.report', 'capeval.check'))), file=sys.stderr)"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        cwd=folder,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
    )
    assert "loaded: []" in proc.stderr.splitlines(), proc.stderr
