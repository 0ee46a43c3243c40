"""cap-render-report: end to end through the real commands, and its view models."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval.forms.page import csp_hash
from capeval.report import palette, render, views
from capeval.report.formats import github

from conftest import ROOT, jsonl, records, run_cmd

TOOL = "cap-render-report"
EXAMPLES = ROOT / "examples" / "domain_semantic_quality"
MED_CASES = EXAMPLES / "cap_med_synthetic_cases.jsonl"
SCORES = EXAMPLES / "synthetic_reviewer_scores.jsonl"
ROSTER = EXAMPLES / "roster.jsonl"
DEV = ROOT / "evals" / "i18n-prompt" / "cases" / "dev"
PROTOCOL_CANDIDATES = ROOT / "evals" / "i18n-prompt" / "baselines" / "protocol.candidates.jsonl"
REVIEW_SECTIONS = [
    "## 1. Scope and boundary",
    "## 2. Evidence tier and dataset manifest",
    "## 3. Reviewer roster",
    "## 4. Per-case status",
    "## 5. Per-criterion means and agreement",
    "## 6. Findings log",
    "## 7. Sign-off summary",
]


# -- helpers ---------------------------------------------------------------------------------
def table_cells(line: str) -> list[str]:
    """The cells of a GFM table row: split on pipes not escaped by a backslash."""
    cells, current, index = [], [], 0
    body = line.strip()
    assert body.startswith("|") and body.endswith("|"), line
    body = body[1:-1]
    while index < len(body):
        char = body[index]
        if char == "\\" and index + 1 < len(body):
            current.append(body[index : index + 2])
            index += 2
            continue
        if char == "|":
            cells.append("".join(current).strip())
            current = []
        else:
            current.append(char)
        index += 1
    cells.append("".join(current).strip())
    return cells


def tables(markdown: str) -> dict[str, list[list[str]]]:
    """Every table of a Markdown document, keyed by the heading above it (rows without the
    header and the delimiter row); each row has exactly as many cells as its header."""
    found: dict[str, list[list[str]]] = {}
    heading = ""
    lines = markdown.split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
        if line.startswith("|") and index + 1 < len(lines) and lines[index + 1].startswith("|-"):
            header = table_cells(line)
            rows = []
            index += 2
            while index < len(lines) and lines[index].startswith("|"):
                row = table_cells(lines[index])
                assert len(row) == len(header), (heading, lines[index])
                rows.append(row)
                index += 1
            key = heading
            while key in found:
                key += "+"
            found[key] = rows
            continue
        index += 1
    return found


def headed_table(markdown: str, heading: str) -> tuple[list[str], list[list[str]]]:
    """The header and rows of the first table under ``heading``."""
    lines = markdown.split("\n")
    start = lines.index(f"## {heading}")
    first = next(i for i in range(start, len(lines)) if lines[i].startswith("|"))
    return table_cells(lines[first]), tables("\n".join(lines[start:]))[heading]


def unquote(cell: str) -> str:
    """A cell's text: an anchor, a link to an anchor, code span fences and Markdown escapes
    removed."""
    cell = re.sub(r'^<a id="[^"]*"></a>', "", cell.strip())
    linked = re.fullmatch(r"\[(.*)\]\(#[\w-]+\)", cell)
    if linked:
        cell = linked.group(1)
    match = re.fullmatch(r"(`+) ?(.*?) ?\1", cell)
    if match:
        return match.group(2).replace("\\|", "|")
    return re.sub(r"\\(.)", r"\1", cell)


def aggregation(*args: str) -> bytes:
    proc = run_cmd(
        "cap-aggregate-scores", "-q", "--exit-zero", "--cases", str(MED_CASES), *args, str(SCORES)
    )
    assert proc.stdout, proc.stderr
    return proc.stdout


def protocol_results() -> bytes:
    valid = run_cmd("cap-validate", "-q", str(DEV / "protocol.jsonl"))
    assert valid.returncode == 0, valid.stderr
    checked = run_cmd(
        "cap-check",
        "-q",
        "--exit-zero",
        "--candidates",
        str(PROTOCOL_CANDIDATES),
        stdin=valid.stdout,
    )
    assert checked.stdout, checked.stderr
    return checked.stdout


def result(case_id: str, passed: bool, code: str | None = None, **extra) -> dict:
    record = {"case_id": case_id}
    if "system" in extra:
        record["system"] = extra.pop("system")
    record.update(
        {
            "assertion": extra.pop("assertion", "max_chars"),
            "passed": passed,
            "severity": extra.pop("severity", "hard"),
            "code": code or ("ok" if passed else "max_chars_exceeded"),
            "message": extra.pop("message", "ok" if passed else "too long"),
            "evidence": extra.pop("evidence", {} if passed else {"length": 12, "limit": 10}),
        }
    )
    record.update(extra)
    return record


def diagnostics_of(proc) -> list[tuple[str, int | None, str]]:
    """(code, line, severity) of each diagnostic line on stderr."""
    found = []
    for line in proc.stderr.decode().splitlines():
        match = re.match(
            rf"{TOOL}: (?:[^:]+:(\d+): )?(?:[^:]+: )??(error|warning): ([\w.]+):", line
        )
        if match:
            found.append(
                (match.group(3), int(match.group(1)) if match.group(1) else None, match.group(2))
            )
    return found


# -- the review report -----------------------------------------------------------------------
@pytest.fixture(scope="module")
def med_stream() -> bytes:
    return aggregation()


def test_review_report_of_the_shipped_examples(med_stream):
    proc = run_cmd(TOOL, stdin=med_stream)
    assert proc.returncode == 0, proc.stderr
    text = proc.stdout.decode()
    positions = [text.index(heading) for heading in REVIEW_SECTIONS]
    assert positions == sorted(positions)
    assert "Separate from CAP structural conformance" in text
    assert "No clinical, regulated, production or broad domain validity is claimed" in text
    assert "No reviewer roster was given" in text
    assert "No dataset manifest was given" in text
    found = tables(text)
    verdicts = [r for r in records(med_stream) if r["kind"] == "case_verdict"]
    # one profile, one section: its heading names it
    status_rows = found["Profile `cap-med/v1`: 9 cases"]
    assert [unquote(row[0]) for row in status_rows] == [v["case_id"] for v in verdicts]
    for number, (row, verdict) in enumerate(zip(status_rows, verdicts, strict=True), 1):
        # the case id links to its drill-down, which links back
        assert row[0].endswith(f"(#case-{number})")
        assert f'<details><summary><a id="case-{number}"></a>' in text
        assert f"[↑ back to its row](#case-row-{number})" in text
        glyph, status = row[1].split(" ", 1)
        assert glyph == palette.STATUS[verdict["status"]][1]
        assert unquote(status.strip("*")) == verdict["status"]
        flags = verdict["blocking_flags"]
        assert row[2] == (", ".join(f"`{flag}`" for flag in flags) if flags else "—")
        assert row[5] == str(len(verdict["reviewers"]))
    summary = next(r for r in records(med_stream) if r["kind"] == "run_summary")
    criteria_rows = found["Profile `cap-med/v1`"]
    assert [unquote(row[0]) for row in criteria_rows] == list(summary["criteria"])
    for row in criteria_rows:
        figures = summary["criteria"][unquote(row[0])]
        # one number format: means to 2 places, alpha to 3, minus signs true
        assert row[1].split(" [")[0] == f"{figures['mean']:.2f}"
        assert row[2] == str(figures["n"])
        alpha = figures["alpha"]
        if alpha is None:
            assert row[3].startswith("? undefined")
        else:
            shown = f"{alpha:.3f}".replace("-", "−")
            assert row[3].split(" [")[0] in (shown, f"⚠ {shown} low", f"⚠ {shown} below chance")
            assert ("⚠" in row[3]) == (alpha < views.LOW_AGREEMENT)
    findings = [r for r in records(med_stream) if r["kind"] == "finding"]
    finding_rows = found["6. Findings log"]
    assert [(unquote(r[0]), unquote(r[1]), r[2]) for r in finding_rows] == [
        (f["case_id"], f["code"], "✗ true" if f["blocking"] else "false") for f in findings
    ]
    signoff = {row[0]: row[1] for row in found["7. Sign-off summary"]}
    assert "`synthetic_onboarding`" in signoff["Evidence tier"]
    assert "stays closed" in signoff["Release-gate impact"]
    for blocker in summary["gate"]["blockers"]:
        assert f"`{blocker}`" in signoff["Release-gate impact"]
    assert "synthetic evidence only" in signoff["Unresolved limitations"]


def test_review_report_with_manifest_roster_and_config(tmp, med_stream):
    manifest = tmp / "manifest.jsonl"
    proc = run_cmd("cap-validate", "-q", "--manifest", str(manifest), str(MED_CASES))
    assert proc.returncode == 0, proc.stderr
    config = tmp / "review.yaml"
    config.write_text("pass_threshold: 3.5\nmin_reviewers: 3\n", encoding="utf-8")
    proc = run_cmd(
        TOOL,
        "--manifest",
        str(manifest),
        "--roster",
        str(ROSTER),
        "--config",
        str(config),
        stdin=med_stream,
    )
    assert proc.returncode == 0, proc.stderr
    text = proc.stdout.decode()
    found = tables(text)
    manifest_rows = next(
        rows
        for key, rows in found.items()
        if key.startswith("2.") and rows and rows[0][0].startswith("`cap-med")
    )
    manifest_ids = [r["id"] for r in records(manifest.read_bytes())]
    assert [unquote(row[0]) for row in manifest_rows] == manifest_ids
    roster_rows = found["3. Reviewer roster"]
    roster = records(ROSTER.read_bytes())
    assert [unquote(row[0]) for row in roster_rows] == [r["reviewer_id"] for r in roster]
    conflicted = next(row for row in roster_rows if "reviewer-c" in row[0] and "med" in row[0])
    assert unquote(conflicted[4]) == "cap-med-example-009"
    unassigned = next(row for row in roster_rows if "swe-reviewer-c" in row[0])
    assert unquote(unassigned[5].split(",")[0]) == "cap-swe-example-001"
    assert "Threshold 3.50 (met at exactly 3.50), at least 3 counted reviewers" in text
    assert "the defaults" not in text.split("## 4.")[1].split("##")[0]
    assert "Cases (manifest) | 9 (9 synthetic, 0 with" in text


def test_review_drill_down_shows_texts_scores_flags_and_adjudication(tmp):
    """Each case row leads to its drill-down and back; the drill-down has the case's texts
    (--cases), every reviewer's scores, flags and notes (--reviews; the uncounted marked),
    and the adjudication."""
    adjudications = EXAMPLES / "synthetic_adjudications.jsonl"
    stream = aggregation("--roster", str(ROSTER), "--adjudications", str(adjudications))
    args = ("--roster", str(ROSTER), "--cases", str(MED_CASES), "--reviews", str(SCORES))
    page = run_cmd(TOOL, "--html", *args, stdin=stream).stdout.decode()
    verdicts = [r for r in records(stream) if r["kind"] == "case_verdict"]
    for number in range(1, len(verdicts) + 1):
        assert f'<tr id="case-row-{number}"><td data-label="case"><a href="#case-{number}">' in page
        assert f'<article class="case-detail" id="case-{number}"' in page
        assert f'<a href="#case-row-{number}">↑ back to its row</a>' in page
    block = page.split('id="case-9"')[1].split("</article>")[0]
    # case 9: reviewer c is conflicted: shown after the counted ones, marked, never counted
    head = block.split("<thead>")[1].split("</thead>")[0]
    columns = [re.sub(r"<[^>]+>", "", cell) for cell in re.findall(r"<th[^>]*>(.*?)</th>", head)]
    assert columns == [
        "criterion",
        "synthetic-med-reviewer-a",
        "synthetic-med-reviewer-b",
        "synthetic-med-reviewer-c (not counted)",
        "mean",
        "range",
        "n",
        "criterion verdict",
    ]
    scores = [r for r in records(SCORES.read_bytes()) if r["case_id"] == "cap-med-example-009"]
    for review in scores:
        if review.get("notes"):
            assert str(markupsafe_escape(review["notes"])) in block
    assert "candidate output" in block and "expected quality notes" in block
    adjudicated = page.split('id="case-3"')[1].split("</article>")[0]
    assert "Adjudication" in adjudicated and "synthetic-adjudicator-a" in adjudicated
    assert "Confirms the reviewers" in adjudicated
    markdown = run_cmd(TOOL, *args, stdin=stream).stdout.decode()
    case4 = markdown.split('<a id="case-4"></a>')[1].split("</details>")[0]
    rows = tables(case4)[""]
    assert [unquote(row[0]) for row in rows] == list(verdicts[3]["criteria"])
    # a column per reviewer, then the verdict's figures
    assert rows[0][1:3] == ["5", "2"] and rows[0][3] == "3.50"
    assert "adjudicated `pass` by `synthetic-adjudicator-a`" in rows[0][-1]
    # without --reviews the drill-down says where the scores come from
    bare = run_cmd(TOOL, stdin=stream).stdout.decode()
    assert "each reviewer's scores, flags and notes come with `--reviews FILE`" in bare


def markupsafe_escape(text: str) -> str:
    from markupsafe import escape

    return escape(text)


def test_sign_off_names_the_run_by_its_inputs(tmp, med_stream):
    """The sign-off's run identity: each input's SHA-256 as sha256sum gives it, the tool's
    version, and a date only when --today gives one (the same inputs, the same report)."""
    import hashlib

    from capeval import __version__

    stream_file = tmp / "aggregation.jsonl"
    stream_file.write_bytes(med_stream)
    proc = run_cmd(TOOL, "--roster", str(ROSTER), str(stream_file))
    text = proc.stdout.decode()
    signoff = {row[0]: row[1] for row in tables(text)["7. Sign-off summary"]}
    identity = signoff["Run identity"]
    assert f"`cap-render-report` {__version__}; no date stated" in identity
    for path in (ROSTER, stream_file):
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        assert f"`{path}` `{digest}`" in identity
    assert run_cmd(TOOL, "--roster", str(ROSTER), str(stream_file)).stdout.decode() == text
    dated = run_cmd(TOOL, "--today", "2026-12-01", stdin=med_stream).stdout.decode()
    assert "0.1.0 on 2026-12-01 (`--today`)" in dated.replace(__version__, "0.1.0")
    digest = hashlib.sha256(med_stream).hexdigest()
    assert f"`<stdin>` `{digest}`" in dated
    page = run_cmd(TOOL, "--html", "--today", "2026-12-01", stdin=med_stream).stdout.decode()
    assert f'<code class="hash">{digest}</code>' in page and "on 2026-12-01" in page
    # an input of many read blocks (blank lines between its records) is digested whole
    spaced = b"\n".join(line + b"\n" * 40_000 for line in med_stream.splitlines())
    stream_file.write_bytes(spaced)
    identity = run_cmd(TOOL, str(stream_file)).stdout.decode()
    assert f"`{stream_file}` `{hashlib.sha256(spaced).hexdigest()}`" in identity


def test_two_profiles_two_sections_never_one_pooled_table(tmp):
    """cap-med and cap-swe share evidence_grounding: each profile has its own tables, with
    the profile's own figures; an older stream without them says it pools."""
    cases = tmp / "cases.jsonl"
    swe = EXAMPLES / "cap_swe_synthetic_cases.jsonl"
    cases.write_bytes(MED_CASES.read_bytes() + swe.read_bytes())
    proc = run_cmd("cap-aggregate-scores", "-q", "--exit-zero", "--cases", str(cases), str(SCORES))
    stream = proc.stdout
    summary = next(r for r in records(stream) if r["kind"] == "run_summary")
    text = run_cmd(TOOL, stdin=stream).stdout.decode()
    found = tables(text)
    for profile in ("cap-med/v1", "cap-swe/v1"):
        rows = found[f"Profile `{profile}`"]
        figures = summary["profiles"][profile]
        assert [unquote(row[0]) for row in rows] == list(figures)
        grounding = next(row for row in rows if unquote(row[0]) == "evidence_grounding")
        assert grounding[1].split(" [")[0] == f"{figures['evidence_grounding']['mean']:.2f}"
        assert grounding[2] == str(figures["evidence_grounding"]["n"])
    assert "pools the profiles" not in text
    # the heat map too: one per profile, so reviewers of different profiles are no pair
    page = run_cmd(TOOL, "--html", stdin=stream).stdout.decode()
    heat_maps = page.split('<table class="heat">')[1:]
    assert len(heat_maps) == 2
    for heat_map, kind, other in zip(heat_maps, ("med", "swe"), ("swe", "med"), strict=True):
        named = re.findall(r"synthetic-<wbr>(\w+)-<wbr>reviewer", heat_map.split("</table>")[0])
        assert kind in named and other not in named
    older = b"".join(
        line + b"\n"
        if b'"run_summary"' not in line
        else json.dumps({k: v for k, v in json.loads(line).items() if k != "profiles"}).encode()
        + b"\n"
        for line in stream.splitlines()
    )
    pooled = run_cmd(TOOL, stdin=older).stdout.decode()
    assert "the table pools the profiles `cap-med/v1`, `cap-swe/v1`" in pooled
    rows = tables(pooled)["5. Per-criterion means and agreement"]
    names = [unquote(row[0]) for row in rows]
    assert names == list(summary["criteria"]) and names.count("evidence_grounding") == 1


