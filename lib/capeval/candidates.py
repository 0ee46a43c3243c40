"""The candidates file of a check run, indexed: where each case's candidates are.

``CandidateIndex.build`` reads the file once (a pipe or FIFO is spooled to a temporary file
first) and keeps, per case id, the byte offset and line number of each candidate line, and
the systems in order of first appearance; ``candidates_of`` reads a case's lines back on
demand, so memory grows by one int per candidate, never by the texts.
"""

from __future__ import annotations

import errno
import io
import operator
import os
import shutil
from array import array
from collections.abc import Iterator
from functools import cache
from itertools import accumulate, count, repeat
from typing import Any, BinaryIO, NamedTuple

from capeval.jsonl import (
    BLOCK_BYTES,
    BOM,
    JoinedStream,
    loads,
    occurrences,
    one_object_a_line,
    read_lines,
    skip_rest_of_line,
)
from capeval.run import FatalInput, Run

NO_SYSTEM = None


class CandidateIndex:
    """Where each case's candidates are in the candidates file, and the systems seen.

    Kept small, since it holds an entry per candidate: the usual candidate (no ``system``,
    one per case) is its line number; cases with named systems keep a list of (system, line
    number) pairs. By line number, the line's byte offset (``_offsets``, 8 bytes), whether
    its case came (its entry is used: ``_used``, a byte) and whether it has the usual shape
    (``_usual_lines``, a byte), so a run of lines is tested with one search.
    """

    def __init__(self, run: Run, path: str) -> None:
        self.path = path
        self.run = run
        self.unnamed: dict[str, int] = {}  # case_id -> line, for a lone unnamed candidate
        self.named: dict[str, list[tuple[Any, int]]] = {}  # case_id -> [(system, line)]
        self.systems: list[Any] = []
        self._stream: BinaryIO | None = None
        self._position = 0  # where the stream is (see _record_at)
        self._spooled: str | None = None
        self.display = path  # the name diagnostics give (the path the user gave)
        self.tally: dict[str, int] = {}  # this file's counts in the summary (build)
        # Checked cases that had no candidate: the index cannot tell they came (rare).
        self._checked_without_candidates: set[str] = set()
        self._used = bytearray()  # by line number, once built: 1 when its entry was claimed
        self._usual_lines = bytearray(1)  # by line number: 1 for a usual line
        self._offsets = array("q", [0])  # by line number: where the line starts

    def build(self) -> None:
        if not os.path.isfile(self.path):
            self.path = self._spool(self.path)
        tally = self.tally = self.run.side_tally(self.display)
        for key in ("duplicate", "joined", "of cases not checked"):
            tally.setdefault(key, 0)
        systems_seen: set[Any] = set()

        def add(line_no: int, offset: int, case_id: str, system: Any, usual: bool) -> None:
            self._enter_lines(line_no, [offset], usual)
            first = self._add(case_id, system, line_no)
            if first is not None:
                self.run.diag.emit(
                    "candidate.duplicate",
                    f"a candidate for this case and system {_system_name(system)} is on line "
                    f"{first}; the first wins",
                    file=self.display,
                    line=line_no,
                    case_id=case_id,
                )
                tally["duplicate"] += 1
                return
            if system not in systems_seen:
                systems_seen.add(system)
                self.systems.append(system)

        unnamed, named = self.unnamed, self.named
        last_line = 0  # the last line number of an entry
        for item in self._candidates():
            if type(item) is not UsualRun:
                add(*item)
                last_line = item[0]
                continue
            # a run of usual lines (no system): new case ids, all different, are entered at
            # once; otherwise each line as add() enters it
            first, offsets, case_ids = item
            last_line = first + len(case_ids) - 1
            entries = dict(zip(case_ids, range(first, last_line + 1), strict=True))
            if (
                len(entries) == len(case_ids)
                and unnamed.keys().isdisjoint(entries.keys())
                and (not named or named.keys().isdisjoint(entries.keys()))
            ):
                unnamed.update(entries)
                self._enter_lines(first, offsets, True)
            else:
                line_nos = range(first, first + len(case_ids))
                for line_no, offset, case_id in zip(line_nos, offsets, case_ids, strict=True):
                    add(line_no, offset, case_id, NO_SYSTEM, True)
            if case_ids and NO_SYSTEM not in systems_seen:
                systems_seen.add(NO_SYSTEM)
                self.systems.append(NO_SYSTEM)
        # a byte for each line number there is (from 1; a line with no entry is never used)
        lines = last_line + 1
        self._usual_lines.extend(bytes(lines - len(self._usual_lines)))
        self._used = bytearray(lines)

    def _enter_lines(self, first: int, offsets: list[int], usual: bool) -> None:
        """The offsets of consecutive lines from ``first`` (lines come in the file's order;
        those between entries get none), and whether they have the usual shape."""
        self._offsets.extend(repeat(0, first - len(self._offsets)))
        self._offsets.extend(offsets)
        if usual:
            self._usual_lines.extend(bytes(first - len(self._usual_lines)))
            self._usual_lines.extend(b"\x01" * len(offsets))

    def _candidates(self) -> Iterator[Any]:
        """(line_no, offset, case_id, system, usual) of every usable candidate line, in order,
        or a ``UsualRun`` of them; every other line is a diagnostic (``candidate_lines``)."""
        emit = self.run.diag.emit
        tally = self.tally
        for item in candidate_lines(self.run, self.path, self.display):
            if type(item) is UsualRun:  # as build() enters it
                yield item
                continue
            line_no, offset, case_id, record = item
            if record is None:  # the usual shape, proven usable as it was read
                yield line_no, offset, case_id, NO_SYSTEM, True
                continue
            system = record.get("system", NO_SYSTEM)
            if not isinstance(case_id, str) or not isinstance(record.get("text"), str):
                emit(
                    "schema.required",
                    "a candidate needs a string case_id and text",
                    file=self.display,
                    line=line_no,
                    path="/case_id" if not isinstance(case_id, str) else "/text",
                )
                tally["invalid"] += 1
                continue
            if system is not NO_SYSTEM and not isinstance(system, str):
                emit(
                    "schema.type",
                    "must be string",
                    file=self.display,
                    line=line_no,
                    case_id=case_id,
                    path="/system",
                )
                tally["invalid"] += 1
                continue
            yield line_no, offset, case_id, system, False

    def _add(self, case_id: str, system: Any, line: int) -> int | None:
        """Record a candidate; the line of an earlier one of the same system, if any."""
        bucket = self.named.get(case_id)
        if bucket is None:
            lone = self.unnamed.get(case_id)
            if lone is None:
                if system is NO_SYSTEM:
                    self.unnamed[case_id] = line
                else:
                    self.named[case_id] = [(system, line)]
                return None
            if system is NO_SYSTEM:
                return lone
            del self.unnamed[case_id]
            self.named[case_id] = [(NO_SYSTEM, lone), (system, line)]
            return None
        for existing, earlier in bucket:
            if existing == system:
                return earlier
        bucket.append((system, line))
        return None

    def _spool(self, path: str) -> str:
        """Copy a pipe or FIFO (``<(...)``) to a temporary file, so lines can be re-read."""
        try:
            with open(path, "rb") as source:
                import tempfile

                fd, temp = tempfile.mkstemp(prefix="capeval-candidates-")
                self._spooled = temp
                with os.fdopen(fd, "wb") as target:
                    shutil.copyfileobj(source, target, 1 << 20)
        except OSError as exc:
            self.run.diag.emit("io.unreadable", f"cannot read: {exc.strerror}", file=path)
            raise FatalInput(path) from exc
        self.display = path
        return temp

    def candidates_of(self, case_id: str) -> dict[Any, dict[str, Any]]:
        """system → candidate record for one case (read back from the file); marks them used."""
        lone = self.unnamed.get(case_id)
        if FAST_PATHS and lone is not None and self._stream is not None and not self._used[lone]:
            # the usual case: one unnamed candidate, not used yet (as _claim marks it)
            self._used[lone] = 1
            self.tally["joined"] += 1
            return {NO_SYSTEM: self._record_at(lone, case_id)}
        bucket = self._claim(case_id, "joined")
        if not bucket:
            return {}
        self._open_stream()
        return {system: self._record_at(line, case_id) for system, line in bucket}

    def _open_stream(self) -> BinaryIO:
        """The file opened again for reading candidates back (once)."""
        if self._stream is None:
            try:
                self._stream = open(self.path, "rb")  # noqa: SIM115
            except OSError as exc:
                self.run.diag.emit(
                    "io.unreadable", f"cannot reopen: {exc.strerror or exc}", file=self.display
                )
                raise FatalInput(self.path) from exc
        return self._stream

    def claim_usual(self, case_ids: list[str]) -> list[str] | None:
        """The candidate texts of a run of cases, read back at once, when each case has one
        unused candidate of the usual shape (no system) and they are consecutive lines of
        the file in the cases' order: then they are claimed as ``candidates_of`` claims them
        one by one. None otherwise, and nothing is claimed.

        With no system named and no candidate repeated, every usual line is the one entry of
        its case id: so when the lines from the first case's entry to the last case's are
        as many as the cases, all usual and unused, and decode to the cases' ids in order,
        they are these cases' entries."""
        unnamed, count = self.unnamed, len(case_ids)
        if not FAST_PATHS or not count or self.named or self.tally["duplicate"]:
            return None
        first_line, last_line = unnamed.get(case_ids[0]), unnamed.get(case_ids[-1])
        if first_line is None or last_line is None or last_line - first_line != count - 1:
            return None
        if self._used.find(1, first_line, last_line + 1) >= 0:
            return None  # one came before
        if self._usual_lines.find(0, first_line, last_line + 1) >= 0:
            return None
        start = self._offsets[first_line]
        stream = self._open_stream()
        if start != self._position:
            stream.seek(start)
        span = stream.read(self._offsets[last_line] - start)
        span += stream.readline()
        self._position = start + len(span)
        records = _usual_records(span)  # lines the build read as usual
        if records is None or list(map(_CASE_ID, records)) != case_ids:
            return None  # not in the cases' order (or not the file the build read)
        self._used[first_line : last_line + 1] = b"\x01" * count
        self.tally["joined"] += count
        return list(map(_TEXT, records))

    def _record_at(self, line: int, case_id: str) -> Any:
        """The record of the line of an index entry (one the build accepted). Cases usually
        come in the file's order, so the stream is mostly already there: the position is
        tracked here rather than asked of the stream (``tell`` costs a quarter of the read)."""
        offset = self._offsets[line]
        stream = self._stream
        assert stream is not None
        if offset != self._position:
            stream.seek(offset)
        raw = stream.readline()
        self._position = offset + len(raw)
        if self._usual_lines[line] and raw.startswith(_CASE_ID_FIRST) and raw[-3:] == b'"}\n':
            # '{"case_id"…, "text"…"<text>"}\n' with eight quotes and no backslash
            # (_usual_run): the text is what its last two quotes hold, as orjson reads it
            return {"case_id": case_id, "text": raw[raw.rfind(b'"', 0, -3) + 1 : -3].decode()}
        if offset == 0 and raw[:3] == BOM:
            raw = raw[3:]
        return loads(raw)  # a trailing "\r\n" is whitespace to JSON

    def _claim(self, case_id: str, outcome: str) -> list[tuple[Any, int]]:
        """A case's (system, line) entries, marked as used (``_used``, by line: so orphans
        need no set of the case ids seen); entries used for the first time are counted under
        ``outcome``."""
        used = self._used
        lone = self.unnamed.get(case_id)
        if lone is not None:
            if not used[lone]:
                used[lone] = 1
                self.tally[outcome] += 1
            return [(NO_SYSTEM, lone)]
        bucket = self.named.get(case_id)
        if not bucket:
            return []
        for _system, line in bucket:
            if not used[line]:
                used[line] = 1
                self.tally[outcome] += 1
        return list(bucket)

    def came_before(self, case_id: str) -> bool:
        """True when a case with this id was already read (its entries are marked used);
        else notes that it came."""
        lone = self.unnamed.get(case_id)
        if lone is not None:
            return bool(self._used[lone])
        bucket = self.named.get(case_id)
        if bucket:
            return bool(self._used[bucket[0][1]])
        if case_id in self._checked_without_candidates:
            return True
        self._checked_without_candidates.add(case_id)
        return False

    def mark_seen(self, case_id: Any) -> None:
        """The case came but checks nothing: its candidates are not orphans."""
        if isinstance(case_id, str):
            self._claim(case_id, "of cases not checked")

    def orphans(self) -> Iterator[tuple[int, str]]:
        """(line_no, case_id) of every candidate whose case never came, in file order."""
        yield from sorted(self._unjoined())

    def orphan_count(self) -> int:
        """How many candidates' cases never came (``orphans`` without listing them)."""
        return sum(1 for _ in self._unjoined())

    def _unjoined(self) -> Iterator[tuple[int, str]]:
        """(line, case_id) of every entry never claimed."""
        used = self._used
        for case_id, line in self.unnamed.items():
            if not used[line]:
                yield line, case_id
        for case_id, bucket in self.named.items():
            for _system, line in bucket:
                if not used[line]:
                    yield line, case_id

    def close(self) -> None:
        if self._stream is not None:
            self._stream.close()
        if self._spooled is not None:
            os.unlink(self._spooled)


