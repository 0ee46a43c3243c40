"""cap-validate over corpora: one invalid record per code, and a valid corpus passed byte-exact.

``tests/data/validate/invalid.jsonl`` is self-describing: each record that must be reported
carries ``"x-expect": [[code, JSON pointer], ...]`` (``x-`` keys are the declared extension
point, so the marker never changes a record's validity); records without it must produce no
diagnostic. The run uses every stream-wide option so each code can occur: ``--lock`` (built
here from the corpus), ``--locked``, ``--cases`` and ``--config``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from capeval.codes import DIAGNOSTIC_CODES
from capeval.validate.lock import meaning_hash

from conftest import ROOT, run_cmd

DATA = ROOT / "tests" / "data" / "validate"
INVALID = DATA / "invalid.jsonl"
VALID = DATA / "valid.jsonl"
LOCKED = DATA / "locked.jsonl"
CONFIG = DATA / "config.yaml"

# Codes the corpora cannot produce by a record, each covered elsewhere in the named test file.
ELSEWHERE = {
    "candidate.orphan": "cap-check, not cap-validate (test_check_engine_e2e.py)",
    "internal": "cap-check, not cap-validate (test_check_engine_e2e.py)",
    "adjudication.adjudicator_unknown": "cap-aggregate-scores, which has the roster "
    "(test_adjudication.py)",
    "adjudication.conflicted": "cap-aggregate-scores, which has the roster (test_adjudication.py)",
    "io.unreadable": "test_validate_e2e.py",
    "io.write_failed": "test_chassis_e2e.py",
    "io.input_changed": "cap-check, not cap-validate (attacks/test_attack_candidates_changed.py)",
    "review.lookalike": "cap-aggregate-scores (attacks/test_attack_identity.py)",
    "usage": "test_validate_e2e.py",
    "jsonl.invalid_json": "test_malformed_lines_are_reported_by_code_and_line below",
    "jsonl.invalid_utf8": "test_malformed_lines_are_reported_by_code_and_line below",
    "jsonl.not_object": "test_malformed_lines_are_reported_by_code_and_line below",
    "jsonl.too_long": "test_malformed_lines_are_reported_by_code_and_line below",
    "waiver.expired": "cap-render-report --waivers (test_report_formats.py)",
    "waiver.unused": "cap-render-report --waivers (test_report_formats.py)",
    **{
        code: "cap-import, not cap-validate (test_import.py: every catalog code in a golden case)"
        for code in DIAGNOSTIC_CODES
        if code.startswith("catalog.")
    },
    "jsonl.duplicate_key": "test_reliability_duplicate_keys.py (x-expect cannot mark it)",
    "follow_up.stale": "test_follow_ups.py (needs --cases hashes)",
    "review.superseded": "cap-aggregate-scores, which sees the re-review (test_follow_ups.py)",
    "follow_up.duplicate": "test_follow_ups.py",
    "assign.short": "cap-assign, which has the roster (test_assign.py)",
    "assign.dropped": "cap-assign, which has the roster (test_assign.py)",
    "completeness.inconsistent": "cap-render-report --completeness (golden cap-render-report/004)",
    "glossary.malformed": "cap-import --glossary (golden cap-import/glossary-csv)",
    "glossary.duplicate": "cap-import --glossary (goldens cap-import/glossary-csv, -jsonl)",
    **{
        code: "cap-fix, not cap-validate (golden cap-fix/002, test_fix.py)"
        for code in DIAGNOSTIC_CODES
        if code.startswith("fix.")
    },
}


def corpus_records() -> list[dict]:
    return [json.loads(line) for line in INVALID.read_text(encoding="utf-8").splitlines()]


def corpus_lock(path: Path) -> Path:
    """A lock holding every corpus case (first occurrence) except the two lock test ids."""
    lock: dict[str, str] = {}
    for record in corpus_records():
        if "schema_version" in record and isinstance(record.get("id"), str):
            lock.setdefault(record["id"], meaning_hash(record))
    del lock["corpus.unlocked.001"]
    lock["corpus.reused.001"] = "sha256:" + "0" * 64
    path.write_text(json.dumps(lock, sort_keys=True), encoding="utf-8")
    return path


def run_corpus(tmp: Path, corpus: Path, *extra: str):
    diagnostics = tmp / "diagnostics.jsonl"
    proc = run_cmd(
        "cap-validate",
        "--lock",
        str(corpus_lock(tmp / "ids.lock.json")),
        "--locked",
        str(LOCKED),
        "--cases",
        str(corpus),
        "--config",
        str(CONFIG),
        "--diagnostics",
        str(diagnostics),
        *extra,
        str(corpus),
    )
    found = [json.loads(line) for line in diagnostics.read_text(encoding="utf-8").splitlines()]
    return proc, found


@pytest.fixture(scope="module")
def invalid_run(tmp_path_factory):
    return run_corpus(tmp_path_factory.mktemp("corpus"), INVALID)


def test_every_record_reports_exactly_its_expected_codes_lines_and_paths(invalid_run):
    proc, found = invalid_run
    assert proc.returncode == 1
    got: dict[int, list[list]] = {}
    for diagnostic in found:
        assert diagnostic["file"] == str(INVALID)
        got.setdefault(diagnostic["line"], []).append([diagnostic["code"], diagnostic["path"]])
    for line_no, record in enumerate(corpus_records(), 1):
        expected = record.get("x-expect", [])
        assert sorted(got.get(line_no, []), key=str) == sorted(expected, key=str), (
            line_no,
            record,
        )


def test_records_pass_through_exactly_when_no_error_was_reported(invalid_run):
    proc, found = invalid_run
    lines = INVALID.read_bytes().splitlines(keepends=True)
    error_lines = {d["line"] for d in found if d["severity"] == "error"}
    expected = b"".join(line for n, line in enumerate(lines, 1) if n not in error_lines)
    assert proc.stdout == expected
    summary = proc.stderr.decode().splitlines()[-1]
    assert summary.startswith(
        f"cap-validate: {len(lines)} read, {len(lines) - len(error_lines)} valid, "
        f"{len(error_lines)} invalid"
    )


def test_severities_follow_the_code_table(invalid_run):
    _, found = invalid_run
    for diagnostic in found:
        code = diagnostic["code"]
        default = "error" if code.startswith("schema.") else DIAGNOSTIC_CODES[code][0]
        assert diagnostic["severity"] == default, diagnostic


def test_secret_values_are_never_echoed(invalid_run):
    proc, found = invalid_run
    secret = "AKIAIOSFODNN7EXAMPLE"
    assert secret not in proc.stderr.decode()
    assert all(secret not in json.dumps(d) for d in found)
    assert any(d["code"] == "secret.detected" and "aws_access_key" in d["message"] for d in found)


def test_the_corpora_cover_every_validate_code(invalid_run):
    _, found = invalid_run
    covered = {d["code"] for d in found}
    listed = {code for code in DIAGNOSTIC_CODES if code not in ELSEWHERE}
    assert listed <= covered, sorted(listed - covered)


def test_valid_corpus_passes_byte_identical(tmp):
    proc, found = run_corpus(tmp, VALID)
    assert found == [] or {d["code"] for d in found} == {"id.unlocked"}
    assert proc.returncode == 0, proc.stderr.decode()
    assert proc.stdout == VALID.read_bytes()


def test_valid_corpus_passes_without_any_option():
    proc = run_cmd("cap-validate", str(VALID), "--config", str(CONFIG))
    assert proc.returncode == 0, proc.stderr.decode()
    assert proc.stdout == VALID.read_bytes()
    assert proc.stderr.decode().splitlines() == ["cap-validate: 16 read, 16 valid, 0 invalid"]


@pytest.mark.parametrize(
    ("line", "code"),
    [
        (b'{"schema_version": 1,', "jsonl.invalid_json"),
        (b'{"id": "caf\xe9"}', "jsonl.invalid_utf8"),
        (b"[1, 2, 3]", "jsonl.not_object"),
        (b'{"x": "' + b"a" * 1200 + b'"}', "jsonl.too_long"),
    ],
)
def test_malformed_lines_are_reported_by_code_and_line(tmp, line, code):
    good = VALID.read_bytes().splitlines()[0]
    path = tmp / "mixed.jsonl"
    path.write_bytes(good + b"\n" + line + b"\n" + good.replace(b"001", b"009") + b"\n")
    proc = run_cmd("cap-validate", "--max-line-bytes", "1000", str(path))
    assert proc.returncode == 1
    first = proc.stderr.decode().splitlines()[0]
    assert first.startswith(f"cap-validate: {path}:2: error: {code}: "), first
    assert proc.stdout.count(b"\n") == 2
