"""BCP-47 locale rule: canonical ⇔ ``langcodes.standardize_tag(tag) == tag``.

``locale_problem(tag)`` returns ``None`` for a canonical, usable tag, else ``(code, message,
hint)`` with code ``locale.invalid`` or ``locale.noncanonical`` (hint: the canonical form).

Usable means: it parses, names a language (not ``und``), is not private use (``x-…`` anywhere,
or a private-use language ``qaa``–``qtz``) and every subtag is registered (``tag_is_valid``).
Decided here (the contract is silent): private-use subtags are rejected anywhere in the tag,
because a
case's locale must name a real language a translation system can be asked for.

langcodes costs ~30-50 ms to import, so tags in ``KNOWN_CANONICAL`` (generated with langcodes'
verdicts: every registered language alone and every CLDR locale the rule accepts) never import
it; every other distinct tag is looked up once per process.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

LOCALE_INVALID = "locale.invalid"
LOCALE_NONCANONICAL = "locale.noncanonical"

Problem = tuple[str, str, str | None]

# Canonical, usable tags (every language subtag of the IANA registry and every CLDR locale the
# rule accepts), checked against langcodes when the file was generated (tools/known_locales.py;
# tests/test_validate_rules.py requires it to match a fresh generation): the fast path that
# skips langcodes, a ~40 KB file read once a process.
KNOWN_CANONICAL = frozenset(
    Path(__file__).with_name("known_locales.txt").read_text("utf-8").partition("\n\n")[2].split()
)


def locale_problem(tag: str) -> Problem | None:
    """``None`` when ``tag`` is a canonical, usable BCP-47 tag; else (code, message, hint)."""
    if tag in KNOWN_CANONICAL:
        return None
    return _lookup(tag)


@lru_cache(maxsize=4096)
def _lookup(tag: str) -> Problem | None:
    import langcodes  # lazy: ~30 ms, paid only for a tag outside the fast path

    try:
        canonical = langcodes.standardize_tag(tag)
        language = langcodes.Language.get(canonical)
    except (langcodes.LanguageTagError, ValueError, KeyError, IndexError):
        return (LOCALE_INVALID, f"{tag!r} is not a parsable BCP-47 tag", None)
    code = language.language
    if code is None or code == "und":
        return (LOCALE_INVALID, f"{tag!r} names no language (und)", None)
    if code.startswith("x-") or language.private or "-x-" in f"-{canonical.lower()}":
        return (LOCALE_INVALID, f"{tag!r} is a private-use tag", None)
    if len(code) == 3 and "qaa" <= code <= "qtz":
        return (LOCALE_INVALID, f"{tag!r} uses a private-use language subtag", None)
    if not langcodes.tag_is_valid(canonical):
        return (LOCALE_INVALID, f"{tag!r} has a subtag that is not registered", None)
    if canonical != tag:
        return (
            LOCALE_NONCANONICAL,
            f"{tag!r} is not canonical BCP-47; write {canonical!r}",
            canonical,
        )
    return None
