"""``number_fidelity``: the source's numbers reappear in the candidate by value.

A number is a run of Unicode decimal digits with optional grouping and decimal separators and
a leading sign (``-``, ``+``, ``−``) when not preceded by a letter or digit. The source is read
with the source locale's separators, the candidate with the target locale's (CLDR data from
Babel, loaded once per locale and process). Comparison is by value and multiplicity, in any
order; a candidate number written exactly as in the source always matches (``2.0`` kept as
``2.0`` in French). Numbers inside placeholders are not numbers.

Reading rules where the contract is silent (docs/assertions.md, ``number_fidelity``, lists them):

* A group separator must be followed by exactly three digits (two for the secondary groups of
  locales that group that way, e.g. ``12,34,567`` in ``hi``); otherwise it ends the number, so
  ``1,5`` in English is the two numbers 1 and 5. Ungrouped digits are always accepted.
* Separators of the locale's ``latn``, default and native numbering systems all count
  (Arabic ``١٬٢٣٤٫٥`` and ``1,234.5`` are both Arabic); for a space group separator U+0020,
  U+00A0 and U+202F all count; ``'`` and ``’`` are one group separator; full-width ``，``/``．``
  stand for ``,``/``.``.
* "Written exactly as in the source" extends to a run of digits and separators: when the
  source locale reads it as numbers that all occur in the source, that reading is kept.
* ``+5`` equals ``5``, ``2.50`` equals ``2.5``, ``-0`` equals ``0`` (values, not spellings).
* A sign right after a placeholder is not a sign (``{min}-5`` is a range, not ``-5``).
"""

from __future__ import annotations

import re
import unicodedata
from collections import deque
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from capeval.assertions import ParamsError, Subject, first_by_precedence, nfc
from capeval.placeholders.spans import mask_placeholders
from capeval.verdict import Outcome

NAME = "number_fidelity"
MEANINGS = {
    "number_mutated": (
        "A number changed",
        "A number of the source appears changed in the translation (1,250 became 1,25). Copy "
        "the number, using the target locale's separators only where the case allows.",
    ),
    "number_missing": (
        "A number of the source is missing",
        "The translation drops a number of the source. Add it back.",
    ),
    "number_extra": (
        "A number the source does not have",
        "The translation has a number the source lacks. Remove it unless the case allows it.",
    ),
}
MUTATED, MISSING, EXTRA = CODES = tuple(MEANINGS)
PARAMS = {
    "type": "object",
    "properties": {"ignore": {"type": "array", "items": {"type": "string", "minLength": 1}}},
    "additionalProperties": False,
}

_ANY_DIGIT = re.compile(r"\d")
_ASCII_DIGITS = b"0123456789"


def _has_digit(text: str) -> bool:
    if text.isascii():  # \d is [0-9] there; deleting bytes is ~2x faster than a regex scan
        raw = text.encode("ascii")
        return len(raw.translate(None, _ASCII_DIGITS)) != len(raw)
    return _ANY_DIGIT.search(text) is not None


_NON_DIGIT = re.compile(r"\D")
_SPACES = "\u0020\u00a0\u202f"
_APOSTROPHES = "'\u2019"
# Full-width separators stand for their ASCII forms (a Japanese text written with
# full-width digits usually uses full-width punctuation too).
_FULLWIDTH = {",": "\uff0c", ".": "\uff0e"}
# A sign counts only when the character before it is not a letter or digit. The lookahead
# up front lets the regex engine skip to candidate characters quickly (2-3× faster scans).
_START = "(?=[-+\u2212\\d])"
_SIGN = _START + "(?:(?P<sign>[-+\u2212])(?<![^\\W_][-+\u2212]))?"


class _AsciiTable(dict):
    """``str.translate`` table: any decimal digit → ASCII, full-width ``，．`` → ``,.``.

    Filled on demand, since building it for all of Unicode would cost start-up time.
    """

    def __missing__(self, codepoint: int) -> int | str:
        char = chr(codepoint)
        value = unicodedata.decimal(char, None)
        if value is not None:
            result: int | str = str(value)
        elif char == "\uff0c":
            result = ","
        elif char == "\uff0e":
            result = "."
        else:
            result = codepoint
        self[codepoint] = result
        return result


_TO_ASCII = _AsciiTable()


