"""Python placeholders: ``%``-formatting and ``str.format`` fields (the contract ``python``).

Percent style: ``%`` [``(name)``] [flags ``-+ #0``] [width: digits or ``*``]
[``.`` precision] [length ``h l L``, accepted and ignored by Python] conversion
``d i o u x X e E f F g G c r s a``. ``%%`` is an escape. A named directive's key is its
name; an unnumbered one's key is its argument slot (1, 2, …; a ``*`` consumes a slot of its
own). Named and unnamed directives in one string are a syntax error (Python raises).

Brace style follows CPython's own parser (``Objects/stringlib/unicode_format.h``): ``{{`` and
``}}`` are escapes; a field is ``{`` field_name [``!`` conversion] [``:`` format_spec] ``}``,
where ``[…]`` in the field name may hold any character but ``]`` and the format spec may nest
``{…}``. A field's key is its argument — the field name up to the first ``.`` or ``[``, an
int when it is all digits, the slot (0, 1, …) when it is empty (``{}``, ``{.attr}``) — and its
spec is the rest: accessors (``.attr``, ``[0]``), ``!conv`` and ``:format`` (an empty ``:`` is
dropped: ``{x:}`` is ``{x}``). So ``{user.name}`` → ``{user.nom}`` is a mutation of argument
``user``. A single ``{`` or ``}``, a conversion other than ``r s a``, and mixing ``{}`` with
``{0}`` are syntax errors (Python raises on each).
"""

from __future__ import annotations

import re

from capeval.placeholders.compare import Extraction, Placeholder, SyntaxIssue

__all__ = [
    "BRACE_TEXTS",
    "PERCENT_TEXTS",
    "extract_python_brace_placeholders",
    "extract_python_percent_placeholders",
    "extract_python_placeholders",
]

_NAME = r"\((?:[^()]|\([^()]*\))*\)"
PERCENT = re.compile(
    rf"%(?:(?P<esc>%)|(?P<name>{_NAME})?(?P<flags>[-+ #0]*)(?P<width>[1-9][0-9]*|\*)?"
    r"(?:\.(?P<prec>[0-9]*|\*))?(?P<len>[hlL])?(?P<conv>[diouxXeEfFgGcrsa]))?"
)
PERCENT_TEXTS = re.compile(
    rf"%(?:%|(?:{_NAME})?[-+ #0]*(?:[1-9][0-9]*|\*)?(?:\.(?:[0-9]*|\*))?[hlL]?[diouxXeEfFgGcrsa])?"
)
_FLAG_ORDER = {flag: index for index, flag in enumerate("-+ #0")}

# Fast-path texts for brace style: escapes, simple fields (no brackets, no nesting) and any
# other single brace (which sends the string to the full parser).
BRACE_TEXTS = re.compile(r"\{\{|\}\}|\{[^{}\[\]:!]*(?:![^{}:])?(?::[^{}]*)?\}|[{}]")
_BRACE = re.compile(r"[{}]")
_SIMPLE_FIELD = re.compile(r"\{([^{}\[\]:!]*)(?:!([^{}:]))?(?::([^{}]*))?\}")
_ARGUMENT_END = re.compile(r"[.\[]")


def _canonical_flags(flags: str) -> str:
    if len(flags) < 2:
        return flags
    return "".join(sorted(set(flags), key=_FLAG_ORDER.__getitem__))


def extract_python_percent_placeholders(text: str) -> Extraction:
    """The ``%``-style directives of ``text`` in order, and its syntax errors."""
    if "%" not in text:
        return Extraction((), ())
    tokens: list[Placeholder] = []
    errors: list[SyntaxIssue] = []
    slot = 0
    named_at = unnamed_at = -1
    for match in PERCENT.finditer(text):
        conv = match["conv"]
        if conv is None:
            if match["esc"] is None:
                errors.append(SyntaxIssue(match.start(), "'%' starts no valid directive"))
            continue
        width = match["width"] or ""
        prec = match["prec"]
        spec = (
            _canonical_flags(match["flags"])
            + width
            + ("" if prec is None else "." + prec)
            + (match["len"] or "")
            + conv
        )
        start = match.start()
        name = match["name"]
        if name is not None:
            named_at = start if named_at < 0 else named_at
            tokens.append(Placeholder(match[0], name[1:-1], spec, start, True))
            continue
        unnamed_at = start if unnamed_at < 0 else unnamed_at
        slot_spec = None
        if width == "*" or prec == "*":
            slot += (width == "*") + (prec == "*")
            slot_spec = spec  # Python has no positional form; '*' stays as written
        slot += 1
        tokens.append(Placeholder(match[0], slot, spec, start, False, slot_spec))
    if named_at >= 0 and unnamed_at >= 0:
        errors.append(
            SyntaxIssue(max(named_at, unnamed_at), "named and unnamed directives are mixed")
        )
    return Extraction(tuple(tokens), tuple(errors))


