"""cap-import on a project's locale tree: walking, grouping, prefixes, locales, the missing
policy, and Django's whole tree in one run (``make realdata``)."""

from __future__ import annotations

import collections
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from capeval.catalogs import CatalogInfo, po
from capeval.catalogs.plural_forms import PluralExpressionError, numbers_per_form
from capeval.importer import is_tree, locales, tree

from conftest import command, records

ROOT = Path(__file__).resolve().parent.parent
TREE = ROOT / "tests" / "cases" / "cap-import" / "024" / "proj"
sys.path.insert(0, str(ROOT / "tools"))
import fetch_realdata  # noqa: E402

DJANGO = fetch_realdata.django_dir()


def _import(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [command("cap-import"), "--provenance-kind", "synthetic", *args],
        capture_output=True,
        cwd=cwd,
        timeout=300,
    )


def import_and_check(
    import_args: str,
    cands: Path,
    *,
    check: str = "-q --exit-zero",
    then: str = "",
    cwd: Path | None = None,
    timeout: int = 120,
) -> subprocess.CompletedProcess:
    """``cap-import IMPORT_ARGS --candidates CANDS | cap-validate -q | cap-check CHECK
    --candidates CANDS [| THEN]``, as a user pipes it (``pipefail``: a failing stage fails)."""
    shell = (
        f"{command('cap-import')} {import_args} --candidates {cands} | {command('cap-validate')} "
        f"-q | {command('cap-check')} {check} --candidates {cands}" + (f" | {then}" if then else "")
    )
    return subprocess.run(
        ["bash", "-o", "pipefail", "-c", shell], capture_output=True, cwd=cwd, timeout=timeout
    )


@pytest.mark.parametrize(
    ("relative", "prefix"),
    [
        ("django/contrib/admin/locale/fr/LC_MESSAGES/django.po", "django.contrib.admin.django"),
        ("django/conf/locale/sr_Latn/LC_MESSAGES/djangojs.po", "django.conf.djangojs"),
        ("app_one/locale/fr/LC_MESSAGES/my_domain.po", "app-one.my-domain"),
        ("web/locales/en/app.json", "web.app"),
        ("l10n/app_fr.arb", "app"),
        ("res/values-fr/strings.xml", "strings"),
        ("fr.po", "catalog"),
    ],
)
def test_prefixes_come_from_the_path_below_the_root(relative: str, prefix: str) -> None:
    assert tree.prefix_of(relative) == prefix


@pytest.mark.parametrize(
    ("relative", "located"),
    [
        ("locales/fr/app.json", ("fr", "locales/*/app.json")),
        ("locales/uz@Latn/app.json", ("uz@Latn", "locales/*/app.json")),
        ("locales/base/app.json", (None, "locales/*/app.json")),
        ("l10n/app_pt_BR.arb", ("pt_BR", "l10n/app_*.arb")),
        ("i18n/de.json", ("de", "i18n/*.json")),
        ("res/values/strings.xml", (None, "res/values*/strings.xml")),
        ("res/values-b+sr+Latn/strings.xml", ("sr-Latn", "res/values*/strings.xml")),
        ("Base.lproj/Main.strings", (None, "*.lproj/Main.strings")),
        ("config/settings.json", None),
    ],
)
def test_monolingual_catalogs_are_located_and_grouped(relative: str, located: object) -> None:
    assert tree.locale_and_group(relative) == located


def test_a_tree_or_one_group(tmp_path: Path) -> None:
    (tmp_path / "a.po").write_text("")
    assert is_tree([str(tmp_path)])  # a directory
    assert is_tree(["fr.po", "de.po"])  # several, the first bilingual
    assert not is_tree(["fr.po"])  # one catalog: as before
    assert not is_tree(["en.json", "fr.json"])  # SOURCE TARGET…
    assert not is_tree(["app.pot", "fr.po"])  # a template and its translations


@pytest.mark.parametrize(
    ("header", "path", "locale", "warned"),
    [
        ("Estonian", "et", "et", True),  # a language's name: the path says
        ("zh_TW.Big5", "zh_TW", "zh-TW", False),  # a charset
        ("sr", "sr_Latn", "sr-Latn", True),  # the path's script
        ("uz@Latn", None, "uz-Latn", False),  # a modifier
        ("sr@latin", None, "sr-Latn", False),
        ("zh_CN", "zh_Hans", "zh-Hans", False),  # the same locale, likely subtags filled in
        ("fr", None, "fr", False),
    ],
)
def test_locales_from_header_and_path(
    header: str, path: str | None, locale: str, warned: bool
) -> None:
    found, disagreement = locales.resolve(header, path)
    assert locales.canonical(found or "") == locale
    assert bool(disagreement) == warned