def _ascii(text: str) -> str:
    return text if text.isascii() else text.translate(_TO_ASCII)


@dataclass(frozen=True, slots=True)
class _LocaleNumbers:
    """How one locale writes numbers: the compiled reader and its separator sets."""

    reader: re.Pattern[str]
    separators: frozenset[str]


@dataclass(slots=True)
class _Number:
    raw: str  # as written, digits and full-width separators in ASCII (for "exactly as source")
    value: str | None  # canonical value; None when the text is not a number of this locale
    written: str  # as written, for evidence


def _char_class(chars: set[str]) -> str:
    return "[" + "".join(re.escape(c) for c in sorted(chars)) + "]"


@cache
def _locale_numbers(tag: str) -> _LocaleNumbers:
    """Separators of ``tag`` from CLDR (Babel), compiled into a reader. Once per locale."""
    groups, decimals, secondary_sizes = _cldr_separators(tag)
    for space in _SPACES:
        if space in groups:
            groups |= set(_SPACES)
            break
    if groups & set(_APOSTROPHES):
        groups |= set(_APOSTROPHES)
    for ascii_char, wide in _FULLWIDTH.items():
        if ascii_char in groups:
            groups.add(wide)
        if ascii_char in decimals:
            decimals.add(wide)
    decimals = decimals or {"."}
    groups -= decimals  # never ambiguous: the decimal separator wins
    int_forms = []
    if groups:
        group = _char_class(groups)
        for size in sorted(secondary_sizes | {3}, reverse=True):
            int_forms.append(rf"\d{{1,{size}}}(?:{group}\d{{{size}}})*{group}\d{{3}}(?!\d)")
    int_forms.append(r"\d+")
    decimal = _char_class(decimals)
    pattern = rf"{_SIGN}(?P<int>{'|'.join(int_forms)})(?:(?P<dec>{decimal})(?P<frac>\d+))?"
    return _LocaleNumbers(re.compile(pattern), frozenset(groups | decimals))


def _cldr_separators(tag: str) -> tuple[set[str], set[str], set[int]]:
    """Group symbols, decimal symbols and secondary grouping sizes of ``tag``.

    The ``latn``, default and native numbering systems all count. A tag Babel does not
    know falls back to its language, then to CLDR root (``,`` and ``.``).
    """
    from babel import Locale, UnknownLocaleError, numbers  # lazily: ~40 ms to import

    locale = None
    for candidate in (tag, tag.split("-")[0]):
        try:
            locale = Locale.parse(candidate, sep="-")
            break
        except (UnknownLocaleError, ValueError, TypeError):
            continue
    if locale is None:
        return {","}, {"."}, {3}
    groups: set[str] = set()
    decimals: set[str] = set()
    systems = ["latn", "default"]
    try:
        # CLDR moved e.g. "ar" to latn by default; its Arabic-Indic "native" system is
        # still how much Arabic text is written.
        systems.append(locale.other_numbering_systems["native"])
    except (KeyError, AttributeError, TypeError):
        pass
    for system in systems:
        try:
            group = numbers.get_group_symbol(locale, numbering_system=system)
            decimal = numbers.get_decimal_symbol(locale, numbering_system=system)
        except TypeError:  # Babel < 2.14 has no numbering_system: latn only
            group = numbers.get_group_symbol(locale)
            decimal = numbers.get_decimal_symbol(locale)
        except Exception:  # a numbering system without symbols in this Babel
            continue
        # CLDR symbols may carry bidi marks (e.g. Arabic); the separator is the rest.
        groups.update(c for c in group if unicodedata.category(c) != "Cf")
        decimals.update(c for c in decimal if unicodedata.category(c) != "Cf")
    try:
        secondary = {locale.decimal_formats[None].grouping[1]}
    except (KeyError, IndexError, AttributeError, TypeError):
        secondary = set()
    return groups, decimals, secondary


@dataclass(frozen=True, slots=True)
class _Pair:
    """What one locale pair needs: both readers and the run patterns."""

    source: _LocaleNumbers
    target: _LocaleNumbers
    runs: re.Pattern[str]  # any text
    ascii_runs: re.Pattern[str]  # the same matches on an ASCII text, faster


_pairs: dict[tuple[str, str], _Pair] = {}
# every passing comparison returns this one (the engine never changes an outcome)
_PASS = Outcome()
_SIGNS = "-+\u2212"


