"""XLIFF 1.2 and 2.x: bilingual files of ``<source>``/``<target>`` pairs.

* 1.2: ``<file source-language target-language original>`` › (``<group>``) › ``<trans-unit
  id resname>`` with ``<source>``, ``<target state>``, ``<note>``; a ``needs-*`` or ``new``
  target state is the ``fuzzy`` flag.
* 2.x: ``<xliff srcLang trgLang>`` › ``<file>`` › (``<group>``) › ``<unit id>`` › ``<segment>``
  (and ``<ignorable>``) with ``<source>``/``<target>``; a unit's segments are joined.

The key is the unit's ``resname`` or ``id``; the context the ``<file>``'s ``original``/``id``
when the document has several files. Inline elements are placeholders by their ids, written
into the text as tags the ``xml`` placeholder preset reads: ``<x id="1"/>``, ``<ph id="1"/>``
(its native content dropped), ``<bx/>``/``<ex/>``/``<sc/>``/``<ec/>``/``<bpt/>``/``<ept/>``/
``<it/>`` likewise, ``<g id="1">…</g>`` and ``<pc id="1">…</pc>`` around their content;
``<mrk>`` (an annotation) keeps only its content. A unit without any is checked by what its
text holds, as a JSON catalog's: ``{{ limit }}``, ICU, else ``auto``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import BinaryIO

from capeval.catalogs import (
    PERCENT_NAME_PATTERN,
    PERCENT_NAMES,
    XML_TAGS,
    CatalogInfo,
    Message,
    OnProblem,
    suffix,
)
from capeval.catalogs._xmltree import Node, document_element, parse

NAME = "xliff"
BILINGUAL = True

_EMPTY_INLINE = frozenset({"x", "ph", "bx", "ex", "sc", "ec", "bpt", "ept", "it"})
_PAIRED_INLINE = frozenset({"g", "pc"})
_NEEDS_WORK = ("needs-", "new")
# Symfony's %name% parameter, and what is a printf directive followed by a literal '%'
# instead ("%lld%")
_PERCENT_NAME = re.compile(PERCENT_NAME_PATTERN)
_PRINTF_LIKE = re.compile(r"%(?:hh|h|ll|l|j|z|t|L|q)?[diouxXeEfFgGaAcspn@]%")


def detect(path: str, head: bytes) -> bool:
    return suffix(path) in ("xlf", "xliff") or b"<xliff" in head


def read(
    path: str, stream: BinaryIO, on_problem: OnProblem, info: CatalogInfo
) -> Iterator[Message]:
    root = document_element(parse(stream.read(), on_problem))
    if root is None:
        return
    if root.tag != "xliff":
        on_problem("catalog.malformed", root.line, "an XLIFF document is <xliff>")
        return
    version2 = root.attrs.get("version", "1.2").startswith("2")
    if version2:
        info.source_locale = root.attrs.get("srcLang")
        info.locale = root.attrs.get("trgLang")
    files = root.elements("file")
    for file in files:
        if not version2:
            info.source_locale = info.source_locale or file.attrs.get("source-language")
            info.locale = info.locale or file.attrs.get("target-language")
        context = None
        if len(files) > 1:
            context = file.attrs.get("original") or file.attrs.get("id")
        if version2:
            yield from _units2(file, context, path, on_problem)
        else:
            yield from _units12(file, context, path, on_problem)


def _units12(
    file: Node, context: str | None, path: str, on_problem: OnProblem
) -> Iterator[Message]:
    for unit in file.walk("trans-unit"):
        if unit.attrs.get("translate") == "no" or not unit.complete:
            continue
        key = unit.attrs.get("resname") or unit.attrs.get("id")
        source = unit.first("source")
        if not key or source is None:
            on_problem("catalog.malformed", unit.line, "<trans-unit> needs an id and a <source>")
            continue
        target = unit.first("target")
        state = target.attrs.get("state", "") if target is not None else ""
        flags = frozenset({"fuzzy"}) if state.startswith(_NEEDS_WORK) else frozenset()
        text = inline_text(source)
        yield Message(
            key,
            text,
            path,
            unit.line,
            context=context,
            translation=inline_text(target) if target is not None else None,
            flags=flags,
            dialect=_dialect(text, (source, target)),
            note=_notes(unit),
        )


def _units2(file: Node, context: str | None, path: str, on_problem: OnProblem) -> Iterator[Message]:
    for unit in file.walk("unit"):
        if unit.attrs.get("translate") == "no" or not unit.complete:
            continue
        key = unit.attrs.get("name") or unit.attrs.get("id")
        parts = [c for c in unit.elements() if c.tag in ("segment", "ignorable")]
        if not key or not parts:
            on_problem("catalog.malformed", unit.line, "<unit> needs an id and a <segment>")
            continue
        sources, targets = [], []
        has_target = False
        elements: list[Node | None] = []
        for part in parts:
            source, target = part.first("source"), part.first("target")
            elements += (source, target)
            sources.append(inline_text(source) if source is not None else "")
            if target is not None:
                has_target = True
                targets.append(inline_text(target))
            elif part.tag == "ignorable" and source is not None:
                targets.append(inline_text(source))
        text = "".join(sources)
        yield Message(
            key,
            text,
            path,
            unit.line,
            context=context,
            translation="".join(targets) if has_target else None,
            dialect=_dialect(text, elements),
            note=_notes(unit),
        )


def _dialect(source: str, elements: tuple[Node | None, ...] | list[Node | None]) -> str:
    """Inline elements (in the source or a target) are checked as tags; a text without any
    by what it holds, as a JSON catalog's (Symfony's validators.fr.xlf write ``{{ limit }}``
    in plain text: checked as tags alone, a dropped ``{{ limit }}`` passed)."""
    if any(element is not None and _tagged(element) for element in elements):
        return XML_TAGS
    if "%" in source and any(
        _PRINTF_LIKE.fullmatch(name) is None for name in _PERCENT_NAME.findall(source)
    ):
        return PERCENT_NAMES  # Symfony's %minutes%: auto would read its "%m" alone
    from capeval.catalogs.jsoncat import dialect_of

    return dialect_of([source])


def _tagged(element: Node) -> bool:
    """Whether an inline element (a placeholder, not an annotation) is inside ``element``."""
    for child in element.children:
        if isinstance(child, str):
            continue
        if child.tag in _EMPTY_INLINE or child.tag in _PAIRED_INLINE or _tagged(child):
            return True
    return False


def inline_text(element: Node) -> str:
    """An element's text with inline placeholders as id-only tags."""
    parts = []
    for child in element.children:
        if isinstance(child, str):
            parts.append(child)
        elif child.tag in _EMPTY_INLINE:
            parts.append(f'<{child.tag} id="{child.attrs.get("id", "")}"/>')
        elif child.tag in _PAIRED_INLINE:
            ident = child.attrs.get("id", "")
            parts.append(f'<{child.tag} id="{ident}">{inline_text(child)}</{child.tag}>')
        else:  # mrk, sub and the like: annotations around text
            parts.append(inline_text(child))
    return "".join(parts)


def _notes(unit: Node) -> str | None:
    notes = [note.text().strip() for note in unit.walk("note")]
    return "\n".join(note for note in notes if note) or None
