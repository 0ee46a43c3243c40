"""GNU gettext PO and POT files, read with Babel's parser.

One file holds both sides: ``msgid``/``msgid_plural`` are the source (``text``, and
``plurals`` ``{"one": msgid, "other": msgid_plural}``), ``msgstr``/``msgstr[N]`` the
translation (``translation_plurals`` ``{"0": …, "1": …}``, by index as written). ``msgctxt``
is the message's context; ``#,`` flags are kept (``fuzzy``, ``c-format``…) and pick the
placeholder dialect: ``c-format``/``objc-format`` → printf, ``python-format`` → Python
percent, ``python-brace-format`` → Python brace, anything else → auto. Obsolete entries (``#~``)
are not messages: they are counted in ``info.obsolete`` (their ``#~|`` previous msgid is a
comment, as to gettext). The header gives ``Language`` and
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
from functools import cache, lru_cache
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
from capeval.limits import MAX_NPLURALS

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
    lines = _decoded_lines(data, _declared_charset(data), on_problem)
    found = _read_plainly(path, lines)
    kept = _Kept(path, on_problem)
    if found is None or not found.keep(kept, lines, info):
        kept = _Kept(path, on_problem)  # afresh: Babel reads the file from its first line
        _read_with_babel(lines, kept, info)
    catalog = kept.catalog
    if catalog.locale_identifier:
        info.locale = catalog.locale_identifier
    info.plural_forms = _plural_forms_header(catalog)
    info.nplurals = catalog.num_plurals  # the header's, else the Language's, else 2
    if not 1 <= info.nplurals <= MAX_NPLURALS:
        # too many: each plural message would get that many forms (nplurals=100000000 took
        # 24 GB); none: a plural message would have no form at all to compare
        why = (
            f"is more than any language has (at most {MAX_NPLURALS} are read)"
            if info.nplurals > MAX_NPLURALS
            else "is no count of forms"
        )
        on_problem(
            "catalog.malformed",
            1,
            f"Plural-Forms: nplurals={info.nplurals} {why}; 2 forms are assumed",
        )
        info.nplurals = 2
    elif any(message.plurals for message in kept.messages):
        from capeval.catalogs.plural_forms import PluralExpressionError, numbers_per_form

        try:
            info.form_numbers = numbers_per_form(catalog.plural_expr, info.nplurals)
        except PluralExpressionError as exc:
            on_problem("catalog.malformed", 1, f"Plural-Forms expression: {exc}")
    yield from kept.messages


class _Kept:
    """The messages read so far: a repeated msgid/msgctxt is reported and dropped (the first
    is kept, where Babel merges), and plural forms are checked against the header's count."""

    def __init__(self, path: str, on_problem: OnProblem) -> None:
        from babel.messages.catalog import Catalog

        self.path, self.on_problem = path, on_problem
        self.catalog = Catalog(locale=None)  # the header only: Babel reads Language, Plural-Forms
        self.messages: list[Message] = []
        self.first_line: dict[tuple[str | None, str], int] = {}

    def add(self, message: Message) -> None:
        line = message.line
        key = (message.context, message.key)
        first = self.first_line.setdefault(key, line)
        if first != line:
            self.on_problem(
                "catalog.duplicate_key",
                line,
                f"msgid {_short(message.key)!r} repeats the entry of line {first}; "
                "the first is kept",
            )
            return
        if message.translation_plurals is not None:
            self._check_forms(message, line)
        self.messages.append(message)

    def _check_forms(self, message: Message, line: int) -> None:
        # msgstr[N] beyond nplurals (Babel would drop them); missing forms the importer sees
        expected = self.catalog.num_plurals
        forms = message.translation_plurals or {}
        beyond = sorted(int(i) for i in forms if int(i) >= expected)
        if beyond:
            self.on_problem(
                "catalog.plural_incomplete",
                line,
                f"msgstr{_forms(beyond)} is beyond nplurals={expected}{_header_note(self.catalog)}",
            )


