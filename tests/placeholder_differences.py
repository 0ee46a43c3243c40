"""Where placeholder_integrity is deliberately stricter than GNU ``msgfmt --check-format``.

Shared by the msgfmt differential test and the real-data test: each disagreement in which
msgfmt accepts what we reject must be explained, defect by defect, by one of these
categories (SPEC §5.1; ../shared/realdata/README.md), or by a property of the msgfmt run:

* ``width_precision_flags`` — a directive changed only its flags, width or precision
  (``%s`` → ``%10s``, ``%.6s`` → ``%-6s``): msgfmt compares argument types only.
* ``equivalent_conversion`` — a conversion msgfmt treats as the same argument type
  (c-format ``%d`` → ``%i``, ``%u`` → ``%x``; python ``%s`` → ``%r``, ``%d`` → ``%x``).
* ``multiplicity`` — a placeholder present on both sides a different number of times
  (msgfmt compares named python arguments as a set, and positional C arguments by type).
* ``errno_m`` — ``%m`` dropped or repeated: it takes no argument, so msgfmt ignores it.

Categories that come from the records, not from our rules (real data only):

* ``msgfmt_skipped`` — msgfmt reported another error for the entry (e.g. a leading ``\\n``
  mismatch) and then did not check the format at all.
* ``plural_form`` — a plural form: msgfmt compares every ``msgstr[i]`` with ``msgid_plural``
  and, with several forms, lets a form omit arguments; we compare the form with the
  source given.
* ``source_not_format`` — the source is not a valid format string of the declared syntax
  (a strftime pattern flagged python-format, a string without placeholders); msgfmt then
  checks nothing, we report it.
"""

from __future__ import annotations

import re
from typing import Any

_PERCENT = re.compile(
    r"%(?:\((?P<name>[^)]*)\)|(?P<pos>[0-9]+)\$)?(?P<flags>[-+ #0']*)(?P<width>[0-9]*|\*)"
    r"(?P<prec>\.[0-9]*|\.\*)?(?P<len>hh|h|ll|l|L|q|j|z|t)?(?P<conv><PRI(?P<pri>.)[^>]*>|.)$"
)
_ERRNO = re.compile(r"%(?:[0-9]+\$)?m")
_BRACE = re.compile(r"\{(?P<name>[^!:}]*)(?P<rest>.*)\}$")

# Argument types as msgfmt sees them, per format (gettext 0.21 format-c.c, format-python.c).
_C_TYPES = {
    **dict.fromkeys("di", "int"),
    **dict.fromkeys("ouxX", "unsigned"),
    **dict.fromkeys("eEfFgGaA", "double"),
    "c": "char",
    "C": "wchar",
    "s": "string",
    "S": "wstring",
    "p": "pointer",
    "n": "count",
}
_PY_TYPES = {
    **dict.fromkeys("sra", "any"),
    **dict.fromkeys("diouxX", "int"),
    **dict.fromkeys("eEfFgG", "float"),
    "c": "char",
}


def _parts(text: str) -> dict[str, Any] | None:
    match = _PERCENT.match(text)
    if match is None:
        return None
    parts = match.groupdict()
    if parts["pri"]:
        parts["conv"] = parts["pri"]
        parts["len"] = "PRI"
    return parts


def explain_pair(before: str, after: str, syntax: str) -> str | None:
    """The category of a ``mutated`` pair msgfmt would accept, if it is an intended one."""
    if before.startswith("{") and after.startswith("{"):
        a, b = _BRACE.match(before), _BRACE.match(after)
        if a and b and a["name"] == b["name"]:
            return "width_precision_flags"  # msgfmt does not look at brace format specs
        return None
    a, b = _parts(before), _parts(after)
    if a is None or b is None:
        return None
    if (a["name"], a["pos"]) != (b["name"], b["pos"]) and a["pos"] and b["pos"]:
        return None
    types = _C_TYPES if syntax == "printf" else _PY_TYPES
    same_type = a["len"] == b["len"] or syntax != "printf"
    if a["conv"] == b["conv"] and same_type:
        return "width_precision_flags"
    if same_type and types.get(a["conv"]) and types.get(a["conv"]) == types.get(b["conv"]):
        return "equivalent_conversion"
    return None


def explain(evidence: dict[str, Any], syntax: str) -> str | None:
    """One category for a whole verdict msgfmt accepts, or None when it is unexplained.

    Every defect in the evidence must be intended; the first category found names it.
    """
    categories: list[str] = []
    for before, after in evidence.get("mutated", []):
        category = explain_pair(before, after, syntax)
        if category is None:
            return None
        categories.append(category)
    for entry in evidence.get("count_mismatch", []):
        errno = _ERRNO.fullmatch(entry["placeholder"]) is not None
        categories.append("errno_m" if errno else "multiplicity")
    for text in evidence.get("missing", []) + evidence.get("extra", []):
        if _ERRNO.fullmatch(text) is None:
            return None
        categories.append("errno_m")
    if evidence.get("errors"):
        return None
    return categories[0] if categories else None
