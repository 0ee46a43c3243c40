"""whitespace_fidelity: leading/trailing whitespace and line breaks kept (issue 12)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from capeval.assertions import Subject
from capeval.assertions import whitespace_fidelity as wf
from capeval.suggestions import apply


def run(source, text, target_locale="de-DE", **params):
    case = {"source": source, "target_locale": target_locale}
    return wf.check(Subject.of(case, {"text": text}), params)


@pytest.mark.parametrize(
    ("source", "text", "params", "code"),
    [
        (" %s files", " %s Dateien", {}, "ok"),
        (" %s files", "%s Dateien", {}, "whitespace_leading_changed"),
        ("\tName", " Name", {}, "whitespace_leading_changed"),
        ("\tName", " Name", {"mode": "lenient"}, "ok"),
        ("File deleted\n", "Datei gelöscht", {}, "whitespace_trailing_changed"),
        ("File deleted\n", "Datei gelöscht\r\n", {}, "ok"),  # CR LF is one line break
        ("Name: ", "Name:", {}, "whitespace_trailing_changed"),
        ("Name: ", "Name:\u00a0", {}, "whitespace_trailing_changed"),
        ("Name: ", "Name:\u00a0", {"mode": "lenient"}, "ok"),
        ("a\nb\nc", "a b\nc", {}, "whitespace_line_breaks_changed"),
        ("a\nb", "a\nb\nc", {}, "ok"),  # wrapping a longer text adds breaks
        ("a\nb", "a\nb\nc", {"allow_added": False}, "whitespace_line_breaks_changed"),
        ("Save", "Speichern ", {}, "ok"),
        ("Save", "Speichern ", {"allow_added": False}, "whitespace_trailing_changed"),
        ("File deleted\n", "Datei gelöscht", {"trailing": False}, "whitespace_line_breaks_changed"),
        ("File deleted\n", "Datei gelöscht", {"trailing": False, "line_breaks": False}, "ok"),
        (" x", "x", {"leading": False}, "ok"),
        ("", "", {}, "ok"),
        ("   ", "", {}, "whitespace_leading_changed"),
    ],
)
def test_cases(source, text, params, code):
    assert run(source, text, **params).code == code


@pytest.mark.parametrize(
    ("source", "text", "target", "code"),
    [
        (" %s files", "%s 个文件", "zh-CN", "ok"),  # beside a placeholder
        ("Files: %s ", "文件：%s", "zh-CN", "ok"),
        ("Name: ", "名前：", "ja-JP", "ok"),  # beside a full-width colon
        ("Name: ", "이름:", "ko-KR", "whitespace_trailing_changed"),  # ':' is not wide
        (" %s files", "%s ไฟล์", "th-TH", "ok"),
        (" %s files", "%s Dateien", "de-DE", "whitespace_leading_changed"),
        ("\n%s", "%s", "zh-CN", "whitespace_leading_changed"),  # a line break is no space
    ],
)
def test_cjk_spaces(source, text, target, code):
    assert run(source, text, target_locale=target).code == code
    if code == "ok" and target != "de-DE":
        assert not run(source, text, target_locale=target, cjk_spaces=False).passed


def test_evidence_and_precedence():
    outcome = run(" a\nb\n", "a b")
    assert outcome.code == "whitespace_leading_changed"
    assert outcome.evidence["leading"] == {"expected": " ", "actual": ""}
    assert outcome.evidence["trailing"] == {"expected": "\n", "actual": ""}
    assert outcome.evidence["line_breaks"] == {"expected": 2, "actual": 0}


def test_trailing_newline_suggestion():
    outcome = run("File deleted\n", "Datei gelöscht")
    [fix] = outcome.evidence["suggestions"]
    assert fix == {
        "message": "restore the trailing newline",
        "edit": {"start": 14, "end": 14, "replacement": "\n"},
        "text": "Datei gelöscht\n",
    }


def test_line_breaks_counts_every_kind():
    assert wf.line_breaks("a\r\nb\rc\nd\u2028e\u2029f\x85") == 6


# --- property: the suggestion restores the source's runs and changes nothing else ------------

_RUNS = st.text(alphabet=st.sampled_from([" ", "\t", "\n", "\u00a0"]), max_size=4)
_CORE = st.text(alphabet=st.sampled_from(list("abcжфاבकไ文字 ")), min_size=1, max_size=20).map(
    str.strip
)


@settings(max_examples=300, deadline=None)
@given(_RUNS, _CORE, _RUNS, _RUNS, _RUNS, st.sampled_from(["de-DE", "ja-JP", "ar"]))
def test_suggestions_restore_the_runs(lead, core, trail, other_lead, other_trail, target):
    assume(core)
    source = lead + core + trail
    text = other_lead + core + other_trail
    assume(wf.line_breaks(other_lead + other_trail) <= wf.line_breaks(lead + trail))
    outcome = run(source, text, target_locale=target, allow_added=False)
    fixed = text
    # apply the suggestions from the end backwards, so earlier offsets stay valid
    suggestions = sorted(
        outcome.evidence.get("suggestions", []), key=lambda fix: -fix["edit"]["start"]
    )
    for fix in suggestions:
        single = apply(text, fix)
        # one suggestion changes only its run
        edit = fix["edit"]
        assert single[: edit["start"]] == text[: edit["start"]]
        assert single[edit["start"] + len(edit["replacement"]) :] == text[edit["end"] :]
        fixed = apply(fixed, fix)
    if target == "de-DE":  # no relaxation: every run is restored
        assert fixed == source
    assert run(source, fixed, target_locale=target, allow_added=False).passed
