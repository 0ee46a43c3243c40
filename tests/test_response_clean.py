"""response_clean: lead-ins, notes, markers, source echoes and wrapping (issue 12)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from capeval.assertions import ParamsError, Subject
from capeval.assertions import response_clean as rc
from capeval.suggestions import apply

CLEAN = "Enregistrer le fichier"
SOURCE = "Save the file"


def run(text, source=SOURCE, params=None, source_locale="en-US", target_locale="fr-FR"):
    case = {"source": source, "source_locale": source_locale, "target_locale": target_locale}
    return rc.check(Subject.of(case, {"text": text}), params or {})


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Here is the translation: " + CLEAN, "response_lead_in"),
        ("Sure! Here's the French translation:\n\n" + CLEAN, "response_lead_in"),
        ("**Translation:** " + CLEAN, "response_lead_in"),
        ("Traduction (français) : " + CLEAN, "response_lead_in"),
        ("Voici la traduction : " + CLEAN, "response_lead_in"),
        ("Hier ist die Übersetzung: Datei speichern", "response_lead_in"),
        ("Aquí está la traducción: Guardar el archivo", "response_lead_in"),
        ("Вот перевод: Сохранить файл", "response_lead_in"),
        ("以下是翻译：保存文件", "response_lead_in"),
        ("翻訳：ファイルを保存", "response_lead_in"),
        ("번역: 파일 저장", "response_lead_in"),
        ("إليك الترجمة: احفظ الملف", "response_lead_in"),
        ("הנה התרגום: שמור את הקובץ", "response_lead_in"),
        ("यह रहा अनुवाद: फ़ाइल सहेजें", "response_lead_in"),
        ("นี่คือคำแปล: บันทึกไฟล์", "response_lead_in"),
        ("İşte çeviri: Dosyayı kaydet", "response_lead_in"),
        (CLEAN + "\n\nNote: I used the formal register.", "response_note"),
        (CLEAN + " (Literally: save the file)", "response_note"),
        (CLEAN + ". I hope this helps!", "response_note"),
        ("保存文件\n注：使用了正式语气。", "response_note"),
        (CLEAN + " [to be translated]", "response_marker"),
        ("<translation>" + CLEAN + "</translation>", "response_marker"),
        (CLEAN + "<|im_end|>", "response_marker"),
        ("Save the file\n" + CLEAN, "response_source_echo"),
        (CLEAN + " (Save the file)", "response_source_echo"),
        ('"' + CLEAN + '"', "response_wrapped"),
        ("« " + CLEAN + " »", "response_wrapped"),
        ("「ファイルを保存」", "response_wrapped"),
        ("```\n" + CLEAN + "\n```", "response_wrapped"),
        ("```text\n" + CLEAN + "\n```", "response_wrapped"),
    ],
)
def test_detects(text, code):
    assert run(text).code == code


@pytest.mark.parametrize(
    ("source", "text"),
    [
        (SOURCE, CLEAN),
        ("Result: %s", "Résultat : %s"),  # the source opens with a label of its own
        ("Translation: %s", "Traduction : %s"),
        ("Note: this is slow.", "Remarque : c’est lent."),
        (
            "Warning: disk full. Note: retry later.",
            "Attention : disque plein. Remarque : réessayez.",
        ),
        ("Enter it. Note that case matters.", "Wpisz. Uwaga: wielkość liter ma znaczenie."),
        ('Say "yes" or "no"', '"Oui" ou "non"'),  # quotes inside: not a wrapper
        ('"Quoted"', '"Cité"'),  # the source is wrapped itself
        ("Sure", "Bien sûr"),
        ("Here", "Ici"),
        ("Open [to be translated] items", "Ouvrir les éléments [to be translated]"),
        ("GNU General Public License", "GNU General Public License"),  # untranslated is not echo
        ("Don't save", "'Ne pas enregistrer'"[1:-1]),
        ("", ""),
    ],
)
def test_passes(source, text):
    assert run(text, source=source).passed, run(text, source=source).evidence


def test_same_language_pairs_are_exempt_from_echo():
    text = "Save the file\nSave this file"
    assert run(text, target_locale="fr-FR").code == "response_source_echo"
    assert run(text, source_locale="en-US", target_locale="en-GB").passed


def test_params_extend_the_lists_and_switch_checks_off():
    assert run("Ecco: " + CLEAN).passed
    assert run("Ecco: " + CLEAN, params={"lead_ins": ["Ecco"]}).code == "response_lead_in"
    assert run(CLEAN + " -- MT").passed
    assert run(CLEAN + " -- MT", params={"markers": ["-- mt"]}).code == "response_marker"
    assert run(CLEAN + ". Glossar beachtet", params={"notes": ["glossar"]}).code == "response_note"
    assert run('"' + CLEAN + '"', params={"wrapping": False}).passed
    assert run("Save the file\n" + CLEAN, params={"echo": False}).passed


def test_bad_params_are_a_params_error():
    with pytest.raises(ParamsError):
        run(CLEAN, params={"markers": "x"})


def test_evidence_lists_every_finding_in_precedence_order():
    outcome = run(CLEAN + " [to be translated]\nNote: formal. Translation: " + CLEAN)
    assert outcome.code == "response_note"
    codes = [finding["code"] for finding in outcome.evidence["findings"]]
    assert codes == ["response_note", "response_marker"]
    assert codes == sorted(codes, key=rc.CODES.index)


def test_phrase_data_is_read_once():
    assert rc.phrase_data() is rc.phrase_data()
    assert {"en", "fr", "de", "zh", "ja", "ko", "ar", "he", "hi", "th"} <= set(
        rc.phrase_data()["lead_in"]
    )


# --- property: a suggestion undoes one injected defect, and nothing else --------------------

_WORDS = st.sampled_from(
    ["fichier", "Datei", "файл", "ファイル", "文件", "ملف", "קובץ", "फ़ाइल", "ไฟล์", "저장", "ouvrir"]
)
_TRANSLATIONS = st.lists(_WORDS, min_size=1, max_size=6).map(" ".join)
_INJECTIONS = [
    lambda t: "Here is the translation: " + t,
    lambda t: "Voici la traduction :\n" + t,
    lambda t: "以下是翻译：" + t,
    lambda t: "**Übersetzung:** " + t,
    lambda t: t + "\n\nNote: formal register.",
    lambda t: t + " (Примечание: дословно)",
    lambda t: t + " [to be translated]",
    lambda t: "<translation>" + t + "</translation>",
    lambda t: '"' + t + '"',
    lambda t: "« " + t + " »",
    lambda t: "```\n" + t + "\n```",
    lambda t: "Save all the files\n" + t,
]


@settings(max_examples=150, deadline=None)
@given(_TRANSLATIONS, st.sampled_from(range(len(_INJECTIONS))))
def test_suggestion_restores_the_clean_translation(translation, which):
    assert run(translation, source="Save all the files").passed
    if which == len(_INJECTIONS) - 1:  # an echo needs a translation beside it
        assume(sum(char.isalpha() for char in translation) >= 8)
    text = _INJECTIONS[which](translation)
    outcome = run(text, source="Save all the files")
    assert not outcome.passed
    [fix] = outcome.evidence["suggestions"]
    fixed = apply(text, fix)
    assert fixed == translation
    assert fix.get("text", fixed) == fixed
    assert run(fixed, source="Save all the files").passed


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=120), st.text(max_size=120))
def test_never_raises_and_codes_are_known(source, text):
    outcome = run(text, source=source)
    assert outcome.code == "ok" or outcome.code in rc.CODES
    for fix in outcome.evidence.get("suggestions", []):
        edit = fix["edit"]
        assert 0 <= edit["start"] <= edit["end"] <= len(outcome_text(text))


def outcome_text(text):
    from capeval.assertions import nfc

    return nfc(text)
