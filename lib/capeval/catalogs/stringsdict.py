"""Apple ``.stringsdict`` files: plural rules in a property list (XML, read safely).

``<dict>`` of key → ``{NSStringLocalizedFormatKey: "%#@files@ in %@", files:
{NSStringFormatSpecTypeKey: NSStringPluralRuleType, NSStringFormatValueTypeKey: "d",
zero/one/two/few/many/other: …}}``. Each key is one message whose plural forms are its first
variable's forms put into the format key (other variables get their ``other`` form); the
text is the ``other`` form. Texts are Apple format strings: printf with ``%@``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, BinaryIO

from capeval.catalogs import PRINTF, CatalogInfo, Message, OnProblem, suffix
from capeval.catalogs._xmltree import Node, document_element, parse
from capeval.plurals import CATEGORIES

NAME = "stringsdict"
BILINGUAL = False

_VARIABLE = re.compile(r"%(?:[1-9][0-9]*\$)?#@([^@]+)@")
_FORMAT_KEY = "NSStringLocalizedFormatKey"


def detect(path: str, head: bytes) -> bool:
    return suffix(path) == "stringsdict"


def read(
    path: str, stream: BinaryIO, on_problem: OnProblem, info: CatalogInfo
) -> Iterator[Message]:
    root = document_element(parse(stream.read(), on_problem))
    if root is None:
        return
    top = root.first("dict") if root.tag == "plist" else None
    if top is None:
        on_problem("catalog.malformed", root.line, "a stringsdict is a <plist> with a <dict>")
        return
    for key, value, line in _items(top):
        if not isinstance(value, dict) or not isinstance(value.get(_FORMAT_KEY), str):
            on_problem("catalog.malformed", line, f"{key!r} has no {_FORMAT_KEY} string")
            continue
        format_key = value[_FORMAT_KEY]
        variables = _VARIABLE.findall(format_key)
        rules = [value.get(name) for name in variables]
        if not variables or not all(isinstance(rule, dict) for rule in rules):
            on_problem("catalog.malformed", line, f"{key!r}: a %#@variable@ has no rule dict")
            continue
        first, *others = variables
        forms = {}
        for category in CATEGORIES:
            form = value[first].get(category)
            if isinstance(form, str):
                forms[category] = _substitute(format_key, first, form, value, others)
        yield Message(
            key, forms.get("other", format_key), path, line, plurals=forms, dialect=PRINTF
        )


def _substitute(format_key: str, first: str, form: str, value: dict, others: list[str]) -> str:
    def replace(found: re.Match[str]) -> str:
        name = found.group(1)
        if name == first:
            return form
        other = value.get(name, {}).get("other") if name in others else None
        return other if isinstance(other, str) else found.group()

    return _VARIABLE.sub(replace, format_key)


def _items(node: Node) -> Iterator[tuple[str, Any, int | None]]:
    """(key, value, line) of a plist <dict>, values as Python objects."""
    pending: Node | None = None
    for child in node.elements():
        if child.tag == "key":
            pending = child
        elif pending is not None and child.complete:
            yield pending.text(), _value(child), pending.line
            pending = None


def _value(node: Node) -> Any:
    if node.tag == "dict":
        return {key: value for key, value, _ in _items(node)}
    if node.tag == "array":
        return [_value(child) for child in node.elements()]
    return node.text()
