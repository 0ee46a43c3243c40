"""JSON catalogs: flat and nested key → text (i18next, vue-i18n), and FormatJS message objects.

* **Keys**: nested objects are joined with ``.`` (``{"menu": {"open": "Open"}}`` → ``menu.open``);
  array items by index (``list.0``).
* **Plurals** (i18next): ``key_one``/``key_other`` (v4, any CLDR category ``zero one two few
  many other``, and ``key_ordinal_one``… for ordinals) and ``key``/``key_plural`` (v3) form
  one message ``key`` whose ``plurals`` are keyed by category. A suffix without its ``_other``
  sibling is an ordinary key. So does an object of categories with ``other`` among them, every
  one text (``{"room": {"one": "%(count)s room", "other": "%(count)s rooms"}}``).
* **Descriptions** (Docusaurus): ``key___DESCRIPTION`` beside ``key`` is its note.
* **Message objects**: a value with a string ``defaultMessage`` (FormatJS extraction),
  ``message`` (Chrome/FormatJS ``simple``) or ``string`` (structured JSON) is one message, its
  ``description`` the note. FormatJS messages are ICU.
* **Dialect** by content: ``{{name}}`` or ``$t(key)`` → i18next; an ICU ``plural``/``select``/
  typed argument → ICU; otherwise auto (``{name}`` brace fields, as vue-i18n writes them).

A file that is not valid JSON is one ``catalog.malformed`` with the line of the error (JSON has
no way to resynchronise after one); a value that is not text is ``catalog.malformed`` and
skipped; a repeated key is ``catalog.duplicate_key`` (the first is kept).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, BinaryIO

from capeval.catalogs import AUTO, I18NEXT, ICU, CatalogInfo, Message, OnProblem, suffix
from capeval.catalogs._jsontree import Lines, Pairs, members, read_object
from capeval.jsonl import json_type
from capeval.plurals import CATEGORIES

NAME = "json"
BILINGUAL = False

_PLURAL_KEY = re.compile(rf"^(?P<base>.+)_(?P<category>{'|'.join(CATEGORIES)})$")
_ICU_ARGUMENT = re.compile(
    r"\{\s*[\w.-]+\s*,\s*(?:plural|select|selectordinal|number|date|time|spellout|ordinal)\b"
)
_MESSAGE_FIELDS = ("defaultMessage", "message", "string")
_DESCRIPTION = "___DESCRIPTION"


def detect(path: str, head: bytes) -> bool:
    return suffix(path) == "json"


def read(
    path: str, stream: BinaryIO, on_problem: OnProblem, info: CatalogInfo
) -> Iterator[Message]:
    found = read_object(stream, on_problem, "a JSON catalog is an object of keys")
    if found is None:
        return
    document, lines = found
    yield from _object(document, "", lines, path, on_problem)


def dialect_of(texts: list[str], default: str = AUTO) -> str:
    """The placeholder dialect a message's texts are written in."""
    joined = "\n".join(texts)
    if "{{" in joined or "$t(" in joined:
        return I18NEXT
    if _ICU_ARGUMENT.search(joined):
        return ICU
    return default


def _object(
    pairs: Pairs, prefix: str, lines: Lines, path: str, on_problem: OnProblem
) -> Iterator[Message]:
    leaves: list[tuple[str, str, int | None]] = []  # texts of this level, grouped at the end
    nested: list[Message] = []
    order: list[Any] = []  # leaves' keys and nested messages, in file order
    for key, value, line in members(pairs, lines, prefix, on_problem):
        full = prefix + key
        if isinstance(value, str):
            leaves.append((key, value, line))
            order.append(key)
        elif isinstance(value, Pairs):
            message = _message_object(value, full, line, path) or _plural_object(
                value, full, line, path
            )
            found = (
                [message] if message else list(_object(value, full + ".", lines, path, on_problem))
            )
            nested.extend(found)
            order.extend(found)
        elif isinstance(value, list):
            found = list(_array(value, full, line, lines, path, on_problem))
            nested.extend(found)
            order.extend(found)
        else:
            on_problem(
                "catalog.malformed",
                line,
                f"key {full!r} holds {json_type(value)}, not text; skipped",
            )
    yield from _grouped(leaves, order, prefix, path)


