"""cap-validate's block path (``capeval.validate.blocks``) against the per-line path.

Inputs are lines of valid cases, each possibly mutated — any field replaced, removed or
added, corrupted as test_validate_properties does, written with other separators, a key
repeated, escapes, a BOM, CRLF, blank lines, long digit runs, credentials, invalid and
non-object lines — cut into small blocks. The run with the block path must write exactly the
stdout and stderr of the run without it: the block path never passes a line the full path
rejects, never reports anything differently, and numbers every line the same.
"""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval import validate

from conftest import evalcase, run_in_process
from test_validate_properties import CORRUPTIONS, valid_cases

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**21), 10**21)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)
SECRETS = ["AKIAIOSFODNN7EXAMPLE", "password=hunter2xyz", "-----BEGIN PRIVATE KEY-----",
           "ghp_" + "a1B2c3D4e5" * 4, "aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI3kM5"]  # fmt: skip


def _paths(node, prefix=()):
    """Every path (tuple of keys and indexes) to a value inside ``node``."""
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, (*prefix, index))


def _replace_anywhere(case, draw):
    path = draw(st.sampled_from(list(_paths(case))[1:]))
    parent = case
    for step in path[:-1]:
        parent = parent[step]
    action = draw(st.sampled_from(["replace", "delete", "add"]))
    if action == "replace" or isinstance(parent, list):
        parent[path[-1]] = draw(JSON_VALUES)
    elif action == "delete":
        del parent[path[-1]]
    else:
        parent[draw(st.text(max_size=6))] = draw(JSON_VALUES)


def _secret(case, draw):
    field = draw(st.sampled_from(["source", "domain", "id"]))
    case[field] = draw(st.sampled_from(["", "x "])) + draw(st.sampled_from(SECRETS))


ODD_IDS = ["Upper.case", "a..b", "-a.b", "a.b-", "single", "a.b\n", "a.b ", "\uff41.b",
           "a." + "b" * 198, "a." + "b" * 199, "a.b\u0301", "", "a.b.", "a_b.c"]  # fmt: skip


def _odd_string(case, draw):
    """The fields the block path checks itself, at and across their rules' edges."""
    if draw(st.booleans()):
        case["id"] = draw(st.sampled_from(ODD_IDS) | st.text(alphabet="ab.-A\n 0", max_size=8))
    else:
        case["source"] = draw(st.sampled_from([None, 1, ["x"], "", "\u2028", "a\x00b"]))


def _serialise(case, draw) -> bytes:
    style = draw(st.sampled_from(["spaced"] * 5 + ["compact", "padded", "ascii"]))
    if style == "compact":
        text = json.dumps(case, separators=(",", ":"), ensure_ascii=False)
    elif style == "spaced":
        text = json.dumps(case, ensure_ascii=False)
    elif style == "padded":
        text = json.dumps(case, separators=(" , ", " : "), ensure_ascii=False)
    else:
        text = json.dumps(case)  # \u escapes for every non-ASCII character
    return text.encode("utf-8", "surrogatepass")


