"""Locales of catalogs: canonical BCP-47 tags, guesses from paths, CLDR plural categories."""

from __future__ import annotations

import os
import re
from functools import lru_cache

from capeval.plurals import CATEGORIES

_LOCALE_LIKE = re.compile(r"^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$")
# POSIX locale names: ll_CC.charset@modifier (zh_TW.Big5, sr@latin, uz@Latn)
_POSIX = re.compile(
    r"^([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*)(?:\.[A-Za-z0-9_-]+)?(?:@([A-Za-z0-9]+))?$"
)
_SCRIPTS = frozenset({"Latn", "Cyrl", "Arab", "Deva", "Hans", "Hant", "Grek", "Hebr", "Tfng"})
_SCRIPT_MODIFIERS = {"latin": "Latn", "cyrillic": "Cyrl", "devanagari": "Deva", "arabic": "Arab"}
# path parts that never name a locale
_NOT_LOCALES = frozenset(
    {"lc_messages", "locale", "locales", "values", "res", "i18n", "l10n", "src", "run"}
)  # and folder names that are also language codes (Sardinian, Rundi)


@lru_cache(maxsize=256)
def canonical(tag: str) -> str:
    """A locale as canonical BCP-47 (``pt_BR`` → ``pt-BR``, ``zh_Hans`` → ``zh-Hans``, the
    POSIX ``zh_TW.Big5`` → ``zh-TW``, ``sr@latin`` and ``uz@Latn`` → ``sr-Latn``, ``uz-Latn``)."""
    tag = tag.strip()
    posix = _POSIX.match(tag)
    if posix is not None:
        tag, modifier = posix.group(1), posix.group(2)
        if modifier:
            script = _SCRIPT_MODIFIERS.get(modifier.lower())
            if script is None and modifier.title() in _SCRIPTS:
                script = modifier.title()  # @Latn, @Cyrl
            if script is not None:
                tag += "-" + script
            elif 5 <= len(modifier) <= 8:
                tag += "-" + modifier.lower()  # a variant (ca@valencia)
    tag = tag.replace("_", "-")
    parts = tag.split("-")
    if len(parts) == 2 and parts[1] == parts[0].upper() and not _babel_has(parts[0], parts[1]):
        # "en_EN", "ja_JA", "ko_KO": the language written twice (element-web's en_EN.json),
        # no region CLDR has a locale for: the language alone
        return parts[0].lower()
    if len(parts) == 3 and len(parts[2]) == 4 and parts[2].isalpha() and len(parts[1]) in (2, 3):
        tag = "-".join((parts[0], parts[2], parts[1]))  # uz_UZ_Cyrl (Java's order): uz-Cyrl-UZ
    import langcodes

    try:
        return langcodes.standardize_tag(tag)
    except (ValueError, LookupError):
        return tag


def tag_of(name: str | None) -> str | None:
    """The canonical tag ``name`` writes (a POSIX or BCP-47 locale name), or None when it is
    none (``Estonian``, a language's name, as some PO headers write it)."""
    if not name or not _POSIX.match(name.strip()):
        return None
    tag = canonical(name)
    return tag if _known(tag) else None


def resolve(header: str | None, path_locale: str | None) -> tuple[str | None, str | None]:
    """A catalog's locale from what its header says and what its path names: the path's when
    it names one (gettext and every loader find a catalog by its folder), else the header's.
    The second item says how they disagree (None when they agree or one is silent)."""
    from_path = tag_of(path_locale) or (path_locale and registered_tag(path_locale))
    stated = header.strip() if header else ""
    from_header = tag_of(header) or (registered_tag(stated) if stated else None)
    if from_path is None:
        return (from_header or stated or None), None
    if stated and not _same(from_header, from_path):
        said = f"{stated!r} (not a locale name)" if from_header is None else repr(stated)
        return from_path, f"the header's Language is {said}; the path says {from_path}"
    return from_path, None


@lru_cache(maxsize=256)
def _same(one: str | None, other: str) -> bool:
    """Whether two tags name one locale once their likely script and region are filled in
    (``zh-CN`` and ``zh-Hans``, ``fr`` and ``fr-FR``), or a macrolanguage and the language it
    stands for (``no`` and ``nb``: Symfony's ``validators.no.xlf`` says ``nb`` inside)."""
    if one is None:
        return False
    if one == other:
        return True
    import langcodes

    try:
        if langcodes.Language.get(one).maximize() == langcodes.Language.get(other).maximize():
            return True
        return langcodes.tag_distance(one, other) <= 1
    except (ValueError, LookupError):
        return False


