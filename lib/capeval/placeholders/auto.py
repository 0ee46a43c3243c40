"""``syntax: auto`` — placeholders recognised without being told the syntax.

ICU MessageFormat is chosen when the source has a ``plural``, ``select``, ``selectordinal``
or typed argument, or a rich-text tag (decided by
:func:`capeval.placeholders.icu_parser.looks_like_icu`).
Otherwise each string is scanned once, left to right, for three groups of tokens, which are
compared group by group:

* mustache tokens ``{{name}}`` / ``{{{name}}}`` (identity: the text, as in the ``mustache``
  preset); ``{{`` and ``}}`` that form no token are text;
* brace fields as Python writes them — ``{}``, ``{0}``, ``{name}``, ``{name.attr}``,
  ``{name[0]}``, with ``!r/!s/!a`` and a ``:format`` spec (key and spec as in python brace
  style). Only well-formed fields count: a lone ``{``, ``{ name }`` or JSON-like braces are
  text, never a syntax error;
* ``%`` directives (printf and python ``%`` grammars together: ``%(name)s``, ``%1$s``,
  ``%-5d``, ``%.2f``, ``%<PRId64>``, ``%r`` …), but only when the ``%`` is directly followed
  by ``(``, ``N$``, a flag other than space, a digit or ``*``, ``.`` or a conversion letter
  (with its length modifier: ``%lu``, ``%zu``) — so
  ``100% complete``, ``50 % de réduction`` and ``50% off`` hold no directive, while
  ``100%d`` does. ``%%`` is an escape. A ``%(`` or ``%N$`` that completes no directive is a
  syntax error (a broken placeholder, not prose); any other ``%`` is text.

The scan is the same for source and candidate, so a placeholder found only in the candidate
is ``extra``. Lookalike characters (full-width ``％ ｛ ｝``, Arabic ``٪``, small ``﹪``) are
text: a ``%s`` written as ``％s`` is ``missing``.
"""

from __future__ import annotations

import re

from capeval.placeholders.compare import Extraction, Placeholder, SyntaxIssue
from capeval.placeholders.printf import bind_unnumbered, directive_spec

__all__ = ["AUTO_TEXTS", "AUTO_TEXTS_WITHOUT_BRACE", "extract_auto_placeholders", "looks_like_icu"]

_ARG = r"[1-9][0-9]*\$"
_PRI_MACRO = r"<PRI[diouxX](?:8|16|32|64|LEAST(?:8|16|32|64)|FAST(?:8|16|32|64)|MAX|PTR)>"
_CONVERSIONS = "diouxXeEfFgGaAcspnmCSr"
_IDENT = r"[^\W\d]\w*"
_MUSTACHE = r"\{\{\{[^{}]+\}\}\}|\{\{\s*[^{}\s][^{}]*\}\}"
_FIELD = (
    rf"\{{(?P<fname>{_IDENT}|[0-9]+)?(?P<facc>(?:\.{_IDENT}|\[[^\[\]{{}}]+\])*)"
    r"(?:!(?P<fconv>[rsa]))?(?::(?P<fspec>[^{}]*))?\}"
)
# What may directly follow '%' for it to start a directive. The contract names '(', 'N$', a flag
# other than space, a digit, '.' and a conversion letter; a '*' width counts as a digit would, and a
# length modifier (%lu, %zu, %lld) as part of the conversion. Whatever follows must still
# complete a directive.
_PERCENT_START = rf"(?=[(1-9\-+#0'.*{_CONVERSIONS}hlLqjzt]|<PRI)"
_PERCENT = (
    rf"%{_PERCENT_START}(?:\((?P<pname>(?:[^()]|\([^()]*\))*)\))?(?:(?P<ppos>[1-9][0-9]*)\$)?"
    rf"(?P<pflags>[-+ #0']*)(?P<pwidth>[1-9][0-9]*|\*(?:{_ARG})?)?"
    rf"(?:\.(?P<pprec>[0-9]*|\*(?:{_ARG})?))?(?P<plen>hh|h|ll|l|L|q|j|z|t)?"
    rf"(?P<pconv>[{_CONVERSIONS}]|{_PRI_MACRO})"
)
_BROKEN_PERCENT = rf"%(?:\(|{_ARG})"

