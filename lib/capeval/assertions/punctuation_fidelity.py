"""``punctuation_fidelity``: the candidate keeps the source's end punctuation in the target's
form, its brackets and quotes balanced, the target's spacing, and no doubled spaces or marks.

A model drops the final ``?``, turns a question into a statement, writes ``?`` where Arabic
has ``؟`` or ``？`` in a German string, leaves a ``(`` open, loses French spacing before
``:;?!``, or doubles a space or a full stop. Params (each check can be turned off):

* ``end`` (default true): the source's end punctuation — question, exclamation, full stop,
  colon, ellipsis — ends the candidate too (after trailing blanks, closing quotes and
  brackets), in a form the target's language writes (``?`` → ``？`` in Chinese and Japanese,
  ``؟`` in Arabic, Persian and Urdu, ``;`` in Greek; ``.`` → ``。``, ``।``, ``۔``, ``။``…); a
  full stop may be dropped in Thai, Lao and Khmer, and a question mark or colon may end a
  Chinese or Japanese string in ASCII;
* ``brackets`` (default true): each family — ``()``/``（）``, ``[]``/``【】``/``［］``,
  ``{}``/``｛｝``, ``«»``, ``「」``, ``『』`` — and ASCII ``"`` balanced in the candidate where the
  source is;
* ``spacing`` (default true): French targets put a blank (U+0020, U+00A0 or U+202F) before
  ``:``, ``;``, ``?``, ``!`` and ``»`` and after ``«`` (Canadian French: before ``:`` and
  ``»`` only);
* ``doubled`` (default true): two blanks in a row, or a doubled ``, . ? ! : ;`` (not ``...``),
  ``。、，？！`` or another script's end mark (``؟ ۔ ։ ․ ។ ။ ঃ ።``; Ethiopic ``::::``), where the
  source has none.

Codes, in precedence order: ``punctuation_end_missing`` (the source's end punctuation is not
at the candidate's end), ``punctuation_end_changed`` (another kind of end punctuation there),
``punctuation_end_form`` (the right kind in a form the target does not write),
``punctuation_bracket_unbalanced``, ``punctuation_spacing``, ``punctuation_doubled``.
Evidence: ``findings`` (``[{code, expected?, actual?, offset?, text?}]``) and ``suggestions``:
the end mark written in the target's form, a missing end mark added, French spacing inserted
(U+202F), a doubled blank or mark made single — each offered only when, applied alone, it
removes its finding and adds none.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from capeval.assertions import Subject
from capeval.suggestions import suggestion
from capeval.verdict import Outcome

NAME = "punctuation_fidelity"
MEANINGS = {
    "punctuation_end_missing": (
        "End punctuation missing",
        "The source ends with a question mark, exclamation mark, colon, ellipsis or (where the "
        "translation ends other sentences with one) a full stop, and the translation does not. "
        "End it as the source does, in the target language's form.",
    ),
    "punctuation_end_changed": (
        "End punctuation changed",
        "The translation ends with another kind of mark than the source (a question turned into "
        "a statement, a full stop for a colon). End it with the source's kind of mark.",
    ),
    "punctuation_end_form": (
        "End punctuation in another language's form",
        "The end mark is the right kind in a form the target language does not write (? in "
        "Arabic, ？ in German). Write the target's form (؟ for Arabic, ? for German).",
    ),
    "punctuation_bracket_unbalanced": (
        "Brackets or quotes unbalanced",
        "A bracket or quotation mark the source balances is left open or closed twice in the "
        "translation. Close what the translation opens.",
    ),
    "punctuation_spacing": (
        "French spacing missing",
        "French puts a (narrow) no-break space before : ; ? ! and » and after «; the translation "
        "does not. Insert U+202F or U+00A0.",
    ),
    "punctuation_doubled": (
        "Punctuation doubled",
        "A mark (or, with doubled_spaces, a space) is doubled in the translation where the "
        "source has none doubled. Keep one.",
    ),
}
CODES = tuple(MEANINGS)
PARAMS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "end": {"type": "boolean"},
        "full_stop": {"enum": ["always", "sentences", "never"]},
        "brackets": {"type": "boolean"},
        "spacing": {"type": "boolean"},
        "doubled": {"type": "boolean"},
        "doubled_spaces": {"type": "boolean"},
    },
    "additionalProperties": False,
}

_PASS = Outcome()

# The kinds of end punctuation and every form of each (a form is one or more characters).
_FORMS: dict[str, tuple[str, ...]] = {
    "ellipsis": ("...", "…", "⋯", "……", "。。。"),
    "question": ("?", "？", "؟", ";", "\u037e", "፧", "⸮", "﹖"),
    "exclamation": ("!", "！", "¡", "﹗"),
    "stop": (".", "。", "｡", "．", "﹒", "।", "॥", "۔", "።", "။", "។", "།", "։", "᙮", "::", "፡፡"),
    "colon": (":", "：", "﹕", "፥", "፡", "ঃ", "\u2024"),
}
# Longest forms first, so "..." is an ellipsis and not a full stop.
_BY_FORM = sorted(
    ((form, kind) for kind, forms in _FORMS.items() for form in forms), key=lambda f: -len(f[0])
)
# The same, by last character: a text's last character names the few forms it may end with.
_BY_LAST: dict[str, list[tuple[str, str]]] = {}
for _form, _kind in _BY_FORM:
    _BY_LAST.setdefault(_form[-1], []).append((_form, _kind))
_ASCII = {"question": "?", "exclamation": "!", "stop": ".", "colon": ":", "ellipsis": "..."}
# language -> kind -> the forms it writes (the first is the one a suggestion writes); a kind
# not listed takes the ASCII form (and "…" for an ellipsis).
_LOCALE_FORMS: dict[str, dict[str, tuple[str, ...]]] = {}
for _languages, _table in (
    (
        ("zh", "yue", "ja"),
        {
            # the small forms (﹖﹗﹒﹕) and "．" are what some Chinese and Japanese texts write
            "question": ("？", "?", "﹖"),
            "exclamation": ("！", "!", "﹗"),
            "stop": ("。", ".", "．", "﹒"),
            "colon": ("：", ":", "﹕"),
            "ellipsis": ("……", "…", "...", "⋯"),
        },
    ),
    (
        ("ar", "fa", "ur", "ps", "ckb", "sd", "ug", "ks", "dv"),
        {"question": ("؟",), "stop": (".", "۔")},
    ),
    (("hi", "mr", "ne", "pa", "sa", "mai"), {"stop": ("।", ".")}),
    (("el",), {"question": (";", "\u037e")}),
    (
        ("am", "ti"),
        {"question": ("?", "፧"), "stop": ("።", "::", "፡፡", "."), "colon": (":", "፥", "፡")},
    ),
    (("bn", "as"), {"stop": ("।", "."), "colon": (":", "ঃ")}),
    (("my",), {"stop": ("။", ".")}),
    (("km",), {"stop": ("។", ".")}),
    (("bo", "dz"), {"stop": ("།", ".")}),
    (("hy",), {"stop": ("։", ".", ":"), "colon": (":", "\u2024")}),
    (("ko",), {"question": ("?", "？"), "exclamation": ("!", "！"), "stop": (".", "。")}),
):
    for _language in _languages:
        _LOCALE_FORMS[_language] = _table
# Targets whose writing ends a sentence without a mark (Thai, Lao) or whose question mark
# stands on the stressed word (Armenian).
_MAY_DROP = {"th": ("stop",), "lo": ("stop",), "km": ("stop",), "hy": ("question",)}
_SENTENCE_END = re.compile(r"(?<=\w\w)[.。।۔။]\s|[。।]\S")
_CLOSERS = "\"'”’»›」』)]）］】〕》〉"
_TRAILING_BLANK = " \t\n\r\u00a0\u202f\u3000"

# Bracket families: (openers, closers); a family is checked when the source balances it.
_FAMILIES = (
    ("(（", ")）"),
    ("[【［", "]】］"),
    ("{｛", "}｝"),
    ("«", "»"),
    ("「", "」"),
    ("『", "』"),
)

# Every bracket of every family and the ASCII quotation mark: only these decide balance.
_BRACKET_OR_QUOTE = re.compile("[" + re.escape("".join(o + c for o, c in _FAMILIES) + '"') + "]")
_FAMILY_CHARS = tuple(frozenset(openers + closers) for openers, closers in _FAMILIES)

# Guillemets open either way (German and Danish write »…«): only their numbers must match.
_EITHER_WAY = frozenset({"«"})
_FRENCH_BEFORE = re.compile(r"(?<=[\w\d)\]»%}”’])([:;?!»])(?=[\s\"'”»)\]]|$)")
_FRENCH_AFTER = re.compile(r"(«)(?=\w)")
# (Each doubling starts with one of the marks of the lookahead: it lets the regex engine pass
# over every other character at once.)
_DOUBLED = re.compile(
    r"(?=[.…,?!:;。：；।、，？！؟۔։․។။ঃ።])"
    # two full stops between digits are a range (000..255), not a doubling
    r"(?:(?<!\.)\.\.(?!\.)(?!(?<=[0-9]\.\.)[0-9])|(?<!\.)\.{4,}|……(?=…)|,,|\?\?|!!|::|;;|。。|：：|；；|।।|、、|，，|？？|！！"
    # the end marks of Arabic script, Armenian, Khmer, Myanmar, Bengali, Ethiopic
    r"|؟؟|۔۔|։։|․․|។។|။။|ঃঃ|።።)"
)
# Amharic and Tigrinya write their full stop (።) as "::" too: doubled, it is "::::"
_DOUBLED_ETHIOPIC = re.compile(_DOUBLED.pattern.replace("|::|", "|(?<!:)::::(?!:)|"))
_DOUBLED_SPACE = re.compile(r"(?<=\S)  +(?=\S)")


@functools.lru_cache(maxsize=256)
def _target(locale: str) -> tuple[str, str]:
    """(language, variant) of a target locale: ``fr-CA`` -> ("fr", "ca")."""
    parts = locale.replace("_", "-").lower().split("-")
    return parts[0], parts[-1] if len(parts) > 1 else ""


def end_mark(text: str) -> tuple[str, str, int] | None:
    """(kind, form, offset) of the end punctuation of ``text`` (before trailing blanks,
    closing quotes and brackets), or None."""
    blank_stripped = text.rstrip(_TRAILING_BLANK)
    end = len(blank_stripped)
    body = len(blank_stripped.rstrip(_CLOSERS))
    for stop in (end, body) if body != end else (end,):
        for form, kind in _BY_LAST.get(text[stop - 1], ()) if stop else ():
            if text.endswith(form, 0, stop):
                return kind, form, stop - len(form)
    return None


def _accepted(kind: str, language: str) -> tuple[str, ...]:
    table = _LOCALE_FORMS.get(language, {})
    if kind in table:
        return table[kind]
    return ("...", "…") if kind == "ellipsis" else (_ASCII[kind],)


def _ends_sentences(text: str) -> bool:
    """Whether ``text`` ends a sentence with a full stop before its last (so a dropped final
    one is a slip, not a style: many languages end a one-sentence UI string with none)."""
    return _SENTENCE_END.search(text.rstrip(_TRAILING_BLANK)) is not None


def _end_findings(
    source: str, text: str, language: str, full_stop: str, found: list, fixes: list
) -> None:
    want = end_mark(source)
    if want is None or want[1] == "::" and language not in ("am", "ti"):
        return  # no end mark, or a reStructuredText literal-block marker
    kind = want[0]
    got = end_mark(text)
    forms = _accepted(kind, language)
    if got is None:
        if kind in _MAY_DROP.get(language, ()):
            return
        if kind == "stop" and full_stop != "always":
            if full_stop == "never" or not _ends_sentences(text):
                return
        found.append({"code": CODES[0], "expected": forms[0], "actual": ""})
        at = len(text.rstrip(_TRAILING_BLANK))
        fix = suggestion(text, at, at, forms[0], f"add the final {forms[0]!r}") if at else None
    elif got[0] != kind:
        # a colon or stop before a closing mark is the same sentence's, often reordered
        found.append({"code": CODES[1], "expected": forms[0], "actual": got[1]})
        fix = None
    elif got[1] not in forms and not (kind == "stop" and got[1] == "." and language in ("ko",)):
        offset = got[2]
        found.append({"code": CODES[2], "expected": forms[0], "actual": got[1]})
        fix = suggestion(
            text, offset, offset + len(got[1]), forms[0], f"write {forms[0]!r} for {got[1]!r}"
        )
    else:
        fix = None
    if fix:
        fixes.append(fix)


def _unbalanced(text: str, openers: str, closers: str) -> bool:
    if openers in _EITHER_WAY:
        return sum(map(text.count, openers)) != sum(map(text.count, closers))
    depth = 0
    for char in text:
        if char in openers:
            depth += 1
        elif char in closers:
            depth -= 1
            if depth < 0:
                return True
    return depth != 0


def _bracket_findings(source: str, text: str, language: str, found: list) -> None:
    # A candidate without brackets or quotation marks is balanced, whatever its source.
    marks = "".join(_BRACKET_OR_QUOTE.findall(text))
    if not marks:
        return
    present = set(marks)
    for (openers, closers), chars in zip(_FAMILIES, _FAMILY_CHARS, strict=True):
        if present.isdisjoint(chars):
            continue
        if _unbalanced(marks, openers, closers) and not _unbalanced(source, openers, closers):
            found.append({"code": CODES[3], "text": openers[0] + closers[0]})
    # Hebrew writes gershayim (abbreviations, ק"ב) with the ASCII quotation mark
    if marks.count('"') % 2 == 1 and source.count('"') % 2 == 0 and language not in ("he", "yi"):
        found.append({"code": CODES[3], "text": '"'})


def _french_spacing_findings(
    source: str, text: str, variant: str, found: list, fixes: list
) -> None:
    marks = ":»" if variant == "ca" else ":;?!»"
    for match in _FRENCH_BEFORE.finditer(text):
        mark = match.group(1)
        if mark not in marks or _url_like(text, match.start()):
            continue
        if _copied(text, match.start(), source):
            continue  # "%s:" of a program-name prefix, "setup();", ":members:": code
        found.append({"code": CODES[4], "text": mark, "offset": match.start()})
        fix = suggestion(text, match.start(), match.start(), "\u202f", f"space before {mark}")
        if fix:
            fixes.append(fix)
    for match in _FRENCH_AFTER.finditer(text):
        found.append({"code": CODES[4], "text": "«", "offset": match.start()})
        at = match.end()
        fix = suggestion(text, at, at, "\u202f", "space after «")
        if fix:
            fixes.append(fix)


def _copied(text: str, at: int, source: str) -> bool:
    """Whether the word before the mark at ``at``, with the mark, is the source's as is."""
    start = at
    while start and not text[start - 1].isspace():
        start -= 1
    return text[start : at + 1] in source


