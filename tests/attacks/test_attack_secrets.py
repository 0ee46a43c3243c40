"""Attacks on "never echo a secret": one redaction applied to values before any escaping, in
every place text leaves the program."""

from __future__ import annotations

import json

import pytest

from capeval.catalogs.plural_forms import PluralExpressionError, compile_expression
from capeval.secrets import redact

from conftest import ROOT, evalcase, jsonl, run_cmd

BODY = "aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5"  # 36 token characters
GITHUB = "ghp_" + BODY
GLUED_GITHUB = "x_ghp_" + BODY
# the tokens Markdown's escaping (github\_pat\_…, sk\_live\_…) once hid from the redaction
GITHUB_PAT = "github_pat_11" + BODY[:20] + "_" + BODY + "Qx7"
STRIPE_LIVE = "sk_live_" + BODY[:28]
GLUED_OPENAI = "mt-sk-proj-" + BODY + "Xy_-Q9"
JWT = (
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ."
    "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
)
PEM_BODY = ["MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7", "VJTUt9Us8cKjMzEfYyjiWA4R4"]
PEM = "-----BEGIN PRIVATE KEY-----\n" + "\n".join(PEM_BODY) + "\n-----END PRIVATE KEY-----"
# assignments glued to the words around them (a name's prefix, camelCase, a longer token)
GLUED_ASSIGNMENTS = {
    "db_password=hunter2secret": "hunter2secret",
    "connxAPI_KEY=Zq8vN3mX5pL2w": "Zq8vN3mX5pL2",
    "prodDbPassword=s3cr3tValue9": "s3cr3tValue9",
    "clientSecret=Tk9wQ2zR7yU4": "Tk9wQ2zR7yU4",
    "mypassword=Hx7kP2mQ9z": "Hx7kP2mQ9z",
}
# what must never appear, for each secret (a fragment that survives any escaping)
LEAKS = {
    GITHUB: [BODY[:12]],
    GLUED_GITHUB: [BODY[:12]],
    GLUED_OPENAI: [BODY[:12]],
    GITHUB_PAT: [BODY[:12]],
    STRIPE_LIVE: [BODY[:12]],
    JWT: ["SflKxwRJSMeKKF2QT4fw", "eyJzdWIiOiIxMjM0NTY3"],
    PEM: [PEM_BODY[0][:16], PEM_BODY[1][:16], "END PRIVATE KEY"],
    **{assignment: [value] for assignment, value in GLUED_ASSIGNMENTS.items()},
}
SECRETS = list(LEAKS)
FORMATS = ["markdown", "html", "github", "sarif", "junit", "rdjson", "rdjsonl"]


def _assert_clean(text: str, secrets=SECRETS) -> None:
    for secret in secrets:
        for fragment in LEAKS[secret]:
            assert fragment not in text, (fragment, text[:2000])


@pytest.mark.parametrize("secret", SECRETS)
def test_the_redactor_takes_the_whole_secret(secret):
    redacted = redact(f"see {secret} here", entropy=False)  # by its format
    assert "[redacted:" in redacted and redacted.endswith("] here"), redacted
    _assert_clean(redacted, [secret])


def _result(secret: str, **extra) -> dict:
    record = {
        "case_id": "case.one",
        "assertion": "placeholder_integrity",
        "passed": False,
        "severity": "hard",
        "code": "placeholder_missing",
        "message": f"missing {secret}",
        "evidence": {"expected": [secret], "actual": []},
    }
    record.update(extra)
    return record


@pytest.mark.parametrize("fmt", FORMATS)
def test_no_report_format_echoes_a_secret_of_its_input(fmt):
    results = [
        _result(secret, case_id=f"case.n{n}", system=f"sys {secret}")
        for n, secret in enumerate(SECRETS)
    ]
    done = run_cmd("cap-render-report", "--format", fmt, stdin=jsonl(*results))
    assert done.returncode in (0, 1), done.stderr
    assert done.stdout
    _assert_clean(done.stdout.decode() + done.stderr.decode())


def test_cap_check_never_writes_a_candidates_system_secret(tmp_path):
    candidates = tmp_path / "candidates.jsonl"
    case = evalcase()
    candidates.write_text(
        jsonl(*[{"case_id": case["id"], "text": "%s %d", "system": s} for s in SECRETS]),
        encoding="utf-8",
    )
    done = run_cmd("cap-check", "--candidates", str(candidates), stdin=jsonl(case))
    assert done.stdout
    _assert_clean(done.stdout.decode() + done.stderr.decode())
    # what it writes is still valid input for the next filter
    validated = run_cmd("cap-validate", "--kind", "result", stdin=done.stdout)
    assert validated.returncode == 0, validated.stderr


@pytest.mark.parametrize("secret", SECRETS)
def test_diagnostics_never_echo_a_secret(secret):
    # an unknown key is named in its diagnostic
    done = run_cmd("cap-validate", stdin=jsonl(evalcase(**{secret: 1})))
    assert done.returncode == 1
    _assert_clean(done.stderr.decode(), [secret])


def test_the_review_form_never_copies_a_secret_from_its_configuration(tmp_path):
    examples = ROOT / "examples" / "domain_semantic_quality"
    config = tmp_path / "config.yaml"
    config.write_text(
        "profiles:\n  cap-med/v1:\n"
        + "".join(f"    non_diagnostic_boundary: {json.dumps('focus ' + s)}\n" for s in SECRETS[:1])
        + "blocking_flags:\n"
        + "".join(f"  - {json.dumps('flag ' + s)}\n" for s in SECRETS[1:2])
        + "  - unsafe_advice\n",
        encoding="utf-8",
    )
    done = run_cmd(
        "cap-review-form",
        "--roster", str(examples / "roster.jsonl"),
        "--reviewer", "synthetic-med-reviewer-a",
        "--config", str(config),
        str(examples / "cap_med_synthetic_cases.jsonl"),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert b"[redacted:" in done.stdout
    _assert_clean(done.stdout.decode() + done.stderr.decode(), SECRETS[:2])


def test_a_plural_forms_error_quotes_no_fragment_of_a_key():
    key = "AKIAIOSFODNN7EXAMPLE"
    with pytest.raises(PluralExpressionError) as caught:
        compile_expression(f"n != 1 ? {key} : 0")
    assert "AKIA" not in str(caught.value) and "IOSFODNN" not in str(caught.value)
