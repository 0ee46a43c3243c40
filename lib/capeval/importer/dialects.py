"""A message's placeholder dialect → the EvalCase assertions that check it."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any

from capeval.catalogs import (
    AUTO,
    I18NEXT,
    ICU,
    PERCENT_NAME_PATTERN,
    PERCENT_NAMES,
    PRINTF,
    PYTHON_BRACE,
    PYTHON_PERCENT,
    XML_TAGS,
)

# i18next interpolation ({{name}}, {{- raw}}, {{count, number}}) and nesting ($t(key))
I18NEXT_PATTERN = r"\{\{[^{}]+\}\}|\$t\([^()]*\)"
# Symfony's parameters: %name% and {{ name }}, each replaced as the exact string it is
PERCENT_NAMES_PATTERN = PERCENT_NAME_PATTERN + r"|\{\{[^{}]+\}\}"

_PARAMS: dict[str, dict[str, Any]] = {
    PRINTF: {"syntax": "printf"},
    PYTHON_PERCENT: {"syntax": "python", "style": "percent"},
    PYTHON_BRACE: {"syntax": "python", "style": "brace"},
    ICU: {"syntax": "icu"},
    I18NEXT: {"syntax": "custom", "pattern": I18NEXT_PATTERN},
    PERCENT_NAMES: {"syntax": "custom", "pattern": PERCENT_NAMES_PATTERN},
    XML_TAGS: {"syntax": "custom", "preset": "xml"},
    AUTO: {"syntax": "auto"},
}


_ASSERTIONS = {
    dialect: [{"name": "placeholder_integrity", "severity": "hard", "params": params}]
    for dialect, params in _PARAMS.items()
}
# A plural form used for one count alone (German msgstr[0], Arabic "two"): its translation may
# leave the count out ("eine Datei"), placeholder_integrity's single_count says where.
# ICU keeps its own rule (a branch may leave '#' out): the param would say nothing there.
_SINGLE_COUNT_ASSERTIONS = {
    dialect: [
        {
            "name": "placeholder_integrity",
            "severity": "hard",
            "params": params if dialect == ICU else {**params, "single_count": True},
        }
    ]
    for dialect, params in _PARAMS.items()
}


def given_for(
    given: list[dict[str, Any]], dialect: str, single_count: bool
) -> list[dict[str, Any]]:
    """--assertions' list for a message in ``dialect``: a ``placeholder_integrity`` naming no
    ``syntax`` checks the message's own syntax (its flag's, its format's: a ``c-format`` PO
    entry's ``printf``) as the importer's own assertion would, and a plural form used for one
    count alone gets ``single_count`` unless the list says otherwise. Left without them, a
    Python entry's ``<a href="%(url)s">`` failed as a broken ICU tag and Arabic's "two
    results" as a dropped count. What the list's params name wins."""
    own = assertions_for(dialect, single_count)[0]["params"]
    completed = []
    for assertion in given:
        if assertion.get("name") != "placeholder_integrity":
            completed.append(assertion)
            continue
        named = assertion.get("params") or {}
        params = dict(named) if "syntax" in named else {**own, **named}
        if "single_count" not in named:
            params.pop("single_count", None)
            # ICU keeps its own rule (a branch may leave '#' out), as assertions_for says
            if single_count and params.get("syntax") != "icu":
                params["single_count"] = True
        if params == {**named, "syntax": "auto"} and "syntax" not in named:
            params = named  # auto is the assertion's default: the record stays as given
        completed.append({**assertion, "params": params} if params else assertion)
    return completed


@lru_cache(maxsize=4096)
def source_syntax_problem(dialect: str, text: str) -> str | None:
    """Why a source does not parse in the dialect its flag names (None when it does): a
    strftime "%b %d, %Y" flagged python-format is no Python format string, so no translation
    of it can be checked against that syntax."""
    if dialect == PRINTF:
        from capeval.placeholders.printf import extract_printf_placeholders as extract
    elif dialect == PYTHON_PERCENT:
        from capeval.placeholders.python import extract_python_percent_placeholders as extract
    elif dialect == PYTHON_BRACE:
        from capeval.placeholders.python import extract_python_brace_placeholders as extract
    else:
        return None
    errors = extract(text).errors
    if not errors:
        return None
    first = errors[0]
    return f"at character {first.pos + 1}: {first.message}"


