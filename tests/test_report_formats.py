"""cap-render-report's CI formats, regression gate, waivers, platform limits and budgets.

Machine formats are validated against the formats' published schemas, shipped in
tests/data/report-schemas/ with their licences (see the README there).
"""

from __future__ import annotations

import itertools
import json
import math
import os
import re
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval.report import palette, render
from capeval.report.formats import github as github_format
from capeval.report.formats.documents import within_budget

from conftest import ROOT, evalcase, jsonl, records, run_cmd

TOOL = "cap-render-report"
SCHEMAS = ROOT / "tests" / "data" / "report-schemas"
TODAY = "2026-12-01"


def case(case_id: str, source: str, assertions: list[dict], **extra) -> dict:
    return evalcase(
        id=case_id,
        source_locale="en-US",
        target_locale="fr-FR",
        domain="shop",
        source=source,
        assertions=assertions,
        **extra,
    )


@pytest.fixture(scope="module")
def run_files(tmp_path_factory) -> dict[str, Path]:
    """Cases, candidates and the results cap-check gives for them (real commands), a
    baseline in which one of today's failures passed, and a waivers file with one live, one
    unused and one expired waiver."""
    tmp = tmp_path_factory.mktemp("run")
    cases = tmp / "cases.jsonl"
    cases.write_text(
        jsonl(
            case(
                "num.price.001",
                "Pay 1,250 coins for %s",
                [
                    {"name": "number_fidelity", "severity": "hard"},
                    {
                        "name": "placeholder_integrity",
                        "severity": "hard",
                        "params": {"syntax": "printf"},
                    },
                ],
                tags=["price"],
            ),
            case(
                "num.count.001",
                "You have 3 new\u200f messages",
                [
                    {"name": "number_fidelity", "severity": "report"},
                    {"name": "max_chars", "severity": "report", "params": {}},
                ],
                context={"max_chars": 12},
            ),
        ),
        encoding="utf-8",
    )
    candidates = tmp / "candidates.jsonl"
    candidates.write_text(
        jsonl(
            {"case_id": "num.price.001", "text": "Payez 1,25 pièces pour %d", "system": "m1"},
            {
                "case_id": "num.count.001",
                "text": "Vous avez 4 nouveaux\u200f messages",
                "system": "m1",
            },
        ),
        encoding="utf-8",
    )
    checked = run_cmd(
        "cap-check", "-q", "--exit-zero", "--candidates", str(candidates), stdin=cases.read_bytes()
    )
    results = tmp / "results.jsonl"
    results.write_bytes(checked.stdout)
    found = records(checked.stdout)
    assert [r["code"] for r in found] == [
        "number_mutated",
        "placeholder_mutated",
        "number_mutated",
        "max_chars_exceeded",
    ]
    baseline = tmp / "baseline.jsonl"
    passed_before = {**found[0], "passed": True, "code": "ok", "evidence": {}}
    baseline.write_text(jsonl(passed_before, found[2]), encoding="utf-8")
    waivers = tmp / "waivers.jsonl"
    waivers.write_text(
        jsonl(
            {
                "case_id": "num.count.001",
                "assertion": "max_chars",
                "reason": "layout widened in 2.3",
                "owner": "ana",
                "expires": "2027-01-31",
            },
            {
                "case_id": "num.count.001",
                "assertion": "number_fidelity",
                "system": "m9",
                "reason": "old",
                "owner": "bo",
                "expires": "2027-01-31",
            },
            {
                "case_id": "num.price.001",
                "assertion": "placeholder_integrity",
                "reason": "tracked",
                "owner": "cy",
                "expires": "2026-01-31",
            },
        ),
        encoding="utf-8",
    )
    return {
        "cases": cases,
        "candidates": candidates,
        "results": results,
        "baseline": baseline,
        "waivers": waivers,
    }


@pytest.fixture
def render_with_all(run_files):
    """cap-render-report on run_files with every side file, from their folder."""

    def call(_files: dict[str, Path], *args: str):
        return run_cmd(
            TOOL,
            "--cases",
            str(run_files["cases"]),
            "--candidates",
            str(run_files["candidates"]),
            "--baseline",
            str(run_files["baseline"]),
            "--waivers",
            str(run_files["waivers"]),
            "--today",
            TODAY,
            *args,
            str(run_files["results"]),
            cwd=run_files["cases"].parent,
        )

    return call


def schema(name: str) -> dict:
    return json.loads((SCHEMAS / name).read_text(encoding="utf-8"))


