"""The candidates file of a check run, indexed: where each case's candidates are.

``CandidateIndex.build`` starts reading the file (a pipe or FIFO is spooled to a temporary file
first) and keeps, per case id, the byte offset and line number of each candidate line, and
the systems in order of first appearance; ``candidates_of`` reads a case's lines back on
demand, so memory grows by one int per candidate, never by the texts.

How much is read at ``build`` depends on whether a line can name a system. The systems must be
known before the first result (a case without a candidate of some system gets
``candidate_missing`` for it), so when one line may name a system the whole file is indexed
at ``build``, as its diagnostics (``candidate.duplicate``, invalid lines) are given. When no
line can (``names_no_system``: a byte test, one pass), the systems are ``[NO_SYSTEM]`` and
the file is indexed lazily, in file order: a case whose id is not indexed yet reads on until
its first valid line is (or the file ends); that line's record is handed to the case as it is
(parsed once), and the records read past on the way are dropped and read back later through
their offsets, as when the whole file is indexed first (memory stays flat). The first valid
line of a case still wins, every duplicate is still found, and ``finish`` reads the rest before
the orphans and the summary: results, exit status and counts are the same either way; only a
candidate diagnostic comes on stderr when the reading reaches its line, among the cases'.

Reading back trusts the file to be the one indexed; it is checked: its size, modification
time and inode after each block read back, each 1,024 lines indexed and when its end is
reached (so a file cut short never makes ``candidate_missing`` results) and at the end of the
run (``check_unchanged``), and the ``case_id`` of each line read back. A change is one
``io.input_changed`` diagnostic and the run stops (exit 2) with what it wrote flushed: never a
traceback, never a case paired with another case's candidate.
"""

from __future__ import annotations

import os
import shutil
from array import array
from collections.abc import Generator, Iterator
from itertools import repeat
from typing import Any, BinaryIO

from capeval.jsonl import BOM, loads
from capeval.run import FatalInput, Run
from capeval.secrets import redact, value_secret_kind

NO_SYSTEM = None


