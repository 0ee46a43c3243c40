"""Attacks on what a person sees: control and bidi characters in CI logs, a template that
includes a file outside its folder, pipelines that hide a failed first stage, an empty
report that looks like a clean run."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest

from conftest import ROOT, evalcase, jsonl, run_cmd

HOSTILE = "ok\x1b[2J\x1b]0;pwned\x07 \u202eevil\u202c \u2066x\u2069 \u200f \x85end"
RAW = ["\x1b", "\x07", "\u202e", "\u202c", "\u2066", "\u2069", "\u200f", "\x85"]


def _result(**extra) -> dict:
    record = {
        "case_id": "case.one",
        "assertion": "placeholder_integrity",
        "passed": False,
        "severity": "hard",
        "code": "placeholder_missing",
        "message": f"missing {HOSTILE}",
        "evidence": {"expected": [HOSTILE], "actual": []},
        "system": f"sys {HOSTILE}",
    }
    record.update(extra)
    return record


@pytest.mark.parametrize("fmt", ["github", "sarif", "junit", "rdjson", "rdjsonl"])
def test_ci_formats_never_carry_raw_controls_or_bidi(fmt):
    done = run_cmd("cap-render-report", "--format", fmt, stdin=jsonl(_result()))
    assert done.returncode in (0, 1), done.stderr
    text = done.stdout.decode()
    assert text
    for char in RAW:
        assert char not in text, (repr(char), text[:800])
    assert "\\u202e" in text or "\\\\u202e" in text  # shown, not dropped


def test_a_template_include_cannot_follow_a_symlink_out_of_its_folder(tmp_path):
    secret = tmp_path / "outside.txt"
    secret.write_text("TOP-SECRET-OUTSIDE", encoding="utf-8")
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "leak.txt").symlink_to(secret)
    (folder / "report.md").write_text("{% include 'leak.txt' %}\n", encoding="utf-8")
    done = run_cmd(
        "cap-render-report", "--template", str(folder / "report.md"),
        stdin=jsonl(_result(message="m", evidence={}, system="s")),
    )  # fmt: skip
    assert b"TOP-SECRET-OUTSIDE" not in done.stdout + done.stderr
    assert done.returncode == 2 and b"usage" in done.stderr


def test_a_template_include_of_a_real_file_beside_it_still_works(tmp_path):
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "part.txt").write_text("PART {{ totals.results }}", encoding="utf-8")
    (folder / "report.md").write_text("{% include 'part.txt' %}\n", encoding="utf-8")
    done = run_cmd(
        "cap-render-report", "--template", str(folder / "report.md"),
        stdin=jsonl(_result(message="m", evidence={}, system="s")),
    )  # fmt: skip
    assert done.stdout.startswith(b"PART 1"), done.stderr


def _fenced_blocks(text: str):
    return re.findall(r"^```(?:sh|bash|shell|console)?\n(.*?)^```", text, re.M | re.S)


def test_every_documented_pipeline_sets_pipefail():
    missing = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for block in _fenced_blocks(path.read_text(encoding="utf-8")):
            code = [line for line in block.splitlines() if not line.lstrip().startswith("#")]
            piped = any(re.search(r"\|\s*(?:\\\n\s*)?cap-", line) for line in code) or any(
                line.lstrip().startswith("| cap-") for line in code
            )
            if piped and "set -o pipefail" not in block:
                missing.append(f"{path.name}: {block.splitlines()[0][:60]}")
    assert not missing, missing


@pytest.mark.parametrize("stdin", [b"", b"\n"])
def test_a_report_of_empty_input_says_so(stdin):
    done = run_cmd("cap-render-report", stdin=stdin)
    assert done.returncode == 1, done.stderr
    assert b"no records" in done.stdout.lower()
    assert b"no records" in done.stderr.lower()


def test_one_reviewer_under_look_alike_ids_is_one_reviewer(tmp_path):
    import json as json_module

    examples = ROOT / "examples" / "domain_semantic_quality"
    first = json_module.loads(
        (examples / "synthetic_reviewer_scores.jsonl").read_text(encoding="utf-8").splitlines()[0]
    )
    variants = ["r-\u00e9", "r-e\u0301", "\uff52-\u00e9", "r-\u00e9 ", "r-\u200b\u00e9", "R-\u00e9"]
    reviews = [{**first, "reviewer_id": variant} for variant in variants]
    done = run_cmd(
        "cap-aggregate-scores", "--cases", str(examples / "cap_med_synthetic_cases.jsonl"),
        stdin=jsonl(*reviews),
    )  # fmt: skip
    err = done.stderr.decode()
    assert "Traceback" not in err
    verdicts = [json_module.loads(line) for line in done.stdout.decode().splitlines()]
    (verdict,) = [
        v for v in verdicts if v.get("kind") == "case_verdict" and v["case_id"] == first["case_id"]
    ]
    assert verdict["reviewers"] == ["r-\u00e9"], verdict["reviewers"]
    assert verdict["status"] != "pass"  # one reviewer of the two needed
    # the NFD spelling is the same id; the others are look-alikes, each reported
    assert err.count("review.duplicate") == 1, err
    assert err.count("review.lookalike") == 4, err


NFC_NAME, NFD_NAME = "caf\u00e9", "cafe\u0301"


@pytest.mark.parametrize(
    ("syntax", "source", "candidate"),
    [
        ("python", "Hello {%s}!", "Bonjour {%s} !"),
        ("python", "Hello %%(%s)s!", "Bonjour %%(%s)s !"),
        ("icu", "Hello {%s}!", "Bonjour {%s} !"),
        ("auto", "Hello {%s}!", "Bonjour {%s} !"),
    ],
)
@pytest.mark.parametrize("names", [(NFC_NAME, NFD_NAME), (NFD_NAME, NFC_NAME)])
def test_placeholder_names_in_nfc_and_nfd_are_different_names(syntax, source, candidate, names):
    # str.format, printf, ICU and i18next do not normalise names: "{café}" typed with a
    # combining accent raises KeyError against format(café=...) at run time
    source_name, candidate_name = names
    source_text, candidate_text = source % source_name, candidate % candidate_name
    if syntax == "python" and "{" in source_text:
        with pytest.raises(KeyError):
            candidate_text.format(**{source_name: "Ana"})
    case = evalcase(
        id="nfd.name.001",
        source=source_text,
        assertions=[
            {"name": "placeholder_integrity", "severity": "hard", "params": {"syntax": syntax}}
        ],
    )
    result = _check_one(case, candidate_text)
    assert result["passed"] is False, result
    assert result["evidence"]["unicode_forms_differ"] is True
    assert "Unicode form" in result["message"]


def test_text_around_placeholders_may_differ_in_unicode_form():
    case = evalcase(
        id="nfd.text.001",
        source=f"{NFC_NAME} {{name}}",
        assertions=[
            {"name": "placeholder_integrity", "severity": "hard", "params": {"syntax": "python"}}
        ],
    )
    assert _check_one(case, f"{NFD_NAME} {{name}}")["passed"] is True


def _check_one(case: dict, text: str) -> dict:
    import json as json_module

    with tempfile.TemporaryDirectory() as folder:
        candidates = Path(folder) / "candidates.jsonl"
        candidates.write_text(jsonl({"case_id": case["id"], "text": text}), encoding="utf-8")
        done = run_cmd(
            "cap-check", "--exit-zero", "--candidates", str(candidates), stdin=jsonl(case)
        )
    assert done.returncode == 0, done.stderr
    (result,) = [json_module.loads(line) for line in done.stdout.decode().splitlines()]
    return result