# -- SARIF -----------------------------------------------------------------------------------
def test_sarif_is_valid_and_carries_rules_locations_fingerprints_fixes(run_files, render_with_all):
    proc = render_with_all(run_files, "--format", "sarif")
    assert proc.returncode == 1  # one regression and one new failure: the default gate fails
    log = json.loads(proc.stdout)
    jsonschema.Draft4Validator(schema("sarif-schema-2.1.0.json")).validate(log)
    run = log["runs"][0]
    rule_ids = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    assert all(rule["help"]["text"] for rule in run["tool"]["driver"]["rules"])
    results = run["results"]
    assert [r["ruleId"] for r in results] == [
        "number_mutated",
        "placeholder_mutated",
        "number_mutated",
        "max_chars_exceeded",
        "waiver.unused",
        "waiver.expired",
    ]
    assert all(rule_ids[r["ruleIndex"]] == r["ruleId"] for r in results)
    first = results[0]
    assert first["level"] == "error" and first["baselineState"] == "new"
    location = first["locations"][0]["physicalLocation"]
    assert location == {"artifactLocation": {"uri": "cases.jsonl"}, "region": {"startLine": 1}}
    change = first["fixes"][0]["artifactChanges"][0]
    assert change["artifactLocation"]["uri"] == "candidates.jsonl"
    replacement = change["replacements"][0]
    assert replacement["deletedRegion"] == {"startLine": 1}
    fixed = json.loads(replacement["insertedContent"]["text"])
    assert fixed == {
        "case_id": "num.price.001",
        "text": "Payez 1,250 pièces pour %d",
        "system": "m1",
    }
    assert results[2]["baselineState"] == "unchanged" and results[2]["level"] == "warning"
    # the waived result is suppressed, with the waiver's reason and owner
    suppression = results[3]["suppressions"][0]
    assert suppression["status"] == "accepted" and "ana" in suppression["justification"]
    assert "suppressions" not in results[1]  # an expired waiver waives nothing
    # fingerprints: stable across runs, distinct per result
    again = json.loads(render_with_all(run_files, "--format", "sarif").stdout)
    prints = [r["partialFingerprints"] for r in results]
    assert prints == [r["partialFingerprints"] for r in again["runs"][0]["results"]]
    assert len({json.dumps(p) for p in prints}) == len(prints)


def test_a_fix_is_offered_only_when_unambiguous(tmp):
    from capeval.report.suggestions import fixed_text, suggestion

    mutated = suggestion(
        "placeholder_integrity",
        "placeholder_mutated",
        {"mutated": [["{count, plural}", "{count, pluriel, one {# f} other {# fs}}"]]},
    )
    # the evidence's summary form is not source text: never pasted in
    assert (
        mutated is not None
        and fixed_text(
            "{count, pluriel, one {# f} other {# fs}}",
            "{count, plural, one {# f} other {# fs}}",
            mutated["replacements"],
        )
        is None
    )
    twice = suggestion(
        "number_fidelity", "number_mutated", {"mutated": [{"expected": "3", "actual": "4"}]}
    )
    assert fixed_text("4 and 4", "3 and 4", twice["replacements"]) is None
    assert fixed_text("only 4", "only 3", twice["replacements"]) == "only 3"
    missing = suggestion(
        "required_tokens", "required_token_missing", {"missing": [{"token": "GitHub"}]}
    )
    assert missing == {"description": "add the required token(s) GitHub", "replacements": []}
    assert suggestion("max_chars", "max_chars_exceeded", {"length": 9}) is None


# -- JUnit -----------------------------------------------------------------------------------
def test_junit_is_valid_against_the_jenkins_schema(run_files, render_with_all):
    import xml.etree.ElementTree as ET

    import xmlschema

    proc = render_with_all(run_files, "--format", "junit")
    xsd = xmlschema.XMLSchema(str(SCHEMAS / "junit-10.xsd"))
    xsd.validate(proc.stdout.decode())
    root = ET.fromstring(proc.stdout)
    cases = root.findall(".//testcase")
    # one test case per case x system x assertion, plus one per waiver finding
    assert len(cases) == 4 + 2
    assert root.get("tests") == "6" and root.get("failures") == "5"
    skipped = root.find(".//testcase[@classname='max_chars']/skipped")
    assert skipped is not None and "ana" in skipped.get("message")
    failure = root.find(".//testcase[@classname='placeholder_integrity']/failure")
    assert failure.get("type") == "placeholder_mutated"
    assert "evidence:" in failure.text and failure.get("message").startswith("new failure:")


def test_junit_lists_passing_results_and_survives_control_characters(tmp):
    import xml.etree.ElementTree as ET

    import xmlschema

    results = jsonl(
        result_record("a.b.001", True),
        result_record("a.b.002", False, message="bad \x01 byte and \ufffe"),
    )
    proc = run_cmd(TOOL, "--format", "junit", stdin=results)
    assert proc.returncode == 0, proc.stderr
    xmlschema.XMLSchema(str(SCHEMAS / "junit-10.xsd")).validate(proc.stdout.decode())
    root = ET.fromstring(proc.stdout)
    assert [c.get("name") for c in root.iter("testcase")] == ["a.b.001", "a.b.002"]
    assert "\\u0001" in root.find(".//failure").get("message")


def result_record(case_id: str, passed: bool, *, severity="hard", code=None, **extra) -> dict:
    record = {
        "case_id": case_id,
        "assertion": "max_chars",
        "passed": passed,
        "severity": severity,
        "code": "ok" if passed else (code or "max_chars_exceeded"),
        "message": "ok" if passed else "too long",
        "evidence": {} if passed else {"length": 9, "limit": 8, "unit": "graphemes"},
    }
    record.update(extra)
    return record


