"""The locked split of ``--locked PATH`` (the contract, the source protocol): ``locked.leak``.

Locked cases must never reach prompt composition, so a case read from the inputs that shares
an id, or a normalised source text (NFKC, casefolded, whitespace collapsed), with a locked case
is a leak. Records read from inside the locked path itself are exempt, so the whole suite can
be validated in one run.

``PATH`` is a JSON Lines file or a folder, searched recursively for ``*.jsonl`` files (sorted,
so the run is deterministic). Only EvalCase-shaped records (``id`` and ``source`` strings) are
taken from it; other records and malformed lines of the locked files are reported by the
chassis as diagnostics of that file. An empty source is never a leak: it carries no content.
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Iterable
from typing import Any


def normalized_source(text: str) -> str:
    """NFKC, casefolded, runs of whitespace collapsed to one space, trimmed."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def locked_files(path: str) -> list[str]:
    """The JSONL files of the locked split (``path`` itself when it is a file)."""
    if not os.path.isdir(path):
        return [path]
    found = []
    for folder, dirs, files in os.walk(path):
        dirs.sort()
        found.extend(
            os.path.join(folder, name) for name in sorted(files) if name.endswith(".jsonl")
        )
    return found


class LockedSplit:
    """Ids and normalised sources of the locked cases, and where they were read from."""

    def __init__(self, path: str) -> None:
        self.root = os.path.realpath(path)
        self.is_dir = os.path.isdir(path)
        self.ids: dict[str, str] = {}  # id -> locked file
        self.sources: dict[str, str] = {}  # normalised source -> locked id

    def add(self, record: dict[str, Any], file: str) -> None:
        case_id, source = record.get("id"), record.get("source")
        if not isinstance(case_id, str) or not isinstance(source, str):
            return
        self.ids.setdefault(case_id, file)
        key = normalized_source(source)
        if key:
            self.sources.setdefault(key, case_id)

    def add_all(self, records: Iterable[dict[str, Any]], file: str) -> None:
        for record in records:
            self.add(record, file)

    def is_inside(self, input_path: str | None) -> bool:
        """True when ``input_path`` is the locked file or lies inside the locked folder."""
        if input_path is None:
            return False
        real = os.path.realpath(input_path)
        if not self.is_dir:
            return real == self.root
        return real == self.root or real.startswith(self.root + os.sep)

    def leak(self, case: dict[str, Any]) -> str | None:
        """Why ``case`` leaks the locked split, or None."""
        case_id = case.get("id")
        if case_id in self.ids:
            return f"id is also a locked case ({self.ids[case_id]})"
        source = case.get("source")
        if isinstance(source, str) and self.sources:
            other = self.sources.get(normalized_source(source))
            if other is not None:
                return f"source text is the same as locked case {other}"
        return None
