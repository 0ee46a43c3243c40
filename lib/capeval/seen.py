"""A compact, exact set of the keys seen in a stream (cap-validate's unique-key rule).

A Python ``set`` of ids costs ~115 bytes per id (the string object and its slot), so memory
grows with the input. ``SeenKeys`` keeps only fixed-width entries in memory:

* an open-addressing table (linear probing) of 64-bit entries (a ``memoryview`` cast to
  ``q``: a write costs ~140 instructions there, ~325 in an ``array``); each entry is the key's
  hash (signed, as ``hash`` gives it) with its low 36 bits replaced by ``offset + 1``: the top
  28 bits of the hash, and where the key's exact bytes are in the *key log*; 0 is an empty
  slot. A key's home slot is the top bits of its hash (a negative one counts from the table's
  end: the same slot as the unsigned hash's), so a table of up to 2**28 slots doubles from
  its entries alone (past that, by reading the keys back from the log). Signed, the hash
  needs no masking: one big-integer operation fewer per key;
* the key log: every key's bytes, length-prefixed, appended to an anonymous temporary file
  (``tempfile.TemporaryFile``, under ``$TMPDIR``; unlinked at once, so nothing is left behind).
  The last 256 KiB stays in memory until it is written out.

``add(key)`` probes from the key's home
slot; an entry whose fragment matches is *verified* by reading its key back from the log and
comparing bytes, so the answer is exact (a hash collision costs one read, never a wrong
verdict). The table doubles at a load of 0.6.

Memory: a table of ``INITIAL_SLOTS`` (512 KiB) to start with; past ~39,000 keys, 8 bytes
per slot at a load between 0.3 and 0.6, i.e. 13-27 bytes per key (~19 on average), whatever
the keys' length; the key log on disk grows by the keys' bytes + 4.
Hashing is Python's ``hash`` of the key bytes (SipHash, salted per process); crafted
collisions can only slow the probing down, never change an answer.
"""

from __future__ import annotations

import os
from collections.abc import Generator, Iterator
from typing import IO, Any

_MAX_LOAD = 0.6
_OFFSET_BITS = 36  # a key log of up to 64 GiB
_OFFSET_MASK = (1 << _OFFSET_BITS) - 1
_FRAGMENT_FIELD = ~_OFFSET_MASK  # a signed hash's top bits, in place
_FRAGMENT_BITS = 64 - _OFFSET_BITS  # the top 28 bits of the key's hash
# tables up to 2**28 slots grow from their entries; beyond, the keys are read back from the log
ENTRY_REHASH_BITS = _FRAGMENT_BITS
_SPILL = 1 << 18  # key-log bytes kept in memory before they are written out (256 KiB)
_LENGTH_BYTES = 4
_SHORT = 256
# The table starts at 512 KiB: growing re-inserts every entry in Python (~2,800 instructions
# an entry), and the doublings from a small table up to 2**16 slots cost ~110 M instructions
# on a stream of 40,000 keys or more (measured on Django's imported cases).
INITIAL_SLOTS = 1 << 16


def _length(size: int) -> bytes:
    return size.to_bytes(_LENGTH_BYTES, "little")


_LENGTHS = [_length(size) for size in range(_SHORT)]  # the usual lengths, made once


def key_bytes(key: Any) -> bytes:
    """The exact bytes of a key: a string as UTF-8; anything else (tuples of strings and
    None) as 0xFF + its repr, which no UTF-8 text starts with."""
    if type(key) is str:
        return key.encode("utf-8", "surrogatepass")
    return b"\xff" + repr(key).encode("utf-8", "surrogatepass")


