"""The candidates file read lazily (``capeval.candidates``): the byte test that allows it, each
line parsed once when cases come in its order, and the same results as indexing it first."""

from __future__ import annotations

import json
import re

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import capeval.candidates
from capeval.candidates import names_no_system, names_no_system_in

from conftest import evalcase, jsonl, run_cmd

# -- the byte test ----------------------------------------------------------------------------

_SHORT_ESCAPES = {'"': '\\"', "\\": "\\\\", "/": "\\/", "\b": "\\b", "\f": "\\f"}
_SHORT_ESCAPES |= {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _u_escape(code: int, upper: bool) -> str:
    digits = f"{code:04X}" if upper else f"{code:04x}"
    return "\\u" + digits


def _write_char(ch: str, how: int, upper: bool) -> str:
    """One character of a JSON string, as itself (when JSON allows it), a short escape or
    \\uXXXX (a surrogate pair beyond the BMP); ``how`` picks among those allowed."""
    code = ord(ch)
    if code > 0xFFFF:
        high, low = 0xD800 + ((code - 0x10000) >> 10), 0xDC00 + ((code - 0x10000) & 0x3FF)
        escaped = _u_escape(high, upper) + _u_escape(low, upper)
    else:
        escaped = _u_escape(code, upper)
    forms = [escaped]
    if ch in _SHORT_ESCAPES:
        forms.append(_SHORT_ESCAPES[ch])
    if code >= 0x20 and ch not in '"\\':
        forms.append(ch)
    return forms[how % len(forms)]


@st.composite
def json_strings(draw, text: st.SearchStrategy[str] | None = None) -> str:
    """A JSON string literal for a drawn text, each character written any way JSON allows."""
    value = draw(text if text is not None else st.text(max_size=12))
    chars = [_write_char(ch, draw(st.integers(0, 2)), draw(st.booleans())) for ch in value]
    return '"' + "".join(chars) + '"'


_SPACE = st.sampled_from(["", " ", "\t", "  "])


@st.composite
def json_values(draw, depth: int = 2) -> str:
    kind = draw(st.integers(0, 5 if depth else 3))
    if kind == 0:
        return draw(json_strings())
    if kind == 1:
        return str(draw(st.integers(-(10**20), 10**20)))
    if kind == 2:
        return draw(st.sampled_from(["true", "false", "null", "1.5e3"]))
    if kind == 3:
        return draw(json_strings(st.just("system")))  # the word, as a value
    if kind == 4:
        items = draw(st.lists(json_values(depth - 1), max_size=3))
        return "[" + ",".join(items) + "]"
    return draw(json_objects(depth - 1))


@st.composite
def json_objects(draw, depth: int = 2, with_system: bool = False) -> str:
    keys = draw(st.lists(st.text(max_size=8), max_size=4))
    written = [draw(json_strings(st.just(key))) for key in keys]
    if with_system:
        at = draw(st.integers(0, len(written)))
        written.insert(at, draw(json_strings(st.just("system"))))
    space = draw(_SPACE)
    members = [f"{space}{key}{draw(_SPACE)}:{space}{draw(json_values(depth))}" for key in written]
    return "{" + ",".join(members) + draw(_SPACE) + "}"


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(line=json_objects(with_system=True), before=st.binary(max_size=40), block=st.integers(8, 64))
def test_a_line_with_a_system_key_however_written_fails_the_byte_test(
    tmp_path_factory, line, before, block
):
    record = orjson.loads(line)
    assert isinstance(record, dict) and "system" in record  # what the line is
    data = line.encode("utf-8")
    assert names_no_system(data) is False
    # in a file, after other bytes, read in small blocks (a match across two of them)
    path = tmp_path_factory.mktemp("bytes") / "candidates.jsonl"
    path.write_bytes(before.replace(b"\\", b"") + b"\n" + data + b"\n")
    assert names_no_system_in(str(path), block_bytes=block) is False


_NOT_SYSTEM = st.text(max_size=10).filter(lambda text: text != "system")
_PLAIN_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | _NOT_SYSTEM,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_NOT_SYSTEM, inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None)
@given(records=st.lists(st.dictionaries(_NOT_SYSTEM, _PLAIN_JSON, max_size=4), max_size=5))
def test_what_orjson_writes_without_the_string_system_passes_the_byte_test(records):
    # orjson escapes only '"', '\\' and control characters: none of them spells a letter
    data = b"".join(orjson.dumps(record) + b"\n" for record in records)
    assert names_no_system(data) is True


