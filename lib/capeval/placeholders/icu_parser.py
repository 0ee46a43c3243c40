"""ICU MessageFormat syntax: a parser from message text to an AST.

The parser follows ICU4J's ``MessagePattern`` (apostrophe mode DOUBLE_OPTIONAL) and, for
rich-text tags, FormatJS's ``@formatjs/icu-messageformat-parser``:

* ``{name}``, ``{name, type}``, ``{name, type, style}``; a style is a keyword, a pattern or a
  ``::skeleton``; any type name parses (an unknown one such as a translated ``pluriel`` takes
  the rest as its style, as ICU4J does) so the comparer can call it *mutated*;
* ``{name, plural|selectordinal, [offset:N] key {message} …}`` with ``=N`` keys and ``#``;
  ``{name, select, key {message} …}``; every one of them needs an ``other`` branch;
* apostrophes: ``''`` is one apostrophe; ``'`` before ``{``, ``}``, ``|`` (and ``#`` in the
  immediate text of a plural branch; ``<``/``>`` when tags are on, as in FormatJS) starts quoted
  literal text that runs to the next lone apostrophe or to the end of the message; any other
  ``'`` — and the typographic ``’`` — is plain text, so French ``l'{x}`` hides ``{x}``;
* tags ``<b>…</b>`` and ``<0>…</0>`` (unless ``tags=False``); a self-closing ``<br/>`` is text;
* a ``}`` with no open ``{`` is an error (unbalanced braces), stricter than ICU4J and
  FormatJS, which read it as text.

It knows nothing of cases or verdicts; ``icu_compare`` compares two parsed messages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from capeval.plurals import CATEGORIES

__all__ = [
    "Argument",
    "Branching",
    "IcuSyntaxError",
    "Literal",
    "Node",
    "Pound",
    "Tag",
    "BRANCHING_TYPES",
    "CLDR_PLURAL_CATEGORIES",
    "PLURAL_TYPES",
    "looks_like_icu",
    "parse",
]

CLDR_PLURAL_CATEGORIES = frozenset(CATEGORIES)
BRANCHING_TYPES = frozenset({"plural", "selectordinal", "select"})
PLURAL_TYPES = frozenset({"plural", "selectordinal"})
MAX_NESTING = 64  # deeper messages are rejected rather than risking RecursionError

# --- character classes (Unicode Pattern_White_Space and Pattern_Syntax, as ICU uses) ---------

_WS = "\t\n\x0b\x0c\r \x85\u200e\u200f\u2028\u2029"
_SYNTAX = (
    "!-/:-@\\[-\\^`{-~\xa1-\xa7\xa9\xab\xac\xae\xb0\xb1\xb6\xbb\xbf\xd7\xf7"
    "\u2010-\u2027\u2030-\u203e\u2041-\u2053\u2055-\u205e\u2190-\u245f\u2500-\u2775"
    "\u2794-\u2bff\u2e00-\u2e7f\u3001-\u3003\u3008-\u3020\u3030\ufd3e\ufd3f\ufe45\ufe46"
)
_IDENTIFIER = re.compile(f"[^{_WS}{_SYNTAX}]+")
_SKIP_WS = re.compile(f"[{_WS}]*")
_WS_RUN = re.compile(f"[{_WS}]+")
_EXACT_KEY = re.compile(r"=[-+]?[0-9]+(?:\.[0-9]+)?")
_OFFSET = re.compile(f"offset:[{_WS}]*([0-9]+)")
_TAG_NAME = re.compile(r"[A-Za-z0-9][\w.\-·]*")
_STYLE_STOP = re.compile(r"['{}]")
# The characters that end a run of literal text, by context (plural branch text, tags on).
_TEXT_STOP = {
    (False, False): re.compile(r"[{}']"),
    (True, False): re.compile(r"[{}'#]"),
    (False, True): re.compile(r"[{}'<]"),
    (True, True): re.compile(r"[{}'#<]"),
}
_QUOTABLE = {
    (False, False): frozenset("{}|"),
    (True, False): frozenset("{}|#"),
    (False, True): frozenset("{}|<>"),
    (True, True): frozenset("{}|#<>"),
}

# auto-detection: a branching or typed argument, or a paired rich-text tag.
_TYPED_HINT = re.compile(
    f"\\{{[{_WS}]*[^{_WS}{_SYNTAX}]+[{_WS}]*,[{_WS}]*"
    "(?:plural|selectordinal|select|number|date|time|spellout|ordinal|duration)"
    f"[{_WS}]*[,}}]"
)
_OPEN_TAG = re.compile(r"<([A-Za-z0-9][\w.\-]*)\s*>")
_CLOSE_TAG = re.compile(r"</([A-Za-z0-9][\w.\-]*)\s*>")


# --- AST -------------------------------------------------------------------------------------


@dataclass(slots=True)
class Literal:
    """Literal text with quoting resolved (``''`` → ``'``, ``'{x}'`` → ``{x}``)."""

    text: str


@dataclass(slots=True)
class Argument:
    """``{name}``, ``{name, type}`` or ``{name, type, style}``; ``style`` is normalised."""

    name: str
    type: str | None
    style: str | None
    start: int


@dataclass(slots=True)
class Branching:
    """``plural``, ``selectordinal`` or ``select`` with its branches in written order."""

    name: str
    type: str
    offset: int
    branches: tuple[tuple[str, tuple[Node, ...]], ...]
    start: int


@dataclass(slots=True)
class Pound:
    """``#`` in the text of a plural or selectordinal branch."""

    start: int


@dataclass(slots=True)
class Tag:
    """A rich-text element ``<name>children</name>``."""

    name: str
    children: tuple[Node, ...]
    start: int


Node = Literal | Argument | Branching | Pound | Tag


class IcuSyntaxError(ValueError):
    """The message does not parse; ``position`` is a code-point offset into it."""

    def __init__(self, message: str, position: int) -> None:
        super().__init__(f"{message} at {position}")
        self.message = message
        self.position = position


# --- parser ----------------------------------------------------------------------------------


def parse(text: str, *, tags: bool = True) -> tuple[Node, ...]:
    """Parse an ICU message; raises :class:`IcuSyntaxError` (and nothing else) when invalid."""
    return _Parser(text, tags).parse()


def _normalise_style(style: str) -> str:
    # Whitespace inside an argument is insignificant: trim, collapse runs, and ``:: x`` is ``::x``.
    style = _WS_RUN.sub(" ", style.strip(_WS))
    if style.startswith(":: "):
        style = "::" + style[3:]
    return style


class _Parser:
    __slots__ = ("text", "pos", "tags", "end")

    def __init__(self, text: str, tags: bool) -> None:
        self.text = text
        self.pos = 0
        self.tags = tags
        self.end = len(text)

    def parse(self) -> tuple[Node, ...]:
        nodes = self._message(0, False, False, None)
        if self.pos < self.end:  # only a stray '}' or '</' stops the top-level message early
            raise IcuSyntaxError("unexpected character", self.pos)
        return nodes

    def _skip_ws(self) -> None:
        self.pos = _SKIP_WS.match(self.text, self.pos).end()

    def _message(
        self, depth: int, in_branch: bool, in_plural: bool, closing_tag: str | None
    ) -> tuple[Node, ...]:
        """Text, arguments, tags and ``#`` up to a ``}`` (inside a branch) or ``</`` (in a tag)."""
        if depth > MAX_NESTING:
            raise IcuSyntaxError("nesting too deep", self.pos)
        text, end = self.text, self.end
        stop = _TEXT_STOP[in_plural, self.tags]
        quotable = _QUOTABLE[in_plural, self.tags]
        nodes: list[Node] = []
        buf: list[str] = []
        while self.pos < end:
            m = stop.search(text, self.pos)
            if m is None:
                buf.append(text[self.pos :])
                self.pos = end
                break
            at = m.start()
            if at > self.pos:
                buf.append(text[self.pos : at])
            self.pos = at
            char = text[at]
            if char == "'":
                self._apostrophe(buf, quotable)
            elif char == "{":
                if buf:
                    nodes.append(Literal("".join(buf)))
                    buf = []
                nodes.append(self._argument(depth))
            elif char == "}":
                if not in_branch:
                    raise IcuSyntaxError("unmatched '}'", at)
                break
            elif char == "#":
                if buf:
                    nodes.append(Literal("".join(buf)))
                    buf = []
                nodes.append(Pound(at))
                self.pos = at + 1
            else:  # '<' with tags on
                following = text[at + 1 : at + 2]
                if following == "/":
                    if closing_tag is None:
                        raise IcuSyntaxError("closing tag without an opening tag", at)
                    break
                name = _TAG_NAME.match(text, at + 1)
                if name is None:
                    buf.append("<")
                    self.pos = at + 1
                    continue
                tag = self._tag(name.group(), depth, in_branch, in_plural)
                if isinstance(tag, Literal):
                    buf.append(tag.text)
                else:
                    if buf:
                        nodes.append(Literal("".join(buf)))
                        buf = []
                    nodes.append(tag)
        if buf:
            nodes.append(Literal("".join(buf)))
        return tuple(nodes)

    def _apostrophe(self, buf: list[str], quotable: frozenset[str]) -> None:
        text, at = self.text, self.pos
        following = text[at + 1 : at + 2]
        if following == "'":
            buf.append("'")
            self.pos = at + 2
        elif following and following in quotable:
            # Quoted literal text: up to the next lone apostrophe ('' inside is one apostrophe),
            # or to the end of the message when none follows (ICU and FormatJS alike).
            start = at + 1
            while True:
                close = text.find("'", start)
                if close < 0:
                    buf.append(text[start:])
                    self.pos = self.end
                    return
                if text[close + 1 : close + 2] == "'":
                    buf.append(text[start : close + 1])
                    start = close + 2
                    continue
                buf.append(text[start:close])
                self.pos = close + 1
                return
        else:
            buf.append("'")
            self.pos = at + 1

    def _identifier(self) -> str:
        m = _IDENTIFIER.match(self.text, self.pos)
        if m is None:
            return ""
        self.pos = m.end()
        return m.group()

    def _argument(self, depth: int) -> Argument | Branching:
        text, start = self.text, self.pos
        self.pos += 1
        self._skip_ws()
        if self.pos >= self.end:
            raise IcuSyntaxError("unterminated argument", start)
        if text[self.pos] == "}":
            raise IcuSyntaxError("empty argument", start)
        name = self._identifier()
        if not name:
            raise IcuSyntaxError("invalid argument name", self.pos)
        self._skip_ws()
        if self.pos >= self.end:
            raise IcuSyntaxError("unterminated argument", start)
        char = text[self.pos]
        if char == "}":
            self.pos += 1
            return Argument(name, None, None, start)
        if char != ",":
            raise IcuSyntaxError("malformed argument: expected ',' or '}'", self.pos)
        self.pos += 1
        self._skip_ws()
        arg_type = self._identifier()
        if not arg_type:
            if self.pos >= self.end:
                raise IcuSyntaxError("unterminated argument", start)
            raise IcuSyntaxError("expected an argument type", self.pos)
        self._skip_ws()
        if self.pos >= self.end:
            raise IcuSyntaxError("unterminated argument", start)
        char = text[self.pos]
        if arg_type in BRANCHING_TYPES:
            if char != ",":
                raise IcuSyntaxError(f"expected ',' and branches after '{arg_type}'", self.pos)
            self.pos += 1
            return self._branching(name, arg_type, start, depth)
        if char == "}":
            self.pos += 1
            return Argument(name, arg_type, None, start)
        if char != ",":
            raise IcuSyntaxError("malformed argument: expected ',' or '}'", self.pos)
        self.pos += 1
        style = _normalise_style(self._simple_style(start))
        if not style:
            raise IcuSyntaxError("expected an argument style", self.pos - 1)
        return Argument(name, arg_type, style, start)

    def _simple_style(self, start: int) -> str:
        """The style text up to the argument's closing ``}`` (consumed); braces may nest."""
        text = self.text
        style_start = self.pos
        nesting = 0
        while True:
            m = _STYLE_STOP.search(text, self.pos)
            if m is None:
                raise IcuSyntaxError("unterminated argument", start)
            at = m.start()
            char = text[at]
            if char == "'":
                close = text.find("'", at + 1)
                if close < 0:
                    raise IcuSyntaxError("unterminated quote in argument style", at)
                self.pos = close + 1
            elif char == "{":
                nesting += 1
                self.pos = at + 1
            elif nesting:
                nesting -= 1
                self.pos = at + 1
            else:
                self.pos = at + 1
                return text[style_start:at]

    def _branching(self, name: str, arg_type: str, start: int, depth: int) -> Branching:
        text = self.text
        self._skip_ws()
        offset = 0
        if arg_type != "select":
            m = _OFFSET.match(text, self.pos)
            if m is not None:
                offset = int(m.group(1))
                self.pos = m.end()
            elif text.startswith("offset:", self.pos):
                raise IcuSyntaxError("offset: needs a non-negative integer", self.pos)
        branches: list[tuple[str, tuple[Node, ...]]] = []
        seen: set[str] = set()
        in_plural = arg_type in PLURAL_TYPES
        while True:
            self._skip_ws()
            if self.pos >= self.end:
                raise IcuSyntaxError(f"unterminated {arg_type} argument", start)
            key_at = self.pos
            if text[key_at] == "}":
                self.pos += 1
                break
            exact = _EXACT_KEY.match(text, key_at) if in_plural else None
            if exact is not None:
                key = exact.group()
                self.pos = exact.end()
            else:
                key = self._identifier()
                if not key:
                    raise IcuSyntaxError(f"expected a {arg_type} key", key_at)
            if key in seen:
                raise IcuSyntaxError(f"duplicate {arg_type} key '{key}'", key_at)
            seen.add(key)
            self._skip_ws()
            if text[self.pos : self.pos + 1] != "{":
                raise IcuSyntaxError(f"expected '{{' after the key '{key}'", self.pos)
            branch_start = self.pos
            self.pos += 1
            message = self._message(depth + 1, True, in_plural, None)
            if self.pos >= self.end or text[self.pos] != "}":
                raise IcuSyntaxError(f"unterminated branch '{key}'", branch_start)
            self.pos += 1
            branches.append((key, message))
        if not branches:
            raise IcuSyntaxError(f"{arg_type} argument without branches", start)
        if "other" not in seen:
            raise IcuSyntaxError(f"{arg_type} argument without an 'other' branch", start)
        return Branching(name, arg_type, offset, tuple(branches), start)

    def _tag(self, name: str, depth: int, in_branch: bool, in_plural: bool) -> Tag | Literal:
        text, start = self.text, self.pos
        self.pos += 1 + len(name)
        self._skip_ws()
        if text.startswith("/>", self.pos):
            self.pos += 2
            return Literal(text[start : self.pos])  # self-closing: text, as in FormatJS
        if text[self.pos : self.pos + 1] != ">":
            if name[0].isdigit():
                # FormatJS reads '<' before a digit as text; only '<0>'-style tags are ours.
                self.pos = start + 1
                return Literal("<")
            raise IcuSyntaxError(f"invalid tag <{name}", start)
        self.pos += 1
        # Tag children keep the enclosing context: a '}' still ends a branch (so the tag is
        # unclosed) and '#' is still the plural's number.
        children = self._message(depth + 1, in_branch, in_plural, name)
        if not text.startswith("</", self.pos):
            raise IcuSyntaxError(f"unclosed tag <{name}>", start)
        close_at = self.pos
        closing = _TAG_NAME.match(text, self.pos + 2)
        if closing is None or closing.group() != name:
            got = closing.group() if closing else ""
            raise IcuSyntaxError(f"closing tag </{got}> does not match <{name}>", close_at)
        self.pos = closing.end()
        self._skip_ws()
        if text[self.pos : self.pos + 1] != ">":
            raise IcuSyntaxError(f"malformed closing tag </{name}", close_at)
        self.pos += 1
        return Tag(name, children, start)


def looks_like_icu(source: str) -> bool:
    """True when ``source`` has a plural/select/selectordinal or typed argument, or a tag pair
    and parses as ICU: a tag pair beside a tag ICU cannot close (HTML's ``<br>``, element-web's
    ``<a>In reply to</a> <pill>``) is markup of another kind, not a broken ICU source."""
    if "{" in source and _TYPED_HINT.search(source) is not None:
        return True
    if "</" not in source:
        return False
    # A closing tag after an opening tag of the same name; two linear scans, no backtracking.
    first_open: dict[str, int] = {}
    for m in _OPEN_TAG.finditer(source):
        first_open.setdefault(m.group(1), m.start())
    if not any(
        first_open.get(m.group(1), m.start()) < m.start() for m in _CLOSE_TAG.finditer(source)
    ):
        return False
    try:
        parse(source)
    except IcuSyntaxError:
        return False
    return True