def test_the_golden_tree_has_unique_ids_and_skips_what_the_rule_says() -> None:
    done = _import(str(TREE), "--exclude", "legacy", "--candidates", "-")
    lines = records(done.stdout)
    ids = [r["id"] for r in lines if "id" in r]
    assert len(ids) == len(set(ids))
    files = {r["x-catalog"]["file_ref"] for r in lines}
    assert not any("node_modules" in f or "legacy" in f for f in files)
    # two apps' fr/django.po: one case each, told apart by their prefixes
    hello = sorted(i for i in ids if ".fr.hello-name-s." in i)
    assert hello == [
        "app-one.django.fr.hello-name-s.8778444d6d",
        "app-two.django.fr.hello-name-s.8778444d6d",
    ]
    excluded = _import(str(TREE), "--exclude", "legacy", "--exclude", "web")
    assert b"/web/" not in excluded.stdout
    assert b"legacy" in _import(str(TREE)).stdout  # only --exclude skips it
    again = _import(str(TREE), "--exclude", "legacy", "--candidates", "-")
    assert again.stdout == done.stdout  # the same ids tomorrow


def test_summaries_per_catalog_and_code_and_each_with_verbose(tmp_path: Path) -> None:
    quiet = _import(str(TREE), "--diagnostics", str(tmp_path / "d.jsonl"))
    assert b"1 of 2 messages" in quiet.stderr and b"'Untranslated' is not" not in quiet.stderr
    kept = [json.loads(line) for line in (tmp_path / "d.jsonl").read_text().splitlines()]
    assert any(d["code"] == "catalog.untranslated" and d["line"] for d in kept)
    loud = _import("-v", str(TREE))
    assert b"'Untranslated' is not translated" in loud.stderr
    assert b"of 2 messages" not in _import("-q", str(TREE)).stderr


def test_missing_policy_case_writes_the_case_without_a_candidate() -> None:
    skipped = {r["id"] for r in records(_import(str(TREE)).stdout)}
    written = {r["id"] for r in records(_import("--missing", "case", str(TREE)).stdout)}
    extra = written - skipped
    assert any(".untranslated." in i for i in extra)  # the empty msgstr
    assert any(i.startswith("web.app.de.items.") for i in extra)  # a key de.json lacks


def test_id_prefix_takes_underscores_and_heads_every_tree_prefix() -> None:
    done = _import("--id-prefix", "my_proj", str(TREE))
    assert done.returncode in (0, 1), done.stderr
    assert all(r["id"].startswith("my-proj.") for r in records(done.stdout))


def test_obsolete_previous_msgid_is_read_by_both_readers(monkeypatch: pytest.MonkeyPatch) -> None:
    text = (
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\nmsgid "a"\nmsgstr "b"\n\n'
        '#~| msgid "old"\n#~ msgid "older"\n#~ msgstr "plus vieux"\n'
    )
    for plain in (True, False):
        if not plain:
            monkeypatch.setattr(po, "_read_plainly", lambda path, lines: None)
        problems: list[tuple[str, int | None, str]] = []
        info = CatalogInfo()
        found = list(po.read("x.po", io.BytesIO(text.encode()), problems_to(problems), info))
        assert [m.key for m in found] == ["a"]
        assert not [p for p in problems if "old" in p[2]], problems
        assert info.obsolete == 1


def problems_to(problems: list[tuple[str, int | None, str]]) -> object:
    return lambda *problem: problems.append(problem)


@pytest.mark.parametrize(
    ("expression", "nplurals", "reason"),
    [
        ("n/0", 2, "divides by zero"),
        ("n%(n-n)", 2, "divides by zero"),
        ("n==1 ? 0 : 0-1", 2, "negative"),
        ("n==1 ? 0 : n==2 ? 1 : 2", 2, "beyond nplurals"),
    ],
)
def test_plural_expressions_msgfmt_rejects_are_rejected(
    expression: str, nplurals: int, reason: str
) -> None:
    with pytest.raises(PluralExpressionError, match=reason):
        numbers_per_form(expression, nplurals)


def test_a_header_with_a_bad_plural_expression_is_malformed() -> None:
    text = (
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Plural-Forms: nplurals=2; plural=n/0;\\n"\n\n'
        'msgid "a"\nmsgid_plural "as"\nmsgstr[0] "b"\nmsgstr[1] "bs"\n'
    )
    problems: list[tuple[str, int | None, str]] = []
    list(po.read("x.po", io.BytesIO(text.encode()), lambda *p: problems.append(p), CatalogInfo()))
    assert [p[0] for p in problems] == ["catalog.malformed"]
    assert "divides by zero" in problems[0][2]


