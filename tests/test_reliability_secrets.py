"""Secrets never echoed (issue 11): a value the secret scan flags appears in no diagnostic,
on stderr or in the --diagnostics file, whichever rule quotes it."""

from __future__ import annotations

import pytest

from capeval.secrets import redact, secret_values

from conftest import evalcase, jsonl, run_cmd

SECRETS = {
    "aws_access_key": "AKIAABCDEFGHIJKLMNOP",
    "github_token": "ghp_" + "aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5",
    "password_assignment": "password=hunter22x",
    "high_entropy": "Zx8Qw2Lp9Rt4Yu7Io3Pa6Sd1Fg5Hj0KlMn",
}


def _placements(secret: str) -> dict[str, tuple[str, dict]]:
    review = {
        "case_id": "q1",
        "reviewer_id": "r1",
        "reviewer_role": "domain_reviewer",
        "synthetic": True,
        "scores": {},
        "blocking_flags": [secret],
    }
    with_key = evalcase()
    with_key[secret] = 1
    return {
        "locale": ("evalcase", evalcase(target_locale=secret)),
        "license": ("evalcase", evalcase(provenance={"kind": "synthetic", "license": secret})),
        "unknown_key": ("evalcase", with_key),
        "blocking_flag": ("review", review),
        "enum": ("evalcase", evalcase(difficulty=secret)),
        "case_id": ("evalcase", evalcase(id=secret)),
    }


@pytest.mark.parametrize("kind", sorted(SECRETS))
@pytest.mark.parametrize(
    "place", ["locale", "license", "unknown_key", "blocking_flag", "enum", "case_id"]
)
def test_no_diagnostic_echoes_a_secret(tmp_path, kind, place):
    secret = SECRETS[kind]
    record_kind, record = _placements(secret)[place]
    diagnostics = tmp_path / "diagnostics.jsonl"
    done = run_cmd(
        "cap-validate", "--kind", record_kind, "--diagnostics", str(diagnostics),
        stdin=jsonl(record),
    )  # fmt: skip
    assert done.returncode == 1
    written = done.stderr + diagnostics.read_bytes()
    value = secret.split("=")[-1]
    assert value.encode() not in written, written.decode()


def test_redact_replaces_each_credential_by_its_kind():
    text = f"a {SECRETS['aws_access_key']} b {SECRETS['github_token']} c"
    assert redact(text) == "a [redacted:aws_access_key] b [redacted:github_token] c"
    assert redact("nothing here %s {0}") == "nothing here %s {0}"
    assert [kind for _, kind in secret_values(text)] == ["aws_access_key", "github_token"]


def test_a_report_never_shows_a_credential_from_results_made_elsewhere():
    key = SECRETS["aws_access_key"]
    result = {"case_id": "a.b", "assertion": "max_chars", "passed": False, "severity": "hard",
              "code": "max_chars_exceeded", "message": f"too long: {key}",
              "evidence": {"text": key}}  # fmt: skip
    for options in ([], ["--html"], ["--github"]):
        done = run_cmd("cap-render-report", "--exit-zero", *options, stdin=jsonl(result))
        assert done.returncode == 0, done.stderr
        assert key.encode() not in done.stdout and key.encode() not in done.stderr
        assert b"[redacted:aws_access_key]" in done.stdout


@pytest.mark.parametrize(
    "identifier",
    [
        "MyApplicationSettingsPage2024Version",
        "src/components/UserProfile2/AvatarUpload.tsx",
        "components/CheckoutForm/PaymentStep3/CardDetails",
        "docs/api/v2/endpoints/UserAccountSettings.md",
    ],
)
def test_identifiers_and_mixed_case_paths_are_not_high_entropy_tokens(identifier):
    from capeval.secrets import is_high_entropy_token, value_secret_kind

    assert not is_high_entropy_token(identifier)
    assert value_secret_kind(identifier) is None


def test_random_tokens_stay_high_entropy_tokens():
    # the word rule must not open a hole: random base64 of token length is still caught
    import random
    import string

    from capeval.secrets import is_high_entropy_token, shannon_bits

    rng = random.Random(20261201)
    alphabet = string.ascii_letters + string.digits + "+/"
    tokens = [
        "".join(rng.choice(alphabet) for _ in range(rng.randint(32, 64))) for _ in range(20000)
    ]
    entropic = [t for t in tokens if shannon_bits(t) >= 4.0 and any(c.isdigit() for c in t)]
    missed = [t for t in entropic if not is_high_entropy_token(t)]
    assert len(entropic) > 19000 and len(missed) <= 5, missed
