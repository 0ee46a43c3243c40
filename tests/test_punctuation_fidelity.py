"""punctuation_fidelity: end punctuation in the target's form, brackets, French spacing,
doubled marks (issue 30)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval.assertions import Subject
from capeval.assertions import punctuation_fidelity as pf
from capeval.suggestions import apply


def run(source, text, target_locale="de-DE", **params):
    case = {"source": source, "source_locale": "en-US", "target_locale": target_locale}
    return pf.check(Subject.of(case, {"text": text}), params)


@pytest.mark.parametrize(
    ("source", "text", "target", "params", "code"),
    [
        ("Delete the file?", "Datei löschen?", "de-DE", {}, "ok"),
        ("Delete the file?", "Datei löschen", "de-DE", {}, "punctuation_end_missing"),
        ("Delete the file?", "Datei löschen.", "de-DE", {}, "punctuation_end_changed"),
        ("Delete the file?", "ファイルを削除しますか？", "ja-JP", {}, "ok"),
        ("Delete the file?", "ファイルを削除しますか?", "ja-JP", {}, "ok"),
        ("Delete the file?", "Datei löschen？", "de-DE", {}, "punctuation_end_form"),
        ("Delete the file?", "حذف الملف?", "ar", {}, "punctuation_end_form"),
        ("Delete the file?", "حذف الملف؟", "ar", {}, "ok"),
        ("Delete the file?", "Διαγραφή αρχείου;", "el", {}, "ok"),
        ("File saved.", "फ़ाइल सहेजी गई।", "hi-IN", {}, "ok"),
        ("File saved.", "Datei gespeichert", "de-DE", {}, "ok"),  # one sentence: style
        ("Saved. Close it.", "Gespeichert. Schließen", "de-DE", {}, "punctuation_end_missing"),
        (
            "File saved.",
            "Datei gespeichert",
            "de-DE",
            {"full_stop": "always"},
            "punctuation_end_missing",
        ),
        ("Saved. Close it.", "Gespeichert. Schließen", "de-DE", {"full_stop": "never"}, "ok"),
        ("File saved.", "บันทึกไฟล์แล้ว", "th", {"full_stop": "always"}, "ok"),
        ("Loading...", "Chargement…", "fr-FR", {}, "ok"),
        ('Delete "%s"?', "« %s » supprimer ?", "fr-FR", {}, "ok"),
        ("Options::", "Optionen:", "de-DE", {}, "ok"),  # a literal-block marker
        ("Name (optional)", "Name (optional", "de-DE", {}, "punctuation_bracket_unbalanced"),
        ("1) first", "1) erstens", "de-DE", {}, "ok"),  # the source is unbalanced too
        ("Say 'hi'", "Sag »hallo«", "de-DE", {}, "ok"),  # guillemets either way
        ('Say "hi"', 'Sag "hallo', "de-DE", {}, "punctuation_bracket_unbalanced"),
        ("Name: %s", "Nom: %s", "fr-FR", {}, "punctuation_spacing"),
        ("Name: %s", "Nom : %s", "fr-FR", {}, "ok"),
        ("Name: %s", "Nom\u202f: %s", "fr-FR", {}, "ok"),
        ("Really?", "Vraiment?", "fr-CA", {}, "ok"),  # Canadian French: none before ?
        ("Really?", "Vraiment?", "fr-FR", {}, "punctuation_spacing"),
        ("%s: failed", "%s: échec", "fr-FR", {}, "ok"),  # copied from the source
        ("See http://x.org", "Voir http://x.org", "fr-FR", {}, "ok"),
        ("Done.", "Fertig..", "de-DE", {}, "punctuation_doubled"),
        ("Wait...", "Warten...", "de-DE", {}, "ok"),
        ("Save file", "Datei  speichern", "de-DE", {}, "ok"),
        ("Save file", "Datei  speichern", "de-DE", {"doubled_spaces": True}, "punctuation_doubled"),
        ("Delete the file?", "Datei löschen", "de-DE", {"end": False}, "ok"),
        ("Saved.", "ተቀይሯል::", "am", {}, "ok"),  # Amharic full stop written "::"
        ("Done.", "Fertig::", "de-DE", {}, "punctuation_end_form"),
        ("Time:", "Ժամանակ\u2024", "hy", {}, "ok"),
        ("%s KB", '%s ק"ב', "he", {}, "ok"),  # gershayim
        ("%s KB", '%s K"B', "de-DE", {}, "punctuation_bracket_unbalanced"),
        # the end marks of other scripts, doubled
        ("Enter a number.", "نمبر درج کریں۔۔", "ur", {}, "punctuation_doubled"),
        ("Delete?", "حذف؟؟", "ar", {}, "punctuation_doubled"),
        ("Done.", "Ավարտված է։։", "hy", {}, "punctuation_doubled"),
        ("Done.", "រួចរាល់។។", "km", {}, "punctuation_doubled"),
        ("Done.", "ပြီးပါပြီ။။", "my", {}, "punctuation_doubled"),
        ("Saved.", "ተቀይሯል::::", "am", {}, "punctuation_doubled"),
        ("Saved.", "ተቀይሯል።።", "am", {}, "punctuation_doubled"),
        ("Done.", "Ավարտված է։", "hy", {}, "ok"),
        # seen on real catalogs: Dhivehi writes the Arabic question mark, Chinese the small
        # forms, and two full stops between digits are a range
        ("Save?", "ރައްކާކުރަންތޯ؟", "dv", {}, "ok"),
        ("Save?", "ރައްކާކުރަންތޯ?", "dv", {}, "punctuation_end_form"),
        ("Open nano!", "開啟 nano﹗", "zh-TW", {}, "ok"),
        ("Open nano!", "nano öffnen﹗", "de-DE", {}, "punctuation_end_form"),
        ("Value (0-255)", "Arvo (000..255)", "fi", {}, "ok"),
        ("Version 2.", "Versio 2..", "fi", {}, "punctuation_doubled"),
    ],
)
def test_cases(source, text, target, params, code):
    assert run(source, text, target, **params).code == code


@pytest.mark.parametrize(
    ("source", "text", "target", "fixed"),
    [
        ("Delete the file?", "حذف الملف?", "ar", "حذف الملف؟"),
        ("Delete the file?", "Datei löschen", "de-DE", "Datei löschen?"),
        ("Name: %s", "Nom: %s", "fr-FR", "Nom\u202f: %s"),
        ("Done.", "Fertig..", "de-DE", "Fertig."),
        ("Enter a number.", "نمبر درج کریں۔۔", "ur", "نمبر درج کریں۔"),
    ],
)
def test_suggestions_repair_one_finding(source, text, target, fixed):
    outcome = run(source, text, target)
    (fix,) = outcome.evidence["suggestions"]
    assert apply(text, fix) == fixed
    assert run(source, fixed, target).passed


def test_evidence_lists_every_finding_in_precedence_order():
    outcome = run("Name (optional)?", "Nom (facultatif,,", "fr-FR")
    assert [f["code"] for f in outcome.evidence["findings"]] == [
        "punctuation_end_missing",
        "punctuation_bracket_unbalanced",
        "punctuation_doubled",
    ]
    assert outcome.code == "punctuation_end_missing"


_TEXT = st.lists(st.sampled_from(list('ab .?!:;…()[]«»"。？؟ ') + ["...", "::"]), max_size=30)


@settings(max_examples=300, deadline=None)
@given(_TEXT.map("".join), st.sampled_from(["de-DE", "fr-FR", "ja-JP", "ar", "el", "th"]))
def test_a_text_passes_against_itself(text, locale):
    assert run(text, text, locale).passed


@settings(max_examples=300, deadline=None)
@given(_TEXT.map("".join))
def test_end_mark_is_at_the_end(text):
    found = pf.end_mark(text)
    if found is not None:
        kind, form, at = found
        assert text[at : at + len(form)] == form
        assert all(c in pf._TRAILING_BLANK + pf._CLOSERS for c in text[at + len(form) :])


@settings(max_examples=200, deadline=None)
@given(_TEXT.map("".join), st.sampled_from(["de-DE", "fr-FR", "ja-JP", "ar"]))
def test_every_suggestion_removes_a_finding_and_adds_none(text, locale):
    outcome = run("Is it done? (yes)", text, locale)
    keys = {pf._key(f) for f in outcome.evidence.get("findings", [])}
    for fix in outcome.evidence.get("suggestions", []):
        after = run("Is it done? (yes)", apply(text, fix), locale)
        assert {pf._key(f) for f in after.evidence.get("findings", [])} < keys
