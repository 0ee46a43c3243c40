"""Stable case ids: the id lock of ``--lock PATH`` / ``--update-lock``.

The lock file is a JSON object ``{id: "sha256:<hex>"}`` with sorted keys, one entry per line
(so a review diff shows exactly the ids added). The hash is taken over the sorted-key compact
JSON of a case's *meaning*::

    {"assertions", "context.max_chars", "references", "required_tokens", "source",
     "source_locale", "target_locale"}

with the review protocol's defaults filled in (``required_tokens`` and ``references`` ``[]``,
``context.max_chars`` ``null``, an assertion's empty ``params`` dropped), so writing a default
out explicitly does not change a case's meaning. Everything else (``domain``, ``tags``,
``difficulty``, ``provenance``, ``x-*``) may change without a new id.

* a known id whose hash differs is ``id.reused`` (a changed case needs a new id);
* an id not in the lock is ``id.unlocked`` (warning), unless ``--update-lock`` records it;
* the lock is append-only: an entry is never rewritten or removed (a retired id stays
  reserved), and the file is written once, at the end, through a temporary file;
* runs updating one lock at once (a CI matrix) each add their ids: the lock is read again
  and merged under an exclusive ``flock`` of its folder (``merge_into_file``), so no run's
  ids are lost. An id another run locked meanwhile to another meaning keeps that entry and
  is reported as ``id.reused``.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Iterator
from typing import Any

from capeval.jsonl import dumps_sorted

ID_REUSED = "id.reused"
ID_UNLOCKED = "id.unlocked"

_PREFIX = "sha256:"


class LockError(ValueError):
    """The lock file is not a JSON object of id → "sha256:<hex>" (a usage error)."""


def meaning(case: dict[str, Any]) -> dict[str, Any]:
    """The fields that define what a case means, with defaults made explicit."""
    context = case.get("context")
    assertions = []
    for assertion in case.get("assertions", []):
        if isinstance(assertion, dict) and assertion.get("params") == {}:
            assertion = {k: v for k, v in assertion.items() if k != "params"}
        assertions.append(assertion)
    return {
        "assertions": assertions,
        "context.max_chars": context.get("max_chars") if isinstance(context, dict) else None,
        "references": case.get("references", []),
        "required_tokens": case.get("required_tokens", []),
        "source": case.get("source"),
        "source_locale": case.get("source_locale"),
        "target_locale": case.get("target_locale"),
    }


def meaning_hash(case: dict[str, Any]) -> str:
    """``sha256:<hex>`` of the sorted-key compact JSON of ``meaning(case)``."""
    return _PREFIX + hashlib.sha256(dumps_sorted(meaning(case))).hexdigest()


class IdLock:
    """The lock entries of one run, and the ids this run adds."""

    def __init__(self, path: str, entries: dict[str, str], update: bool, exists: bool) -> None:
        self.path = path
        self.entries = entries
        self.update = update
        self.exists = exists
        self.added: dict[str, str] = {}

    @classmethod
    def load(cls, path: str, update: bool) -> IdLock:
        """Read the lock at ``path``; a missing file is an empty lock only with ``update``.

        Raises ``OSError`` when the file cannot be read and ``LockError`` when it is malformed.
        """
        try:
            with open(path, "rb") as stream:
                data = stream.read()
        except FileNotFoundError:
            if update:
                return cls(path, {}, update, exists=False)
            raise
        try:
            entries = (
                json.loads(data.decode("utf-8"), object_pairs_hook=_unique_pairs)
                if data.strip()
                else {}
            )
        except _RepeatedId as exc:  # the last of a repeated id would win silently
            raise LockError(f"{path}: id {exc.args[0]!r} is locked twice") from None
        except (UnicodeDecodeError, ValueError, RecursionError) as exc:
            raise LockError(f"{path}: not a JSON object: {exc}") from None
        if not isinstance(entries, dict) or not all(
            isinstance(key, str) and isinstance(value, str) and value.startswith(_PREFIX)
            for key, value in entries.items()
        ):
            raise LockError(f'{path}: must be a JSON object of id -> "sha256:<hex>"')
        return cls(path, entries, update, exists=True)

    def check(self, case_id: str, digest: str) -> tuple[str, str] | None:
        """(code, message) when ``case_id`` with meaning ``digest`` breaks the lock."""
        locked = self.entries.get(case_id)
        if locked is None:
            locked = self.added.get(case_id)
        if locked is None:
            if self.update:
                return None
            return (
                ID_UNLOCKED,
                f"id is not in the lock {self.path} (record it with --update-lock)",
            )
        if locked != digest:
            return (
                ID_REUSED,
                f"id is locked to another meaning in {self.path}: a changed case needs a new id",
            )
        return None

    def record(self, case_id: str, digest: str) -> None:
        """Remember an accepted case's id (only new ids, only with ``--update-lock``)."""
        if self.update and case_id not in self.entries and case_id not in self.added:
            self.added[case_id] = digest

    def needs_writing(self) -> bool:
        return self.update and (bool(self.added) or not self.exists)

    def text(self) -> str:
        """The new lock file: every old entry unchanged plus the added ones, sorted."""
        merged = {**self.added, **self.entries}
        return json.dumps(merged, sort_keys=True, indent=2, ensure_ascii=False) + "\n"

    def merge_into_file(self, write: Any) -> list[str]:
        """Read the lock again, add this run's ids to it and ``write(text)`` it, all under an
        exclusive lock of the folder; the ids another run locked meanwhile to another meaning
        (kept as they are)."""
        with _locked_folder(self.path):
            try:
                current = IdLock.load(self.path, update=True).entries
            except (OSError, LockError):
                current = self.entries
            conflicts = [
                case_id
                for case_id, digest in self.added.items()
                if current.get(case_id, digest) != digest
            ]
            self.entries = {**self.entries, **current}
            self.added = {k: v for k, v in self.added.items() if k not in current}
            write(self.text())
        return conflicts


@contextlib.contextmanager
def _locked_folder(path: str) -> Iterator[None]:
    """An exclusive ``flock`` of the folder holding the lock file (the file itself is replaced
    by a rename, so its inode cannot carry the lock); without ``flock`` (a filesystem that
    lacks it) the write goes on unlocked, as before."""
    folder = os.path.dirname(os.path.abspath(os.path.realpath(path)))
    try:
        import fcntl

        fd = os.open(folder, os.O_RDONLY)
    except (ImportError, OSError):
        yield
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:
            pass
        yield
    finally:
        os.close(fd)  # closing releases the lock


class _RepeatedId(ValueError):
    """A key repeats in one object of the lock file."""


def _unique_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _RepeatedId(key)
            seen.add(key)
    return found