def test_reviews_file_is_checked_and_refused_for_results(tmp, med_stream, protocol_stream):
    reviews = tmp / "reviews.jsonl"
    first = records(SCORES.read_bytes())[0]
    reviews.write_text(jsonl(first, first, {"case_id": "x"}), encoding="utf-8")
    proc = run_cmd(TOOL, "--reviews", str(reviews), stdin=med_stream)
    found = diagnostics_of(proc)
    assert ("review.duplicate", 2, "error") in found
    assert any(code.startswith("schema.") and line == 3 for code, line, _ in found)
    refused = run_cmd(TOOL, "--reviews", str(reviews), stdin=protocol_stream)
    assert refused.returncode == 2 and b"--reviews: for review reports" in refused.stderr


def test_manifest_that_disagrees_with_the_report_is_a_limitation(tmp, med_stream):
    manifest = tmp / "manifest.jsonl"
    manifest.write_text(
        jsonl({"id": "cap-med-example-001", "synthetic": True}, {"id": "other-case"}),
        encoding="utf-8",
    )
    proc = run_cmd(TOOL, "--manifest", str(manifest), stdin=med_stream)
    text = proc.stdout.decode()
    assert "Manifest cases without a verdict in this report: `other-case`" in text
    assert "manifest and report disagree" in text


