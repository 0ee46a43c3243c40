"""cap-consistency: groups of one source, their findings, and shards merged into one run."""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT, command, evalcase, jsonl, records, run_cmd

TOOL = "cap-consistency"
GOLDEN = ROOT / "tests/cases/cap-consistency/001"
CASES = (GOLDEN / "cases.jsonl").read_bytes()
CANDIDATES = (GOLDEN / "candidates.jsonl").read_bytes()


def _one_run(tmp: Path, cases: bytes, candidates: bytes, *options: str):
    path = tmp / "candidates.jsonl"
    path.write_bytes(candidates)
    return run_cmd(TOOL, "--candidates", str(path), *options, stdin=cases)


def test_normalisation():
    from capeval.consistency.normalise import MARKER, describe, normaliser

    default = normaliser(frozenset({"placeholders"}))
    assert default("  Save\t the   FILE ") == "save the file"
    assert default("Cafe\u0301") == default("Café")  # NFC first
    assert default("Delete %(name)s") != default("Delete {item}")
    masked = normaliser(frozenset())
    assert masked("Delete %(name)s") == masked("Delete {item}") == f"delete {MARKER}"
    assert masked("<b>Save</b> %d") == f"{MARKER}save{MARKER} {MARKER}"
    kept = normaliser(frozenset({"case", "whitespace", "placeholders"}))
    assert kept(" Save ") == " Save "
    assert describe(frozenset({"placeholders"})) == "case,whitespace"
    assert describe(frozenset({"case", "whitespace", "placeholders"})) == "none"


def test_members_are_bounded_and_counted(tmp):
    # 120 cases of one source: the group keeps 50 ids a translation and counts them all
    cases = jsonl(*(evalcase(id=f"c.{n:03d}", source="Save") for n in range(120)))
    candidates = jsonl(
        *(
            {"case_id": f"c.{n:03d}", "text": "Sauver" if n % 3 else "Enregistrer"}
            for n in range(120)
        )
    )
    proc = _one_run(tmp, cases.encode(), candidates.encode())
    assert proc.returncode == 0, proc.stderr
    (result,) = records(proc.stdout)
    assert result["code"] == "inconsistent_translation"
    sauver, enregistrer = result["evidence"]["translations"]
    assert (sauver["text"], sauver["count"], len(sauver["case_ids"])) == ("Sauver", 80, 50)
    assert (enregistrer["count"], len(enregistrer["case_ids"])) == (40, 40)
    assert sauver["case_ids"] == sorted(sauver["case_ids"]) and sauver["case_ids"][0] == "c.001"
    assert result["case_id"] == "c.000"  # a case of the rarer translation


def test_the_order_of_the_candidates_does_not_matter(tmp):
    one = _one_run(tmp, CASES, CANDIDATES)
    lines = CANDIDATES.splitlines(keepends=True)
    random.Random(7).shuffle(lines)
    shuffled = _one_run(tmp, CASES, b"".join(lines))
    assert one.returncode == shuffled.returncode == 0
    assert shuffled.stdout == one.stdout
    assert [r["code"] for r in records(one.stdout)] == [
        "inconsistent_translation",
        "inconsistent_translation",
        "reused_translation",
        "reused_translation",
    ]


def _merged(tmp: Path, cuts: list[int], *options: str):
    lines = CASES.splitlines(keepends=True)
    bounds = [0, *sorted(set(cuts)), len(lines)]
    partials = b""
    for start, end in zip(bounds, bounds[1:], strict=False):
        proc = _one_run(
            tmp, b"".join(lines[start:end]), CANDIDATES, "-q", "--partial", "--no-orphans", *options
        )
        assert proc.returncode == 0, proc.stderr
        partials += proc.stdout
    return run_cmd(TOOL, "--merge", *options, stdin=partials)


@settings(deadline=None, max_examples=25)
@given(st.lists(st.integers(min_value=1, max_value=14), max_size=6))
def test_shards_merged_equal_one_run(tmp_path_factory, cuts):
    tmp = tmp_path_factory.mktemp("shards")
    one = _one_run(tmp, CASES, CANDIDATES)
    merged = _merged(tmp, cuts)
    assert merged.returncode == one.returncode == 0
    assert merged.stdout == one.stdout


