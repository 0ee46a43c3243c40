"""cap-import: ids, locales, the PO reader, and its records (cap-validate accepts them)."""

from __future__ import annotations

import io
import json
import re
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from capeval import schemas
from capeval.catalogs import CatalogInfo, detect_format, po
from capeval.importer import ids, locales
from capeval.secrets import value_secret_kind

from conftest import command, records

ID_PATTERN = re.compile(schemas.schema("evalcase")["properties"]["id"]["pattern"])
CASES = Path(__file__).resolve().parent / "cases" / "cap-import"


# -- ids ---------------------------------------------------------------------------------------
def test_id_is_readable_stable_and_valid() -> None:
    first = ids.case_id("django", "pt-BR", None, "Delete selected %(verbose_name_plural)s", None)
    assert first == ids.case_id(
        "django", "pt-BR", None, "Delete selected %(verbose_name_plural)s", None
    )
    assert first.startswith("django.pt-br.delete-selected-verbose.")
    assert ID_PATTERN.match(first)
    # the context is part of the key; the form is a segment of its own
    assert ids.case_id("p", "fr", "menu", "File", None) != ids.case_id(
        "p", "fr", None, "File", None
    )
    assert ids.case_id("p", "fr", None, "File", "one").endswith(".one")


@given(key=st.text(max_size=300), context=st.none() | st.text(max_size=20))
def test_every_key_makes_a_valid_id(key: str, context: str | None) -> None:
    made = ids.case_id("catalog", "sr-Latn", context, key, "f2")
    assert ID_PATTERN.match(made), made
    assert len(made) <= 200
    # never a credential-like token to cap-validate's secret scan
    assert value_secret_kind(made) is None, made


def test_prefix_rules() -> None:
    assert ids.prefix_problem("demo.app") is None
    assert ids.prefix_problem("Demo") is not None
    assert ids.prefix_problem("a..b") is not None
    assert ids.default_prefix("django", locale_like=False) == "django"
    assert ids.default_prefix("fr", locale_like=True) == "catalog"


# -- locales -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("django/conf/locale/pt_BR/LC_MESSAGES/django.po", "pt_BR"),
        ("i18n/fr.json", "fr"),
        ("lib/l10n/app_de.arb", "de"),
        ("res/values-fr-rCA/strings.xml", "fr-CA"),
        ("res/values-b+sr+Latn/strings.xml", "sr-Latn"),
        ("App/ja.lproj/Localizable.strings", "ja"),
        ("messages.po", None),
    ],
)
def test_locale_from_path(path: str, expected: str | None) -> None:
    assert locales.guess_from_path(path) == expected


def test_canonical_locales_and_plural_categories() -> None:
    assert locales.canonical("pt_BR") == "pt-BR"
    assert locales.canonical("zh_Hans") == "zh-Hans"
    assert locales.canonical("sr@latin") == "sr-Latn"
    assert locales.plural_categories("ru") == ("one", "few", "many", "other")
    assert locales.plural_categories("ja") == ("other",)
    assert locales.plural_categories("xx-unknown") is None


# -- the PO reader -----------------------------------------------------------------------------
def _read_po(text: str) -> tuple[list, list, CatalogInfo]:
    problems: list = []
    info = CatalogInfo()
    stream = io.BytesIO(text.encode("utf-8"))
    messages = list(po.read("t.po", stream, lambda *p: problems.append(p), info))
    return messages, problems, info


def test_po_flags_pick_the_dialect_as_written() -> None:
    # Babel adds python-format to any msgid that looks like one; the reader keeps the file's
    messages, problems, _ = _read_po(
        '#, c-format\nmsgid "%d of %s"\nmsgstr "%d de %s"\n\n'
        'msgid "%(a)s"\nmsgstr "%(a)s"\n\n'
        '#, python-brace-format\nmsgid "{a}"\nmsgstr "{a}"\n'
    )
    assert [m.dialect for m in messages] == ["printf", "auto", "python-brace"]
    assert messages[1].flags == frozenset()
    assert problems == []


def test_po_problems_are_reported_not_printed(capsys: pytest.CaptureFixture[str]) -> None:
    messages, problems, info = _read_po(
        '#~ msgid "gone"\n#~ msgstr "weg"\n\nmsgid "a"\nmsgstr "b"\n\nnonsense\n\n'
        'msgid "a"\nmsgstr "c"\n'
    )
    assert [m.translation for m in messages] == ["b"]
    assert [p[:2] for p in problems] == [("catalog.malformed", 7), ("catalog.duplicate_key", 9)]
    assert info.obsolete == 1
    assert capsys.readouterr().out == ""  # Babel's own warnings would go to stdout