def _pair(source_locale: str, target_locale: str) -> _Pair:
    """Both readers and the run patterns of a locale pair, built once per pair and process.

    A run is a maximal stretch of digits joined by any separator either locale uses, with a
    sign when no letter or digit comes before it; every number of either reading lies inside
    one run. The patterns start with a character class (a sign or a digit), which the regex
    engine scans for quickly, and check what that character was after it; the ASCII one
    spells ``\\d`` and ``[^\\W_]`` as ASCII classes, which are the same on an ASCII text
    (tests/test_number_fidelity.py proves both equal to the lookahead-led pattern).
    """
    pair = _pairs.get((source_locale, target_locale))
    if pair is None:
        source = _locale_numbers(source_locale)
        target = _locale_numbers(target_locale)
        chars = set(source.separators | target.separators)
        separators = _char_class(chars)
        runs = rf"[{_SIGNS}\d](?:(?<=\d)|(?<![^\W_][{_SIGNS}])(?=\d))\d*(?:{separators}\d+)*"
        ascii_runs = (
            rf"[{_SIGNS}0-9](?:(?<=[0-9])|(?<![A-Za-z0-9][{_SIGNS}])(?=[0-9]))[0-9]*"
            rf"(?:{separators}[0-9]+)*"
        )
        pair = _pairs[(source_locale, target_locale)] = _Pair(
            source, target, re.compile(runs), re.compile(ascii_runs)
        )
    return pair


def _value(match: re.Match[str]) -> str:
    """The canonical value of a reader match: no grouping, ``.`` decimal, no redundant zeros."""
    integer = _NON_DIGIT.sub("", _ascii(match.group("int"))).lstrip("0") or "0"
    fraction = match.group("frac")
    if fraction:
        fraction = _ascii(fraction).rstrip("0")
    value = f"{integer}.{fraction}" if fraction else integer
    if match.group("sign") in ("-", "\u2212") and value != "0":
        value = "-" + value
    return value


def _raw(written: str) -> str:
    return _ascii(written).replace("\u2212", "-")


# --- reading ------------------------------------------------------------------------------


def _source_numbers(text: str, numbers: _LocaleNumbers) -> list[_Number]:
    return [_Number(_raw(m.group()), _value(m), m.group()) for m in numbers.reader.finditer(text)]


def _candidate_numbers(
    text: str,
    runs: re.Pattern[str],
    target: _LocaleNumbers,
    source: _LocaleNumbers,
    source_raws: set[str],
) -> list[_Number]:
    """Numbers of the candidate, read in the target locale unless written as in the source.

    A run whose numbers, read as the source reads them, all occur in the source keeps that
    reading ("written exactly as in the source always matches": ``2.0`` in French, or an
    English list ``1,5`` left as it was in German); each piece still gets its target-locale
    value when it is one, so a run like ``1,234`` may match by value or by spelling.
    """
    same_reader = source.reader.pattern == target.reader.pattern
    found: list[_Number] = []
    for run in runs.finditer(text):
        written = run.group()
        raw = _raw(written)
        if raw in source_raws or written.isdigit():
            # One number: as the source wrote it, or plain digits (read alike everywhere).
            as_target = target.reader.fullmatch(text, *run.span())
            value = _value(as_target) if as_target else None
            found.append(_Number(raw, value, written))
            continue
        start, end = run.span()
        whole = target.reader.fullmatch(text, start, end)
        if not same_reader and not (whole and source.reader.fullmatch(text, start, end)):
            # The two readings may split the run differently: keep the source's when all
            # of its pieces are numbers of the source.
            pieces = list(source.reader.finditer(text, start, end))
            if all(_raw(p.group()) in source_raws for p in pieces):
                for piece in pieces:
                    written = piece.group()
                    as_target = target.reader.fullmatch(written)
                    value = _value(as_target) if as_target else None
                    found.append(_Number(_raw(written), value, written))
                continue
        for piece in (whole,) if whole else target.reader.finditer(text, start, end):
            written = piece.group()
            found.append(_Number(_raw(written), _value(piece), written))
    return found


@lru_cache(maxsize=1024)
def _ignored(tag: str, ignore: tuple[str, ...]) -> tuple[frozenset[str], frozenset[str]]:
    """Values and spellings named by ``ignore`` (number strings as written in the source)."""
    reader = _locale_numbers(tag).reader
    values = {_value(m) for entry in ignore for m in reader.finditer(nfc(entry))}
    raws = {_raw(nfc(entry).strip()) for entry in ignore}
    return frozenset(values), frozenset(raws)