# -- reviewdog -------------------------------------------------------------------------------
def test_rdjson_and_rdjsonl_are_valid_with_suggestions(run_files, render_with_all):
    document = json.loads(render_with_all(run_files, "--format", "rdjson").stdout)
    jsonschema.Draft4Validator(schema("rdjson-DiagnosticResult.json")).validate(document)
    lines = render_with_all(run_files, "--format", "rdjsonl").stdout.decode().splitlines()
    diagnostic_schema = jsonschema.Draft4Validator(schema("rdjsonl-Diagnostic.json"))
    for line in lines:
        diagnostic_schema.validate(json.loads(line))
    assert [json.loads(line) for line in lines] == document["diagnostics"]
    first = document["diagnostics"][0]
    # the diagnostic sits on the line its suggestion edits; the case is a related location
    assert first["location"] == {"path": "candidates.jsonl", "range": {"start": {"line": 1}}}
    assert first["related_locations"][0]["location"]["path"] == "cases.jsonl"
    assert json.loads(first["suggestions"][0]["text"])["text"] == "Payez 1,250 pièces pour %d"
    assert [d["severity"] for d in document["diagnostics"]] == [
        "ERROR",
        "ERROR",
        "WARNING",
        "INFO",  # waived
        "WARNING",  # unused waiver
        "WARNING",  # expired waiver
    ]


def test_machine_formats_refuse_a_review_stream():
    review = jsonl(
        {
            "kind": "finding",
            "case_id": "x",
            "code": "blocked",
            "blocking": True,
            "detail": "d",
        }
    )
    proc = run_cmd(TOOL, "--format", "sarif", stdin=review)
    assert proc.returncode == 2 and b"renders AssertionResults" in proc.stderr
    assert run_cmd(TOOL, "--format", "nope", stdin=review).returncode == 2
    both = run_cmd(TOOL, "--format", "html", "--github", stdin=review)
    assert both.returncode == 2 and b"exclude each other" in both.stderr


# -- the gate --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("fail_on", "status"),
    [("regression", 1), ("hard", 1), ("any", 1), ("none", 0)],
)
def test_fail_on_sets_the_exit_status(run_files, fail_on, status, render_with_all):
    proc = render_with_all(run_files, "--fail-on", fail_on)
    assert proc.returncode == status, proc.stderr


def test_the_gate_counts_what_got_worse_not_known_failures(tmp):
    baseline = tmp / "baseline.jsonl"
    known = result_record("a.b.001", False)
    baseline.write_text(jsonl(known, result_record("a.b.002", True)), encoding="utf-8")
    same = jsonl(known, result_record("a.b.002", True))
    proc = run_cmd(TOOL, "--baseline", str(baseline), stdin=same)
    assert proc.returncode == 0, proc.stderr  # a known hard failure does not fail the gate
    assert "> **✓ PASS**" in proc.stdout.decode()
    assert "(`--fail-on regression`)" in proc.stdout.decode()
    assert (
        run_cmd(TOOL, "--baseline", str(baseline), "--fail-on", "hard", stdin=same).returncode == 1
    )
    worse = jsonl(known, result_record("a.b.002", False, severity="report"))
    proc = run_cmd(TOOL, "--baseline", str(baseline), stdin=worse)
    assert proc.returncode == 1 and b"FAIL (--fail-on regression)" in proc.stderr
    assert run_cmd(TOOL, "--fail-on", "regression", stdin=same).returncode == 2  # no baseline
    assert run_cmd(TOOL, "--fail-on", "sometimes", stdin=same).returncode == 2
    # --exit-zero still explores
    assert run_cmd(TOOL, "--exit-zero", "--baseline", str(baseline), stdin=worse).returncode == 0


def test_a_waived_regression_does_not_fail_the_gate(tmp):
    baseline = tmp / "baseline.jsonl"
    baseline.write_text(jsonl(result_record("a.b.001", True)), encoding="utf-8")
    waivers = tmp / "waivers.jsonl"
    waiver = {
        "case_id": "a.b.001",
        "assertion": "max_chars",
        "code": "max_chars_exceeded",
        "reason": "accepted until the redesign",
        "owner": "ana",
        "expires": "2026-12-01",  # the last day it applies
    }
    waivers.write_text(jsonl(waiver), encoding="utf-8")
    now = jsonl(result_record("a.b.001", False))
    common = ("--baseline", str(baseline), "--waivers", str(waivers))
    proc = run_cmd(TOOL, *common, "--today", "2026-12-01", stdin=now)
    assert proc.returncode == 0, proc.stderr
    assert "waived until 2026-12-01 (ana): accepted until the redesign" in proc.stdout.decode()
    late = run_cmd(TOOL, *common, "--today", "2026-12-02", stdin=now)
    assert late.returncode == 1
    assert b"warning: waiver.expired:" in late.stderr