def test_po_undecodable_line_is_malformed_and_the_rest_is_read() -> None:
    problems: list = []
    data = b'msgid "a"\nmsgstr "\xff"\n\nmsgid "b"\nmsgstr "c"\n'
    messages = list(po.read("t.po", io.BytesIO(data), lambda *p: problems.append(p), CatalogInfo()))
    assert [m.key for m in messages] == ["a", "b"]
    assert problems[0][:2] == ("catalog.malformed", 2)


po_text = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\x00"),
    min_size=1,
    max_size=40,
)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            po_text, st.text(max_size=40).filter(lambda t: "\r" not in t and "\x00" not in t)
        ),
        max_size=8,
        unique_by=lambda pair: pair[0],
    )
)
def test_po_reader_round_trips_what_babel_writes(pairs: list[tuple[str, str]]) -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    catalog = Catalog(locale="fr")
    for msgid, msgstr in pairs:
        catalog.add(msgid, msgstr)
    buffer = io.BytesIO()
    write_po(buffer, catalog)
    problems: list = []
    buffer.seek(0)
    messages = list(po.read("t.po", buffer, lambda *p: problems.append(p), CatalogInfo()))
    assert [(m.key, m.translation) for m in messages] == pairs
    assert problems == []


def test_format_detection() -> None:
    assert detect_format("x.po") == "po"
    assert detect_format("x.pot") == "po"
    assert detect_format("x.dat", io.BytesIO(b'msgid ""\nmsgstr ""\n')) == "po"


# -- what the records are worth downstream -----------------------------------------------------
def _import(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([command("cap-import"), *args], capture_output=True, cwd=cwd, timeout=60)


def test_every_record_is_valid_for_cap_validate() -> None:
    for folder in sorted(CASES.iterdir()):
        for line in (folder / "expected_stdout").read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            kind = "evalcase" if "schema_version" in record else "candidate"
            assert schemas.problem(kind, record) is None, (folder.name, record)


PLURAL_PO = (
    'msgid ""\nmsgstr ""\n"Language: de\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
    '#, c-format\nmsgid "%d file"\nmsgid_plural "{plural}"\nmsgstr[0] "%d Datei"\n'
    'msgstr[1] "%d Dateien"\n'
)


def test_a_changed_source_under_the_same_key_is_id_reused(tmp_path: Path) -> None:
    catalog = tmp_path / "de.po"
    catalog.write_text(PLURAL_PO.format(plural="%d files"), encoding="utf-8")
    first = _import("--provenance-kind", "synthetic", "de.po", cwd=tmp_path)
    lock = subprocess.run(
        [command("cap-validate"), "--lock", "lock.json", "--update-lock"],
        input=first.stdout,
        capture_output=True,
        cwd=tmp_path,
        timeout=60,
    )
    assert lock.returncode == 0, lock.stderr
    catalog.write_text(PLURAL_PO.format(plural="%d documents"), encoding="utf-8")
    second = _import("--provenance-kind", "synthetic", "de.po", cwd=tmp_path)
    assert [r["id"] for r in records(second.stdout)] == [r["id"] for r in records(first.stdout)]
    checked = subprocess.run(
        [command("cap-validate"), "--lock", "lock.json"],
        input=second.stdout,
        capture_output=True,
        cwd=tmp_path,
        timeout=60,
    )
    assert checked.returncode == 1
    assert b"id.reused" in checked.stderr
    # only msgstr[1] translates msgid_plural (German msgstr[0] is used for 1 alone)
    assert checked.stderr.count(b"id.reused") == 1


@pytest.mark.parametrize("missing", ["skip", "case"])
def test_pipeline_import_validate_check(tmp_path: Path, missing: str) -> None:
    """The pipe of the docs, as a user runs it: every case is checked, failures are found;
    an untranslated or fuzzy message is a case without candidate only with --missing case."""
    folder = CASES / "001"
    shell = (
        f"{command('cap-import')} -q --missing {missing} --provenance-kind synthetic "
        f"{folder / 'fr.po'} --candidates cands.jsonl | {command('cap-validate')} -q "
        f"| {command('cap-check')} -q --exit-zero --candidates cands.jsonl"
    )
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", shell], capture_output=True, cwd=tmp_path, timeout=60
    )
    assert done.returncode == 0, done.stderr
    codes = {r["case_id"].split(".", 2)[2]: r["code"] for r in records(done.stdout)}
    assert codes["hello-name-s.8778444d6d"] == "placeholder_missing"  # %(name)s became %(nom)s
    assert codes["100-done.d9ddb5fc71"] == "ok"  # auto: "100% done" has no directive
    if missing == "skip":  # completeness, not a defect: no case
        assert "untranslated.d41ef2ce87" not in codes
        assert "saved-s.a1feb3dcb3" not in codes
        assert len(codes) == 7
        return
    assert codes["untranslated.d41ef2ce87"] == "candidate_missing"
    assert codes["saved-s.a1feb3dcb3"] == "candidate_missing"  # fuzzy: not a candidate
    assert len(codes) == 9  # the plural message is two cases