# -- the common shapes, read here -------------------------------------------------------------
# Babel's parser costs ~4 µs a line in Python calls; the entries nearly every catalog is made
# of (comments, msgctxt, msgid, msgid_plural, msgstr/msgstr[N], continuation lines, #~
# entries) are read by one loop instead. Anything else — a line Babel would warn about, an
# entry out of order, a header that is not the first entry — sends the whole file to Babel,
# so what a file means never depends on which reader read it (a property test compares them).
_BETWEEN, _CONTEXT, _MSGID, _PLURAL, _MSGSTR = range(5)
_PLURAL_INDEX = re.compile(r"msgstr\[([0-9]+)\]\Z")


class _Entry:
    """One entry as the loop reads it, in Babel's parser's terms."""

    __slots__ = (
        "offset", "obsolete", "flags", "auto_comments", "user_comments", "context", "ids", "forms"
    )  # fmt: skip

    def __init__(self) -> None:
        self.offset = 0  # the msgid's line (0-based), as Babel counts
        self.obsolete = False
        self.flags: list[str] = []
        self.auto_comments: list[str] = []  # #.
        self.user_comments: list[str] = []  # #, #|… (any other comment)
        self.context: list[str] | None = None  # quoted parts, as written
        self.ids: list[list[str]] = []  # msgid, msgid_plural
        self.forms: list[tuple[int, list[str]]] = []  # msgstr (0) or msgstr[N]


class _Plain:
    """What the loop has read: messages, as each entry ends (so the entries are not all held
    at once), the obsolete ones counted, and the header's last line."""

    __slots__ = ("path", "messages", "entries", "obsolete", "header_end", "header")

    def __init__(self, path: str) -> None:
        self.path = path
        self.messages: list[Message] = []
        self.entries = 0
        self.obsolete = 0
        self.header_end: int | None = None  # the header is lines[:header_end]
        self.header = ""  # its msgstr

    def take(self, entry: _Entry, end: int) -> bool:
        """Add the entry that ended before line ``end``; False when it needs Babel."""
        self.entries += 1
        if entry.obsolete:
            self.obsolete += 1
            return True
        context = _text(entry.context) if entry.context is not None else None
        msgid = _text(entry.ids[0])
        if context is None and len(entry.ids) == 1 and msgid == "":
            if self.entries > 1:
                return False  # a second header, or one after entries: Babel's order matters
            self.header_end = end
            self.header = _text(entry.forms[0][1])
            return True
        if len(entry.ids) > 1:
            plural = _text(entry.ids[1])
            forms = {str(index): _text(parts) for index, parts in sorted(entry.forms)}
        else:
            plural, forms = None, {"0": _text(entry.forms[0][1])}
        message = _entry_message(
            self.path, entry.offset + 1, context, msgid, plural, forms,
            entry.flags, entry.auto_comments, entry.user_comments,
        )  # fmt: skip
        self.messages.append(message)
        return True

    def keep(self, kept: _Kept, lines: list[str], info: CatalogInfo) -> bool:
        """Hand the messages read to ``kept``; False when the header needs Babel's whole path."""
        if self.header_end is not None and not _take_header(kept.catalog, self.header):
            try:  # the header, read by Babel: Language, Plural-Forms, its locale's defaults
                _babel_parser(kept, info).parse(lines[: self.header_end])
            except (ValueError, LookupError):
                return False  # Babel's path reports it, where it stops
        info.obsolete += self.obsolete
        for message in self.messages:
            kept.add(message)
        return True