class CandidateIndex:
    """Where each case's candidates are in the candidates file, and the systems seen.

    Kept small, since it holds an entry per candidate: a lone candidate with no ``system``
    (one per case) is its line number; cases with named systems keep a list of (system, line
    number) pairs. By line number, the line's byte offset (``_offsets``, 8 bytes), whether it
    is exactly what orjson writes for its record (``_written_back``, a byte: then orjson alone
    reads it back exactly) and whether its case came (its entry is used: ``_used``, a byte).
    """

    def __init__(self, run: Run, path: str) -> None:
        self.path = path
        self.run = run
        self.unnamed: dict[str, int] = {}  # case_id -> line, for a lone unnamed candidate
        self.named: dict[str, list[tuple[Any, int]]] = {}  # case_id -> [(system, line)]
        self.systems: list[Any] = []
        self._stream: BinaryIO | None = None
        # the bytes read back last and where they start in the file (see _line_at)
        self._block = b""
        self._block_start = 0
        self._spooled: str | None = None
        self.display = path  # the name diagnostics give (the path the user gave)
        self.tally: dict[str, int] = {}  # this file's counts in the summary (build)
        # Checked cases that had no candidate: the index cannot tell they came (rare).
        self._checked_without_candidates: set[str] = set()
        self._used = bytearray()  # by line number, as indexed: 1 when its entry was claimed
        self._offsets = array("q", [0])  # by line number: where the line starts
        self._written_back = bytearray(1)  # by line number: 1 when orjson wrote it (read_lines)
        self._stamp: tuple[int, int, int] | None = None  # the file as indexed (_stamp_of)
        self._systems_seen: set[Any] = set()
        # While the file is indexed lazily: its indexing (None: all lines are indexed), and
        # the (line, record) of the case found last, until it is handed over.
        self._reading: Generator[bool, str | None, None] | None = None
        self._held: tuple[int, dict[str, Any]] | None = None
        self._built = False

    def build(self) -> None:
        """Start indexing the file: all of it now when a line may name a system, else as
        cases ask (``_indexing``; see the module docstring). Once: later calls return."""
        if self._built:
            return
        self._built = True
        if not os.path.isfile(self.path):
            self.path = self._spool(self.path)
        self._stamp = _stamp_of(self.path)
        tally = self.tally = self.run.side_tally(self.display)
        for key in ("duplicate", "joined", "of cases not checked"):
            tally.setdefault(key, 0)
        self._reading = self._indexing()
        next(self._reading)
        if names_no_system_in(self.path):
            self.systems.append(NO_SYSTEM)
            self._systems_seen.add(NO_SYSTEM)
        else:
            self.finish()

    def finish(self) -> None:
        """Index the rest of the file (its diagnostics given): before orphans and counts."""
        if self._reading is not None:
            self._reading.send(None)

    def _indexing(self) -> Generator[bool, str | None, None]:
        """The file's indexing, in file order, as cases ask: sent a case id (not indexed
        yet, and sent only when no line names a system, so that the line found is the case's
        only candidate), reads on until its first valid line is indexed (the record kept in
        ``_held`` for ``candidates_of``) and yields True, or to the end of the file (then
        False, and ``_reading`` is None); None reads to the end. A generator: its state
        stays in its locals from one case to the next, and it closes the file it reads
        (``close`` closes it when the run stops early)."""
        lines = self.run.side_records(self.path, with_offsets=True, name=self.display)
        offsets, written_back, used = self._offsets, self._written_back, self._used
        unnamed, named = self.unnamed, self.named
        systems_seen = self._systems_seen
        wanted = yield False  # started: the first case id comes with the first send
        try:
            for line_no, offset, exact, _raw, record in lines:
                case_id = record.get("case_id")
                if (
                    "system" in record
                    or type(case_id) is not str
                    or type(record.get("text")) is not str
                ):
                    entry = self._entry(line_no, record)
                    if entry is None:
                        continue
                    case_id, system = entry
                else:
                    system = NO_SYSTEM  # the usual line: a string case_id and text, no system
                if line_no != len(offsets):  # lines with no entry
                    written_back.extend(bytes(line_no - len(offsets)))
                    offsets.extend(repeat(0, line_no - len(offsets)))
                offsets.append(offset)
                written_back.append(exact)
                if line_no >= len(used):
                    # a byte for each line number there is (from 1; a line with no entry is
                    # never used), made a chunk at a time; the file is checked as often
                    used.extend(bytes(line_no - len(used) + _USED_CHUNK))
                    self.check_unchanged()
                if system is NO_SYSTEM and case_id not in unnamed and case_id not in named:
                    unnamed[case_id] = line_no  # a case's lone unnamed candidate (so far)
                else:
                    first = self._add(case_id, system, line_no)
                    if first is not None:
                        self.run.diag.emit(
                            "candidate.duplicate",
                            f"a candidate for this case and system {_system_name(system)} is "
                            f"on line {first}; the first wins",
                            file=self.display,
                            line=line_no,
                            case_id=case_id,
                        )
                        self.tally["duplicate"] += 1
                        continue
                if system not in systems_seen:
                    systems_seen.add(system)
                    self.systems.append(system)
                if case_id == wanted:
                    self._held = (line_no, record)
                    wanted = yield True
        finally:
            lines.close()
        self._reading = None  # the whole file is indexed: it must be whole (not cut)
        self.check_unchanged()
        yield False

    def _lone_after_reading(self, case_id: str) -> int | None:
        """The line of ``case_id``'s lone unnamed candidate, once the lazy reading has gone
        on to it (or to the end); None: it has none."""
        if self._reading is None:
            return None
        self._reading.send(case_id)
        return self.unnamed.get(case_id)

    def _entry(self, line_no: int, record: dict[str, Any]) -> tuple[str, Any] | None:
        """(case_id, system) of a candidate line with a system, or not the usual one; None
        (after a diagnostic) when it is no usable candidate."""
        case_id = record.get("case_id")
        system = record.get("system", NO_SYSTEM)
        if not isinstance(case_id, str) or not isinstance(record.get("text"), str):
            self.run.diag.emit(
                "schema.required",
                "a candidate needs a string case_id and text",
                file=self.display,
                line=line_no,
                path="/case_id" if not isinstance(case_id, str) else "/text",
            )
            self.tally["invalid"] += 1
            return None
        if system is not NO_SYSTEM and not isinstance(system, str):
            self.run.diag.emit(
                "schema.type",
                "must be string",
                file=self.display,
                line=line_no,
                case_id=case_id,
                path="/system",
            )
            self.tally["invalid"] += 1
            return None
        if system is not NO_SYSTEM and value_secret_kind(system, entropy=False):
            # the system is written into every result: never a credential it holds
            system = redact(system, entropy=False)
        return case_id, system

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
        """system → candidate record for one case (read back from the file, unless indexing
        just read it); marks them used."""
        lone = self.unnamed.get(case_id)
        if lone is None:
            lone = self._lone_after_reading(case_id)
        if lone is not None:  # the usual case: one unnamed candidate (_claim, without a list)
            self._used[lone] = 1  # counted as joined at the end (count_joined)
            held = self._held
            if held is not None and held[0] == lone:
                self._held = None
                return {NO_SYSTEM: held[1]}
            return {NO_SYSTEM: self._record_at(lone, case_id)}
        return {
            system: self._record_at(line, case_id) for system, line in self._claim(case_id, None)
        }

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
            self.check_unchanged(os.fstat(self._stream.fileno()))
        return self._stream

    def check_unchanged(self, now: os.stat_result | None = None) -> None:
        """Raise ``FatalInput`` (after one ``io.input_changed``) when the file is not the one
        indexed: another size, modification time or inode."""
        if self._stamp is None:
            return
        try:
            stamp = _stamp_of(self.path) if now is None else _stamp_from(now)
        except OSError:
            stamp = None
        if stamp != self._stamp:
            self._changed("its size or modification time changed")

    def _changed(self, how: str) -> None:
        self._stamp = None  # one diagnostic, however it is noticed
        self.run.diag.emit(
            "io.input_changed",
            f"the candidates file changed while it was read ({how}): the results written "
            "so far stand, the rest of the cases are not checked",
            file=self.display,
        )
        raise FatalInput(self.path)

    def _record_at(self, line: int, case_id: str) -> Any:
        """The record of the line of an index entry (one the build accepted).

        Cases usually come in the file's order, so the line is mostly in the block read back
        last (found here, without a call); else a block is read from its offset."""
        offset = self._offsets[line]
        block = self._block
        at = offset - self._block_start
        end = block.find(b"\n", at) if 0 <= at < len(block) else -1
        raw = block[at : end + 1] if end >= 0 else self._read_block(offset)
        if offset == 0 and raw[:3] == BOM:
            raw = raw[3:]
        try:  # a trailing "\r\n" is whitespace to JSON
            record = loads(raw, self._written_back[line])
        except ValueError:
            record = None
        if type(record) is not dict or record.get("case_id") != case_id:
            self._changed(f"line {line} no longer holds the candidate of {case_id}")
        return record

    def _read_block(self, offset: int) -> bytes:
        """The line at ``offset``, read with the block that starts there (kept for the lines
        after it). A line can only be torn by a rewrite across two reads, so the file's stamp
        is checked after each read (one fstat a block, not one a line)."""
        fd = self._open_stream().fileno()
        block = os.pread(fd, _READ_BACK_BYTES, offset)
        while b"\n" not in block:  # a line longer than a block (bounded by the build)
            more = os.pread(fd, _READ_BACK_BYTES, offset + len(block))
            if not more:
                break
            block += more
        if self._stamp is not None and _stamp_from(os.fstat(fd)) != self._stamp:
            self._changed("its size or modification time changed")
        self._block, self._block_start = block, offset
        end = block.find(b"\n")
        return block if end < 0 else block[: end + 1]

    def _claim(self, case_id: str, outcome: str | None) -> list[tuple[Any, int]]:
        """A case's (system, line) entries, marked as used (``_used``, by line: so orphans
        need no set of the case ids seen); entries used for the first time are counted under
        ``outcome`` (None: joined, counted at the end by ``count_joined``)."""
        lone = self.unnamed.get(case_id)
        if lone is None:
            lone = self._lone_after_reading(case_id)
        used = self._used
        if lone is not None:
            if not used[lone]:
                used[lone] = 1
                if outcome is not None:
                    self.tally[outcome] += 1
            return [(NO_SYSTEM, lone)]
        bucket = self.named.get(case_id)
        if not bucket:
            return []
        for _system, line in bucket:
            if not used[line]:
                used[line] = 1
                if outcome is not None:
                    self.tally[outcome] += 1
        return list(bucket)

    def came_before(self, case_id: str) -> bool:
        """True when a case with this id was already read (its entries are marked used);
        else notes that it came."""
        lone = self.unnamed.get(case_id)
        # reading on inline, not through _lone_after_reading: a call per case cost 1%
        if lone is None and self._reading is not None and self._reading.send(case_id):
            return False  # its line was just indexed: not used yet
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

    def count_joined(self) -> None:
        """The summary's ``joined``: every entry used, less those counted as of cases not
        checked (one count at the end, not one per case)."""
        if self.tally:
            self.tally["joined"] = self._used.count(1) - self.tally["of cases not checked"]

    def close(self) -> None:
        if self._reading is not None:
            self._reading.close()  # the file it reads closed, when the run stops early
            self._reading = None
        if self._stream is not None:
            self._stream.close()
        if self._spooled is not None:
            os.unlink(self._spooled)