# -- waivers ---------------------------------------------------------------------------------
def test_waiver_findings_are_warnings_with_their_lines(run_files, render_with_all):
    proc = render_with_all(run_files, "--fail-on", "none")
    assert proc.returncode == 0
    stderr = proc.stderr.decode()
    assert "waivers.jsonl:2: num.count.001: warning: waiver.unused:" in stderr
    assert "waivers.jsonl:3: num.price.001: warning: waiver.expired:" in stderr
    text = proc.stdout.decode()
    assert "## Waiver findings" in text and "waived until 2027-01-31 (ana)" in text


def test_bad_waivers_are_diagnostics(tmp):
    waivers = tmp / "waivers.jsonl"
    good = {
        "case_id": "a.b.001",
        "assertion": "max_chars",
        "reason": "r",
        "owner": "o",
        "expires": "2027-01-01",
    }
    waivers.write_text(
        jsonl(good, good, {**good, "expires": "2027-02-30"}, {**good, "owner": " "}, "{x"),
        encoding="utf-8",
    )
    proc = run_cmd(
        TOOL,
        "--waivers",
        str(waivers),
        "--today",
        TODAY,
        stdin=jsonl(result_record("a.b.001", False)),
    )
    codes = re.findall(r": error: ([a-z_.]+):", proc.stderr.decode())
    assert codes == ["id.duplicate", "schema.format", "schema.pattern", "jsonl.invalid_json"]
    assert (
        run_cmd(TOOL, "--today", "soon", stdin=jsonl(result_record("a.b.001", False))).returncode
        == 2
    )


def test_cap_validate_knows_waivers(tmp):
    waiver = {
        "case_id": "a.b.001",
        "assertion": "max_chars",
        "reason": "r",
        "owner": "o",
        "expires": "2027-01-01",
    }
    proc = run_cmd("cap-validate", stdin=jsonl(waiver, {**waiver, "expires": "soon"}, waiver))
    assert records(proc.stdout) == [waiver]
    stderr = proc.stderr.decode()
    assert "schema.pattern: /expires" in stderr and "id.duplicate" in stderr
    printed = run_cmd("cap-validate", "--print-schema", "waiver")
    assert json.loads(printed.stdout)["title"] == "Waiver"


# -- GitHub's limits -------------------------------------------------------------------------
def test_github_puts_what_matters_in_the_first_ten_and_counts_the_rest(tmp):
    baseline = tmp / "baseline.jsonl"
    many = [result_record(f"a.b.{n:03d}", False, severity="report") for n in range(12)]
    known_hard = [result_record(f"h.b.{n:03d}", False) for n in range(12)]
    regression = result_record("z.z.001", False)
    baseline.write_text(
        jsonl(*many, *known_hard, {**regression, "passed": True, "code": "ok"}), encoding="utf-8"
    )
    # the regression comes 25th in the stream
    proc = run_cmd(
        TOOL, "--github", "--baseline", str(baseline), stdin=jsonl(*many, *known_hard, regression)
    )
    lines = proc.stdout.decode().splitlines()
    errors = [line for line in lines if line.startswith("::error")]
    assert "regression: z.z.001" in errors[0]
    assert lines[-1].startswith("::notice title=capeval totals::FAIL (--fail-on regression)")
    assert "5 annotation(s) beyond the platform's 10 per level are not shown" in lines[-1]
    assert sum(line.startswith("::notice") for line in lines) == 1


def test_github_notices_leave_room_for_the_totals():
    lines = github_format._Lines()
    for n in range(12):
        lines.add("notice", (n,), github_format.annotation("notice", "t", f"waived {n}"))
    text = lines.text("totals").splitlines()
    assert len(text) == 10
    assert text[-1].startswith("::notice title=capeval totals::totals; 3 annotation(s) beyond")


def test_github_paths_are_relative_to_the_working_directory(run_files, tmp, render_with_all):
    inside = render_with_all(run_files, "--github", "--fail-on", "none")
    assert "file=cases.jsonl,line=1," in inside.stdout.decode()
    above = run_cmd(
        TOOL,
        "--github",
        "--cases",
        str(run_files["cases"]),
        str(run_files["results"]),
        cwd=ROOT,
    )
    relative = os.path.relpath(run_files["cases"], ROOT)
    expected = relative if not relative.startswith("..") else str(run_files["cases"])
    assert f"file={expected}," in above.stdout.decode()


# -- budgets ---------------------------------------------------------------------------------
def big_run(tmp: Path, n: int) -> tuple[Path, Path]:
    current = tmp / "current.jsonl"
    before = tmp / "before.jsonl"
    now = [result_record(f"big.case.{i:05d}", i % 3 == 0, system="sys-a") for i in range(n)]
    then = [{**r, "passed": i % 5 != 0} for i, r in enumerate(now)]
    for r in then:
        if r["passed"]:
            r.update(code="ok", message="ok", evidence={})
        else:
            r.update(code="max_chars_exceeded", message="too long", evidence={"length": 9})
    current.write_text(jsonl(*now), encoding="utf-8")
    before.write_text(jsonl(*then), encoding="utf-8")
    return current, before