def test_truncated_aggregation_stream_is_reported_incomplete(med_stream):
    lines = med_stream.splitlines(keepends=True)
    proc = run_cmd(TOOL, stdin=b"".join(lines[:-1]))
    assert proc.returncode == 1
    assert "**Incomplete:**" in proc.stdout.decode()
    assert "incomplete: no run_summary" in proc.stderr.decode()


def test_a_second_run_summary_is_a_duplicate(med_stream):
    lines = med_stream.splitlines(keepends=True)
    proc = run_cmd(TOOL, "--exit-zero", stdin=med_stream + lines[-1])
    assert proc.returncode == 0
    assert diagnostics_of(proc) == [("id.duplicate", len(lines) + 1, "error")]


# -- the results report ----------------------------------------------------------------------
@pytest.fixture(scope="module")
def protocol_stream() -> bytes:
    return protocol_results()


def test_results_report_of_the_dev_evals(protocol_stream):
    proc = run_cmd(TOOL, stdin=protocol_stream)
    assert proc.returncode == 0, proc.stderr
    text = proc.stdout.decode()
    results = records(protocol_stream)
    passed = sum(r["passed"] for r in results)
    hard = sum(not r["passed"] and r["severity"] == "hard" for r in results)
    report = sum(not r["passed"] and r["severity"] == "report" for r in results)
    assert f"{len(results)} results for {len({r['case_id'] for r in results})} cases" in text
    assert (
        f"**{passed} passed**, {len(results) - passed} failed ({hard} hard, {report} report)"
        in text
    )
    found = tables(text)
    assertion_rows = found["Pass rates by assertion"]
    assert [unquote(row[0]) for row in assertion_rows] == ["protocol_complete"]
    assert assertion_rows[0][1:5] == [str(len(results)), str(passed), str(hard), str(report)]
    rate_cell = assertion_rows[0][5].split(" [")[0]
    assert rate_cell == f"✗ {passed / len(results) * 100:.1f}%"  # below 80%
    codes: dict[str, int] = {}
    for r in results:
        codes[r["code"]] = codes.get(r["code"], 0) + 1
    code_rows = found["Results by code"]
    assert {unquote(row[0]): int(row[1]) for row in code_rows} == codes
    counts = [int(row[1]) for row in code_rows]
    assert counts == sorted(counts, reverse=True)
    failing = [r for r in results if not r["passed"]]
    header, failure_rows = headed_table(text, "Failing results")
    assert header == ["case", "severity", "code", "assertions", "message", "evidence"]
    # one row per failing result here (one assertion per case), the most important first
    listed = {(unquote(row[0]), unquote(row[2])): row for row in failure_rows}
    assert set(listed) == {(r["case_id"], r["code"]) for r in failing}
    for record in failing:
        row = listed[(record["case_id"], record["code"])]
        evidence = unquote(row[5])
        assert (json.loads(evidence) if evidence != "—" else {}) == record["evidence"]
    ranks = [(row[2] == "`candidate_missing`", not row[1].endswith("hard")) for row in failure_rows]
    assert ranks == sorted(ranks)
    assert "Pass rates by domain" not in text


