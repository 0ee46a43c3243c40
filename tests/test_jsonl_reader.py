"""The reader (``jsonl.read_lines``) reads every stream as the reference line reader does.

The reference below is the reader as it was written first, one ``readline`` a line, with the
end-of-line and BOM handling spelled out; the reader must yield the same items and report
the same problems for any bytes, any line limit and any size of the pieces a pipe delivers
(so every way a line, an end of line or a BOM falls across a read is tried), with the speed
layer on and off.
"""

from __future__ import annotations

import io

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from capeval import jsonl
from capeval.jsonl import BOM, parse_line


def reference_read_lines(stream, on_problem, max_line_bytes, *, first_line_no=1, with_offsets):
    limit = max_line_bytes + 2
    line_no = first_line_no - 1
    offset = stream.tell()
    while True:
        raw = data_line = stream.readline(limit)
        if not raw:
            return
        line_no += 1
        start = offset
        offset += len(raw)
        if raw[-1:] == b"\n":
            raw = raw[:-2] if raw[-2:-1] == b"\r" else raw[:-1]
        elif len(raw) == limit:
            while True:  # the rest of the line, dropped
                chunk = stream.readline(1 << 16)
                offset += len(chunk)
                if not chunk or chunk[-1:] == b"\n":
                    break
            on_problem(line_no, "jsonl.too_long", f"line longer than {max_line_bytes} bytes")
            continue
        elif raw[-1:] == b"\r":
            raw = raw[:-1]
        if line_no == 1 and raw[:3] == BOM:
            raw = raw[3:]
        if len(raw) > max_line_bytes:
            on_problem(line_no, "jsonl.too_long", f"line longer than {max_line_bytes} bytes")
            continue
        record = parse_line(raw, line_no, on_problem)
        if record is None:
            continue
        if with_offsets:
            # exact: the whole line, with an end of line, is what orjson writes for the record
            whole = data_line.rstrip(b"\n") == raw and data_line.endswith(b"\n")
            yield line_no, start, whole and orjson.dumps(record) == raw, raw + b"\n", record
        else:
            yield line_no, raw + b"\n", record  # as a pass-through writes it


PIECES = st.sampled_from(
    [
        b"\n",
        b"\r\n",
        b"\r",
        BOM,
        b" ",
        b"x",
        b"{}",
        b'{"a":1}',
        b'{"a":[1,2,{"b":"c"}]}',
        b'{"n":12345678901234567890123}',
        b'{"s":"1234567890123456789"}',
        b'{"a":1,"a":2}',
        b"[1]",
        b'{"t":"\xc3\xa9\\n"}',
        b"\xff",
        b'{"long":"' + b"y" * 40 + b'"}',
    ]
)


@settings(
    max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    pieces=st.lists(PIECES, max_size=30),
    max_line_bytes=st.integers(1, 80),
    block=st.integers(1, 70),
    first=st.integers(1, 3),
    with_offsets=st.booleans(),
    accel_on=st.booleans(),
)
def test_the_reader_reads_as_the_reference_line_reader(
    monkeypatch, pieces, max_line_bytes, block, first, with_offsets, accel_on
):
    data = b"".join(pieces)
    monkeypatch.setenv("CAPEVAL_ACCEL", "1" if accel_on else "0")
    got_problems: list[tuple] = []
    want_problems: list[tuple] = []
    got = list(
        jsonl.read_lines(
            io.BufferedReader(_Pieces(data, block), buffer_size=max(block, 8)),
            lambda *p: got_problems.append(p),
            max_line_bytes,
            first_line_no=first,
            with_offsets=with_offsets,
        )
    )
    want = list(
        reference_read_lines(
            io.BytesIO(data),
            lambda *p: want_problems.append(p),
            max_line_bytes,
            first_line_no=first,
            with_offsets=with_offsets,
        )
    )
    assert got == want
    assert got_problems == want_problems


class _Pieces(io.RawIOBase):
    """A pipe that delivers ``size`` bytes a read at most."""

    def __init__(self, data: bytes, size: int) -> None:
        self._data, self._size, self._at = data, size, 0

    def readable(self) -> bool:
        return True

    def tell(self) -> int:
        return self._at

    def readinto(self, buffer) -> int:
        piece = self._data[self._at : self._at + min(self._size, len(buffer))]
        buffer[: len(piece)] = piece
        self._at += len(piece)
        return len(piece)


class _Trickle(io.RawIOBase):
    """A pipe's way: each read returns what has come so far (one line at a time here)."""

    def __init__(self, lines: list[bytes]) -> None:
        self._lines = list(lines)

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        if not self._lines:
            return 0
        line = self._lines.pop(0)
        buffer[: len(line)] = line
        return len(line)


def test_lines_of_a_pipe_are_yielded_as_they_come():
    stream = io.BufferedReader(_Trickle([b'{"a":1}\n', b'{"a":2}\n']))
    items = jsonl.read_lines(stream, lambda *p: pytest.fail(str(p)))
    assert next(items)[2] == {"a": 1}
    assert stream.raw._lines == [b'{"a":2}\n']  # the second line was not waited for
    assert next(items)[2] == {"a": 2}


def test_a_line_far_beyond_the_limit_is_never_held_whole(monkeypatch):
    held: list[int] = []
    real_record, real_parse = jsonl._line_record, jsonl.orjson.loads

    def spy_record(physical, *args):
        held.append(len(physical))
        return real_record(physical, *args)

    def spy_parse(data):
        held.append(len(data))
        return real_parse(data)

    monkeypatch.setattr(jsonl, "_line_record", spy_record)
    monkeypatch.setattr(jsonl.orjson, "loads", spy_parse)
    problems: list[tuple] = []
    data = b'{"a":"' + b"z" * 1_000_000 + b'"}\n{"b":1}\n'
    items = list(jsonl.read_lines(io.BytesIO(data), lambda *p: problems.append(p), 1000))
    assert [item[2] for item in items] == [{"b": 1}]
    assert problems == [(1, "jsonl.too_long", "line longer than 1000 bytes")]
    assert held and max(held) < 1000  # the short line was read, the long one never whole
