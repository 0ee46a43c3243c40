"""Gwet's AC1/AC2 against published values, and the bootstrap intervals' contract."""

from __future__ import annotations

import json

import pytest

from capeval.scores.agreement import bootstrap_intervals, gwet_ac2, ordinal_weights

from conftest import ROOT, run_cmd

# irrCAC's cont3x3abstractors (two raters, 100 subjects; the package's overview vignette and
# Gwet's handbook): rows are rater 1's category, columns rater 2's.
ABSTRACTORS = [[13, 0, 0], [0, 20, 7], [0, 4, 56]]
# irrCAC's cac.raw4raters (12 subjects, 4 raters, missing ratings as None).
RAW4RATERS = [
    [1, 1, None, 1],
    [2, 2, 3, 2],
    [3, 3, 3, 3],
    [3, 3, 3, 3],
    [2, 2, 2, 2],
    [1, 2, 3, 4],
    [4, 4, 4, 4],
    [1, 1, 2, 1],
    [2, 2, 2, 2],
    [None, 5, 5, 5],
    [None, None, 1, 1],
    [None, None, 3, None],
]


def _abstractors():
    units = []
    for row, counts in enumerate(ABSTRACTORS, 1):
        for column, n in enumerate(counts, 1):
            units += [[row, column]] * n
    return units


def _raw4raters():
    return [[score for score in row if score is not None] for row in RAW4RATERS]


def _unweighted_ac1(units, domain):
    import numpy as np

    from capeval.scores.agreement import _ac2_of, _count_rows

    rows = np.array(_count_rows(units, domain), dtype=float)
    return round(_ac2_of(rows, np.eye(len(domain))), 4)


def test_ordinal_weights_are_gwets():
    # irrCAC's weighting vignette: ordinal.weights(1:3)
    assert [[round(w, 7) for w in row] for row in ordinal_weights(3)] == [
        [1.0, 0.6666667, 0.0],
        [0.6666667, 1.0, 0.6666667],
        [0.0, 0.6666667, 1.0],
    ]


@pytest.mark.parametrize(
    ("units", "domain", "ac1", "ac2"),
    [
        # AC1 as published by irrCAC (overview vignette: 0.8493305, 0.77544); AC2 with
        # ordinal weights as the irrCAC package computes it (0.92519, 0.89894)
        (_abstractors(), [1, 2, 3], 0.8493, 0.9252),
        (_raw4raters(), [1, 2, 3, 4, 5], 0.7754, 0.8989),
    ],
)
def test_gwet_matches_published_values(units, domain, ac1, ac2):
    assert _unweighted_ac1(units, domain) == ac1
    assert gwet_ac2(units, domain) == ac2


def test_ac2_undefined_without_a_unit_scored_twice():
    assert gwet_ac2([[3], [4]], [1, 2, 3, 4, 5]) is None
    assert gwet_ac2([], [1, 2, 3, 4, 5]) is None


def test_bootstrap_intervals_are_deterministic_and_hold_the_estimate():
    units = _abstractors()
    first = bootstrap_intervals(units, [1, 2, 3])
    assert first == bootstrap_intervals(units, [1, 2, 3])
    low, high = first["ac2"]
    assert low <= gwet_ac2(units, [1, 2, 3]) <= high
    pooled = [score for unit in units for score in unit]
    low, high = first["mean"]
    assert low <= sum(pooled) / len(pooled) <= high


def test_partial_and_merge_give_the_intervals_of_one_run(tmp_path):
    ex = ROOT / "examples" / "domain_semantic_quality"
    cases, reviews = ex / "cap_med_synthetic_cases.jsonl", ex / "synthetic_reviewer_scores.jsonl"
    whole = run_cmd("cap-aggregate-scores", "--exit-zero", "--cases", str(cases), str(reviews))
    lines = reviews.read_bytes().splitlines(keepends=True)
    parts = []
    for index, shard in enumerate((lines[::2], lines[1::2])):
        path = tmp_path / f"shard{index}.jsonl"
        path.write_bytes(b"".join(shard))
        proc = run_cmd("cap-aggregate-scores", "--partial", "--cases", str(cases), str(path))
        parts.append(proc.stdout)
    merged = run_cmd(
        "cap-aggregate-scores",
        "--exit-zero",
        "--merge",
        "--cases",
        str(cases),
        stdin=b"".join(parts),
    )
    assert merged.stdout == whole.stdout
    summary = json.loads(whole.stdout.splitlines()[-1])
    assert all("ac2_ci" in value for value in summary["criteria"].values())
