"""cap-fix: suggestions applied only when safe, and a patch of the catalogs that patch -p1
applies, after which the pipeline finds every fixed finding gone and no new one."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT, command, records, run_cmd

EXAMPLES = ROOT / "examples/catalogs"
REALDATA = Path.home() / ".cache/capeval/django-5.2.19"
# the assertions the shipped examples are imported with (make demo too)
ASSERTIONS = EXAMPLES / "assertions.yaml"
FORMATS = {
    "po": ["po/fr.po"],
    "json": ["json/en.json", "json/fr.json"],
    "arb": ["arb/app_en.arb", "arb/app_fr.arb"],
    "android": ["android/values/strings.xml", "android/values-fr/strings.xml"],
    "xliff": ["xliff/fr.xlf"],
}


def _import_and_check(folder: Path, catalogs: list[str], assertions: Path = ASSERTIONS):
    """cases, candidates and results of ``catalogs`` (paths relative to ``folder``)."""
    imported = run_cmd(
        "cap-import",
        "-q",
        "--provenance-kind",
        "synthetic",
        "--assertions",
        str(assertions),
        *catalogs,
        "--candidates",
        "cands.jsonl",
        cwd=folder,
    )
    assert imported.returncode in (0, 1), imported.stderr
    (folder / "cases.jsonl").write_bytes(imported.stdout)
    checked = run_cmd(
        "cap-check", "-q", "--exit-zero", "--candidates", "cands.jsonl", "cases.jsonl", cwd=folder
    )
    assert checked.returncode == 0, checked.stderr
    return records(imported.stdout), records(checked.stdout)


def _failing(results: list[dict]) -> set[tuple]:
    return {(r["case_id"], r["assertion"], r["code"]) for r in results if not r["passed"]}


def _write_results(work: Path, results: list[dict]) -> None:
    (work / "results.jsonl").write_bytes(b"".join(json.dumps(r).encode() + b"\n" for r in results))


def _fix_with_patch(work: Path, *options: str):
    """cap-fix over the work folder's results, its fixes as the patch fix.diff."""
    return run_cmd(
        "cap-fix",
        *options,
        "--cases=cases.jsonl",
        "--candidates=cands.jsonl",
        "--patch=fix.diff",
        "results.jsonl",
        cwd=work,
    )


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_patch_applies_and_the_pipeline_finds_the_fixed_findings_gone(tmp, fmt):
    work = tmp / "work"
    shutil.copytree(EXAMPLES, work)
    catalogs = FORMATS[fmt]
    originals = {c: (work / c).read_bytes() for c in catalogs}
    _, results = _import_and_check(work, catalogs)
    with_suggestions = [r for r in results if r["evidence"].get("suggestions")]
    assert with_suggestions, "the example has something to fix"

    _write_results(work, results)
    fixed = run_cmd(
        "cap-fix",
        "--cases",
        "cases.jsonl",
        "--candidates",
        "cands.jsonl",
        "--patch",
        "fix.diff",
        "results.jsonl",
        cwd=work,
    )
    assert fixed.returncode == 0, fixed.stderr
    assert b"warning" not in fixed.stderr, fixed.stderr
    fixed_ids = {r["case_id"] for r in records(fixed.stdout) if "x-fix" in r}
    assert len(fixed_ids) == len({r["case_id"] for r in with_suggestions})
    for catalog, data in originals.items():
        assert (work / catalog).read_bytes() == data  # never written in place

    # patch -p1 applies it; every line it does not touch stays byte for byte
    applied = subprocess.run(
        ["patch", "-p1", "--quiet", "--no-backup-if-mismatch", "-i", "fix.diff"],
        cwd=work,
        capture_output=True,
        timeout=60,
    )
    assert applied.returncode == 0, applied.stdout + applied.stderr
    diff = (work / "fix.diff").read_text(encoding="utf-8")
    removed = [line for line in diff.splitlines() if line.startswith("-") and line[:3] != "---"]
    assert len(removed) == len(fixed_ids)  # one line per fixed entry, nothing else
    target = catalogs[-1]
    old_lines = originals[target].splitlines()
    new_lines = (work / target).read_bytes().splitlines()
    assert len(old_lines) == len(new_lines)
    assert sum(a != b for a, b in zip(old_lines, new_lines, strict=True)) == len(fixed_ids)

    # the pipeline again: every fixed finding gone, no new one
    _, after = _import_and_check(work, catalogs)
    before_failing, after_failing = _failing(results), _failing(after)
    assert after_failing <= before_failing
    assert not {f for f in after_failing if f[0] in fixed_ids}


