"""``ProvenLines.shared_texts``: a block's verdict by C loops equals the verdict line by line.

Blocks are lines of one suite case (so they share their texts, the path that is decided for
the whole block at once) with a few lines changed: ids and sources at and across their
rules' edges and holding ':', a key repeated, another text, a line that does not decode.
Two ProvenLines that learned the same lines must agree: ``shared_texts`` on one, each line's
``proven_texts`` on the other (when every line is proven, with the texts they share).
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import astuple

from capeval.schemas.lines import ProvenLines, column_search
from capeval.validate.rules import EVALCASE_FREE_FIELDS, EVALCASE_JOINT_FIELDS

from conftest import evalcase

TEACHER = evalcase(id="suite.case.0", source="Hello %s: 3 coins", tags=["ui"])
IDS = st.sampled_from(["suite.case.1", "a:b.c", "Upper.case", "a." + "b" * 199, "x", ""]) | (
    st.text(alphabet="ab.:-", max_size=12)
)
SOURCES = st.sampled_from(["", "a:b", "Hello %s", "::", "x" * 5000]) | st.text(max_size=8)


def _line(draw, n: int) -> bytes:
    change = draw(st.integers(0, 12))
    case = {**TEACHER, "id": f"suite.case.{n}"}
    if change == 1:
        case["id"] = draw(IDS)
    elif change == 2:
        case["source"] = draw(SOURCES)
    elif change == 3:
        case["tags"] = ["other"]  # a text no line taught
    raw = json.dumps(case, ensure_ascii=False).encode("utf-8", "surrogatepass")
    if change == 4:  # a key repeated: the ':' count must show it
        key = draw(st.sampled_from(["id", "source", "tags", "domain"]))
        raw = raw[:1] + f'"{key}": "a.b", '.encode() + raw[1:]
    elif change == 5:
        raw = raw[:-1]  # no longer JSON
    return raw


@st.composite
def blocks(draw) -> list[bytes]:
    return [_line(draw, n) for n in range(draw(st.integers(0, 12)))]


def _taught() -> ProvenLines:
    proven = ProvenLines(
        "evalcase", typed_fields=EVALCASE_FREE_FIELDS, joint_fields=EVALCASE_JOINT_FIELDS
    )
    raw = json.dumps(TEACHER).encode()
    (line,) = proven.decoded(raw, [raw])
    proven.learn(line)
    return proven


@settings(max_examples=300, deadline=None)
@given(blocks())
def test_shared_texts_say_what_each_line_says(lines):
    data = b"\n".join(lines)
    by_block, by_line = _taught(), _taught()
    each = [
        line and by_line.proven_texts(line, raw)
        for line, raw in zip(by_line.decoded(data, lines), lines, strict=True)
    ]
    shared = by_block.shared_texts(by_block.decoded(data, lines), lines, data)
    if shared is None:  # a line not proven, or the lines' texts differ
        assert None in each or len(set(map(repr, each))) > 1 or not lines
    else:
        assert each == [shared] * len(lines)


def test_a_suites_block_is_proven_whole():
    lines = [json.dumps({**TEACHER, "id": f"suite.case.{n}"}).encode() for n in range(50)]
    proven = _taught()
    data = b"\n".join(lines)
    assert proven.shared_texts(proven.decoded(data, lines), lines, data) is not None
    repeated = [*lines[:-1], b'{"id": "a.b", ' + lines[-1][1:]]
    data = b"\n".join(repeated)
    assert proven.shared_texts(proven.decoded(data, repeated), repeated, data) is None


def _framing(draw, lines: list[bytes]) -> list[bytes]:
    """The lines with their framing changed the ways a block decode could misread: a value
    spread over two lines, two values on one line, a blank line, a blank at a line's end, a
    string cut at a line's end, an escape."""
    change = draw(st.integers(0, 8))
    if not lines or change == 0:
        return lines
    at = draw(st.integers(0, len(lines) - 1))
    line = lines[at]
    cut = line.find(b", ") + 1  # after a ',' between two members
    if cut == 0 and change in (1, 2):
        return lines
    if change == 1:  # one value over two lines ('}' '{' never meet inside it)
        return [*lines[:at], line[:cut], line[cut:], *lines[at + 1 :]]
    if change == 2 and at + 1 < len(lines):  # two values on one line, then one over two
        two = line + b" " + lines[at + 1]
        rest = lines[at + 2 :]
        if rest and b", " in rest[0]:
            cut = rest[0].index(b", ") + 1
            rest = [rest[0][:cut], rest[0][cut:], *rest[1:]]
        return [*lines[:at], two, *rest]
    if change == 3:
        return [*lines[:at], b"", *lines[at:]]
    if change == 4:
        return [*lines[:at], line + b" ", *lines[at + 1 :]]
    if change == 5 and b'"source": "' in line:  # a string cut by the newline
        cut = line.index(b'"source": "') + 12
        return [*lines[:at], line[:cut], line[cut:], *lines[at + 1 :]]
    if change == 6:
        return [*lines[:at], line.replace(b"Hello", b"\\u0048ello"), *lines[at + 1 :]]
    if change == 7:
        return [*lines[:at], b"{}", *lines[at + 1 :]]
    return [*lines[:at], b"[" + line + b"]", *lines[at + 1 :]]


