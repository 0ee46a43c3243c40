"""length_ratio: the candidate's weight within the language pair's bounds (issue 30)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval.assertions import ParamsError, Subject
from capeval.assertions import length_ratio as lr

LONG = "The file could not be saved because the disk is full."  # weight 53


def run(source, text, target_locale="de-DE", **params):
    case = {"source": source, "source_locale": "en-US", "target_locale": target_locale}
    return lr.check(Subject.of(case, {"text": text}), params)


@pytest.mark.parametrize(
    ("text", "weight"),
    [
        ("abc", 3),
        ("  abc \n", 3),
        ("保存", 4),
        ("ファイル", 8),
        ("é", 1),
        ("e\u0301", 1),
        ("a\u200bb", 2),
    ],
)
def test_weight(text, weight):
    assert lr.weight(text) == weight


@pytest.mark.parametrize(
    ("source", "text", "target", "params", "code"),
    [
        (
            LONG,
            "Die Datei konnte nicht gespeichert werden, weil die Festplatte voll ist.",
            "de-DE",
            {},
            "ok",
        ),
        (LONG, "Die Datei konnte nicht", "de-DE", {}, "length_ratio_short"),
        (LONG, "Die Datei konnte nicht", "de-DE", {"min": 0.3}, "ok"),
        (LONG, "磁盘已满，无法保存文件。", "zh-CN", {}, "ok"),  # wide characters weigh two
        (LONG, "无法保存", "zh-CN", {}, "length_ratio_short"),
        ("Cancel", "A", "de-DE", {}, "ok"),  # a short source is not judged short
        ("OK", "Einverstanden", "de-DE", {}, "ok"),
        ("OK", "Einverstanden. " * 5, "de-DE", {}, "length_ratio_long"),
        (LONG, (LONG + " ") * 3, "en-GB", {}, "length_ratio_long"),
        (LONG, (LONG + " ") * 3, "en-GB", {"max": 4}, "ok"),
        (LONG, "x" * 300, "de-DE", {"expansion": 3}, "ok"),
        (LONG, "x" * 300, "de-DE", {}, "length_ratio_long"),
        ("", "anything", "de-DE", {}, "ok"),
    ],
)
def test_cases(source, text, target, params, code):
    assert run(source, text, target, **params).code == code


def test_evidence():
    outcome = run(LONG, "Die Datei konnte nicht", "de-DE")
    assert outcome.evidence == {
        "source_weight": 53,
        "candidate_weight": 22,
        "expected": 63.6,
        "ratio": 0.35,
        "min": 0.5,
        "max": 2.88,
    }


def test_bad_params():
    with pytest.raises(ParamsError):
        run(LONG, LONG, expansion=0)
    with pytest.raises(ParamsError):
        run(LONG, LONG, min="x")


@settings(max_examples=200, deadline=None)
@given(st.text(min_size=20, max_size=80).filter(lambda t: lr.weight(t) >= 20))
def test_a_text_is_in_bounds_of_itself(text):
    assert run(text, text, "en-GB").passed