def test_pipeline_never_reads_a_stale_candidates_file(tmp_path: Path) -> None:
    """An older candidates file at the same path: cap-check must read this run's."""
    (tmp_path / "cands.jsonl").write_text('{"case_id": "old.case", "text": "stale"}\n')
    shell = (
        f"{command('cap-import')} -q --missing case --provenance-kind synthetic "
        f"{CASES / '004' / 'ja.po'} --candidates cands.jsonl "
        f"| {command('cap-check')} -q --exit-zero --candidates cands.jsonl"
    )
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", shell], capture_output=True, cwd=tmp_path, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert b"candidate.orphan" not in done.stderr  # old.case is gone: the file is this run's
    assert [r["code"] for r in records(done.stdout)] == ["ok", "candidate_missing"]


NO_NUL = st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00")


# generated without NUL rather than filtered, and never failed for slow generation: on a
# loaded machine the health check tripped on time alone
@settings(suppress_health_check=[HealthCheck.too_slow])
@given(
    st.dictionaries(
        st.text(NO_NUL, min_size=1, max_size=12),
        st.text(NO_NUL, max_size=20),
        max_size=6,
    )
)
def test_strings_reader_round_trips_what_it_is_given(pairs: dict[str, str]) -> None:
    from capeval.catalogs import apple_strings

    def quote(text: str) -> str:
        escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
        return f'"{escaped}"'

    data = "".join(f"{quote(k)} = {quote(v)};\n" for k, v in pairs.items()).encode("utf-16")
    problems: list = []
    info = CatalogInfo()
    messages = list(apple_strings.read("t", io.BytesIO(data), lambda *p: problems.append(p), info))
    assert {m.key: m.text for m in messages} == pairs
    assert problems == []


def test_every_catalog_code_is_produced_by_a_golden_case() -> None:
    from capeval.codes import DIAGNOSTIC_CODES

    produced = "".join(
        (folder / "expected_stderr").read_text(encoding="utf-8") for folder in CASES.iterdir()
    )
    for code in (c for c in DIAGNOSTIC_CODES if c.startswith("catalog.")):
        assert f": {code}: " in produced, code


def test_the_collector_is_paused_only_while_a_catalog_is_read() -> None:
    import gc

    from capeval.importer import join

    assert gc.isenabled()
    with join._collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(OSError), join._collector_paused():
        raise OSError("a read that fails")
    assert gc.isenabled()
    gc.disable()
    try:
        with join._collector_paused():
            pass
        assert not gc.isenabled()  # a caller's choice is left as it was
    finally:
        gc.enable()


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(
        alphabet=st.sampled_from(list("aZ09 -_.%{}/\\\t\n\x00é漢ſK") + ["İ", "ß", "\u00a0"]),
        max_size=120,
    ),
    limit=st.sampled_from([24, 64, 3]),
)
def test_slugs_are_the_words_a_regex_finds(text, limit):
    import unicodedata

    from capeval.importer.ids import slug

    folded = text
    if not folded.isascii():
        folded = unicodedata.normalize("NFKD", folded).encode("ascii", "ignore").decode("ascii")
    words = re.sub(r"[^a-z0-9]+", "-", folded[: limit * 4].lower()).strip("-")
    if len(words) > limit:
        words = words[:limit].rsplit("-", 1)[0] if "-" in words[:limit] else words[:limit]
    assert slug(text, limit) == words.strip("-")
