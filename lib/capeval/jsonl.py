"""JSON Lines in and out: the only module that touches orjson.

Reading accepts a UTF-8 BOM on a file's first line, ``\\r\\n`` endings, blank lines (skipped
but counted, so line numbers are physical lines from 1) and a missing final newline. A line
that is not a usable JSON object becomes a ``jsonl.*`` problem handed to a callback, and the
stream goes on. Each good line is yielded with its original bytes and a "\n" (as read, mostly:
no copy made), so a pass-through filter writes them back unchanged (orjson turns integers
beyond 64 bits into floats).

Writing goes through our own buffer on a file descriptor: the environment may set
``PYTHONUNBUFFERED``, which would make ``sys.stdout`` issue one system call per record.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO

import orjson

BOM = b"\xef\xbb\xbf"
DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024
_WRITE_CHUNK = 1 << 16

# (line number, code, message) for a line that is not a usable JSON object.
ProblemCallback = Callable[[int, str, str], None]
# (line number, the line's bytes ending in one "\n" (see read_lines), the parsed object)
Line = tuple[int, bytes, dict[str, Any]]


def read_lines(
    stream: BinaryIO,
    on_problem: ProblemCallback,
    max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
    *,
    first_line_no: int = 1,
    with_offsets: bool = False,
) -> Iterator[Any]:
    """Yield every JSON object line of ``stream``; report every other non-blank line.

    Items are ``(line_no, raw, record)``, or ``(line_no, offset, written_back, raw, record)``
    with ``with_offsets``. ``raw`` is the line as a pass-through filter writes it: its bytes
    ending in one ``\n``, given one at the end of a stream, a ``\r`` before it and a first
    line's BOM dropped (most lines are as read: no copy). For reading the line back later:
    the byte offset where it starts,
    and whether it is exactly what orjson writes for ``record`` (then ``orjson.loads`` alone
    reads it back exactly: no integer of it is beyond 64 bits).
    ``first_line_no`` numbers lines when reading resumes mid-file.

    The stream is read a line at a time with ``readline(limit)`` (a buffered reader finds
    the end of line in C; a pipe's lines are handled as they come); a line longer than
    ``max_line_bytes`` is never held whole: its bytes are dropped up to its end.
    """
    readline = stream.readline
    parse, write_back, newline = orjson.loads, orjson.dumps, orjson.OPT_APPEND_NEWLINE
    JSONDecodeError, JSONEncodeError = orjson.JSONDecodeError, orjson.JSONEncodeError  # noqa: N806
    # a line (with its end of line) of this many bytes or more is too long, unless it is
    # exactly this long and ends in "\n": room for "\r\n" after max_line_bytes
    limit = max_line_bytes + 2
    line_no = first_line_no - 1
    offset = stream.tell() if with_offsets else 0
    while True:
        line = readline(limit)
        if not line:
            return
        line_no += 1
        if with_offsets:  # an int made per line: only for a reader that needs it
            start = offset
            offset += len(line)
        if line[-1:] != b"\n":
            if len(line) >= limit:  # no end of line within the limit: too long
                on_problem(line_no, "jsonl.too_long", f"line longer than {max_line_bytes} bytes")
                while line[-1:] != b"\n":  # the rest of the line, dropped as it comes
                    line = readline(_SKIP_BYTES)
                    if not line:
                        return
                    offset += len(line)
                continue
            # the last line, without an end of line
            record = _line_record(line, False, line_no, limit, on_problem)
            if record is None:
                continue
            line, value = record
            exact = False
        else:
            # Most lines are what orjson writes back for what it reads (every line capeval
            # writes): such a line is whole, and has no "\r", BOM, repeated key or integer
            # beyond 64 bits. It is done here; any other line goes to _line_record, with the
            # object and its writing when they are made.
            value = written = None
            try:
                value = parse(line)  # the end of line is blank to JSON
                if type(value) is dict:
                    written = write_back(value, option=newline)
                else:
                    value = None
            except (JSONDecodeError, JSONEncodeError):
                pass
            exact = written == line
            if not exact:
                record = _line_record(
                    line[:-1],
                    True,
                    line_no,
                    limit,
                    on_problem,
                    value,
                    None if written is None else written[:-1],
                )
                if record is None:
                    continue
                line, value = record  # what a pass-through writes
        if with_offsets:
            yield line_no, start, exact, line, value
        else:
            yield line_no, line, value


# how much of an over-long line a read drops at a time
_SKIP_BYTES = 1 << 16


def _line_record(
    physical: bytes,
    ended: bool,
    line_no: int,
    limit: int,
    on_problem: ProblemCallback,
    parsed: dict[str, Any] | None = None,
    written: bytes | None = None,
) -> tuple[bytes, dict[str, Any]] | None:
    """(raw, record) of one physical line (``ended``: it had a "\\n", cut off), or None:
    a blank line or a problem; ``raw`` ends in "\\n", as ``read_lines`` gives it. ``parsed``
    is the object of the line when it is already made (an end of line is blank to JSON),
    ``written`` its writing by orjson (None: not made)."""
    max_line_bytes = limit - 2
    if (len(physical) + 1 > limit) if ended else (len(physical) >= limit):
        on_problem(line_no, "jsonl.too_long", f"line longer than {max_line_bytes} bytes")
        return None
    raw = physical[:-1] if physical[-1:] == b"\r" else physical
    if line_no == 1 and raw[:3] == BOM:
        raw = raw[3:]
    if len(raw) > max_line_bytes:
        on_problem(line_no, "jsonl.too_long", f"line longer than {max_line_bytes} bytes")
        return None
    record = parse_line(raw, line_no, on_problem, parsed, written)
    return None if record is None else (raw + b"\n", record)


def parse_line(
    raw: bytes,
    line_no: int,
    on_problem: ProblemCallback,
    parsed: dict[str, Any] | None = None,
    written: bytes | None = None,
) -> dict[str, Any] | None:
    """The JSON object of one line (its end-of-line and BOM already off), or None: a blank
    line (skipped silently) or a problem (handed to ``on_problem``). ``parsed`` and
    ``written``: the object and its writing by orjson, when the caller made them."""
    if parsed is not None:
        record = parsed
        if written is None:
            written = _written_back(record)
    else:
        try:
            record = orjson.loads(raw)
        except orjson.JSONDecodeError as exc:
            if raw.strip():
                on_problem(line_no, *_classify_decode_error(raw, exc))
            return None
        written = _written_back(record) if type(record) is dict else None
    if written == raw:
        # the line is what orjson writes for what it read (capeval's own output, mostly):
        # no integer became a float (a float is never written as digits alone) and no
        # repeated key was dropped
        return record
    try:
        if has_long_digit_run(raw):
            record = _exact(raw)
            written = _written_back(record) if type(record) is dict else None
    except RecursionError:  # within orjson's depth limit, deeper than the exact parse goes
        on_problem(line_no, "jsonl.invalid_json", "invalid JSON: nests too deeply")
        return None
    if type(record) is not dict:
        on_problem(line_no, "jsonl.not_object", f"expected a JSON object, got {json_type(record)}")
        return None
    if _may_repeat_a_key(raw, record, written):
        repeated = duplicate_key(raw)
        if repeated is not None:
            on_problem(line_no, DUPLICATE_KEY, repeated)
            return None
    return record


def _written_back(record: dict[str, Any]) -> bytes | None:
    """The compact JSON orjson writes for ``record`` (None: an integer beyond 64 bits, or
    deeper than it writes)."""
    try:
        return orjson.dumps(record)
    except orjson.JSONEncodeError:
        return None


# orjson reads an integer beyond 64 bits as a float, silently. A run of 19 digits is the
# shortest text that can be one; such a line (rare) is parsed again by the standard library,
# whose integers are exact (orjson accepted it, so it is strict JSON).
_LONG_DIGITS = 19
_DIGITS = b"0123456789"
_DIGIT_MAP = bytes(ord("d") if chr(i) in "0123456789" else ord(" ") for i in range(256))
_DIGIT_RUN = b"d" * _LONG_DIGITS


def has_long_digit_run(raw: bytes) -> bool:
    """Whether ``raw`` holds 19 consecutive ASCII digits (``re.search(rb"[0-9]{19}")``).

    Two C passes instead of a regex, which tries a match at every position (~3x the cost of
    parsing the line): a line with fewer than 19 digits in all (most) is done after the first.
    """
    if len(raw) - len(raw.translate(None, _DIGITS)) < _LONG_DIGITS:
        return False
    return _DIGIT_RUN in raw.translate(_DIGIT_MAP)


def _exact(raw: bytes) -> Any:
    import json

    return json.loads(raw)


# -- duplicate keys ---------------------------------------------------------------------------
# orjson (as the standard library) keeps the last of a repeated key silently, so a review
# with two "task_correctness" scores would count the second. A cheap test rules the repeat out
# for almost every line, and only the others are parsed again, exactly, by the standard
# library with a hook that sees every pair:
#
# * a line exactly as orjson writes the parsed record back (capeval's own output) has dropped
#   nothing;
# * in a line without "\u" escapes and without blanks between a key and its ':', each key
#   is one '":' and every other '":' is an escaped quote inside a string, followed by ':'.
#   orjson writes the parsed record back the same way (a quote inside a string as '\"'), so
#   the two counts of '":' are equal exactly when no pair was dropped (a dropped pair takes
#   at least its key's '":' with it);
# * any other line: the keys of the parsed objects are counted and compared with the line's
#   ':' (every key has one) and '":'.
DUPLICATE_KEY = "jsonl.duplicate_key"
_BLANK_BEFORE_COLON = re.compile(rb'"[ \t\r\n]+:')


def _may_repeat_a_key(raw: bytes, record: dict[str, Any], again: bytes | None) -> bool:
    """False when the line certainly has no repeated key (no parse, counts only); ``again``
    is ``record`` as orjson writes it (None when it cannot: an integer beyond 64 bits, or
    deeper than it writes), and differs from ``raw`` (parse_line returned already)."""
    # a blank between a key and its ':' ('"a" : 1') hides that key from a count of '":'
    blanks = (b'" ' in raw or b"\t" in raw or b"\r" in raw) and (
        _BLANK_BEFORE_COLON.search(raw) is not None
    )
    quoted_colons = raw.count(b'":')
    if again is not None and not blanks and not (b"\\" in raw and b"\\u" in raw):
        return again.count(b'":') != quoted_colons
    keys = _key_count(record)
    if raw.count(b":") == keys:
        return False
    return quoted_colons != keys or blanks


def _key_count(node: Any) -> int:
    """How many keys the objects of ``node`` hold, nested ones included."""
    try:
        return _keys_in(node)
    except RecursionError:  # orjson nests deeper than Python recurses: walk with a stack
        return _keys_in_deep(node)


def _keys_in(node: Any) -> int:
    if type(node) is dict:
        count = len(node)
        values = node.values()
    else:
        count = 0
        values = node
    for value in values:
        kind = type(value)
        if kind is dict or kind is list:
            count += _keys_in(value)
    return count


def _keys_in_deep(node: Any) -> int:
    count = 0
    stack = [node]
    while stack:
        item = stack.pop()
        if type(item) is dict:
            count += len(item)
            item = item.values()
        stack.extend(v for v in item if type(v) is dict or type(v) is list)
    return count


class _Repeated(dict):
    """An object of the exact parse in which a key repeats (the repeated key noted)."""

    repeated: str = ""


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) == len(pairs):
        return obj
    seen: set[str] = set()
    marked = _Repeated(obj)
    for key, _ in pairs:
        if key in seen:
            marked.repeated = key
            break
        seen.add(key)
    return marked


def duplicate_key(raw: bytes) -> str | None:
    """Where a key repeats in the JSON text ``raw`` (a message), or None when none does."""
    import json

    try:
        value = json.loads(raw, object_pairs_hook=_pairs)
    except RecursionError:  # deeper than Python parses: say so rather than let it pass
        return "the line nests too deeply to check its keys"
    except ValueError:
        return None  # orjson accepted it; nothing more to learn here
    stack: list[tuple[str, Any]] = [("", value)]
    while stack:
        where, node = stack.pop(0)
        if isinstance(node, _Repeated):
            return f"key {node.repeated!r} repeats in the object at {where or '/'}"
        if isinstance(node, dict):
            stack += [(f"{where}/{_escape(k)}", v) for k, v in node.items()]
        elif isinstance(node, list):
            stack += [(f"{where}/{i}", v) for i, v in enumerate(node)]
    return None


def _escape(step: str) -> str:
    return step.replace("~", "~0").replace("/", "~1")


def loads(raw: bytes, written_back: bool = False) -> Any:
    """One JSON value, integers exact at any size (``orjson.JSONDecodeError`` when invalid).
    ``written_back``: ``raw`` is known to be what orjson writes for its value (``read_lines``
    says so), so no integer of it is beyond 64 bits."""
    value = orjson.loads(raw)
    if written_back:
        return value
    return _exact(raw) if has_long_digit_run(raw) else value


def _classify_decode_error(raw: bytes, exc: Exception) -> tuple[str, str]:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as bad:
        return "jsonl.invalid_utf8", f"invalid UTF-8 at byte {bad.start + 1}"
    detail = str(exc).split(": line 1 column")[0]
    column = getattr(exc, "colno", None)
    where = f" at column {column}" if column else ""
    return "jsonl.invalid_json", f"invalid JSON{where}: {detail}"


def json_type(value: object) -> str:
    """What a JSON value is, in words (``a number``, ``null``): for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "an array" if isinstance(value, list) else "an object"


def dumps(record: Any) -> bytes:
    """Compact JSON for one record, ending in a newline; keys keep their insertion order."""
    try:
        return orjson.dumps(record, option=orjson.OPT_APPEND_NEWLINE)
    except orjson.JSONEncodeError:  # an integer beyond 64 bits: orjson refuses it
        return _dumps_exact(record) + b"\n"


def _dumps_exact(value: Any, sort_keys: bool = False) -> bytes:
    import json

    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=sort_keys)
    return text.encode("utf-8")


