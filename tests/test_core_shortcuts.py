"""Shortcuts inside the core that are no switchable fast path: each equals what it replaces.

The secret scan's text prefilter and shortest credential (``secrets``), the number reader's
class-led run patterns, its digit test and the brace-free auto scan (``number_fidelity``,
``placeholders.spans``) and ``Subject.of``'s ASCII test before ``nfc``, on inputs built to break
them.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval import secrets
from capeval.assertions import number_fidelity
from capeval.placeholders.auto import AUTO_TEXTS, AUTO_TEXTS_WITHOUT_BRACE

ANY_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)

# -- the secret prefilter on decoded strings -------------------------------------------------

TOKEN_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_=-"
SECRET_PIECES = st.one_of(
    st.sampled_from(
        [
            "AKIA",
            "ASIA",
            "AIza",
            "ghp_",
            "github_pat_",
            "xoxb-",
            "sk-",
            "sk_live_",
            "rk_test_",
            "-----BEGIN PRIVATE KEY-----",
            "PRIVATE KEY",
            "password",
            "paſſword",
            "api_key",
            "KEY",
            "toKen",
            "ſecret",
            " = ",
            "=",
            "'",
            '"',
            " ",
            "\u00a0",
            "\x1c",
            "é",
            "日本",
            "%s",
            "{x}",
            "***",
        ]
    ),  # fmt: skip
    st.text(st.sampled_from(TOKEN_CHARS), min_size=14, max_size=40),
    st.text(st.sampled_from("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"), min_size=14, max_size=18),
)
secret_like = st.lists(SECRET_PIECES, max_size=8).map("".join)


@settings(max_examples=1000, deadline=None)
@given(secret_like)
def test_the_text_prefilter_never_hides_a_credential(value):
    if not secrets.text_may_hold_secret(value):
        assert secrets._scan(value, True) is None
        assert secrets._scan(value, False) is None


@settings(max_examples=1000, deadline=None)
@given(secret_like.map(lambda value: value[: secrets.SHORTEST_SECRET - 1]) | ANY_TEXT)
def test_no_credential_is_shorter_than_the_shortest(value):
    if len(value) < secrets.SHORTEST_SECRET:
        assert secrets._scan(value, True) is None
        assert secrets._scan(value, False) is None


def test_the_text_prefilter_lets_real_credentials_through():
    for value in ["AKIAIOSFODNN7EXAMPLE", "password=hunter22", "paſſword=hunter22", "pwd=a1b2",
                  "ghp_" + "a1B2" * 9, "-----BEGIN RSA PRIVATE KEY-----"]:  # fmt: skip
        assert secrets.text_may_hold_secret(value)
        assert secrets.value_secret_kind(value) is not None


# -- number_fidelity: the run patterns and the masking shortcut ------------------------------

LOCALE_PAIRS = [("en-US", "de-DE"), ("en-US", "fr-FR"), ("de-DE", "en-US"), ("en", "hi")]
NUMBER_PIECES = st.sampled_from(
    ["%s", "%d", "%5.2f", "%1$s", "%%", "%(n)d", "%-3i", "%'d", "% d", "%", "}}", "%.f",
     "5", "12", "1,5", "1.234", "1 234", "-", "+", "\u2212", "-5", "+1,5", "\u22122",
     "_", "a", "x", " ", "\u00a0",
     "\u202f", ",", ".", "'", "\u0663", "\uff11", "\uff0c", "é", "%é", "<b>", "{n}"]
)  # fmt: skip
number_texts = st.lists(NUMBER_PIECES, max_size=10).map("".join)


def reference_runs(separators: set[str]) -> re.Pattern[str]:
    """The lookahead-led run pattern the class-led ones replace."""
    group = "[" + "".join(re.escape(c) for c in sorted(separators)) + "]"
    return re.compile(rf"(?=[-+\u2212\d])(?:[-+\u2212](?<![^\W_][-+\u2212]))?\d+(?:{group}\d+)*")


@pytest.mark.parametrize(("source_locale", "target_locale"), LOCALE_PAIRS)
@settings(max_examples=300, deadline=None)
@given(text=number_texts)
def test_run_patterns_find_what_the_lookahead_pattern_finds(source_locale, target_locale, text):
    pair = number_fidelity._pair(source_locale, target_locale)
    reference = reference_runs(set(pair.source.separators | pair.target.separators))
    assert pair.runs.findall(text) == reference.findall(text)
    ascii_text = text.encode("ascii", "replace").decode()
    assert pair.ascii_runs.findall(ascii_text) == reference.findall(ascii_text)


@settings(max_examples=300, deadline=None)
@given(number_texts | ANY_TEXT)
def test_the_digit_test_is_a_search_for_a_decimal_digit(text):
    assert number_fidelity._has_digit(text) == (re.search(r"\d", text) is not None)


@settings(max_examples=300, deadline=None)
@given(st.lists(NUMBER_PIECES, max_size=10).map("".join))
def test_the_brace_free_auto_scan_matches_what_auto_matches(text):
    text = text.replace("{", "")
    assert [m.span() for m in AUTO_TEXTS_WITHOUT_BRACE.finditer(text)] == [
        m.span() for m in AUTO_TEXTS.finditer(text)
    ]


# -- Subject.of skips nfc for ASCII text: the fields as the constructor with nfc makes them ----


@settings(max_examples=200, deadline=None)
@given(source=ANY_TEXT, text=ANY_TEXT)
def test_subject_of_sets_every_field_as_the_constructor_would(source, text):
    from dataclasses import astuple, fields

    from capeval.assertions import Subject, nfc

    case, candidate = {"id": "c", "source": source}, {"case_id": "c", "text": text}
    made = Subject.of(case, candidate)
    assert [f.name for f in fields(Subject)] == ["case", "candidate", "source", "text"]
    assert astuple(made) == astuple(Subject(case, candidate, nfc(source), nfc(text)))
    assert made.case is case and made.candidate is candidate
