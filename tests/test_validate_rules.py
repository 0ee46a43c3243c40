"""Unit tests of cap-validate's rule modules (SPEC §4): each rule in isolation."""

from __future__ import annotations

import json
import sys

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval import secrets
from capeval.config import Config
from capeval.validate import licenses, locales, lock, locked, manifest, privacy
from capeval.validate.checker import RecordChecker
from capeval.validate.rules import ContractRules

from conftest import ROOT, evalcase

sys.path.insert(0, str(ROOT / "tools"))

# -- locales ------------------------------------------------------------------------------------


def test_the_fast_path_locales_are_what_langcodes_says_now():
    # every tag the rule accepts without langcodes is one langcodes accepts (regenerated here:
    # an upgrade that changes a verdict fails this; `make schemas` writes the file again)
    import known_locales

    assert locales.KNOWN_CANONICAL == set(known_locales.known_locales())
    assert (ROOT / "lib/capeval/validate/known_locales.txt").read_text("utf-8") == (
        known_locales.text()
    ), "run tools/known_locales.py"
    assert {"en", "pt-BR", "zh-TW", "zh-Hant-TW", "es-419", "ast", "udm"} <= locales.KNOWN_CANONICAL


@pytest.mark.parametrize(
    "tag", ["en-US", "zh-Hans", "zh-Hant-TW", "es-419", "sr-Latn-RS", "tlh", "de-DE-1901"]
)
def test_canonical_tags_pass(tag):
    assert locales.locale_problem(tag) is None


@pytest.mark.parametrize(
    ("tag", "hint"),
    [
        ("zh_CN", "zh-CN"),
        ("en-us", "en-US"),
        ("en-Latn-US", "en-US"),
        ("EN", "en"),
        ("iw", "he"),
        ("i-klingon", "tlh"),
    ],
)
def test_noncanonical_tags_name_the_canonical_form(tag, hint):
    code, message, given_hint = locales.locale_problem(tag)
    assert code == "locale.noncanonical"
    assert given_hint == hint
    assert repr(hint) in message


@pytest.mark.parametrize(
    "tag", ["und", "x-private", "en-x-twain", "qaa", "qtz-US", "zz", "xx-YY", "!!", "", "en--US"]
)
def test_unusable_tags_are_invalid(tag):
    code, _message, hint = locales.locale_problem(tag)
    assert code == "locale.invalid"
    assert hint is None


# -- licenses -----------------------------------------------------------------------------------


def test_every_fast_path_license_is_valid_per_the_library():
    licenses._validate.cache_clear()
    for expression in licenses.KNOWN_VALID:
        assert licenses._validate(expression) is None, expression


@pytest.mark.parametrize(
    "expression",
    [
        "MIT",
        "mit",
        "gpl-3.0-or-later",
        "GPL-3.0+",
        "Apache-2.0 WITH LLVM-exception",
        "apache-2.0 with llvm-exception",
        "MIT AND (Apache-2.0 OR BSD-3-Clause)",
        "LicenseRef-acme-1.0",
        "DocumentRef-spdx-tool-1.2:LicenseRef-MIT-Style-2",
        "LicenseRef-a OR MIT",
        "LicenseRef-a WITH Classpath-exception-2.0",
    ],
)
def test_valid_spdx_expressions_pass(expression):
    assert licenses.license_problem(expression) is None


@pytest.mark.parametrize(
    "expression",
    [
        "unknown",
        "UNKNOWN",
        "fair-use",
        "NOASSERTION",
        "NONE",
        "none",
        "",
        "   ",
        "public-domain",
        "Foo-1.0",
        "mit and",  # the library raises AttributeError here
        "MIT OR",
        "(MIT",
        "LicenseRef-",
        "(LicenseRef-a",
        "LicenseRef-a AND",
        "MIT WITH GPL-3.0-or-later",  # a licence is not an exception
        "MIT Apache-2.0",
    ],
)
def test_invalid_or_non_committal_licenses_are_rejected(expression):
    assert licenses.license_problem(expression)


# -- secrets ------------------------------------------------------------------------------------

