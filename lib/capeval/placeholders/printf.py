"""C/POSIX printf directives (the contract ``printf``).

Grammar: ``%`` [``N$``] [flags ``-+ #0'``] [width: digits, ``*`` or ``*N$``]
[``.`` precision: digits, ``*`` or ``*N$``] [length ``hh h l ll L q j z t``] conversion
(C and glibc: ``d i o u x X e E f F g G a A c s p n m C S``; and Objective-C's object
directive ``@``, as Apple's ``%@``/``%1$@`` — an additive v1 extension: such a ``%`` was a
syntax error before) or a gettext ``<PRI…>`` macro (``%<PRId64>``). ``%%`` is an escape, not
a placeholder. Any other ``%`` is a syntax error.

Key and spec: a positional directive's key is its ``N``; an unnumbered one's key is the
argument slot it consumes (a ``*`` width or precision consumes a slot of its own first, as in
C). ``%m`` takes no argument (it prints ``strerror(errno)``), so it has no slot: it is keyed
``%m`` like a named placeholder (``%2$m`` is the same placeholder: the ``N$`` means nothing).
The spec is the directive minus ``%`` and ``N$``, with the flags in a canonical order
(``%-+d`` and ``%+-d`` are the same directive).
Mixing numbered and unnumbered directives in one string is a syntax error, as in C.
"""

from __future__ import annotations

import re

from capeval.placeholders.compare import Extraction, Placeholder, SyntaxIssue

__all__ = ["DIRECTIVE_TEXTS", "extract_printf_placeholders"]

_PRI_MACRO = r"<PRI[diouxX](?:8|16|32|64|LEAST(?:8|16|32|64)|FAST(?:8|16|32|64)|MAX|PTR)>"
_CONVERSIONS = "diouxXeEfFgGaAcspnmCS@"
_LENGTHS = "hh|h|ll|l|L|q|j|z|t"
_ARG = r"[1-9][0-9]*\$"

# One match per '%': an escape, a directive, or a bare '%' (the optional group failed).
DIRECTIVE = re.compile(
    rf"%(?:(?P<esc>%)|(?:(?P<pos>[1-9][0-9]*)\$)?(?P<flags>[-+ #0']*)"
    rf"(?P<width>[1-9][0-9]*|\*(?:{_ARG})?)?(?:\.(?P<prec>[0-9]*|\*(?:{_ARG})?))?"
    rf"(?P<len>{_LENGTHS})?(?P<conv>[{_CONVERSIONS}]|{_PRI_MACRO}))?"
)
# The same grammar without groups: findall gives the matched texts ('%%', directives, and
# a bare '%' for an error), which is all the fast path needs. A bare conversion ('%s', the
# usual directive) is tried first: no length or flag is a conversion, so that branch matches
# exactly when the grammar's would with every option empty, and the many optional parts
# are not tried for it (tests/test_placeholders_fastpath.py compares it with DIRECTIVE).
# The whole is optional as a last, empty branch ('|)' for ')?'): the same matches, without
# the repeat an optional group costs each time (~15% of a findall).
DIRECTIVE_TEXTS = re.compile(
    rf"%(?:[{_CONVERSIONS}]|%|(?:{_ARG})?[-+ #0']*(?:[1-9][0-9]*|\*(?:{_ARG})?)?"
    rf"(?:\.(?:[0-9]*|\*(?:{_ARG})?))?(?:{_LENGTHS})?(?:[{_CONVERSIONS}]|{_PRI_MACRO})|)"
)
_FLAG_ORDER = {flag: index for index, flag in enumerate("-+ #0'")}


def _canonical_flags(flags: str) -> str:
    if len(flags) < 2:
        return flags
    return "".join(sorted(set(flags), key=_FLAG_ORDER.__getitem__))


def directive_spec(flags: str, width: str, prec: str | None, length: str, conv: str) -> str:
    """A directive's spec: canonical flags, width, precision, length and conversion."""
    return _canonical_flags(flags) + width + ("" if prec is None else "." + prec) + length + conv


def bind_unnumbered(
    flags: str, width: str, prec: str | None, length: str, conv: str, slot: int
) -> tuple[int, str | None]:
    """(the slot an unnumbered directive takes, the spec it binds there or None).

    Each ``*`` consumes an argument of its own, before the value's, so ``%*d`` after ``%s``
    takes slots 2 and 3 and binds ``*2$d`` to slot 3.
    """
    if width != "*" and prec != "*":
        return slot + 1, None
    head = _canonical_flags(flags)
    if width == "*":
        slot += 1
        head += f"*{slot}$"
    else:
        head += width
    if prec == "*":
        slot += 1
        head += f".*{slot}$"
    elif prec is not None:
        head += "." + prec
    return slot + 1, head + length + conv


def extract_printf_placeholders(text: str) -> Extraction:
    """The printf directives of ``text`` in order, and its syntax errors."""
    if "%" not in text:
        return Extraction((), ())
    tokens: list[Placeholder] = []
    errors: list[SyntaxIssue] = []
    slot = 0
    numbered_at = unnumbered_at = -1
    for match in DIRECTIVE.finditer(text):
        conv = match["conv"]
        if conv is None:
            if match["esc"] is None:
                errors.append(SyntaxIssue(match.start(), "'%' starts no valid directive"))
            continue
        position = match["pos"]
        flags = match["flags"]
        width = match["width"] or ""
        prec = match["prec"]
        length = match["len"] or ""
        spec = directive_spec(flags, width, prec, length, conv)
        start = match.start()
        if conv == "m":
            # glibc %m consumes no argument (an N$ on it means nothing): it behaves like a
            # named placeholder.
            tokens.append(Placeholder(match[0], "%m", spec, start, True))
            continue
        if position is not None:
            if numbered_at < 0:
                numbered_at = start
            if width == "*" or prec == "*":
                unnumbered_at = unnumbered_at if unnumbered_at >= 0 else start
            tokens.append(Placeholder(match[0], int(position), spec, start, True))
            continue
        if unnumbered_at < 0:
            unnumbered_at = start
        slot, slot_spec = bind_unnumbered(flags, width, prec, length, conv, slot)
        tokens.append(Placeholder(match[0], slot, spec, start, False, slot_spec))
    if numbered_at >= 0 and unnumbered_at >= 0:
        errors.append(
            SyntaxIssue(
                max(numbered_at, unnumbered_at),
                "numbered (%N$) and unnumbered directives are mixed",
            )
        )
    return Extraction(tuple(tokens), tuple(errors))
