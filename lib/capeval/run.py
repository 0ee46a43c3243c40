"""One run of a filter: its streams, reading records and side files, the review
configuration, problems as diagnostics, side outputs and the closing summary.

Filters get a ``Run`` from the chassis (``capeval.cli``); tests run filters in-process on
descriptors of their own (``in_process``).
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable, Iterable, Iterator
from typing import IO, TYPE_CHECKING, Any, BinaryIO

from capeval.codes import ERROR
from capeval.diagnostics import Diagnostics
from capeval.jsonl import (
    DEFAULT_MAX_LINE_BYTES,
    Line,
    Writer,
    read_lines,
    widen_pipe,
)
from capeval.records import Problem, case_id_of

if TYPE_CHECKING:
    from capeval.config import Config

STDIN_NAME = "<stdin>"
_READ_BUFFER = 1 << 16
_PROGRESS_EVERY = 8192


class UsageError(Exception):
    """A wrong command line or configuration: reported as ``usage`` and exit 2."""


class OutputOverlap(UsageError):
    """An input found while the run reads (a walked tree's catalog) is one of its outputs:
    a usage error, and not even ``--diagnostics`` is written (it may be that output)."""


class FatalInput(Exception):
    """A required side input cannot be read: the run cannot go on (exit 2)."""


class AtomicOutput:
    """A file written to a temporary name and renamed into place only by ``commit``."""

    def __init__(self, path: str, line_buffered: bool = False) -> None:
        self.path = path
        self._temp: str | None = None
        # A symlink is written through (its target replaced, the link kept), as `>` does.
        self._target = os.path.realpath(path) if os.path.islink(path) else path
        if os.path.exists(path) and not os.path.isfile(path):
            # /dev/null, a FIFO, a terminal: nothing to replace atomically, write directly
            fd = os.open(path, os.O_WRONLY)
        else:
            directory = os.path.dirname(os.path.abspath(self._target))
            self._mode = _mode_for(self._target)
            import tempfile  # here: it pulls random and hashlib, off the start-up path

            fd, self._temp = tempfile.mkstemp(prefix=".capeval-", dir=directory)
        self.writer = Writer(fd, line_buffered)
        self._fd = fd

    def write_record(self, record: Any) -> None:
        self.writer.write_record(record)

    def commit(self) -> None:
        self.writer.flush()
        os.close(self._fd)
        if self._temp is not None:
            os.chmod(self._temp, self._mode)
            os.replace(self._temp, self._target)

    def discard(self) -> None:
        try:
            os.close(self._fd)
        except OSError:
            pass
        if self._temp is not None:
            try:
                os.unlink(self._temp)
            except OSError:
                pass


def _mode_for(path: str) -> int:
    """The permissions a replaced file keeps; a new file gets 0666 less the umask."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


class Run:
    """One run of a filter: streams, diagnostics, counts and the exit status."""

    def __init__(
        self,
        tool: str,
        inputs: list[str],
        out: Writer,
        diagnostics: Diagnostics,
        stderr: IO[str],
        *,
        max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
        first_line: int = 1,
        progress: bool = False,
        line_buffered: bool = False,
    ) -> None:
        self.tool = tool
        self.inputs = inputs
        self.out = out
        self.diag = diagnostics
        self.stderr = stderr
        self.max_line_bytes = max_line_bytes
        self.first_line = first_line
        self.line_buffered = line_buffered
        self._progress = progress
        self.quiet = False  # -q: no summaries on stderr
        # Ordered counts for the closing summary; filters add their own keys.
        self.counts: dict[str, int] = {"read": 0}
        # Malformed lines of the main input are counted under this key.
        self.malformed_key = "invalid"
        self.failed = False  # a run-level failure (hard assertion, consent rule, gate)
        self.file = STDIN_NAME  # display name of the input being read
        self.path: str | None = None  # its path (None for stdin)
        self._side_outputs: list[AtomicOutput] = []
        # every path the run was told to read or write (capeval.paths): an input found while
        # reading (a walked tree's catalog) is checked against the outputs among them
        self.uses: list[Any] = []
        self.summary_extra: list[str] = []
        # Per side file (by display name): its lines read and left out, for the summary.
        self.side_counts: dict[str, dict[str, int]] = {}
        # A filter that shows the values it reads (a report) sets how each line of every
        # input is shown: its record's credentials redacted, its controls made visible…,
        # before any escaping of its output (``(…, raw, record)`` to the same).
        self.shown: Callable[[Any], Any] | None = None
        # A filter that names what it read (a report's run identity) sets this to {}: each
        # input read to its end gets its SHA-256 here, by display name, in reading order.
        self.digests: dict[str, str] | None = None

    # -- reading ---------------------------------------------------------------------------
    def records(self) -> Iterator[Line]:
        """Every JSON object line of the inputs in order; bad lines become diagnostics."""
        for index, path in enumerate(self.inputs):
            stream = self._open_input(path)
            if stream is None:
                continue
            # --first-line numbers the first input as a chunk of a bigger file (scale-out)
            first = self.first_line if index == 0 else 1
            reader = stream if self.digests is None else _Digesting(stream)
            try:
                shown = self.shown
                count_read = self.count_read if self._progress else None
                for item in read_lines(
                    reader, self._on_problem, self.max_line_bytes, first_line_no=first
                ):
                    if count_read is None:
                        self.counts["read"] += 1  # count_read's work, without its call
                    else:
                        count_read()
                    yield item if shown is None else shown(item)
                if isinstance(reader, _Digesting) and self.digests is not None:
                    self.digests[self.file] = reader.hexdigest()
            except OSError as exc:
                self.diag.emit("io.unreadable", f"cannot read: {_os_reason(exc)}", file=self.file)
            finally:
                if stream is not _stdin_stream:
                    stream.close()
        if self._progress:
            self.stderr.write("\r\033[K")

    def count_read(self) -> None:
        """One more record read (and the progress line drawn when it is due)."""
        self.counts["read"] += 1
        if self._progress and self.counts["read"] % _PROGRESS_EVERY == 0:
            self.stderr.write(f"\r{self.tool}: {self.counts['read']} records")
            self.stderr.flush()

    def _on_problem(self, line_no: int, code: str, message: str) -> None:
        self.counts["read"] += 1
        self.counts[self.malformed_key] = self.counts.get(self.malformed_key, 0) + 1
        self.diag.emit(code, message, file=self.file, line=line_no)

    def _open_input(self, path: str) -> BinaryIO | None:
        if path == "-":
            self.file, self.path = STDIN_NAME, None
            return _stdin()
        self.file, self.path = path, path
        try:
            if os.path.isdir(path):
                raise IsADirectoryError(errno.EISDIR, "is a directory")
            return open(path, "rb", buffering=_READ_BUFFER)  # noqa: SIM115
        except OSError as exc:
            self.diag.emit("io.unreadable", f"cannot open: {_os_reason(exc)}", file=path)
            return None

    def side_records(
        self, path: str, *, with_offsets: bool = False, name: str | None = None
    ) -> Iterator[Any]:
        """Records of a side input (``--candidates``, ``--cases``…); unreadable is fatal.

        Items are as ``jsonl.read_lines`` yields them; ``name`` is the file's name in
        diagnostics (default ``path``).
        """
        name = name or path
        try:
            if os.path.isdir(path):
                raise IsADirectoryError(errno.EISDIR, "is a directory")
            stream = open(path, "rb", buffering=_READ_BUFFER)  # noqa: SIM115
        except OSError as exc:
            self.diag.emit("io.unreadable", f"cannot open: {_os_reason(exc)}", file=name)
            raise FatalInput(path) from exc

        tally = self.side_tally(name)

        def on_problem(line_no: int, code: str, message: str) -> None:
            tally["read"] += 1
            tally["invalid"] += 1
            self.diag.emit(code, message, file=name, line=line_no)

        reader = stream if self.digests is None or with_offsets else _Digesting(stream)
        with stream:
            try:
                for item in read_lines(
                    reader, on_problem, self.max_line_bytes, with_offsets=with_offsets
                ):
                    tally["read"] += 1
                    yield item if self.shown is None else self.shown(item)
                if isinstance(reader, _Digesting) and self.digests is not None:
                    self.digests[name] = reader.hexdigest()
            except OSError as exc:
                self.diag.emit("io.unreadable", f"cannot read: {_os_reason(exc)}", file=name)
                raise FatalInput(path) from exc

    def first_of_each(
        self,
        path: str,
        problem_of: Callable[[dict[str, Any]], Problem | None],
        key_of: Callable[[dict[str, Any]], Any],
        duplicate: Callable[[Any], Problem],
    ) -> dict[Any, tuple[int, dict[str, Any]]]:
        """key → (line, record) of a side file's good records; the first of a key wins.

        A bad record (``problem_of``) or a repeated key (``duplicate(key)``) is a diagnostic,
        and the record is left out.
        """
        entries: dict[Any, tuple[int, dict[str, Any]]] = {}
        for line_no, _raw, record in self.side_records(path):
            problem = problem_of(record)
            if problem is None and key_of(record) in entries:
                problem = duplicate(key_of(record))
            if problem is not None:
                self.emit_problems([problem], record, line=line_no, file=path)
                self.side_tally(path)["invalid"] += 1
                continue
            entries[key_of(record)] = (line_no, record)
        return entries

    def side_tally(self, name: str) -> dict[str, int]:
        """The counts of side file ``name`` in the summary (``read``, ``invalid``; a filter may
        add its own keys, e.g. ``joined``)."""
        tally = self.side_counts.get(name)
        if tally is None:
            tally = self.side_counts[name] = {"read": 0, "invalid": 0}
        return tally

    def review_config(self, path: str | None) -> Config:
        """The review configuration (YAML; the defaults without ``path``).

        An unreadable file is ``io.unreadable`` (fatal, like any input); a wrong one is a
        usage error.
        """
        from capeval.config import ConfigError, ConfigUnreadable, load_config

        try:
            return load_config(path)
        except ConfigUnreadable as exc:
            self.diag.emit(
                "io.unreadable", f"cannot read configuration: {exc.reason}", file=exc.path
            )
            raise FatalInput(exc.path) from None
        except ConfigError as exc:
            raise UsageError(str(exc)) from None

    # -- writing ---------------------------------------------------------------------------
    def emit_problems(
        self,
        problems: Iterable[Problem],
        record: dict[str, Any],
        *,
        line: int,
        file: str | None = None,
    ) -> bool:
        """Report each problem of ``record`` (read at ``line`` of ``file``, default the input
        being read); True when one of them is an error."""
        case_id = case_id_of(record)
        where = self.file if file is None else file
        invalid = False
        for problem in problems:
            diagnostic = self.diag.emit(
                problem.code,
                problem.message,
                file=where,
                line=line,
                case_id=case_id,
                path=problem.pointer,
                severity=problem.severity,
            )
            invalid = invalid or diagnostic.severity == ERROR
        return invalid

    def side_output(self, path: str) -> AtomicOutput:
        """A side file (manifest, lock) renamed into place when the run completes."""
        try:
            output = AtomicOutput(path)
        except OSError as exc:
            raise UsageError(f"cannot write {path}: {_os_reason(exc)}") from exc
        self._side_outputs.append(output)
        return output

    def count(self, key: str, n: int = 1) -> None:
        self.counts[key] = self.counts.get(key, 0) + n

    def summary(self) -> str:
        parts = [f"{n} {key}" for key, n in self.counts.items()]
        parts.extend(self.summary_extra)
        if self.diag.warnings:
            parts.append(f"{self.diag.warnings} warning" + ("s" if self.diag.warnings > 1 else ""))
        line = f"{self.tool}: " + ", ".join(parts)
        # side inputs too: each one some lines of which were left out, or which a filter
        # accounts for in detail (cap-check's candidates)
        for name, tally in self.side_counts.items():
            if tally["invalid"] or len(tally) > 2:
                shown = [f"{n} {key}" for key, n in tally.items() if n or key == "read"]
                line += f"; {name}: " + ", ".join(shown)
        return line


class _Digesting:
    """A binary stream read through a line at a time (as ``jsonl.read_lines`` reads), with
    the SHA-256 of every byte read."""

    def __init__(self, stream: BinaryIO) -> None:
        from capeval.records import sha256  # CPython's own: hashlib would load OpenSSL

        self._readline = stream.readline
        self._hash = sha256(b"")

    def readline(self, size: int = -1) -> bytes:
        data = self._readline(size)
        self._hash.update(data)
        return data

    def hexdigest(self) -> str:
        return self._hash.hexdigest()


class StandardStreams:
    """The file descriptors a filter reads and writes: 0, 1 and 2, unless a test (or a host
    program) runs filters in-process on files of its own (``in_process``)."""

    stdin = 0
    stdout = 1
    stderr = 2


_stdin_stream: BinaryIO | None = None


def _stdin() -> BinaryIO:
    # Our own buffered reader on fd 0: under PYTHONUNBUFFERED sys.stdin.buffer may be raw.
    global _stdin_stream
    if _stdin_stream is None:
        widen_pipe(StandardStreams.stdin)
        _stdin_stream = open(  # noqa: SIM115
            StandardStreams.stdin, "rb", buffering=_READ_BUFFER, closefd=False
        )
    return _stdin_stream


def in_process(main: Callable[..., None], argv: list[str], stdin: int, stdout: int, stderr: int):
    """Run a filter's ``main`` in this process on the given descriptors; its exit status.

    What the tests use to run filters quickly: the same chassis and command line, without an
    interpreter start-up per run. SIGPIPE is not the point here (subprocess tests cover it).
    """
    global _stdin_stream
    saved = (StandardStreams.stdin, StandardStreams.stdout, StandardStreams.stderr)
    StandardStreams.stdin, StandardStreams.stdout, StandardStreams.stderr = stdin, stdout, stderr
    _stdin_stream = None
    try:
        main(argv)
    except SystemExit as exc:
        code = exc.code
        return code if isinstance(code, int) else (0 if code is None else 1)
    finally:
        _stdin_stream = None
        StandardStreams.stdin, StandardStreams.stdout, StandardStreams.stderr = saved
    return 0


def _os_reason(exc: OSError) -> str:
    return exc.strerror or str(exc)
