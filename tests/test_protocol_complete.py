"""protocol_complete: every code, every format, evidence shape."""

from __future__ import annotations

import pytest

from capeval.assertions import ParamsError, Subject, result_codes
from capeval.assertions.protocol_complete import check, param_errors, response_of
from capeval.batch_response import is_empty_item, loose_key, marker_pattern

MALFORMED_ITEM = "protocol_malformed_item"
MISSING_ITEM = "protocol_missing_item"
EXTRA_ITEM = "protocol_extra_item"
MALFORMED_TERMINATOR = "protocol_malformed_terminator"
MISSING_TERMINATOR = "protocol_missing_terminator"


def run(response: str | None, text: str = "", **params):
    params.setdefault("expected_items", 3)
    candidate = {"case_id": "protocol.test.001", "text": text}
    if response is not None:
        candidate["raw_response"] = response
    return check(Subject.of({"source": "x"}, candidate), params)


def reasons(outcome) -> list[str]:
    return [defect["reason"] for defect in outcome.evidence["defects"]]


# --- which text is the response ---------------------------------------------------------------


def test_raw_response_is_checked_when_present():
    outcome = run("[1] a\n[2] b\n[3] c", text="not a protocol at all")
    assert outcome.passed


def test_text_is_checked_when_raw_response_is_null_or_absent():
    assert response_of({"case_id": "c", "text": "t", "raw_response": None}) == "t"
    assert response_of({"case_id": "c", "text": "t"}) == "t"
    assert run(None, text="[1] a\n[2] b\n[3] c").passed
    candidate = {"case_id": "c", "text": "[1] a\n[2] b\n[3] c", "raw_response": None}
    assert check(Subject.of({}, candidate), {"expected_items": 3}).passed


def test_empty_raw_response_is_a_response_not_a_fallback_to_text():
    outcome = run("", text="[1] a\n[2] b\n[3] c")
    assert outcome.code == MISSING_ITEM
    assert outcome.evidence["found_items"] == 0
    assert outcome.evidence["missing"] == [1, 2, 3]


def test_raw_response_is_nfc_normalised_before_the_terminator_comparison():
    decomposed_end = "[[FINE\u0301]]"  # E + combining acute
    outcome = run("[1] a\n[2] b\n[3] c\n" + decomposed_end, terminator="[[FIN\u00c9]]")
    assert outcome.passed


# --- numbered ---------------------------------------------------------------------------------


def test_numbered_well_formed_passes_with_small_evidence():
    outcome = run("[1] Speichern\n[2] Laden\n[3] Beenden")
    assert outcome.passed
    assert outcome.evidence == {"expected_items": 3, "found_items": 3}


def test_numbered_crlf_and_trailing_blank_lines_are_tolerated():
    assert run("[1] a\r\n[2] b\r\n[3] c\r\n\r\n   \r\n").passed
    assert run("[1] a\r[2] b\r[3] c\r").passed  # old Mac line ends
    assert run("\n\n[1] a\n\n[2] b\n\n[3] c\n\n").passed


def test_numbered_multi_line_items_and_marker_alone_on_its_line():
    response = "[1]\nErste Zeile\nzweite Zeile\n[2] Zwei\nmehr\n\n[3]\n  Drei"
    assert run(response).passed


def test_numbered_marker_may_be_indented():
    assert run("  [1] a\n\t[2] b\n\u3000[3] c").passed


def test_numbered_cjk_rtl_cyrillic_item_text():
    assert run("[1] 保存游戏\n[2] حفظ اللعبة\n[3] Сохранить игру").passed


@pytest.mark.parametrize(
    ("marker", "response"),
    [
        ("{n}.", "1. Speichern\n2. Laden\n3. Beenden"),
        ("{n}.", "1.Speichern\n2.Laden\n3.Beenden"),
        ("### {n}", "### 1\nSpeichern\n### 2\nLaden\n###   3\nBeenden"),
        ("{n})", "1) a\n2)b\n3) c"),
        ("Item {n}:", "Item 1: a\nItem 2: b\nItem 3: c"),
        ("{n}、", "1、保存\n2、读取\n3、退出"),
        ("【{n}】", "【1】保存\n【2】读取\n【3】退出"),
        ("<{n}>", "<1>a\n<2>b\n<3>c"),
        ("[{n}]", "[1]a\n[2]b\n[3]c"),
    ],
)
def test_numbered_custom_markers(marker, response):
    outcome = run(response, marker=marker)
    assert outcome.passed, outcome.evidence