def _read_plainly(path: str, lines: list[str]) -> _Plain | None:
    """The file's messages, or None when a line is outside the shapes read here."""
    found = _Plain(path)
    entry = _Entry()
    current: list[str] | None = None  # the parts a continuation line extends
    state = _BETWEEN
    for number, line in enumerate(lines):
        line = line.strip()
        if not line:
            continue
        first = line[0]
        obsolete = False
        if first == "#" and line[1:2] == "~":
            if line[2:3] == "|":
                continue  # "#~|": an obsolete entry's previous msgid, a comment to gettext
            line = line[2:].lstrip()
            first = line[:1]
            if first == "#":
                return None  # Babel reads "#~ #…" as an unknown keyword
            obsolete = True
        if first == '"':
            if current is None or len(line) < 2 or line[-1] != '"':
                return None
            current.append(line)
            continue
        if first == "#":
            if state == _MSGSTR:  # a new entry begins: the last one is complete
                if not found.take(entry, number):
                    return None
                entry, state = _Entry(), _BETWEEN
            elif state != _BETWEEN:
                return None
            current = None
            kind = line[1:2]
            if kind == ",":
                entry.flags.extend(_flag_line(line))
            elif kind == ".":
                comment = line[2:].strip()
                if comment:
                    entry.auto_comments.append(comment)
            elif kind == ":":
                if "\u2068" in line or "\u2069" in line:  # isolates: Babel may refuse them
                    return None
            elif kind == "-":
                return None  # a merge conflict marker
            else:
                entry.user_comments.append(line[1:].strip())
            continue
        keyword, _, arg = line.partition(" ")
        arg = arg.lstrip()
        if len(arg) < 2 or arg[0] != '"' or arg[-1] != '"':
            return None
        # (as Babel: the entry's last keyword line says whether it is obsolete)
        if keyword == "msgid":
            if state == _MSGSTR:  # a new entry begins: the last one is complete
                if not found.take(entry, number):
                    return None
                entry, state = _Entry(), _BETWEEN
            elif state != _BETWEEN and state != _CONTEXT:
                return None
            entry.obsolete = obsolete
            entry.offset = number
            current = [arg]
            entry.ids.append(current)
            state = _MSGID
        elif keyword == "msgstr":
            if state != _MSGID:
                return None
            entry.obsolete = obsolete
            current = [arg]
            entry.forms.append((0, current))
            state = _MSGSTR
        elif keyword == "msgctxt":
            if state == _MSGSTR:
                if not found.take(entry, number):
                    return None
                entry, state = _Entry(), _BETWEEN
            elif state != _BETWEEN:
                return None
            entry.obsolete = obsolete
            current = entry.context = [arg]
            state = _CONTEXT
        elif keyword == "msgid_plural":
            if state != _MSGID:
                return None
            entry.obsolete = obsolete
            current = [arg]
            entry.ids.append(current)
            state = _PLURAL
        else:
            index = _PLURAL_INDEX.match(keyword)
            if index is None or not (state == _PLURAL or (state == _MSGSTR and len(entry.ids) > 1)):
                return None
            entry.obsolete = obsolete
            current = [arg]
            entry.forms.append((int(index.group(1)), current))
            state = _MSGSTR
    if state == _MSGSTR:
        if not found.take(entry, len(lines)):
            return None
    elif state != _BETWEEN:
        return None
    return found if found.entries else None


# -- the header's fields, as Babel's catalog takes them ---------------------------------------
# Babel reads the header's msgstr with the email package's parser, then each field with its
# own (dates by strptime, Language by Locale.parse, Plural-Forms and Content-Type by the email
# package's parameter parser): ~1.1 M instructions a catalog, 8% of a tree of small ones. A
# header of plain "Name: value" lines is split here, as the email parser splits it, and each
# field Babel reads is given to Babel's own setter on a scratch catalog once per distinct
# value: what it sets of what is read here (the locale, the plural rule) is copied over, and
# a value it refuses sends the header to Babel's path, which reports it.
_HEADER_LINE = re.compile(r"[\041-\071\073-\176]+:")  # the email parser's field name
# the fields Babel's catalog reads that may be refused (the others are kept as text)
_CHECKED_FIELDS = frozenset(
    {"language", "plural-forms", "content-type", "pot-creation-date", "po-revision-date"}
)
_LOCALE_STATE = ("_locale_identifier", "_locale")
_PLURAL_STATE = ("_num_plurals", "_plural_expr")


