"""``repetition``: the candidate repeats no word or phrase that the source does not repeat.

A model caught in a loop writes ``Enregistrer le fichier le fichier le fichier``, a phrase
twice, or one word over and over. The text is split into words (runs of letters, digits,
marks and ``'’-_``; a placeholder such as ``%s`` or ``{name}`` is no word); in scripts written
without spaces (Han, Kana, Hangul, Thai, Lao, Khmer, Myanmar) a character is a unit.

* a **loop** is a unit of two or more words repeated consecutively (``the file the file``), a
  word three times in a row, or, without spaces, a unit of three or more characters repeated
  (``保存文件保存文件``) or two characters three times — in Thai, Lao, Khmer and Myanmar,
  where a syllable takes several code points and words repeat syllables (``ล้านล้าน``), a
  unit of under six code points only when it cannot be whole syllables: it begins with a
  vowel sign or mark, ends with a leading vowel, holds a blank, or the text around joins its
  first or last copy to a letter (``สัปดาัปดาห์``);
* a **doubled word** is one word twice in a row (``the the``), case-insensitive, in a target
  whose grammar does not double words: reduplication is grammar in Hindi, Urdu, Bengali,
  Marathi, Nepali, Punjabi, Gujarati, Tamil, Telugu, Kannada, Malayalam, Sinhala, Turkish,
  Azerbaijani, Persian, Swahili, Indonesian, Malay, Tagalog, Vietnamese, Hebrew, Khmer, Thai,
  Lao, Burmese, Chinese, Japanese and Korean (``धीरे धीरे``, ``yavaş yavaş``, ``pole pole``),
  and so is a doubled pronoun or article in German, Dutch, French and English (``die die``,
  ``dat dat``, ``nous nous``, ``that that``, ``had had``).

A repetition the source has too (the same unit, or any unit, repeated as often: ``very very``
→ ``très très``) is the source's. Params:
``words`` (default true): report doubled words; ``min_repeats`` (default 3): how many times a
single word or a two-character unit must repeat to be a loop.

Codes, in precedence order: ``repetition_loop``, ``repetition_word_doubled``. Evidence:
``repeats`` (``[{code, text, times, offset}]``) and ``suggestions``: the repeats removed,
keeping one, when that makes the candidate pass.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

import regex

from capeval.assertions import Subject, language_of
from capeval.suggestions import suggestion
from capeval.verdict import Outcome

NAME = "repetition"
MEANINGS = {
    "repetition_loop": (
        "A word or phrase repeated in a loop",
        "The translation repeats a phrase, or one word three times, that the source does not "
        "repeat: the output of a model caught in a loop. Keep one.",
    ),
    "repetition_word_doubled": (
        "A word doubled",
        "One word stands twice in a row where the source has no doubled word and the target "
        "language does not double it as grammar. Remove one.",
    ),
}
CODES = tuple(MEANINGS)
PARAMS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "words": {"type": "boolean"},
        "min_repeats": {"type": "integer", "minimum": 2, "maximum": 10},
    },
    "additionalProperties": False,
}

_PASS = Outcome()
# Languages whose grammar doubles words (reduplication), or that write without spaces.
REDUPLICATING = frozenset(
    "hi ur bn mr ne pa gu ta te kn ml si tr az fa sw id ms tl fil vi he km th lo my".split()
    + ["zh", "yue", "ja", "ko"]
)
# Pronouns and articles that stand twice in a row in grammatical sentences.
_GRAMMATICAL_DOUBLES = {
    "de": {"die", "der", "das", "den", "dem", "des", "sie"},
    "nl": {"dat", "die"},
    "fr": {"nous", "vous"},
    "en": {"that", "had", "is"},
}
# Words with their combining marks (Indic vowel signs and viramas are no word boundary).
# Written as runs that never backtrack: a letter or digit, its letters, digits and marks, then
# runs of them joined by ' ’ _ - or · (a joiner ends no word).
# (a middle dot joins too: Catalan's "l·l" is inside a word, Cancel·la)
_WORD = regex.compile(r"[\p{L}\p{N}][\p{L}\p{N}\p{M}]*(?:['’_\-\u00b7]+[\p{L}\p{N}\p{M}]+)*")
# Scripts without spaces between words: a character is a unit there.
_NO_SPACE = re.compile(
    r"[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]"
)
# Han, Kana and Hangul: a character is a syllable or a word. In Thai, Lao, Khmer and Myanmar
# a syllable takes several code points, so a loop there needs a unit of six or more, or one
# that cannot be whole syllables (_syllables).
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_PLACEHOLDER = re.compile(r"%(?:\([^)]*\))?[-+ #0-9.]*[a-zA-Z%]|\{[^{}]*\}")
# Bounded backtracking: a unit of at most UNIT_MAX characters.
UNIT_MAX = 80
_CHAR_LOOP = re.compile(rf"([^\n]{{3,{UNIT_MAX}}}?)\1+|(\S{{2}})\2{{2,}}|(\S)\3{{3,}}")
# The character scan reads this much of a text (its backtracking is bounded by it).
CHAR_SCAN_LIMIT = 2000


def _without_placeholders(text: str) -> str:
    if "%" in text or "{" in text:
        return _PLACEHOLDER.sub(lambda m: " " * len(m.group()), text)
    return text


def repeats(text: str, locale: Any, words: bool = True, min_repeats: int = 3) -> list[dict]:
    """The loops and doubled words of ``text`` (without regard to a source), written in
    ``locale`` (a locale or its language)."""
    found: list[dict[str, Any]] = []
    # words repeat after a blank (a text of one word has no repeat), and a repeat needs a
    # word twice (a text of distinct words has none): most texts
    if len(text.split(None, 1)) > 1:
        masked = _without_placeholders(text)
        written = _WORD.findall(masked)
        lowered = list(map(str.casefold, written))
        if len(set(lowered)) < len(lowered):
            found = _word_repeats(text, masked, written, lowered, locale, words, min_repeats)
    if _NO_SPACE.search(text):
        _add_character_loops(text, found, min_repeats)
    return found


def _word_repeats(
    text: str,
    masked: str,
    written: list[str],
    lowered: list[str],
    locale: Any,
    words: bool,
    min_repeats: int,
) -> list[dict]:
    """The loops and doubled words of ``text``: ``written``, its words in ``masked`` (the text
    without placeholders), ``lowered``, the same case-folded."""
    found: list[dict[str, Any]] = []
    n = len(lowered)
    # a unit (of at most 8 words) repeats only where its first word stands again within 8
    starts = []
    last: dict[str, int] = {}  # word -> where it last stood
    for at, word in enumerate(lowered):
        before = last.get(word)
        if before is not None and at - before <= 8:
            starts.append(before)
        last[word] = at
    if not starts:
        return found
    # where each word begins and ends: where it first stands after the word before (between
    # words stands no letter or digit, with which a word begins)
    begins, ends, at = [], [], 0
    for word in written:
        at = masked.find(word, at)
        begins.append(at)
        at += len(word)
        ends.append(at)
    # what stands between word k and word k+1 (placeholders, punctuation, blanks)
    seps = list(map(text.__getitem__, map(slice, ends, begins[1:])))
    after = 0  # the first word after the last repeat found
    for i in sorted(starts):
        if i < after:
            continue
        best: tuple[int, int] | None = None  # (unit length in words, times)
        for size in range(1, min(8, (n - i) // 2) + 1):
            if lowered[i + size] != lowered[i]:
                continue
            times = 1
            while _repeated(lowered, seps, i, i + times * size, size):
                times += 1
            if times > 1 and (best is None or size * times > best[0] * best[1]):
                best = (size, times)
        if best is None:
            continue
        size, times = best
        start, end = begins[i], ends[i + size * times - 1]
        unit = text[start : ends[i + size - 1]]
        if size >= 2 or times >= min_repeats:
            found.append(_repeat(CODES[0], unit, times, start, end))
        elif (
            words
            and _doubling_is_error(lowered[i], language_of(locale))
            and _NO_SPACE.search(unit) is None
        ):
            found.append(_repeat(CODES[1], unit, times, start, end))
        after = i + size * times
    return found


def _add_character_loops(text: str, found: list[dict], min_repeats: int) -> None:
    """Add to ``found`` the loops of characters of a text in a script without spaces."""
    after = 0  # the end of the last loop (the scan goes on from there)
    for start in _loop_starts(text[:CHAR_SCAN_LIMIT]):
        match = _CHAR_LOOP.match(text, start, CHAR_SCAN_LIMIT) if start >= after else None
        if match is None:
            continue
        after = match.end()
        unit = next(g for g in match.groups() if g)
        times = len(match.group()) // len(unit)
        if not _NO_SPACE.search(unit) or (len(unit) == 1 and times < 4):
            continue
        around = text[match.start() - 1 : match.start()], text[after : after + 1]
        if not _CJK.search(unit) and len(unit) < 6 and _syllables(unit, *around):
            continue  # a syllable of Thai or Khmer
        # a short unit of punctuation is a list ("、文字列、文字列の"); a blank inside one is
        # Korean's word spacing ("아 스페아 스페"), a loop like any other; a mark is a letter's
        short_list = len(unit) < 5 and not _letters(unit.replace(" ", ""))
        if short_list or len(_NO_SPACE.findall(unit)) < 2:
            continue  # a list; a repeat of Latin text ("ab ab")
        if unit[0] in ">]|" or unit[-1] in "<[|":
            continue  # the same head of two items of a usage line: <init 程序> <init 程序参数>
        if len(unit) == 2 and times < min_repeats:
            continue
        if not any(f["offset"] <= match.start() < f["end"] for f in found):
            found.append(_repeat(CODES[0], unit, times, match.start(), match.end()))


# Thai and Lao vowels written after the consonant (no syllable begins with one) and before it
# (none ends with one); a syllable begins with no combining mark either.
_FOLLOWING_VOWELS = "ะาำๅະາຳ"
_LEADING_VOWELS = "เแโใไເແໂໃໄ"


def _syllables(unit: str, before: str, after: str) -> bool:
    """Whether ``unit``, repeated between ``before`` and ``after``, may be whole syllables:
    it begins with no mark or following vowel and ends with no leading vowel, holds no blank,
    and the text around does not join its first or last copy to a letter (a leading vowel
    before, a mark or a following vowel after)."""
    if _cannot_begin(unit[0]) or unit[-1] in _LEADING_VOWELS or " " in unit:
        return False
    return not (before and before in _LEADING_VOWELS) and not (after and _cannot_begin(after))


def _cannot_begin(char: str) -> bool:
    return unicodedata.category(char).startswith("M") or char in _FOLLOWING_VOWELS


def _letters(text: str) -> bool:
    """Whether ``text`` is all letters, digits and marks."""
    return all(char.isalnum() or unicodedata.category(char).startswith("M") for char in text)


def _loop_starts(text: str) -> list[int]:
    """Where a loop of characters may start in ``text``, in order: where the three characters
    from there stand again at most ``UNIT_MAX`` characters on, as in every loop ("abcabc";
    "ababab" and "aaaa" repeat "aba" and "aaa" two and one characters on)."""
    starts = []
    last: dict[str, int] = {}  # three characters -> where they last stood
    for at in range(len(text) - 2):
        three = text[at : at + 3]
        before = last.get(three)
        if before is not None and at - before <= UNIT_MAX:
            starts.append(before)
        last[three] = at
    return sorted(starts)


def _repeated(words: list[str], seps: list[str], i: int, j: int, size: int) -> bool:
    """Whether the ``size`` words from ``j`` repeat those from ``i`` right after them: the
    same words with the same text between them, joined by blanks; never across a line
    break or a ``|`` (one item per line, plural forms)."""
    if j + size > len(words) or words[j : j + size] != words[i : i + size]:
        return False
    if seps[i : i + size - 1] != seps[j : j + size - 1]:
        return False
    join = seps[j - 1]
    if not join.isspace() or "\n" in join:
        return False
    return not any("\n" in sep or "|" in sep for sep in seps[i : i + size - 1])


def _doubling_is_error(word: str, language: str) -> bool:
    if language in REDUPLICATING or word.isdigit() or len(word) < 2:
        return False
    return word not in _GRAMMATICAL_DOUBLES.get(language, ())


def _repeat(code: str, unit: str, times: int, start: int, end: int) -> dict[str, Any]:
    return {"code": code, "text": unit, "times": times, "offset": start, "end": end}


def _findings(source: str, text: str, params: dict[str, Any], locale: Any) -> list[dict]:
    words = params.get("words", True) is not False
    min_repeats = params.get("min_repeats", 3)
    found = repeats(text, locale, words, min_repeats)
    if not found:
        return []
    # the source's own repetitions (in its language, no exemption) are not the candidate's
    # (a repeat translated is a repeat: "very very" -> "très très")
    in_source = {(f["text"].casefold(), f["times"]) for f in repeats(source, "", True, 2)}
    times = {t for _, t in in_source}
    return [
        f
        for f in found
        if (f["text"].casefold(), f["times"]) not in in_source and f["times"] not in times
    ]


def check(subject: Subject, params: dict[str, Any]) -> Outcome:
    source, text = subject.source, subject.text
    if source == text:
        return _PASS
    locale = subject.case.get("target_locale")
    found = _findings(source, text, params, locale)
    if not found:
        return _PASS
    found.sort(key=lambda f: (CODES.index(f["code"]), f["offset"]))
    suggestions = []
    for finding in found:
        start, end, unit = finding["offset"], finding["end"], finding["text"]
        fix = suggestion(text, start, end, unit, f"keep one {unit!r}")
        if fix is not None:
            fixed = text[:start] + unit + text[end:]
            if len(_findings(source, fixed, params, locale)) < len(found):
                suggestions.append(fix)
    evidence: dict[str, Any] = {
        "repeats": [{k: v for k, v in f.items() if k != "end"} for f in found]
    }
    if suggestions:
        evidence["suggestions"] = suggestions
    first = found[0]
    what = "repeated" if first["code"] == CODES[0] else "doubled"
    message = f"{first['text']!r} {what} {first['times']} times at {first['offset']}"
    if len(found) > 1:
        message += f" (and {len(found) - 1} more repeat(s))"
    return Outcome(first["code"], message, evidence)