def test_results_by_domain_and_tag_with_cases(protocol_stream):
    proc = run_cmd(TOOL, "--cases", str(DEV / "protocol.jsonl"), stdin=protocol_stream)
    assert proc.returncode == 0, proc.stderr
    found = tables(proc.stdout.decode())
    cases = {c["id"]: c for c in records((DEV / "protocol.jsonl").read_bytes())}
    results = records(protocol_stream)
    tag_counts: dict[str, list[int]] = {}
    for r in results:
        for tag in cases[r["case_id"]].get("tags", []):
            entry = tag_counts.setdefault(tag, [0, 0])
            entry[0] += 1
            entry[1] += r["passed"]
    tag_rows = found["Pass rates by tag"]
    assert {unquote(row[0]): [int(row[1]), int(row[2])] for row in tag_rows} == tag_counts
    # one domain: a sentence, not a section of one row
    (domain,) = {c["domain"] for c in cases.values()}
    assert "Pass rates by domain" not in found
    assert f"One domain: `{domain}`." in proc.stdout.decode()


def test_results_of_cases_missing_from_cases_file_are_their_own_bucket(tmp):
    cases = tmp / "cases.jsonl"
    cases.write_text(jsonl({"id": "a.b.001", "domain": "game-ui", "tags": ["x"]}), "utf-8")
    stream = jsonl(result("a.b.001", True), result("z.z.001", False))
    proc = run_cmd(TOOL, "--cases", str(cases), stdin=stream)
    found = tables(proc.stdout.decode())
    assert [unquote(r[0]) for r in found["Pass rates by domain"]] == [
        "game-ui",
        views.NOT_IN_CASES,
    ]
    assert [unquote(r[0]) for r in found["Pass rates by tag"]] == ["x", views.NOT_IN_CASES]


def baseline_pair(tmp: Path) -> tuple[Path, str]:
    baseline = tmp / "baseline.jsonl"
    baseline.write_text(
        jsonl(
            result("c.a.001", True, system="m1"),  # regression
            result("c.a.001", False, system="m2"),  # still failing, same code
            result("c.b.001", False, system="m1"),  # fixed
            result("c.c.001", False, "max_chars_exceeded", system="m1"),  # code changes
            result("c.d.001", True, system="m1"),  # gone from this run
        ),
        encoding="utf-8",
    )
    current = jsonl(
        result("c.a.001", False, system="m1"),
        result("c.a.001", False, system="m2"),
        result("c.b.001", True, system="m1"),
        result("c.c.001", False, "candidate_missing", system="m1", severity="report"),
        result("c.e.001", False, system="m1"),  # new failure
        result("c.e.001", True, system="m2"),  # new pass
    )
    return baseline, current