@pytest.mark.skipif(
    not (DJANGO / ".complete").exists(),
    reason=f"Django's catalogs are not in the cache ({DJANGO}): run make realdata",
)
def test_django_whole_tree_in_one_run(tmp_path: Path) -> None:
    """One command over Django's 1,226 PO files: one case per (catalog, message, form), no
    id twice, and every translated entry of every catalog a candidate of its own case."""
    cands = tmp_path / "c.jsonl"
    done = import_and_check(
        "-q --exit-zero --license BSD-3-Clause --source "
        f"pkg:pypi/django@{fetch_realdata.DJANGO_VERSION} {DJANGO}",
        cands,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert b"id.duplicate" not in done.stderr and b"candidate.orphan" not in done.stderr
    results = records(done.stdout)
    codes = collections.Counter(r["code"] for r in results)
    assert "candidate_missing" not in codes  # --missing skip: no case without a candidate
    assert len(results) == sum(1 for _ in cands.open()) > 70_000
    assert sum(1 for _ in DJANGO.rglob("*.po")) == 1226
    # each app's django.po and djangojs.po has a prefix of its own
    ids = {r["case_id"] for r in results}
    for prefix in (
        "django.conf.django.",
        "django.contrib.admin.djangojs.",
        "django.contrib.auth.django.",
    ):
        assert any(i.startswith(prefix + "fr.") for i in ids), prefix


def test_plural_forms_and_sources_that_are_not_their_format_are_not_false_alarms(
    tmp_path: Path,
) -> None:
    """French msgstr[0] (used for 0 and 1) may carry the count msgid_plural has; German's (1
    alone) may not. A strftime source flagged python-format is one warning, not a failure."""
    folder = ROOT / "tests" / "cases" / "cap-import" / "025"
    shell = (
        f"{command('cap-import')} -q --provenance-kind synthetic locale --candidates "
        f"{tmp_path / 'c.jsonl'} | {command('cap-validate')} -q | {command('cap-check')} -q "
        f"--exit-zero --candidates {tmp_path / 'c.jsonl'}"
    )
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", shell], capture_output=True, cwd=folder, timeout=120
    )
    assert done.returncode == 0, done.stderr
    failing = {r["case_id"]: r["code"] for r in records(done.stdout) if not r["passed"]}
    assert failing == {"app.de.one-file.5a62d4db4c.f0": "placeholder_extra"}
    assert done.stderr.count(b"catalog.source_not_format") == 1  # once, not per locale


SINGLE_COUNT_VERDICTS = {
    # German msgstr[0] and i18next "one" are used for 1 alone: the count may go
    "app.de.count-d-file.99609c7afc.f0": "ok",
    "web.app.de.files.3d7db37d08.one": "ok",
    # ...where the runtime lets it: not Python's unnamed %d (TypeError), not the first of two
    # unnumbered printf directives (%s would take the count); the last one may
    "app.de.d-row.2d244d5a52.f0": "placeholder_missing",
    "app.de.d-file-in-s.ff3253d99c.f0": "placeholder_missing",
    "app.de.s-d-file.693c66e793.f0": "ok",
    # French form 0 / "one" is used for 0 too, Russian's for 21, 31…: the count must stay
    "app.fr.count-d-file.99609c7afc.f0": "placeholder_missing",
    "web.app.fr.files.3d7db37d08.one": "placeholder_missing",
    "app.ru.count-d-file.99609c7afc.f0": "placeholder_missing",
    "web.app.ru.files.3d7db37d08.one": "placeholder_missing",
    # Arabic zero, one and two: 0, 1 and 2 alone
    "app.ar.count-d-file.99609c7afc.f0": "ok",
    "app.ar.count-d-file.99609c7afc.f1": "ok",
    "app.ar.count-d-file.99609c7afc.f2": "ok",
    "web.app.ar.files.3d7db37d08.zero": "ok",
    "web.app.ar.files.3d7db37d08.two": "ok",
}