# --- comparing ----------------------------------------------------------------------------


def compare(
    source: str, text: str, source_locale: str, target_locale: str, ignore: tuple[str, ...] = ()
) -> Outcome:
    """Compare the numbers of ``source`` and candidate ``text`` (both already NFC)."""
    if not _has_digit(source) and not _has_digit(text):
        return _PASS
    pair = _pair(source_locale, target_locale)
    source_numbers_of, target_numbers_of = pair.source, pair.target
    source = mask_placeholders(source)
    text = mask_placeholders(text)
    source_ascii, text_ascii = source.isascii(), text.isascii()
    source_runs = (pair.ascii_runs if source_ascii else pair.runs).findall(source)
    runs = pair.ascii_runs if text_ascii else pair.runs
    candidate_runs = runs.findall(text)
    # Fast path: every run written as in the source (the usual case: "3" stays "3").
    if source_runs == candidate_runs or sorted(source_runs) == sorted(candidate_runs):
        return _PASS
    src = _source_numbers(source, source_numbers_of)
    if ignore:
        values, raws = _ignored(source_locale, ignore)
        src = [n for n in src if n.value not in values and n.raw not in raws]
    cand = _candidate_numbers(
        text, runs, target_numbers_of, source_numbers_of, {n.raw for n in src}
    )
    if ignore:
        cand = [n for n in cand if n.value not in values and n.raw not in raws]
    return _verdict(src, cand)


def _verdict(src: list[_Number], cand: list[_Number]) -> Outcome:
    src_open = [True] * len(src)
    cand_open = [True] * len(cand)
    # 1. Same value at the same position: keeps "1 and 2" → "2 and 2" a mutation of the 1.
    for i in range(min(len(src), len(cand))):
        if src[i].value == cand[i].value:
            src_open[i] = cand_open[i] = False
    # 2. By value, in order; 3. by spelling exactly as in the source.
    for key in ("value", "raw"):
        waiting: dict[str | None, deque[int]] = {}
        for i, number in enumerate(src):
            if src_open[i]:
                waiting.setdefault(getattr(number, key), deque()).append(i)
        for j, number in enumerate(cand):
            if not cand_open[j]:
                continue
            queue = waiting.get(getattr(number, key))
            if queue:
                src_open[queue.popleft()] = False
                cand_open[j] = False
    # A position is the index among a side's numbers.
    missing = {i for i, is_open in enumerate(src_open) if is_open}
    extra = {j for j, is_open in enumerate(cand_open) if is_open}
    mutated = sorted(missing & extra)
    missing -= set(mutated)
    extra -= set(mutated)
    found = set()
    if mutated:
        found.add(MUTATED)
    if missing:
        found.add(MISSING)
    if extra:
        found.add(EXTRA)
    if not found:
        return _PASS
    code = first_by_precedence(CODES, found)
    evidence: dict[str, Any] = {
        "source": [n.written for n in src],
        "candidate": [n.written for n in cand],
        "missing": [src[i].written for i in sorted(missing)],
        "extra": [cand[j].written for j in sorted(extra)],
        "mutated": [
            {"position": i, "expected": src[i].written, "actual": cand[i].written} for i in mutated
        ],
    }
    return Outcome(code, _message(code, evidence), evidence)


def _message(code: str, evidence: dict[str, Any]) -> str:
    if code == MUTATED:
        first = evidence["mutated"][0]
        return f"number {first['expected']} became {first['actual']}"
    if code == MISSING:
        return "source number(s) missing: " + ", ".join(evidence["missing"])
    return "number(s) not in the source: " + ", ".join(evidence["extra"])


def check(subject: Subject, params: dict[str, Any]) -> Outcome:
    ignore = params.get("ignore") or ()
    if ignore and (
        not isinstance(ignore, list) or not all(isinstance(item, str) for item in ignore)
    ):
        raise ParamsError("number_fidelity: ignore must be a list of strings")
    case = subject.case
    return compare(
        subject.source,
        subject.text,
        case.get("source_locale") or "en",
        case.get("target_locale") or "en",
        tuple(ignore),
    )