def test_baseline_regressions_fixes_and_unchanged_failures(tmp):
    baseline, current = baseline_pair(tmp)
    proc = run_cmd(TOOL, "--baseline", str(baseline), stdin=current)
    assert proc.returncode == 1, proc.stderr  # --fail-on regression by default: one regression
    found = tables(proc.stdout.decode())
    counts = found["Compared with the baseline"][0]
    assert counts == ["1", "1", "2", "1", "1", "1"]

    def keys(rows):
        return [(unquote(r[0]), unquote(r[1]), unquote(r[2])) for r in rows]

    regressions = found["Regressions (failing now, passing in the baseline)"]
    assert keys(regressions) == [("c.a.001", "m1", "max_chars")]
    assert keys(found["Fixes (passing now, failing in the baseline)"]) == [
        ("c.b.001", "m1", "max_chars")
    ]
    unchanged = found["Unchanged failures (failing in both)"]
    assert keys(unchanged) == [("c.a.001", "m2", "max_chars"), ("c.c.001", "m1", "max_chars")]
    assert unchanged[1][4:6] == ["`candidate_missing`", "`max_chars_exceeded` (changed)"]
    assert keys(found["New failures (not in the baseline)"]) == [("c.e.001", "m1", "max_chars")]
    failing = found["Failing results"]
    assert (failing[0][3], failing[0][5]) == ("`max_chars_exceeded`", "regression")


def test_baseline_annotations_mark_regressions(tmp):
    baseline, current = baseline_pair(tmp)
    proc = run_cmd(TOOL, "--github", "--baseline", str(baseline), stdin=current)
    lines = proc.stdout.decode().splitlines()
    assert lines[0] == (
        "::error title=max_chars%3A max_chars_exceeded::regression: c.a.001 [m1] / max_chars: "
        "too long"
    )
    # errors first (regressions, new failures, known ones), then warnings
    assert lines[1].startswith("::error title=max_chars%3A max_chars_exceeded::new failure: c.e")
    assert lines[3].startswith("::warning title=max_chars%3A candidate_missing::c.c.001 [m1]")
    assert len(lines) == 5 and lines[-1].startswith("::notice title=capeval totals::FAIL")


def test_invalid_baseline_lines_are_diagnostics(tmp):
    baseline = tmp / "baseline.jsonl"
    baseline.write_text(
        jsonl(result("c.a.001", True), "{oops", result("c.a.001", False), {"case_id": "x"}),
        encoding="utf-8",
    )
    proc = run_cmd(TOOL, "--baseline", str(baseline), stdin=jsonl(result("c.a.001", False)))
    assert proc.returncode == 1
    assert diagnostics_of(proc) == [
        ("jsonl.invalid_json", 2, "error"),
        ("id.duplicate", 3, "error"),
        ("schema.required", 4, "error"),
    ]
    regressions = tables(proc.stdout.decode())["Regressions (failing now, passing in the baseline)"]
    assert len(regressions) == 1


# -- output forms ----------------------------------------------------------------------------
HOSTILE = jsonl(
    result(
        "c.x.001",
        False,
        message='Broke <script>alert("x")</script> | a\nb & `tick` \\| end',
        evidence={"found": "a|b`c", "html": "<img src=http://evil.example/x.png>"},
    ),
    result("c.x.002", True, system="sys|1"),
)


def test_html_is_self_contained_and_escaped(med_stream, protocol_stream):
    for stream in (med_stream, protocol_stream, HOSTILE.encode()):
        proc = run_cmd(TOOL, "--html", stdin=stream)
        assert proc.returncode == 0, proc.stderr
        page = proc.stdout.decode()
        assert page.startswith("<!DOCTYPE html>")
        assert "<svg" in page
        # one script at most: the shipped one, allowed by its hash and by nothing else
        scripts = re.findall(r"<script>(.*?)</script>", page, re.S)
        assert page.count("<script") == len(scripts) <= 1
        csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page).group(1)
        if scripts:
            assert scripts[0] == (render.TEMPLATES / "results.js").read_text(encoding="utf-8")
            assert f"script-src {csp_hash(scripts[0])};" in csp
        else:
            assert "script-src" not in csp
        assert "default-src 'none'" in csp
        assert not re.search(r"<(link|img|iframe|object|embed)\b", page, re.I)
        # no attribute that could fetch anything (escaped text has no raw "<")
        # (links only to anchors of the page itself)
        assert not re.search(r"<[^>]*\s(src|href|xlink:href)\s*=\s*\"[^#]", page, re.I)
        assert "@import" not in page and "url(" not in page
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in page
    assert "&lt;img src=http://evil.example/x.png&gt;" in page


def test_markdown_escapes_table_cells():
    proc = run_cmd(TOOL, stdin=HOSTILE)
    assert proc.returncode == 0, proc.stderr
    text = proc.stdout.decode()
    found = tables(text)  # asserts every row has its header's number of cells
    header, (row,) = headed_table(text, "Failing results")
    cell = dict(zip(header, row, strict=True))
    assert cell["message"] == (
        'Broke \\<script\\>alert("x")\\</script\\> \\| a<br>b \\& \\`tick\\` \\\\\\| end'
    )
    assert json.loads(unquote(cell["evidence"]))["found"] == "a|b`c"
    assert "<script>" not in text
    systems = [unquote(r[0]) for r in found["Pass rates by system"]]
    assert systems == [views.UNNAMED_SYSTEM, "sys|1"]


def test_github_annotations(tmp, protocol_stream):
    proc = run_cmd(TOOL, "--github", "--cases", str(DEV / "protocol.jsonl"), stdin=protocol_stream)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.decode().splitlines()
    failing = [r for r in records(protocol_stream) if not r["passed"]]
    assert lines[-1].startswith("::notice title=capeval totals::")
    lines = lines[:-1]
    assert len(lines) == len(failing)
    case_lines = {
        json.loads(line)["id"]: n
        for n, line in enumerate((DEV / "protocol.jsonl").read_text("utf-8").splitlines(), 1)
        if line.strip()
    }
    # errors (hard failures) first, then warnings, each in input order
    failing.sort(key=lambda record: record["severity"] != "hard")
    for line, record in zip(lines, failing, strict=True):
        level = "error" if record["severity"] == "hard" else "warning"
        assert line.startswith(
            f"::{level} file={os.path.relpath(DEV / 'protocol.jsonl')},"
            f"line={case_lines[record['case_id']]},"
            f"title=protocol_complete%3A {record['code']}::{record['case_id']} / "
        )
    proc = run_cmd(TOOL, "--github", stdin=HOSTILE)
    line, totals = proc.stdout.decode().splitlines()
    assert totals.startswith("::notice title=capeval totals::")
    assert "a%0Ab" in line and line.startswith("::error title=max_chars%3A max_chars_exceeded::")


