"""cap-validate's options end to end, through the installed command (SPEC §3, §4)."""

from __future__ import annotations

import json
import re

import pytest

from capeval.validate.lock import meaning_hash

from conftest import ROOT, evalcase, jsonl, run_cmd

DIAGNOSTIC = re.compile(r": (error|warning): ([a-z_]+\.[a-zA-Z_]+): ")
KINDS = ["evalcase", "candidate", "result", "quality-case", "review", "roster", "adjudication"]


def stderr_lines(proc) -> list[str]:
    return proc.stderr.decode("utf-8").splitlines()


def found(proc) -> list[tuple[str, str]]:
    """(severity, code) of every diagnostic line, in order."""
    return [tuple(m.groups()) for m in DIAGNOSTIC.finditer(proc.stderr.decode("utf-8"))]


def quality_case(**overrides) -> dict:
    case = {
        "case_id": "cap-med-001",
        "profile": "cap-med/v1",
        "domain": "d",
        "synthetic": True,
        "scenario": "s",
        "input_summary": "i",
        "candidate_output": "c",
        "criteria": ["evidence_grounding", "privacy_minimization"],
        "expected_quality_notes": "n",
        "privacy_labels": ["synthetic"],
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


# -- --print-schema and --kind -----------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_print_schema_prints_the_shipped_draft07_schema(kind):
    proc = run_cmd("cap-validate", "--print-schema", kind)
    assert proc.returncode == 0
    schema = json.loads(proc.stdout)
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert proc.stdout == (ROOT / "lib/capeval/schemas" / f"{kind}.json").read_bytes()
    assert b"error" not in proc.stderr


def test_print_schema_of_an_unknown_kind_is_a_usage_error():
    proc = run_cmd("cap-validate", "--print-schema", "nope")
    assert proc.returncode == 2
    assert "error: usage: unknown kind 'nope'" in proc.stderr.decode()


def test_kind_is_recognised_from_the_fields_and_kind_overrides_it():
    record = {"case_id": "a.b", "text": "hello"}
    assert run_cmd("cap-validate", stdin=jsonl(record)).returncode == 0
    forced = run_cmd("cap-validate", "--kind", "evalcase", stdin=jsonl(record))
    assert forced.returncode == 1
    assert ": error: schema.required: /schema_version is required" in forced.stderr.decode()
    unknown = run_cmd("cap-validate", stdin=jsonl({"hello": 1}))
    assert unknown.returncode == 1
    assert "<stdin>:1: error: kind.unknown:" in unknown.stderr.decode()
    assert run_cmd("cap-validate", "--kind", "bogus").returncode == 2


def test_unknown_keys_are_rejected_and_x_keys_allowed_for_every_kind():
    records = {
        "candidate": {"case_id": "a.b", "text": "t"},
        "review": review(),
        "roster": {"reviewer_id": "r", "role": "x", "qualifications": "q", "independent": True},
        "quality-case": quality_case(),
    }
    for kind, record in records.items():
        ok = run_cmd("cap-validate", stdin=jsonl({**record, "x-ext": {"any": 1}}))
        assert ok.returncode == 0, (kind, ok.stderr)
        bad = run_cmd("cap-validate", stdin=jsonl({**record, "extra": 1}))
        assert "schema.additionalProperties" in bad.stderr.decode(), kind


def test_integers_written_as_floats_are_rejected():
    line = json.dumps(review()).replace('"evidence_grounding": 4', '"evidence_grounding": 4.0')
    proc = run_cmd("cap-validate", stdin=line + "\n")
    assert "schema.type: /scores/evidence_grounding must be integer" in proc.stderr.decode()
    line = json.dumps(evalcase()).replace('"schema_version": 1', '"schema_version": 1.0')
    proc = run_cmd("cap-validate", stdin=line + "\n")
    assert "schema.type: /schema_version" in proc.stderr.decode()


def test_unique_keys_span_all_input_files(tmp):
    first, second = tmp / "a.jsonl", tmp / "b.jsonl"
    first.write_text(jsonl(evalcase(), {"case_id": "x", "text": "1"}, review()))
    second.write_text(jsonl(evalcase(), {"case_id": "x", "text": "2"}, review()))
    proc = run_cmd("cap-validate", str(first), str(second))
    assert found(proc) == [
        ("error", "id.duplicate"),
        ("error", "candidate.duplicate"),
        ("error", "review.duplicate"),
    ]
    assert all(f"{second}:" in line for line in stderr_lines(proc)[:-1])
    # a candidate of another system is another key
    two_systems = jsonl({"case_id": "x", "text": "1"}, {"case_id": "x", "text": "1", "system": "b"})
    other = run_cmd("cap-validate", stdin=two_systems)
    assert other.returncode == 0


# -- --config and --cases ------------------------------------------------------------------------


def test_config_sets_score_range_flags_profiles_and_privacy_severity(tmp):
    config = tmp / "review.yaml"
    config.write_text(
        "score_range: [0, 10]\n"
        "blocking_flags: [house_flag]\n"
        "profiles:\n  house/v1: [clarity]\n"
        "privacy_as_error: true\n"
    )
    records = [
        quality_case(profile="house/v1", criteria=["clarity"]),
        quality_case(case_id="q2"),  # the default profiles stay known
        review(scores={"evidence_grounding": 9}, blocking_flags=["house_flag"]),
        review(reviewer_id="r2", blocking_flags=["diagnostic_claim"]),
        quality_case(case_id="q3", scenario="reach me at joe@gmail.com"),
    ]
    proc = run_cmd("cap-validate", "--config", str(config), stdin=jsonl(*records))
    lines = stderr_lines(proc)
    assert found(proc) == [("error", "review.flag_unknown"), ("error", "privacy.email")]
    assert lines[-1] == "cap-validate: 5 read, 3 valid, 2 invalid"
    default = run_cmd("cap-validate", stdin=jsonl(records[4]))
    assert default.returncode == 0
    assert "warning: privacy.email: /scenario" in default.stderr.decode()


@pytest.mark.parametrize(
    "content",
    [
        "score_range: [5, 1]\n",
        "bogus_key: 1\n",
        "profiles: [a]\n",
        ": : :\n",
        "privacy_as_error: 3\n",
    ],
)
def test_a_bad_config_is_a_usage_error(tmp, content):
    config = tmp / "bad.yaml"
    config.write_text(content)
    proc = run_cmd("cap-validate", "--config", str(config), stdin=jsonl(evalcase()))
    assert proc.returncode == 2
    assert ": error: usage: " in proc.stderr.decode()
    assert proc.stdout == b""


def test_cases_limit_review_criteria_to_those_the_case_lists(tmp):
    cases = tmp / "cases.jsonl"
    cases.write_text(jsonl(quality_case()))
    records = [
        review(scores={"evidence_grounding": 5, "privacy_minimization": 4}),
        review(reviewer_id="r2", scores={"task_correctness": 4}),
        review(case_id="not-in-cases", scores={"task_correctness": 4}),
    ]
    proc = run_cmd("cap-validate", "--cases", str(cases), stdin=jsonl(*records))
    lines = stderr_lines(proc)
    assert len(lines) == 2
    assert ":2: cap-med-001: error: review.criterion_unknown: /scores/task_correctness" in lines[0]
    without = run_cmd("cap-validate", stdin=jsonl(*records))
    assert without.returncode == 0


def test_missing_cases_file_is_unreadable_exit_2(tmp):
    proc = run_cmd("cap-validate", "--cases", str(tmp / "nope.jsonl"), stdin=jsonl(review()))
    assert proc.returncode == 2
    assert "error: io.unreadable" in proc.stderr.decode()


# -- --lock / --update-lock -----------------------------------------------------------------------


def test_update_lock_creates_the_file_sorted_and_is_quiet_after(tmp):
    lock = tmp / "ids.lock.json"
    cases = jsonl(evalcase(id="b.b.001"), evalcase(id="a.a.001", source="other"))
    proc = run_cmd("cap-validate", "--lock", str(lock), "--update-lock", stdin=cases)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(lock.read_text())
    assert list(data) == ["a.a.001", "b.b.001"]
    assert data["b.b.001"] == meaning_hash(evalcase(id="b.b.001"))
    assert "2 ids added" in stderr_lines(proc)[-1]
    again = run_cmd("cap-validate", "--lock", str(lock), stdin=cases)
    assert again.returncode == 0 and len(stderr_lines(again)) == 1


def test_a_changed_case_under_a_locked_id_is_reused_and_never_rewritten(tmp):
    lock = tmp / "ids.lock.json"
    run_cmd("cap-validate", "--lock", str(lock), "--update-lock", stdin=jsonl(evalcase()))
    before = lock.read_bytes()
    changed = jsonl(evalcase(source="A different sentence."))
    for extra in ([], ["--update-lock"]):
        proc = run_cmd("cap-validate", "--lock", str(lock), *extra, stdin=changed)
        assert proc.returncode == 1
        assert ": error: id.reused: /id " in proc.stderr.decode()
        assert proc.stdout == b""
        assert lock.read_bytes() == before


def test_an_unlocked_id_is_a_warning_and_the_record_passes(tmp):
    lock = tmp / "ids.lock.json"
    lock.write_text("{}\n")
    proc = run_cmd("cap-validate", "--lock", str(lock), stdin=jsonl(evalcase()))
    assert proc.returncode == 0
    assert ": warning: id.unlocked: /id " in proc.stderr.decode()
    assert proc.stdout == jsonl(evalcase()).encode()
    assert lock.read_text() == "{}\n"


def test_update_lock_records_only_accepted_cases(tmp):
    lock = tmp / "ids.lock.json"
    records = jsonl(evalcase(id="ok.ok.001"), evalcase(id="bad.bad.001", source_locale="en_US"))
    run_cmd("cap-validate", "--lock", str(lock), "--update-lock", stdin=records)
    assert list(json.loads(lock.read_text())) == ["ok.ok.001"]


def test_lock_problems_are_usage_or_io_errors(tmp):
    missing = run_cmd("cap-validate", "--lock", str(tmp / "nope.json"), stdin=jsonl(evalcase()))
    assert missing.returncode == 2 and "io.unreadable" in missing.stderr.decode()
    bad = tmp / "bad.json"
    bad.write_text("[1]")
    assert run_cmd("cap-validate", "--lock", str(bad)).returncode == 2
    alone = run_cmd("cap-validate", "--update-lock")
    assert alone.returncode == 2 and "--update-lock needs --lock" in alone.stderr.decode()


# -- --locked ----------------------------------------------------------------------------------


def test_locked_split_leaks_by_id_or_source_and_its_own_files_are_exempt(tmp):
    locked = tmp / "locked"
    locked.mkdir()
    held = evalcase(id="held.out.001", source="The Harbour  bell rings twice.")
    (locked / "held.jsonl").write_text(jsonl(held))
    dev = tmp / "dev.jsonl"
    dev.write_text(
        jsonl(
            evalcase(id="dev.case.001", source="the harbour bell RINGS twice."),
            evalcase(id="held.out.001", source="Something else."),
            evalcase(id="dev.case.002", source="Unrelated."),
        )
    )
    proc = run_cmd("cap-validate", "--locked", str(locked), str(dev))
    lines = stderr_lines(proc)
    assert [line.split(": ")[1:5] for line in lines[:-1]] == [
        [f"{dev}:1", "dev.case.001", "error", "locked.leak"],
        [f"{dev}:2", "held.out.001", "error", "locked.leak"],
    ]
    assert lines[-1] == "cap-validate: 3 read, 1 valid, 2 invalid"
    # the locked split's own files, read as inputs, are exempt
    own = run_cmd("cap-validate", "--locked", str(locked), str(locked / "held.jsonl"))
    assert own.returncode == 0 and own.stdout == jsonl(held).encode()
    single = run_cmd("cap-validate", "--locked", str(locked / "held.jsonl"), str(dev))
    assert single.returncode == 1
    gone = run_cmd("cap-validate", "--locked", str(tmp / "nope"), str(dev))
    assert gone.returncode == 2


# -- --manifest --------------------------------------------------------------------------------


def test_manifest_lists_each_accepted_case(tmp):
    out = tmp / "manifest.jsonl"
    records = [
        evalcase(),
        quality_case(synthetic=False, dataset_consent_ref="consent:1", source_hash="sha256:ab"),
        quality_case(case_id="bad", synthetic=False),
        review(),
        {"case_id": "x", "text": "t"},
    ]
    proc = run_cmd("cap-validate", "--manifest", str(out), stdin=jsonl(*records))
    assert proc.returncode == 1
    entries = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(e["id"], e["kind"]) for e in entries] == [
        ("placeholder.printf.001", "evalcase"),
        ("cap-med-001", "quality-case"),
    ]
    assert entries[1] == {
        "id": "cap-med-001",
        "kind": "quality-case",
        "profile": "cap-med/v1",
        "domain": "d",
        "synthetic": False,
        "consent_ref": "consent:1",
        "privacy_labels": ["synthetic"],
        "source_hash": "sha256:ab",
        "provenance_ref": None,
        "sha256": entries[1]["sha256"],
    }
    assert entries[1]["sha256"].startswith("sha256:") and len(entries[1]["sha256"]) == 71


