"""Translation catalog readers: one module per format, all of one shape.

Each reader module has

* ``NAME`` — the format's name (``--format``);
* ``BILINGUAL`` — whether one file holds both sides (PO, XLIFF, xcstrings) or one language
  (JSON, ARB, Android, Apple ``.strings``);
* ``detect(path, head) -> bool`` — whether the file (its name and first bytes) is this format;
* ``read(path, stream, on_problem, info) -> Iterator[Message]`` — the catalog's messages in
  file order. ``stream`` is a binary file; ``on_problem(code, line, message)`` reports what
  is wrong with the catalog (``catalog.*`` codes) and reading goes on; ``info`` is a
  ``CatalogInfo`` the reader fills in as it learns it (locale, plural rules).

Readers know nothing about EvalCases or candidates: ``capeval.importer`` turns messages into
records.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from importlib import import_module
from types import ModuleType
from typing import BinaryIO

from capeval.slotted import Slotted

__all__ = [
    "FORMATS",
    "CatalogInfo",
    "Message",
    "OnProblem",
    "detect_format",
    "reader",
]

# Placeholder dialects a reader may give a message; the importer maps each to assertions.
PRINTF = "printf"  # C printf (PO c-format, Android, Apple with %@)
PYTHON_PERCENT = "python-percent"
PYTHON_BRACE = "python-brace"
ICU = "icu"
I18NEXT = "i18next"  # {{name}} interpolation and $t(key) nesting
XML_TAGS = "xml-tags"  # XLIFF inline elements, written as tags carrying their ids
PERCENT_NAMES = "percent-names"  # Symfony's %name% (and {{ name }}), replaced as exact strings
AUTO = "auto"  # nothing says: decide from the text
# Symfony's %name% parameter (three characters or more: "%d%%" is printf's), one pattern for
# the reader that says PERCENT_NAMES and the assertion the importer gives such a message
PERCENT_NAME_PATTERN = r"%[A-Za-z_][\w.-]+\w%"

# code, line (or None), message
OnProblem = Callable[[str, "int | None", str], None]


class Message(Slotted):
    """One message of a catalog, as the catalog holds it. (A plain slotted class: a dataclass
    costs its importers' start-up; see ``capeval.slotted``.)"""

    __slots__ = (
        "key",  # the message's key in its catalog (PO: the msgid; JSON: the dotted path)
        "text",  # the text in the catalog's own language (a bilingual catalog: its source)
        "file",
        "line",
        "context",  # disambiguating context (PO msgctxt)
        # Plural forms of ``text``: CLDR category -> text ("one", "other"…); PO: msgid/msgid_plural
        "plurals",
        "translation",  # a bilingual catalog's target side (None: the file holds none)
        # Its plural forms: CLDR category -> text, or PO's "0", "1"… (msgstr[N])
        "translation_plurals",
        "flags",  # "fuzzy", "c-format", …
        "dialect",
        "note",  # a description or translator comment
    )

    def __init__(
        self,
        key: str,
        text: str,
        file: str,
        line: int | None = None,
        context: str | None = None,
        plurals: dict[str, str] | None = None,
        translation: str | None = None,
        translation_plurals: dict[str, str] | None = None,
        flags: frozenset[str] = frozenset(),
        dialect: str = AUTO,
        note: str | None = None,
    ) -> None:
        self.key = key
        self.text = text
        self.file = file
        self.line = line
        self.context = context
        self.plurals = plurals
        self.translation = translation
        self.translation_plurals = translation_plurals
        self.flags = flags
        self.dialect = dialect
        self.note = note


class CatalogInfo(Slotted):
    """What a reader learns about the catalog as a whole."""

    __slots__ = (
        "locale",  # the language of ``text`` (monolingual) or of the target
        "source_locale",  # a bilingual catalog's source language, when it says
        "nplurals",  # PO Plural-Forms header
        "plural_forms",  # the header's text, for messages
        # PO: the counts (0…1000) each msgstr[i] is used for, from the plural expression
        "form_numbers",
        "obsolete",  # entries a catalog keeps but no longer uses (PO #~)
        # A catalog of many target languages (xcstrings): the one to read (set by the caller;
        # None: the reader lists them in ``locales`` and reads none)
        "wanted_locale",
        "locales",
    )

    def __init__(
        self,
        locale: str | None = None,
        source_locale: str | None = None,
        nplurals: int | None = None,
        plural_forms: str | None = None,
        form_numbers: list[frozenset[int]] | None = None,
        obsolete: int = 0,
        wanted_locale: str | None = None,
        locales: list[str] | None = None,
    ) -> None:
        self.locale = locale
        self.source_locale = source_locale
        self.nplurals = nplurals
        self.plural_forms = plural_forms
        self.form_numbers = form_numbers
        self.obsolete = obsolete
        self.wanted_locale = wanted_locale
        self.locales: list[str] = [] if locales is None else locales


# format name -> module (imported on first use: each pulls its own parser)
FORMATS: dict[str, str] = {
    "po": "capeval.catalogs.po",
    "json": "capeval.catalogs.jsoncat",
    "arb": "capeval.catalogs.arb",
    "xcstrings": "capeval.catalogs.xcstrings",
    "android": "capeval.catalogs.android",
    "xliff": "capeval.catalogs.xliff",
    "strings": "capeval.catalogs.apple_strings",
    "stringsdict": "capeval.catalogs.stringsdict",
}
HEAD_BYTES = 4096  # what detect() sees of a file


def reader(name: str) -> ModuleType:
    """The reader module of format ``name`` (KeyError for an unknown one)."""
    return import_module(FORMATS[name])


def detect_format(path: str, stream: BinaryIO | None = None) -> str | None:
    """The format of a catalog by its name and first bytes (None when nothing matches)."""
    head = b""
    if stream is not None and stream.seekable():
        position = stream.tell()
        head = stream.read(HEAD_BYTES)
        stream.seek(position)
    for name in FORMATS:
        if reader(name).detect(path, head):
            return name
    return None


def suffix(path: str) -> str:
    """The file's extension, lower-case, without the dot."""
    return os.path.splitext(path)[1].lower().lstrip(".")


def iter_messages(
    name: str, path: str, stream: BinaryIO, on_problem: OnProblem, info: CatalogInfo
) -> Iterator[Message]:
    """The messages of a catalog in format ``name``."""
    return reader(name).read(path, stream, on_problem, info)
