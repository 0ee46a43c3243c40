"""Filters that read records without cap-validate in front refuse a record holding a
credential, as cap-validate would (``secret.detected``, the value never shown): so nothing
they write carries it, and nothing they write is refused by cap-validate downstream."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import ROOT, run_cmd

EXAMPLES = ROOT / "examples/domain_semantic_quality"
SECRETS = {
    "aws_access_key": "AKIAABCDEFGHIJKLMNOP",
    "github_token": "ghp_" + "aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5",
    "password_assignment": "password=hunter22x",
}


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def _write(path: Path, records: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def _shown(secret: str) -> bytes:
    return secret.split("=")[-1].encode()


@pytest.mark.parametrize("kind", sorted(SECRETS))
@pytest.mark.parametrize("side", ["msgid", "msgstr"])
def test_cap_import_writes_no_record_with_a_credential(tmp_path, kind, side):
    secret = SECRETS[kind]
    source, target = ("Key: " + secret, "Cle") if side == "msgid" else ("Key", "Cle " + secret)
    po = tmp_path / "fr.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\n'
        f'msgid "{source}"\nmsgstr "{target}"\n\n'
        'msgid "Hello"\nmsgstr "Bonjour"\n',
        encoding="utf-8",
    )
    candidates = tmp_path / "candidates.jsonl"
    done = run_cmd(
        "cap-import", "--provenance-kind", "synthetic", str(po), "--candidates", str(candidates)
    )
    assert b"secret.detected" in done.stderr and f"{po}:5:".encode() in done.stderr
    written = done.stdout + candidates.read_bytes()
    assert _shown(secret) not in written + done.stderr
    assert done.returncode == 1
    # the other message is imported, and what was written passes cap-validate
    assert b"Bonjour" in candidates.read_bytes()
    cases = len(done.stdout.splitlines())
    assert cases == (1 if side == "msgid" else 2)
    assert len(candidates.read_bytes().splitlines()) == 1
    assert run_cmd("cap-validate", "--check", stdin=done.stdout).returncode == 0
    assert run_cmd("cap-validate", "--check", str(candidates)).returncode == 0


def test_cap_aggregate_scores_refuses_a_review_and_an_adjudication_with_a_credential(tmp_path):
    secret = SECRETS["github_token"]
    reviews = _lines(EXAMPLES / "synthetic_reviewer_scores.jsonl")
    reviews[0]["notes"] = f"token {secret} pasted by mistake"
    adjudications = _lines(EXAMPLES / "synthetic_adjudications.jsonl")
    adjudications[0]["rationale"] = f"see {secret}"
    scores = _write(tmp_path / "scores.jsonl", reviews)
    adjudicated = _write(tmp_path / "adjudications.jsonl", adjudications)
    common = ["--cases", str(EXAMPLES / "cap_med_synthetic_cases.jsonl")]
    common += ["--roster", str(EXAMPLES / "roster.jsonl")]
    done = run_cmd(
        "cap-aggregate-scores", *common, "--adjudications", str(adjudicated), str(scores)
    )
    assert done.stderr.count(b"secret.detected") == 2, done.stderr.decode()
    assert b"scores.jsonl:1:" in done.stderr and b"adjudications.jsonl:1:" in done.stderr
    assert _shown(secret) not in done.stdout + done.stderr
    assert b'"kind":"run_summary"' in done.stdout


def test_cap_review_form_leaves_out_a_case_with_a_credential(tmp_path):
    secret = SECRETS["aws_access_key"]
    cases = _lines(EXAMPLES / "cap_med_synthetic_cases.jsonl")
    cases[0]["input_summary"] = f"Synthetic summary; the key {secret} was pasted."
    path = _write(tmp_path / "cases.jsonl", cases)
    roster = _lines(EXAMPLES / "roster.jsonl")
    reviewer = roster[0]["reviewer_id"]
    done = run_cmd(
        "cap-review-form", "--roster", str(EXAMPLES / "roster.jsonl"), "--reviewer", reviewer,
        str(path),
    )  # fmt: skip
    assert b"secret.detected" in done.stderr and b"cases.jsonl:1:" in done.stderr
    assert _shown(secret) not in done.stdout + done.stderr
    assert cases[0]["case_id"].encode() not in done.stdout
    assert cases[1]["case_id"].encode() in done.stdout or len(cases) == 1