SECRETS = {
    "aws_access_key": "login with AKIAIOSFODNN7EXAMPLE please",
    "google_api_key": "key=AIzaSyA1234567890abcdefghijklmnopqrstuv",
    "private_key": "-----BEGIN RSA PRIVATE KEY-----\nMIIEow",
    "github_token": "token ghp_" + "a1B2" * 9,
    "slack_token": "xoxb-123456789012-1234567890123-AbCdEfGhIjKl",
    "openai_key": "sk-proj-abcdefghijklmnopqrstuvwx1234",
    "stripe_key": "sk_live_" + "a1B2c3D4" * 3,
    "jwt": "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_a",
    "password_assignment": "connect with password=hunter22 now",
    "high_entropy": "blob Zx8Qw3Er5Ty7Ui9Op1As2Df4Gh6Jk8Lz0Xc end",
}


@pytest.mark.parametrize(("kind", "text"), sorted(SECRETS.items()))
def test_each_secret_kind_is_found_by_the_prefilter_and_the_walk(kind, text):
    record = {"outer": {"field": ["ok", text]}}
    assert secrets.may_contain_secret(orjson.dumps(record))
    assert secrets.find_secrets(record) == [("/outer/field/1", kind)]


@pytest.mark.parametrize(
    "text",
    [
        "Password: %s",
        "password=%s",
        "password={password}",
        "password=****",
        "human_escalation_appropriateness",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
        "/api/v1/users/12345/settings/notifications/email",
        "123e4567-e89b-12d3-a456-426614174000",
        "Welcome, %s! You have %d coins.",
        "risk-aware task-ui",
    ],
)
def test_ordinary_strings_are_not_secrets(text):
    assert secrets.find_secrets({"source": text}) == []


def test_hash_and_ref_fields_are_exempt_from_entropy_but_not_from_known_formats():
    token = "Zx8Qw3Er5Ty7Ui9Op1As2Df4Gh6Jk8Lz0Xc"
    record = {
        "source_hash": token,
        "consent_ref": token,
        "evidence_refs": [token, "https://s3.example/x?AWSAccessKeyId=AKIAIOSFODNN7EXAMPLE"],
        "notes": token,
    }
    assert secrets.find_secrets(record) == [
        ("/evidence_refs/1", "aws_access_key"),
        ("/notes", "high_entropy"),
    ]


def test_field_names_are_escaped_as_json_pointers():
    assert secrets.find_secrets({"a/b": {"c~d": SECRETS["aws_access_key"]}}) == [
        ("/a~1b/c~0d", "aws_access_key")
    ]


def test_a_line_with_unicode_escapes_is_always_walked():
    raw = b'{"source": "\\u0041KIAIOSFODNN7EXAMPLE"}'
    assert secrets.may_contain_secret(raw)
    assert secrets.find_secrets(orjson.loads(raw)) == [("/source", "aws_access_key")]


def test_entropy_is_measured_in_bits_per_character():
    assert secrets.shannon_bits("aaaa") == 0
    assert secrets.shannon_bits("abcd") == 2
    assert not secrets.is_high_entropy_token("ab" * 20)


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.text(), lambda c: st.lists(c) | st.dictionaries(st.text(), c), max_leaves=8))
def test_the_prefilter_never_hides_a_secret_the_walk_would_find(value):
    record = {"field": value}
    if secrets.find_secrets(record):
        assert secrets.may_contain_secret(orjson.dumps(record))


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(sorted(SECRETS.values())), st.text(max_size=20), st.text(max_size=20))
def test_a_secret_inside_any_text_is_found(secret, before, after):
    record = {"notes": f"{before} {secret} {after}"}
    assert secrets.may_contain_secret(orjson.dumps(record))
    assert secrets.find_secrets(record)


# -- privacy ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        ("Contact jane.doe@gmail.com today", ("privacy.email",)),
        ("Write to ops@example.com or a@b.test or x@y.example.org", ()),
        ("Call +1 415 555 2671", ("privacy.phone",)),
        ("Call (415) 867-5309", ("privacy.phone",)),
        ("Call 020 7946 0958", ("privacy.phone",)),
        ("Fictional +1 415 555 0123", ()),
        ("on 2024-01-15 10:30", ()),
        ("server 192.168.100.200", ()),
        ("pay 1 000 000 coins", ()),
        ("User: I feel sad.\nAssistant: I hear you.\nUser: What now?", ("privacy.transcript",)),
        ("User: hi. Bot: hello. User: help", ("privacy.transcript",)),
        ("用户：我很难过。助手：我理解。用户：怎么办？", ("privacy.transcript",)),
        ("Step 1: open. Step 2: close. Step 3: done.", ()),
        ("Synthetic summary only; no raw transcript.", ()),
    ],
)
def test_privacy_findings(text, codes):
    assert privacy.privacy_findings(text) == codes