def _array(
    items: list, key: str, line: int | None, lines: Lines, path: str, on_problem: OnProblem
) -> Iterator[Message]:
    for index, item in enumerate(items):
        full = f"{key}.{index}"
        if isinstance(item, str):
            yield Message(full, item, path, line, dialect=dialect_of([item]))
        elif isinstance(item, Pairs):
            yield from _object(item, full + ".", lines, path, on_problem)
        else:
            on_problem("catalog.malformed", line, f"{full!r} holds {json_type(item)}; skipped")


def _message_object(pairs: Pairs, key: str, line: int | None, path: str) -> Message | None:
    fields = dict(pairs)
    for name in _MESSAGE_FIELDS:
        text = fields.get(name)
        if isinstance(text, str):
            note = fields.get("description")
            formatjs = name == "defaultMessage"
            return Message(
                key,
                text,
                path,
                line,
                note=note if isinstance(note, str) else None,
                dialect=ICU if formatjs else dialect_of([text]),
            )
    return None


def _plural_object(pairs: Pairs, key: str, line: int | None, path: str) -> Message | None:
    """An object of CLDR categories with an ``other`` among them, every one text
    (``{"one": "%(count)s room", "other": "%(count)s rooms"}``): one plural message."""
    fields = dict(pairs)
    if (
        "other" not in fields
        or len(fields) != len(pairs)
        or not all(name in CATEGORIES and isinstance(t, str) for name, t in fields.items())
    ):
        return None
    plurals = {category: fields[category] for category in CATEGORIES if category in fields}
    return Message(
        key,
        plurals["other"],
        path,
        line,
        plurals=plurals,
        dialect=dialect_of(list(plurals.values())),
    )


def _grouped(
    leaves: list[tuple[str, str, int | None]], order: list[Any], prefix: str, path: str
) -> Iterator[Message]:
    texts = {key: (text, line) for key, text, line in leaves}
    # Docusaurus: "key___DESCRIPTION" beside "key" is the key's description, not a message
    notes = {
        key[: -len(_DESCRIPTION)]: texts.pop(key)[0]
        for key in list(texts)
        if key.endswith(_DESCRIPTION) and key[: -len(_DESCRIPTION)] in texts
    }
    order = [item for item in order if not isinstance(item, str) or item in texts]
    groups: dict[str, dict[str, str]] = {}  # base -> category -> text
    member_of: dict[str, str] = {}
    for key in texts:
        found = _PLURAL_KEY.match(key)
        if found and f"{found['base']}_other" in texts:
            groups.setdefault(found["base"], {})[found["category"]] = key
            member_of[key] = found["base"]
        elif key.endswith("_plural") and key[: -len("_plural")] in texts:
            base = key[: -len("_plural")]  # i18next v3: key / key_plural
            groups.setdefault(base, {})["other"] = key
            member_of[key] = base
    for base, forms in groups.items():
        if base in texts and "one" not in forms and base not in member_of:
            forms["one"] = base
            member_of[base] = base
    done: set[str] = set()
    for item in order:
        if isinstance(item, Message):
            yield item
            continue
        base = member_of.get(item)
        if base is None:
            text, line = texts[item]
            yield Message(
                prefix + item, text, path, line, dialect=dialect_of([text]), note=notes.get(item)
            )
            continue
        if base in done:
            continue
        done.add(base)
        forms = groups[base]
        plurals = {
            category: texts[forms[category]][0] for category in CATEGORIES if category in forms
        }
        first_line = min(
            (texts[key][1] for key in forms.values() if texts[key][1] is not None), default=None
        )
        flags = frozenset({"ordinal"}) if base.endswith("_ordinal") else frozenset()
        yield Message(
            prefix + base,
            plurals.get("other", ""),
            path,
            first_line,
            plurals=plurals,
            flags=flags,
            dialect=dialect_of(list(plurals.values())),
        )
