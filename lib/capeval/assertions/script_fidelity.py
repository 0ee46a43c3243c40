"""``script_fidelity``: the candidate's letters are in the scripts its target locale is written in.

The expected scripts are ``params.scripts`` (ISO 15924 codes), else the target locale's script
subtag, else CLDR's likely script for it (``capeval.scripts``): ``ja`` Han + Hiragana +
Katakana, ``ko`` Hangul + Han, ``zh-Hans`` Han, ``sr`` Cyrillic, ``sr-Latn`` Latin, ``ar`` and
``fa`` Arabic, ``de`` Latin.

Only prose counts (``capeval.textmask``): placeholders, tags, URLs, emails, character
references, backtick code spans and the ``allow`` terms are masked out, and digits are no
letters. With ``source_terms`` (default true) a word that also occurs in the source
(case-folded) counts for no script: the product names, command options and abbreviations
translators keep (``Sphinx``, ``--help``, ``PDF``). A word of at least four letters that starts
a source word of at least four letters, or is started by one, counts as kept too (``inode'ов``
for ``inodes``). So a verbatim copy of a Latin source passes here; ``untranslated`` is the
assertion that catches copies.

The candidate fails with ``script_mismatch`` when fewer than ``min_share`` of its counted
letters are in an expected script; a candidate with fewer than ``min_letters`` counted
letters passes unjudged.
"""

from __future__ import annotations

from typing import Any

from capeval import scripts, textmask
from capeval.assertions import ParamsError, Subject
from capeval.verdict import Outcome

NAME = "script_fidelity"
MEANINGS = {
    "script_mismatch": (
        "The translation is not in the target's script",
        "Too few of the translation's letters are in the scripts the target locale is written "
        "in (Latin for a Cyrillic locale, a romanised Japanese string). Write it in the "
        "target's script; list kept terms in params.allow.",
    ),
}
CODES = tuple(MEANINGS)
CODE = CODES[0]
MIN_SHARE = 0.5
MIN_LETTERS = 1

PARAMS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "scripts": {
            "type": "array",
            "items": {"type": "string", "pattern": "^[A-Z][a-z]{3}$"},
            "minItems": 1,
            "uniqueItems": True,
        },
        "min_share": {"type": "number", "minimum": 0, "maximum": 1},
        "min_letters": {"type": "integer", "minimum": 1},
        "allow": {"type": "array", "items": {"type": "string", "minLength": 1}},
        "source_terms": {"type": "boolean"},
    },
    "additionalProperties": False,
}

_TOKEN: Any = None


def _tokens(text: str) -> list[str]:
    global _TOKEN
    if _TOKEN is None:
        import regex

        _TOKEN = regex.compile(r"[\p{L}\p{M}\p{N}_]+")
    return _TOKEN.findall(text)


# A kept term may carry an inflection or lose a plural ending (inode'ов for "inodes"):
# shared prefixes of at least this many characters count as the same term.
_PREFIX = 4


def _source_words(source: str, allow: tuple[str, ...]) -> dict[str, list[str]]:
    """The source's case-folded words, by their first ``_PREFIX`` characters."""
    index: dict[str, list[str]] = {}
    for word in _tokens(textmask.prose(source, allow)):
        folded = word.casefold()
        index.setdefault(folded[:_PREFIX], []).append(folded)
    return index


def _from_source(word: str, source_words: dict[str, list[str]]) -> bool:
    folded = word.casefold()
    same_start = source_words.get(folded[:_PREFIX])
    if not same_start:
        return False
    if len(folded) < _PREFIX:
        return folded in same_start
    return any(
        other == folded
        or (len(other) >= _PREFIX and (other.startswith(folded) or folded.startswith(other)))
        for other in same_start
    )


def expected_scripts(case: dict, params: dict) -> tuple[str, ...]:
    """ISO 15924 codes the candidate must be written in; raises ``UnknownScript``."""
    listed = params.get("scripts")
    if listed:
        return tuple(listed)
    return scripts.locale_scripts(str(case.get("target_locale") or ""))


def param_errors(case: dict, params: dict) -> list[str]:
    """An unknown script code, or a target locale CLDR gives no likely script for."""
    try:
        scripts.unicode_scripts(expected_scripts(case, params))
    except scripts.UnknownScript as exc:
        return [f"{NAME}: {exc}"]
    return []


def letter_counts(
    source: str,
    text: str,
    expected: tuple[str, ...],
    allow: tuple[str, ...] = (),
    source_terms: bool = True,
) -> tuple[int, int, dict[str, int], int]:
    """(letters counted, of them in an ``expected`` script, {other script: letters}, terms
    kept from the source) for ``text``'s prose."""
    classifier = scripts.classifier(scripts.unicode_scripts(expected))
    visible = textmask.prose(text, allow)
    source_words = _source_words(source, allow) if source_terms else {}
    letters = in_expected = kept = 0
    others: dict[str, int] = {}
    for token in _tokens(visible):
        count, good, foreign = classifier.count(token)
        if not count:
            continue
        pieces = classifier.runs(token) if good and foreign else (token,)
        for piece in pieces:
            if len(pieces) > 1:
                count, good, foreign = classifier.count(piece)
            if source_words and _from_source(piece, source_words):
                kept += 1  # a term kept from the source counts for no script
                continue
            letters += count
            in_expected += good
            for script, number in foreign.items():
                others[script] = others.get(script, 0) + number
    return letters, in_expected, others, kept


def judge(
    source: str,
    text: str,
    expected: tuple[str, ...],
    *,
    min_share: float = MIN_SHARE,
    min_letters: int = MIN_LETTERS,
    allow: tuple[str, ...] = (),
    source_terms: bool = True,
) -> Outcome:
    """The verdict on ``text`` for ISO 15924 ``expected`` scripts (pure: no case, no params)."""
    classifier = scripts.classifier(scripts.unicode_scripts(expected))
    if classifier.all_expected(textmask.prose(text, allow)):
        return Outcome()  # every letter in an expected script: the share is 1
    letters, in_expected, others, kept = letter_counts(source, text, expected, allow, source_terms)
    if letters < min_letters or in_expected >= min_share * letters:
        return Outcome()
    share = in_expected / letters
    top = max(others, key=others.__getitem__)
    return Outcome(
        CODE,
        f"{share:.0%} of the letters are in {'/'.join(expected)} (at least {min_share:.0%} "
        f"required); most others are {top}",
        {
            "expected": list(expected),
            "letters": letters,
            "in_expected": in_expected,
            "share": round(share, 3),
            "min_share": min_share,
            "other_scripts": dict(sorted(others.items(), key=lambda item: (-item[1], item[0]))),
            "source_terms_kept": kept,
        },
    )


def check(subject: Subject, params: dict[str, Any]) -> Outcome:
    try:
        expected = expected_scripts(subject.case, params)
        scripts.unicode_scripts(expected)
    except scripts.UnknownScript as exc:
        raise ParamsError(f"{NAME}: {exc}") from exc
    return judge(
        subject.source,
        subject.text,
        expected,
        min_share=params.get("min_share", MIN_SHARE),
        min_letters=params.get("min_letters", MIN_LETTERS),
        allow=tuple(params.get("allow") or ()),
        source_terms=params.get("source_terms", True) is not False,
    )