def _babel_has(language: str, territory: str) -> bool:
    """Whether CLDR has a locale for ``language`` in ``territory`` (``sv_SE``; not ``en_EN``)."""
    from babel import Locale, UnknownLocaleError

    try:
        Locale.parse(f"{language.lower()}_{territory}")
    except (UnknownLocaleError, ValueError, TypeError):
        return False
    return True


@lru_cache(maxsize=256)
def _known(tag: str) -> bool:
    from babel import Locale, UnknownLocaleError

    wanted = canonical(tag).split("-")
    try:
        parsed = Locale.parse("_".join(wanted))
    except (UnknownLocaleError, ValueError, TypeError):
        # CLDR's locales only: IANA registers three-letter codes that are folder names too
        # (app, src, lib, api), so Tetum's tet/ is not taken for a locale
        return False
    # Babel drops a part it does not know (my_domain is Burmese to it): every part must count
    parts = (parsed.language, parsed.script, parsed.territory, parsed.variant)
    return sum(part is not None for part in parts) >= len(wanted)


def looks_like_locale(name: str) -> bool:
    if name.lower() in _NOT_LOCALES or name.lower() == "root":
        return False
    return bool(_LOCALE_LIKE.match(name) or _POSIX.match(name)) and _known(name)


@lru_cache(maxsize=256)
def registered_tag(name: str) -> str | None:
    """The canonical tag of ``name`` when it is a well-formed tag of a registered language that
    CLDR has no data for (Tetum's ``tet``), else None. Such a name is a locale only where its
    siblings show it is one (a tree's ``locales/tet/`` beside ``locales/fr/``): many folder
    names (app, src, lib, api) are registered three-letter codes too."""
    if name.lower() in _NOT_LOCALES or name.lower() == "root" or _known(name):
        return None
    if not (_LOCALE_LIKE.match(name) or _POSIX.match(name)):
        return None
    import langcodes

    tag = canonical(name)
    try:
        language = langcodes.Language.get(tag)
        valid = langcodes.tag_is_valid(tag)
    except (ValueError, LookupError):
        return None
    if not valid or language.language in (None, "und") or language.private:
        return None
    if len(language.language) == 3 and "qaa" <= language.language <= "qtz":
        return None  # private use
    return tag


def has_cldr_data(tag: str) -> bool:
    """Whether CLDR (Babel's data) knows ``tag``'s plural rules."""
    return plural_categories(tag) is not None


def guess_from_path(path: str) -> str | None:
    """The locale a catalog's path names: ``locale/fr/LC_MESSAGES/x.po``, ``fr.json``,
    ``app_fr.arb``, ``values-fr-rCA/strings.xml``, ``fr.lproj/Localizable.strings``."""
    parts = os.path.normpath(path).split(os.sep)
    stem = os.path.splitext(parts[-1])[0]
    names = [stem]
    if "." in stem:
        # domain.locale.ext (messages.pt_BR.xlf): the whole tag, not pt_BR's "BR" (Breton)
        stem = stem.rsplit(".", 1)[1]
        names.append(stem)
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
    return gettext_folder(parts)


def gettext_folder(parts: list[str], index: int | None = None) -> str | None:
    """The locale folder of gettext's layout, ``<locale>/LC_MESSAGES/<domain>.po``, when
    ``parts[index]`` (default: the one above the file's folder) is one: gettext finds a
    catalog by that folder, so a tag CLDR lacks (``tet/``) names its locale there alone."""
    if index is None:
        index = len(parts) - 3
    if index < 0 or index + 1 >= len(parts) or parts[index + 1].lower() != "lc_messages":
        return None
    folder = parts[index]
    return folder if looks_like_locale(folder) or registered_tag(folder) else None


def dotted_locale(stem: str) -> tuple[str, str] | None:
    """``(domain, locale)`` of a ``domain.locale`` stem (``messages.pt_BR``), None for another
    stem: the whole tag after the dot, not pt_BR's "BR" (Breton)."""
    head, dot, tail = stem.rpartition(".")
    return (head, tail) if dot and head and looks_like_locale(tail) else None


def without_locale(stem: str) -> str:
    """A file name's stem without a trailing locale (``app_en`` → ``app``,
    ``validators.pt_BR`` → ``validators``)."""
    dotted = dotted_locale(stem)
    if dotted is not None:
        return dotted[0]
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