def test_privacy_is_a_warning_unless_configured_as_error():
    case = quality_case(scenario="Mail me at joe@gmail.com")
    problems = list(ContractRules().problems("quality-case", case))
    assert problems == [("privacy.email", "/scenario", problems[0][2], None)]
    strict = ContractRules(Config(privacy_as_error=True))
    assert [p[3] for p in strict.problems("quality-case", case)] == ["error"]


# -- contract rules -----------------------------------------------------------------------------


def quality_case(**overrides) -> dict:
    case = {
        "case_id": "cap-med-001",
        "profile": "cap-med/v1",
        "domain": "d",
        "synthetic": True,
        "scenario": "s",
        "input_summary": "i",
        "candidate_output": "c",
        "criteria": ["evidence_grounding"],
        "expected_quality_notes": "n",
        "privacy_labels": [],
    }
    case.update(overrides)
    return case


def review(**overrides) -> dict:
    record = {
        "case_id": "cap-med-001",
        "reviewer_id": "r1",
        "reviewer_role": "peer",
        "synthetic": True,
        "scores": {"evidence_grounding": 4},
        "blocking_flags": [],
    }
    record.update(overrides)
    return record


def codes(kind: str, record: dict, rules: ContractRules | None = None) -> list[str]:
    return [p[0] for p in (rules or ContractRules()).problems(kind, record)]


def test_a_valid_evalcase_has_no_contract_problem():
    assert codes("evalcase", evalcase()) == []


@pytest.mark.parametrize("kind", ["public-domain", "compatible-licensed"])
def test_external_material_must_name_its_source(kind):
    case = evalcase(provenance={"kind": kind, "license": "CC0-1.0"})
    assert codes("evalcase", case) == ["provenance.source_missing"]
    case["provenance"]["source"] = "https://example.org/a.po"
    assert codes("evalcase", case) == []


def test_consent_is_required_only_for_non_synthetic_cases():
    assert codes("quality-case", quality_case(synthetic=False)) == ["consent.missing"]
    assert codes("quality-case", quality_case(synthetic=False, governance_ref="gov:1")) == []
    assert codes("quality-case", quality_case(synthetic=False, dataset_consent_ref="c:1")) == []


def test_profiles_from_the_configuration_add_to_the_defaults():
    rules = ContractRules(Config(profiles={"custom/v1": ("clarity",), "cap-med/v1": ("x",)}))
    assert (
        codes("quality-case", quality_case(profile="custom/v1", criteria=["clarity"]), rules) == []
    )
    assert codes("quality-case", quality_case(profile="nope/v1")) == ["case.profile_unknown"]
    assert codes("quality-case", quality_case(criteria=["clarity"])) == ["case.criterion_unknown"]


def test_review_scores_flags_and_criteria():
    rules = ContractRules(Config(score_range=(0, 10)), {"cap-med-001": frozenset({"a", "b"})})
    assert codes("review", review(scores={"a": 0, "b": 10}), rules) == []
    assert codes("review", review(scores={"a": 11}), rules) == ["review.score_range"]
    assert codes("review", review(scores={"c": 5}), rules) == ["review.criterion_unknown"]
    # a case outside --cases cannot be checked for criteria
    assert codes("review", review(case_id="other", scores={"c": 5}), rules) == []
    assert codes("review", review(blocking_flags=["diagnostic_claim"])) == []
    assert codes("review", review(blocking_flags=["meh"])) == ["review.flag_unknown"]
    assert codes("review", review(scores={"x": 0})) == ["review.score_range"]


@pytest.mark.parametrize("name", __import__("capeval.assertions").assertions.NAMES)
def test_every_assertion_module_has_the_one_shape(name):
    from capeval import assertions

    module = assertions.load(name)
    assert module.NAME == name
    assert module.CODES and len(set(module.CODES)) == len(module.CODES)
    assert module.PARAMS["type"] == "object" and module.PARAMS["additionalProperties"] is False
    assert callable(module.check)
    with pytest.raises(KeyError):
        assertions.load("no_such_assertion")