# A value's exact JSON text, raising ValueTextError for what orjson cannot write (integers
# beyond 64 bits): the raw form of value_key for hot loops.
value_text = orjson.dumps
ValueTextError = orjson.JSONEncodeError


def value_key(value: Any) -> bytes | None:
    """A value's exact JSON text, as a memo key: equal texts are equal values of equal types
    (None for what orjson cannot write, such as integers beyond 64 bits)."""
    try:
        return orjson.dumps(value)
    except orjson.JSONEncodeError:
        return None


def dumps_sorted(value: Any) -> bytes:
    """Compact JSON with sorted keys (for hashing and lock files), no newline."""
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    except orjson.JSONEncodeError:
        return _dumps_exact(value, sort_keys=True)


def read_record_at(stream: BinaryIO, offset: int) -> Any:
    """The JSON value of the line starting at ``offset`` (one ``read_lines`` already accepted)."""
    if stream.tell() != offset:
        stream.seek(offset)
    raw = stream.readline()
    if offset == 0 and raw[:3] == BOM:
        raw = raw[3:]
    return loads(raw)  # trailing "\r\n" is whitespace to JSON


PIPE_BYTES = 1 << 20  # Linux's default /proc/sys/fs/pipe-max-size: no privilege needed


def widen_pipe(fd: int) -> None:
    """Give a pipe on ``fd`` a 1 MiB buffer (Linux's default is 64 KiB): the stages of
    ``cap-validate | cap-check`` then hand over a block in one go rather than waking each
    other every 64 KiB (measured: the pipe went from ~0.8x its slowest stage to ~0.9x).
    Anything but a pipe, or a system that refuses, is left as it is."""
    try:
        if not stat.S_ISFIFO(os.fstat(fd).st_mode):
            return
        import fcntl

        if hasattr(fcntl, "F_SETPIPE_SZ"):  # Linux only
            fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, PIPE_BYTES)
    except (OSError, ValueError):
        pass