# how much of the candidates file is read back at once (cases mostly come in its order)
_READ_BACK_BYTES = 1 << 16
# how many lines' bytes ``_used`` grows by at once while the file is read lazily
_USED_CHUNK = 1 << 10


# A key is a JSON string, whose characters are written as themselves or escaped; of the escapes,
# only \uXXXX can make a letter. So a line with a key "system" holds either the bytes
# "system" quotes included (an unescaped '"' is a string's delimiter: the key's own), or the
# \u00XX escape of one of its letters. A file holding neither names no system on any line,
# whatever else its lines are (orjson writes \u00XX only for control characters).
_SYSTEM_KEY = b'"system"'
_LOW_ESCAPE = b"\\u00"
_SYSTEM_LETTER_CODES = frozenset(b"%02x" % ord(c) for c in "system") | {b"6D"}
# the byte test reads the file in blocks of this size
_SCAN_BYTES = 1 << 18


def names_no_system(data: bytes | bytearray, end: int | None = None) -> bool:
    """True when no JSON line in ``data`` (up to ``end``) can have a key ``system``, at any
    depth (see ``_SYSTEM_KEY``); False when one may."""
    if data.find(_SYSTEM_KEY, 0, end) >= 0:
        return False
    stop = len(data) if end is None else end
    at = data.find(_LOW_ESCAPE, 0, stop)
    while at >= 0:
        if bytes(data[at + 4 : min(at + 6, stop)]) in _SYSTEM_LETTER_CODES:
            return False
        at = data.find(_LOW_ESCAPE, at + 4, stop)
    return True


def names_no_system_in(path: str, block_bytes: int = _SCAN_BYTES) -> bool:
    """``names_no_system`` over the file at ``path``: one pass, a block at a time (each
    searched with the last bytes of the one before, where a match may begin). False when it
    cannot be read (the reader says why)."""
    keep = len(_SYSTEM_KEY) - 1
    buffer = bytearray(keep + block_bytes)
    view = memoryview(buffer)
    kept = 0
    try:
        with open(path, "rb", buffering=0) as stream:
            while read := stream.readinto(view[kept:]):
                end = kept + read
                if not names_no_system(buffer, end):
                    return False
                kept = min(keep, end)
                buffer[:kept] = buffer[end - kept : end]
    except OSError:
        return False
    return True


def _stamp_from(st: os.stat_result) -> tuple[int, int, int]:
    return (st.st_size, st.st_mtime_ns, st.st_ino)


def _stamp_of(path: str) -> tuple[int, int, int]:
    """What tells a changed file from the one indexed (a rewrite in place, or a new file
    renamed over it)."""
    return _stamp_from(os.stat(path))


def _system_name(system: Any) -> str:
    return "(unnamed)" if system is NO_SYSTEM else repr(system)
