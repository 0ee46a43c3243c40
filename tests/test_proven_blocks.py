"""``ProvenLines.shared_texts``: a block's verdict by C loops equals the verdict line by line.

Blocks are lines of one suite case (so they share their texts, the path that is decided for
the whole block at once) with a few lines changed: ids and sources at and across their
rules' edges and holding ':', a key repeated, another text, a line that does not decode.
Two ProvenLines that learned the same lines must agree: ``shared_texts`` on one, each line's
``proven_texts`` on the other (when every line is proven, with the texts they share).
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from capeval.schemas.lines import ProvenLines
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
    shared = by_block.shared_texts(by_block.decoded(data, lines), lines)
    if shared is None:  # a line not proven, or the lines' texts differ
        assert None in each or len(set(map(repr, each))) > 1 or not lines
    else:
        assert each == [shared] * len(lines)


def test_a_suites_block_is_proven_whole():
    lines = [json.dumps({**TEACHER, "id": f"suite.case.{n}"}).encode() for n in range(50)]
    proven = _taught()
    assert proven.shared_texts(proven.decoded(b"\n".join(lines), lines), lines) is not None
    repeated = [*lines[:-1], b'{"id": "a.b", ' + lines[-1][1:]]
    assert proven.shared_texts(proven.decoded(b"\n".join(repeated), repeated), repeated) is None