def _parse_field(text: str, start: int) -> tuple[int, str, str | None, str | None] | str:
    """CPython's ``parse_field`` from just after the ``{`` at ``start - 1``.

    Returns (end after the closing brace, field name, conversion, format spec) or an error.
    """
    n = len(text)
    i = start
    c = ""
    while i < n:
        c = text[i]
        i += 1
        if c == "{":
            return "unexpected '{' in field name"
        if c == "[":
            close = text.find("]", i)
            i = n if close < 0 else close
            c = ""
            continue
        if c in "}:!":
            break
    else:
        c = ""
    name_end = i - 1 if c else i
    name = text[start:name_end]
    if c == "}":
        return (i, name, None, None)
    if c != "!" and c != ":":
        return "expected '}' before end of string"
    conversion = None
    if c == "!":
        if i >= n:
            return "end of string while looking for conversion specifier"
        conversion = text[i]
        i += 1
        if i < n:
            c = text[i]
            i += 1
            if c == "}":
                return (i, name, conversion, None)
            if c != ":":
                return "expected ':' after conversion specifier"
    spec_start = i
    depth = 1
    while i < n:
        c = text[i]
        i += 1
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return (i, name, conversion, text[spec_start : i - 1])
    return "unmatched '{' in format spec"


def extract_python_brace_placeholders(text: str) -> Extraction:
    """The ``str.format`` fields of ``text`` in order, and its syntax errors."""
    if "{" not in text and "}" not in text:
        return Extraction((), ())
    tokens: list[Placeholder] = []
    errors: list[SyntaxIssue] = []
    auto_slot = 0
    auto_at = manual_at = -1
    pos = 0
    n = len(text)
    search = _BRACE.search
    while True:
        brace = search(text, pos)
        if brace is None:
            break
        at = brace.start()
        char = text[at]
        if at + 1 < n and text[at + 1] == char:
            pos = at + 2  # '{{' or '}}'
            continue
        if char == "}":
            errors.append(SyntaxIssue(at, "single '}' encountered"))
            pos = at + 1
            continue
        simple = _SIMPLE_FIELD.match(text, at)
        if simple is not None:
            end = simple.end()
            name, conversion, format_spec = simple.groups()
        else:
            parsed = _parse_field(text, at + 1)
            if isinstance(parsed, str):
                errors.append(SyntaxIssue(at, parsed))
                pos = at + 1
                continue
            end, name, conversion, format_spec = parsed
        pos = end
        if conversion is not None and conversion not in "rsa":
            errors.append(SyntaxIssue(at, f"unknown conversion '!{conversion}'"))
        cut = _ARGUMENT_END.search(name)
        argument = name if cut is None else name[: cut.start()]
        spec = "" if cut is None else name[cut.start() :]
        if conversion is not None:
            spec += "!" + conversion
        if format_spec:
            spec += ":" + format_spec
        if argument == "":
            auto_at = at if auto_at < 0 else auto_at
            tokens.append(Placeholder(text[at:end], auto_slot, spec, at, False))
            auto_slot += 1
            if format_spec and "{" in format_spec:
                # Nested automatic fields ({:{}}) consume slots too.
                auto_slot += format_spec.count("{}")
            continue
        if argument.isdecimal():
            manual_at = at if manual_at < 0 else manual_at
            tokens.append(Placeholder(text[at:end], int(argument), spec, at, True))
        else:
            tokens.append(Placeholder(text[at:end], argument, spec, at, True))
    if auto_at >= 0 and manual_at >= 0:
        errors.append(
            SyntaxIssue(
                max(auto_at, manual_at),
                "automatic ({}) and manual ({0}) field numbering are mixed",
            )
        )
    return Extraction(tuple(tokens), tuple(errors))


def extract_python_placeholders(text: str, style: str) -> list[Extraction]:
    """The token groups of ``text`` for a resolved style: ``percent``, ``brace`` or ``both``.

    With both, brace fields are found first and blanked out before the ``%`` scan, so a
    ``%`` inside a format spec (``{:.0%}``) is not read as a directive.
    """
    if style == "percent":
        return [extract_python_percent_placeholders(text)]
    brace = extract_python_brace_placeholders(text)
    if style == "brace":
        return [brace]
    masked = text
    if brace.tokens:
        pieces = []
        last = 0
        for token in brace.tokens:
            pieces.append(text[last : token.pos])
            pieces.append("\0" * len(token.text))
            last = token.pos + len(token.text)
        pieces.append(text[last:])
        masked = "".join(pieces)
    return [brace, extract_python_percent_placeholders(masked)]