class Writer:
    """A block-buffered writer of lines on a file descriptor.

    ``line_buffered`` flushes after every record (stdout on a terminal, ``--line-buffered``).
    Write errors surface as ``OSError`` (``BrokenPipeError`` for a closed pipe) from
    ``write_*``/``flush``; the caller decides what they mean.
    """

    __slots__ = ("_fd", "_buffer", "_line_buffered")

    def __init__(self, fd: int, line_buffered: bool = False) -> None:
        self._fd = fd
        self._buffer = bytearray()
        self._line_buffered = line_buffered

    def write_line(self, line: bytes) -> None:
        """Write one line as ``read_lines`` gives it (its bytes and ``\\n``)."""
        buffer = self._buffer
        buffer += line
        if self._line_buffered or len(buffer) >= _WRITE_CHUNK:
            self.flush()

    def write_record(self, record: Any) -> None:
        """Write one record as compact JSON (``dumps``, inline: once per result written)."""
        try:
            self._buffer += orjson.dumps(record, option=orjson.OPT_APPEND_NEWLINE)
        except orjson.JSONEncodeError:
            self._buffer += dumps(record)
        if self._line_buffered or len(self._buffer) >= _WRITE_CHUNK:
            self.flush()

    def write_bytes(self, data: bytes) -> None:
        """Write bytes as they are (a rendered document)."""
        self._buffer += data
        if self._line_buffered or len(self._buffer) >= _WRITE_CHUNK:
            self.flush()

    def flush(self) -> None:
        view = memoryview(self._buffer)
        written = 0
        try:
            while written < len(view):
                written += os.write(self._fd, view[written:])
        finally:
            view.release()
            del self._buffer[:written]