class SeenKeys:
    """``add(key)`` is True the first time a key is added, False for every repeat."""

    __slots__ = ("_table", "_bits", "_shift", "_limit", "_count", "_log", "_pending", "_written")

    def __init__(self, capacity: int = INITIAL_SLOTS) -> None:
        bits = 1
        while (1 << bits) < capacity:
            bits += 1
        self._count = 0
        self._log: IO[bytes] | None = None  # the key log's file, once it spills
        self._pending = bytearray()  # key-log bytes not yet written out
        self._written = 0  # key-log bytes already in the file
        self._allocate(bits)

    def __len__(self) -> int:
        return self._count

    @property
    def table_bytes(self) -> int:
        """Memory held by the table (what grows with the number of keys)."""
        return len(self._table) * self._table.itemsize

    def add(self, key: Any) -> bool:
        # one function: this runs once per record of every stream cap-validate reads
        if type(key) is str:
            try:
                data = key.encode()
            except UnicodeEncodeError:  # a lone surrogate (the stdlib JSON path reads one)
                data = key_bytes(key)
        else:
            data = key_bytes(key)
        digest = hash(data)
        table = self._table
        slot = digest >> self._shift  # the top bits: a table of up to 2**28 slots can
        entry = table[slot]  # grow from its fragments alone
        if entry:
            mask = len(table) - 1
            fragment = digest >> _OFFSET_BITS
            while entry:
                # a matching fragment is verified against the key's bytes in the log
                if entry >> _OFFSET_BITS == fragment and (
                    self._key_at((entry & _OFFSET_MASK) - 1) == data
                ):
                    return False
                slot = (slot + 1) & mask
                entry = table[slot]
        # the key into the empty slot, and onto the log
        pending = self._pending
        size = len(data)
        table[slot] = digest & _FRAGMENT_FIELD | (self._written + len(pending) + 1)
        pending += _LENGTHS[size] if size < _SHORT else _length(size)
        pending += data
        if len(pending) >= _SPILL:
            self._spill()
        self._count += 1
        if self._count > self._limit:
            self._grow()
        return True

    def close(self) -> None:
        if self._log is not None:
            self._log.close()
            self._log = None

    # -- the key log --------------------------------------------------------------------------
    def _spill(self) -> None:
        if self._log is None:  # only once the keys pass 256 KiB: loaded then
            import tempfile

            self._log = tempfile.TemporaryFile(prefix="capeval-keys-")  # noqa: SIM115
        self._log.write(self._pending)
        self._log.flush()
        self._written += len(self._pending)
        self._pending.clear()

    def _read(self, offset: int, size: int) -> bytes:
        if offset >= self._written:
            start = offset - self._written
            return bytes(self._pending[start : start + size])
        assert self._log is not None
        return os.pread(self._log.fileno(), size, offset)

    def _key_at(self, offset: int) -> bytes:
        size = int.from_bytes(self._read(offset, _LENGTH_BYTES), "little")
        return self._read(offset + _LENGTH_BYTES, size)

    # -- growth -------------------------------------------------------------------------------
    def _allocate(self, bits: int) -> None:
        self._table = memoryview(bytearray(8 << bits)).cast("q")
        self._bits = bits
        self._shift = 64 - bits
        self._limit = int((1 << bits) * _MAX_LOAD)

    def _grow(self) -> None:
        """Double the table: re-insert the entries (their fragments hold the slot bits) or,
        past 2**28 slots, every key read back from the log."""
        old = self._table
        self._allocate(self._bits + 1)
        table, bits = self._table, self._bits
        mask = len(table) - 1
        shift = 64 - bits  # an entry's top bits are its hash's: its home slot
        if bits <= ENTRY_REHASH_BITS:
            # the occupied slots only (filter runs in C): most of a table is empty
            for entry in filter(None, old):
                slot = entry >> shift
                while table[slot]:
                    slot = (slot + 1) & mask
                table[slot] = entry
            return
        del old
        for offset, data in self._log_records():
            digest = hash(data)
            slot = digest >> shift
            while table[slot]:
                slot = (slot + 1) & mask
            table[slot] = digest & _FRAGMENT_FIELD | (offset + 1)

    def _log_records(self) -> Iterator[tuple[int, bytes]]:
        """(offset, key bytes) of every key in the log, in the order they were added."""
        carry = b""
        base = 0  # offset of carry[0] in the log
        if self._log is not None:
            fd = self._log.fileno()
            position = 0
            while position < self._written:
                chunk = os.pread(fd, min(_SPILL, self._written - position), position)
                position += len(chunk)
                carry, base = yield from _records(carry + chunk, base)
        carry, base = yield from _records(carry + bytes(self._pending), base)
        assert not carry, "key log ends inside a record"


def _records(buffer: bytes, base: int) -> Generator[tuple[int, bytes], None, tuple[bytes, int]]:
    """Yield (offset, data) of the whole records in ``buffer``; return (rest, its offset)."""
    position, end = 0, len(buffer)
    while position + _LENGTH_BYTES <= end:
        size = int.from_bytes(buffer[position : position + _LENGTH_BYTES], "little")
        stop = position + _LENGTH_BYTES + size
        if stop > end:
            break
        yield base + position, buffer[position + _LENGTH_BYTES : stop]
        position = stop
    return buffer[position:], base + position
