"""What the XML readers share: a safe parse into a small tree that knows its line numbers.

defusedxml's SAX parser refuses DTD entity declarations (no entity expansion bombs) and
external references (no file or network reads); the standard library parsers allow both.
ElementTree drops line numbers, which a catalog's diagnostics need, so the SAX events build
``Node``s that keep them. A document that is not well-formed keeps what was read before the
error (the readers import the elements that were complete) and reports the error's line as
``catalog.malformed``. Elements nested deeper than ``MAX_XML_DEPTH`` end the parse the same
way, as ``catalog.too_deep``: the tree's walks (and the readers') recurse, and no catalog
nests more than a dozen levels.
"""

from __future__ import annotations

import re
import xml.sax
from dataclasses import dataclass, field
from typing import Any

from capeval.catalogs import OnProblem
from capeval.limits import MAX_XML_DEPTH


class _TooDeep(Exception):
    """The document nests elements deeper than ``MAX_XML_DEPTH``."""


@dataclass(slots=True)
class Node:
    tag: str  # the qualified name as written, prefix stripped (``xliff:g`` → ``g``)
    attrs: dict[str, str]
    line: int | None
    children: list[Any] = field(default_factory=list)  # Node or str, in order
    qname: str = ""
    complete: bool = False  # its end tag was read (False: the document broke inside it)

    def elements(self, tag: str | None = None) -> list[Node]:
        return [c for c in self.children if isinstance(c, Node) and (tag is None or c.tag == tag)]

    def first(self, tag: str) -> Node | None:
        for child in self.children:
            if isinstance(child, Node) and child.tag == tag:
                return child
        return None

    def text(self) -> str:
        """All text inside, markup dropped."""
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def walk(self, tag: str) -> list[Node]:
        """Every descendant element named ``tag``, in document order."""
        found = []
        for child in self.elements():
            if child.tag == tag:
                found.append(child)
            else:
                found.extend(child.walk(tag))
        return found


class _Builder(xml.sax.handler.ContentHandler):
    def __init__(self) -> None:
        super().__init__()
        self.root = Node("#document", {}, None)
        self.stack = [self.root]
        self.locator: Any = None

    def setDocumentLocator(self, locator: Any) -> None:  # noqa: N802 (SAX's name)
        self.locator = locator

    def startElement(self, name: str, attrs: Any) -> None:  # noqa: N802
        line = self.locator.getLineNumber() if self.locator else None
        if len(self.stack) > MAX_XML_DEPTH:  # (the stack holds the document node too)
            raise _TooDeep(line)
        node = Node(name.rpartition(":")[2], dict(attrs), line, qname=name)
        self.stack[-1].children.append(node)
        self.stack.append(node)

    def endElement(self, name: str) -> None:  # noqa: N802
        self.stack.pop().complete = True

    def characters(self, content: str) -> None:
        children = self.stack[-1].children
        if children and isinstance(children[-1], str):
            children[-1] += content
        else:
            children.append(content)


def parse(data: bytes, on_problem: OnProblem) -> Node:
    """The document's root node (``#document``), as far as it could be read."""
    import defusedxml.sax
    from defusedxml import DefusedXmlException

    builder = _Builder()
    data = _without_external_doctype(data)
    try:
        defusedxml.sax.parseString(
            data, builder, forbid_dtd=False, forbid_entities=True, forbid_external=True
        )
    except xml.sax.SAXParseException as exc:
        on_problem(
            "catalog.malformed", exc.getLineNumber(), f"not well-formed XML: {exc.getMessage()}"
        )
    except _TooDeep as exc:
        on_problem(
            "catalog.too_deep",
            exc.args[0],
            f"elements nested deeper than {MAX_XML_DEPTH} levels: the rest is not read",
        )
    except DefusedXmlException as exc:
        line = builder.locator.getLineNumber() if builder.locator else None
        on_problem("catalog.malformed", line, f"refused: {_defused_reason(exc)}")
    return builder.root


# <!DOCTYPE plist PUBLIC "…" "http://…dtd"> (every .stringsdict): an external DTD that a
# parser would only ever fetch — refused by defusedxml. Without an internal subset ([…]) it
# declares nothing, so it is blanked (its newlines kept, so line numbers stay true).
_EXTERNAL_DOCTYPE = re.compile(rb"<!DOCTYPE[^\[>]*>")


def _without_external_doctype(data: bytes) -> bytes:
    found = _EXTERNAL_DOCTYPE.search(data, 0, 4096)
    if found is None:
        return data
    blank = b"\n" * found.group().count(b"\n")
    return data[: found.start()] + blank + data[found.end() :]


def _defused_reason(exc: Exception) -> str:
    name = type(exc).__name__
    if name == "EntitiesForbidden":
        return "the document declares entities (no entity expansion here)"
    if name == "ExternalReferenceForbidden":
        return "the document refers to an external entity (never fetched)"
    return f"unsafe XML ({name})"


def document_element(root: Node) -> Node | None:
    elements = root.elements()
    return elements[0] if elements else None