def test_github_annotations_of_a_review():
    med_stream = aggregation("--roster", str(ROSTER))
    proc = run_cmd(TOOL, "--github", stdin=med_stream)
    lines = proc.stdout.decode().splitlines()
    verdicts = [r for r in records(med_stream) if r["kind"] == "case_verdict"]
    blocked = [v["case_id"] for v in verdicts if v["status"] == "blocked"]
    errors = [line for line in lines if line.startswith("::error")]
    assert [line.split("::")[2].split(":")[0] for line in errors] == blocked
    assert lines[-1].startswith(
        "::notice title=capeval totals::Gate stays closed: blockers case_not_pass"
    )
    assert any("conflicted_reviewer" in line and line.startswith("::warning") for line in lines)


def test_user_template_gets_the_same_view(tmp, protocol_stream, med_stream):
    template = tmp / "mine.txt.j2"
    template.write_text(
        "{{ stream }} {{ totals.results }} {{ view.totals.passed }} "
        "{{ by_assertion[0].pass_rate|percent }} {{ failures|length }}\n",
        encoding="utf-8",
    )
    proc = run_cmd(TOOL, "--template", str(template), stdin=protocol_stream)
    assert proc.returncode == 0, proc.stderr
    results = records(protocol_stream)
    passed = sum(r["passed"] for r in results)
    assert proc.stdout.decode() == (
        f"results {len(results)} {passed} {passed / len(results) * 100:.1f}% "
        f"{len(results) - passed}\n"
    )
    html = tmp / "mine.html"
    html.write_text("{% for c in cases %}<i>{{ c.case_id }}</i>{% endfor %}{{ '<b>' }}\n", "utf-8")
    proc = run_cmd(TOOL, "--template", str(html), stdin=med_stream)
    assert proc.stdout.decode().endswith("</i>&lt;b&gt;\n")


@pytest.mark.parametrize(
    ("text", "message"),
    [("{{ no_such_name }}", "'no_such_name' is undefined"), ("{% if %}", "mine.j2:1:")],
)
def test_broken_user_template_is_a_usage_error(tmp, protocol_stream, text, message):
    template = tmp / "mine.j2"
    template.write_text(text, encoding="utf-8")
    proc = run_cmd(TOOL, "--template", str(template), stdin=protocol_stream)
    assert proc.returncode == 2
    assert proc.stdout == b""
    assert message in proc.stderr.decode()


def test_output_is_deterministic(tmp, med_stream, protocol_stream):
    for stream, options in (
        (med_stream, ["--roster", str(ROSTER)]),
        (med_stream, ["--html"]),
        (protocol_stream, ["--cases", str(DEV / "protocol.jsonl")]),
        (protocol_stream, ["--html", "--cases", str(DEV / "protocol.jsonl")]),
    ):
        first = run_cmd(TOOL, *options, stdin=stream)
        second = run_cmd(TOOL, *options, "-o", str(tmp / "out"), stdin=stream)
        assert first.returncode == second.returncode == 0, first.stderr
        assert second.stdout == b""
        assert first.stdout == (tmp / "out").read_bytes()


# -- bad input -------------------------------------------------------------------------------
def test_every_bad_line_is_a_diagnostic_and_the_rest_is_rendered(tmp):
    stream = (
        jsonl(
            result("c.a.001", True),
            "not json",
            "[1, 2]",
            {"kind": "partial", "skipped_reviews": 0},
            {"hello": "world"},
            {"case_id": "c.a.002", "assertion": "max_chars", "passed": False},
            result("c.a.001", False),
            result("c.a.003", False, severity="fatal"),
            result("c.a.004", False),
        ).encode()
        + b"\xff\xfe\n\n"
    )
    diagnostics = tmp / "diagnostics.jsonl"
    proc = run_cmd(TOOL, "--diagnostics", str(diagnostics), stdin=stream)
    assert proc.returncode == 1
    found = [(d["code"], d["line"]) for d in records(diagnostics.read_bytes())]
    assert found == [
        ("jsonl.invalid_json", 2),
        ("jsonl.not_object", 3),
        ("kind.unknown", 4),
        ("kind.unknown", 5),
        ("schema.required", 6),
        ("id.duplicate", 7),
        ("schema.enum", 8),
        ("jsonl.invalid_utf8", 10),
    ]
    assert (
        proc.stderr.decode()
        .splitlines()[-1]
        .startswith(f"{TOOL}: 10 read, 2 rendered, 8 invalid, results report")
    )
    assert "2 results for 2 cases" in proc.stdout.decode()
    assert run_cmd(TOOL, "--exit-zero", stdin=stream).returncode == 0


def test_aggregation_records_are_checked():
    stream = jsonl(
        {
            "kind": "case_verdict",
            "case_id": "x",
            "profile": "p",
            "status": "great",
            "criteria": {},
            "blocking_flags": [],
            "reviewers": [],
            "reasons": [],
        },
        {"kind": "finding", "case_id": "x", "code": "blocked", "blocking": "yes", "detail": ""},
        {"kind": "run_summary"},
        {
            "kind": "case_verdict",
            "case_id": "y",
            "profile": "p",
            "status": "pass",
            "criteria": {},
            "blocking_flags": [],
            "reviewers": [],
            "reasons": [],
        },
    )
    proc = run_cmd(TOOL, stdin=stream)
    assert proc.returncode == 1
    assert diagnostics_of(proc) == [
        ("schema.enum", 1, "error"),
        ("schema.type", 2, "error"),
        ("schema.required", 3, "error"),
    ]
    assert "[`y`](#case-1) | ✓ **`pass`** |" in proc.stdout.decode()


def test_a_stream_mixing_both_kinds_is_a_usage_error(med_stream, protocol_stream):
    proc = run_cmd(TOOL, stdin=med_stream + protocol_stream)
    assert proc.returncode == 2
    assert proc.stdout == b""
    assert "AssertionResults in a stream of cap-aggregate-scores records" in proc.stderr.decode()


