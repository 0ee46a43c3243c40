"""cap-aggregate-scores --partial / --merge: shards merged give the bytes of one run (SPEC §12)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT, records, run_cmd

TOOL = "cap-aggregate-scores"
EXAMPLES = ROOT / "examples/domain_semantic_quality"
SCORES = EXAMPLES / "synthetic_reviewer_scores.jsonl"
ROSTER = EXAMPLES / "roster.jsonl"


def side_options(case_file: str, roster: bool) -> list[str]:
    options = ["--cases", str(EXAMPLES / case_file)]
    return options + (["--roster", str(ROSTER)] if roster else [])


def split_into_shards(scores: Path, tmp: Path, lines_per_shard: int) -> list[Path]:
    # the real `split`, as a user of a map/reduce pipeline would
    subprocess.run(
        ["split", "-l", str(lines_per_shard), str(scores), str(tmp / "shard-")], check=True
    )
    return sorted(tmp.glob("shard-*"))


def partials(shards: list[Path], options: list[str], tmp: Path) -> list[Path]:
    outputs = []
    for shard in shards:
        proc = run_cmd(TOOL, "--partial", *options, str(shard))
        assert proc.returncode == 0, proc.stderr
        out = tmp / f"{shard.name}.partial.jsonl"
        out.write_bytes(proc.stdout)
        outputs.append(out)
    return outputs


@pytest.mark.parametrize(
    ("case_file", "roster", "lines_per_shard"),
    [
        ("cap_med_synthetic_cases.jsonl", False, 7),
        ("cap_swe_synthetic_cases.jsonl", True, 5),
    ],
)
def test_merged_shards_equal_one_run(tmp, case_file, roster, lines_per_shard):
    options = side_options(case_file, roster)
    one = run_cmd(TOOL, *options, str(SCORES))
    assert one.returncode == 0, one.stderr
    shards = split_into_shards(SCORES, tmp, lines_per_shard)
    assert len(shards) >= 5
    outputs = partials(shards, options, tmp)

    merged = run_cmd(TOOL, "--merge", *options, *map(str, outputs))
    assert merged.returncode == 0, merged.stderr
    assert merged.stdout == one.stdout
    # shards may arrive in any order (a reduce step does not promise one)
    shuffled = run_cmd(TOOL, "--merge", *options, *map(str, reversed(outputs)))
    assert shuffled.stdout == one.stdout
    # and through a pipe, as the seed's document
    piped = run_cmd(
        TOOL,
        "--merge",
        "--format",
        "json",
        *options,
        stdin=b"".join(path.read_bytes() for path in outputs),
    )
    document = run_cmd(TOOL, "--format", "json", *options, str(SCORES))
    assert piped.stdout == document.stdout


def test_partial_records_carry_raw_scores_and_skip_counts(tmp):
    options = side_options("cap_med_synthetic_cases.jsonl", False)
    proc = run_cmd(TOOL, "--partial", *options, str(SCORES))
    assert proc.returncode == 0, proc.stderr
    found = records(proc.stdout)
    assert all(r["kind"] == "partial" for r in found)
    assert found[-1] == {"kind": "partial", "skipped_reviews": 20}
    first = json.loads(SCORES.read_text(encoding="utf-8").splitlines()[0])
    assert found[0] == {
        "kind": "partial",
        "case_id": first["case_id"],
        "reviewer_id": first["reviewer_id"],
        "synthetic": first["synthetic"],
        "scores": first["scores"],
        "blocking_flags": first["blocking_flags"],
    }
    assert len(found) == 1 + 19


def test_duplicates_across_shards_are_found_at_the_merge(tmp):
    # the second shard repeats a review of the first with other scores: the first counts
    lines = SCORES.read_text(encoding="utf-8").splitlines(keepends=True)
    repeated = json.loads(lines[0])
    repeated["scores"] = {key: 1 for key in repeated["scores"]}
    all_reviews = tmp / "all.jsonl"
    all_reviews.write_text("".join(lines) + json.dumps(repeated) + "\n", encoding="utf-8")
    options = side_options("cap_med_synthetic_cases.jsonl", False)

    one = run_cmd(TOOL, *options, str(all_reviews))
    assert one.returncode == 1
    assert "review.duplicate" in one.stderr.decode()
    shards = split_into_shards(all_reviews, tmp, 20)
    outputs = partials(shards, options, tmp)
    merged = run_cmd(TOOL, "--merge", *options, *map(str, outputs))
    assert merged.returncode == 1
    assert "review.duplicate" in merged.stderr.decode()
    assert merged.stdout == one.stdout


def test_merge_reports_records_that_are_not_partials(tmp):
    options = side_options("cap_med_synthetic_cases.jsonl", False)
    review = SCORES.read_text(encoding="utf-8").splitlines()[0]
    bad = '{"kind":"partial","skipped_reviews":-1}'
    proc = run_cmd(TOOL, "--merge", *options, stdin=f"{review}\n{bad}\n")
    assert proc.returncode == 1
    err = proc.stderr.decode()
    assert "<stdin>:1: cap-med-example-001: error: kind.unknown" in err
    assert "<stdin>:2: error: schema.type: /skipped_reviews" in err
    assert records(proc.stdout)[-1]["kind"] == "run_summary"
