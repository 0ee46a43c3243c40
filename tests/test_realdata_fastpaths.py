"""cap-check on the real translation pairs (../shared/realdata/pairs.jsonl.gz) with every fast
path on and then off: byte-identical results, diagnostics and status.

The property tests break each fast path with inputs built for it; this one runs them all
together on what translators actually wrote (printf, Python, ICU, fuzzy and mutated pairs in
six projects' languages), as a suite of cases with three assertions each, so the proven case
lines, the usual candidate blocks, the memos, the templates and the evidence shortcut all
meet real text. The data is read in place and never copied; the test skips when it is absent.
"""

from __future__ import annotations

import contextlib
import gzip
import json
from pathlib import Path

import orjson
import pytest

from capeval import candidates, case_reader, evidence, result_lines
from capeval.assertions import max_chars, number_fidelity, placeholder_integrity

from conftest import REALDATA_PAIRS, run_in_process

PAIRS = REALDATA_PAIRS
SYNTAX = {
    "printf": {"syntax": "printf"},
    "python": {"syntax": "python", "style": "percent"},
    "python-brace": {"syntax": "python", "style": "brace"},
    "icu": {"syntax": "icu"},
}
FAST_MODULES = (
    case_reader, candidates, evidence, result_lines, number_fidelity, placeholder_integrity,
    max_chars,
)  # fmt: skip


@contextlib.contextmanager
def fast_paths(enabled: bool):
    before = {module: module.FAST_PATHS for module in FAST_MODULES}
    for module in FAST_MODULES:
        module.FAST_PATHS = enabled
    try:
        yield
    finally:
        for module, value in before.items():
            module.FAST_PATHS = value


def _suite(tmp_path: Path) -> tuple[bytes, Path]:
    if not PAIRS.exists():
        pytest.skip(f"real data not present at {PAIRS}")
    cases, lines = [], []
    with gzip.open(PAIRS, "rb") as stream:
        for n, raw in enumerate(stream):
            pair = orjson.loads(raw)
            case_id = f"realdata.case.{n:05d}"
            cases.append(
                json.dumps(
                    {
                        "schema_version": 1,
                        "id": case_id,
                        "source_locale": "en",
                        "target_locale": pair["locale"].replace("_", "-"),
                        "domain": "software-ui",
                        "source": pair["source"],
                        "context": {"max_chars": 60},
                        "assertions": [
                            {
                                "name": "placeholder_integrity",
                                "severity": "hard",
                                "params": SYNTAX[pair["syntax"]],
                            },
                            {"name": "number_fidelity", "severity": "report"},
                            {"name": "max_chars", "severity": "report"},
                        ],
                        "provenance": {"kind": "synthetic", "license": "CC0-1.0"},
                    },
                    ensure_ascii=False,
                )
            )
            lines.append(json.dumps({"case_id": case_id, "text": pair["candidate"]}))
    path = tmp_path / "candidates.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return ("\n".join(cases) + "\n").encode("utf-8"), path


def test_real_pairs_check_the_same_with_and_without_the_fast_paths(tmp_path):
    cases, candidates_path = _suite(tmp_path)
    runs = []
    for enabled in (True, False):
        placeholder_integrity._OUTCOMES.clear()
        with fast_paths(enabled):
            done = run_in_process(
                "cap-check", ["--exit-zero", "--candidates", str(candidates_path)], cases
            )
        runs.append((done.returncode, done.stdout, done.stderr))
    fast, full = runs
    assert fast == full
    results = fast[1].count(b"\n")
    assert results == 3 * cases.count(b"\n")  # three results a pair, none dropped
    assert b'"passed":false' in fast[1] and b'"passed":true' in fast[1]