def test_marker_ending_in_a_dot_does_not_read_a_decimal_number_as_an_item():
    # "1.5 kg" continues item 1; it is not a second item 1.
    outcome = run("1. Mehl\n1.5 kg\n2. Zucker\n3. Salz", marker="{n}.")
    assert outcome.passed


def test_marker_ending_in_a_word_character_needs_whitespace_after_it():
    # "### 12abc" is not "### 12"; "### 1" at end of line is.
    outcome = run("### 1\na\n### 2 b\n### 3x\n", marker="### {n}")
    assert outcome.code == MISSING_ITEM
    assert outcome.evidence["indices"] == [1, 2]


def test_marker_pattern_is_compiled_once_per_marker():
    assert marker_pattern("[{n}]") is marker_pattern("[{n}]")
    assert marker_pattern("[{n}]").match("[12] x")["n"] == "12"
    assert marker_pattern("[{n}]").match("x [1] y") is None


def test_numbered_text_before_first_marker_is_malformed():
    outcome = run("Here are the translations:\n[1] a\n[2] b\n[3] c")
    assert outcome.code == MALFORMED_ITEM
    assert outcome.evidence["line"] == 1
    assert outcome.evidence["defects"][0] == {
        "code": MALFORMED_ITEM,
        "reason": "text_before_first_marker",
        "line": 1,
        "found": "Here are the translations:",
    }


def test_numbered_no_markers_at_all():
    outcome = run("Speichern, Laden, Beenden")
    assert outcome.code == MALFORMED_ITEM
    assert outcome.evidence["found_items"] == 0
    assert outcome.evidence["missing"] == [1, 2, 3]
    assert reasons(outcome) == ["text_before_first_marker", "missing_items"]


def test_numbered_duplicate_index():
    outcome = run("[1] a\n[2] b\n[2] b again\n[3] c")
    assert outcome.code == MALFORMED_ITEM
    assert outcome.evidence["indices"] == [1, 2, 2, 3]
    assert outcome.evidence["line"] == 3
    assert outcome.evidence["defects"][0]["reason"] == "duplicate_index"
    assert outcome.evidence["defects"][0]["index"] == 2


def test_numbered_out_of_order_index():
    outcome = run("[1] a\n[3] c\n[2] b")
    assert outcome.code == MALFORMED_ITEM
    assert reasons(outcome) == ["out_of_order_index"]
    assert outcome.evidence["line"] == 3


def test_numbered_index_zero():
    outcome = run("[0] a\n[1] b\n[2] c\n[3] d")
    assert outcome.code == MALFORMED_ITEM
    assert reasons(outcome) == ["index_zero"]


@pytest.mark.parametrize("empty", ["", "   ", "\u200b", "\ufeff \u200d"])
def test_numbered_empty_item(empty):
    outcome = run(f"[1] a\n[2]{empty}\n[3] c")
    assert outcome.code == MALFORMED_ITEM
    assert outcome.evidence["defects"][0] == {
        "code": MALFORMED_ITEM,
        "reason": "empty_item",
        "line": 2,
        "index": 2,
    }


def test_numbered_item_with_only_punctuation_is_not_empty():
    assert run("[1] a\n[2] …\n[3] c").passed
    assert not is_empty_item("…")
    assert is_empty_item("\u200b \t")


def test_numbered_empty_item_followed_by_blank_lines():
    outcome = run("[1] a\n[2]\n\n\n[3] c")
    assert outcome.code == MALFORMED_ITEM
    assert outcome.evidence["line"] == 2


def test_numbered_missing_item():
    outcome = run("[1] a\n[3] c")
    assert outcome.code == MISSING_ITEM
    assert outcome.evidence["missing"] == [2]
    assert outcome.evidence["indices"] == [1, 3]
    assert outcome.evidence["found_items"] == 2
    assert "line" not in outcome.evidence