def _text_mutation(raw: bytes, draw) -> bytes:
    """A change to the line's bytes that no dict can express."""
    change = draw(st.sampled_from(["repeat_top", "repeat_inner", "escape", "bom", "crlf",
                                   "digits", "truncate", "byte", "pad", "not_object",
                                   "slash"]))  # fmt: skip
    if change == "repeat_top":
        key = draw(st.sampled_from(["id", "source", "domain", "tags", "assertions"]))
        value = draw(st.sampled_from(['"a.b"', '"x"', "[]", "1", '["bench"]']))
        return raw[:1] + f'"{key}":{value},'.encode() + raw[1:]
    if change == "repeat_inner":
        return raw.replace(b'"severity": "', b'"severity": "hard", "severity": "', 1).replace(
            b'"severity":"', b'"severity":"hard","severity":"', 1
        )
    if change == "escape":
        return raw.replace(b"a", b"\\u0061", 1).replace(b'"id', b'"\\u0069d', 1)
    if change == "bom":
        return b"\xef\xbb\xbf" + raw
    if change == "crlf":
        return raw + b"\r"
    if change == "digits":
        return raw[:-1] + b', "x-n": 12345678901234567890123}'
    if change == "truncate":
        return raw[: draw(st.integers(0, max(len(raw) - 1, 0)))]
    if change == "byte":
        at = draw(st.integers(0, len(raw)))
        return (
            raw[:at]
            + draw(st.sampled_from([b"\xff", b"\x00", b" ", b"\\", b'"', b"\t"]))
            + raw[at:]
        )
    if change == "pad":
        return b" \t" + raw + b"  "
    if change == "slash":
        return raw.replace(b"/", b"\\/")
    return draw(st.sampled_from([b"[1, 2]", b"null", b'"text"', b"3", b"{}"]))


SUITE = [
    evalcase(id=f"suite.case.{i}", source=f"Hello %s, {i} coins", **extra)
    for i, extra in enumerate(
        [{}, {"tags": ["ui", "b"], "context": {"max_chars": 40}}, {"required_tokens": ["%s"]}]
    )
]


@st.composite
def lines(draw) -> bytes:
    """One input line (without its newline), or a blank line. Most are cases of a suite, so
    their texts repeat and the block path has something to vouch for."""
    if draw(st.integers(0, 20)) == 0:
        return draw(st.sampled_from([b"", b"   ", b"\t"]))
    if draw(st.integers(0, 3)):
        case = copy.deepcopy(draw(st.sampled_from(SUITE)))
        case["id"] = draw(st.sampled_from(["suite.case.", "suite.other."])) + str(
            draw(st.integers(0, 300))
        )
    else:
        case = copy.deepcopy(draw(valid_cases()))
    mutation = draw(st.integers(0, 9))
    if mutation == 1:
        draw(st.sampled_from(CORRUPTIONS))(case, draw)
    elif mutation in (2, 3):
        _replace_anywhere(case, draw)
    elif mutation == 4:
        _secret(case, draw)
    elif mutation == 7:
        _odd_string(case, draw)
    raw = _serialise(case, draw)
    if mutation in (5, 6):
        raw = _text_mutation(raw, draw)
    return raw


@st.composite
def inputs(draw) -> bytes:
    """Lines sharing a few cases (so texts repeat, as in a suite), some lines repeated."""
    shared = [json.dumps(case).encode() for case in SUITE]
    chosen = draw(st.lists(lines() | st.sampled_from(shared), min_size=1, max_size=40))
    text = b"\n".join(chosen)
    return text + draw(st.sampled_from([b"\n", b""]))


def _both_paths(data: bytes, args: list[str], block_bytes: int, monkeypatch) -> tuple:
    runs = []
    for enabled in (True, False):
        with monkeypatch.context() as patch:
            patch.setattr(validate, "BLOCK_PATH", enabled)
            patch.setattr(validate, "BLOCK_BYTES", block_bytes)
            done = run_in_process("cap-validate", args, data)
        runs.append((done.returncode, done.stdout, done.stderr))
    return runs


