"""Where a CI format keeps its entries until the stream has been read: on disk, not in memory.

SARIF, JUnit, rdjson/rdjsonl and GitHub annotations list every failing result (JUnit every
result), and each needs something only the end of the stream knows before its first entry
(SARIF's rules, JUnit's counts and order, the annotations' order by importance). So a writer
gets each result as it is read, writes its entry's text at once into a spool, and at the end
writes what it learned, then the spooled entries, then its closing lines. Memory holds a
block of text, not the results: 500,000 results with a third failing took 1.9 GB as SARIF
built in memory (docs/reliability.md has the figures).

* ``Spool``: entries in the order written, in an anonymous temporary file (unlinked at once,
  under ``$TMPDIR``: nothing is left behind, even after a kill).
* ``SortedSpool``: a private temporary SQLite database (the standard library's ``sqlite3``)
  for entries read back in another order (JUnit's suites sorted by assertion and case, the
  annotations by level and rank): SQLite sorts on disk past its page cache, which is set to
  2 MiB here, and the database file is deleted when the connection closes.

The report's redaction (``Context.clean``) is applied to entries a block at a time as they
are spooled, not to each on its own: one scan of 64 KiB costs far less than a thousand.
"""

from __future__ import annotations

import contextlib
import errno
import json
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from typing import IO, Any

_BLOCK = 1 << 16  # bytes kept in memory before they are written out, and read back at once
_CACHE_KIB = 2048  # SQLite's page cache (and so its in-memory sort) for a sorted spool


class Spool:
    """Text entries kept in an anonymous temporary file, read back in the order written.

    ``clean`` (the report's redaction) is applied to the entries a block at a time as they
    are written out (``clean_all``): one scan of 64 KiB costs less than a scan per entry.
    """

    def __init__(self, clean: Callable[[str], str] = str) -> None:
        self.count = 0
        self._clean = clean
        self._file: IO[bytes] | None = None
        self._pending: list[str] = []
        self._pending_chars = 0

    def add(self, text: str) -> None:
        self._pending.append(text)
        self._pending_chars += len(text)
        self.count += 1
        if self._pending_chars >= _BLOCK:
            self._spill()

    def copy_to(self, write: Callable[[bytes], Any]) -> None:
        """Write every entry, in order, a block at a time; the spool is closed after."""
        if self._file is None:
            write("".join(clean_all(self._pending, self._clean)).encode("utf-8"))
            self._pending = []
            return
        self._spill()
        self._file.seek(0)
        while block := self._file.read(_BLOCK):
            write(block)
        self._file.close()
        self._file = None

    def _spill(self) -> None:
        if self._file is None:
            self._file = tempfile.TemporaryFile(prefix="capeval-report-")  # noqa: SIM115
        self._file.write("".join(clean_all(self._pending, self._clean)).encode("utf-8"))
        self._pending = []
        self._pending_chars = 0


def clean_all(texts: list[str], clean: Callable[[str], str]) -> list[str]:
    """``[clean(text) for text in texts]``, by one call of ``clean`` on them all joined by
    NULs (no entry holds one: JSON and XML escape it, and the values are made visible first);
    should a change reach across a NUL, each text is cleaned on its own."""
    if clean is str or not texts:
        return texts
    joined = _SEPARATOR.join(texts)
    if joined.count(_SEPARATOR) != len(texts) - 1:
        return [clean(text) for text in texts]
    cleaned = clean(joined).split(_SEPARATOR)
    if len(cleaned) != len(texts):
        return [clean(text) for text in texts]
    return cleaned


_SEPARATOR = "\x00"


# where the spooled entries go in a JSON document written around them (a text no value holds:
# json.dumps writes a NUL as \u0000)
ENTRIES = "\x00entries\x00"


def indented(value: Any, width: int) -> str:
    """``value`` as ``json.dumps(indent=2)`` writes it nested ``width`` spaces deep in a
    document (JSON text holds no raw line break inside a string)."""
    pad = " " * width
    return pad + json.dumps(value, ensure_ascii=False, indent=2).replace("\n", "\n" + pad)


def json_around(
    document: Any, entries: Spool, write: Callable[[bytes], Any], clean: Callable[[str], str]
) -> None:
    """Write ``document`` as ``json.dumps(indent=2)`` does, the spooled ``entries`` (each one
    ``indented`` and joined by ``,\n``) in place of its one ``ENTRIES`` item; a document
    without it (no entries: the list left ``[]``) as it is. ``clean`` is applied to the text
    around the entries."""
    text = json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    marker = json.dumps(ENTRIES)
    if marker not in text:
        write(clean(text).encode("utf-8"))
        return
    before, after = text.split(marker)
    write(clean(before[: before.rindex("\n") + 1]).encode("utf-8"))
    entries.copy_to(write)
    write(clean(after).encode("utf-8"))


class SortedSpool:
    """Entries in a private temporary SQLite database, read back in the order of a query.

    ``columns`` declares the table's columns (``CREATE TABLE`` syntax) before the entry's
    ``text``; ``add(*values, text)`` inserts a row (a few hundred at a time, their texts
    cleaned together, in one transaction). The page cache is bounded: a sort of more rows
    than fit spills to temporary files; the database file is deleted when it is closed.
    """

    def __init__(self, columns: str, clean: Callable[[str], str] = str) -> None:
        self._clean = clean
        self._pending: list[tuple[Any, ...]] = []
        self._pending_chars = 0
        self._insert = f"INSERT INTO entries VALUES ({', '.join('?' * (columns.count(',') + 2))})"
        with _as_os_error():
            self.database = sqlite3.connect("", isolation_level=None)
            for pragma in (
                f"cache_size = -{_CACHE_KIB}",
                "temp_store = FILE",
                "journal_mode = OFF",
                "synchronous = OFF",
            ):
                self.database.execute(f"PRAGMA {pragma}")
            self.database.execute(f"CREATE TABLE entries ({columns}, text TEXT)")
            self.database.execute("BEGIN")  # one transaction for every insert: no sync per row

    def add(self, *values: Any) -> None:
        """One row: the values of ``columns``, then the entry's text."""
        self._pending.append(values)
        self._pending_chars += len(values[-1])
        if self._pending_chars >= _BLOCK:
            self._flush()

    def rows(self, query: str) -> Iterator[Any]:
        """The rows of ``query`` (on the table ``entries``), fetched a few hundred at a time."""
        with _as_os_error():
            if self._pending or self.database.in_transaction:
                self._flush()
                self.database.execute("COMMIT")
            cursor = self.database.execute(query)
            while batch := cursor.fetchmany(256):
                yield from batch

    def close(self) -> None:
        self.database.close()

    def _flush(self) -> None:
        texts = clean_all([row[-1] for row in self._pending], self._clean)
        with _as_os_error():
            self.database.executemany(
                self._insert,
                [(*row[:-1], text) for row, text in zip(self._pending, texts, strict=True)],
            )
        self._pending = []
        self._pending_chars = 0


@contextlib.contextmanager
def _as_os_error() -> Iterator[None]:
    """SQLite's errors (a full disk under ``$TMPDIR``) as the OSError every filter reports as
    ``io.write_failed``, never a traceback."""
    try:
        yield
    except sqlite3.Error as exc:
        raise OSError(errno.EIO, f"the report's temporary spool: {exc}") from None


def key(text: str | None) -> bytes:
    """A text as a sort key: its UTF-8 bytes, which SQLite compares as Python compares the
    text (code point by code point); None as the empty text."""
    return b"" if text is None else text.encode("utf-8", "surrogatepass")