def test_msgfmt_accepts_the_patched_po(tmp):
    if shutil.which("msgfmt") is None:
        pytest.skip("GNU gettext's msgfmt is not installed")
    work = tmp / "work"
    shutil.copytree(EXAMPLES, work)
    _, results = _import_and_check(work, FORMATS["po"])
    _write_results(work, results)
    fixed = _fix_with_patch(work, "-q")
    assert fixed.returncode == 0, fixed.stderr
    subprocess.run(["patch", "-p1", "--quiet", "-i", "fix.diff"], cwd=work, check=True)
    checked = subprocess.run(
        ["msgfmt", "-c", "-o", "/dev/null", "po/fr.po"], cwd=work, capture_output=True
    )
    assert checked.returncode == 0, checked.stderr


def test_a_catalog_changed_since_the_import_is_not_patched(tmp):
    work = tmp / "work"
    shutil.copytree(EXAMPLES, work)
    _, results = _import_and_check(work, FORMATS["po"])
    _write_results(work, results)
    po = work / "po/fr.po"
    po.write_text(po.read_text().replace("Supprimer ％s", "Effacer ％s"))
    fixed = _fix_with_patch(work)
    assert fixed.returncode == 0
    assert fixed.stderr.count(b"fix.unpatched") == 1
    assert b"po/fr.po:13: " in fixed.stderr and b".fr.delete-s." in fixed.stderr
    diff = (work / "fix.diff").read_text()
    assert "Supprimer %s" not in diff and diff.count("\n+msgstr") == 2  # the others are in


def _case(**assertions: dict) -> dict:
    return {
        "schema_version": 1,
        "id": "t.one",
        "source_locale": "en",
        "target_locale": "fr",
        "domain": "ui",
        "source": "Save",
        "assertions": [
            {"name": name, "severity": "report", "params": params}
            for name, params in assertions.items()
        ],
        "provenance": {"kind": "synthetic", "license": "CC0-1.0"},
    }


def _result(assertion: str, code: str, *edits: tuple[int, int, str]) -> dict:
    return {
        "case_id": "t.one",
        "assertion": assertion,
        "passed": False,
        "severity": "report",
        "code": code,
        "message": "m",
        "evidence": {
            "suggestions": [
                {"message": f"edit {n}", "edit": {"start": s, "end": e, "replacement": r}}
                for n, (s, e, r) in enumerate(edits)
            ]
        },
    }


def test_edits_in_precedence_order_one_edit_per_defect():
    from capeval.fix.edits import decide

    case = _case(response_clean={}, whitespace_fidelity={})
    candidate = {"case_id": "t.one", "text": "Translation: Enregistrer"}
    lead_in = _result("response_clean", "response_lead_in", (0, 13, ""))
    # the same edit from another assertion: one edit repairs both; an overlapping one is out
    same = _result("whitespace_fidelity", "whitespace_leading_changed", (0, 13, ""))
    overlapping = _result("whitespace_fidelity", "whitespace_trailing_changed", (5, 14, ""))
    decision = decide(case, candidate, [overlapping, same, lead_in])
    assert decision.text == "Enregistrer"
    assert [(e.assertion, e.span()) for e in decision.kept] == [
        ("response_clean", (0, 13, "")),
        ("whitespace_fidelity", (0, 13, "")),
    ]
    assert [why for _, why in decision.rejected] == ["it overlaps an edit of higher precedence"]


def test_a_result_whose_edits_together_repair_it_is_applied_whole():
    from capeval.fix.edits import decide

    case = {**_case(whitespace_fidelity={}), "source": " By %(name)s "}
    candidate = {"case_id": "t.one", "text": "Par %(name)s"}
    both = _result("whitespace_fidelity", "whitespace_leading_changed", (0, 0, " "), (12, 12, " "))
    decision = decide(case, candidate, [both])
    assert decision.text == " Par %(name)s " and len(decision.kept) == 2
    # one of the two alone does not repair the result: it is not applied
    alone = _result("whitespace_fidelity", "whitespace_leading_changed", (0, 0, " "))
    decision = decide(case, candidate, [alone])
    assert decision.text == candidate["text"] and not decision.kept
    assert decision.rejected[0][1] == "checked again, whitespace_fidelity still fails"


def test_an_edit_that_breaks_another_assertion_is_not_applied():
    from capeval.fix.edits import decide

    case = {
        **_case(
            placeholder_integrity={"syntax": "printf"}, whitespace_fidelity={}, max_chars={"max": 9}
        ),
        "source": "Delete %s",
    }
    candidate = {"case_id": "t.one", "text": "Effacer %s"}
    # a (made-up) suggestion that would push the text past max_chars
    grow = _result("whitespace_fidelity", "whitespace_trailing_changed", (10, 10, "\n"))
    decision = decide(case, candidate, [grow])
    assert not decision.kept
    assert decision.rejected[0][1].startswith("checked again")


