"""Locales of catalogs: canonical BCP-47 tags, guesses from paths, CLDR plural categories."""

from __future__ import annotations

import os
import re
from functools import lru_cache

from capeval.plurals import CATEGORIES

_LOCALE_LIKE = re.compile(r"^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$")
# path parts that never name a locale
_NOT_LOCALES = frozenset({"lc_messages", "locale", "locales", "values", "res", "i18n", "l10n"})


@lru_cache(maxsize=256)
def canonical(tag: str) -> str:
    """A locale as canonical BCP-47 (``pt_BR`` → ``pt-BR``, ``zh_Hans`` → ``zh-Hans``)."""
    tag = tag.strip().replace("_", "-")
    if "@" in tag:  # a POSIX modifier (sr@latin) has no BCP-47 form of its own
        tag, _, modifier = tag.partition("@")
        if modifier.lower() == "latin":
            tag += "-Latn"
        elif modifier.lower() == "cyrillic":
            tag += "-Cyrl"
    import langcodes

    try:
        return langcodes.standardize_tag(tag)
    except (ValueError, LookupError):
        return tag


@lru_cache(maxsize=256)
def _known(tag: str) -> bool:
    from babel import Locale, UnknownLocaleError

    try:
        Locale.parse(tag.replace("-", "_"))
    except (UnknownLocaleError, ValueError, TypeError):
        return False
    return True


def looks_like_locale(name: str) -> bool:
    return bool(_LOCALE_LIKE.match(name)) and name.lower() not in _NOT_LOCALES and _known(name)


def guess_from_path(path: str) -> str | None:
    """The locale a catalog's path names: ``locale/fr/LC_MESSAGES/x.po``, ``fr.json``,
    ``app_fr.arb``, ``values-fr-rCA/strings.xml``, ``fr.lproj/Localizable.strings``."""
    parts = os.path.normpath(path).split(os.sep)
    stem = os.path.splitext(parts[-1])[0]
    names = [stem]
    if "_" in stem or "-" in stem:
        # app_fr / app-fr_CA: try the tail after each separator, longest first
        pieces = re.split(r"([_-])", stem)
        for start in range(2, len(pieces), 2):
            names.append("".join(pieces[start:]))
    for directory in reversed(parts[:-1]):
        if directory.endswith(".lproj"):
            names.append(directory[: -len(".lproj")])
        elif directory.startswith("values-"):
            # Android: values-fr, values-fr-rCA, values-b+sr+Latn
            qualifier = directory[len("values-") :]
            if qualifier.startswith("b+"):
                names.append("-".join(qualifier[2:].split("+")))
            else:
                names.append(re.sub(r"-r([A-Z]{2})", r"-\1", qualifier))
        else:
            names.append(directory)
    for name in names:
        if name and looks_like_locale(name):
            return name
    return None


def without_locale(stem: str) -> str:
    """A file name's stem without a trailing locale (``app_en`` → ``app``)."""
    pieces = re.split(r"([_-])", stem)
    for start in range(2, len(pieces), 2):
        if looks_like_locale("".join(pieces[start:])):
            return "".join(pieces[: start - 1])
    return stem


@lru_cache(maxsize=256)
def plural_categories(tag: str, ordinal: bool = False) -> tuple[str, ...] | None:
    """The CLDR plural categories ``tag`` uses, in CLDR order (None for an unknown locale)."""
    from babel import Locale, UnknownLocaleError

    try:
        locale = Locale.parse(tag.replace("-", "_"))
    except (UnknownLocaleError, ValueError, TypeError):
        return None
    rule = locale.ordinal_form if ordinal else locale.plural_form
    # Babel leaves "other" out of the tags: it is implicit
    used = set(rule.tags) | {"other"}
    return tuple(category for category in CATEGORIES if category in used)


_SAMPLE = range(0, 1001)


@lru_cache(maxsize=256)
def category_numbers(tag: str, ordinal: bool = False) -> dict[str, frozenset[int]] | None:
    """For each CLDR category ``tag`` uses (CLDR order), the counts 0…1000 it is used for."""
    from babel import Locale, UnknownLocaleError

    try:
        locale = Locale.parse(tag.replace("-", "_"))
    except (UnknownLocaleError, ValueError, TypeError):
        return None
    rule = locale.ordinal_form if ordinal else locale.plural_form
    found: dict[str, set[int]] = {}
    for n in _SAMPLE:
        found.setdefault(rule(n), set()).add(n)
    used = set(rule.tags) | {"other"}
    return {c: frozenset(found.get(c, ())) for c in CATEGORIES if c in used}
