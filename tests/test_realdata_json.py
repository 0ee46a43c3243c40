"""Real JSON catalogs: @docusaurus/theme-translations from npm (``make realdata``).

Every locale's catalogs are imported against the English ``base`` ones (flat keys,
``___DESCRIPTION`` notes, ``|`` plural forms with ``--plural-separator``), validated and
checked in-process. What must hold on real files: nothing is malformed or repeated, every case
and candidate is valid for cap-validate, every source message becomes a case per plural form
and locale, and the run accounts for every key. The placeholder findings are printed (they are
the catalogs' own; the test does not fix their number). A sample of locales by default,
every locale with ``CAPEVAL_REALDATA_FULL=1``.
"""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from pathlib import Path

import pytest
from test_django_differential import _jsonl, _run

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import fetch_realdata  # noqa: E402

DOCUSAURUS = fetch_realdata.docusaurus_dir()
SOURCE_URL = f"pkg:npm/%40docusaurus/theme-translations@{fetch_realdata.DOCUSAURUS_VERSION}"

SAMPLE_LOCALES = ("ru", "ar", "fr", "ja")  # by default; every locale with CAPEVAL_REALDATA_FULL=1

pytestmark = pytest.mark.skipif(
    not (DOCUSAURUS / ".complete").exists(),
    reason=f"the Docusaurus catalogs are not in the cache ({DOCUSAURUS}): run make realdata",
)


def test_docusaurus_catalogs_import_cleanly(tmp_path: Path) -> None:
    base = DOCUSAURUS / "locales" / "base"
    locales = sorted(p.name for p in (DOCUSAURUS / "locales").iterdir() if p.name != "base")
    if os.environ.get("CAPEVAL_REALDATA_FULL") != "1":
        locales = [name for name in locales if name in SAMPLE_LOCALES]
    stats: Counter = Counter()
    codes: Counter = Counter()
    for locale in locales:
        for source in sorted(base.glob("*.json")):
            target = DOCUSAURUS / "locales" / locale / source.name
            if not target.exists():
                continue
            cases, cands, results = (tmp_path / n for n in ("cases", "cands", "results"))
            diag, vdiag = tmp_path / "import.diag", tmp_path / "validate.diag"
            for path in (cases, cands, results, diag, vdiag):
                path.unlink(missing_ok=True)
            _run(
                "cap-import", "capeval.importer", "--license", "MIT", "--source", SOURCE_URL,
                "--source-locale", "en", "--target-locale", locale, "--plural-separator", "|",
                "--id-prefix", f"docusaurus.{source.stem}", str(source), str(target),
                "--candidates", str(cands), "-o", str(cases), "--diagnostics", str(diag),
            )  # fmt: skip
            found = _jsonl(diag)
            assert not [
                d for d in found if d["code"] in ("catalog.malformed", "catalog.duplicate_key")
            ]
            validate = ["--diagnostics", str(vdiag), "-o", os.devnull, str(cases), str(cands)]
            assert _run("cap-validate", "capeval.validate", *validate) == 0, _jsonl(vdiag)[:3]
            _run("cap-check", "capeval.check", "--exit-zero", str(cases), "--candidates",
                 str(cands), "-o", str(results))  # fmt: skip
            source_keys = {k for k in json.loads(source.read_text()) if "___" not in k}
            imported = {c["x-catalog"]["key"] for c in _jsonl(cases)}
            assert imported == source_keys
            stats["catalogs"] += 1
            stats["cases"] += len(_jsonl(cases))
            stats["candidates"] += len(_jsonl(cands))
            codes.update(d["code"] for d in found)
            codes.update(r["code"] for r in _jsonl(results) if not r["passed"])
    print(f"\nDocusaurus {fetch_realdata.DOCUSAURUS_VERSION}: {len(locales)} locales, "
          f"{dict(stats)}; findings {dict(codes)}")  # fmt: skip
    assert stats["catalogs"] >= len(locales)