def _system_name(system: Any) -> str:
    return "(unnamed)" if system is NO_SYSTEM else repr(system)


# -- reading the candidates file --------------------------------------------------------------

FAST_PATHS = True  # tests turn the shape fast path off to compare with the full reader
# The usual candidate line, as cap-import, json.dumps and orjson write it: one object of the
# two strings case_id and text and nothing else, with no backslash anywhere (so no escape),
# one line of its own. Such a line is what msgspec decodes as a (case_id, text) Struct that
# holds eight quotes (two keys and two values: no key repeated, which msgspec would let
# pass): valid JSON, valid UTF-8, no control character in a string, no number, so the full
# reader would yield {"case_id", "text"} and report nothing (tests/test_check_fastpaths.py
# compares the two on mutated lines); the index marks it. One test says which lines are
# usual, ``_usual_run``, for a block as for a single line.
_USUAL_QUOTES = 8


class UsualRun(NamedTuple):
    """The usual lines of one block: numbered from ``first_line_no``, each at its offset."""

    first_line_no: int
    offsets: list[int]
    case_ids: list[str]


def candidate_lines(run: Run, path: str, name: str) -> Iterator[Any]:
    """(line_no, offset, case_id, record) of every JSON object line of a candidates file;
    ``record`` is None for a line of the usual shape (then ``case_id`` is its string). A
    block of ~1 MiB of usual lines only comes whole, as a ``UsualRun``.

    Lines of the usual shape are read here; any other line goes through ``Run.side_records``'s
    reader (``jsonl.read_lines``) alone, so its record and diagnostics are the reader's, and
    the file's counts and errors are ``Run.side_records``'s.
    """
    tally = run.side_tally(name)
    max_line_bytes = run.max_line_bytes
    limit = max_line_bytes + 2  # as read_lines reads: room for "\r\n"
    line_no = 0
    offset = 0

    def on_problem(line_no: int, code: str, message: str) -> None:
        tally["read"] += 1
        tally["invalid"] += 1
        run.diag.emit(code, message, file=name, line=line_no)

    def lines_of(source: Any) -> Iterator[tuple[int, int, Any, Any]]:
        """Line by line from ``source`` (the file, or one block of it)."""
        nonlocal line_no, offset
        readline = source.readline
        while True:
            raw = readline(limit)
            if not raw:
                return
            line_no += 1
            start = offset
            offset += len(raw)
            # a single line is tested as a block of one
            found = (
                _usual_run(raw, 0, 0, max_line_bytes) if FAST_PATHS and len(raw) < limit else None
            )
            if found is not None:
                tally["read"] += 1
                yield line_no, start, found.case_ids[0], None
                continue
            if len(raw) == limit and raw[-1:] != b"\n":
                offset += skip_rest_of_line(source)
            for line, _at, _raw, record in read_lines(
                io.BytesIO(raw), on_problem, max_line_bytes, first_line_no=line_no,
                with_offsets=True,
            ):  # fmt: skip
                tally["read"] += 1
                yield line, start, record.get("case_id"), record

    stream = _open_side(run, path, name)
    with stream:
        try:
            if not FAST_PATHS:
                yield from lines_of(stream)
                return
            while True:
                block = stream.read(BLOCK_BYTES)
                if not block:
                    return
                if block[-1:] != b"\n":
                    tail = stream.readline(limit)
                    block += tail
                    if len(tail) == limit and tail[-1:] != b"\n":  # a line past the limit
                        yield from lines_of(JoinedStream(block, stream))
                        return
                found = _usual_run(block, line_no, offset, max_line_bytes)
                if found is None:
                    yield from lines_of(io.BytesIO(block))
                    continue
                tally["read"] += len(found.case_ids)
                line_no += len(found.case_ids)
                offset += len(block)
                yield found
        except OSError as exc:
            run.diag.emit("io.unreadable", f"cannot read: {exc.strerror or exc}", file=name)
            raise FatalInput(path) from exc


