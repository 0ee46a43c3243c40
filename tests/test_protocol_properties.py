"""Property tests for protocol_complete (SPEC §5.2).

Generated well-formed responses in every format pass; removing, duplicating, reordering or
emptying an item, or corrupting, moving or dropping the terminator, fails with the right code.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from capeval.assertions import Subject
from capeval.assertions.protocol_complete import check
from capeval.batch_response import loose_key

MALFORMED_ITEM = "protocol_malformed_item"
MISSING_ITEM = "protocol_missing_item"
EXTRA_ITEM = "protocol_extra_item"
MALFORMED_TERMINATOR = "protocol_malformed_terminator"
MISSING_TERMINATOR = "protocol_missing_terminator"

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Item text: letters of several scripts, spaces and harmless punctuation. No digits, brackets,
# '#', '-', '<' or '_', so no generated text can read as a marker, delimiter or terminator.
LETTERS = "abcxyzABCXYZéüßñ保存读取退出游戏設定حفظاللعبةСохранитьигруשמירהकखग"
LINE = st.builds(
    lambda head, tail: head + tail,
    st.sampled_from(LETTERS),
    st.text(alphabet=LETTERS + " ,;!?'\"«»…", max_size=20),
).map(str.rstrip)
ITEM = st.lists(LINE, min_size=1, max_size=3).map("\n".join)

MARKERS = ["[{n}]", "{n}.", "### {n}", "【{n}】", "Item {n}:", "<{n}>", "({n})", "{n}、"]
TERMINATORS = ["<END>", "[[DONE]]", "###FIN###", "END_OF_BATCH", "</translations>", "«КОНЕЦ»"]
DELIMITERS = ["---", "===", "***", "%%"]


@st.composite
def protocols(draw, min_items: int = 1, formats=("numbered", "json_array", "delimited")):
    """A protocol (params) and a well-formed response's ingredients."""
    response_format = draw(st.sampled_from(formats))
    items = draw(st.lists(ITEM, min_size=min_items, max_size=8))
    params: dict = {"expected_items": len(items), "format": response_format}
    if draw(st.booleans()):
        params["terminator"] = draw(st.sampled_from(TERMINATORS))
    if response_format == "numbered":
        params["marker"] = draw(st.sampled_from(MARKERS))
    elif response_format == "delimited":
        params["delimiter"] = draw(st.sampled_from(DELIMITERS))
    layout = {
        "newline": draw(st.sampled_from(["\n", "\r\n"])),
        "trailing": draw(st.sampled_from(["", "\n", "\n\n  \n"])),
        # numbered: marker alone on its line before the body, per item; indentation
        "alone": draw(st.lists(st.booleans(), min_size=len(items), max_size=len(items))),
        "indent": draw(st.sampled_from(["", "  "])),
        "gap": draw(st.sampled_from(["", "\n"])),  # blank line between items
        "json_indent": draw(st.sampled_from([None, 2])),
        "ascii": draw(st.booleans()),
    }
    return params, items, layout


def body_lines(params: dict, entries: list[tuple[int, str]], layout: dict) -> list[str]:
    """The response body (no terminator) as lines; entries are (index, text) in order."""
    response_format = params["format"]
    texts = [text for _, text in entries]
    if response_format == "json_array":
        dumped = json.dumps(texts, ensure_ascii=layout["ascii"], indent=layout["json_indent"])
        return dumped.split("\n")
    if response_format == "delimited":
        return f"\n{params['delimiter']}\n".join(texts).split("\n")
    lines: list[str] = []
    alone = layout["alone"] + [False] * len(entries)
    for position, (index, text) in enumerate(entries):
        marker = layout["indent"] + params["marker"].replace("{n}", str(index))
        first, *rest = text.split("\n")
        if alone[position]:
            lines += [marker, first, *rest]
        else:
            lines += [f"{marker} {first}".rstrip(), *rest]
        if layout["gap"] and position < len(entries) - 1:
            lines.append("")
    return lines


def render(lines: list[str], layout: dict) -> str:
    return layout["newline"].join(lines) + layout["trailing"].replace("\n", layout["newline"])


def response(params: dict, entries: list[tuple[int, str]], layout: dict) -> str:
    lines = body_lines(params, entries, layout)
    if "terminator" in params:
        lines.append(params["terminator"])
    return render(lines, layout)


def verdict(params: dict, raw_response: str) -> str:
    candidate = {"case_id": "protocol.property.001", "text": "", "raw_response": raw_response}
    return check(Subject.of({"source": ""}, candidate), params).code


def numbered_entries(items: list[str]) -> list[tuple[int, str]]:
    return list(enumerate(items, 1))


# --- well-formed responses pass ---------------------------------------------------------------


@SETTINGS
@given(protocols())
def test_well_formed_responses_pass(protocol):
    params, items, layout = protocol
    assert verdict(params, response(params, numbered_entries(items), layout)) == "ok"