def test_the_byte_test_reads_a_file_in_blocks(tmp_path):
    path = tmp_path / "candidates.jsonl"
    filler = b'{"case_id":"a","text":"%s \\u00e9 \\u201c \\\\u0041"}\n' * 50
    for tail, expected in [
        (b"", True),
        (b'{"case_id":"b","text":"t","system":"m"}\n', False),
        (b'{"case_id":"b","text":"t","sy\\u0073tem":"m"}\n', False),
        (b'{"case_id":"b","text":"t","syst\\u0045m":"m"}\n', True),  # "systEm"
        (b'{"case_id":"b","text":"t","x":"\\u006D"}\n', False),  # may be a letter of it
    ]:
        path.write_bytes(filler + tail)
        for block in (7, 8, 13, 1 << 20):
            assert names_no_system_in(str(path), block_bytes=block) is expected, (tail, block)
    assert names_no_system_in(str(tmp_path / "missing.jsonl")) is False
    path.write_bytes(b"")
    assert names_no_system_in(str(path)) is True


# -- the lazy path, end to end ----------------------------------------------------------------


def _cases(n: int) -> list[dict]:
    return [evalcase(id=f"case.{k:04d}", source="%s " * (k % 3 + 1)) for k in range(n)]


def _candidate(k: int, **extra) -> dict:
    return {"case_id": f"case.{k:04d}", "text": "%s " * (k % 3 + 1), **extra}


def _count_candidate_parses(monkeypatch) -> list[int]:
    """Counts every orjson.loads of a candidate line (indexing and reading back alike)."""
    calls = [0]
    real = orjson.loads

    def counting(data, *args):
        if isinstance(data, (bytes, bytearray, memoryview)) and b'"case_id"' in bytes(data):
            calls[0] += 1
        return real(data, *args)

    monkeypatch.setattr(orjson, "loads", counting)
    return calls


@pytest.mark.parametrize(
    ("n", "reverse", "parses"),
    [
        # in order: once each, handed to its case, never read back
        (300, False, 300),
        # reversed: the first case reads to the end, the others find their lines indexed
        # and read them back (the counter sees each second parse)
        (50, True, 2 * 50 - 1),
    ],
)
def test_each_candidate_line_is_parsed_once_unless_read_back(
    tmp_path, monkeypatch, n, reverse, parses
):
    path = tmp_path / "candidates.jsonl"
    path.write_text(jsonl(*[_candidate(k) for k in range(n)]))
    calls = _count_candidate_parses(monkeypatch)
    cases = _cases(n)[::-1] if reverse else _cases(n)
    proc = run_cmd("cap-check", "--candidates", str(path), stdin=jsonl(*cases))
    assert proc.returncode == 0, proc.stderr
    assert len(proc.stdout.splitlines()) == n
    assert calls[0] == parses


def test_a_case_with_nothing_selected_reads_no_candidate_back(tmp_path, monkeypatch):
    # its candidates are claimed (not orphans) without reading them: in the reverse order
    # each line is parsed once, by the indexing, and never again
    n = 50
    path = tmp_path / "candidates.jsonl"
    path.write_text(jsonl(*[_candidate(k) for k in range(n)]))
    calls = _count_candidate_parses(monkeypatch)
    cases = _cases(n)[::-1]
    proc = run_cmd(
        "cap-check", "--candidates", str(path), "--only", "number_fidelity", stdin=jsonl(*cases)
    )
    assert proc.returncode == 0, proc.stderr
    assert not proc.stdout
    stderr = proc.stderr.decode()
    assert f"{n} cases with nothing selected" in stderr
    assert f"{n} of cases not checked" in stderr and "orphaned" not in stderr
    assert calls[0] == n