def test_the_patch_never_overwrites_an_input(tmp):
    for name in ("results.jsonl", "cases.jsonl", "cands.jsonl"):
        (tmp / name).write_text("")
    before = {p.name: p.read_bytes() for p in tmp.iterdir()}
    for target in ("results.jsonl", "cases.jsonl", "cands.jsonl"):
        proc = run_cmd(
            "cap-fix",
            "--cases=cases.jsonl",
            "--candidates=cands.jsonl",
            f"--patch={target}",
            "results.jsonl",
            cwd=tmp,
        )
        assert proc.returncode == 2 and b"is an input of this run" in proc.stderr
    assert {p.name: p.read_bytes() for p in tmp.iterdir()} == before


def test_pipeline_in_real_processes(tmp):
    work = tmp / "work"
    shutil.copytree(EXAMPLES, work)
    _import_and_check(work, FORMATS["po"])
    env = {**os.environ, "PATH": f"{Path(command('cap-fix')).parent}:{os.environ['PATH']}"}
    shell = (
        "cap-check -q --exit-zero --candidates cands.jsonl cases.jsonl "
        "| cap-fix -q --cases cases.jsonl --candidates cands.jsonl --patch fix.diff > fixed.jsonl;"
        ' echo "${PIPESTATUS[1]}";'
        " cap-check -q --exit-zero --candidates cands.jsonl cases.jsonl "
        "| cap-fix -q --cases cases.jsonl --candidates cands.jsonl > /dev/full;"
        ' echo "${PIPESTATUS[1]}"'
    )
    proc = subprocess.run(
        ["bash", "-c", shell], cwd=work, env=env, capture_output=True, timeout=120
    )
    assert proc.stdout.split() == [b"0", b"2"], proc.stderr
    assert b"io.write_failed" in proc.stderr and b"Traceback" not in proc.stderr
    assert (work / "fix.diff").read_text().startswith("--- a/po/fr.po\n+++ b/po/fr.po\n")
    fixed = records((work / "fixed.jsonl").read_bytes())
    assert sum("x-fix" in r for r in fixed) == 4


REAL_PO = (
    "django/contrib/admin/locale/de/LC_MESSAGES/django.po",
    "django/contrib/admindocs/locale/fr/LC_MESSAGES/django.po",
)


@pytest.mark.skipif(not REALDATA.is_dir(), reason="no real catalogs (make realdata)")
def test_real_django_catalogs_patched_msgfmt_and_findings_gone(tmp):
    # with the LLM assertions on, Django's own catalogs hold fixable findings (a quoted
    # translation in German, a lost leading indent in French)
    work = tmp / "work"
    for po in REAL_PO:
        (work / po).parent.mkdir(parents=True)
        shutil.copyfile(REALDATA / po, work / po)
    assertions = tmp / "assertions.yaml"
    assertions.write_text(
        "- {name: placeholder_integrity, severity: hard, params: {syntax: auto}}\n"
        "- {name: whitespace_fidelity, severity: report}\n"
        "- {name: response_clean, severity: report}\n"
    )
    before, fixed_ids = set(), set()
    for n, po in enumerate(REAL_PO):
        _, results = _import_and_check(work, [po], assertions)
        (work / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in results))
        fixed = run_cmd(
            "cap-fix",
            "--cases=cases.jsonl",
            "--candidates=cands.jsonl",
            f"--patch=fix{n}.diff",
            "results.jsonl",
            cwd=work,
        )
        assert fixed.returncode == 0, fixed.stderr
        fixed_ids |= {r["case_id"] for r in records(fixed.stdout) if "x-fix" in r}
        before |= _failing(results)
    assert len(fixed_ids) >= 2
    for diff in sorted(work.glob("*.diff")):
        subprocess.run(["patch", "-p1", "--quiet", "-i", diff.name], cwd=work, check=True)
    after = set()
    for po in REAL_PO:
        if shutil.which("msgfmt"):
            subprocess.run(["msgfmt", "-c", "-o", "/dev/null", po], cwd=work, check=True)
        after |= _failing(_import_and_check(work, [po], assertions)[1])
    assert after <= before
    assert not {f for f in after if f[0] in fixed_ids}
    assert len(before - after) >= len(fixed_ids)