OPTIONS = st.sampled_from(
    [[], ["-q"], ["--check"], ["--first-line", "41"], ["--kind", "evalcase"], ["--progress"],
     ["--max-line-bytes", "300"], ["--diagnostics", "/dev/null"]]
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(inputs(), OPTIONS, st.integers(1, 6000))
def test_the_block_path_writes_what_the_per_line_path_writes(data, args, block_bytes):
    fast, full = _both_paths(data, args, block_bytes, pytest.MonkeyPatch())
    assert fast == full


@st.composite
def suites(draw) -> bytes:
    """A suite of clean lines (the block path's own ground) with a few mutated lines in
    between: what the block path must hand back, in place."""
    count = draw(st.integers(10, 60))
    chosen = [
        json.dumps({**SUITE[i % len(SUITE)], "id": f"suite.case.{i}"}).encode()
        for i in range(count)
    ]
    for _ in range(draw(st.integers(1, 4))):
        chosen[draw(st.integers(0, count - 1))] = draw(lines())
    return b"\n".join(chosen) + b"\n"


@settings(max_examples=300, deadline=None)
@given(suites(), OPTIONS, st.integers(200, 20000))
def test_mutated_lines_in_a_suite_are_handed_back_in_place(data, args, block_bytes):
    fast, full = _both_paths(data, args, block_bytes, pytest.MonkeyPatch())
    assert fast == full


def test_clean_lines_skip_the_full_path(monkeypatch):
    """The block path does its job: after the first line of a suite, no line is parsed."""
    from capeval.run import Run

    cases = [json.dumps(evalcase(id=f"suite.case.{i}")) for i in range(500)]
    data = ("\n".join(cases) + "\n").encode()
    parsed = []
    original = Run.parse_line

    def counting(self, line_no, raw):
        parsed.append(line_no)
        return original(self, line_no, raw)

    monkeypatch.setattr(Run, "parse_line", counting)
    fast, full = _both_paths(data, [], 4096, monkeypatch)
    assert fast == full
    assert fast[1] == data
    assert parsed == [1]


def test_a_repeated_key_in_a_block_is_caught(monkeypatch):
    """A key repeated at the top level: the block's ':' count gives it away."""
    good = [json.dumps(evalcase(id=f"suite.case.{i}")) for i in range(20)]
    good[7] = '{"id": "suite.case.x", ' + good[7][1:]
    data = ("\n".join(good) + "\n").encode()
    fast, full = _both_paths(data, [], 1 << 20, monkeypatch)
    assert fast == full
    assert b"<stdin>:8: error: jsonl.duplicate_key: key 'id' repeats" in fast[2]


def test_an_escaped_colon_cannot_hide_a_repeated_key(monkeypatch):
    """A "\\u003a" in a string decodes to ':' and would make up for the ':' of a dropped key:
    lines with "\\u" escapes are not counted, they take the full way (the secrets prefilter
    sends them there too)."""
    good = [json.dumps(evalcase(id=f"suite.case.{i}")) for i in range(20)]
    good[5] = '{"id": "suite.case.x", ' + good[5][1:].replace('"Welcome', '"\\u003aWelcome')
    data = ("\n".join(good) + "\n").encode()
    fast, full = _both_paths(data, [], 1 << 20, monkeypatch)
    assert fast == full
    assert b"<stdin>:6: error: jsonl.duplicate_key: key 'id' repeats" in fast[2]


def test_a_line_past_the_limit_at_a_block_boundary(monkeypatch):
    """A line longer than --max-line-bytes where a block ends: the rest is read per line."""
    cases = [json.dumps(evalcase(id=f"suite.case.{i}")) for i in range(12)]
    cases[5] = json.dumps(evalcase(id="suite.case.long", source="x" * 5000))
    data = ("\n".join(cases) + "\n").encode()
    fast, full = _both_paths(data, ["--max-line-bytes", "1000"], 700, monkeypatch)
    assert fast == full
    assert b"<stdin>:6: error: jsonl.too_long" in fast[2]
    assert b"12 read, 11 valid, 1 invalid" in fast[2]


def test_without_a_decomposable_schema_plain_blocks_go_line_by_line(monkeypatch):
    from capeval.validate import blocks

    monkeypatch.setattr(blocks, "top_level_plan", lambda kind: None)
    cases = [json.dumps(evalcase(id=f"suite.case.{i % 9}")) for i in range(12)]
    data = ("\n".join([*cases[:4], "", "[1]", *cases[4:]]) + "\n").encode()
    fast, full = _both_paths(data, ["--first-line", "7"], 900, monkeypatch)
    assert fast == full
    assert b"<stdin>:12: error: jsonl.not_object" in fast[2]