# -- id lock ------------------------------------------------------------------------------------


def test_meaning_hash_ignores_metadata_and_explicit_defaults():
    base = evalcase()
    same = evalcase(
        tags=["x"],
        difficulty="basic",
        domain="other",
        references=[],
        required_tokens=[],
        provenance={"kind": "synthetic", "license": "MIT"},
        **{"x-note": 1},
    )
    assert lock.meaning_hash(base) == lock.meaning_hash(same)
    assert lock.meaning_hash(base).startswith("sha256:")
    for change in [
        {"source": "other"},
        {"target_locale": "de-DE"},
        {"required_tokens": ["%s"]},
        {"references": ["r"]},
        {"context": {"max_chars": 5}},
        {"assertions": [{"name": "max_chars", "severity": "hard", "params": {"max": 3}}]},
    ]:
        assert lock.meaning_hash(evalcase(**change)) != lock.meaning_hash(base), change


def test_empty_params_mean_the_same_as_none():
    with_empty = evalcase(
        assertions=[{"name": "number_fidelity", "severity": "hard", "params": {}}]
    )
    without = evalcase(assertions=[{"name": "number_fidelity", "severity": "hard"}])
    assert lock.meaning_hash(with_empty) == lock.meaning_hash(without)


def test_lock_check_record_and_text(tmp):
    path = tmp / "ids.lock.json"
    path.write_text(json.dumps({"b.b": "sha256:1"}))
    id_lock = lock.IdLock.load(str(path), update=True)
    assert id_lock.check("b.b", "sha256:1") is None
    assert id_lock.check("b.b", "sha256:2")[0] == "id.reused"
    assert id_lock.check("a.a", "sha256:3") is None
    id_lock.record("a.a", "sha256:3")
    id_lock.record("b.b", "sha256:9")  # never rewritten
    assert id_lock.check("a.a", "sha256:4")[0] == "id.reused"
    assert json.loads(id_lock.text()) == {"a.a": "sha256:3", "b.b": "sha256:1"}
    assert list(json.loads(id_lock.text())) == ["a.a", "b.b"]
    strict = lock.IdLock.load(str(path), update=False)
    assert strict.check("a.a", "sha256:3")[0] == "id.unlocked"


@pytest.mark.parametrize("content", ["[]", '{"a": 1}', '{"a": "md5:x"}', "{"])
def test_malformed_lock_files_are_refused(tmp, content):
    path = tmp / "bad.json"
    path.write_text(content)
    with pytest.raises(lock.LockError):
        lock.IdLock.load(str(path), update=False)


def test_a_missing_lock_is_empty_only_when_updating(tmp):
    assert lock.IdLock.load(str(tmp / "new.json"), update=True).needs_writing()
    with pytest.raises(FileNotFoundError):
        lock.IdLock.load(str(tmp / "new.json"), update=False)


# -- locked split -------------------------------------------------------------------------------


def test_normalized_source():
    assert locked.normalized_source("  The\tＳＥＣＲＥＴ\n garden ") == "the secret garden"
    assert locked.normalized_source("Straße") == locked.normalized_source("STRASSE")


def test_leaks_by_id_or_normalized_source_and_inside_exemption(tmp):
    folder = tmp / "locked"
    (folder / "sub").mkdir(parents=True)
    (folder / "sub" / "a.jsonl").write_text("")
    split = locked.LockedSplit(str(folder))
    split.add(evalcase(id="l.l.001", source="Held out text"), "a.jsonl")
    split.add(evalcase(id="l.l.002", source=""), "a.jsonl")
    assert split.leak(evalcase(id="l.l.001", source="x"))
    assert split.leak(evalcase(id="d.d.001", source="  held   OUT text"))
    assert split.leak(evalcase(id="d.d.002", source="")) is None  # empty sources never leak
    assert split.is_inside(str(folder / "sub" / "a.jsonl"))
    assert not split.is_inside(str(tmp / "locked-other.jsonl"))
    assert not split.is_inside(None)
    assert locked.locked_files(str(folder)) == [str(folder / "sub" / "a.jsonl")]


# -- manifest -----------------------------------------------------------------------------------