def _take_header(catalog: Any, text: str) -> bool:
    """Set ``catalog``'s locale and plural rule from the header's msgstr ``text`` as Babel
    would; False (``catalog`` untouched) when the header is not of plain field lines or has
    a value Babel refuses: Babel's path then reads it."""
    fields = _plain_fields(text)
    if fields is None:
        return False
    taken: list[tuple[tuple[str, Any], ...]] = []
    for name, value in fields:
        lowered = name.lower()
        if lowered not in _CHECKED_FIELDS:
            continue
        effect = _field_effect(lowered, value)
        if effect is None:
            return False
        taken.append(effect)
    for effect in taken:
        for attribute, value in effect:
            setattr(catalog, attribute, value)
    return True


def _plain_fields(text: str) -> list[tuple[str, str]] | None:
    """The (name, value) fields of a header of plain ``Name: value`` lines, as the email
    parser gives them; None for anything else (a continuation line, a blank line, a line
    that is no field, a carriage return, a lone surrogate)."""
    if "\r" in text:
        return None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # the email package makes a Header object of such a value
        return None
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    fields = []
    for line in lines:
        if line.startswith("From ") or _HEADER_LINE.match(line) is None:
            return None
        name, _, value = line.partition(":")
        fields.append((name, value.lstrip(" \t")))
    return fields


@lru_cache(maxsize=1024)
def _field_effect(name: str, value: str) -> tuple[tuple[str, Any], ...] | None:
    """What Babel's catalog sets of its locale and plural rule for one header field (its
    name lowered), or None when it refuses the value."""
    scratch = _scratch_catalog()
    try:
        scratch.mime_headers = [(name, value)]
    except (ValueError, LookupError):
        return None
    if name == "language":
        return tuple((attribute, getattr(scratch, attribute)) for attribute in _LOCALE_STATE)
    if name == "plural-forms":
        return tuple((attribute, getattr(scratch, attribute)) for attribute in _PLURAL_STATE)
    return ()


@cache
def _scratch_catalog() -> Any:
    from babel.messages.catalog import Catalog

    return Catalog(locale=None)


@lru_cache(maxsize=256)
def _flag_line(line: str) -> tuple[str, ...]:
    """A ``#,`` line's flags, as Babel splits them (a catalog repeats a few flag lines)."""
    return tuple(flag.strip() for flag in line[2:].lstrip().split(","))


def _text(parts: list[str]) -> str:
    """A PO string from its quoted parts, as Babel unescapes it."""
    if len(parts) == 1:
        part = parts[0]
        return part[1:-1] if "\\" not in part else _unescape(part)
    return "".join(part[1:-1] if "\\" not in part else _unescape(part) for part in parts)


def _unescape(part: str) -> str:
    return _pofile().unescape(part)


@cache
def _pofile() -> Any:
    """Babel's PO module, imported once a file has something to parse (an import statement
    per escaped string would cost more than the unescaping)."""
    from babel.messages import pofile

    return pofile


# -- everything else, read by Babel -----------------------------------------------------------
def _read_with_babel(lines: list[str], kept: _Kept, info: CatalogInfo) -> None:
    # "#~|": an obsolete entry's previous msgid, which gettext reads as a comment and Babel
    # as an unknown keyword; a blank line in its place keeps the numbers of the others
    lines = ["" if line.lstrip()[:3] == "#~|" else line for line in lines]
    parser = _babel_parser(kept, info)
    try:
        parser.parse(lines)
    except (ValueError, LookupError) as exc:  # a header value Babel cannot take
        kept.on_problem(
            "catalog.malformed", parser.offset + 1, f"cannot read the catalog on: {exc}"
        )


def _babel_parser(kept: _Kept, info: CatalogInfo) -> Any:
    parser = _parser_class()(kept.catalog, ignore_obsolete=False, abort_invalid=False)
    parser.kept, parser.info = kept, info
    return parser