@SETTINGS
@given(protocols(), st.integers(min_value=1, max_value=3))
def test_extra_items_pass_when_allowed_and_fail_when_not(protocol, surplus):
    params, items, layout = protocol
    params = dict(params, expected_items=len(items))
    raw = response(params, numbered_entries(items + items[:1] * surplus), layout)
    assert verdict(params, raw) == EXTRA_ITEM
    assert verdict(dict(params, allow_extra_items=True), raw) == "ok"


# --- item defects -----------------------------------------------------------------------------


@SETTINGS
@given(protocols(min_items=2), st.data())
def test_removing_an_item_is_a_missing_item(protocol, data):
    params, items, layout = protocol
    entries = numbered_entries(items)
    del entries[data.draw(st.integers(0, len(entries) - 1))]
    assert verdict(params, response(params, entries, layout)) == MISSING_ITEM


@SETTINGS
@given(protocols(), st.data())
def test_duplicating_an_item(protocol, data):
    params, items, layout = protocol
    entries = numbered_entries(items)
    position = data.draw(st.integers(0, len(entries) - 1))
    entries.insert(position + 1, entries[position])
    # Only numbered items carry an index, so only there is a duplicate recognisable as one;
    # elsewhere it is one item too many.
    expected = MALFORMED_ITEM if params["format"] == "numbered" else EXTRA_ITEM
    assert verdict(params, response(params, entries, layout)) == expected


@SETTINGS
@given(protocols(min_items=2, formats=("numbered",)), st.data())
def test_reordering_numbered_items_is_malformed(protocol, data):
    params, items, layout = protocol
    entries = numbered_entries(items)
    first = data.draw(st.integers(0, len(entries) - 2))
    second = data.draw(st.integers(first + 1, len(entries) - 1))
    entries[first], entries[second] = entries[second], entries[first]
    assert verdict(params, response(params, entries, layout)) == MALFORMED_ITEM


@SETTINGS
@given(protocols(min_items=2), st.data(), st.sampled_from(["", " ", "\u200b"]))
def test_emptying_an_item_is_malformed(protocol, data, emptiness):
    # At least two items: a delimited response whose only item is emptied has no text left,
    # which reads as no items (missing), not as one empty item.
    params, items, layout = protocol
    entries = numbered_entries(items)
    position = data.draw(st.integers(0, len(entries) - 1))
    entries[position] = (entries[position][0], emptiness)
    assert verdict(params, response(params, entries, layout)) == MALFORMED_ITEM


# --- terminator defects -----------------------------------------------------------------------


def with_terminator(protocol):
    params, items, layout = protocol
    if "terminator" not in params:
        params = dict(params, terminator=TERMINATORS[len(items) % len(TERMINATORS)])
    return params, items, layout


def corruptions(terminator: str) -> list[str]:
    letters = "".join(char for char in terminator if char.isalnum())
    return [
        terminator.lower(),
        letters,
        letters.lower(),
        f"**{terminator}**",
        f"{terminator}.",
        f"{terminator} Hope this helps!",
        f"Done: {terminator}",
        " ".join(terminator),
    ]


@SETTINGS
@given(protocols(), st.data())
def test_corrupting_the_terminator_is_malformed(protocol, data):
    params, items, layout = with_terminator(protocol)
    corrupted = data.draw(st.sampled_from(corruptions(params["terminator"])))
    assume(corrupted != params["terminator"])
    lines = body_lines(params, numbered_entries(items), layout) + [corrupted]
    assert verdict(params, render(lines, layout)) == MALFORMED_TERMINATOR


@SETTINGS
@given(protocols(), st.data())
def test_moving_the_terminator_is_malformed(protocol, data):
    params, items, layout = with_terminator(protocol)
    lines = body_lines(params, numbered_entries(items), layout)
    last_text = max(number for number, line in enumerate(lines) if line.strip())
    lines.insert(data.draw(st.integers(0, last_text)), params["terminator"])
    assert verdict(params, render(lines, layout)) == MALFORMED_TERMINATOR


@SETTINGS
@given(protocols(), st.sampled_from(["Let me know!", "Готово.", "完成", "{}"]))
def test_text_after_the_terminator_is_malformed(protocol, tail):
    params, items, layout = with_terminator(protocol)
    lines = body_lines(params, numbered_entries(items), layout) + [params["terminator"], tail]
    assert verdict(params, render(lines, layout)) == MALFORMED_TERMINATOR


@SETTINGS
@given(protocols())
def test_dropping_the_terminator_is_a_missing_terminator(protocol):
    params, items, layout = with_terminator(protocol)
    lines = body_lines(params, numbered_entries(items), layout)
    # A last line that happens to spell the terminator's letters is a near miss, not missing.
    assume(loose_key(lines[-1]) != loose_key(params["terminator"]))
    assert verdict(params, render(lines, layout)) == MISSING_TERMINATOR
