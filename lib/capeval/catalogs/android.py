"""Android string resources (``res/values*/strings.xml``).

``<string name>`` is a message; ``<plurals name>`` one message whose ``<item quantity>``s are
its plural forms (CLDR categories); ``<string-array name>`` one message per ``<item>``
(``name.0``, ``name.1``…). ``translatable="false"`` resources are skipped. Text is decoded as
Android does: CDATA is text, ``\\'`` ``\\"`` ``\\@`` ``\\?`` ``\\n`` ``\\t`` ``\\uXXXX`` are
escapes, whitespace runs collapse to one space except inside double quotes, which are removed.
Markup inside a string (``<b>``) is kept as written; ``<xliff:g>`` keeps only its content.
Texts are printf format strings (``%1$s``, ``%d``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import BinaryIO

from capeval.catalogs import PRINTF, CatalogInfo, Message, OnProblem, suffix
from capeval.catalogs._xmltree import Node, document_element, parse

NAME = "android"
BILINGUAL = False

_ESCAPE = re.compile(r"\\(u[0-9A-Fa-f]{4}|.)", re.DOTALL)
_SIMPLE_ESCAPES = {"n": "\n", "t": "\t"}
_SPACES = re.compile(r"[ \t\r\n]+")


def detect(path: str, head: bytes) -> bool:
    return suffix(path) == "xml" and b"<resources" in head


def read(
    path: str, stream: BinaryIO, on_problem: OnProblem, info: CatalogInfo
) -> Iterator[Message]:
    root = document_element(parse(stream.read(), on_problem))
    if root is None or root.tag != "resources":
        if root is not None:
            on_problem("catalog.malformed", root.line, "an Android resource file is <resources>")
        return
    for element in root.elements():
        name = element.attrs.get("name")
        if element.tag not in ("string", "plurals", "string-array") or not element.complete:
            continue
        if not name:
            on_problem("catalog.malformed", element.line, f"<{element.tag}> has no name")
            continue
        if element.attrs.get("translatable") == "false":
            continue
        if element.tag == "string":
            yield Message(name, decode(element), path, element.line, dialect=PRINTF)
        elif element.tag == "plurals":
            forms = {}
            for item in element.elements("item"):
                quantity = item.attrs.get("quantity")
                if quantity is None:
                    on_problem("catalog.malformed", item.line, f"{name}: <item> has no quantity")
                    continue
                forms[quantity] = decode(item)
            yield Message(
                name, forms.get("other", ""), path, element.line, plurals=forms, dialect=PRINTF
            )
        else:
            for index, item in enumerate(element.elements("item")):
                yield Message(f"{name}.{index}", decode(item), path, item.line, dialect=PRINTF)


def decode(element: Node) -> str:
    """A resource's text as the app sees it."""
    return unescape(_inner(element))


def _inner(element: Node) -> str:
    parts = []
    for child in element.children:
        if isinstance(child, str):
            parts.append(child)
        elif child.tag == "g" and child.qname.startswith("xliff:"):
            parts.append(_inner(child))
        else:
            attrs = "".join(f' {key}="{value}"' for key, value in child.attrs.items())
            parts.append(f"<{child.qname}{attrs}>{_inner(child)}</{child.qname}>")
    return "".join(parts)


def unescape(raw: str) -> str:
    """Android's string decoding: quotes, escapes and whitespace."""
    out = []
    quoted = False
    position = 0
    length = len(raw)
    while position < length:
        char = raw[position]
        if char == "\\" and position + 1 < length:
            found = _ESCAPE.match(raw, position)
            assert found is not None
            escaped = found.group(1)
            if escaped.startswith("u") and len(escaped) == 5:
                out.append(chr(int(escaped[1:], 16)))
            else:
                out.append(_SIMPLE_ESCAPES.get(escaped, escaped))
            position = found.end()
            continue
        if char == '"':
            quoted = not quoted
        elif not quoted and char in " \t\r\n":
            end = position
            while end < length and raw[end] in " \t\r\n":
                end += 1
            out.append(" ")
            position = end
            continue
        else:
            out.append(char)
        position += 1
    text = "".join(out)
    return text.strip(" ") if '"' not in raw else text