@pytest.mark.parametrize(
    ("options", "stream_name"),
    [(["--baseline", "/dev/null"], "review"), (["--roster", str(ROSTER)], "results")],
)
def test_options_of_the_other_report_are_usage_errors(
    med_stream, protocol_stream, options, stream_name
):
    stream = med_stream if stream_name == "review" else protocol_stream
    proc = run_cmd(TOOL, *options, stdin=stream)
    assert proc.returncode == 2
    assert proc.stdout == b""


def test_output_forms_exclude_each_other():
    proc = run_cmd(TOOL, "--html", "--github")
    assert proc.returncode == 2
    assert "exclude each other" in proc.stderr.decode()


def test_empty_input_renders_nothing_but_says_so():
    proc = run_cmd(TOOL, "--format", "sarif", stdin=b"\n")
    assert proc.returncode == 1
    assert proc.stdout == b""
    assert (
        proc.stderr.decode().strip()
        == f"{TOOL}: 0 read, 0 rendered, 0 invalid, nothing to render: no records"
    )


def test_formatted_json_document_gets_a_hint():
    document = run_cmd(
        "cap-aggregate-scores",
        "-q",
        "--exit-zero",
        "--format",
        "json",
        "--cases",
        str(MED_CASES),
        str(SCORES),
    ).stdout
    proc = run_cmd(TOOL, stdin=document)
    assert proc.returncode == 1
    assert "--format json document" in proc.stderr.decode()


def test_missing_side_file_is_fatal(protocol_stream):
    proc = run_cmd(TOOL, "--baseline", "/nonexistent/base.jsonl", stdin=protocol_stream)
    assert proc.returncode == 2
    assert "io.unreadable" in proc.stderr.decode()


# -- view models and filters -----------------------------------------------------------------
def test_results_tally_rates_codes_systems_and_cases():
    cases = {
        "a.a.001": views.CaseInfo("ui", ("x", "y"), 1),
        "a.a.002": views.CaseInfo(None, (), 2),
    }
    tally = views.ResultsTally(cases, keep_failures=2)
    for record in (
        result("a.a.001", True, system="s2"),
        result("a.a.001", False, system="s1", assertion="number_fidelity", code="number_missing"),
        result("a.a.002", False, severity="report"),
        result("b.b.001", False),
    ):
        tally.add(record)
    view = tally.view()
    assert view["totals"] == {
        "name": "all",
        "results": 4,
        "passed": 1,
        "failed": 3,
        "failed_hard": 2,
        "failed_report": 1,
        "pass_rate": 0.25,
        # Wilson 95% for 1 of 4
        "pass_rate_ci": [0.0456, 0.6994],
        "cases": 3,
        "systems": 3,
        "assertions": 2,
    }
    assert [r["name"] for r in view["by_system"]] == [views.UNNAMED_SYSTEM, "s1", "s2"]
    assert [(r["code"], r["results"]) for r in view["by_code"]] == [
        ("max_chars_exceeded", 2),
        ("number_missing", 1),
        ("ok", 1),
    ]
    assert [(r["name"], r["results"], r["pass_rate"]) for r in view["by_domain"]] == [
        ("ui", 2, 0.5),
        (views.NOT_IN_CASES, 1, 0.0),
        (views.NO_DOMAIN, 1, 0.0),
    ]
    assert [r["name"] for r in view["by_tag"]] == ["x", "y", views.NOT_IN_CASES]
    assert [f["case_id"] for f in view["failures"]] == ["a.a.001", "a.a.002"]
    assert (view["failures_total"], view["failures_omitted"]) == (3, 1)
    assert view["baseline"] is None
    json.dumps(view)  # plain data only


def test_results_tally_against_a_baseline():
    key_pass = ("a", None, "max_chars")
    key_fail = ("b", None, "max_chars")
    baseline = {
        key_pass: views.BaselineEntry(True, "ok"),
        key_fail: views.BaselineEntry(False, "max_chars_exceeded"),
        ("gone", None, "max_chars"): views.BaselineEntry(True, "ok"),
    }
    tally = views.ResultsTally(baseline=baseline)
    tally.add(result("a", False))
    tally.add(result("b", True))
    tally.add(result("c", False))
    comparison = tally.view()["baseline"]
    assert [r["case_id"] for r in comparison["regressions"]] == ["a"]
    assert [r["baseline_code"] for r in comparison["fixes"]] == ["max_chars_exceeded"]
    assert comparison["unchanged"] == []
    assert [r["case_id"] for r in comparison["new_failures"]] == ["c"]
    assert (comparison["compared"], comparison["missing"]) == (2, 1)
    assert [f["regression"] for f in tally.failures] == [True, None]


def verdict(case_id: str, status: str, reviewers=("r1", "r2"), flags=()) -> dict:
    return {
        "kind": "case_verdict",
        "case_id": case_id,
        "profile": "cap-med/v1",
        "status": status,
        "criteria": {
            "evidence_grounding": {"mean": 4.0, "n": 2, "min": 4, "max": 4, "passed": True}
        },
        "blocking_flags": list(flags),
        "reviewers": list(reviewers),
        "reasons": [],
    }


def summary_record(**overrides) -> dict:
    record = {
        "kind": "run_summary",
        "separate_from_cap_conformance": True,
        "synthetic_only": False,
        "external_expert_validation": True,
        "evidence_tier": "expert_authored_challenge",
        "counts": {
            "pass": 2,
            "needs_review": 0,
            "needs_revision": 0,
            "blocked": 0,
            "no_verdict": 0,
            "skipped_reviews": 3,
        },
        "criteria": {
            "evidence_grounding": {"mean": 4.0, "n": 4, "alpha": None, "alpha_status": "undefined"},
            "privacy_minimization": {"mean": 4.5, "n": 4, "alpha": 0.5, "alpha_status": "ok"},
        },
        "gate": {"can_close": True, "blockers": []},
    }
    record.update(overrides)
    return record