def _each_line(proven: ProvenLines, lines: list[bytes]) -> list[object]:
    """What a decode of each line alone makes of it (None: not decoded, or an escape)."""
    found = []
    for raw in lines:
        try:
            found.append(None if b"\\u" in raw else proven._decode(raw))
        except Exception:
            found.append(None)
    return found


def _suite_lines(count: int) -> list[bytes]:
    return [json.dumps({**TEACHER, "id": f"suite.case.{n}"}).encode() for n in range(count)]


@settings(max_examples=400, deadline=None)
@given(st.data(), blocks() | st.integers(1, 8).map(_suite_lines), st.booleans())
def test_a_block_decoded_at_once_is_each_line_decoded(data, lines, last_newline):
    for _ in range(data.draw(st.integers(1, 3))):
        lines = _framing(data.draw, lines)
    block = b"\n".join(lines) + (b"\n" if last_newline and lines else b"")
    proven = _taught()
    assert proven.decoded(block, lines) == _each_line(proven, lines)


def test_a_clean_block_is_decoded_in_one_call(monkeypatch):
    lines = _suite_lines(20)
    proven = _taught()
    calls = []
    decode = proven._decode
    monkeypatch.setattr(proven, "_decode", lambda raw: calls.append(raw) or decode(raw))
    assert None not in proven.decoded(b"\n".join(lines) + b"\n", lines)
    assert calls == []  # not a call a line
    broken = [*lines[:5], lines[5] + b" " + lines[6], lines[7][:40], lines[7][40:], *lines[8:]]
    found = proven.decoded(b"\n".join(broken), broken)
    assert len(calls) == len(broken)  # each line alone: the block's framing is not plain
    assert found == _each_line(proven, broken)


def _suite_line(draw, n: int) -> bytes:
    """A line of the suite, maybe changed where a rebuild from the first line could be
    misled: its id or source quoted elsewhere too, keys reordered or spaced otherwise, a
    string with an escape, a text no line taught, a key repeated, broken JSON."""
    change = draw(st.integers(0, 14))
    case = {**TEACHER, "id": f"suite.case.{n}"}
    if change == 1:
        case["id"] = draw(IDS)
    elif change == 2:
        case["source"] = draw(SOURCES | st.just('say "hi"'))
    elif change == 3:
        case["tags"] = [case["id"]]  # the id quoted twice
    elif change == 4:
        case["source"] = case["id"]
    elif change == 5:
        case = dict(reversed(list(case.items())))
    elif change == 6:
        case["tags"] = ["other"]
    raw = json.dumps(case, ensure_ascii=False).encode("utf-8", "surrogatepass")
    if change == 7:
        raw = json.dumps(case, separators=(",", ":")).encode()
    elif change == 8:
        raw = raw[:1] + b'"id": "a.b", ' + raw[1:]
    elif change == 9:
        raw = raw[:-1]
    elif change == 10:
        raw = raw.replace(b'"source": "', b'"source": "\\u0041', 1)
    return raw