def test_the_patch_is_never_a_catalog(tmp):
    work = tmp / "work"
    shutil.copytree(EXAMPLES, work)
    _, results = _import_and_check(work, FORMATS["po"])
    (work / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in results))
    catalog = (work / "po/fr.po").read_bytes()
    proc = run_cmd(
        "cap-fix",
        "--cases=cases.jsonl",
        "--candidates=cands.jsonl",
        "--patch=po/fr.po",
        "-o",
        "fixed.jsonl",
        "results.jsonl",
        cwd=work,
    )
    assert proc.returncode == 2 and b"is an input of this run (po/fr.po)" in proc.stderr
    assert (work / "po/fr.po").read_bytes() == catalog
    assert not (work / "fixed.jsonl").exists()  # nothing is written after a usage error


# Arabic writes several plural forms as one string; each form's fix goes into its own msgstr[N]
# (msgstr[0] too, which a PO reader also shows as the entry's translation).
_ARABIC_PO = """\
# Synthetic catalog.
msgid ""
msgstr ""
"Language: ar\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : "
"n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;\\n"

#, python-format
msgid "%(count)s page will be deleted."
msgid_plural "%(count)s pages will be deleted."
msgstr[0] "سيتم حذف %(count)s صفحة"
msgstr[1] "سيتم حذف %(count)s صفحة."
msgstr[2] "سيتم حذف %(count)s صفحتين."
msgstr[3] "سيتم حذف %(count)s صفحات"
msgstr[4] "سيتم حذف %(count)s صفحة"
msgstr[5] "سيتم حذف %(count)s صفحة"
"""


def test_plural_forms_with_one_text_are_each_patched_in_their_own_form(tmp):
    work = tmp / "work"
    (work / "po").mkdir(parents=True)
    (work / "po/ar.po").write_text(_ARABIC_PO, encoding="utf-8")
    (work / "qa.yaml").write_text(
        "- {name: punctuation_fidelity, severity: hard, params: {full_stop: always}}\n"
    )
    _, results = _import_and_check(work, ["po/ar.po"], work / "qa.yaml")
    assert {r["case_id"][-2:] for r in results if not r["passed"]} == {"f0", "f3", "f4", "f5"}
    _write_results(work, results)
    fixed = _fix_with_patch(work)
    assert fixed.returncode == 0 and b"warning" not in fixed.stderr, fixed.stderr
    subprocess.run(["patch", "-p1", "--quiet", "-i", "fix.diff"], cwd=work, check=True)
    lines = (work / "po/ar.po").read_text(encoding="utf-8").splitlines()
    assert [line for line in lines if line.startswith("msgstr[")] == [
        'msgstr[0] "سيتم حذف %(count)s صفحة."',
        'msgstr[1] "سيتم حذف %(count)s صفحة."',
        'msgstr[2] "سيتم حذف %(count)s صفحتين."',
        'msgstr[3] "سيتم حذف %(count)s صفحات."',
        'msgstr[4] "سيتم حذف %(count)s صفحة."',
        'msgstr[5] "سيتم حذف %(count)s صفحة."',
    ]
    _, after = _import_and_check(work, ["po/ar.po"], work / "qa.yaml")
    assert not _failing(after)


_SPLIT_XLIFF = """\
<?xml version="1.0" encoding="utf-8"?>
<!-- Synthetic catalog: plural forms in one string, Symfony's way. -->
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
  <file source-language="en" target-language="fr" datatype="plaintext" original="f">
    <body>
      <trans-unit id="1">
        <source>One file.|%count% files.</source>
        <target>Un fichier|%count% fichiers</target>
      </trans-unit>
    </body>
  </file>
</xliff>
"""


def test_a_form_split_by_the_plural_separator_is_not_patched_and_says_why(tmp):
    work = tmp / "work"
    work.mkdir()
    (work / "messages.fr.xlf").write_text(_SPLIT_XLIFF, encoding="utf-8")
    (work / "qa.yaml").write_text(
        "- {name: punctuation_fidelity, severity: hard, params: {full_stop: always}}\n"
    )
    imported = run_cmd(
        "cap-import",
        "-q",
        "--provenance-kind=synthetic",
        "--assertions=qa.yaml",
        "--plural-separator=|",
        "messages.fr.xlf",
        "--candidates=cands.jsonl",
        cwd=work,
    )
    (work / "cases.jsonl").write_bytes(imported.stdout)
    checked = run_cmd("cap-check", "-q", "--candidates=cands.jsonl", "cases.jsonl", cwd=work)
    (work / "results.jsonl").write_bytes(checked.stdout)
    assert sum(not r["passed"] for r in records(checked.stdout)) == 3  # one, many, other
    fixed = _fix_with_patch(work)
    assert fixed.returncode == 0, fixed.stderr
    assert fixed.stderr.count(b"fix.unpatched") == 3
    assert b"is part of one string of the catalog" in fixed.stderr
    assert sum("x-fix" in r for r in records(fixed.stdout)) == 3  # the candidates still are