def assertions_for(dialect: str, single_count: bool = False) -> list[dict[str, Any]]:
    """The assertions of a message in ``dialect`` (shared: records are written, never kept);
    ``single_count``: of a plural form used for one count alone."""
    table = _SINGLE_COUNT_ASSERTIONS if single_count else _ASSERTIONS
    return table.get(dialect, table[AUTO])


@lru_cache(maxsize=4096)
def placeholder_texts(dialect: str, text: str) -> tuple[str, ...] | None:
    """The placeholders of ``text`` as written, sorted (None: a dialect not compared here)."""
    import re

    if dialect == PRINTF:
        from capeval.placeholders.printf import extract_printf_placeholders

        extractions = (extract_printf_placeholders(text),)
    elif dialect == PYTHON_PERCENT:
        from capeval.placeholders.python import extract_python_percent_placeholders

        extractions = (extract_python_percent_placeholders(text),)
    elif dialect == PYTHON_BRACE:
        from capeval.placeholders.python import extract_python_brace_placeholders

        extractions = (extract_python_brace_placeholders(text),)
    elif dialect == AUTO:
        from capeval.placeholders.auto import extract_auto_placeholders

        extractions = extract_auto_placeholders(text)
    elif dialect == I18NEXT:
        return tuple(sorted(re.findall(I18NEXT_PATTERN, text)))
    elif dialect == PERCENT_NAMES:
        return tuple(sorted(re.findall(PERCENT_NAMES_PATTERN, text)))
    else:
        return None
    return tuple(sorted(token.text for extraction in extractions for token in extraction.tokens))


def covering_source(dialect: str, chosen: str, others: tuple[str, ...], translation: str) -> str:
    """The source form a plural form's translation is compared with: ``chosen`` (the one
    covering most of its counts), unless the translation carries exactly the placeholders of
    another source form whose counts it covers too and that has every placeholder of
    ``chosen`` — French msgstr[0], used for 0 and 1, may say "%(count)d fichier" for English
    "one file" / "%(count)d files". Never one with fewer: Russian msgstr[0], used for 1, 21,
    31…, saying "1 place" for "Moved down 1 place." / "Moved down %(counter)s places." is
    wrong for 21 (msgfmt -c rejects it too)."""
    if not others or not translation:
        return chosen
    written = placeholder_texts(dialect, translation)
    needed = placeholder_texts(dialect, chosen)
    if written is None or written == needed:
        return chosen
    for other in others:
        if placeholder_texts(dialect, other) == written and _within(needed, written):
            return other
    return chosen


def _within(some: tuple[str, ...] | None, every: tuple[str, ...]) -> bool:
    """Whether each placeholder of ``some`` is in ``every`` as many times."""
    return not some or not Counter(some) - Counter(every)


def icu_plural_lacks(text: str, categories: Any) -> list[tuple[str, tuple[str, ...]]]:
    """For each ICU ``plural``/``selectordinal`` in ``text`` (at any depth) that lacks CLDR
    categories its locale uses, its argument's name and those categories. ``categories`` is
    ``categories(ordinal) -> tuple | None`` (None: the locale is unknown; nothing is said).
    Exact ``=N`` keys are extra and never stand in for a category; a text that does not parse
    is left to placeholder_integrity."""
    if "plural" not in text and "selectordinal" not in text:
        return []
    from capeval.placeholders.icu_parser import Branching, IcuSyntaxError, Tag, parse

    try:
        nodes = parse(text)
    except IcuSyntaxError:
        return []
    found: list[tuple[str, tuple[str, ...]]] = []
    stack = list(nodes)
    while stack:
        node = stack.pop()
        if isinstance(node, Tag):
            stack.extend(node.children)
        elif isinstance(node, Branching):
            for _, children in node.branches:
                stack.extend(children)
            if node.type == "select":
                continue
            needed = categories(node.type == "selectordinal")
            keys = {key for key, _ in node.branches}
            lacking = tuple(c for c in needed or () if c not in keys)
            if lacking:
                found.append((node.name, lacking))
    return sorted(found)
