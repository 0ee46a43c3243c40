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
from functools import lru_cache
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
_NO_FLAGS: frozenset[str] = frozenset()
_NO_DIALECT = (_NO_FLAGS, AUTO)
_KEYWORDS = frozenset({"", "msgid", "msgid_plural", "msgstr", "msgctxt"})
_CHARSET = re.compile(rb"charset=([A-Za-z0-9._-]+)")


def detect(path: str, head: bytes) -> bool:
    if suffix(path) in ("po", "pot"):
        return True
    return head.lstrip().startswith((b"msgid ", b"msgctxt ", b"# ", b"#, "))


def read(
    path: str, stream: BinaryIO, on_problem: OnProblem, info: CatalogInfo
) -> Iterator[Message]:
    data = stream.read()
    if not data.strip():
        # nothing to parse: Babel (~30 ms of imports) is left unloaded; its default is 2 forms
        info.nplurals = 2
        return
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import PoFileParser

    charset = _declared_charset(data)
    catalog = Catalog(locale=None)  # holds the header only: Babel parses Language, Plural-Forms
    collected: list[Message] = []
    first_line: dict[tuple[str | None, str], int] = {}

    class Parser(PoFileParser):
        """Babel's line parser; its entries become our messages, not a Babel catalog (which
        would merge repeats, drop extra plural forms and add flags the file does not have)."""

        def _invalid_pofile(self, line: str, lineno: int, msg: str) -> None:
            on_problem("catalog.malformed", lineno + 1, f"{msg}: {_short(line)!r}")

        def _process_message_line(self, lineno: int, line: str, obsolete: bool = False) -> None:
            keyword, _, rest = line.partition(" ")
            if line.startswith('"'):
                keyword, rest = "", line
            if keyword in _KEYWORDS or keyword.startswith("msgstr["):
                quoted = rest.strip()
                if len(quoted) < 2 or quoted[0] != '"' or quoted[-1] != '"':
                    on_problem("catalog.malformed", lineno + 1, f"unterminated: {_short(line)!r}")
            try:
                super()._process_message_line(lineno, line, obsolete)
            except ValueError as exc:  # msgstr[x]: Babel's int() gives up on the whole file
                on_problem("catalog.malformed", lineno + 1, f"{exc}: {_short(line)!r}")

        def _add_message(self) -> None:
            line = self.offset + 1
            if self.obsolete:
                info.obsolete += 1
            elif len(self.messages) == 1 and self.context is None and _is_empty(self.messages[0]):
                super()._add_message()  # the header (msgid ""): Babel reads its fields
                return
            else:
                message = _message(self, path, line)
                key = (message.context, message.key)
                if key in first_line:
                    on_problem(
                        "catalog.duplicate_key",
                        line,
                        f"msgid {_short(message.key)!r} repeats the entry of line "
                        f"{first_line[key]}; the first is kept",
                    )
                else:
                    first_line[key] = line
                    _check_forms(self, message, line)
                    collected.append(message)
            self.counter += 1
            self._reset_message_state()

    def _check_forms(parser: Any, message: Message, line: int) -> None:
        # msgstr[N] beyond nplurals (Babel would drop them); missing forms the importer sees
        if message.translation_plurals is None:
            return
        expected = catalog.num_plurals
        beyond = sorted(int(i) for i in message.translation_plurals if int(i) >= expected)
        if beyond:
            on_problem(
                "catalog.plural_incomplete",
                line,
                f"msgstr{_forms(beyond)} is beyond nplurals={expected}{_header_note(catalog)}",
            )

    parser = Parser(catalog, ignore_obsolete=False, abort_invalid=False)
    try:
        parser.parse(_decoded_lines(data, charset, on_problem))
    except (ValueError, LookupError) as exc:  # a header value Babel cannot take
        on_problem("catalog.malformed", parser.offset + 1, f"cannot read the catalog on: {exc}")
    if catalog.locale_identifier:
        info.locale = catalog.locale_identifier
    header = dict(catalog.mime_headers)
    if "Plural-Forms" in header:
        info.plural_forms = header["Plural-Forms"]
    info.nplurals = catalog.num_plurals  # the header's, else the Language's, else 2
    if any(message.plurals for message in collected):
        from capeval.catalogs.plural_forms import PluralExpressionError, numbers_per_form

        try:
            info.form_numbers = numbers_per_form(catalog.plural_expr, info.nplurals)
        except PluralExpressionError as exc:
            on_problem("catalog.malformed", 1, f"Plural-Forms expression: {exc}")
    yield from collected


def _message(parser: Any, path: str, line: int) -> Message:
    """A message from the parser's state (the entry just read)."""
    flags, dialect = _flags_and_dialect(tuple(parser.flags)) if parser.flags else _NO_DIALECT
    comments = (
        parser.auto_comments + parser.user_comments
        if parser.auto_comments or parser.user_comments
        else None
    )
    note = "\n".join(comments) if comments else None
    context = parser.context.denormalize() if parser.context else None
    msgid = parser.messages[0].denormalize()
    if len(parser.messages) > 1:
        forms = {str(index): text.denormalize() for index, text in sorted(parser.translations)}
        return Message(
            msgid, msgid, path, line, context,
            plurals={"one": msgid, "other": parser.messages[1].denormalize()},
            translation=forms.get("0", ""),
            translation_plurals=forms,
            flags=flags, dialect=dialect, note=note,
        )  # fmt: skip
    translation = parser.translations[0][1].denormalize() if parser.translations else ""
    return Message(
        msgid, msgid, path, line, context,
        translation=translation, flags=flags, dialect=dialect, note=note,
    )  # fmt: skip


@lru_cache(maxsize=256)
def _flags_and_dialect(flags: tuple[str, ...]) -> tuple[frozenset[str], str]:
    """An entry's flags, and the dialect the first of ``FLAG_DIALECTS`` among them names
    (a catalog repeats a few flag lines: once per distinct one)."""
    found = frozenset(flags).difference(("",))
    return found, next((d for flag, d in FLAG_DIALECTS.items() if flag in found), AUTO)


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


def _decoded_lines(data: bytes, charset: str, on_problem: OnProblem) -> list[str]:
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    try:
        return data.decode(charset).split("\n")  # as Babel reads a file: "\f" is no line end
    except UnicodeDecodeError:
        pass  # find the bad lines, and read them with replacement characters
    lines = []
    for number, raw in enumerate(data.split(b"\n"), 1):
        try:
            lines.append(raw.decode(charset))
        except UnicodeDecodeError as exc:
            on_problem("catalog.malformed", number, f"not valid {charset}: {exc.reason}")
            lines.append(raw.decode(charset, errors="replace"))
    return lines


def _header_note(catalog: Any) -> str:
    for name, value in catalog.mime_headers:
        if name == "Plural-Forms":
            return f" (Plural-Forms: {value})"
    return " (no Plural-Forms header)"


def _forms(indices: list[int]) -> str:
    return "[" + ", ".join(str(i) for i in indices) + "]"


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _is_empty(text: Any) -> bool:
    # a first part of 3 characters or more (its quotes and one) is no empty string: Babel's
    # unescape drops no character (one is kept per escape); the header's parts are '""'
    if text and len(text[0]) > 2:
        return False
    return text.denormalize() == ""
