"""What the JSON-based readers share: parsing that keeps repeated keys, and key line numbers.

``json`` gives no positions, and a catalog's diagnostics should name the line. Objects are
parsed into ``Pairs`` (every key, in file order, repeats included); ``Lines`` then finds the
line of each key by searching its quoted form forward from the previous key's, which holds
because keys are visited in file order.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from capeval.catalogs import OnProblem


class Pairs(list):
    """A JSON object as its (key, value) pairs, in file order, repeats kept."""


def parse(data: bytes, on_problem: OnProblem) -> tuple[Any, str] | None:
    """The document (objects as ``Pairs``) and its text; None (reported) when it is not JSON."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        on_problem("catalog.malformed", line, f"not valid UTF-8: {exc.reason}")
        return None
    try:
        return json.loads(text, object_pairs_hook=Pairs), text
    except json.JSONDecodeError as exc:
        on_problem("catalog.malformed", exc.lineno, f"not valid JSON: {exc.msg}")
        return None
    except RecursionError:
        on_problem("catalog.malformed", None, "not valid JSON: nested too deeply")
        return None


def read_object(stream: Any, on_problem: OnProblem, what: str) -> tuple[Pairs, Lines] | None:
    """A catalog file that must be one JSON object: the object and its key lines; None
    (reported as ``catalog.malformed``, ``what`` saying what the file should be) otherwise."""
    parsed = parse(stream.read(), on_problem)
    if parsed is None:
        return None
    document, text = parsed
    if not isinstance(document, Pairs):
        on_problem("catalog.malformed", 1, what)
        return None
    return document, Lines(text)


class Lines:
    """Line numbers of keys, found in file order."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.position = 0
        self.line = 1

    def of_key(self, key: str) -> int | None:
        for quoted in (json.dumps(key, ensure_ascii=False), json.dumps(key)):
            start = self._find(quoted)
            if start is not None:
                self.line += self.text.count("\n", self.position, start)
                self.position = start + 1  # past it: a repeated key is found at its own line
                return self.line
        return None

    def _find(self, quoted: str) -> int | None:
        text = self.text
        start = text.find(quoted, self.position)
        while start != -1:
            after = start + len(quoted)
            while after < len(text) and text[after] in " \t\r\n":
                after += 1
            if after < len(text) and text[after] == ":":
                return start
            start = text.find(quoted, start + 1)
        return None


def members(pairs: Pairs, lines: Lines, where: str, on_problem: OnProblem) -> Iterator[tuple]:
    """(key, value, line) of an object's first occurrences; repeats are ``duplicate_key``.

    Lazy: a caller that descends into each value before asking for the next member keeps
    the line search in file order.
    """
    seen: dict[str, int | None] = {}
    for key, value in pairs:
        line = lines.of_key(key)
        if key in seen:
            first = seen[key]
            on_problem(
                "catalog.duplicate_key",
                line,
                f"key {where + key!r} repeats"
                + (f" the one of line {first}" if first else "")
                + "; the first is kept",
            )
            continue
        seen[key] = line
        yield key, value, line
