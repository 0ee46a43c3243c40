"""Differential test on real catalogs: Django's PO files (and django-allauth's) through
cap-import | cap-validate | cap-check, against GNU gettext's ``msgfmt`` on the same files.

Django's source distribution (``make realdata`` puts it in the cache) holds ~1,200 PO
catalogs for ~100 locales. Each file is imported by itself (a PO holds both sides), validated
and checked, in-process (the filters' ``main`` with file arguments, so no process start-up per
file); ``msgfmt --check-format`` checks the same file. Entries are compared where msgfmt
checks: translated, non-fuzzy, with a ``c-format`` / ``python-format`` /
``python-brace-format`` flag. Every difference must fall in a class of
``placeholder_differences`` (where capeval is stricter by design) or one listed here; we must
never accept an entry msgfmt rejects. ``msgfmt -c`` (which adds the header and plural-count
checks) must fail exactly on the files where cap-import reports ``catalog.plural_incomplete``.

By default a sample of locales runs (a few seconds); ``CAPEVAL_REALDATA_FULL=1`` runs every
file and prints the figures docs/cap-import.md quotes.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from placeholder_differences import explain

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import fetch_realdata  # noqa: E402

DJANGO = fetch_realdata.django_dir()
MSGFMT = shutil.which("msgfmt")
FULL = os.environ.get("CAPEVAL_REALDATA_FULL") == "1"
SAMPLE_LOCALES = ("fr", "de")  # plural_incomplete files, plural_form and multiplicity
FORMAT_FLAGS = {"c-format": "printf", "python-format": "python", "python-brace-format": "python"}
SOURCE_URL = f"pkg:pypi/django@{fetch_realdata.DJANGO_VERSION}"
ALLAUTH = fetch_realdata.allauth_dir()
# name -> (folder, glob of its PO files, purl, licence); allauth's 46 files all run each time
PROJECTS = {
    "django": (DJANGO, "django/**/locale/*/LC_MESSAGES/*.po", SOURCE_URL, "BSD-3-Clause"),
    "django-allauth": (
        ALLAUTH,
        "allauth/locale/*/LC_MESSAGES/*.po",
        f"pkg:pypi/django-allauth@{fetch_realdata.ALLAUTH_VERSION}",
        "MIT",
    ),
}

pytestmark = [
    pytest.mark.skipif(MSGFMT is None, reason="GNU gettext msgfmt is not installed"),
]

# Differences that come from the catalogs, not from the placeholder rules:
# * plural_form — a plural form: msgfmt compares every msgstr[i] with msgid_plural and lets a
#   form omit arguments when there are several; we compare a form used for the count 1 alone
#   with msgid and the others with msgid_plural, and a dropped or added argument counts
#   (one argument may be dropped by a form used for one count alone: single_count).
# * source_not_format — the source has no placeholder of the flagged syntax, or is not valid
#   in it (msgfmt then checks nothing).
RECORD_CLASSES = {"plural_form", "source_not_format"}
RULE_CLASSES = {"width_precision_flags", "equivalent_conversion", "multiplicity", "errno_m"}


def _catalogs(project: str) -> list[Path]:
    folder, pattern, _, _ = PROJECTS[project]
    found = sorted(folder.glob(pattern))
    if FULL or project != "django":
        return found
    return [path for path in found if path.parts[-3] in SAMPLE_LOCALES]


def _run(tool: str, module: str, *args: str) -> int:
    """A filter run in-process (its files as arguments: no stdin/stdout juggling)."""
    old = sys.argv
    sys.argv = [tool, "-q", *args]
    try:
        importlib.import_module(module).main()
    except SystemExit as exc:
        return int(exc.code or 0)
    finally:
        sys.argv = old
    return 0


def _jsonl(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def ours(po: Path, work: Path, project: str = "django") -> tuple[dict, list[dict], list[dict]]:
    """(case id → (case, results)), cap-import's diagnostics, cap-validate's diagnostics."""
    cases, cands, valid, results = (work / n for n in ("cases", "cands", "valid", "results"))
    import_diag, validate_diag = work / "import.diag", work / "validate.diag"
    for path in (cases, cands, valid, results, import_diag, validate_diag):
        path.unlink(missing_ok=True)
    _run(
        "cap-import", "capeval.importer", "--license", PROJECTS[project][3],
        "--source", PROJECTS[project][2], "--missing", "case",
        str(po), "--candidates", str(cands), "-o", str(cases), "--diagnostics", str(import_diag),
    )  # fmt: skip
    _run("cap-validate", "capeval.validate", str(cases), "-o", str(valid),
         "--diagnostics", str(validate_diag))  # fmt: skip
    _run("cap-check", "capeval.check", "--exit-zero", str(valid), "--candidates", str(cands),
         "-o", str(results))  # fmt: skip
    by_id = {case["id"]: (case, []) for case in _jsonl(cases)}
    for result in _jsonl(results):
        by_id[result["case_id"]][1].append(result)
    return by_id, _jsonl(import_diag), _jsonl(validate_diag)


def msgfmt_bad_entries(po: Path, entry_lines: list[int]) -> set[int]:
    """msgid lines of the entries ``msgfmt --check-format`` rejects."""
    run = subprocess.run(
        [MSGFMT, "--check-format", "-o", os.devnull, str(po)], capture_output=True, text=True
    )
    bad = set()
    for found in re.finditer(rf"^{re.escape(str(po))}:(\d+):", run.stderr, re.M):
        line = int(found.group(1))
        owners = [start for start in entry_lines if start <= line]
        if owners:
            bad.add(max(owners))
    return bad


def msgfmt_check_fails(po: Path) -> bool:
    run = subprocess.run([MSGFMT, "-c", "-o", os.devnull, str(po)], capture_output=True, text=True)
    return run.returncode != 0 and "plural forms" in run.stderr


def classify(case: dict, result: dict) -> str | None:
    syntax = FORMAT_FLAGS[_format_flag(case)]
    evidence = result.get("evidence", {})
    category = explain(evidence, syntax)
    if category is not None:
        return category
    if case["x-catalog"].get("form"):
        return "plural_form"  # msgfmt compares this form with msgid_plural, not its own source
    if evidence.get("side") == "source" or not evidence.get("expected"):
        return "source_not_format"
    return None


def _format_flag(case: dict) -> str | None:
    return next((f for f in case["x-catalog"].get("flags", []) if f in FORMAT_FLAGS), None)


@pytest.mark.parametrize("project", sorted(PROJECTS))
def test_po_catalogs_agree_with_msgfmt(tmp_path: Path, project: str) -> None:
    folder = PROJECTS[project][0]
    if not (folder / ".complete").exists():
        pytest.skip(f"{project}'s catalogs are not in the cache ({folder}): run make realdata")
    catalogs = _catalogs(project)
    assert catalogs, f"no catalogs under {folder}"
    stats: Counter = Counter()
    classes: Counter = Counter()
    unexplained: list = []
    plural_mismatch: list = []
    started = time.perf_counter()
    for po in catalogs:
        by_id, import_diag, validate_diag = ours(po, tmp_path, project)
        stats["files"] += 1
        stats["cases"] += len(by_id)
        stats["rejected by cap-validate"] += sum(
            1 for d in validate_diag if d["severity"] == "error"
        )
        entries: dict[int, list] = {}
        for case, results in by_id.values():
            entries.setdefault(case["x-catalog"]["line"], []).append((case, results))
        theirs_bad = msgfmt_bad_entries(po, sorted(entries))
        for line, forms in entries.items():
            case = forms[0][0]
            if _format_flag(case) is None:
                stats["entries without a format flag (auto)"] += 1
                continue
            checked = [
                (case, result)
                for case, results in forms
                for result in results
                if result["code"] != "candidate_missing"
            ]
            if not checked:
                continue  # untranslated: msgfmt checks nothing either
            stats["entries compared"] += 1
            stats["cases compared"] += len(checked)
            failing = [(case, result) for case, result in checked if not result["passed"]]
            we_reject, they_reject = bool(failing), line in theirs_bad
            if we_reject == they_reject:
                stats["agree"] += 1
            elif they_reject:
                unexplained.append(("we accept", str(po), line))
            else:
                found = {classify(case, result) for case, result in failing}
                if None in found:
                    unexplained.append(("we reject", str(po), line, failing[0][1]["evidence"]))
                else:
                    classes[min(found)] += 1
        ours_plural = any(d["code"] == "catalog.plural_incomplete" for d in import_diag)
        stats["files with plural_incomplete"] += ours_plural
        if ours_plural != msgfmt_check_fails(po):
            plural_mismatch.append(str(po))
    elapsed = time.perf_counter() - started
    compared = stats["entries compared"]
    print(
        f"\n{project}: {dict(stats)}; agreement "
        f"{stats['agree']}/{compared} = {stats['agree'] / compared:.4f}; differences "
        f"{dict(classes)}; {elapsed:.1f} s in-process"
    )
    assert not unexplained, unexplained[:5]
    assert not plural_mismatch, plural_mismatch[:5]
    assert set(classes) <= RECORD_CLASSES | RULE_CLASSES
    assert stats["rejected by cap-validate"] == 0
