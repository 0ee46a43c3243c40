"""``cap-import --glossary FILE``: a glossary read, and the entries each case's source names.

A glossary is JSON Lines (one entry a line: ``{"source", "targets", "forbidden",
"case_sensitive", "locales"}``; ``target`` and ``locale`` are accepted for one value, other
keys ignored) or CSV (a header naming ``source`` and any of ``targets``/``target``,
``forbidden``, ``case_sensitive``, ``locales``/``locale``; several values in one field
separated by ``|``; other columns ignored). The file's suffix says which (``.jsonl``,
``.ndjson``, ``.csv``, ``.tsv`` with tabs); otherwise a first non-blank character ``{``
says JSON Lines. TBX is not read (no well-kept TBX reader: export the termbase as CSV).

A row that cannot be an entry is ``glossary.malformed`` at its line (the rest is read); an
entry whose source term, case sensitivity and locales repeat an earlier one's is
``glossary.duplicate`` (the first is kept). Each entry is checked against the ``terminology``
assertion's own entry schema, so what is read here is what a case may carry.

For a case, :meth:`Glossary.entries_for` gives the entries whose locales cover its target
and whose source term its source names (``capeval.terms``, as the assertion matches it), in
file order, at most ``MAX_PER_CASE``. An index of the terms' first letters keeps this to a
few matches per source word, however long the glossary.
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Callable
from typing import Any

import orjson
import regex

from capeval import terms
from capeval.assertions import nfc
from capeval.cli import UsageError
from capeval.limits import MAX_GLOSSARY_BYTES

# The terminology assertion's params take at most this many entries (its schema's maxItems).
MAX_PER_CASE = 500
_KEY_CHARS = 4  # an entry is indexed by its term's first letters
_SOURCE_WORD = regex.compile(r"[\p{L}\p{N}\p{M}]+")
_FIELDS = ("source", "targets", "forbidden", "case_sensitive", "locales")
_ALIASES = {"target": "targets", "locale": "locales"}
_TRUE = {"true", "yes", "1", "y"}
_FALSE = {"false", "no", "0", "n", ""}

Problem = Callable[[str, int, str], None]  # (code, line, message)


class Glossary:
    def __init__(self, entries: list[dict[str, Any]]) -> None:
        self.entries = entries
        self.tally: dict[str, int] = {"applied": 0}  # cases given a terminology assertion
        self._index: dict[str, list[int]] = {}
        self._always: list[int] = []  # terms whose first word cannot be indexed (CJK, ".NET")
        for number, entry in enumerate(entries):
            word = entry["source"].split()[0].rstrip("*").casefold()
            if not word[:1].isalnum() or _no_space(word):
                self._always.append(number)
            else:
                self._index.setdefault(word[:_KEY_CHARS], []).append(number)

    def entries_for(
        self,
        source: str,
        target_locale: str,
        params: dict[str, Any] | None = None,
        source_locale: str = "en",
    ) -> list[dict[str, Any]]:
        """The entries ``source`` names that are for ``target_locale`` (file order), its
        terms matched as the terminology assertion matches them (``params``: its params)."""
        from capeval.assertions.terminology import source_suffix_for

        params = params or {}
        default_case = params.get("case_sensitive", False) is True
        suffix = source_suffix_for(params, source_locale)
        text = terms.prose(nfc(source))
        numbers = set(self._always)
        for word in {w.casefold() for w in _SOURCE_WORD.findall(text)}:
            for size in range(1, min(len(word), _KEY_CHARS) + 1):
                numbers.update(self._index.get(word[:size], ()))
        found = []
        for number in sorted(numbers):
            entry = self.entries[number]
            if not terms.locale_matches(entry.get("locales"), target_locale):
                continue
            case_sensitive = entry.get("case_sensitive", default_case) is True
            if terms.first(entry["source"], text, case_sensitive, suffix):
                found.append(entry)
                if len(found) == MAX_PER_CASE:
                    break
        return found


def _no_space(word: str) -> bool:
    return any(terms.no_space(char) for char in word)


def load(path: str, on_problem: Problem) -> tuple[Glossary, int, int]:
    """The glossary of ``path``, how many rows were read and how many were refused.
    A file that cannot be read at all is a usage error."""
    lowered = path.lower()
    if lowered.endswith(".tbx"):
        raise UsageError(
            f"--glossary {path}: TBX is not read; export the termbase as CSV or JSON Lines"
        )
    try:
        if os.path.getsize(path) > MAX_GLOSSARY_BYTES:
            raise UsageError(f"--glossary {path} is larger than {MAX_GLOSSARY_BYTES} bytes")
        with open(path, "rb") as stream:
            data = stream.read(MAX_GLOSSARY_BYTES + 1)
    except OSError as exc:
        raise UsageError(f"cannot read --glossary {path}: {exc.strerror}") from exc
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageError(f"--glossary {path} is not UTF-8 (byte {exc.start})") from None
    if lowered.endswith((".jsonl", ".ndjson")):
        rows = _jsonl_rows(text)
    elif lowered.endswith((".csv", ".tsv")):
        rows = _csv_rows(text, "\t" if lowered.endswith(".tsv") else ",", path)
    elif text.lstrip()[:1] == "{":
        rows = _jsonl_rows(text)
    else:
        rows = _csv_rows(text, ",", path)
    return _entries(rows, on_problem)


def _jsonl_rows(text: str) -> list[tuple[int, Any]]:
    """(line, the row's object, or why it is none) for each non-blank line."""
    rows: list[tuple[int, Any]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            value = orjson.loads(line)
        except orjson.JSONDecodeError as exc:
            rows.append((number, f"not JSON: {exc}"))
            continue
        rows.append((number, value if isinstance(value, dict) else "not a JSON object"))
    return rows


def _csv_rows(text: str, delimiter: str, path: str) -> list[tuple[int, Any]]:
    """(line, the row's fields by header name, or why it has none) for each non-blank row
    after the header."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    header: list[str] | None = None
    rows: list[tuple[int, Any]] = []
    while True:
        line = reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            rows.append((line, f"not CSV: {exc}"))
            continue
        if not any(cell.strip() for cell in row):
            continue
        if header is None:
            header = [_ALIASES.get(h, h) for h in (cell.strip().lower() for cell in row)]
            if "source" not in header:
                raise UsageError(f"--glossary {path}: the CSV header names no 'source' column")
            continue
        if len(row) > len(header):
            rows.append((line, f"{len(row)} fields where the header has {len(header)}"))
            continue
        record: dict[str, Any] = {}
        for name, cell in zip(header, row, strict=False):
            if name not in _FIELDS or not cell.strip():
                continue
            if name in ("targets", "forbidden", "locales"):
                record[name] = [v.strip() for v in cell.split("|") if v.strip()]
            elif name == "case_sensitive":
                flag = cell.strip().lower()
                record[name] = flag in _TRUE if flag in _TRUE | _FALSE else cell
            else:
                record[name] = cell.strip()
        rows.append((line, record))
    return rows


def _entries(rows: list[tuple[int, Any]], on_problem: Problem) -> tuple[Glossary, int, int]:
    from capeval.assertions.terminology import ENTRY, entry_problems

    validate = _validator(ENTRY)
    entries: list[dict[str, Any]] = []
    seen: dict[tuple, int] = {}
    refused = 0
    for line, row in rows:
        if isinstance(row, str):  # a line that could not be read
            on_problem("glossary.malformed", line, row)
            refused += 1
            continue
        entry = _entry(row)
        problem = _schema_problem(validate, entry) or next(iter(entry_problems(entry)), None)
        if problem is not None:
            on_problem("glossary.malformed", line, problem)
            refused += 1
            continue
        case_sensitive = entry.get("case_sensitive", False)
        term = entry["source"] if case_sensitive else entry["source"].casefold()
        key = (" ".join(term.split()), case_sensitive, tuple(sorted(entry.get("locales", ()))))
        if key in seen:
            on_problem(
                "glossary.duplicate",
                line,
                f"{entry['source']!r} repeats the entry of line {seen[key]} (that one is kept)",
            )
            continue
        seen[key] = line
        entries.append(entry)
    return Glossary(entries), len(rows), refused


def _entry(row: dict[str, Any]) -> dict[str, Any]:
    """The row's entry fields, in the assertion's order and shape (aliases resolved, one
    value made a list, texts NFC)."""
    for alias, name in _ALIASES.items():
        if alias in row and name not in row:
            row = {**row, name: row[alias]}
    entry: dict[str, Any] = {}
    for name in _FIELDS:
        if name not in row:
            continue
        value = row[name]
        if name in ("targets", "forbidden", "locales") and isinstance(value, str):
            value = [value]
        if isinstance(value, str):
            value = nfc(value)
        elif isinstance(value, list):
            value = [nfc(v) if isinstance(v, str) else v for v in value]
        entry[name] = value
    return entry


def _validator(schema: dict[str, Any]) -> Callable[[Any], Any]:
    import fastjsonschema

    return fastjsonschema.compile(schema)


def _schema_problem(validate: Callable[[Any], Any], entry: dict[str, Any]) -> str | None:
    import fastjsonschema

    try:
        validate(entry)
    except fastjsonschema.JsonSchemaValueException as exc:
        return exc.message.replace("data.", "", 1).replace("data ", "the entry ", 1)
    return None
