"""Apple ``.strings`` files: ``"key" = "value";`` pairs with C comments.

Read as UTF-16 when the file starts with its BOM (as Xcode writes them), else UTF-8. Keys and
values are quoted strings with the escapes ``\\" \\\\ \\n \\t \\r \\0`` and ``\\Uxxxx``; an
unquoted word (``key = value;``) is allowed as the old plist format does. The comment just
before a pair is its note. A pair that cannot be read is ``catalog.malformed`` at its line and
reading resumes after the next ``;``. Texts are Apple format strings: printf with ``%@``.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from typing import BinaryIO

from capeval.catalogs import PRINTF, CatalogInfo, Message, OnProblem, suffix

NAME = "strings"
BILINGUAL = False

_TOKEN = re.compile(
    r"""
    (?P<space>\s+)
  | (?P<block>/\*.*?\*/)
  | (?P<line>//[^\n]*)
  | (?P<string>"(?:[^"\\]|\\.)*")
  | (?P<word>[A-Za-z0-9_.$:/-]+)
  | (?P<punct>[=;])
  | (?P<other>.)
    """,
    re.VERBOSE | re.DOTALL,
)
_ESCAPE = re.compile(r"\\(U[0-9A-Fa-f]{4}|u[0-9A-Fa-f]{4}|.)", re.DOTALL)
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0"}


def detect(path: str, head: bytes) -> bool:
    return suffix(path) == "strings"


def decode_bytes(data: bytes) -> str:
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16")
    return data.decode("utf-8-sig", errors="replace")


def read(
    path: str, stream: BinaryIO, on_problem: OnProblem, info: CatalogInfo
) -> Iterator[Message]:
    text = decode_bytes(stream.read())
    line = 1
    note: str | None = None
    pending: list[tuple[str, str, int]] = []  # (kind, value, line) of the pair being read
    for token in _TOKEN.finditer(text):
        kind = token.lastgroup
        value = token.group()
        if kind in ("space", "block", "line"):
            if kind != "space":
                note = _comment(value)
            line += value.count("\n")
            continue
        if kind == "punct" and value == ";":
            message = _pair(pending, path, note, on_problem)
            if message is not None:
                yield message
            pending, note = [], None
            continue
        pending.append((kind or "other", value, line))
        line += value.count("\n")
    if pending:
        on_problem("catalog.malformed", pending[0][2], "the last pair has no ';'")


def _pair(
    tokens: list[tuple[str, str, int]], path: str, note: str | None, on_problem: OnProblem
) -> Message | None:
    shapes = [kind for kind, _, _ in tokens]
    if (
        len(tokens) == 3
        and shapes[1] == "punct"
        and all(s in ("string", "word") for s in shapes[::2])
    ):
        key, value = _unquote(tokens[0][1]), _unquote(tokens[2][1])
        return Message(key, value, path, tokens[0][2], dialect=PRINTF, note=note)
    where = tokens[0][2] if tokens else None
    on_problem("catalog.malformed", where, 'expected "key" = "value";')
    return None


def _unquote(token: str) -> str:
    if not token.startswith('"'):
        return token
    return _ESCAPE.sub(_escape, token[1:-1])


def _escape(found: re.Match[str]) -> str:
    escaped = found.group(1)
    if len(escaped) == 5 and escaped[0] in "Uu":
        return chr(int(escaped[1:], 16))
    return _ESCAPES.get(escaped, escaped)


def _comment(token: str) -> str | None:
    body = token[2:-2] if token.startswith("/*") else token[2:]
    return body.strip() or None