@st.composite
def suite_blocks(draw) -> list[bytes]:
    return [_suite_line(draw, n) for n in range(draw(st.integers(1, 10)))]


@settings(max_examples=400, deadline=None)
@given(suite_blocks(), st.booleans())
def test_a_block_proven_whole_is_each_line_proven(lines, last_newline):
    data = b"\n".join(lines) + (b"\n" if last_newline else b"")
    by_block, by_line = _taught(), _taught()
    found = by_block.shared_block(data)
    if found is None:
        return
    texts, first, columns = found
    each = [by_line.decoded(raw, [raw])[0] for raw in lines]
    assert None not in each
    proofs = [by_line.proven_texts(line, raw) for line, raw in zip(each, lines, strict=True)]
    assert proofs == [texts] * len(lines)
    assert astuple(first) == astuple(each[0])  # (two ProvenLines: two Struct types)
    assert columns == [[getattr(line, name) for line in each] for name in by_line.typed_fields]


def test_a_suites_block_is_proven_whole_from_its_strings():
    lines = _suite_lines(600)  # more than one rebuilt stretch
    proven = _taught()
    found = proven.shared_block(b"\n".join(lines))
    assert found is not None
    assert found[2][0] == [f"suite.case.{n}" for n in range(600)]
    for other in (
        [*lines[:-1], lines[-1].replace(b'"ui"', b'"uj"')],  # another text, last line
        [*lines[:300], lines[300].replace(b'"suite.case.300"', b'"suite.case.1"'), *lines[301:]],
        [*lines[:5], b" " + lines[5], *lines[6:]],
    ):
        result = proven.shared_block(b"\n".join(other))
        if result is not None:  # only a line of the suite with another id is one
            assert [json.loads(raw)["id"] for raw in other] == result[2][0]
            assert all(json.loads(raw)["tags"] == ["ui"] for raw in other)


ID_PATTERN = ProvenLines("evalcase")._typed_rules[0][3].__self__.pattern
RULE_PATTERNS = [ID_PATTERN, r"^[a-z]+$", r"^\d{2,3}\Z", r"^(?:ab|c)+?\Z", r"^\Z", r"^[A-Z_-]*\Z"]
COLUMN_STRINGS = st.lists(
    st.text(alphabet="abcz09.-_AZ\n\r ", max_size=12)
    | st.sampled_from(["suite.case.1", "a.b", "a..b", ".a", "a.", "a.b\n", "\na.b", "ab", "123"]),
    min_size=1,
    max_size=8,
)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(RULE_PATTERNS), COLUMN_STRINGS)
def test_a_column_is_tested_at_once_as_string_by_string(pattern, column):
    search = re.compile(pattern).search
    column_passes = column_search(search)
    assert column_passes is not None
    assert column_passes(column) == all(map(search, column))


@pytest.mark.parametrize(
    "pattern",
    [r"^.+\Z", r"^[^x]+\Z", r"^a\sb\Z", r"^(?>a+)\Z", r"^a++\Z", r"^a|b\Z", r"^a\n\Z",
     r"^[\n-z]\Z", r"^(a)\1\Z", r"a\Z", r"^a", r"^a\\Z", r"^(?=a)a\Z", r"(?m)^a$"],
)  # fmt: skip
def test_a_pattern_that_could_match_across_strings_is_tested_string_by_string(pattern):
    assert column_search(re.compile(pattern).search) is None