def test_manifest_entries_have_one_shape_for_both_case_kinds():
    entry = manifest.manifest_entry("evalcase", evalcase())
    assert list(entry) == [
        "id",
        "kind",
        "profile",
        "domain",
        "synthetic",
        "consent_ref",
        "privacy_labels",
        "source_hash",
        "provenance_ref",
        "sha256",
    ]
    assert entry["synthetic"] is True and entry["profile"] is None
    quality = manifest.manifest_entry(
        "quality-case", quality_case(synthetic=False, governance_ref="gov:1", source_hash="h")
    )
    assert list(quality) == list(entry)
    assert (quality["consent_ref"], quality["source_hash"]) == ("gov:1", "h")
    assert manifest.manifest_entry("review", review()) is None
    reordered = dict(reversed(list(evalcase().items())))
    assert manifest.canonical_sha256(reordered) == entry["sha256"]


# -- the checker --------------------------------------------------------------------------------


def test_checker_reports_duplicates_once_and_skips_the_lock_for_them(tmp):
    path = tmp / "lock.json"
    path.write_text("{}")
    checker = RecordChecker(id_lock=lock.IdLock.load(str(path), update=False))
    first = evalcase()
    raw = orjson.dumps(first)
    assert [p[0] for p in checker.check(raw, first)[1]] == ["id.unlocked"]
    second = evalcase(source="changed")
    assert [p[0] for p in checker.check(orjson.dumps(second), second)[1]] == ["id.duplicate"]


def test_checker_honours_a_forced_kind():
    checker = RecordChecker(kind="candidate")
    kind, problems = checker.check(b"{}", evalcase())
    assert kind == "candidate"
    assert problems[0][0] == "schema.required"


class _Recording(dict):
    """A case that notes every top-level field read from it."""

    def __init__(self, case: dict) -> None:
        super().__init__(case)
        self.read: set[str] = set()

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        self.read.add(key)
        return super().get(key, default)

    def __contains__(self, key):
        self.read.add(key)
        return super().__contains__(key)

    def keys(self):  # reading the keys reads them all
        self.read.update(super().keys())
        return super().keys()

    def items(self):
        self.read.update(super().keys())
        return super().items()

    def values(self):
        self.read.update(super().keys())
        return super().values()

    def __iter__(self):
        self.read.update(super().keys())
        return super().__iter__()


def _rule_cases() -> list[dict]:
    import glob
    from pathlib import Path

    from capeval import schemas

    root = Path(__file__).resolve().parent.parent
    cases = []
    for path in sorted(glob.glob(str(root / "evals/i18n-prompt/cases/*/*.jsonl"))):
        with open(path, "rb") as handle:
            cases.extend(orjson.loads(line) for line in handle if line.strip())
    cases = [c for c in cases if schemas.problem("evalcase", c) is None]
    assert len(cases) > 50
    # the fields the rules read, at the edges of what they accept
    cases += [{**c, "context": {"max_chars": 5}} for c in cases[:40]]
    cases += [{**c, "context": {}, "required_tokens": []} for c in cases[:40]]
    cases += [{**c, "required_tokens": ["%s"], "target_locale": "ja-JP"} for c in cases[:40]]
    cases += [{**c, "source_locale": "xx-bogus", "target_locale": "en"} for c in cases[:5]]
    cases += [
        {**c, "provenance": {"kind": "compatible-licensed", "license": "Nope"}} for c in cases[:5]
    ]
    return cases


def test_each_evalcase_rule_reads_only_the_fields_it_declares():
    # a memo of a rule's problems is keyed by the fields it declares: reading another one
    # would let two cases that differ there share an answer
    from capeval.validate.rules import EVALCASE_RULES

    for case in _rule_cases():
        for rule in EVALCASE_RULES:
            recording = _Recording(case)
            rule.check(recording)
            assert recording.read <= set(rule.reads), (rule.check.__name__, recording.read)


def test_a_rule_reading_an_undeclared_field_is_caught():
    from capeval.validate.rules import Rule

    def differ(case):  # reads both locales, declares one
        return [] if case["source_locale"] != case["target_locale"] else ["same"]

    rule = Rule(("source_locale",), differ)
    recording = _Recording(_rule_cases()[0])
    rule.check(recording)
    assert not recording.read <= set(rule.reads)
