"""Findings of imported cases point at the catalog line a person edits, in every CI format."""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conftest import ROOT, run_cmd

DJANGO = ROOT / "tests" / "data" / "catalogs" / "django"


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    work = tmp_path_factory.mktemp("locations")
    cases, candidates, results = work / "cases.jsonl", work / "c.jsonl", work / "r.jsonl"
    proc = run_cmd(
        "cap-import",
        "-q",
        "--provenance-kind",
        "synthetic",
        "tests/data/catalogs/django",
        "--candidates",
        str(candidates),
        cwd=ROOT,
    )
    cases.write_bytes(proc.stdout)
    check = run_cmd(
        "cap-check", "-q", "--exit-zero", "--candidates", str(candidates), str(cases), cwd=ROOT
    )
    results.write_bytes(check.stdout)
    assert b'"passed":false' in check.stdout
    return cases, candidates, results


def _report(imported, *options: str, cwd: Path = ROOT) -> str:
    cases, candidates, results = imported
    proc = run_cmd(
        "cap-render-report",
        "-q",
        "--cases",
        str(cases),
        "--candidates",
        str(candidates),
        *options,
        stdin=results.read_bytes(),
        cwd=cwd,
    )
    return proc.stdout.decode()


def _is_catalog_line(path: str, line: int, root: Path = ROOT) -> bool:
    text = (root / path).read_text(encoding="utf-8").splitlines()[line - 1]
    return text.startswith(("msgid", "msgstr", "msgctxt", "#", '"'))


def test_sarif_points_at_the_po_line(imported):
    results = json.loads(_report(imported, "--format", "sarif"))["runs"][0]["results"]
    assert results
    for result in results:
        physical = result["locations"][0]["physicalLocation"]
        uri, line = physical["artifactLocation"]["uri"], physical["region"]["startLine"]
        assert uri.startswith("tests/data/catalogs/django/") and uri.endswith(".po")
        assert _is_catalog_line(uri, line)


def test_github_rdjson_and_junit_point_at_the_po_line(imported):
    findings = ("::error", "::warning")
    annotations = [
        line for line in _report(imported, "--github").splitlines() if line.startswith(findings)
    ]
    assert annotations and all(".po,line=" in line for line in annotations)
    for line in _report(imported, "--format", "rdjsonl").splitlines():
        location = json.loads(line)["location"]
        assert location["path"].endswith(".po")
        assert _is_catalog_line(location["path"], location["range"]["start"]["line"])
    suites = ET.fromstring(_report(imported, "--format", "junit"))
    failing = [case for case in suites.iter("testcase") if case.find("failure") is not None]
    assert failing and all(case.get("file", "").endswith(".po") for case in failing)


def test_root_makes_the_paths_relative_to_the_repository(imported, tmp_path):
    # the report runs elsewhere; --root names the repository the catalogs are in
    cases, candidates, results = imported
    absolute = tmp_path / "cases.jsonl"
    absolute.write_text(
        "".join(
            json.dumps(
                {
                    **record,
                    "x-catalog": {
                        **record["x-catalog"],
                        "file_ref": os.path.join(ROOT, record["x-catalog"]["file_ref"]),
                    },
                }
            )
            + "\n"
            for record in map(json.loads, cases.read_text().splitlines())
        )
    )
    proc = run_cmd(
        "cap-render-report",
        "-q",
        "--github",
        "--cases",
        str(absolute),
        "--root",
        str(ROOT / "tests"),
        stdin=results.read_bytes(),
        cwd=tmp_path,
    )
    annotations = [
        line for line in proc.stdout.decode().splitlines() if line.startswith(("::error", "::w"))
    ]
    assert annotations and all("file=data/catalogs/django/" in line for line in annotations)


def test_markdown_drill_down_names_the_catalog_line(imported):
    assert "in the catalog `tests/data/catalogs/django/" in _report(imported)