@cache
def _parser_class() -> Any:
    """Babel's line parser, its entries made our messages: made once (a class made per
    catalog cost its making, and left a reference cycle per catalog for the collector)."""

    class Parser(_pofile().PoFileParser):
        """Babel's line parser; its entries become our messages, not a Babel catalog (which
        would merge repeats, drop extra plural forms and add flags the file does not have)."""

        kept: _Kept
        info: CatalogInfo

        def _invalid_pofile(self, line: str, lineno: int, msg: str) -> None:
            self.kept.on_problem("catalog.malformed", lineno + 1, f"{msg}: {_short(line)!r}")

        def _process_message_line(self, lineno: int, line: str, obsolete: bool = False) -> None:
            on_problem = self.kept.on_problem
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
            if self.obsolete:
                self.info.obsolete += 1
            elif len(self.messages) == 1 and self.context is None and _is_empty(self.messages[0]):
                try:
                    super()._add_message()  # the header (msgid ""): Babel reads its fields
                except AttributeError as exc:
                    # a date field continued on a second line: Babel's date pattern finds
                    # no match and it reads one (.group of None)
                    raise ValueError("a header date Babel cannot read") from exc
                return
            else:
                self.kept.add(_message(self, self.kept.path, self.offset + 1))
            self.counter += 1
            self._reset_message_state()

    return Parser


def _message(parser: Any, path: str, line: int) -> Message:
    """A message from Babel's parser state (the entry just read)."""
    context = parser.context.denormalize() if parser.context else None
    msgid = parser.messages[0].denormalize()
    if len(parser.messages) > 1:
        plural = parser.messages[1].denormalize()
        forms = {str(index): text.denormalize() for index, text in sorted(parser.translations)}
    else:
        translation = parser.translations[0][1].denormalize() if parser.translations else ""
        plural, forms = None, {"0": translation}
    return _entry_message(
        path, line, context, msgid, plural, forms,
        parser.flags, parser.auto_comments, parser.user_comments,
    )  # fmt: skip


# -- both readers' -----------------------------------------------------------------------------
def _entry_message(
    path: str,
    line: int,
    context: str | None,
    msgid: str,
    plural: str | None,
    forms: dict[str, str],
    flags: list[str],
    auto_comments: list[str],
    user_comments: list[str],
) -> Message:
    """The message of one entry, whichever reader read it: ``plural`` is None for an entry
    without ``msgid_plural``, whose one translation is ``forms["0"]``."""
    flag_set, dialect = _flags_and_dialect(tuple(flags)) if flags else _NO_DIALECT
    note = _note(auto_comments, user_comments)
    if plural is None:
        return Message(
            msgid, msgid, path, line, context,
            translation=forms["0"], flags=flag_set, dialect=dialect, note=note,
        )  # fmt: skip
    return Message(
        msgid, msgid, path, line, context,
        plurals={"one": msgid, "other": plural},
        translation=forms.get("0", ""),
        translation_plurals=forms,
        flags=flag_set, dialect=dialect, note=note,
    )  # fmt: skip


def _note(auto_comments: list[str], user_comments: list[str]) -> str | None:
    if auto_comments or user_comments:
        return "\n".join(auto_comments + user_comments)
    return None


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


def _plural_forms_header(catalog: Any) -> str | None:
    """The ``Plural-Forms`` of Babel's ``catalog.mime_headers`` (None: it has none): there
    when a locale or an nplurals is set. Taken alone: the property builds every header,
    formatting the dates (~2% of a tree's import)."""
    if catalog.locale is not None or catalog._num_plurals is not None:
        return str(catalog.plural_forms)
    return None


def _header_note(catalog: Any) -> str:
    value = _plural_forms_header(catalog)
    return " (no Plural-Forms header)" if value is None else f" (Plural-Forms: {value})"


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