def test_a_form_used_for_one_count_may_leave_the_count_out(tmp_path: Path) -> None:
    """A plural form used for one count alone (by the PO's plural expression or CLDR's rule)
    may say its number in words; one used for several may not. PO verdicts as msgfmt -c's,
    except French form 0, which msgfmt lets by though it is used for 0 too."""
    folder = ROOT / "tests" / "cases" / "cap-import" / "027"
    cands = tmp_path / "c.jsonl"
    done = import_and_check("-q --provenance-kind synthetic locale web", cands, cwd=folder)
    assert done.returncode == 0, done.stderr
    verdicts = {r["case_id"]: r["code"] for r in records(done.stdout)}
    assert {key: verdicts[key] for key in SINGLE_COUNT_VERDICTS} == SINGLE_COUNT_VERDICTS
    failing = {key for key, code in verdicts.items() if code != "ok"}
    assert failing == {k for k, code in SINGLE_COUNT_VERDICTS.items() if code != "ok"}
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        return
    for locale, rejected in (("de", True), ("ru", True), ("ar", False), ("fr", False)):
        po = folder / "locale" / locale / "LC_MESSAGES" / "app.po"
        run = subprocess.run([msgfmt, "-c", "-o", os.devnull, str(po)], capture_output=True)
        assert (run.returncode != 0) == rejected, (locale, run.stderr)


DHIS2 = fetch_realdata.dhis2_dir()