def _mixed_lines(n: int) -> list[str]:
    lines = []
    for k in range(n):
        if k % 11 == 4:
            continue  # a case without a candidate
        if k % 7 == 2:
            lines.append(json.dumps({"case_id": f"case.{k:04d}", "text": 7}))  # invalid
        lines.append(json.dumps(_candidate(k)))
        if k % 9 == 1:
            lines.append(json.dumps(_candidate(k, text="a second one")))  # a duplicate
        if k % 13 == 5:
            lines += ["not json", "[1]", '{"case_id": "x", "case_id": "y", "text": "t"}', ""]
            lines.append(json.dumps({"case_id": f"orphan.{k}", "text": "nobody asked"}))
    return lines


def _runs(tmp_path, monkeypatch, lines: list[str], cases: list[dict], *args: str):
    """(lazy, indexed first): the same run with the byte test as it is, and forced to fail."""
    path = tmp_path / "candidates.jsonl"
    path.write_text("".join(line + "\n" for line in lines))
    argv = ["--candidates", str(path), *args]
    lazy = run_cmd("cap-check", *argv, stdin=jsonl(*cases))
    monkeypatch.setattr(capeval.candidates, "names_no_system_in", lambda path: False)
    first = run_cmd("cap-check", *argv, stdin=jsonl(*cases))
    return lazy, first


@pytest.mark.parametrize("order", ["in order", "reversed", "cases reversed"])
@pytest.mark.parametrize("args", [(), ("--no-orphans",)])
def test_read_lazily_or_indexed_first_the_results_are_the_same(tmp_path, monkeypatch, order, args):
    n = 120
    lines, cases = _mixed_lines(n), _cases(n)
    cases.insert(60, dict(cases[30]))  # a case repeated
    cases.insert(40, {**_cases(n)[41], "source": 5})  # an invalid case: its candidate seen
    if order == "reversed":
        lines = lines[::-1]
    elif order == "cases reversed":
        cases = cases[::-1]
    lazy, first = _runs(tmp_path, monkeypatch, lines, cases, *args)
    assert lazy.returncode == first.returncode == 1  # candidate_missing is hard
    assert lazy.stdout == first.stdout
    lazy_err, first_err = lazy.stderr.decode().splitlines(), first.stderr.decode().splitlines()
    assert lazy_err[-1] == first_err[-1]  # the summary
    assert sorted(lazy_err) == sorted(first_err)  # the same diagnostics, maybe elsewhere
    assert "candidate.duplicate" in lazy.stderr.decode()


def test_a_diagnostic_comes_when_the_lazy_reading_reaches_its_line(tmp_path, monkeypatch):
    cases = _cases(3)
    cases[1] = {**cases[1], "source": 5}  # invalid: its diagnostic comes when it is read
    lines = [json.dumps(_candidate(0)), json.dumps(_candidate(1)), "not json"]
    lines += [json.dumps(_candidate(2))]
    lazy, first = _runs(tmp_path, monkeypatch, lines, cases)
    assert _codes(lazy) == ["schema.type", "jsonl.invalid_json"]  # the case's, then line 3's
    assert _codes(first) == ["jsonl.invalid_json", "schema.type"]  # all indexed first
    assert lazy.stdout == first.stdout


def test_with_a_system_the_whole_file_is_indexed_first(tmp_path):
    # a system first named on the last line still gets its candidate_missing results
    lines = [json.dumps(_candidate(0)), "not json", json.dumps(_candidate(1, system="m"))]
    path = tmp_path / "candidates.jsonl"
    path.write_text("".join(line + "\n" for line in lines))
    proc = run_cmd("cap-check", "--candidates", str(path), stdin=jsonl(*_cases(2)))
    results = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [(r["case_id"], r.get("system"), r["code"]) for r in results] == [
        ("case.0000", None, "ok"),
        ("case.0000", "m", "candidate_missing"),
        ("case.0001", None, "candidate_missing"),
        ("case.0001", "m", "ok"),
    ]
    assert _codes(proc) == ["jsonl.invalid_json"]


def _codes(proc) -> list[str]:
    """The codes of the diagnostics on stderr, in order."""
    return re.findall(r": (?:error|warning): ([a-z_.]+):", proc.stderr.decode())
