"""``length_ratio``: the candidate's length, relative to the source's, is within bounds that
depend on the language pair — catching a translation cut off halfway and runaway output.

Length is **weight**: code points less combining marks and format characters, an East Asian
wide or full-width character weighing two (so Chinese and Japanese are not "short"), of the
text without its leading and trailing blanks. The weight the candidate is expected to have is
the source's times the pair's expansion: ``EXPANSION[target] / EXPANSION[source]`` (the
languages' median weight relative to English, measured on real translations; 1.0 for a
language not listed). The ratio is the candidate's weight over that expectation.

* **short** when the ratio is under ``min`` (default 0.5) and the source weighs at least
  ``min_source`` (default 20): shorter sources vary too much (``Cancel`` → ``Annuler``);
* **long** when the ratio is over ``max`` (default 2.5) plus ``slack / source weight``
  (default slack 20: ``OK`` → ``Einverstanden`` is fine, a paragraph after it is not).

Params: ``min``, ``max``, ``min_source``, ``slack``, ``expansion`` (the pair's expansion,
instead of the table's). Codes, in precedence order: ``length_ratio_short``,
``length_ratio_long``. Evidence: ``{source_weight, candidate_weight, expected, ratio, min,
max}``. No suggestion: no edit restores a lost half or knows which half is chatter.
"""

from __future__ import annotations

import functools
import unicodedata
from typing import Any

from capeval.assertions import ParamsError, Subject, language_of
from capeval.verdict import Outcome

NAME = "length_ratio"
MEANINGS = {
    "length_ratio_short": (
        "Translation much shorter than expected",
        "The translation weighs under half of what its source leads one to expect for this "
        "language pair: it may be cut off or lose a sentence. Translate all of the source.",
    ),
    "length_ratio_long": (
        "Translation much longer than expected",
        "The translation weighs over 2.5 times what its source leads one to expect: commentary, "
        "a repeated passage or the source echoed may have been added. Keep the translation only.",
    ),
}
CODES = tuple(MEANINGS)
PARAMS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "min": {"type": "number", "minimum": 0},
        "max": {"type": "number", "minimum": 0},
        "min_source": {"type": "integer", "minimum": 0},
        "slack": {"type": "number", "minimum": 0},
        "expansion": {"type": "number", "exclusiveMinimum": 0},
    },
    "additionalProperties": False,
}

_PASS = Outcome()
# A language's median weight relative to English, measured on real translations
# (tools/measure_qa.py: the pairs whose source weighs 30 or more, rounded to 0.05).
EXPANSION: dict[str, float] = {
    "en": 1.0,
    "fr": 1.2,
    "de": 1.2,
    "es": 1.1,
    "it": 1.1,
    "pt": 1.05,
    "nl": 1.1,
    "ga": 1.15,
    "gd": 1.25,
    "ru": 1.05,
    "zh": 0.7,
    "yue": 0.7,
    "ja": 1.1,
    "ar": 0.95,
    "he": 0.85,
    "fa": 0.95,
}


def weight(text: str) -> int:
    """The weight of ``text`` stripped: wide characters 2, combining and format marks 0."""
    text = text.strip()
    if text.isascii():
        return len(text)
    return sum(map(_CHAR_WEIGHT.__getitem__, text))


def _char_weight(char: str) -> int:
    if unicodedata.combining(char) or unicodedata.category(char) == "Cf":
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


class _CharWeights(dict[str, int]):
    """Each character's weight, worked out once per process (a text repeats its alphabet),
    kept for at most ``limit`` characters (a hostile input may hold every code point)."""

    limit = 1 << 16

    def __missing__(self, char: str) -> int:
        value = _char_weight(char)
        if len(self) < self.limit:
            self[char] = value
        return value


_CHAR_WEIGHT = _CharWeights()


@functools.lru_cache(maxsize=256)
def _expansion(target_locale: str, source_locale: str) -> float:
    """The table's expansion from ``source_locale`` to ``target_locale``."""
    return EXPANSION.get(language_of(target_locale), 1.0) / EXPANSION.get(
        language_of(source_locale), 1.0
    )


def _number(params: dict[str, Any], name: str, default: float) -> float:
    if name not in params:
        return default
    value = params[name]
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise ParamsError(f"length_ratio: {name} must be a number >= 0")
    return value


def check(subject: Subject, params: dict[str, Any]) -> Outcome:
    low = _number(params, "min", 0.5)
    high = _number(params, "max", 2.5)
    min_source = _number(params, "min_source", 20)
    slack = _number(params, "slack", 20)
    source_weight = weight(subject.source)
    if source_weight == 0:
        return _PASS
    case = subject.case
    expansion = params.get("expansion")
    if expansion is None:
        expansion = _expansion(
            str(case.get("target_locale") or ""), str(case.get("source_locale") or "")
        )
    elif isinstance(expansion, bool) or not isinstance(expansion, int | float) or expansion <= 0:
        raise ParamsError("length_ratio: expansion must be a number > 0")
    candidate_weight = weight(subject.text)
    expected = source_weight * expansion
    ratio = candidate_weight / expected
    upper = high + slack / source_weight
    if ratio < low and source_weight >= min_source:
        code, bound = CODES[0], f"under {low:g}"
    elif ratio > upper:
        code, bound = CODES[1], f"over {upper:.2f}"
    else:
        return _PASS
    evidence = {
        "source_weight": source_weight,
        "candidate_weight": candidate_weight,
        "expected": round(expected, 1),
        "ratio": round(ratio, 2),
        "min": low,
        "max": round(upper, 2),
    }
    message = (
        f"the candidate weighs {candidate_weight} where about {expected:.0f} is expected "
        f"(ratio {ratio:.2f}, {bound})"
    )
    return Outcome(code, message, evidence)