def test_review_view_limitations_manifest_and_roster():
    tally = views.ReviewTally()
    for record in (
        verdict("c1", "pass"),
        verdict("c2", "pass", reviewers=("r1",)),
        summary_record(),
    ):
        tally.add(record)
    view = views.review_view(
        tally,
        manifest=[{"id": "c1", "synthetic": False, "consent_ref": "consent://1"}, {"id": "c9"}],
        roster=[
            {
                "reviewer_id": "r1",
                "role": "expert",
                "qualifications": " ",
                "independent": True,
                "assignments": [],
            },
            {"reviewer_id": "r3", "role": "expert", "qualifications": "MD", "independent": False},
        ],
    )
    assert view["manifest"]["not_in_manifest"] == ["c2"]
    assert view["manifest"]["not_in_report"] == ["c9"]
    assert view["manifest"]["with_consent_ref"] == 1
    assert [
        (r["reviewer_id"], r["counted_cases"], r["qualifications_documented"], r["assignments"])
        for r in view["roster"]["entries"]
    ] == [("r1", 2, False, []), ("r3", 0, True, None)]
    assert view["gate"] == {"can_close": True, "blockers": []}
    assert view["limitations"] == [
        "agreement undefined (no variation or no case with two scores) for: evidence_grounding",
        f"low agreement (alpha < {views.LOW_AGREEMENT}) on: privacy_minimization",
        "manifest and report disagree (not in the manifest: c2; in the manifest without a "
        "verdict: c9)",
    ]
    assert view["counts"]["skipped_reviews"] == 3
    json.dumps(view)


def test_review_view_without_summary_counts_the_verdicts():
    tally = views.ReviewTally()
    tally.add(verdict("c1", "blocked", flags=("diagnostic_claim",)))
    tally.add(verdict("c2", "pass"))
    view = views.review_view(tally)
    assert not view["complete"] and view["gate"] is None and view["evidence"] is None
    assert [(r["status"], r["count"]) for r in view["status_counts"]] == [
        ("pass", 1),
        ("needs_review", 0),
        ("needs_revision", 0),
        ("blocked", 1),
        ("no_verdict", 0),
    ]
    assert view["limitations"][0].startswith("the aggregation stream has no run_summary")
    assert "1 case(s) not pass: c1" in view["limitations"]


def test_markdown_filters():
    assert render.md("a|b\nc_d <x> & \\") == "a\\|b<br>c\\_d \\<x\\> \\& \\\\"
    assert render.md(None) == "—"
    assert render.md_code("plain") == "`plain`"
    assert render.md_code("a`b") == "``a`b``"
    assert render.md_code("`x`") == "`` `x` ``"
    assert render.md_code("a|b") == "`a\\|b`"
    assert render.md_code("a|b", in_table=False) == "`a|b`"
    assert render.md_code("a\\|b") == "a\\\\\\|b"  # falls back to escaped text
    assert render.md_code("") == "—"
    assert render.percent(0.3226) == "32.3%" and render.percent(None) == "—"
    assert render.bar(0.5, 1) == "150.0" and render.bar(None, 1) == "0.0"
    assert render.bar(7, 5) == "300.0"


def test_annotation_escaping():
    line = github.annotation("error", "a: b, c", "50% done\r\nnext", file="x,y.jsonl", line=3)
    assert line == "::error file=x%2Cy.jsonl,line=3,title=a%3A b%2C c::50%25 done%0D%0Anext\n"


@settings(max_examples=200)
@given(st.text())
def test_escaped_cells_never_break_a_table_row(text):
    for cell in (render.md(text), render.md_code(text)):
        row = f"| {cell} | end |"
        assert "\n" not in row and "\r" not in row
        assert table_cells(row)[-1] == "end"
        assert len(table_cells(row)) == 2
    # no raw HTML from the data: every < is escaped
    assert "<" not in re.sub(r"\\.|<br>", "", render.md(text))


def test_max_failures_lists_the_first_and_counts_the_rest(protocol_stream):
    failing = [r for r in records(protocol_stream) if not r["passed"]]
    proc = run_cmd(TOOL, "--max-failures", "2", stdin=protocol_stream)
    text = proc.stdout.decode()
    rows = tables(text)["Failing results"]
    assert [unquote(row[0]) for row in rows] == [r["case_id"] for r in failing[:2]]
    assert f"{len(failing) - 2} more not listed here (--max-failures 2)" in text
    annotations = run_cmd(TOOL, "--github", "--max-failures", "2", stdin=protocol_stream)
    # every failure (the platform's limits are the writer's business) and the totals
    assert len(annotations.stdout.decode().splitlines()) == len(failing) + 1


def test_review_values_are_escaped_in_markdown_and_html():
    hostile = "<b>x|y</b>\nz"
    stream = jsonl(
        verdict("c|1", "blocked", flags=("diagnostic_claim",)),
        {
            "kind": "finding",
            "case_id": "c|1",
            "code": "blocked",
            "blocking": True,
            "detail": hostile,
        },
        summary_record(),
    )
    markdown = run_cmd(TOOL, stdin=stream).stdout.decode()
    findings = tables(markdown)["6. Findings log"]
    assert unquote(findings[0][0]) == "c|1"
    assert findings[0][3] == "\\<b\\>x\\|y\\</b\\><br>z"
    page = run_cmd(TOOL, "--html", stdin=stream).stdout.decode()
    assert "&lt;b&gt;x|y&lt;/b&gt;" in page and "<b>x" not in page


@pytest.mark.parametrize(
    ("case", "absent"),
    [
        # a machine format of results: no template engine, no review view
        ("011", ("capeval.report.views.review", "jinja2")),
        # a review report: no results view
        ("003", ("capeval.report.views.results",)),
    ],
)
def test_a_report_loads_only_its_own_view(case: str, absent: tuple[str, ...]):
    import subprocess
    import sys

    folder = ROOT / "tests" / "cases" / TOOL / case
    argv = (folder / "cmd").read_text(encoding="utf-8").split()[1:]
    code = (
        "import sys\nfrom capeval.report import main\n"
        f"try:\n    main({argv!r})\nexcept SystemExit:\n    pass\n"
        f"print('loaded:', sorted(m for m in {absent!r} if m in sys.modules), file=sys.stderr)"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        cwd=folder,
        stdin=(folder / "stdin").open("rb"),
        capture_output=True,
        text=True,
    )
    assert "loaded: []" in proc.stderr.splitlines(), proc.stderr