AUTO = re.compile(
    rf"(?P<must>{_MUSTACHE})|\{{\{{|\}}\}}|(?P<field>{_FIELD})|%%|(?P<pct>{_PERCENT})"
    rf"|(?P<bad>{_BROKEN_PERCENT})"
)
# Fast path: the same scan without groups (findall yields matched texts). Escapes come back
# as '{{', '}}' and '%%'; a broken directive as '%(' or '%N$'.
AUTO_TEXTS = re.compile(
    re.sub(r"\(\?P<\w+>", "(?:", AUTO.pattern),
)
# The same scan for a text without '{': every alternative that starts with '{' fails there,
# and the rest are tried in the same order, so the matches are the same. Led by a character
# class ('%' or '}'), which the regex engine scans for quickly (~1.6x faster on a typical
# string; tests/test_core_shortcuts.py compares the two).
AUTO_TEXTS_WITHOUT_BRACE = re.compile(
    re.sub(
        r"\(\?P<\w+>",
        "(?:",
        rf"[%}}](?:(?<=\}})\}}|(?<=%)(?:%|{_PERCENT[1:]}|{_BROKEN_PERCENT[1:]}))",
    )
)
AUTO_ESCAPES = frozenset({"{{", "}}", "%%"})


def extract_auto_placeholders(text: str) -> tuple[Extraction, Extraction, Extraction]:
    """(mustache, brace, percent) token groups of ``text`` under the auto rules."""
    if "{" not in text and "%" not in text:
        return _NONE
    mustache: list[Placeholder] = []
    brace: list[Placeholder] = []
    percent: list[Placeholder] = []
    errors: list[SyntaxIssue] = []
    brace_slot = 0
    percent_slot = 0
    for match in AUTO.finditer(text):
        kind = match.lastgroup
        if kind is None:
            continue  # an escape
        start = match.start()
        found = match[0]
        if kind == "must":
            mustache.append(Placeholder(found, found, "", start, True))
        elif kind == "field":
            name = match["fname"] or ""
            spec = match["facc"]
            if match["fconv"]:
                spec += "!" + match["fconv"]
            if match["fspec"]:
                spec += ":" + match["fspec"]
            if name == "":
                brace.append(Placeholder(found, brace_slot, spec, start, False))
                brace_slot += 1
            elif name.isdecimal():
                brace.append(Placeholder(found, int(name), spec, start, True))
            else:
                brace.append(Placeholder(found, name, spec, start, True))
        elif kind == "pct":
            conv = match["pconv"]
            width = match["pwidth"] or ""
            prec = match["pprec"]
            length = match["plen"] or ""
            spec = directive_spec(match["pflags"], width, prec, length, conv)
            name = match["pname"]
            position = match["ppos"]
            if name is not None:
                percent.append(Placeholder(found, name, spec, start, True))
            elif conv == "m":  # glibc %m takes no argument (see printf.py)
                percent.append(Placeholder(found, "%m", spec, start, True))
            elif position is not None:
                percent.append(Placeholder(found, int(position), spec, start, True))
            else:
                percent_slot, slot_spec = bind_unnumbered(
                    match["pflags"], width, prec, length, conv, percent_slot
                )
                percent.append(Placeholder(found, percent_slot, spec, start, False, slot_spec))
        else:  # bad: '%(' or '%N$' that completes no directive
            errors.append(SyntaxIssue(start, f"'{found}' starts no valid directive"))
    return (
        Extraction(tuple(mustache), ()),
        Extraction(tuple(brace), ()),
        Extraction(tuple(percent), tuple(errors)),
    )


_NONE = (Extraction((), ()), Extraction((), ()), Extraction((), ()))


def looks_like_icu(source: str) -> bool:
    """Whether auto should treat ``source`` as ICU MessageFormat (``icu_parser`` decides)."""
    # Every ICU construct auto looks for needs '{' or '</'; most strings have neither. Two
    # substring tests, not a regex search: a search's set-up alone costs more than both.
    if "{" not in source and "</" not in source:
        return False
    from capeval.placeholders.icu_parser import looks_like_icu as icu_detector

    return icu_detector(source)