def test_manifest_is_left_alone_when_the_run_fails_to_read(tmp):
    out = tmp / "manifest.jsonl"
    out.write_text("old\n")
    proc = run_cmd("cap-validate", "--manifest", str(out), str(tmp / "missing.jsonl"))
    assert proc.returncode == 2
    assert out.read_text() == "old\n"


# -- --check, secrets, the suite -----------------------------------------------------------------


def test_check_writes_nothing_but_reports(tmp):
    proc = run_cmd("cap-validate", "--check", stdin=jsonl(evalcase(), evalcase()))
    assert proc.stdout == b""
    assert proc.returncode == 1 and "id.duplicate" in proc.stderr.decode()


def test_secret_is_reported_by_field_and_kind_never_echoed():
    token = "ghp_" + "Q7x" * 12
    proc = run_cmd("cap-validate", stdin=jsonl(evalcase(references=["fine", f"tok {token}"])))
    assert proc.returncode == 1
    err = proc.stderr.decode()
    assert "error: secret.detected: /references/1 github_token" in err
    assert token not in err and proc.stdout == b""


def test_the_shipped_suite_validates_clean_with_its_lock_and_locked_split():
    suite = ROOT / "evals" / "i18n-prompt"
    files = sorted(str(p) for p in suite.glob("cases/*/*.jsonl"))
    proc = run_cmd(
        "cap-validate",
        "--check",
        "--lock",
        str(suite / "ids.lock.json"),
        "--locked",
        str(suite / "cases" / "locked"),
        *files,
    )
    assert proc.returncode == 0, proc.stderr.decode()
    assert len(stderr_lines(proc)) == 1, proc.stderr.decode()


def test_pre_commit_hook_definition_runs_cap_validate_on_jsonl():
    import yaml

    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    hook = next(h for h in hooks if h["id"] == "cap-validate")
    assert hook["language"] == "python"
    assert hook["entry"].split()[0] == "cap-validate"
    assert "--check" in hook["entry"].split()
    assert hook["files"] == r"\.jsonl$"
