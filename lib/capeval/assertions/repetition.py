"""``repetition``: the candidate repeats no word or phrase that the source does not repeat.

A model caught in a loop writes ``Enregistrer le fichier le fichier le fichier``, a phrase
twice, or one word over and over. The text is split into words (runs of letters, digits,
marks and ``'’-_``; a placeholder such as ``%s`` or ``{name}`` is no word); in scripts written
without spaces (Han, Kana, Hangul, Thai, Lao, Khmer, Myanmar) a character is a unit.

* a **loop** is a unit of two or more words repeated consecutively (``the file the file``), a
  word three times in a row, or, without spaces, a unit of three or more characters repeated
  (``保存文件保存文件``) or two characters three times;
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
from typing import Any

import regex

from capeval.assertions import Subject
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
_WORD = regex.compile(r"[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}'’_\-]*[\p{L}\p{N}\p{M}])?")
# Scripts without spaces between words: a character is a unit there.
_NO_SPACE = re.compile(
    r"[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]"
)
# Han, Kana and Hangul: a character is a syllable or a word. In Thai, Lao, Khmer and Myanmar
# a syllable takes several code points, so a loop there needs a unit of six or more.
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_PLACEHOLDER = re.compile(r"%(?:\([^)]*\))?[-+ #0-9.]*[a-zA-Z%]|\{[^{}]*\}")
# Bounded backtracking: a unit of at most 80 characters.
_CHAR_LOOP = re.compile(r"([^\n]{3,80}?)\1+|(\S{2})\2{2,}|(\S)\3{3,}")
# The character scan reads this much of a text (its backtracking is bounded by it).
CHAR_SCAN_LIMIT = 2000


def _words(text: str) -> list[re.Match[str]]:
    if "%" in text or "{" in text:
        text = _PLACEHOLDER.sub(lambda m: " " * len(m.group()), text)
    return list(_WORD.finditer(text))


def repeats(text: str, language: str, words: bool = True, min_repeats: int = 3) -> list[dict]:
    """The loops and doubled words of ``text`` (without regard to a source)."""
    found: list[dict[str, Any]] = []
    tokens = _words(text)
    lowered = [m.group().casefold() for m in tokens]
    # a repeat needs a word twice: a text of distinct words has none (most texts)
    n = len(tokens) if len(set(lowered)) < len(lowered) else 0
    # what stands between word k and word k+1 (placeholders, punctuation, blanks)
    seps = [text[tokens[k].end() : tokens[k + 1].start()] for k in range(n - 1)]
    i = 0
    while i < n:
        best: tuple[int, int] | None = None  # (unit length in words, times)
        for size in range(1, min(8, (n - i) // 2) + 1):
            times = 1
            while _repeated(lowered, seps, i, i + times * size, size):
                times += 1
            if times > 1 and (best is None or size * times > best[0] * best[1]):
                best = (size, times)
        if best is None:
            i += 1
            continue
        size, times = best
        start, end = tokens[i].start(), tokens[i + size * times - 1].end()
        unit = text[tokens[i].start() : tokens[i + size - 1].end()]
        if size >= 2 or times >= min_repeats:
            found.append(_repeat(CODES[0], unit, times, start, end))
        elif words and _doubling_is_error(lowered[i], language) and _NO_SPACE.search(unit) is None:
            found.append(_repeat(CODES[1], unit, times, start, end))
        i += size * times
    if _NO_SPACE.search(text):
        for match in _CHAR_LOOP.finditer(text, 0, CHAR_SCAN_LIMIT):
            unit = next(g for g in match.groups() if g)
            times = len(match.group()) // len(unit)
            if not _NO_SPACE.search(unit) or (len(unit) == 1 and times < 4):
                continue
            if not _CJK.search(unit) and len(unit) < 6:
                continue  # a syllable of Thai or Khmer
            # a short unit of punctuation is a list ("、文字列、文字列の"); a blank inside one is
            # Korean's word spacing ("아 스페아 스페"), a loop like any other
            short_list = len(unit) < 5 and not unit.replace(" ", "").isalnum()
            if short_list or len(_NO_SPACE.findall(unit)) < 2:
                continue  # a list; a repeat of Latin text ("ab ab")
            if any(c in unit for c in "<>[]|"):
                continue  # the metavariables of a usage line: <init 程序> <init 程序参数>
            if len(unit) == 2 and times < min_repeats:
                continue
            if not any(f["offset"] <= match.start() < f["end"] for f in found):
                found.append(_repeat(CODES[0], unit, times, match.start(), match.end()))
    return found


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


def _language(locale: Any) -> str:
    return str(locale or "").replace("_", "-").split("-", 1)[0].lower()


def _findings(source: str, text: str, params: dict[str, Any], language: str) -> list[dict]:
    words = params.get("words", True) is not False
    min_repeats = params.get("min_repeats", 3)
    found = repeats(text, language, words, min_repeats)
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
    language = _language(subject.case.get("target_locale"))
    found = _findings(source, text, params, language)
    if not found:
        return _PASS
    found.sort(key=lambda f: (CODES.index(f["code"]), f["offset"]))
    suggestions = []
    for finding in found:
        start, end, unit = finding["offset"], finding["end"], finding["text"]
        fix = suggestion(text, start, end, unit, f"keep one {unit!r}")
        if fix is not None:
            fixed = text[:start] + unit + text[end:]
            if len(_findings(source, fixed, params, language)) < len(found):
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
