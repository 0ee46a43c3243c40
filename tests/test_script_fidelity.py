"""script_fidelity: letters in the target locale's scripts, placeholders and kept terms aside."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval import scripts
from capeval.assertions import ParamsError, Subject, script_fidelity


def verdict(text: str, target: str, source: str = "Open the file", **params):
    case = {"source_locale": "en-US", "target_locale": target, "source": source}
    return script_fidelity.check(Subject.of(case, {"text": text}), params)


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        ("ja", ("Jpan",)),
        ("ja-JP", ("Jpan",)),
        ("zh", ("Hans",)),
        ("zh-CN", ("Hans",)),
        ("zh-Hans", ("Hans",)),
        ("zh-TW", ("Hant",)),
        ("zh-Hant-HK", ("Hant",)),
        ("ko-KR", ("Kore",)),
        ("sr", ("Cyrl",)),
        ("sr-Latn", ("Latn",)),
        ("sr-ME", ("Latn",)),  # CLDR: Montenegrin Serbian is written in Latin
        ("ar", ("Arab",)),
        ("fa-IR", ("Arab",)),
        ("he", ("Hebr",)),
        ("hi-IN", ("Deva",)),
        ("th", ("Thai",)),
        ("ru-RU", ("Cyrl",)),
        ("uk", ("Cyrl",)),
        ("de-DE", ("Latn",)),
        ("pt-BR", ("Latn",)),
        ("pa-PK", ("Arab",)),
        ("az-Cyrl", ("Cyrl",)),
    ],
)
def test_likely_scripts_from_cldr(tag, expected):
    assert scripts.locale_scripts(tag) == expected


def test_composite_scripts_expand():
    assert scripts.unicode_scripts(("Jpan",)) == ("Hani", "Hira", "Kana")
    assert scripts.unicode_scripts(("Kore",)) == ("Hang", "Hani")
    assert scripts.unicode_scripts(("Hant",)) == ("Hani", "Bopo")
    with pytest.raises(scripts.UnknownScript):
        scripts.unicode_scripts(("Qqqq",))


def test_an_unknown_language_has_no_guessed_script():
    with pytest.raises(scripts.UnknownScript):
        scripts.locale_scripts("tlh")


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("ファイルを開く", "ja-JP"),
        ("ファイルをダウンロード中…", "ja"),  # ー is Common with Hiragana/Katakana extensions
        ("打开文件", "zh-Hans"),
        ("開啟檔案", "zh-TW"),
        ("파일 열기", "ko"),
        ("Отвори датотеку", "sr"),
        ("Otvori datoteku", "sr-Latn"),
        ("افتح الملف", "ar"),
        ("فایل را باز کنید", "fa"),
        ("פתח את הקובץ", "he"),
        ("फ़ाइल खोलें", "hi"),  # vowel signs and nukta are Devanagari marks
        ("เปิดไฟล์", "th"),
        ("Открыть файл", "ru"),
        ("Datei öffnen", "de"),
    ],
)
def test_translations_in_their_script_pass(text, target):
    assert verdict(text, target).passed


@pytest.mark.parametrize(
    ("text", "target", "top"),
    [
        ("Open the file", "ja", "Latn"),
        ("Открыть файл", "zh-Hans", "Cyrl"),
        ("ファイルを開く", "ru", "Kana"),
        ("Otvori datoteku", "sr", "Latn"),  # plain sr is Cyrillic
        ("Отвори датотеку", "sr-Latn", "Cyrl"),
        ("فتح الملف", "he", "Arab"),
        ("פתח את הקובץ", "ar", "Hebr"),
        ("เปิดไฟล์", "hi", "Thai"),
        ("फ़ाइल खोलें", "th", "Deva"),
        ("파일 열기", "ja", "Hang"),  # Hangul is not Japanese even though Han is
        ("Datei öffnen", "ar", "Latn"),
    ],
)
def test_a_candidate_in_another_script_fails(text, target, top):
    outcome = verdict(text, target, source="Save the document")
    assert outcome.code == "script_mismatch"
    evidence = outcome.evidence
    assert next(iter(evidence["other_scripts"])) == top
    assert evidence["expected"] == list(scripts.locale_scripts(target))
    assert evidence["share"] < 0.5
    assert evidence["min_share"] == 0.5


def test_evidence_shape():
    outcome = verdict("Сохранить файл 文件", "ja", source="Save file")
    assert outcome.evidence == {
        "expected": ["Jpan"],
        "letters": 15,
        "in_expected": 2,
        "share": 0.133,
        "min_share": 0.5,
        "other_scripts": {"Cyrl": 13},
        "source_terms_kept": 0,
    }


def test_placeholders_urls_entities_code_and_allow_terms_are_masked():
    text = "%(name)s {count} <b>{{user}}</b> https://example.com/docs &nbsp; `git push` ファイル"
    assert verdict(text, "ja", source="x").passed
    assert verdict("WidgetPro ファイル", "ja", source="x").code == "script_mismatch"
    assert verdict("WidgetPro ファイル", "ja", source="x", allow=["WidgetPro"]).passed


def test_terms_kept_from_the_source_count_for_no_script():
    source = "Sphinx could not open %s with --force"
    assert verdict("Sphinx は %s を --force で開けません", "ja", source=source).passed
    # inflected or plural forms of a kept term count as kept
    assert verdict("%ld inode'ов", "ru", source="%ld inodes").passed
    # without the exemption the Latin letters count
    strict = verdict(
        "Sphinx は %s を --force で開けません", "ja", source=source, source_terms=False
    )
    assert strict.passed is False
    # a copy of the source passes here (untranslated is the check for copies)
    assert verdict(source, "ja", source=source).passed


def test_kept_terms_in_the_target_script_do_not_hide_a_foreign_text():
    # "fstat" comes from the source: it counts for neither script, the Han letters remain
    outcome = verdict("进行 fstat 失败：%s", "fr", source="failed to do fstat: %s")
    assert outcome.code == "script_mismatch"
    assert outcome.evidence["source_terms_kept"] == 1


def test_mixed_words_are_cut_at_script_changes():
    # Japanese writes Latin terms without spaces: the kept term is still recognised
    source = "source_parser for %r is already registered"
    assert verdict("%r のsource_parserは既に登録されています", "ja", source=source).passed


def test_min_share_and_min_letters():
    # 5 of 11 letters are Japanese: 45%
    assert verdict("Cancel キャンセル", "ja", source="x").code == "script_mismatch"
    assert verdict("Cancel キャンセル", "ja", source="x", min_share=0.45).passed
    assert verdict("OK", "ja", source="x").code == "script_mismatch"
    assert verdict("OK", "ja", source="x", min_letters=3).passed
    assert verdict("", "ja").passed
    assert verdict("%s: %d", "ja").passed


def test_explicit_scripts_override_the_locale():
    assert verdict("Otvori datoteku", "sr", scripts=["Latn", "Cyrl"]).passed
    assert verdict("Отвори", "sr", scripts=["Latn"]).code == "script_mismatch"


def test_params_errors():
    case = {"target_locale": "tlh", "source": "x"}
    assert script_fidelity.param_errors(case, {})
    assert script_fidelity.param_errors(case, {"scripts": ["Latn"]}) == []
    assert script_fidelity.param_errors({"target_locale": "de"}, {"scripts": ["Qqqq"]})
    with pytest.raises(ParamsError):
        verdict("x", "tlh")


def test_the_params_schema_rejects_unknown_keys():
    assert script_fidelity.PARAMS["additionalProperties"] is False


LETTERS = {
    "ja": "ぁあいうえおかきくけこカタナハマヤラ日本語漢字",
    "ru": "абвгдежзийклмнопрстуфхцчшщыэюя",
    "ar": "ابتثجحخدذرزسشصضطظعغفقكلمنهوي",
    "he": "אבגדהוזחטיכלמנסעפצקרשת",
    "hi": "अआइईउऊएऐओऔकखगघचछजझटठडढणतथदधनपफबभमयरलवशषसह",
    "th": "กขคงจฉชซญฎฏฐฑฒณดตถทธนบปผฝพฟภมยรลวศษสหฬอฮ",
    "de": "abcdefghijklmnopqrstuvwxyzäöüß",
}


@settings(max_examples=200, deadline=None)
@given(
    target=st.sampled_from(sorted(LETTERS)),
    other=st.sampled_from(sorted(LETTERS)),
    data=st.data(),
)
def test_property_a_swap_to_another_script_fails_and_own_script_passes(target, other, data):
    """Text written only in the target's letters passes; only in another script's, fails."""
    own = data.draw(st.text(alphabet=LETTERS[target], min_size=1, max_size=30))
    noise = data.draw(st.sampled_from(["", " %s", " {count}", " 42", " https://x.test/a"]))
    assert verdict(own + noise, target, source="Lorem ipsum").passed
    if other != target:
        foreign = data.draw(st.text(alphabet=LETTERS[other], min_size=1, max_size=30))
        outcome = verdict(foreign + noise, target, source="Lorem ipsum")
        if other == "de" and target == "de":
            return
        assert outcome.code == "script_mismatch"
        assert outcome.evidence["in_expected"] == 0


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60), st.text(max_size=60))
def test_property_total_and_consistent(source, text):
    """Any text gets a verdict; evidence counts add up."""
    outcome = verdict(text, "ja", source=source)
    if not outcome.passed:
        evidence = outcome.evidence
        assert evidence["letters"] == evidence["in_expected"] + sum(
            evidence["other_scripts"].values()
        )
        assert evidence["share"] < 0.5


def test_letter_counts_leave_kept_terms_out_even_in_the_expected_script():
    # "View" comes from the source: it counts for no script, so nothing German remains
    assert script_fidelity.letter_counts("view:", "View:", ("Latn",)) == (0, 0, {}, 1)
    assert script_fidelity.letter_counts("view:", "Ansicht:", ("Latn",)) == (7, 7, {}, 0)
