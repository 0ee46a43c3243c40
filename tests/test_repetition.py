"""repetition: loops and doubled words the source does not have, language-aware (issue 30)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval.assertions import Subject
from capeval.assertions import repetition as rp
from capeval.suggestions import apply


def run(source, text, target_locale="fr-FR", **params):
    case = {"source": source, "source_locale": "en-US", "target_locale": target_locale}
    return rp.check(Subject.of(case, {"text": text}), params)


@pytest.mark.parametrize(
    ("source", "text", "target", "params", "code"),
    [
        ("Save the file", "Enregistrer le fichier", "fr-FR", {}, "ok"),
        ("Save the file", "Enregistrer le fichier le fichier", "fr-FR", {}, "repetition_loop"),
        ("Save", "Enregistrer enregistrer enregistrer", "fr-FR", {}, "repetition_loop"),
        ("failed to get it", "échec de de l'obtention", "fr-FR", {}, "repetition_word_doubled"),
        ("failed", "échec de de", "fr-FR", {"words": False}, "ok"),
        ("We sat down", "Nous nous sommes assis", "fr-FR", {}, "ok"),  # grammatical
        ("so that it", "so dass die die Daten", "de-DE", {}, "ok"),
        ("slowly", "धीरे धीरे", "hi-IN", {}, "ok"),  # reduplication
        ("slowly", "yavaş yavaş", "tr-TR", {}, "ok"),
        ("Cancel the upload", "Cancel·la la pujada", "ca", {}, "ok"),  # l·l is in a word
        ("Cancel the upload", "Cancel·la la la pujada", "ca", {}, "repetition_word_doubled"),
        ("slowly", "yavaş yavaş yavaş", "tr-TR", {}, "repetition_loop"),
        ("Save file", "保存文件保存文件", "zh-CN", {}, "repetition_loop"),
        ("Thanks", "谢谢", "zh-CN", {}, "ok"),
        ("Discuss", "讨论讨论", "zh-CN", {}, "ok"),  # AB AB is grammar
        ("Discuss", "讨论讨论讨论", "zh-CN", {}, "repetition_loop"),
        ("%s %s", "%s %s", "fr-FR", {}, "ok"),
        ("Yes, yes", "Oui, oui", "fr-FR", {}, "ok"),  # a comma: no loop
        ("very very good", "très très bien", "fr-FR", {}, "ok"),  # the source's
        ("la la la", "la la la", "fr-FR", {}, "ok"),
        ("a\na", "x\nx", "fr-FR", {}, "ok"),  # one per line: a list
        ("<init> <args to init>", "<init 程序> <init 程序参数>", "zh-CN", {}, "ok"),
        ("Cannot open %s", "%s を open できませんを open できません", "ja", {}, "repetition_loop"),
        ("many", "wjele wjele", "dsb", {"words": True, "min_repeats": 2}, "repetition_loop"),
        # a unit across Korean's word spacing loops like any other
        ("Colombian Spanish", "콜롬비아 스페아 스페인어", "ko", {}, "repetition_loop"),
        ("Colombian Spanish", "콜롬비아 스페인어", "ko", {}, "ok"),
        ("a, b, c", "、文字列、文字列の", "ja", {}, "ok"),
        # Thai repeats whole syllables (trillion: a million million); a repeat that begins
        # with a vowel sign, ends with a leading vowel or holds a blank is no syllable's
        ("%s trillion", "%s ล้านล้าน", "th", {}, "ok"),
        ("phone", "เบอร์โทรศัพศัพท์", "th", {}, "ok"),
        ("week", "สัปดาัปดาห์", "th", {}, "repetition_loop"),
        ("confirmed", "ยืนยันแันแันแล้ว", "th", {}, "repetition_loop"),
        ("many points", "หลาย ๆ จุๆ จุด", "th", {}, "repetition_loop"),
        # a usage line's items repeated whole or in part loop; a shared head does not
        ("<device> <partition>", "<设备> <分区设备> <分区>", "zh-CN", {}, "repetition_loop"),
        ("[options] <disk>", "[选项] <磁盘选项] <磁盘>", "zh-CN", {}, "repetition_loop"),
    ],
)
def test_cases(source, text, target, params, code):
    assert run(source, text, target, **params).code == code


def test_evidence_and_suggestion():
    text = "Enregistrer le fichier le fichier le fichier maintenant"
    outcome = run("Save the file now", text)
    assert outcome.evidence["repeats"] == [
        {"code": "repetition_loop", "text": "le fichier", "times": 3, "offset": 12}
    ]
    (fix,) = outcome.evidence["suggestions"]
    assert apply(text, fix) == "Enregistrer le fichier maintenant"
    assert run("Save the file now", apply(text, fix)).passed


_WORDS = st.lists(
    st.sampled_from(["le", "fichier", "de", "%s", "保存", "文件", ",", "\n"]), max_size=12
)


@settings(max_examples=300, deadline=None)
@given(_WORDS.map(" ".join), st.sampled_from(["fr-FR", "zh-CN", "hi-IN", "de-DE"]))
def test_a_text_has_the_repeats_of_its_source(text, locale):
    assert run(text, text, locale).passed


@settings(max_examples=300, deadline=None)
@given(_WORDS.map(" ".join), st.sampled_from(["fr-FR", "zh-CN", "de-DE"]))
def test_repeats_are_spans_of_the_text(text, locale):
    for found in rp.repeats(text, locale.split("-")[0]):
        span = text[found["offset"] : found["end"]]
        assert span.startswith(found["text"])
        assert found["times"] >= 2
