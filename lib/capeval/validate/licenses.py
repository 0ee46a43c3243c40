"""SPDX license-expression rule, on top of the ``license-expression`` library.

``license_problem(expression)`` returns ``None`` for a valid SPDX expression, else a message
for ``license.invalid``. Valid means: ids from the SPDX list (case-insensitive, deprecated ids
included), ``AND``/``OR``/``WITH`` with parentheses, exceptions from the SPDX exception list,
and ``LicenseRef-<idstring>`` / ``DocumentRef-<idstring>:LicenseRef-<idstring>`` references.
``unknown``, ``fair-use``, ``NOASSERTION``, ``NONE`` and the empty string are always invalid:
they say the licence is not known, which is what the rule exists to refuse.

Library quirks handled here (LIBRARY-NOTES.md, license-expression 30.4.4): a dangling operator
(``MIT and``) raises ``AttributeError`` instead of reporting; ``LicenseRef-…`` ids, valid SPDX,
come back as unknown keys; the empty string validates. Building the licensing index costs
~25-40 ms, so a few common ids (``KNOWN_VALID``, tested against the library) skip it, and
every other distinct expression is validated once per process.
"""

from __future__ import annotations

import re
from functools import lru_cache

LICENSE_INVALID = "license.invalid"

# Values that say "we do not know the licence"; matched case-insensitively, whitespace-trimmed.
NEVER_VALID = frozenset({"", "unknown", "fair-use", "fair use", "noassertion", "none"})

# Exact spellings that skip the library (each proven valid by tests/test_validate_rules.py).
KNOWN_VALID = frozenset(
    """
    0BSD Apache-2.0 BSD-2-Clause BSD-3-Clause CC-BY-4.0 CC-BY-SA-4.0 CC0-1.0 GPL-2.0-only
    GPL-2.0-or-later GPL-3.0-only GPL-3.0-or-later ISC LGPL-2.1-or-later LGPL-3.0-or-later
    MIT MPL-2.0 Unlicense
    """.split()
)

# SPDX idstring = 1*(ALPHA / DIGIT / "-" / "."), SPDX 2.3 annex D.
_REF = re.compile(r"(?:DocumentRef-[A-Za-z0-9.\-]+:)?LicenseRef-[A-Za-z0-9.\-]+\Z")


def license_problem(expression: str) -> str | None:
    """``None`` when ``expression`` is a valid SPDX license expression, else why not."""
    if expression in KNOWN_VALID:
        return None
    return _validate(expression)


@lru_cache(maxsize=1024)
def _validate(expression: str) -> str | None:
    text = expression.strip()
    if text.lower() in NEVER_VALID:
        shown = repr(expression) if text else "an empty license"
        return f"{shown} does not state a license; use an SPDX expression"
    try:
        result = _licensing().validate(text)
    except Exception:  # noqa: BLE001 - the library raises odd types on bad input
        # the library's exception says nothing a user can act on: say what is wrong instead
        return f"{expression!r} is not a valid SPDX expression: it cannot be parsed"
    other = [e for e in result.errors if not e.startswith("Unknown license key")]
    if other:
        return f"{expression!r} is not a valid SPDX expression: {other[0]}"
    bad = [str(s) for s in result.invalid_symbols if str(s) and not _REF.match(str(s))]
    if bad:
        return f"{expression!r} is not a valid SPDX expression: unknown id {', '.join(bad)}"
    if result.invalid_symbols and not _refs_only_expression_parses(text):
        return f"{expression!r} is not a valid SPDX expression"
    return None


def _refs_only_expression_parses(text: str) -> bool:
    # Unknown keys make validate() skip the structural parse; parse again with each
    # LicenseRef replaced by a known id to check the operators and parentheses.
    probe = re.sub(r"(?:DocumentRef-[A-Za-z0-9.\-]+:)?LicenseRef-[A-Za-z0-9.\-]+", "MIT", text)
    try:
        result = _licensing().validate(probe)
    except Exception:  # noqa: BLE001
        return False
    return not result.errors and not result.invalid_symbols


@lru_cache(maxsize=1)
def _licensing():  # type: ignore[no-untyped-def]
    from license_expression import get_spdx_licensing  # lazy: import + index ~25-40 ms

    return get_spdx_licensing()