def test_numbered_extra_item():
    outcome = run("[1] a\n[2] b\n[3] c\n[4] d")
    assert outcome.code == EXTRA_ITEM
    assert outcome.evidence["extra"] == [4]
    assert outcome.evidence["line"] == 4


def test_numbered_extra_item_allowed():
    outcome = run("[1] a\n[2] b\n[3] c\n[4] d", allow_extra_items=True)
    assert outcome.passed
    assert outcome.evidence["found_items"] == 4


def test_allowed_extra_items_do_not_excuse_a_missing_item():
    outcome = run("[1] a\n[2] b\n[4] d", allow_extra_items=True)
    assert outcome.code == MISSING_ITEM


def test_allowed_extra_items_must_still_be_in_order():
    outcome = run("[1] a\n[2] b\n[3] c\n[5] e\n[4] d", allow_extra_items=True)
    assert outcome.code == MALFORMED_ITEM


def test_missing_and_extra_together_list_both_and_missing_wins():
    outcome = run("[1] a\n[2] b\n[4] c")
    assert outcome.code == MISSING_ITEM
    assert outcome.evidence["missing"] == [3]
    assert outcome.evidence["extra"] == [4]
    assert [d["code"] for d in outcome.evidence["defects"]] == [MISSING_ITEM, EXTRA_ITEM]


# --- json_array -------------------------------------------------------------------------------


def test_json_array_well_formed():
    assert run('["保存", "حفظ", "Сохранить"]', format="json_array").passed
    assert run('[\r\n  "a",\r\n  "b",\r\n  "c"\r\n]\r\n\r\n', format="json_array").passed


def test_json_array_with_terminator():
    response = '["a", "b", "c"]\n<END>'
    assert run(response, format="json_array", terminator="<END>").passed


@pytest.mark.parametrize(
    ("response", "line"),
    [
        ('```json\n["a", "b", "c"]\n```', 1),
        ('{"items": ["a", "b", "c"]}', 1),
        ('["a", "b",\n "c",]', 2),
        ('["a", "b", "c"]\nThat is all.', 2),
        ('["a", "b"\n "c"]', 2),
        ("", None),
        ('"a"', 1),
    ],
)
def test_json_array_body_that_is_not_an_array(response, line):
    outcome = run(response, format="json_array")
    assert outcome.code == MALFORMED_ITEM
    assert outcome.evidence["found_items"] is None
    assert reasons(outcome) == ["not_json_array"]  # no missing/extra guesses
    assert outcome.evidence.get("line") == line


def test_json_array_non_string_element():
    outcome = run('[\n "a",\n 2,\n null\n]', format="json_array")
    assert outcome.code == MALFORMED_ITEM
    assert outcome.evidence["defects"] == [
        {
            "code": MALFORMED_ITEM,
            "reason": "non_string_element",
            "line": 3,
            "index": 2,
            "found": "number",
        },
        {
            "code": MALFORMED_ITEM,
            "reason": "non_string_element",
            "line": 4,
            "index": 3,
            "found": "null",
        },
    ]


def test_json_array_empty_string_element():
    outcome = run('["a", " ", "c"]', format="json_array")
    assert outcome.code == MALFORMED_ITEM
    assert outcome.evidence["defects"][0]["reason"] == "empty_item"
    assert outcome.evidence["defects"][0]["index"] == 2


def test_json_array_missing_and_extra():
    missing = run('["a", "b"]', format="json_array")
    assert missing.code == MISSING_ITEM
    assert missing.evidence["missing"] == [3]
    extra = run('["a",\n"b",\n"c",\n"d"]', format="json_array")
    assert extra.code == EXTRA_ITEM
    assert extra.evidence["extra"] == [4]
    assert extra.evidence["line"] == 4
    assert run('["a", "b", "c", "d"]', format="json_array", allow_extra_items=True).passed


def test_json_array_empty_array():
    outcome = run("[]", format="json_array")
    assert outcome.code == MISSING_ITEM
    assert outcome.evidence["found_items"] == 0


# --- delimited --------------------------------------------------------------------------------


