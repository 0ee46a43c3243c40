"""GNU gettext PO and POT files, read with Babel's parser.

One file holds both sides: ``msgid``/``msgid_plural`` are the source (``text``, and
``plurals`` ``{"one": msgid, "other": msgid_plural}``), ``msgstr``/``msgstr[N]`` the
translation (``translation_plurals`` ``{"0": …, "1": …}``, by index as written). ``msgctxt``
is the message's context; ``#,`` flags are kept (``fuzzy``, ``c-format``…) and pick the
placeholder dialect: ``c-format``/``objc-format`` → printf, ``python-format`` → Python
percent, ``python-brace-format`` → Python brace, anything else → auto. Obsolete entries (``#~``)
are not messages: they are counted in ``info.obsolete``. The header gives ``Language`` and
``Plural-Forms`` (``info.nplurals``).

What Babel would do silently is reported instead: a repeated msgid/msgctxt is
``catalog.duplicate_key`` (the first one is kept, where Babel merges), a line it cannot parse
or a ``msgstr[N]`` beyond the header's ``nplurals`` is ``catalog.malformed`` /
``catalog.plural_incomplete`` (Babel prints warnings on stdout; here they are diagnostics),
and an undecodable line is ``catalog.malformed`` and read with replacement characters.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from typing import Any, BinaryIO

from capeval.catalogs import (
    AUTO,
    PRINTF,
    PYTHON_BRACE,
    PYTHON_PERCENT,
    CatalogInfo,
    Message,
    OnProblem,
    suffix,
)

NAME = "po"
BILINGUAL = True

FLAG_DIALECTS = {
    "c-format": PRINTF,
    "objc-format": PRINTF,
    "python-format": PYTHON_PERCENT,
    "python-brace-format": PYTHON_BRACE,
}
_CHARSET = re.compile(rb"charset=([A-Za-z0-9._-]+)")


def detect(path: str, head: bytes) -> bool:
    if suffix(path) in ("po", "pot"):
        return True
    return head.lstrip().startswith((b"msgid ", b"msgctxt ", b"# ", b"#, "))


def read(
    path: str, stream: BinaryIO, on_problem: OnProblem, info: CatalogInfo
) -> Iterator[Message]:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import PoFileParser

    data = stream.read()
    charset = _declared_charset(data)

    class Collecting(Catalog):
        """Keeps messages in file order and reports repeats instead of merging them."""

        def __init__(self) -> None:
            super().__init__(locale=None)
            self.collected: list[Any] = []

        def __setitem__(self, id: Any, message: Any) -> None:  # noqa: A002 (Babel's name)
            if id:
                key = self._key_for(id, message.context)
                if key in self._messages:
                    first = self._messages[key].lineno
                    on_problem(
                        "catalog.duplicate_key",
                        message.lineno,
                        f"msgid {_short(_singular(id))!r} repeats the entry of line {first}; "
                        "the first is kept",
                    )
                    return
            super().__setitem__(id, message)
            if id:
                self.collected.append(message)

    catalog = Collecting()
    written_flags: dict[int, frozenset[str]] = {}

    class Parser(PoFileParser):
        """Babel's parser with its complaints turned into diagnostics."""

        def _invalid_pofile(self, line: str, lineno: int, msg: str) -> None:
            if "more translations than num_plurals" in msg:
                return  # reported with the message's own forms below
            on_problem("catalog.malformed", lineno + 1, f"{msg}: {_short(line)!r}")

        def _add_message(self) -> None:
            # the flags as written: Babel adds python-format to any msgid that looks like one
            written_flags[self.offset + 1] = frozenset(flag for flag in self.flags if flag)
            if len(self.messages) > 1:
                # Babel drops forms beyond nplurals: say so (missing forms the importer sees)
                beyond = [i for i, _ in self.translations if i >= self.catalog.num_plurals]
                if beyond:
                    on_problem(
                        "catalog.plural_incomplete",
                        self.offset + 1,
                        f"msgstr{_forms(sorted(beyond))} is beyond "
                        f"nplurals={self.catalog.num_plurals}{_header_note(self.catalog)}",
                    )
            super()._add_message()

    parser = Parser(catalog, ignore_obsolete=False, abort_invalid=False)
    try:
        parser.parse(_decoded_lines(data, charset, on_problem, parser, catalog))
    except (ValueError, LookupError) as exc:  # a header value Babel cannot take
        on_problem("catalog.malformed", parser.offset + 1, f"cannot read the catalog on: {exc}")
    info.obsolete = len(catalog.obsolete)
    if catalog.locale_identifier:
        info.locale = catalog.locale_identifier
    header = dict(catalog.mime_headers)
    if "Plural-Forms" in header:
        info.plural_forms = header["Plural-Forms"]
    info.nplurals = catalog.num_plurals  # the header's, else the Language's, else 2
    if any(message.pluralizable for message in catalog.collected):
        from capeval.catalogs.plural_forms import PluralExpressionError, numbers_per_form

        try:
            info.form_numbers = numbers_per_form(catalog.plural_expr, info.nplurals)
        except PluralExpressionError as exc:
            on_problem("catalog.malformed", 1, f"Plural-Forms expression: {exc}")
    for message in catalog.collected:
        yield _message(message, path, written_flags.get(message.lineno, frozenset()))


def _message(entry: Any, path: str, flags: frozenset[str]) -> Message:
    dialect = next((d for flag, d in FLAG_DIALECTS.items() if flag in flags), AUTO)
    note = "\n".join([*entry.auto_comments, *entry.user_comments]) or None
    if isinstance(entry.id, (list, tuple)):
        singular, plural = entry.id[0], entry.id[1]
        strings = entry.string if isinstance(entry.string, (list, tuple)) else (entry.string,)
        translations = {str(index): text for index, text in enumerate(strings)}
        return Message(
            key=singular,
            text=singular,
            file=path,
            line=entry.lineno,
            context=entry.context,
            plurals={"one": singular, "other": plural},
            translation=strings[0] if strings else "",
            translation_plurals=translations,
            flags=flags,
            dialect=dialect,
            note=note,
        )
    text = entry.string if isinstance(entry.string, str) else entry.string[0]
    return Message(
        key=entry.id,
        text=entry.id,
        file=path,
        line=entry.lineno,
        context=entry.context,
        translation=text,
        flags=flags,
        dialect=dialect,
        note=note,
    )


def _declared_charset(data: bytes) -> str:
    found = _CHARSET.search(data, 0, 8192)
    if found:
        name = found.group(1).decode("ascii").lower()
        if name != "charset":
            try:
                return codecs.lookup(name).name
            except LookupError:
                pass
    return "utf-8"


def _decoded_lines(
    data: bytes, charset: str, on_problem: OnProblem, parser: Any, catalog: Any
) -> Iterator[str]:
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    for number, raw in enumerate(data.splitlines(keepends=True), 1):
        try:
            yield raw.decode(charset)
        except UnicodeDecodeError as exc:
            on_problem("catalog.malformed", number, f"not valid {charset}: {exc.reason}")
            yield raw.decode(charset, errors="replace")


def _header_note(catalog: Any) -> str:
    for name, value in catalog.mime_headers:
        if name == "Plural-Forms":
            return f" (Plural-Forms: {value})"
    return " (no Plural-Forms header)"


def _singular(msgid: Any) -> str:
    return msgid[0] if isinstance(msgid, (list, tuple)) else msgid


def _forms(indices: list[int]) -> str:
    return "[" + ", ".join(str(i) for i in indices) + "]"


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
