"""untranslated: the source copied through, whole or mostly, after masking."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval.assertions import Subject, untranslated
from capeval.assertions.untranslated import words


def verdict(text: str, source: str, target: str = "de-DE", origin: str = "en-US", **params):
    case = {"source_locale": origin, "target_locale": target, "source": source}
    return untranslated.check(Subject.of(case, {"text": text}), params)


@pytest.mark.parametrize("target", ["de", "ja", "ru", "ar", "he", "hi", "th", "zh-Hans"])
def test_the_source_copied_fails_for_any_target(target):
    outcome = verdict("Save your changes", "Save your changes", target)
    assert outcome.code == "untranslated_copy"
    assert outcome.evidence == {"words": 3}


def test_a_copy_is_judged_on_words_not_spelling():
    source = "Welcome, %s! You have %d new messages."
    # case, punctuation, spacing and placeholders do not make a copy a translation
    assert verdict("welcome %s you have %d New messages", source).code == "untranslated_copy"
    assert verdict("WELCOME %s! YOU HAVE %d NEW MESSAGES.", source).code == "untranslated_copy"
    assert verdict("Welcome, {0}! You have {1} new messages.", source).code == "untranslated_copy"
    # numbers are not words
    assert verdict("Page 3 of 7", "Page %d of %d").code == "untranslated_copy"


def test_a_translation_passes():
    assert verdict("Änderungen speichern", "Save your changes").passed
    assert verdict("変更を保存", "Save your changes", "ja").passed
    assert verdict("Сохранить изменения", "Save your changes", "ru").passed


def test_mostly_copied_fails_with_evidence():
    source = "The file could not be opened because it is locked by another user"
    text = "The file could not be opened because it is gesperrt by another user"
    outcome = verdict(text, source)
    assert outcome.code == "untranslated_partial"
    assert outcome.evidence == {
        "copied": 12,
        "words": 13,
        "share": 0.923,
        "copied_share": 0.8,
        "sample": [
            "the",
            "file",
            "could",
            "not",
            "be",
            "opened",
            "because",
            "it",
            "is",
            "by",
        ],
    }


def test_min_words_and_copied_share():
    source = "Open the settings page"
    half = "Öffnen Sie the settings page"  # 3 of 5 words copied: 60%
    assert verdict(half, source).passed
    assert verdict(half, source, copied_share=0.6).code == "untranslated_partial"
    # fewer than min_words words: only an exact copy fails
    assert verdict("the settings Seite", source).passed
    assert verdict("the settings Seite", source, min_words=3, copied_share=0.6).code == (
        "untranslated_partial"
    )


def test_min_copy_words_lets_one_word_copies_pass():
    assert verdict("Filter", "Filter").code == "untranslated_copy"
    assert verdict("Filter", "Filter", min_copy_words=2).passed
    assert verdict("Save changes", "Save changes", min_copy_words=2).code == "untranslated_copy"


def test_exemptions():
    assert verdict("Colour", "Colour", "en-GB").evidence == {"exempt": "same_language"}
    assert verdict("Save", "Save", "pt-BR", origin="pt-PT").evidence == {"exempt": "same_language"}
    assert verdict("%s: %d", "%s: %d").evidence == {"exempt": "no_letters"}
    assert verdict("42 %", "42 %").evidence == {"exempt": "no_letters"}
    assert verdict("Acme Cloud", "Acme Cloud", allow=["Acme Cloud"]).evidence == {
        "exempt": "no_letters"
    }
    # a candidate with no words copies nothing
    assert verdict("%s", "Hello %s").passed


def test_code_like_words_and_masked_parts_are_not_words():
    text = "Inodes: %ld (in 1 block) URL IPv4 GitHub --cache-file uid=%u f_g(%d) [opt] a|b (y/n)"
    assert words(text) == ["inodes", "in", "block"]
    assert words("<b>Bold</b> https://example.com `code` &amp; {{name}}") == ["bold"]
    # combining marks stay inside their word (Devanagari vowel signs, Thai vowels)
    assert words("फ़ाइल खोलें") == ["फ़ाइल", "खोलें"]
    assert words("เปิดไฟล์") == ["เปิดไฟล์"]


def test_an_acronym_only_source_is_exempt():
    assert verdict("OK", "OK", "ja").evidence == {"exempt": "no_letters"}
    assert verdict("URL", "URL", "ru").evidence == {"exempt": "no_letters"}
    # in a text without lower-case letters capitals are a style, not acronyms
    assert verdict("SAVE CHANGES", "SAVE CHANGES", "fr").code == "untranslated_copy"


WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=2, max_size=8)


@settings(max_examples=200, deadline=None)
@given(st.lists(WORD, min_size=1, max_size=12), st.sampled_from(["de", "ja", "ru", "ar", "hi"]))
def test_property_the_source_itself_always_fails(source_words, target):
    source = " ".join(source_words).capitalize() + "."
    assert verdict(source, source, target).code == "untranslated_copy"
    # re-cased and with placeholders around it, still a copy
    assert verdict("%s " + source.title() + " {0}", source, target).code == "untranslated_copy"


@settings(max_examples=200, deadline=None)
@given(st.lists(WORD, min_size=5, max_size=15), st.data())
def test_property_one_word_in_five_replaced_still_fails(source_words, data):
    """A candidate that keeps 80% of the source's words is a partial copy."""
    replaced = list(source_words)
    positions = data.draw(
        st.lists(
            st.integers(0, len(replaced) - 1),
            min_size=len(replaced) // 5,
            max_size=len(replaced) // 5,
            unique=True,
        )
    )
    for position in positions:
        replaced[position] = "übersetzt"  # not a word of the source alphabet
    outcome = verdict(" ".join(replaced), " ".join(source_words))
    assert not outcome.passed


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80), st.text(max_size=80))
def test_property_total(source, text):
    outcome = verdict(text, source)
    assert outcome.code in ("ok", *untranslated.CODES)