def test_delimited_well_formed_with_multi_line_items():
    response = "Erste\nZeile\n---\n保存\n---\nСохранить\n"
    assert run(response, format="delimited").passed


def test_delimited_custom_delimiter_and_crlf():
    response = "a\r\n===\r\nb\r\n  ===  \r\nc\r\n\r\n"
    assert run(response, format="delimited", delimiter="===").passed


def test_delimited_missing_and_extra():
    assert run("a\n---\nb", format="delimited").code == MISSING_ITEM
    outcome = run("a\n---\nb\n---\nc\n---\nd", format="delimited")
    assert outcome.code == EXTRA_ITEM
    assert outcome.evidence["line"] == 7


def test_delimited_empty_items():
    middle = run("a\n---\n\n---\nc", format="delimited")
    assert middle.code == MALFORMED_ITEM
    assert middle.evidence["defects"][0]["index"] == 2
    leading = run("---\na\n---\nb\n---\nc", format="delimited")
    assert leading.code == MALFORMED_ITEM
    assert leading.evidence["line"] == 1
    trailing = run("a\n---\nb\n---\nc\n---", format="delimited")
    assert trailing.code == MALFORMED_ITEM
    assert trailing.evidence["line"] == 6
    assert trailing.evidence["extra"] == [4]


def test_delimited_blank_response_has_no_items():
    outcome = run("\n\n", format="delimited")
    assert outcome.code == MISSING_ITEM
    assert outcome.evidence["found_items"] == 0


# --- terminator -------------------------------------------------------------------------------


def test_terminator_alone_on_last_line_passes():
    assert run("[1] a\n[2] b\n[3] c\n<END>", terminator="<END>").passed
    assert run("[1] a\n[2] b\n[3] c\n  <END>  \r\n\r\n", terminator="<END>").passed
    assert run("a\n---\nb\n---\nc\n<END>", format="delimited", terminator="<END>").passed


def test_missing_terminator():
    outcome = run("[1] a\n[2] b\n[3] c", terminator="<END>")
    assert outcome.code == MISSING_TERMINATOR
    assert outcome.evidence["terminator_found"] == "[3] c"
    assert outcome.evidence["line"] == 3


@pytest.mark.parametrize("near", ["end", "END", "<end>", "</END>", "[END]", "END.", "< E N D >"])
def test_near_miss_of_the_terminator_is_malformed(near):
    outcome = run(f"[1] a\n[2] b\n[3] c\n{near}", terminator="<END>")
    assert outcome.code == MALFORMED_TERMINATOR
    assert reasons(outcome) == ["near_terminator"]
    assert outcome.evidence["terminator_found"] == near.strip()
    assert outcome.evidence["line"] == 4


def test_near_miss_is_not_counted_as_item_text():
    # Otherwise "end" would be an extra delimited item and outrank the terminator defect.
    outcome = run("a\n---\nb\n---\nc\nend", format="delimited", terminator="<END>")
    assert outcome.code == MALFORMED_TERMINATOR


def test_near_miss_only_where_the_terminator_belongs():
    # An item that reads "End" elsewhere is text.
    outcome = run("Start\n---\nEnd\n---\nc\n<END>", format="delimited", terminator="<END>")
    assert outcome.passed


def test_near_miss_rule_is_off_for_a_terminator_without_letters_or_digits():
    assert loose_key("===") == ""
    outcome = run("[1] a\n[2] b\n[3] c\n***", terminator="===")
    assert outcome.code == MISSING_TERMINATOR


def test_terminator_with_text_after_it_on_its_line():
    outcome = run("[1] a\n[2] b\n[3] c\n<END> Hope this helps!", terminator="<END>")
    assert outcome.code == MALFORMED_TERMINATOR
    assert reasons(outcome) == ["text_around_terminator"]


def test_terminator_glued_to_the_last_item_keeps_the_item():
    outcome = run("[1] a\n[2] b\n[3] c <END>", terminator="<END>")
    assert outcome.code == MALFORMED_TERMINATOR  # not protocol_missing_item
    assert outcome.evidence["found_items"] == 3


def test_terminator_inside_a_word_is_not_the_terminator():
    outcome = run("[1] a\n[2] b\n[3] FRIEND", terminator="END")
    assert outcome.code == MISSING_TERMINATOR