def test_markdown_fits_its_byte_budget_and_says_what_was_cut(tmp):
    current, before = big_run(tmp, 1200)
    proc = run_cmd(TOOL, "--baseline", str(before), "--max-bytes", "30000", str(current))
    text = proc.stdout.decode()
    assert len(proc.stdout) <= 30000
    assert "more not listed here (the 30,000-byte budget (--max-bytes)" in text
    # the verdict and the regressions heading survive any cut
    assert text.index("**✗ FAIL**") < text.index("### Regressions")
    unlimited = run_cmd(TOOL, "--baseline", str(before), "--max-bytes", "0", str(current))
    assert len(unlimited.stdout) > 30000


def test_budget_cuts_at_a_line_end_when_nothing_else_helps():
    text = within_budget(
        {"stream": "review", "findings": []},
        lambda view: "line one\nline two\n" * 50,
        cap=10,
        max_bytes=200,
    )
    assert len(text.encode()) <= 200 and "Cut at 200 bytes (--max-bytes)" in text
    kept = text.split("\n\n**Cut")[0]
    assert kept.endswith("\n") and kept.count("line ") == kept.count("\n")  # whole lines


# -- what people see -------------------------------------------------------------------------
def test_invisible_characters_are_shown_as_escapes(run_files, render_with_all):
    proc = render_with_all(run_files, "--fail-on", "none")
    text = proc.stdout.decode()
    assert "\u200f" not in text and "nouveaux\\u200f messages" in text
    page = render_with_all(run_files, "--html", "--fail-on", "none").stdout.decode()
    assert "\u200f" not in page
    # the drill-down names it where it stands (no bidi control left to reorder the text)
    assert 'nouveaux<span class="inv" title="U+200F">RLM</span> messages' in page
    assert render.visible("a\u00a0b\u202fc\tok\n") == "a\\u00a0b\\u202fc\tok\n"


def test_a_regression_shows_its_candidate_against_the_baselines(tmp, run_files, render_with_all):
    """num.price.001 passed number_fidelity in the baseline and fails now: its drill-down
    shows what changed in the translation, word by word, a lost trailing space visible."""
    before = tmp / "baseline-candidates.jsonl"
    before.write_text(
        jsonl(
            {"case_id": "num.price.001", "text": "Payez 1 250 pièces pour %s ", "system": "m1"},
            {"case_id": "num.count.001", "text": "Vous avez 4 nouveaux messages", "system": "m1"},
        ),
        encoding="utf-8",
    )
    options = ("--fail-on", "none", "--baseline-candidates", str(before))
    page = render_with_all(run_files, "--html", *options).stdout.decode()
    block = page.split('<figure class="diff">')[1].split("</figure>")[0]
    # the only regression is num.price.001: one diff, in its drill-down
    assert page.count('<figure class="diff">') == 1
    drill = page.split("<summary><code>num.<wbr>price.<wbr>001</code>")[1].split("</details>")[0]
    assert '<figure class="diff">' in drill
    # a space lost with "250", the digits changed, "%s" and its trailing space become "%d"
    assert 'Payez 1<del><span class="ws" title="space">␣</span>250</del><ins>,25</ins>' in block
    assert 'pour %<del>s<span class="ws" title="space">␣</span></del><ins>d</ins></pre>' in block
    markdown = render_with_all(run_files, *options).stdout.decode()
    diff = markdown.split("```diff\n")[1].split("\n```")[0].splitlines()
    assert diff == ["- Payez 1 250 pièces pour %s␣", "+ Payez 1,25 pièces pour %d"]
    # without the baseline's candidates the drill-down says how to see the change
    bare = render_with_all(run_files, "--html", "--fail-on", "none").stdout.decode()
    assert '<figure class="diff">' not in bare and "--baseline-candidates FILE" in bare
    # the same candidate as before: the translation did not change, the drill-down says so
    same = tmp / "same.jsonl"
    same.write_bytes(run_files["candidates"].read_bytes())
    unchanged = render_with_all(
        run_files, "--html", "--fail-on", "none", "--baseline-candidates", str(same)
    ).stdout.decode()
    assert "the same candidate as the baseline" in unchanged
    alone = run_cmd(TOOL, "--baseline-candidates", str(before), str(run_files["results"]))
    assert alone.returncode == 2 and b"needs --baseline" in alone.stderr


def test_drill_down_shows_source_and_candidate_side_by_side(run_files, render_with_all):
    page = render_with_all(run_files, "--html", "--fail-on", "none").stdout.decode()
    assert page.count('<details class="case" id="c') == 2
    # each side in its own language and direction, what the failure is about marked
    sides = re.findall(r'<pre dir="auto" lang="([^"]+)">(.*?)</pre>', page, re.S)
    assert ("en-US", "Pay <mark>1,250</mark> coins for <mark>%s</mark>") in sides
    assert ("fr-FR", "Payez <mark>1,25</mark> pièces pour <mark>%d</mark>") in sides
    # every listed row links to its drill-down and back
    links = re.findall(r'<tr id="(r\d+)"[^>]*>\n<td data-label="case"><a href="#(c\d+)">', page)
    assert len(links) == page.count("<tr id=")
    for case in {case for _row, case in links}:
        back = re.search(f'<details class="case" id="{case}">.*?<a href="#(r\\d+)">', page, re.S)
        assert (back.group(1), case) in links
    text = render_with_all(run_files, "--fail-on", "none").stdout.decode()
    # in Markdown, code blocks keep the texts' line breaks
    assert "```text\nPay 1,250 coins for %s\n```" in text
    assert "```text\nPayez 1,25 pièces pour %d\n```" in text


