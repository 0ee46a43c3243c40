"""Flutter ARB (Application Resource Bundle): JSON of ICU messages with ``@key`` metadata.

``"key": "Hello {name}"`` is a message (ICU MessageFormat, plurals inline); ``"@key":
{"description": …, "placeholders": …}`` its metadata (the description is the note);
``"@@locale"`` the catalog's locale. A value that is not text is ``catalog.malformed``; a
repeated key ``catalog.duplicate_key``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO

from capeval.catalogs import ICU, CatalogInfo, Message, OnProblem, suffix
from capeval.catalogs._jsontree import Pairs, members, read_object

NAME = "arb"
BILINGUAL = False


def detect(path: str, head: bytes) -> bool:
    return suffix(path) == "arb"


def read(
    path: str, stream: BinaryIO, on_problem: OnProblem, info: CatalogInfo
) -> Iterator[Message]:
    found = read_object(stream, on_problem, "an ARB file is a JSON object")
    if found is None:
        return
    document, lines = found
    messages: list[Message] = []
    notes: dict[str, str] = {}
    for key, value, line in members(document, lines, "", on_problem):
        if key.startswith("@@"):
            if key == "@@locale" and isinstance(value, str):
                info.locale = value
            continue
        if key.startswith("@"):
            description = dict(value).get("description") if isinstance(value, Pairs) else None
            if isinstance(description, str):
                notes[key[1:]] = description
            continue
        if not isinstance(value, str):
            on_problem("catalog.malformed", line, f"key {key!r} does not hold text; skipped")
            continue
        messages.append(Message(key, value, path, line, dialect=ICU))
    for message in messages:
        message.note = notes.get(message.key)
        yield message
