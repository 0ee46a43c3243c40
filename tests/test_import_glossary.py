"""cap-import --glossary: glossary files read (JSON Lines, CSV), bad rows diagnosed, and each
case given the entries its source names (issue 30)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval.cli import UsageError
from capeval.importer import glossary

from conftest import run_cmd

PO = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: fr\\n"

msgid "Open a pull request"
msgstr "Ouvrir une requête de tirage"

msgid "Delete the branch %(name)s?"
msgstr "Supprimer la branche %(name)s ?"

msgid "Save %(file)s"
msgstr "Enregistrer %(file)s"
"""


def _load(tmp_path: Path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    problems: list[tuple[str, int, str]] = []
    loaded, rows, refused = glossary.load(str(path), lambda *p: problems.append(p))
    return loaded, rows, refused, problems


def test_csv_and_jsonl_give_the_same_entries(tmp_path):
    csv_text = (
        "Source,Target,Forbidden,Case_Sensitive,Locale,Note\n"
        'pull request,demande de fusion|PR,requête de tirage,,fr,"a note, quoted"\n'
        "Django,Django,,yes,,\n"
    )
    jsonl_text = (
        '{"source": "pull request", "targets": ["demande de fusion", "PR"], '
        '"forbidden": "requête de tirage", "locales": ["fr"], "note": "ignored"}\n'
        "\n"
        '{"source": "Django", "target": "Django", "case_sensitive": true}\n'
    )
    from_csv = _load(tmp_path, "g.csv", csv_text)
    from_jsonl = _load(tmp_path, "g.jsonl", jsonl_text)
    assert (
        from_csv[0].entries
        == from_jsonl[0].entries
        == [
            {
                "source": "pull request",
                "targets": ["demande de fusion", "PR"],
                "forbidden": ["requête de tirage"],
                "locales": ["fr"],
            },
            {"source": "Django", "targets": ["Django"], "case_sensitive": True},
        ]
    )
    assert from_csv[1:] == from_jsonl[1:] == (2, 0, [])


def test_tsv_and_a_sniffed_suffix(tmp_path):
    loaded, *_ = _load(tmp_path, "g.tsv", "source\ttargets\nfile\tDatei|Dateien\n")
    assert loaded.entries == [{"source": "file", "targets": ["Datei", "Dateien"]}]
    loaded, *_ = _load(tmp_path, "glossary.txt", '{"source": "file", "targets": ["Datei"]}\n')
    assert loaded.entries == [{"source": "file", "targets": ["Datei"]}]


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("g.jsonl", "{not json\n", "not JSON"),
        ("g.jsonl", "[1]\n", "not a JSON object"),
        ("g.jsonl", '{"source": "x"}\n', "give targets or forbidden"),
        ("g.jsonl", '{"targets": ["x"]}\n', "source"),
        ("g.jsonl", '{"source": "x", "targets": [""]}\n', "targets"),
        ("g.jsonl", '{"source": "x", "targets": ["a*b"]}\n', "'*' stands only"),
        ("g.jsonl", '{"source": "x", "targets": ["y"], "locales": "f" }\n', None),
        ("g.jsonl", '{"source": "x", "targets": ["y"], "case_sensitive": 1}\n', "boolean"),
        ("g.jsonl", '{"source": "' + "x" * 201 + '", "targets": ["y"]}\n', "source"),
        ("g.csv", 'source,targets\n"x,"y\n', "not CSV"),
        ("g.csv", "source,targets\nx,y,z\n", "3 fields"),
        ("g.csv", "source,targets,case_sensitive\nx,y,maybe\n", "boolean"),
    ],
)
def test_a_bad_row_is_malformed_and_the_rest_is_read(tmp_path, name, text, message):
    good = '{"source": "ok", "targets": ["bien"]}\n' if name.endswith("jsonl") else "ok,bien\n"
    loaded, rows, refused, problems = _load(tmp_path, name, text + good)
    assert loaded.entries[-1] == {"source": "ok", "targets": ["bien"]}
    if message is None:  # a one-value field is made a list: a valid entry
        assert refused == 0 and problems == []
        return
    assert refused == 1 and rows == 2
    ((code, line, said),) = problems
    assert code == "glossary.malformed" and message in said
    assert line == (1 if name.endswith("jsonl") else 2)


def test_a_duplicate_keeps_the_first(tmp_path):
    text = (
        '{"source": "File", "targets": ["Datei"]}\n'
        '{"source": "file", "targets": ["Akte"]}\n'
        '{"source": "file", "targets": ["Fichier"], "locales": ["fr"]}\n'
        '{"source": "file", "targets": ["Akte"], "case_sensitive": true}\n'
    )
    loaded, rows, refused, problems = _load(tmp_path, "g.jsonl", text)
    assert [e["targets"] for e in loaded.entries] == [["Datei"], ["Fichier"], ["Akte"]]
    assert [(c, n) for c, n, _ in problems] == [("glossary.duplicate", 2)]