def test_text_after_the_terminator_line():
    outcome = run("[1] a\n[2] b\n[3] c\n<END>\nLet me know!", terminator="<END>")
    assert outcome.code == MALFORMED_TERMINATOR
    defect = outcome.evidence["defects"][0]
    assert defect["reason"] == "text_after_terminator"
    assert defect["line"] == 5
    assert defect["terminator_line"] == 4
    assert outcome.evidence["terminator_found"] == "Let me know!"


def test_terminator_moved_before_the_last_item():
    outcome = run("[1] a\n[2] b\n<END>\n[3] c", terminator="<END>")
    assert outcome.code == MALFORMED_TERMINATOR
    assert outcome.evidence["found_items"] == 3  # the terminator line is not item text


def test_terminator_twice():
    outcome = run("[1] a\n[2] b\n[3] c\n<END>\n<END>", terminator="<END>")
    assert outcome.code == MALFORMED_TERMINATOR


def test_terminator_that_is_a_word():
    assert run("[1] a\n[2] b\n[3] c\nDONE", terminator="DONE").passed
    assert run("[1] a\n[2] b\n[3] c\ndone.", terminator="DONE").code == MALFORMED_TERMINATOR


def test_terminator_without_items():
    outcome = run("<END>", terminator="<END>")
    assert outcome.code == MISSING_ITEM
    assert outcome.evidence["found_items"] == 0


# --- precedence and evidence ------------------------------------------------------------------


def test_several_defects_listed_and_code_is_first_by_precedence():
    outcome = run("Sure!\n[1] a\n[2] b\n[2]\n[5] e\nend", terminator="<END>")
    assert outcome.code == MALFORMED_ITEM
    codes = [defect["code"] for defect in outcome.evidence["defects"]]
    order = result_codes()["protocol_complete"]
    assert codes == sorted(codes, key=order.index)
    assert set(codes) == {MALFORMED_ITEM, MISSING_ITEM, EXTRA_ITEM, MALFORMED_TERMINATOR}
    assert reasons(outcome) == [
        "text_before_first_marker",
        "duplicate_index",
        "empty_item",
        "missing_items",
        "extra_items",
        "near_terminator",
    ]
    assert outcome.evidence["line"] == 1
    assert outcome.evidence["terminator_found"] == "end"


def test_every_failure_code_is_reachable():
    responses = {
        MALFORMED_ITEM: "[2] b\n[1] a\n[3] c\n<END>",
        MISSING_ITEM: "[1] a\n[2] b\n<END>",
        EXTRA_ITEM: "[1] a\n[2] b\n[3] c\n[4] d\n<END>",
        MALFORMED_TERMINATOR: "[1] a\n[2] b\n[3] c\n<end>",
        MISSING_TERMINATOR: "[1] a\n[2] b\n[3] c",
    }
    for code, response in responses.items():
        assert run(response, terminator="<END>").code == code
    assert set(responses) == set(result_codes()["protocol_complete"])


def test_evidence_never_holds_the_whole_response():
    long_line = "x" * 5000
    outcome = run(f"{long_line}\n[1] a\n[2] b\n[3] c\n{long_line}", terminator="<END>")
    assert outcome.code == MALFORMED_ITEM
    assert len(outcome.evidence["terminator_found"]) == 200
    for defect in outcome.evidence["defects"]:
        assert len(defect.get("found", "")) <= 200
    assert len(outcome.message) <= 200


def test_evidence_lists_are_capped_for_huge_batches():
    outcome = run("[1] a", expected_items=5000)
    assert outcome.code == MISSING_ITEM
    assert len(outcome.evidence["missing"]) == 100
    empties = "\n".join(f"[{n}]" for n in range(1, 301))
    outcome = run(empties, expected_items=300)
    assert len(outcome.evidence["defects"]) == 50
    assert outcome.evidence["defects_total"] == 300


def test_line_numbers_count_physical_lines_with_crlf():
    outcome = run("[1] a\r\n\r\n[2] b\r\n[2] c\r\n[3] d")
    assert outcome.evidence["line"] == 4