def test_verdict_comes_first_and_columns_match_between_markdown_and_html(
    run_files, render_with_all
):
    text = render_with_all(run_files).stdout.decode()
    assert text.splitlines()[2].startswith("> **✗ FAIL** — ")
    assert "(`--fail-on regression`)" in text.splitlines()[3]
    page = render_with_all(run_files, "--html").stdout.decode()
    assert page.index('class="banner fail"') < page.index("<h2")
    md_header = next(
        line for line in text.splitlines() if line.startswith("| case | locale | system |")
    )
    html_header = re.search(
        r'<table id="failures-table" class="cards">\n<thead><tr>(.*?)</tr></thead>', page
    ).group(1)
    assert [c.strip() for c in md_header.strip("|").split("|")] == re.findall(
        r"<th[^>]*>([^<]*)</th>", html_header
    )


def test_a_blocking_finding_shows_on_its_case_row():
    stream = jsonl(
        {
            "kind": "case_verdict",
            "case_id": "c1",
            "profile": "p",
            "status": "pass",
            "criteria": {},
            "blocking_flags": [],
            "reviewers": ["r1", "r2"],
            "reasons": [],
        },
        {
            "kind": "finding",
            "case_id": "c1",
            "code": "conflicted_reviewer",
            "blocking": True,
            "detail": "r3 raised unsafe_advice but is conflicted",
        },
    )
    text = run_cmd(TOOL, stdin=stream).stdout.decode()
    row = next(line for line in text.splitlines() if "[`c1`](#case-1)" in line)
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    # the status says the case's status, the finding has its own cell: never both in one
    assert cells[1] == "✓ **`pass`**"
    assert cells[3] == "✗ `conflicted_reviewer` (holds the gate)"
    page = run_cmd(TOOL, "--html", stdin=stream).stdout.decode()
    status = re.search(r'<td data-label="status"[^>]*>(.*?)</td>', page).group(1)
    assert status == "✓ pass"
    finding = re.search(r'<td data-label="blocking findings"[^>]*>(.*?)</td>', page).group(1)
    assert finding.startswith("✗ ") and "conflicted_<wbr>reviewer" in finding


# -- the palette -----------------------------------------------------------------------------
def _linear(channel: float) -> float:
    channel /= 255
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def _rgb(colour: str) -> list[float]:
    return [int(colour[i : i + 2], 16) for i in (1, 3, 5)]


def _luminance(rgb: list[float]) -> float:
    r, g, b = (_linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _lab(linear: list[float]) -> list[float]:
    r, g, b = linear
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))]


# Machado, Oliveira and Fernandes (2009), severity 1.0, on linear RGB.
CVD = {
    "deuteranopia": [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ],
    "protanopia": [
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ],
    "tritanopia": [
        [1.255528, -0.076749, -0.178779],
        [-0.078411, 0.930809, 0.147602],
        [0.004733, 0.691367, 0.303900],
    ],
}


def test_status_colours_meet_contrast_and_stay_apart_under_colour_blindness():
    white = _rgb(palette.BACKGROUND)
    colours = {status: _rgb(colour) for status, (colour, _g, _w) in palette.STATUS.items()}
    for status, rgb in colours.items():
        light, dark = sorted([_luminance(white), _luminance(rgb)], reverse=True)
        assert (light + 0.05) / (dark + 0.05) >= 4.5, status  # text contrast (graphics: 3:1)
    distinct = ["pass", "needs_review", "needs_revision", "blocked"]
    for name, matrix in {"none": None, **CVD}.items():
        for a, b in itertools.combinations(distinct, 2):
            seen = []
            for status in (a, b):
                linear = [_linear(c) for c in colours[status]]
                if matrix is not None:
                    linear = [
                        min(max(sum(m * c for m, c in zip(row, linear, strict=True)), 0), 1)
                        for row in matrix
                    ]
                seen.append(_lab(linear))
            assert math.dist(*seen) >= 12, (name, a, b)  # clearly different (CIE76 ΔE)
    glyphs = [glyph for _c, glyph, _w in palette.STATUS.values()]
    assert len(set(glyphs)) == len(glyphs)


