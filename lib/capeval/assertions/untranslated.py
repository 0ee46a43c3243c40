"""``untranslated``: the candidate is not the source copied through, whole or mostly.

Both texts are reduced to their words: prose as ``capeval.textmask`` leaves it (placeholders,
tags, URLs, emails, character references, code spans and the ``allow`` terms masked out),
cut into runs of letters (``\\p{L}`` and ``\\p{M}``), so numbers and punctuation never count,
and case-folded.

* ``untranslated_copy``: the candidate's words are the source's words, in the same order, and
  there are at least ``min_copy_words`` of them (default 1: every copy; 2 lets one-word copies
  pass, the words translators most often keep on purpose: ``Filter``, ``Esperanto``, ``feb``).
* ``untranslated_partial``: the candidate has at least ``min_words`` words and at least
  ``copied_share`` of them are words of the source.

Exempt (pass, with ``evidence.exempt`` saying why): a source with no letters after masking
(``no_letters``: nothing to translate), a pair whose source and target locales share a language
subtag (``same_language``: ``en-US`` → ``en-GB``), and a ``params.allow`` list absorbs the
rest (terms that stay as written: brand names, commands).
"""

from __future__ import annotations

from typing import Any

from capeval import textmask
from capeval.assertions import Subject, language_of
from capeval.verdict import Outcome

NAME = "untranslated"
MEANINGS = {
    "untranslated_copy": (
        "The source is copied untranslated",
        "The translation's words are the source's words in the same order: nothing was "
        "translated. Translate it; list terms that stay as written in params.allow.",
    ),
    "untranslated_partial": (
        "The translation is mostly the source's words",
        "Most of the translation's words are words of the source: part of it was left "
        "untranslated. Translate the rest.",
    ),
}
CODES = tuple(MEANINGS)
COPY, PARTIAL = CODES
MIN_WORDS = 4
MIN_COPY_WORDS = 1
COPIED_SHARE = 0.8
# Copied words listed in evidence, at most.
SAMPLE = 10

PARAMS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "allow": {"type": "array", "items": {"type": "string", "minLength": 1}},
        "min_words": {"type": "integer", "minimum": 1},
        "min_copy_words": {"type": "integer", "minimum": 1},
        "copied_share": {"type": "number", "exclusiveMinimum": 0, "maximum": 1},
    },
    "additionalProperties": False,
}


def words(text: str, allow: tuple[str, ...] = ()) -> list[str]:
    """The case-folded letter runs of ``text``'s prose, code-like words left out."""
    # a lone letter (y/n, the c of "(c)") is a key or a symbol, not a word
    return [
        word.casefold()
        for word in textmask.letter_runs(text, allow, code_like=True)
        if len(word) > 1
    ]


def judge(
    source: str,
    text: str,
    *,
    allow: tuple[str, ...] = (),
    min_words: int = MIN_WORDS,
    min_copy_words: int = MIN_COPY_WORDS,
    copied_share: float = COPIED_SHARE,
) -> Outcome:
    """The verdict for one source and candidate (pure: no locales, no params)."""
    source_words = words(source, allow)
    if not source_words:
        return Outcome(evidence={"exempt": "no_letters"})
    candidate_words = words(text, allow)
    if not candidate_words:
        return Outcome()
    if candidate_words == source_words and len(source_words) >= min_copy_words:
        return Outcome(
            COPY,
            f"the candidate is the source copied ({len(source_words)} word(s))",
            {"words": len(source_words)},
        )
    if len(candidate_words) < min_words:
        return Outcome()
    known = set(source_words)
    copied = [word for word in candidate_words if word in known]
    share = len(copied) / len(candidate_words)
    if share < copied_share:
        return Outcome()
    return Outcome(
        PARTIAL,
        f"{len(copied)} of the candidate's {len(candidate_words)} words are copied from the "
        f"source ({share:.0%}; the limit is {copied_share:.0%})",
        {
            "copied": len(copied),
            "words": len(candidate_words),
            "share": round(share, 3),
            "copied_share": copied_share,
            "sample": list(dict.fromkeys(copied))[:SAMPLE],
        },
    )


def check(subject: Subject, params: dict[str, Any]) -> Outcome:
    case = subject.case
    source_language = language_of(case.get("source_locale"))
    if source_language and source_language == language_of(case.get("target_locale")):
        return Outcome(evidence={"exempt": "same_language"})
    return judge(
        subject.source,
        subject.text,
        allow=tuple(params.get("allow") or ()),
        min_words=params.get("min_words", MIN_WORDS),
        min_copy_words=params.get("min_copy_words", MIN_COPY_WORDS),
        copied_share=params.get("copied_share", COPIED_SHARE),
    )