def _url_like(text: str, at: int) -> bool:
    """Whether the mark at ``at`` is inside a token (a URL scheme, a time, a drive)."""
    start = at
    while start and not text[start - 1].isspace():
        start -= 1
    return "/" in text[start:at] or "\\" in text[start:at]


def _doubled_findings(
    source: str, text: str, pattern: re.Pattern[str], found: list, fixes: list
) -> None:
    in_source = None  # the source's doubled runs, found when the candidate has one
    for match in pattern.finditer(text):
        if in_source is None:
            in_source = {m.group().strip(" ") or "  " for m in pattern.finditer(source)}
        run = match.group()
        key = run.strip(" ") or "  "
        if key in in_source:
            continue
        found.append({"code": CODES[5], "text": run, "offset": match.start()})
        keep = run[0]
        fix = suggestion(text, match.start(), match.end(), keep, f"make {run!r} single")
        if fix:
            fixes.append(fix)


def _findings(
    source: str, text: str, params: dict[str, Any], language: str, variant: str
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    findings: list[dict[str, Any]] = []
    fixes: list[dict[str, Any]] = []
    if params.get("end", True):
        full_stop = params.get("full_stop", "sentences")
        _end_findings(source, text, language, full_stop, findings, fixes)
    if params.get("brackets", True):
        _bracket_findings(source, text, language, findings)
    if params.get("spacing", True) and language == "fr":
        _french_spacing_findings(source, text, variant, findings, fixes)
    if params.get("doubled", True):
        # Amharic and Tigrinya write their full stop (።) as "::" too
        pattern = _DOUBLED_ETHIOPIC if language in ("am", "ti") else _DOUBLED
        _doubled_findings(source, text, pattern, findings, fixes)
    if params.get("doubled_spaces", False):
        _doubled_findings(source, text, _DOUBLED_SPACE, findings, fixes)
    return findings, fixes


def _key(finding: dict[str, Any]) -> tuple:
    return (finding["code"], finding.get("text"), finding.get("expected"))


def check(subject: Subject, params: dict[str, Any]) -> Outcome:
    source, text = subject.source, subject.text
    if source == text:
        return _PASS
    language, variant = _target(str(subject.case.get("target_locale", "") or ""))
    findings, fixes = _findings(source, text, params, language, variant)
    if not findings:
        return _PASS
    findings.sort(key=lambda f: CODES.index(f["code"]))
    evidence: dict[str, Any] = {"findings": findings}
    before = {_key(f) for f in findings}
    kept = []
    for fix in fixes:
        fixed = (
            text[: fix["edit"]["start"]] + fix["edit"]["replacement"] + text[fix["edit"]["end"] :]
        )
        after = {_key(f) for f in _findings(source, fixed, params, language, variant)[0]}
        if after < before:  # removes a finding and adds none
            kept.append(fix)
    if kept:
        evidence["suggestions"] = kept
    first = findings[0]
    return Outcome(first["code"], _message(first, len(findings) - 1), evidence)


def _message(finding: dict[str, Any], more: int) -> str:
    code = finding["code"]
    if code == CODES[0]:
        message = f"the candidate does not end with {finding['expected']!r} as the source does"
    elif code == CODES[1]:
        actual, expected = finding["actual"], finding["expected"]
        message = f"the candidate ends with {actual!r} where the source's kind is {expected!r}"
    elif code == CODES[2]:
        actual, expected = finding["actual"], finding["expected"]
        message = f"the candidate ends with {actual!r}; the target writes {expected!r}"
    elif code == CODES[3]:
        message = f"{finding['text']!r} unbalanced in the candidate, balanced in the source"
    elif code == CODES[4]:
        message = f"spacing of {finding['text']!r} at {finding['offset']} is not the target's"
    else:
        message = f"{finding['text']!r} doubled at {finding['offset']}"
    return message + (f" (and {more} more finding(s))" if more else "")