# --- param_errors -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("params", "fragment"),
    [
        ({"expected_items": 2, "format": "json_array", "marker": "{n}."}, "marker applies only"),
        ({"expected_items": 2, "format": "delimited", "marker": "{n}."}, "marker applies only"),
        ({"expected_items": 2, "delimiter": "==="}, "delimiter applies only"),
        ({"expected_items": 2, "format": "json_array", "delimiter": "="}, "delimiter applies"),
        ({"expected_items": 2, "marker": "[{n}/{n}]"}, "exactly once"),
        ({"expected_items": 2, "marker": "{n}"}, "text besides"),
        ({"expected_items": 2, "marker": "[{n}]\n"}, "one line"),
        ({"expected_items": 2, "terminator": "  "}, "not blank"),
        ({"expected_items": 2, "terminator": "END\nEND"}, "one line"),
        ({"expected_items": 2, "format": "delimited", "delimiter": " "}, "not blank"),
        ({"expected_items": 2, "format": "delimited", "terminator": "---"}, "same line"),
        (
            {"expected_items": 2, "format": "delimited", "delimiter": "#", "terminator": " # "},
            "same line",
        ),
        ({"expected_items": 2, "terminator": "[0]"}, "reads as an item marker"),
        ({"expected_items": 2, "marker": "{n}.", "terminator": "99. END"}, "item marker"),
    ],
)
def test_param_errors(params, fragment):
    errors = param_errors({}, params)
    assert any(fragment in error for error in errors), errors


@pytest.mark.parametrize(
    "params",
    [
        {"expected_items": 1},
        {"expected_items": 2, "marker": "### {n}", "terminator": "<END>"},
        {"expected_items": 2, "format": "delimited", "delimiter": "===", "terminator": "---"},
        {"expected_items": 2, "format": "json_array", "terminator": "<END>"},
        {"expected_items": 2, "format": "numbered", "marker": "【{n}】", "allow_extra_items": True},
    ],
)
def test_param_errors_accept_good_params(params):
    assert param_errors({}, params) == []


def test_repeated_n_in_a_marker_must_repeat_the_index():
    # param_errors rejects it; check() still reads it consistently rather than crashing.
    pattern = marker_pattern("[{n}/{n}]")
    assert pattern.match("[2/2] x")
    assert not pattern.match("[2/3] x")


def test_json_array_text_after_the_terminator_is_a_terminator_defect_only():
    outcome = run(
        '["a", "b", "c"]\n<END>\nHope this helps!', format="json_array", terminator="<END>"
    )
    assert outcome.code == MALFORMED_TERMINATOR
    assert reasons(outcome) == ["text_after_terminator"]
    glued = run('["a", "b", "c"] <END>', format="json_array", terminator="<END>")
    assert glued.code == MALFORMED_TERMINATOR
    assert glued.evidence["found_items"] == 3


def test_json_array_text_after_the_array_without_a_terminator_is_still_malformed():
    outcome = run('["a", "b", "c"]\nHope this helps!', format="json_array", terminator="<END>")
    assert outcome.code == MALFORMED_ITEM
    assert reasons(outcome) == ["not_json_array", "no_terminator"]


def test_huge_expected_count_is_cheap():
    outcome = run("[1] a", expected_items=10**12)
    assert outcome.code == MISSING_ITEM
    assert outcome.evidence["missing"][:2] == [2, 3]


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"expected_items": "3"},
        {"expected_items": True},
        {"expected_items": 0},
        {"expected_items": 3, "format": "yaml"},
        {"expected_items": 3, "terminator": 5},
        {"expected_items": 3, "marker": ["[{n}]"]},
        {"expected_items": 3, "marker": "[n]"},
    ],
)
def test_unvalidated_bad_params_raise_value_error_for_the_engine(params):
    candidate = {"case_id": "c", "text": "[1] a"}
    with pytest.raises(ParamsError):
        check(Subject.of({}, candidate), params)


def test_a_multi_line_preamble_is_one_defect_at_its_first_line():
    outcome = run("Sure!\n\nHere they are:\n[1] a\n[2] b\n[3] c")
    assert reasons(outcome) == ["text_before_first_marker"]
    assert outcome.evidence["line"] == 1
