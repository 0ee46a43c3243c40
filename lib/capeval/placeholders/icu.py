"""ICU MessageFormat: a parser to an AST and the ``placeholder_integrity`` comparison (SPEC §5.1).

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
* a ``}`` with no open ``{`` is an error (SPEC: unbalanced braces), stricter than ICU4J and
  FormatJS, which read it as text.

The comparer scopes arguments by branch: each candidate branch is compared with the source
branch of the same key, else the source's ``other``. See the ICU section of README.md.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from capeval.codes import RESULT_CODES
from capeval.verdict import Outcome

__all__ = [
    "Argument",
    "Branching",
    "IcuSyntaxError",
    "Literal",
    "Node",
    "Pound",
    "Tag",
    "check_icu",
    "looks_like_icu",
    "parse",
    "plural_categories",
]

ASSERTION = "placeholder_integrity"
CLDR_PLURAL_CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})
BRANCHING_TYPES = frozenset({"plural", "selectordinal", "select"})
PLURAL_TYPES = frozenset({"plural", "selectordinal"})
_PRECEDENCE = RESULT_CODES[ASSERTION]
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
    """True when ``source`` has a plural/select/selectordinal or typed argument, or a tag pair."""
    if "{" in source and _TYPED_HINT.search(source) is not None:
        return True
    if "</" not in source:
        return False
    # A closing tag after an opening tag of the same name; two linear scans, no backtracking.
    first_open: dict[str, int] = {}
    for m in _OPEN_TAG.finditer(source):
        first_open.setdefault(m.group(1), m.start())
    return any(
        first_open.get(m.group(1), m.start()) < m.start() for m in _CLOSE_TAG.finditer(source)
    )


# --- CLDR plural categories ------------------------------------------------------------------


@lru_cache(maxsize=256)
def plural_categories(locale_tag: str, ordinal: bool = False) -> frozenset[str] | None:
    """CLDR plural categories of ``locale_tag`` (``other`` included), or None when unknown.

    Babel's ``plural_form.tags`` leaves ``other`` out; it is always a category.
    """
    if not locale_tag:
        return None
    from babel import Locale, UnknownLocaleError  # lazily: ~20 ms, paid only by plurals

    candidates = [locale_tag]
    language = locale_tag.split("-", 1)[0]
    if language != locale_tag:
        candidates.append(language)
    for tag in candidates:
        try:
            locale = Locale.parse(tag, sep="-")
        except (UnknownLocaleError, ValueError, TypeError):
            continue
        rule = locale.ordinal_form if ordinal else locale.plural_form
        return frozenset(rule.tags) | {"other"}
    return None


# --- analysis: what each scope of a message holds --------------------------------------------

# An identity is (kind, name, type, style): kind "arg" or "tag"; for plural and selectordinal
# the style is "offset:N" when N is not 0. Identities are what must match across the sides.
Identity = tuple[str, str, str | None, str | None]
POUND_MARK: Identity = ("pound", "#", None, None)


def _identity(node: Argument | Branching | Tag) -> Identity:
    if isinstance(node, Argument):
        return ("arg", node.name, node.type, node.style)
    if isinstance(node, Branching):
        return ("arg", node.name, node.type, f"offset:{node.offset}" if node.offset else None)
    return ("tag", node.name, None, None)


def render(identity: Identity) -> str:
    """How an identity is written in evidence: ``{n, number, ::percent}``, ``<b>…</b>``."""
    kind, name, arg_type, style = identity
    if kind == "tag":
        return f"<{name}>…</{name}>"
    if kind == "pound":
        return "#"
    if arg_type is None:
        return f"{{{name}}}"
    if style is None:
        return f"{{{name}, {arg_type}}}"
    if len(style) > 60:
        style = style[:59] + "…"
    return f"{{{name}, {arg_type}, {style}}}"


class _Scope:
    """One message or branch: its identities (looking through tags, not into branches)."""

    __slots__ = ("counts", "order", "branchings")

    def __init__(self) -> None:
        self.counts: Counter[Identity] = Counter()
        self.order: list[Identity] = []  # order of appearance, '#' included
        self.branchings: list[tuple[Branching, dict[str, _Scope]]] = []


class _Analysis:
    """A parsed message: its scope tree and what it holds anywhere."""

    __slots__ = ("root", "identities", "keys", "counted")

    def __init__(self, root: _Scope, identities: set[Identity], counted: set[str]) -> None:
        self.root = root
        self.identities = identities  # every identity anywhere in the message
        self.keys = {(identity[0], identity[1]) for identity in identities}  # (kind, name)
        self.counted = counted  # names of plural/selectordinal arguments


def _scope(nodes: tuple[Node, ...], every: set[Identity], counted: set[str]) -> _Scope:
    scope = _Scope()
    _collect(nodes, scope, every, counted)
    return scope


def _collect(nodes: tuple[Node, ...], scope: _Scope, every: set[Identity], counted: set[str]):
    for node in nodes:
        if isinstance(node, Literal):
            continue
        if isinstance(node, Pound):
            scope.order.append(POUND_MARK)
            continue
        identity = _identity(node)
        scope.counts[identity] += 1
        scope.order.append(identity)
        every.add(identity)
        if isinstance(node, Tag):
            _collect(node.children, scope, every, counted)
        elif isinstance(node, Branching):
            if node.type in PLURAL_TYPES:
                counted.add(node.name)
            branches = {key: _scope(message, every, counted) for key, message in node.branches}
            scope.branchings.append((node, branches))


def _analyse(nodes: tuple[Node, ...]) -> _Analysis:
    every: set[Identity] = set()
    counted: set[str] = set()
    root = _scope(nodes, every, counted)
    return _Analysis(root, every, counted)


@lru_cache(maxsize=4096)
def _analysed_source(source: str, tags: bool) -> _Analysis | IcuSyntaxError:
    # Sources repeat across candidates and systems; candidates are parsed afresh.
    try:
        return _analyse(parse(source, tags=tags))
    except IcuSyntaxError as error:
        return error


# --- comparison ------------------------------------------------------------------------------


class _Findings:
    """Everything wrong (and the plural facts worth reporting) across all scopes."""

    def __init__(self, source: _Analysis, target_locale: str, allow_reorder: bool) -> None:
        self.source = source
        self.target_locale = target_locale
        self.allow_reorder = allow_reorder
        self.codes: set[str] = set()
        self.evidence: dict[str, list[Any]] = {}

    def add(self, code: str | None, key: str, entry: Any) -> None:
        if code:
            self.codes.add(code)
        self.evidence.setdefault(key, []).append(entry)


def _where(path: str, text: str) -> str:
    """``{x}`` at the top level, ``count[few]: {x}`` inside a branch."""
    return f"{path}: {text}" if path else text


def _in_branch(path: str, entry: dict[str, Any]) -> dict[str, Any]:
    return {"branch": path, **entry} if path else entry


# A branch may name the plural's count as a plain or number argument ("{n} товар").
_COUNT_TYPES = (None, "number")
_KNOWN_TYPES = frozenset(
    {None, "number", "date", "time", "spellout", "ordinal", "duration", *BRANCHING_TYPES}
)


def _compare_scope(src: _Scope, cand: _Scope, path: str, found: _Findings) -> None:
    """One branch (or the whole message) against its source counterpart, then its branches."""
    source = found.source
    unmatched: dict[tuple[str, str], list[Identity]] = {}
    for identity, count in src.counts.items():
        got = cand.counts.get(identity, 0)
        if got == 0:
            unmatched.setdefault(identity[:2], []).append(identity)
        elif got != count:
            entry = {"placeholder": render(identity), "expected": count, "actual": got}
            found.add("placeholder_count_mismatch", "count_mismatch", _in_branch(path, entry))
    for identity in cand.counts:
        if identity in src.counts:
            continue
        key = identity[:2]
        lost = unmatched.get(key)
        if lost:
            # Same argument (or tag) name, other type or style: one mutation, not two defects.
            was = lost.pop(0)
            found.add(
                "placeholder_mutated",
                "mutated",
                [_where(path, render(was)), _where(path, render(identity))],
            )
            if identity[0] == "arg" and identity[2] not in _KNOWN_TYPES:
                found.add(None, "unknown_types", identity[2])
        elif identity in source.identities:
            continue  # the message has it elsewhere; a branch may add it
        elif key not in source.keys:
            found.add("placeholder_extra", "extra", _where(path, render(identity)))
        elif identity[0] == "arg" and identity[1] in source.counted and identity[2] in _COUNT_TYPES:
            continue  # naming the plural's count, e.g. a singular "{n} товар"
        else:
            # The name is the message's, the type or style is one the source never gives it.
            elsewhere = min(render(i) for i in source.identities if i[:2] == key)
            found.add("placeholder_mutated", "mutated", [elsewhere, _where(path, render(identity))])
            if identity[0] == "arg" and identity[2] not in _KNOWN_TYPES:
                found.add(None, "unknown_types", identity[2])
    for lost in unmatched.values():
        for identity in lost:
            found.add("placeholder_missing", "missing", _where(path, render(identity)))

    if not found.allow_reorder:
        _compare_order(src, cand, path, found)

    # Pair branching arguments by (name, type), in order of appearance, and compare branches.
    pending: dict[tuple[str, str], list[tuple[Branching, dict[str, _Scope]]]] = {}
    for node, branches in src.branchings:
        pending.setdefault((node.name, node.type), []).append((node, branches))
    for node, branches in cand.branchings:
        queue = pending.get((node.name, node.type))
        if queue:
            _src_node, src_branches = queue.pop(0)
            _compare_branching(node, src_branches, branches, path, found)


def _compare_order(src: _Scope, cand: _Scope, path: str, found: _Findings) -> None:
    # Only what both sides have the same number of times can be out of order.
    common = {i for i, n in src.counts.items() if cand.counts.get(i) == n}
    if POUND_MARK in src.order and POUND_MARK in cand.order:
        common.add(POUND_MARK)
    src_order = [i for i in src.order if i in common]
    cand_order = [i for i in cand.order if i in common]
    if POUND_MARK in common and src_order.count(POUND_MARK) != cand_order.count(POUND_MARK):
        # '#' may be repeated or dropped; compare where the first one stands.
        src_order = _first_pound_only(src_order)
        cand_order = _first_pound_only(cand_order)
    if src_order != cand_order:
        entry = {
            "expected": [render(i) for i in src_order],
            "actual": [render(i) for i in cand_order],
        }
        found.add("placeholder_reordered", "reordered", _in_branch(path, entry))


def _first_pound_only(order: list[Identity]) -> list[Identity]:
    first = order.index(POUND_MARK)
    return [i for n, i in enumerate(order) if i != POUND_MARK or n == first]


def _compare_branching(
    node: Branching,
    src_branches: dict[str, _Scope],
    branches: dict[str, _Scope],
    path: str,
    found: _Findings,
) -> None:
    here = f"{path}/{node.name}" if path else node.name
    if node.type in PLURAL_TYPES:
        for key in branches:
            # A key the source itself uses is the author's choice, not the translator's.
            if key.startswith("=") or key in CLDR_PLURAL_CATEGORIES or key in src_branches:
                continue
            found.add("placeholder_mutated", "invalid_plural_keys", f"{here}[{key}]")
        lost = [key for key in src_branches if key.startswith("=") and key not in branches]
        categories = plural_categories(found.target_locale, node.type == "selectordinal")
        if categories is not None:
            for key in branches:
                if key in CLDR_PLURAL_CATEGORIES and key not in categories:
                    found.add(None, "unused_plural_keys", f"{here}[{key}]")
            for key in _CATEGORY_ORDER:
                if key in categories and key not in branches:
                    found.add(None, "missing_plural_categories", f"{here}[{key}]")
    else:
        lost = [key for key in src_branches if key not in branches]
        for key in branches:
            if key not in src_branches:
                found.add(None, "added_branches", f"{here}[{key}]")
    for key in lost:
        found.add("placeholder_mutated", "missing_branches", f"{here}[{key}]")
    fallback = src_branches["other"]  # the parser guarantees it
    for key, scope in branches.items():
        _compare_scope(src_branches.get(key, fallback), scope, f"{here}[{key}]", found)


_CATEGORY_ORDER = ("zero", "one", "two", "few", "many", "other")
# Evidence keys in a stable order: the defects first, then facts that never fail a result.
_EVIDENCE_ORDER = (
    "mutated",
    "unknown_types",
    "invalid_plural_keys",
    "missing_branches",
    "missing",
    "extra",
    "count_mismatch",
    "reordered",
    "added_branches",
    "unused_plural_keys",
    "missing_plural_categories",
)


def _message(evidence: dict[str, Any]) -> str:
    parts = []
    if "mutated" in evidence:
        parts.append("mutated " + ", ".join(f"{a} → {b}" for a, b in evidence["mutated"]))
    if "invalid_plural_keys" in evidence:
        parts.append("not a CLDR plural key " + ", ".join(evidence["invalid_plural_keys"]))
    if "missing_branches" in evidence:
        parts.append("branch dropped " + ", ".join(evidence["missing_branches"]))
    if "missing" in evidence:
        parts.append("missing " + ", ".join(evidence["missing"]))
    if "extra" in evidence:
        parts.append("extra " + ", ".join(evidence["extra"]))
    if "count_mismatch" in evidence:
        parts.append(
            "count differs for "
            + ", ".join(
                f"{_where(e.get('branch', ''), e['placeholder'])} ({e['expected']} → {e['actual']})"
                for e in evidence["count_mismatch"]
            )
        )
    if "reordered" in evidence:
        parts.append("placeholders reordered where reordering is not allowed")
    return "; ".join(parts)


def _flat(scope: _Scope) -> list[str]:
    """Every argument and tag of a message in order of appearance, branches included."""
    out: list[str] = []
    branchings = iter(scope.branchings)
    for identity in scope.order:
        if identity is POUND_MARK:
            continue
        out.append(render(identity))
        if identity[2] in BRANCHING_TYPES:
            _node, branches = next(branchings)
            for branch in branches.values():
                out.extend(_flat(branch))
    return out


def check_icu(
    source: str,
    text: str,
    *,
    allow_reorder: bool = True,
    tags: bool = True,
    target_locale: str = "",
) -> Outcome:
    """Compare the ICU placeholders of ``source`` and candidate ``text`` (SPEC §5.1).

    ``target_locale`` (BCP 47) selects the CLDR plural categories reported in evidence.
    """
    analysed = _analysed_source(source, tags)
    if isinstance(analysed, IcuSyntaxError):
        return _syntax_outcome("source", source, analysed)
    try:
        candidate = _analyse(parse(text, tags=tags))
    except IcuSyntaxError as error:
        return _syntax_outcome("candidate", text, error)
    found = _Findings(analysed, target_locale, allow_reorder)
    _compare_scope(analysed.root, candidate.root, "", found)
    evidence = {key: found.evidence[key] for key in _EVIDENCE_ORDER if key in found.evidence}
    if not found.codes:
        return Outcome(evidence=evidence)
    evidence = {"expected": _flat(analysed.root), "actual": _flat(candidate.root), **evidence}
    code = min(found.codes, key=_PRECEDENCE.index)
    return Outcome(code, _message(evidence), evidence)


def _syntax_outcome(side: str, text: str, error: IcuSyntaxError) -> Outcome:
    near = text[error.position : error.position + 20]
    return Outcome(
        "placeholder_syntax",
        f"{side} placeholder syntax: {error.message} at {error.position}",
        {
            "side": side,
            "errors": [
                {"side": side, "position": error.position, "message": error.message, "near": near}
            ],
        },
    )
