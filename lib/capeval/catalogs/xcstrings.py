"""Apple String Catalogs (``.xcstrings``): JSON holding every language of an app.

``{"sourceLanguage": "en", "strings": {key: {"comment", "shouldTranslate", "localizations":
{lang: {"stringUnit": {"state", "value"}} | {"variations": {"plural": {category:
{"stringUnit": …}}}}}}}}``. The source text is the source language's localization, else the
key itself (as Xcode does). The target is ``info.wanted_locale``'s localization (the caller
picks one; ``info.locales`` lists them all). ``shouldTranslate: false`` entries are skipped;
a ``needs_review`` state is the ``fuzzy`` flag. Texts are Apple format strings: printf with
``%@`` (the printf dialect).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, BinaryIO

from capeval.catalogs import PRINTF, CatalogInfo, Message, OnProblem, suffix
from capeval.catalogs._jsontree import Lines, Pairs, members, parse

NAME = "xcstrings"
BILINGUAL = True
_NEEDS_REVIEW = "needs_review"


def detect(path: str, head: bytes) -> bool:
    return suffix(path) == "xcstrings"


def read(
    path: str, stream: BinaryIO, on_problem: OnProblem, info: CatalogInfo
) -> Iterator[Message]:
    parsed = parse(stream.read(), on_problem)
    if parsed is None:
        return
    document, text = parsed
    top = dict(document) if isinstance(document, Pairs) else None
    if top is None or not isinstance(top.get("strings"), Pairs):
        on_problem("catalog.malformed", 1, 'a string catalog is an object with "strings"')
        return
    source_language = top.get("sourceLanguage")
    info.source_locale = source_language if isinstance(source_language, str) else None
    wanted = _same_locale_key(info.wanted_locale)
    found_locales: dict[str, None] = {}
    lines = Lines(text)
    for key, entry, line in members(top["strings"], lines, "", on_problem):
        if not isinstance(entry, Pairs):
            on_problem("catalog.malformed", line, f"string {key!r} is not an object; skipped")
            continue
        fields = dict(entry)
        if fields.get("shouldTranslate") is False:
            continue
        localizations = fields.get("localizations")
        by_locale = dict(localizations) if isinstance(localizations, Pairs) else {}
        for name in by_locale:
            if name != info.source_locale:
                found_locales.setdefault(name)
        source_text, source_plurals, _ = _unit(by_locale.get(info.source_locale))
        target = next(
            (value for name, value in by_locale.items() if _same_locale_key(name) == wanted),
            None,
        )
        translation, translation_plurals, state = _unit(target)
        comment = fields.get("comment")
        if source_text is None:
            source_text = key
        yield Message(
            key,
            source_text,
            path,
            line,
            plurals=source_plurals,
            translation=translation,
            translation_plurals=translation_plurals,
            flags=frozenset({"fuzzy"}) if state == _NEEDS_REVIEW else frozenset(),
            dialect=PRINTF,
            note=comment if isinstance(comment, str) else None,
        )
    info.locales = list(found_locales)
    if wanted is not None:
        info.locale = info.wanted_locale


def _same_locale_key(tag: str | None) -> str | None:
    return None if tag is None else tag.replace("_", "-").lower()


def _unit(localization: Any) -> tuple[str | None, dict[str, str] | None, str | None]:
    """(text, plural forms, state) of one localization."""
    if not isinstance(localization, Pairs):
        return None, None, None
    fields = dict(localization)
    unit = fields.get("stringUnit")
    if isinstance(unit, Pairs):
        unit_fields = dict(unit)
        value = unit_fields.get("value")
        return (value if isinstance(value, str) else None), None, unit_fields.get("state")
    variations = fields.get("variations")
    plural = dict(variations).get("plural") if isinstance(variations, Pairs) else None
    if not isinstance(plural, Pairs):
        return None, None, None
    forms: dict[str, str] = {}
    state = None
    for category, form in plural:
        text, _, form_state = _unit(form)
        if text is not None:
            forms[category] = text
            state = form_state if form_state == _NEEDS_REVIEW else state
    return forms.get("other"), forms or None, state