def test_merge_with_other_options_equals_one_run(tmp):
    options = ("--mask-placeholders", "--keep-case")
    one = _one_run(tmp, CASES, CANDIDATES, *options)
    assert _merged(tmp, [3, 9], *options).stdout == one.stdout


def test_merge_refuses_partials_normalised_otherwise(tmp):
    partial = _one_run(tmp, CASES, CANDIDATES, "-q", "--partial")
    merged = run_cmd(TOOL, "--merge", "--keep-case", stdin=partial.stdout)
    assert merged.returncode == 2
    assert b"usage:" in merged.stderr and b"'case,whitespace'" in merged.stderr


def test_usage_errors():
    for args in (
        ["--candidates", "x", "--merge"],
        ["--partial", "--merge"],
        ["--candidates", "x", "--severity", "soft"],
    ):
        proc = run_cmd(TOOL, *args)
        assert proc.returncode == 2 and b"usage:" in proc.stderr, args


def test_results_are_valid_assertion_results_for_the_next_filters(tmp):
    proc = _one_run(tmp, CASES, CANDIDATES)
    validated = run_cmd("cap-validate", "--exit-zero", stdin=proc.stdout)
    assert validated.returncode == 0, validated.stderr
    assert validated.stdout == proc.stdout
    report = run_cmd("cap-render-report", stdin=proc.stdout)
    assert report.returncode == 0, report.stderr
    assert b"inconsistent_translation" in report.stdout
    sarif = run_cmd("cap-render-report", "--format", "sarif", stdin=proc.stdout)
    assert sarif.returncode == 0, sarif.stderr
    assert b"One source translated several ways" in sarif.stdout  # the code's meaning


def test_pipeline_statuses_in_real_processes(tmp):
    candidates = tmp / "candidates.jsonl"
    candidates.write_bytes(CANDIDATES)
    tool = command(TOOL)
    # report findings: exit 0; hard findings: exit 1; in a pipeline; a failed write: exit 2
    shell = (
        f"{tool} -q --candidates {candidates} < {GOLDEN / 'cases.jsonl'} > /dev/null; echo $?; "
        f"{tool} -q --severity hard --candidates {candidates} "
        f"< {GOLDEN / 'cases.jsonl'} > /dev/null; echo $?; "
        f"cat {GOLDEN / 'cases.jsonl'} | {command('cap-validate')} -q "
        f"| {tool} -q --candidates {candidates} | head -c 10 > /dev/null; "
        'echo "${PIPESTATUS[2]}"; '
        f"{tool} -q --candidates {candidates} < {GOLDEN / 'cases.jsonl'} > /dev/full; echo $?"
    )
    proc = subprocess.run(["bash", "-c", shell], capture_output=True, timeout=60)
    assert proc.stdout.split() == [b"0", b"1", b"0", b"2"], proc.stderr
    assert b"Traceback" not in proc.stderr
    assert b"io.write_failed" in proc.stderr


def test_reuse_among_forms_of_one_word_is_not_reported_unless_strict(tmp):
    from capeval.consistency.groups import _unrelated

    assert not _unrelated(["jan", "jan.", "january"])
    assert not _unrelated(["field", "fields"])
    assert not _unrelated(["am", "a.m."])
    assert not _unrelated(["password change", "change password"])
    assert not _unrelated(["s", "t"])  # weekday initials
    assert _unrelated(["jul", "jun"])
    assert _unrelated(["name", "last name"])
    assert _unrelated(["jan", "january", "december"])

    ids = [f"m.{n}" for n in range(3)]
    sources = ["Jan", "January", "Jan."]
    cases = jsonl(*(evalcase(id=i, source=s) for i, s in zip(ids, sources, strict=True)))
    candidates = jsonl(*({"case_id": i, "text": "janvier"} for i in ids))
    assert _one_run(tmp, cases.encode(), candidates.encode()).stdout == b""
    strict = _one_run(tmp, cases.encode(), candidates.encode(), "--strict-reuse")
    (result,) = records(strict.stdout)
    assert result["code"] == "reused_translation"
    assert [s["source"] for s in result["evidence"]["sources"]] == ["Jan", "Jan.", "January"]
