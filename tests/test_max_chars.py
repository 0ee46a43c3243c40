"""max_chars (SPEC §5.6): length budgets in graphemes, code points, UTF-16, bytes, columns."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval.assertions import ParamsError, Subject, max_chars
from capeval.assertions.max_chars import MEASURES

from conftest import evalcase, jsonl, records, run_cmd

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"  # 👨‍👩‍👧‍👦
Q_DOT = "q\u0307"  # q + combining dot above: no precomposed form, NFC keeps two code points
FLAG = "\U0001f1ef\U0001f1f5"  # 🇯🇵, two regional indicators
THUMBS = "\U0001f44d\U0001f3fd"  # 👍🏽, emoji + skin tone modifier


@pytest.mark.parametrize(
    ("text", "graphemes", "codepoints", "utf16", "utf8", "columns"),
    [
        ("hello", 5, 5, 5, 5, 5),
        ("", 0, 0, 0, 0, 0),
        ("a\r\nb", 3, 4, 4, 4, 4),  # CR LF is one grapheme cluster
        (FAMILY, 1, 7, 11, 25, 8),  # W emoji 2 columns each, ZWJ (Cf) 0
        (Q_DOT, 1, 2, 2, 3, 1),  # combining mark (Mn) 0 columns
        ("नेता", 2, 4, 4, 12, 3),  # vowel signs join clusters; Mc (spacing) is 1 column
        (FLAG, 1, 2, 4, 8, 2),  # regional indicators are N (1 column) each
        (THUMBS, 1, 2, 4, 8, 4),
        ("日本語", 3, 3, 3, 9, 6),  # CJK: W, 2 columns
        ("ｶﾀｶﾅ", 4, 4, 4, 12, 4),  # half-width katakana: H, 1 column
        ("ＡＢ", 2, 2, 2, 6, 4),  # full-width Latin: F, 2 columns
        ("Привет", 6, 6, 6, 12, 6),  # Cyrillic
        ("\u0645\u0631\u062d\u0628\u0627", 5, 5, 5, 10, 5),  # Arabic
        ("a\u200bb\u00adc", 5, 5, 5, 8, 3),  # ZWSP and soft hyphen are Cf: 0 columns
        ("\U00020000", 1, 1, 2, 4, 2),  # CJK extension B: astral, W
    ],
)
def test_each_unit(text, graphemes, codepoints, utf16, utf8, columns):
    assert measure(text) == graphemes  # graphemes is the default unit
    assert measure(text, "graphemes") == graphemes
    assert measure(text, "codepoints") == codepoints
    assert measure(text, "utf16") == utf16
    assert measure(text, "bytes") == utf8
    assert measure(text, "columns") == columns


def measure(text: str, unit: str = "graphemes") -> int:
    return MEASURES[unit](text)


def verdict(text: str, params: dict | None = None, context: dict | None = None):
    case = {"source": "", "context": context} if context is not None else {"source": ""}
    return max_chars.check(Subject.of(case, {"text": text}), params or {})


def test_a_length_equal_to_the_limit_passes():
    assert verdict("abcde", {"max": 5}).passed
    outcome = verdict("abcdef", {"max": 5})
    assert outcome.code == "max_chars_exceeded"
    assert outcome.evidence == {"length": 6, "limit": 5, "unit": "graphemes"}


def test_an_emoji_family_counts_once_as_graphemes_but_not_as_code_points():
    text = f"Hi {FAMILY}"
    assert verdict(text, {"max": 4}).passed
    outcome = verdict(text, {"max": 4, "unit": "codepoints"})
    assert outcome.evidence == {"length": 10, "limit": 4, "unit": "codepoints"}


def test_cjk_columns():
    assert verdict("保存する", {"max": 8, "unit": "columns"}).passed
    outcome = verdict("保存します", {"max": 8, "unit": "columns"})
    assert outcome.evidence == {"length": 10, "limit": 8, "unit": "columns"}
    assert verdict("保存します", {"max": 8}).passed  # 5 graphemes


def test_bytes_and_utf16():
    assert verdict("Привет", {"max": 11, "unit": "bytes"}).code == "max_chars_exceeded"
    assert verdict("Привет", {"max": 12, "unit": "bytes"}).passed
    assert verdict(THUMBS, {"max": 3, "unit": "utf16"}).code == "max_chars_exceeded"


def test_the_limit_comes_from_params_else_context():
    assert verdict("abcdef", context={"max_chars": 6}).passed
    assert verdict("abcdefg", context={"max_chars": 6}).code == "max_chars_exceeded"
    # params.max wins over context.max_chars
    assert verdict("abcdefg", {"max": 7}, context={"max_chars": 6}).passed
    assert verdict("abcdefg", {"max": 5}, context={"max_chars": 10}).evidence["limit"] == 5


def test_measured_on_nfc_text():
    # "e" + U+0301 composes to "é": one code point after NFC.
    assert verdict("Cafe\u0301", {"max": 4, "unit": "codepoints"}).passed


def test_param_errors_without_a_limit():
    assert max_chars.param_errors({"source": ""}, {}) != []
    assert max_chars.param_errors({"source": "", "context": {}}, {"unit": "bytes"}) != []
    assert max_chars.param_errors({"context": {"max_chars": 3}}, {}) == []
    assert max_chars.param_errors({}, {"max": 3}) == []
    with pytest.raises(ParamsError, match="no limit"):
        verdict("abc", {})


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=127)))
def test_the_ascii_shortcut_agrees_with_the_grapheme_regex(text):
    import regex

    assert measure(text, "graphemes") == len(regex.findall(r"\X", text))
    assert measure(text, "columns") == len(text)


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_units_agree_with_their_definitions(text):
    assert measure(text, "codepoints") == len(text)
    assert measure(text, "bytes") == len(text.encode("utf-8", "surrogatepass"))
    assert measure(text, "utf16") == len(text.encode("utf-16-le", "surrogatepass")) // 2
    assert measure(text, "graphemes") <= len(text)


# --- end to end -----------------------------------------------------------------------------


def test_cap_check_and_cap_validate(tmp):
    good = evalcase(
        id="length.button.001",
        source="Save",
        target_locale="ja",
        context={"max_chars": 4},
        assertions=[{"name": "max_chars", "severity": "hard", "params": {"unit": "columns"}}],
    )
    candidates = tmp / "c.jsonl"
    candidates.write_text(jsonl({"case_id": "length.button.001", "text": "保存する"}), "utf-8")
    done = run_cmd("cap-check", "--candidates", str(candidates), stdin=jsonl(good))
    assert done.returncode == 1
    [result] = records(done.stdout)
    assert result["code"] == "max_chars_exceeded"
    assert result["evidence"] == {"length": 8, "limit": 4, "unit": "columns"}

    no_limit = evalcase(
        id="length.button.002", assertions=[{"name": "max_chars", "severity": "hard"}]
    )
    bad_unit = evalcase(
        id="length.button.003",
        assertions=[{"name": "max_chars", "severity": "hard", "params": {"max": 3, "unit": "em"}}],
    )
    done = run_cmd("cap-validate", stdin=jsonl(good, no_limit, bad_unit))
    assert done.returncode == 1
    assert [r["id"] for r in records(done.stdout)] == ["length.button.001"]
    assert b"length.button.002: error: assertion.params" in done.stderr
    assert b"length.button.003: error: schema.enum" in done.stderr


@pytest.mark.parametrize(
    "params", [{"max": "5"}, {"max": 2.5}, {"max": True}, {"max": 5, "unit": "em"}]
)
def test_unvalidated_wrong_params_raise_what_the_engine_reports(params):
    with pytest.raises(ParamsError):
        verdict("abcdef", params)
