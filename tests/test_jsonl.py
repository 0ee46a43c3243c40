"""Unit tests of the JSON Lines reader and writer."""

from __future__ import annotations

import io
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval import jsonl
from capeval.jsonl import Writer, read_lines

from conftest import command


def read_all(data: bytes, max_line_bytes: int = 1 << 20, **kw):
    problems: list[tuple[int, str]] = []
    items = list(
        read_lines(io.BytesIO(data), lambda n, c, m: problems.append((n, c)), max_line_bytes, **kw)
    )
    return items, problems


def test_line_numbers_are_physical_lines_counting_blanks():
    items, problems = read_all(b'{"a":1}\n\n\n{"a":2}\r\n  \n{"a":3}')
    assert [(n, r) for n, _raw, r in items] == [(1, {"a": 1}), (4, {"a": 2}), (6, {"a": 3})]
    assert problems == []


def test_raw_bytes_are_kept_with_one_end_of_line_and_no_bom():
    items, _ = read_all(b'\xef\xbb\xbf{"a": 1,  "b":2}\r\n{"c":3}\n{"d":4}')
    assert [raw for _n, raw, _r in items] == [b'{"a": 1,  "b":2}\n', b'{"c":3}\n', b'{"d":4}\n']


def test_bom_only_stripped_on_the_first_line():
    items, problems = read_all(b'{"a":1}\n\xef\xbb\xbf{"a":2}\n')
    assert len(items) == 1 and problems == [(2, "jsonl.invalid_json")]


def test_problems_are_classified():
    data = b'{"a":\n\xff\n[]\n7\n{"ok":true}\n'
    items, problems = read_all(data)
    assert problems == [
        (1, "jsonl.invalid_json"),
        (2, "jsonl.invalid_utf8"),
        (3, "jsonl.not_object"),
        (4, "jsonl.not_object"),
    ]
    assert len(items) == 1


def test_a_long_integer_deeper_than_the_exact_parse_goes_is_a_problem_not_a_traceback():
    deep = 1010  # within orjson's limit (1024), beyond the standard library's recursion
    line = b'{"x":' + b"[" * deep + b"12345678901234567890123" + b"]" * deep + b"}"
    items, problems = read_all(line + b'\n{"a":1}\n')
    assert problems == [(1, "jsonl.invalid_json")] and len(items) == 1


def test_too_long_line_is_skipped_to_its_end_and_numbering_continues():
    data = b'{"a":"' + b"x" * 200 + b'"}\n{"b":1}\n'
    items, problems = read_all(data, max_line_bytes=50)
    assert problems == [(1, "jsonl.too_long")]
    assert [(n, r) for n, _raw, r in items] == [(2, {"b": 1})]


def test_offsets_point_at_line_starts():
    data = b'{"a":1}\r\n\n{"b":22}\n'
    items, _ = read_all(data, with_offsets=True)
    for _n, offset, _exact, raw, _r in items:  # its bytes there, up to its end of line
        assert data[offset:].startswith(raw[:-1])


@given(st.lists(st.dictionaries(st.text(max_size=5), st.integers() | st.text(max_size=5))))
def test_any_list_of_objects_round_trips(objects):
    import json

    data = "".join(json.dumps(o) + "\n" for o in objects).encode()
    items, problems = read_all(data)
    assert problems == [] and [r for _n, _raw, r in items] == objects


@given(st.binary(max_size=300))
def test_random_bytes_never_raise_and_every_line_is_accounted_for(data):
    items, problems = read_all(data, max_line_bytes=64)
    lines = [line for line in data.split(b"\n") if line.strip(b" \t\r\n")]
    # every non-blank physical line is either a record or a problem
    assert len(items) + len(problems) <= len(lines) + 1
    assert len(items) + len(problems) >= len([x for x in lines if x.strip()]) - 1


def test_writer_buffers_until_flush():
    read_fd, write_fd = os.pipe()
    writer = Writer(write_fd)
    writer.write_record({"b": 1, "a": [1, 2]})
    writer.write_line(b'{"x":1}\n')
    os.set_blocking(read_fd, False)
    try:
        os.read(read_fd, 100)
        raise AssertionError("nothing should be written before flush")
    except BlockingIOError:
        pass
    writer.flush()
    assert os.read(read_fd, 100) == b'{"b":1,"a":[1,2]}\n{"x":1}\n'
    os.close(read_fd)
    os.close(write_fd)


def test_writer_writes_an_integer_beyond_64_bits_exactly():
    # orjson refuses it; the writer falls back to the exact writer, digits unchanged
    read_fd, write_fd = os.pipe()
    writer = Writer(write_fd)
    writer.write_record({"n": 2**70, "t": "é"})
    writer.flush()
    assert os.read(read_fd, 100) == b'{"n":1180591620717411303424,"t":"\xc3\xa9"}\n'
    os.close(read_fd)
    os.close(write_fd)


def test_line_buffered_writer_writes_each_record():
    read_fd, write_fd = os.pipe()
    writer = Writer(write_fd, line_buffered=True)
    writer.write_record({"a": 1})
    assert os.read(read_fd, 100) == b'{"a":1}\n'
    os.close(read_fd)
    os.close(write_fd)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([b"1", b"0", b"9", b"a", b" ", b"\xff", b"1" * 18, b"-"])))
def test_long_digit_run_test_equals_the_regex(parts):
    import re

    from capeval.jsonl import has_long_digit_run

    raw = b"".join(parts)
    assert has_long_digit_run(raw) == (re.search(rb"[0-9]{19}", raw) is not None)


def test_a_pipe_out_of_a_filter_is_widened(tmp_path):
    # the stages of a pipe hand over 1 MiB at a time (jsonl.widen_pipe); a file is left alone
    import fcntl
    import subprocess
    import sys

    if not hasattr(fcntl, "F_GETPIPE_SZ"):
        pytest.skip("no F_GETPIPE_SZ here")
    # read to the end first: by then the filter has set the size, whenever it did
    probe = "import fcntl, sys; sys.stdin.buffer.read(); print(fcntl.fcntl(0, fcntl.F_GETPIPE_SZ))"
    cases = tmp_path / "cases.jsonl"
    cases.write_text("")
    producer = subprocess.Popen(
        [command("cap-validate"), str(cases)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    size = subprocess.run(
        [sys.executable, "-c", probe], stdin=producer.stdout, capture_output=True, text=True
    )
    producer.wait()
    assert int(size.stdout) == jsonl.PIPE_BYTES
    plain = tmp_path / "plain"
    with plain.open("wb") as target:
        jsonl.widen_pipe(target.fileno())  # not a pipe: nothing happens, nothing raised
