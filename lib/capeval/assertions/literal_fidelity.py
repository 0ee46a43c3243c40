"""``literal_fidelity``: URLs, e-mail addresses, file paths, command-line options and code
spans of the source are kept verbatim, as many times as the source has them.

A model "translates" ``--dry-run`` into ``--essai-à-blanc``, drops the link of a sentence,
rewrites ``/etc/fstab`` as ``/usr/fstab`` or a code span's command. The literals are read from
both texts by one scanner (:func:`literals`), kinds in this order, each masking what it found
from the kinds after it:

* ``code``: a Markdown/reStructuredText code span (```x```, ````x````), or an interpreted role
  (``:ref:`Title <target>```), whose literal is the target only (the title is translated), so
  ``:term:`builder``` → ``:term:`ビルダー <builder>``` keeps it; a span holding ``'`` is GNU
  quoting (```%s'``), not code;
* ``url``: ``scheme://…``, ``mailto:…``, ``www.…`` up to a blank or a non-ASCII character,
  without trailing sentence punctuation and an unbalanced ``)``;
* ``email``: ``name@host.tld``;
* ``path``: ``/a/b``, ``~/x``, ``./x``, ``../x`` (not after a letter, digit or ``/``: ``and/or``,
  ``TCP/IP``, ``1/2`` are no paths), Windows ``C:\\x``;
* ``option``: ``--long-option`` (``=value`` excluded) and ``-x`` after a blank, ``[``, ``(``,
  ``|``, a Japanese, Chinese or Korean letter or the start, followed by a blank, ``]``, ``)``,
  ``|``, ``,``, such a letter or the end.

A literal of the source is **missing** when the candidate has it fewer times than the source
(by the scanner, or failing that as plain text: a literal the scanner reads differently at a
boundary of the translation is still there); a literal of the candidate is **extra** when the
source has it fewer times. Params:

* ``kinds`` (default all five): the kinds to compare;
* ``allow`` (default ``[]``): literals that may be changed, dropped or added;
* ``localized_urls`` (default true): a source URL may come back with a locale segment of its
  path, host or query in the target's language (``/en/docs`` → ``/fr/docs``,
  ``en.wikipedia.org`` → ``fr.wikipedia.org``, ``?lang=en`` → ``?lang=fr``);
* ``allow_extra`` (default false): literals the candidate adds are no defect.

Codes, in precedence order (a kind's code says its literals differ in number or content):
``literal_url_changed``, ``literal_email_changed``, ``literal_path_changed``,
``literal_option_changed``, ``literal_code_changed``. Evidence: ``literals`` (``[{kind,
missing, extra}]``) and ``suggestions``: when a kind has exactly one literal missing and one
extra (an altered literal), the extra one replaced by the source's, offered only when the
corrected candidate then passes.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, NamedTuple

from capeval.assertions import ParamsError, Subject, language_of, nfc
from capeval.suggestions import suggestion
from capeval.verdict import Outcome

NAME = "literal_fidelity"
# kind -> what it is, in a few words
_LITERALS = {
    "url": "A URL",
    "email": "An e-mail address",
    "path": "A file path",
    "option": "A command-line option",
    "code": "A code span",
}
KINDS = tuple(_LITERALS)
MEANINGS = {
    f"literal_{kind}_changed": (
        f"{what} changed",
        f"{what} of the source is missing from the translation or changed, or one was added: "
        "literals are kept verbatim, as many times as the source has them. Copy them from the "
        "source; list those that may change in params.allow.",
    )
    for kind, what in _LITERALS.items()
}
CODES = tuple(MEANINGS)
PARAMS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "kinds": {"type": "array", "items": {"enum": list(KINDS)}},
        "allow": {"type": "array", "items": {"type": "string", "minLength": 1}},
        "localized_urls": {"type": "boolean"},
        "allow_extra": {"type": "boolean"},
    },
    "additionalProperties": False,
}

_PASS = Outcome()


class Literal(NamedTuple):
    kind: str
    start: int
    end: int
    key: str  # what is compared: the text, or a role's target


# Code spans: ``x`` or `x` (no newline, no apostrophe inside a single-backtick span: `x' is GNU
# quoting), optionally led by an interpreted-text role (:ref:, :py:func:).
_CODE = re.compile(
    r"(?P<role>:[A-Za-z][\w.+-]*:(?::[A-Za-z][\w.+-]*:)?)?"
    r"(?:``(?P<double>[^`\n]+?)``|`(?P<single>[^`'\n]+)`)"
)
_ROLE_TARGET = re.compile(r"<([^<>]+)>\s*$")
# URLs: ASCII up to a blank; trailing sentence punctuation is trimmed below.
_URL = re.compile(
    r"(?<![\w.+-])(?:(?:https?|ftps?|sftp|ssh|git|file|wss?|ldaps?|smb|nfs|rsync|svn|irc|xmpp)"
    r"://[\w%\[/]|mailto:\w|www\.\w)[!#-;=?-~]*",
    re.ASCII,
)
_URL_TRAILING = ".,:;!?'\"*_"
_EMAIL = re.compile(
    r"(?<![\w.+%-])[A-Za-z0-9][\w.+-]*@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}\b",
    re.ASCII,
)
# File paths: under a well-known root of a file system (/etc/fstab, /dev/sda1), from home or
# the working directory (~/x, ./x, ../x), a Windows drive (C:\\x), or a path of two or more
# components whose last has an extension (/srv/app/config.yml). Not after a word character or
# a slash (and/or, TCP/IP, 1/2), nor a '<' (an end tag) or '+' (+/-). /about/contact/ is a URL
# path of a site, which translators may localise; it is not read as a file path.
_ROOTS = (
    "bin|boot|dev|etc|home|lib|lib32|lib64|media|mnt|opt|proc|root|run|sbin|srv|sys|tmp|usr|var"
    "|Applications|Library|System|Users|Volumes|private"
)
_PATH = re.compile(
    rf"(?<![\w/\\.~%:<+-])(?:(?:~|\.\.?)/[\w.-]+(?:/[\w.*-]+)*/?"
    rf"|/(?:{_ROOTS})(?:/[\w.*-]+)*/?(?![\w-])"
    r"|(?:/[\w.-]+)+/[\w-]+\.[A-Za-z][A-Za-z0-9]{0,4}(?![\w-]))"
    r"|(?<![\w\\])[A-Za-z]:\\[\w.-]+(?:\\[\w.*-]+)*\\?"
)
# Options: --long[-words] and -x, set off by blanks or the brackets of a usage line, or by the
# letters of a script written without blanks (Japanese "-Fまたは--multibuffer").
# (with their punctuation: 、。「)
_NO_BLANK_SCRIPTS = "\u3000-\u30ff\u3400-\u9fff\uac00-\ud7af"
_OPTION = re.compile(
    rf"(?:(?<=[\s\[(|'\"«“‘„「『（{_NO_BLANK_SCRIPTS}])|^)"
    r"(?:--[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*|-[A-Za-z])"
    rf"(?=[\s\]),|=:;.!?'\"»”’“」』）、，。：；{_NO_BLANK_SCRIPTS}]|$)"
)
_LOCALE_SEGMENT = re.compile(r"[a-z]{2,3}(?:[-_][a-z0-9]{2,4})?$", re.IGNORECASE)


def _trim_url(text: str, start: int, end: int) -> int:
    """The end of the URL found at ``text[start:end]`` less trailing sentence punctuation and
    closing brackets it does not open."""
    while end > start:
        last = text[end - 1]
        if last in _URL_TRAILING:
            end -= 1
        elif last in ")]" and text.count("(["[last == "]"], start, end) < text.count(
            last, start, end
        ):
            end -= 1
        else:
            break
    return end


def _mask(text: str, spans: list[tuple[int, int]]) -> str:
    if not spans:
        return text
    parts = []
    at = 0
    for start, end in sorted(spans):
        parts.append(text[at:start])
        parts.append("\x00" * (end - start))
        at = end
    parts.append(text[at:])
    return "".join(parts)


def literals(text: str) -> list[Literal]:
    """Every literal of ``text``, by kind in ``KINDS``' scan order (code, url, email, path,
    option), each kind read with what the earlier kinds found masked out; spans never overlap."""
    found: list[Literal] = []
    taken: list[tuple[int, int]] = []
    if "`" in text:
        for match in _CODE.finditer(text):
            body = match.group("double") or match.group("single")
            if not body.strip():
                continue
            key = body
            if match.group("role"):
                target = _ROLE_TARGET.search(body)
                key = target.group(1) if target else body
            found.append(Literal("code", match.start(), match.end(), key))
            taken.append((match.start(), match.end()))
    masked = _mask(text, taken)
    if "/" in masked or "www." in masked or "mailto:" in masked:
        for match in _URL.finditer(masked):
            end = _trim_url(masked, match.start(), match.end())
            if end - match.start() > 7:
                found.append(Literal("url", match.start(), end, text[match.start() : end]))
                taken.append((match.start(), end))
        masked = _mask(text, taken)
    if "@" in masked:
        for match in _EMAIL.finditer(masked):
            found.append(Literal("email", match.start(), match.end(), match.group()))
            taken.append(match.span())
        masked = _mask(text, taken)
    if "/" in masked or "\\" in masked:
        for match in _PATH.finditer(masked):
            end = match.end()
            while end > match.start() + 2 and masked[end - 1] in ".-":
                end -= 1  # a path ends before a sentence's full stop
            found.append(Literal("path", match.start(), end, text[match.start() : end]))
            taken.append((match.start(), end))
        masked = _mask(text, taken)
    if "-" in masked:
        for match in _OPTION.finditer(masked):
            found.append(Literal("option", match.start(), match.end(), match.group()))
    return found


def _localized(source_url: str, text_url: str, source_lang: str, target_lang: str) -> bool:
    """Whether ``text_url`` is ``source_url`` with locale segments in the target's language
    where the source has its own (or the source's language): ``/en/`` → ``/fr/``."""
    pieces_s = re.split(r"([/.?=&#])", source_url)
    pieces_t = re.split(r"([/.?=&#])", text_url)
    if len(pieces_s) != len(pieces_t):
        return False
    changed = False
    for a, b in zip(pieces_s, pieces_t, strict=True):
        if a == b:
            continue
        if not (_LOCALE_SEGMENT.match(a) and _LOCALE_SEGMENT.match(b)):
            return False
        lang_a = re.split("[-_]", a.lower(), maxsplit=1)[0]
        lang_b = re.split("[-_]", b.lower(), maxsplit=1)[0]
        if lang_a != source_lang or lang_b != target_lang:
            return False
        changed = True
    return changed


# kinds, allow, localized_urls, allow_extra
_Params = tuple[frozenset[str], frozenset[str], bool, bool]
_DEFAULTS: _Params = (frozenset(KINDS), frozenset(), True, False)


def _params(params: dict[str, Any]) -> _Params:
    if not params:
        return _DEFAULTS
    kinds = params.get("kinds", KINDS)
    allow = params.get("allow", [])
    if not isinstance(kinds, list | tuple) or not set(kinds) <= set(KINDS):
        raise ParamsError(f"literal_fidelity: kinds must be a list of {', '.join(KINDS)}")
    if not isinstance(allow, list) or not all(isinstance(item, str) for item in allow):
        raise ParamsError("literal_fidelity: allow must be a list of strings")
    return (
        frozenset(kinds),
        frozenset(nfc(item) for item in allow),
        params.get("localized_urls", True) is not False,
        params.get("allow_extra", False) is True,
    )


def _differences(
    source: str, text: str, params: _Params, case: dict[str, Any]
) -> dict[str, tuple[list[Literal], list[Literal]]]:
    """kind -> (missing source literals, extra candidate literals), for kinds that differ."""
    kinds, allow, localized, allow_extra = params
    in_source, in_text = literals(source), literals(text)
    if not in_source and not in_text:
        return {}  # most texts
    in_source = [lit for lit in in_source if lit.kind in kinds and lit.key not in allow]
    in_text = [lit for lit in in_text if lit.kind in kinds and lit.key not in allow]
    if not in_source and not in_text:
        return {}
    wanted = Counter((lit.kind, lit.key) for lit in in_source)
    got = Counter((lit.kind, lit.key) for lit in in_text)
    if wanted == got:
        return {}
    missing = _surplus(in_source, wanted, got, source, text)
    extra: list[Literal] = []
    if not allow_extra:
        options = tuple(lit.key + "-" for lit in in_source if lit.kind == "option")
        extra = [
            lit
            for lit in _surplus(in_text, got, wanted, text, source)
            if lit.kind != "option" or (options and not _compound(lit.key, options))
        ]
    if localized and missing:
        source_lang = language_of(case.get("source_locale"))
        target_lang = language_of(case.get("target_locale"))
        for lit in [lit for lit in missing if lit.kind == "url"]:
            for other in in_text:
                if other.kind == "url" and _localized(lit.key, other.key, source_lang, target_lang):
                    missing.remove(lit)
                    if other in extra:
                        extra.remove(other)
                    break
    differences: dict[str, tuple[list[Literal], list[Literal]]] = {}
    for kind in KINDS:
        kind_missing = [lit for lit in missing if lit.kind == kind]
        kind_extra = [lit for lit in extra if lit.kind == kind]
        if kind_missing or kind_extra:
            differences[kind] = (kind_missing, kind_extra)
    return differences


def _compound(word: str, options: tuple[str, ...]) -> bool:
    """Whether ``word`` is a source option joined to a translated word by a hyphen, as German
    compounds are (``--setgroups-Argument``): the word capitalised or not ASCII."""
    for option in options:
        if word.startswith(option):
            rest = word[len(option) :]
            if rest[:1].isupper() or not rest.isascii():
                return True
    return False


def _surplus(
    found: list[Literal], have: Counter, other: Counter, own_text: str, other_text: str
) -> list[Literal]:
    """The literals of ``found`` beyond the number ``other`` has of each, less those that
    ``other_text`` holds anyway as text set off from words, as often as ``own_text`` does (a
    literal read differently at a boundary; a code span whose backticks became quotes)."""
    surplus: list[Literal] = []
    seen: Counter = Counter()
    for lit in found:
        key = (lit.kind, lit.key)
        seen[key] += 1
        if seen[key] > other[key] and _occurrences(other_text, lit.key) < max(
            have[key], _occurrences(own_text, lit.key)
        ):
            surplus.append(lit)
    return surplus


def _occurrences(text: str, literal: str) -> int:
    """How many times ``literal`` occurs in ``text`` not inside a longer word, path or option."""
    if literal not in text:
        return 0
    left = "" if not (literal[0].isalnum() or literal[0] in "-/_") else r"(?<![\w/.-])"
    right = "" if not (literal[-1].isalnum() or literal[-1] == "_") else r"(?![\w])"
    return len(re.findall(left + re.escape(literal) + right, text))


def _text_of(text: str, lit: Literal) -> str:
    return text[lit.start : lit.end]


def check(subject: Subject, params: dict[str, Any]) -> Outcome:
    source, text = subject.source, subject.text
    if source == text and not params:
        return _PASS
    resolved = _params(params)
    differences = _differences(source, text, resolved, subject.case)
    if not differences:
        return _PASS
    evidence: dict[str, Any] = {
        "literals": [
            {
                "kind": kind,
                "missing": [_text_of(source, lit) for lit in missing],
                "extra": [_text_of(text, lit) for lit in extra],
            }
            for kind, (missing, extra) in differences.items()
        ]
    }
    suggestions = []
    for kind, (missing, extra) in differences.items():
        if len(missing) == 1 and len(extra) == 1:
            wrong, right = extra[0], _text_of(source, missing[0])
            fix = suggestion(text, wrong.start, wrong.end, right, f"restore the {kind} {right!r}")
            if fix is not None:
                fixed = text[: wrong.start] + right + text[wrong.end :]
                if kind not in _differences(source, fixed, resolved, subject.case):
                    suggestions.append(fix)
    if suggestions:
        evidence["suggestions"] = suggestions
    first = next(iter(differences))
    missing, extra = differences[first]
    if missing and extra:
        message = (
            f"the source's {first} {_text_of(source, missing[0])!r} became "
            f"{_text_of(text, extra[0])!r}"
        )
        others = -2
    elif missing:
        message = f"the source's {first} {_text_of(source, missing[0])!r} is not in the candidate"
        others = -1
    else:
        message = f"the candidate adds the {first} {_text_of(text, extra[0])!r}"
        others = -1
    others += sum(len(m) + len(e) for m, e in differences.values())
    if others:
        message += f" (and {others} more difference(s))"
    return Outcome(f"literal_{first}_changed", message, evidence)