@pytest.mark.skipif(
    not (DHIS2 / ".complete").exists(),
    reason=f"DHIS2's header bar catalogs are not in the cache ({DHIS2}): run make realdata",
)
def test_a_partly_translated_i18next_tree(tmp_path: Path) -> None:
    """@dhis2-ui/header-bar's i18next JSON, one folder per locale, many strings left empty:
    grouped with en/ as SOURCE, the empty ones counted as completeness, nothing else fails."""
    cands = tmp_path / "c.jsonl"
    done = import_and_check(
        "--license BSD-3-Clause --source pkg:npm/%40dhis2-ui/"
        f"header-bar@{fetch_realdata.DHIS2_HEADER_BAR_VERSION} {DHIS2}",
        cands,
        check="-q",
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    results = records(done.stdout)
    assert results and all(r["passed"] for r in results)
    summary = done.stderr.decode().splitlines()[-1]
    assert "37 catalogs" in summary and " untranslated" in summary, summary
    assert "1 without CLDR data" in summary, summary  # Tetum, tet/: imported, said
    locales_seen = {r["case_id"].split(".")[1] for r in results}
    assert {"fr", "uz-cyrl-uz", "pt-br", "tet"} <= locales_seen


def test_a_locale_without_cldr_data_is_imported_where_its_siblings_are_locales(
    tmp_path: Path,
) -> None:
    """Tetum's locales/tet/ beside locales/fr/: its messages are cases (a wrong placeholder
    fails), one catalog.locale_without_cldr says its plural forms are not judged; a tet/ or
    app/ folder with no CLDR locale beside it is no locale folder."""
    cands = tmp_path / "c.jsonl"
    folder = ROOT / "tests" / "cases" / "cap-import" / "026"
    done = import_and_check(
        f"--provenance-kind synthetic proj --diagnostics {tmp_path / 'd.jsonl'}", cands, cwd=folder
    )
    assert done.returncode == 0, done.stderr
    failing = {r["case_id"]: r["code"] for r in records(done.stdout) if not r["passed"]}
    assert failing == {"app.tet.open.2348f99874": "placeholder_missing"}
    said = [json.loads(line) for line in (tmp_path / "d.jsonl").read_text().splitlines()]
    assert [(d["code"], d["file"]) for d in said] == [
        ("catalog.locale_without_cldr", "proj/locales/tet/app.json")
    ]
    found = tree.collect([str(folder / "proj")], [], None, lambda *_: None)
    assert sorted(item.relative for item in found) == [
        "locales/en/app.json",
        "locales/fr/app.json",
        "locales/tet/app.json",
    ]


def test_completeness_per_locale_reaches_the_report_of_the_same_pipeline(
    tmp_path: Path,
) -> None:
    """cap-import --completeness writes a record per target catalog; cap-render-report at the
    end of the same pipeline reads it after its stream (it did not exist before the run), and
    shows translated shares apart from the results."""
    comp, cands = tmp_path / "comp.jsonl", tmp_path / "c.jsonl"
    folder = ROOT / "tests" / "cases" / "cap-import" / "026"
    done = import_and_check(
        f"-q --provenance-kind synthetic proj --completeness {comp}",
        cands,
        then=f"{command('cap-render-report')} -q --format sarif --completeness {comp}",
        cwd=folder,
    )
    assert done.returncode == 0, done.stderr
    written = [json.loads(line) for line in comp.read_text().splitlines()]
    assert [(r["catalog"], r["target_locale"]) for r in written] == [
        ("proj/locales/fr/app.json", "fr"),
        ("proj/locales/tet/app.json", "tet"),
    ]
    for record in written:
        assert (
            record["messages"]
            == 2
            == sum(record[k] for k in ("translated", "untranslated", "missing", "fuzzy"))
        )
    shown = json.loads(done.stdout)["runs"][0]["properties"]["completeness"]
    assert shown["total"]["messages"] == 4 and shown["total"]["translated"] == 4
    assert [row["locale"] for row in shown["locales"]] == ["fr", "tet"]


def test_completeness_counts_untranslated_missing_and_fuzzy(tmp_path: Path) -> None:
    (tmp_path / "fr.po").write_text(
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\nmsgid "a"\nmsgstr "A"\n\n'
        'msgid "b"\nmsgstr ""\n\n#, fuzzy\nmsgid "c"\nmsgstr "C"\n'
    )
    (tmp_path / "en.json").write_text('{"a": "A", "b": "B"}')
    (tmp_path / "de.json").write_text('{"a": "A2"}')
    for extra, fuzzy, translated in (([], 1, 1), (["--include-fuzzy"], 0, 2)):
        comp = tmp_path / "comp.jsonl"
        done = _import("fr.po", "--completeness", str(comp), *extra, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        (record,) = [json.loads(line) for line in comp.read_text().splitlines()]
        counts = [record[k] for k in ("messages", "translated", "untranslated", "fuzzy")]
        assert counts == [3, translated, 1, fuzzy]
    done = _import("en.json", "de.json", "--completeness", str(comp), cwd=tmp_path)
    (record,) = [json.loads(line) for line in comp.read_text().splitlines()]
    assert (record["messages"], record["translated"], record["missing"]) == (2, 1, 1)
    done = _import("en.json", "de.json", "--completeness", "-", cwd=tmp_path)
    assert done.returncode == 2 and b"--completeness needs a file" in done.stderr
    assert not (tmp_path / "-").exists()


def test_icu_plurals_in_monolingual_catalogs_need_their_locales_categories(
    tmp_path: Path,
) -> None:
    """As i18next's key suffixes: Polish one/other only lacks few and many; exact =N keys do
    not stand in for a category; French with many is complete; a select says nothing."""
    (tmp_path / "app_en.arb").write_text(
        '{"files": "{count, plural, one {# file} other {# files}}", "@files": {},'
        ' "who": "{g, select, male {he} other {they}}"}'
    )
    (tmp_path / "app_pl.arb").write_text(
        '{"files": "{count, plural, =1 {# plik} one {# plik} other {# plików}}",'
        ' "who": "{g, select, other {oni}}"}'
    )
    (tmp_path / "app_fr.arb").write_text(
        '{"files": "{count, plural, one {# fichier} many {# de fichiers} other {# fichiers}}",'
        ' "who": "{g, select, other {ils}}"}'
    )
    done = _import("app_en.arb", "app_pl.arb", "app_fr.arb", cwd=tmp_path)
    lines = [line for line in done.stderr.decode().splitlines() if "plural_incomplete" in line]
    assert len(lines) == 1 and "app_pl.arb" in lines[0] and "few, many" in lines[0], lines


IMAGE_CROP_PICKER = fetch_realdata.image_crop_picker_dir()


@pytest.mark.skipif(
    not (IMAGE_CROP_PICKER / ".complete").exists(),
    reason=f"react-native-image-crop-picker's catalogs are not in the cache "
    f"({IMAGE_CROP_PICKER}): run make realdata",
)
def test_an_apple_strings_tree(tmp_path: Path) -> None:
    """react-native-image-crop-picker's QBImagePicker.strings, one ``<ll>.lproj`` per locale:
    grouped with en.lproj as SOURCE, every key translated in every locale, each ``%ld`` kept
    (hand-checked: the Japanese and Chinese ones move it, which printf allows)."""
    cands = tmp_path / "c.jsonl"
    done = import_and_check(
        "--license MIT --source pkg:npm/react-native-image-crop-picker@"
        f"{fetch_realdata.IMAGE_CROP_PICKER_VERSION} {IMAGE_CROP_PICKER}",
        cands,
        check="-q",
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    summary = done.stderr.decode().splitlines()[-1]
    assert "21 catalogs, 0 skipped, 0 refused, 17 messages, 340 cases" in summary, summary
    results = records(done.stdout)
    assert len(results) == 340 and all(r["passed"] for r in results)
    prefix = "ios.qbimagepicker.qbimagepicker.qbimagepicker."
    by_locale = collections.Counter(
        r["case_id"].removeprefix(prefix).split(".")[0] for r in results
    )
    assert len(by_locale) == 20 and set(by_locale.values()) == {17}
    assert {"ja", "zh-hans", "zh-hant", "nb"} <= set(by_locale)