def _usual_run(block: bytes, line_no: int, offset: int, max_line_bytes: int) -> UsualRun | None:
    """The entries of a block whose lines are all usual and within the line limit (each is
    then what ``candidate_lines`` yields for it alone), else None. Everything is tested on
    the block at once, in C: no backslash, each line one object ('{' first, '}' last: no
    value spans lines), eight quotes a line, and a decode of the block into a (case_id,
    text) Struct a line."""
    if b"\\" in block:
        return None
    lines = block.split(b"\n")
    if lines.pop() != b"":
        return None  # the last line has no newline
    if len(block) > max_line_bytes and max(map(len, lines)) > max_line_bytes:
        return None
    # (each decoded line holds eight at least: the total is eight a line only if each is)
    if not one_object_a_line(lines) or occurrences(block, b'"') != _USUAL_QUOTES * len(lines):
        return None
    records = _usual_records(block)
    if records is None or len(records) != len(lines):
        return None
    # line k starts after the k lines before it and their newlines
    offsets = list(map(operator.add, accumulate(map(len, lines), initial=offset), count()))
    offsets.pop()
    return UsualRun(line_no + 1, offsets, list(map(_CASE_ID, records)))


def _usual_records(data: bytes) -> list[Any] | None:
    """The (case_id, text) Structs of lines of the usual shape, each line decoded as JSON; None
    when one holds a control character or bad UTF-8 in a string (JSON refuses both)."""
    decode, errors = _usual_decoder()
    try:
        return decode(data)
    except errors:
        return None


@cache
def _usual_decoder() -> tuple[Any, tuple[type[Exception], ...]]:
    import msgspec  # off the start-up path, like the cases' proof

    usual = msgspec.defstruct(
        "UsualCandidate", [("case_id", str), ("text", str)], forbid_unknown_fields=True, gc=False
    )
    errors = (msgspec.DecodeError, msgspec.ValidationError)
    return msgspec.json.Decoder(usual).decode_lines, errors


_CASE_ID, _TEXT = operator.attrgetter("case_id"), operator.attrgetter("text")
_CASE_ID_FIRST = b'{"case_id"'  # a usual line with its keys in the usual order


def _open_side(run: Run, path: str, name: str) -> BinaryIO:
    """``path`` opened for reading, as ``Run.side_records`` opens it (unreadable is fatal)."""
    try:
        if os.path.isdir(path):
            raise IsADirectoryError(errno.EISDIR, "is a directory")
        return open(path, "rb", buffering=1 << 16)  # noqa: SIM115
    except OSError as exc:
        run.diag.emit("io.unreadable", f"cannot open: {exc.strerror or exc}", file=name)
        raise FatalInput(path) from exc