def test_review_annotations_carry_file_and_line_and_an_unknown_gate_is_an_error(tmp):
    cases = tmp / "quality.jsonl"
    cases.write_text(jsonl({"case_id": "c0"}, {"case_id": "c1", "domain": "med"}), "utf-8")
    verdict = {
        "kind": "case_verdict",
        "case_id": "c1",
        "profile": "p",
        "status": "needs_revision",
        "criteria": {},
        "blocking_flags": [],
        "reviewers": ["r1", "r2"],
        "reasons": ["below_threshold:x"],
    }
    proc = run_cmd(TOOL, "--github", "--cases", str(cases), stdin=jsonl(verdict), cwd=tmp)
    lines = proc.stdout.decode().splitlines()
    assert lines[0] == "::error title=review gate::no run_summary: the gate is unknown"
    assert lines[1].startswith("::warning file=quality.jsonl,line=2,title=review%3A needs_revision")
    assert lines[-1].startswith("::notice title=capeval totals::Gate unknown")
    assert proc.returncode == 1  # a truncated aggregation stream


def test_results_options_are_refused_for_a_review_stream(tmp):
    finding = {"kind": "finding", "case_id": "x", "code": "c", "blocking": False, "detail": "d"}
    empty = tmp / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    for option in ("--waivers", "--candidates", "--baseline"):
        proc = run_cmd(TOOL, option, str(empty), stdin=jsonl(finding))
        assert proc.returncode == 2 and f"{option}: for results reports".encode() in proc.stderr
    proc = run_cmd(TOOL, "--fail-on", "any", stdin=jsonl(finding))
    assert proc.returncode == 2 and b"--fail-on: for results reports" in proc.stderr


@settings(max_examples=300)
@given(st.text())
def test_visible_leaves_nothing_invisible_and_keeps_what_is_visible(text):
    import unicodedata

    shown = render.visible(text)
    hidden = {"Cc", "Cf", "Zs", "Zl", "Zp", "Co", "Cs", "Cn"}
    assert all(char in "\n\t " or unicodedata.category(char) not in hidden for char in shown)
    # every invisible character became its escape, in place
    rebuilt = re.sub(
        r"\\u([0-9a-f]{4})|\\U([0-9a-f]{8})",
        lambda m: chr(int(m.group(1) or m.group(2), 16)),
        shown,
    )
    if "\\u" not in text and "\\U" not in text:
        assert rebuilt == text


@pytest.mark.parametrize("name", ["sarif", "rdjson", "junit"])
def test_machine_formats_are_valid_without_side_files(name):
    import xmlschema

    stream = jsonl(
        result_record("a.b.001", False),
        result_record("a.b.002", False, severity="report", system="m1"),
        result_record("a.b.003", True),
    )
    proc = run_cmd(TOOL, "--format", name, stdin=stream)
    assert proc.returncode == 0, proc.stderr
    if name == "junit":
        xmlschema.XMLSchema(str(SCHEMAS / "junit-10.xsd")).validate(proc.stdout.decode())
        return
    document = json.loads(proc.stdout)
    file = "sarif-schema-2.1.0.json" if name == "sarif" else "rdjson-DiagnosticResult.json"
    jsonschema.Draft4Validator(schema(file)).validate(document)
    if name == "sarif":
        result = document["runs"][0]["results"][0]
        assert result["locations"] == [
            {"logicalLocations": [{"name": "a.b.001", "kind": "object"}]}
        ]
    else:
        assert all("location" not in d for d in document["diagnostics"])


def test_every_writer_is_registered_and_has_the_whole_shape():
    import pkgutil

    from capeval.report import formats

    package = Path(formats.__file__).parent
    modules = {info.name for info in pkgutil.iter_modules([str(package)])}
    writers = {
        name
        for name in modules
        if hasattr(formats.writer(name), "render") or hasattr(formats.writer(name), "Writer")
    }
    assert writers == set(formats.NAMES)
    for name in formats.NAMES:
        writer = formats.writer(name)
        assert writer.NAME == name
        assert set(writer.STREAMS) <= {"results", "review"} and writer.STREAMS
        # a document renders a view; a machine format streams results (and a review by render)
        if writer.DOCUMENT:
            assert callable(writer.render)
        else:
            assert callable(writer.Writer.failure) and callable(writer.Writer.finish)
            assert not writer.PASSES or callable(writer.Writer.passed)
            assert "review" not in writer.STREAMS or callable(writer.render)
        assert isinstance(writer.DOCUMENT, bool) and isinstance(writer.PASSES, bool)
        assert isinstance(writer.TITLE, str) and writer.TITLE
        assert isinstance(writer.MAX_BYTES, int) and writer.MAX_BYTES >= 0


def test_a_writers_document_flag_decides_how_many_failures_it_lists():
    # three failing results and --max-failures 1: a document lists one, a machine format all
    from capeval.report import formats

    ids = ("casezqone", "casezqtwo", "casezqthree")  # no dot: HTML breaks ids at dots
    stream = jsonl(*(result_record(case_id, False) for case_id in ids))

    for name in formats.NAMES:
        proc = run_cmd(TOOL, "--format", name, "--max-failures", "1", stdin=stream)
        assert proc.returncode == 0, proc.stderr
        listed = sum(case_id in proc.stdout.decode() for case_id in ids)
        assert listed == (1 if formats.writer(name).DOCUMENT else 3), name