@pytest.mark.parametrize(
    ("name", "data", "said"),
    [
        ("g.tbx", b"<martif/>", "TBX is not read"),
        ("g.csv", b"\xff\xfe\x00", "not UTF-8"),
        ("g.csv", b"term,rendering\na,b\n", "no 'source' column"),
        ("missing.csv", None, "cannot read"),
    ],
)
def test_a_file_that_is_no_glossary_is_a_usage_error(tmp_path, name, data, said):
    path = tmp_path / name
    if data is not None:
        path.write_bytes(data)
    with pytest.raises(UsageError, match=said):
        glossary.load(str(path), lambda *p: None)


def test_entries_for_a_source():
    entries = [
        {"source": "pull request", "targets": ["demande de fusion"], "locales": ["fr"]},
        {"source": "file", "targets": ["Datei"], "locales": ["de"]},
        {"source": "app", "targets": ["appli"]},
        {"source": "文件", "targets": ["file"]},
        {"source": ".NET", "targets": [".NET"], "case_sensitive": True},
        {"source": "Django", "targets": ["Django"], "case_sensitive": True},
    ]
    found = glossary.Glossary(entries).entries_for
    assert found("Open two pull requests", "fr-CA") == [entries[0]]
    assert found("Open two pull requests", "de") == []
    assert found("Open the files", "de-AT") == [entries[1]]
    assert found("Open the apps", "fr") == [entries[2]]
    # an English source's words take English inflections only: "Apply" names no "app"
    assert found("Apply", "fr") == []
    assert found("Format the apps", "fr") == [entries[2]]
    # a bound of letters instead (params, or a source in another language)
    assert found("Apply", "fr", {"source_suffix": 2}) == [entries[2]]
    assert found("Apply", "fr", {}, "de") == [entries[2]]
    assert found("保存文件", "en") == [entries[3]]
    assert found("Built on .NET and Django", "fr") == [entries[4], entries[5]]
    assert found("Built on .net and django", "fr") == []
    assert found("%(file)s saved", "de") == []  # a placeholder names no term
    assert found("Django", "fr", {"case_sensitive": False}) == [entries[5]]


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=300), suffix=st.sampled_from([".csv", ".jsonl", ".tsv", ""]))
def test_any_bytes_give_entries_or_diagnostics_never_a_traceback(tmp_path_factory, data, suffix):
    path = tmp_path_factory.mktemp("g") / f"glossary{suffix}"
    path.write_bytes(data)
    problems: list = []
    try:
        loaded, rows, refused = glossary.load(str(path), lambda *p: problems.append(p))
    except UsageError:
        return
    assert refused <= rows and len(loaded.entries) <= rows
    assert all(code.startswith("glossary.") for code, _, _ in problems)
    for entry in loaded.entries:
        loaded.entries_for(entry["source"], "fr")


def test_imported_cases_validate_and_check(tmp_path):
    (tmp_path / "fr.po").write_text(PO, encoding="utf-8")
    (tmp_path / "g.csv").write_text(
        "source,targets,forbidden\n"
        "pull request,demande de fusion,requête de tirage\n"
        "branch,branche,\n"
        "file,fichier,\n",
        encoding="utf-8",
    )
    imported = run_cmd(
        "cap-import", "--provenance-kind", "synthetic", "--glossary", "g.csv", "fr.po",
        "--candidates", "c.jsonl", cwd=tmp_path,
    )  # fmt: skip
    assert imported.returncode == 0, imported.stderr
    assert b"g.csv: 3 read, 2 applied" in imported.stderr
    cases = [json.loads(line) for line in imported.stdout.splitlines()]
    terminology = [[a for a in c["assertions"] if a["name"] == "terminology"] for c in cases]
    # "%(file)s" is a placeholder: the third case names no term and has no such assertion
    assert [len(t) for t in terminology] == [1, 1, 0]
    validated = run_cmd("cap-validate", stdin=imported.stdout, cwd=tmp_path)
    assert validated.returncode == 0, validated.stderr
    checked = run_cmd("cap-check", "--candidates", "c.jsonl", stdin=validated.stdout, cwd=tmp_path)
    results = [json.loads(line) for line in checked.stdout.splitlines()]
    codes = {r["code"] for r in results if r["assertion"] == "terminology"}
    assert codes == {"terminology_forbidden", "ok"}
