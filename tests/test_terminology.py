"""terminology: the glossary's renderings of the terms the source names (issue 30)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval import terms
from capeval.assertions import ParamsError, Subject
from capeval.assertions import terminology as tm

FILE = {"source": "file", "targets": ["Datei"]}
PR_FR = {
    "source": "pull request",
    "targets": ["demande de fusion", "pull request"],
    "forbidden": ["requête de tirage", "request"],
    "locales": ["fr"],
}


def run(source, text, target_locale="de-DE", entries=(FILE,), **params):
    case = {"source": source, "source_locale": "en-US", "target_locale": target_locale}
    return tm.check(Subject.of(case, {"text": text}), {"entries": list(entries), **params})


@pytest.mark.parametrize(
    ("source", "text", "locale", "entries", "params", "code"),
    [
        ("Open the file", "Datei öffnen", "de-DE", [FILE], {}, "ok"),
        ("Open the files", "Dateien öffnen", "de-DE", [FILE], {}, "ok"),
        ("Open the file", "Dokument öffnen", "de-DE", [FILE], {}, "missing"),
        ("Open the FILE", "DATEI öffnen", "de-DE", [FILE], {}, "ok"),
        (
            "Open the file",
            "DATEI öffnen",
            "de-DE",
            [{**FILE, "case_sensitive": True}],
            {},
            "missing",
        ),
        ("Open the File", "datei öffnen", "de-DE", [FILE], {"case_sensitive": True}, "ok"),
        (
            "Open the file",
            "datei",
            "de",
            [{**FILE, "case_sensitive": False}],
            {"case_sensitive": True},
            "ok",
        ),
        ("Open the filesystem", "Dokument", "de-DE", [FILE], {}, "ok"),  # not the term
        ("Apply", "Anwenden", "de", [{"source": "app", "targets": ["App"]}], {}, "ok"),
        ("Saved files", "x", "de", [FILE], {}, "missing"),  # English -s
        ("Filed", "x", "de", [FILE], {}, "missing"),  # English -d
        ("Filer", "x", "de", [FILE], {}, "ok"),  # no English inflection
        ("Filer", "x", "de", [FILE], {"source_suffix": 2}, "missing"),
        ("write_file()", "x", "de-DE", [FILE], {}, "ok"),  # "_" joins words
        ("Open %(file)s", "%(file)s öffnen", "de-DE", [FILE], {}, "ok"),  # a placeholder
        ("See --file", "Siehe --file", "de-DE", [FILE], {}, "ok"),  # an option
        ("Einmal file", "Einmaldatei", "de-DE", [FILE], {}, "ok"),  # a compound
        ("Einmal file", "Einmaldatei", "de-DE", [FILE], {"compounds": False}, "missing"),
        ("Open the file", "Dateienverzeichnis", "fr", [FILE], {}, "missing"),
        ("Open the file", "Dateiensammlung", "fr", [FILE], {"suffix": 10}, "ok"),
        (
            "Open the file",
            "tiedostoissa",
            "fi",
            [{"source": "file", "targets": ["tiedosto*"]}],
            {},
            "ok",
        ),
        ("On the page", "sayfadaki", "tr", [{"source": "page", "targets": ["sayfa"]}], {}, "ok"),
        (
            "On the page",
            "sayfadaki",
            "az",
            [{"source": "page", "targets": ["sayfa"]}],
            {"suffix": 3},
            "missing",
        ),
        ("Open the file", "فتح والملف", "ar", [{"source": "file", "targets": ["ملف"]}], {}, "ok"),
        (
            "Open the file",
            "فتح والملف",
            "ar",
            [{"source": "file", "targets": ["ملف"]}],
            {"prefix": 0},
            "missing",
        ),
        (
            "Open the file",
            "保存文件失败",
            "zh-CN",
            [{"source": "file", "targets": ["文件"]}],
            {},
            "ok",
        ),
        (
            "Open the file",
            "ファイルを開く",
            "ja",
            [{"source": "file", "targets": ["ファイル"]}],
            {},
            "ok",
        ),
        ("STRASSE", "die Straße", "de", [{"source": "strasse", "targets": ["STRASSE"]}], {}, "ok"),
        ("Open a pull request", "Ouvrir une demande de fusion", "fr-FR", [PR_FR], {}, "ok"),
        ("Open a pull request", "Ouvrir une pull request", "fr-FR", [PR_FR], {}, "ok"),
        ("Open a pull request", "Ouvrir une requête de tirage", "fr-CA", [PR_FR], {}, "forbidden"),
        ("Open a pull request", "Ouvrir une requête", "fr", [PR_FR], {}, "missing"),
        ("Open a pull request", "Eine Anfrage öffnen", "de", [PR_FR], {}, "ok"),  # not for de
        ("Open a pull  request", "Ouvrir une demande\u00a0de fusion", "fr", [PR_FR], {}, "ok"),
        (
            "Check the file system",
            "Dateisystem prüfen",
            "de",
            [FILE, {"source": "file system", "targets": ["Dateisystem"]}],
            {"compounds": False},
            "ok",
        ),
        (
            "Check the file system and the file",
            "Dateisystem prüfen",
            "de",
            [FILE, {"source": "file system", "targets": ["Dateisystem"]}],
            {"compounds": False},
            "missing",
        ),
        (
            "Use Django",
            "Utilisez django",
            "fr",
            [{"source": "Django", "forbidden": ["django"], "case_sensitive": True}],
            {},
            "forbidden",
        ),
        (
            "Use django",
            "Utilisez django",
            "fr",
            [{"source": "Django", "forbidden": ["django"], "case_sensitive": True}],
            {},
            "ok",
        ),
    ],
)
def test_cases(source, text, locale, entries, params, code):
    expected = code if code == "ok" else f"terminology_{code}"
    assert run(source, text, locale, entries, **params).code == expected


def test_evidence_and_precedence():
    entries = [PR_FR, {"source": "branch", "targets": ["branche"]}]
    text = "Ouvrir une requête de tirage depuis la succursale"
    outcome = run("Open a pull request from the branch", text, "fr", entries)
    assert outcome.code == "terminology_forbidden"
    assert outcome.evidence["terms"] == [
        {
            "code": "terminology_forbidden",
            "source": "pull request",
            "targets": ["demande de fusion", "pull request"],
            "found": "requête de tirage",
            "offset": 11,
        },
        {
            "code": "terminology_missing",
            "source": "pull request",
            "targets": ["demande de fusion", "pull request"],
        },
        {"code": "terminology_missing", "source": "branch", "targets": ["branche"]},
    ]
    assert "suggestions" not in outcome.evidence
    assert "(and 2 more)" in outcome.message


@pytest.mark.parametrize(
    "params",
    [
        {"entries": []},
        {"entries": [{"source": "x"}]},  # neither targets nor forbidden
        {"entries": [{"source": "x", "targets": ["a*b"]}]},
        {"entries": [{"source": "x", "targets": [3]}]},
        {"entries": "x"},
        {"entries": [{"source": "x", "targets": ["y"]}], "suffix": -1},
    ],
)
def test_bad_params_raise(params):
    case = {"source": "x", "target_locale": "fr"}
    with pytest.raises(ParamsError):
        tm.check(Subject.of(case, {"text": "y"}), params)


def test_param_errors():
    params = {"entries": [{"source": "x"}, {"source": "y", "forbidden": ["*"]}]}
    errors = tm.param_errors({}, params)
    assert len(errors) == 2 and "entries[0]" in errors[0] and "entries[1]" in errors[1]
    assert tm.param_errors({}, {"entries": [FILE]}) == []


_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyzäöüéßç", min_size=2, max_size=8)
_TEXT = st.text(alphabet="abcdefghij äöü.,;:!?()'\"-_%{}<>/\n", max_size=60)


@settings(max_examples=300, deadline=None)
@given(term=_WORD, rendering=st.lists(_WORD, min_size=1, max_size=3), before=_TEXT, after=_TEXT)
def test_a_required_rendering_present_never_fails(term, rendering, before, after):
    rendering = " ".join(rendering)
    entry = {"source": term, "targets": [rendering]}
    text = f"{before} {rendering} {after}"
    if terms.prose(text) != text:  # a placeholder or tag may swallow it: not prose
        return
    outcome = run(f"the {term}", text, "fr", [entry])
    assert outcome.passed, outcome


@settings(max_examples=300, deadline=None)
@given(term=_WORD, rendering=_WORD, text=st.text(alphabet="abcdefghijABCDEFGHIJ .,-", max_size=40))
def test_case_insensitive_matching_is_symmetric(term, rendering, text):
    entry = {"source": term, "targets": [rendering.upper()], "forbidden": [rendering[::-1]]}
    codes = {
        run(source, candidate, "fr", [entry]).code
        for source in (f"the {term}", f"THE {term.upper()}")
        for candidate in (text, text.upper(), text.lower(), text.swapcase())
    }
    assert len(codes) == 1, codes


@settings(max_examples=300, deadline=None)
@given(term=st.text(min_size=1, max_size=12), text=st.text(max_size=80))
def test_the_matcher_takes_any_text(term, text):
    if terms.term_problem(term) is not None:
        with pytest.raises(ValueError):
            terms.pattern(term, 3)
        return
    for part in (False, True):
        for start, end in terms.spans(term, text, False, 3, 1, part):
            assert 0 <= start <= end <= len(text)


def test_locale_ranges():
    assert terms.locale_matches(None, "fr")
    assert terms.locale_matches(["fr"], "fr_CA")
    assert terms.locale_matches(["FR-ca"], "fr-CA")
    assert not terms.locale_matches(["fr-CA"], "fr")
    assert not terms.locale_matches(["fr"], "fur")
    assert terms.locale_matches(["*"], "ja")
    assert not terms.locale_matches(["fr"], None)


def test_offsets_are_the_candidates_when_folding_changes_lengths():
    # "ß" folds to "ss" and "ﬁ" to "fi": offsets still point into the text as written
    entry = {"source": "file", "forbidden": ["FICHIER"], "targets": ["Datei"]}
    text = "Straße: ﬁchier"
    outcome = run("the file", text, "de", [entry])
    (found,) = [t for t in outcome.evidence["terms"] if t["code"] == "terminology_forbidden"]
    assert text[found["offset"] :].startswith(found["found"]) and found["found"] == "ﬁchier"
    assert terms.spans("strasse", "Die Straße", False, 0) == [(4, 10)]