def test_markdown_renders_on_github_as_intended(tmp_path):
    """Rendered by cmark-gfm (GitHub's own parser): no escape shows inside raw HTML, a text's
    line breaks survive, the long list folds into <details>, the locales come first."""
    cmarkgfm = pytest.importorskip("cmarkgfm")
    from cmarkgfm.cmark import Options

    cases, candidates, results = [], [], []
    for number in range(14):
        locale = ("ar", "he", "th")[number % 3]
        case_id = f"md.{locale}.max_chars_{number:03d}"
        cases.append(
            evalcase(
                id=case_id,
                source_locale="en",
                target_locale=locale,
                source=f"Line one\nline two {number}",
                assertions=[{"name": "max_chars", "severity": "hard", "params": {"max": 8}}],
            )
        )
        candidates.append({"case_id": case_id, "text": f"سطر\nسطر {number}\n"})
        results.append(
            {
                "case_id": case_id,
                "assertion": "max_chars",
                "passed": False,
                "severity": "hard" if number % 2 else "report",
                "code": "max_chars_exceeded",
                "message": "too long",
                "evidence": {"length": 9, "limit": 8},
            }
        )
    (tmp_path / "cases.jsonl").write_text(jsonl(*cases), encoding="utf-8")
    (tmp_path / "candidates.jsonl").write_text(jsonl(*candidates), encoding="utf-8")
    proc = run_cmd(
        TOOL,
        "--cases",
        str(tmp_path / "cases.jsonl"),
        "--candidates",
        str(tmp_path / "candidates.jsonl"),
        stdin=jsonl(*results),
    )
    assert proc.returncode == 0, proc.stderr
    text = proc.stdout.decode()
    html = cmarkgfm.github_flavored_markdown_to_html(text, options=Options.CMARK_OPT_UNSAFE)
    summaries = re.findall(r"<summary>(.*?)</summary>", html, re.S)
    assert summaries and not any("\\" in summary for summary in summaries)
    assert any("md.ar.max_chars_000" in summary for summary in summaries)
    # the source's and the candidate's line breaks are in the rendered code blocks
    assert "<code>Line one\nline two 0\n</code>" in html
    assert "<code>سطر\nسطر 0\n↵\n</code>" in html
    # 14 failing results fold away; the locale table comes right after the verdict
    assert "<summary>14 failing results</summary>" in html
    assert html.index("Pass rates by target locale") < html.index("Failing results")
    first_h2 = re.search(r"<h2>(.*?)</h2>", html).group(1)
    assert first_h2 == "Pass rates by target locale"


def test_review_markdown_renders_on_github_as_intended(tmp_path):
    """cmark-gfm on the review report with its drill-downs: one <details> per case with its
    score table rendered as a table, no escape in a summary, rows and drill-downs linked."""
    cmarkgfm = pytest.importorskip("cmarkgfm")
    from cmarkgfm.cmark import Options

    examples = ROOT / "examples" / "domain_semantic_quality"
    cases = examples / "cap_med_synthetic_cases.jsonl"
    scores = examples / "synthetic_reviewer_scores.jsonl"
    stream = run_cmd(
        "cap-aggregate-scores", "-q", "--exit-zero", "--cases", str(cases), str(scores)
    ).stdout
    text = run_cmd(TOOL, "--cases", str(cases), "--reviews", str(scores), stdin=stream)
    html = cmarkgfm.github_flavored_markdown_to_html(
        text.stdout.decode(), options=Options.CMARK_OPT_UNSAFE
    )
    blocks = re.findall(r"<details>(.*?)</details>", html, re.S)
    assert len(blocks) == 9
    for number, block in enumerate(blocks, 1):
        summary = re.search(r"<summary>(.*?)</summary>", block, re.S).group(1)
        assert f'<a id="case-{number}"></a>' in summary and "\\" not in summary
        assert "<table>" in block and f'href="#case-row-{number}"' in block
        assert f'<a id="case-row-{number}"></a><a href="#case-{number}">' in html


@given(st.text(max_size=300), st.text(max_size=300))
@settings(max_examples=200, deadline=None)
def test_a_diff_loses_no_character_of_either_text(before, after):
    """The chunks of a regression's diff give back both texts exactly: the baseline's (kept
    and removed) and this run's (kept and added), whatever the texts hold."""
    from capeval.report.marks import diff_chunks

    chunks = diff_chunks(before, after)
    assert "".join(text for kind, text in chunks if kind != "ins") == before
    assert "".join(text for kind, text in chunks if kind != "del") == after


def test_a_long_diff_is_bounded():
    """Two long, different texts are compared line by line, then whole: the work per
    regression stays bounded (two 4,000-character texts of random words)."""
    import random

    from capeval.report.marks import _DIFF_PAIRS, diff_chunks

    pick = random.Random(7)
    before, after = (
        " ".join("".join(pick.choice("abcdefg") for _ in range(3)) for _ in range(1000))
        for _ in range(2)
    )
    chunks = diff_chunks(before, after)
    assert chunks == [("del", before), ("ins", after)]
    assert len(before.split()) ** 2 > _DIFF_PAIRS
