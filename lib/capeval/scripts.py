"""Writing systems: which scripts a locale is written in, and which script a letter is in.

A locale's script is its explicit script subtag, else CLDR's likely script (the "likely
subtags" data, through Babel): ``sr`` → ``Cyrl``, ``sr-Latn`` → ``Latn``, ``zh`` and
``zh-CN`` → ``Hans``, ``zh-TW`` → ``Hant``, ``ja`` → ``Jpan``. ISO 15924 codes that stand for a
combination of Unicode scripts are expanded: ``Jpan`` = Han + Hiragana + Katakana, ``Kore`` =
Hangul + Han, ``Hans``/``Hant`` = Han (``Hant`` with Bopomofo too).

A *letter* is a character of general category L or M whose Unicode Script_Extensions is not
only Common or Inherited (so ``ー``, Common with extensions Hiragana and Katakana, is a
Japanese letter; a combining acute accent is none). A letter is *in* a script when that script
is among its Script_Extensions. Per-character answers are cached per process.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

# ISO 15924 codes for script combinations -> the Unicode scripts they are made of.
_COMBINED: dict[str, tuple[str, ...]] = {
    "Jpan": ("Hani", "Hira", "Kana"),
    "Kore": ("Hang", "Hani"),
    "Hans": ("Hani",),
    "Hant": ("Hani", "Bopo"),
    "Hanb": ("Hani", "Bopo"),
    "Hrkt": ("Hira", "Kana"),
}
# Scripts named in evidence; a letter in none of them is reported as "Zzzz" (other).
_NAMED = (
    "Latn Cyrl Grek Armn Geor Hebr Arab Syrc Thaa Nkoo Deva Beng Guru Gujr Orya Taml Telu "
    "Knda Mlym Sinh Thai Laoo Tibt Mymr Khmr Mong Hang Hira Kana Hani Bopo Ethi Cher Cans "
    "Tfng Yiii Copt Java Bali Olck Adlm Vaii Tale Lana Cham Bugi Runr Ogam"
).split()
OTHER = "Zzzz"

_regex: Any = None


def _regex_module() -> Any:
    global _regex
    if _regex is None:
        import regex  # lazily: only runs with these assertions pay its import

        _regex = regex
    return _regex


class UnknownScript(ValueError):
    """A script code the Unicode database does not know."""


@lru_cache(maxsize=256)
def locale_scripts(tag: str) -> tuple[str, ...]:
    """The ISO 15924 script of locale ``tag``: its script subtag, else CLDR's likely script.

    Raises ``UnknownScript`` for a language CLDR has no likely script for (rather than
    guessing Latin).
    """
    from babel.core import get_global, parse_locale  # lazily: CLDR data, once per process

    try:
        language, territory, script, *_ = parse_locale(tag.replace("_", "-"), sep="-")
    except ValueError as exc:
        raise UnknownScript(f"cannot read locale {tag!r}: {exc}") from exc
    if script:
        return (script.title(),)
    likely = get_global("likely_subtags")
    language = language.lower()
    for key in (f"{language}_{territory.upper()}" if territory else None, language):
        found = likely.get(key) if key else None
        if found:
            parts = found.split("_")
            if len(parts) > 1 and len(parts[1]) == 4:
                return (parts[1],)
    raise UnknownScript(f"CLDR knows no likely script for locale {tag!r} (give params.scripts)")


@lru_cache(maxsize=256)
def unicode_scripts(codes: tuple[str, ...]) -> tuple[str, ...]:
    """ISO 15924 ``codes`` expanded to Unicode script aliases (``Jpan`` → Hani, Hira, Kana)."""
    expanded: dict[str, None] = {}
    regex = _regex_module()
    for code in codes:
        for script in _COMBINED.get(code, (code,)):
            try:
                regex.compile(rf"\p{{scx={script}}}")
            except regex.error as exc:
                raise UnknownScript(f"unknown script {code!r}") from exc
            expanded[script] = None
    return tuple(expanded)


class LetterClassifier:
    """Counts the letters of a text in a set of expected scripts, one cached verdict per char.

    ``classify(char)`` is ``None`` for a non-letter, ``True`` for a letter in an expected
    script, else the ISO 15924 code of its script (``Zzzz`` when not among the named ones).
    """

    __slots__ = ("_cache", "_expected", "_letter", "_named")

    def __init__(self, scripts: tuple[str, ...]) -> None:
        regex = _regex_module()
        self._expected = regex.compile("[" + "".join(rf"\p{{scx={s}}}" for s in scripts) + "]")
        self._letter = regex.compile(r"(?![\p{scx=Zyyy}\p{scx=Zinh}])[\p{L}\p{M}]")
        self._named = regex.compile("|".join(rf"(?P<{s}>\p{{scx={s}}})" for s in _NAMED))
        self._cache: dict[str, Any] = {}

    def classify(self, char: str) -> Any:
        try:
            return self._cache[char]
        except KeyError:
            pass
        if not self._letter.match(char):
            verdict: Any = None
        elif self._expected.match(char):
            verdict = True
        else:
            named = self._named.match(char)
            verdict = named.lastgroup if named else OTHER
        self._cache[char] = verdict
        return verdict

    def all_expected(self, text: str) -> bool:
        """Whether no letter of ``text`` is outside the expected scripts."""
        if text.isascii() and self.classify("a") is True:
            return True  # ASCII letters are Latin, and Latin is expected
        classify = self.classify
        return all(classify(char) in (None, True) for char in set(text))

    def count(self, text: str) -> tuple[int, int, dict[str, int]]:
        """(letters, letters in an expected script, {script: count} of the other letters)."""
        letters = expected = 0
        others: dict[str, int] = {}
        classify = self.classify
        for char in text:
            if char.isascii() and not char.isalpha():
                continue  # fast path: ASCII digits, spaces and punctuation
            verdict = classify(char)
            if verdict is None:
                continue
            letters += 1
            if verdict is True:
                expected += 1
            else:
                others[verdict] = others.get(verdict, 0) + 1
        return letters, expected, others

    def runs(self, token: str) -> list[str]:
        """``token`` cut where its letters go from an expected script to another or back
        (digits, marks of no script and ``_`` stay with the run they follow)."""
        pieces: list[str] = []
        start = 0
        current: Any = None  # True: expected letters, False: others, None: none yet
        classify = self.classify
        for index, char in enumerate(token):
            verdict = classify(char)
            if verdict is None:
                continue
            kind = verdict is True
            if current is not None and kind != current:
                pieces.append(token[start:index])
                start = index
            current = kind
        pieces.append(token[start:])
        return pieces


@lru_cache(maxsize=64)
def classifier(scripts: tuple[str, ...]) -> LetterClassifier:
    """One shared classifier per set of expected Unicode scripts."""
    return LetterClassifier(scripts)
