"""``terminology``: the glossary's renderings of the terms the source names.

A glossary entry says how one source term is translated: ``targets`` (the approved
renderings, any one of which will do), ``forbidden`` (renderings that must not be used),
``case_sensitive`` and ``locales`` (the target languages it is for: ``fr`` covers ``fr-CA``;
absent, every one). An entry applies to a case when its locales cover the target and its
source term occurs in the source. Then:

* **forbidden**: a forbidden rendering occurs in the candidate, outside every occurrence of
  an approved rendering (``pull request`` approved and ``request`` forbidden: ``pull
  request`` is no use of ``request``);
* **missing**: the entry has approved renderings and none occurs in the candidate.

Terms and renderings match as words with a bounded inflection (``capeval.terms``): each
word may take up to ``suffix`` letters (default 3, 8 in agglutinative targets:
``AGGLUTINATIVE``; the source's terms ``source_suffix`` letters, by default English's
``-s -es -ed -d -ing`` in an English source and 2 letters in any other), a word ending in
``*`` is a stem taking any letters, up to ``prefix`` letters may stand before each word of a
rendering (default 0, 3 in Arabic and Hebrew, which write articles and prepositions onto the
word), and with ``compounds`` (default true in the ``COMPOUNDING`` languages: German, Dutch,
the Nordic languages, Finnish, Estonian, Hungarian…) an approved rendering may be part of a
longer word.
An occurrence of a source term inside an occurrence of a longer term of another applicable
entry belongs to that entry (``file system`` → ``Dateisystem`` does not ask for ``file`` →
``Datei`` as well). Only presence counts: a term the source names twice may be rendered once
and a pronoun.

Params: ``entries`` (required), ``case_sensitive`` (default false, each entry may say
otherwise), ``suffix``, ``source_suffix``, ``prefix``, ``compounds``. Codes, in precedence
order: ``terminology_forbidden``, ``terminology_missing``. Evidence: ``terms`` (``[{code, source,
targets, found?, offset?}]``). No suggestion: replacing a rendering changes a word's gender,
number and case and the words that agree with it, which no mechanical edit can prove right.
"""

from __future__ import annotations

from typing import Any

from capeval import terms
from capeval.assertions import ParamsError, Subject, language_of, nfc
from capeval.verdict import Outcome

NAME = "terminology"
FORBIDDEN = "terminology_forbidden"
MISSING = "terminology_missing"
MEANINGS = {
    FORBIDDEN: (
        "A forbidden rendering of a glossary term",
        "The translation renders a term of the source with a wording the glossary forbids. "
        "Use an approved rendering.",
    ),
    MISSING: (
        "A glossary term not rendered as approved",
        "The source names a glossary term and the translation has none of its approved "
        "renderings. Use one of them (inflected as the sentence needs).",
    ),
}
CODES = tuple(MEANINGS)
_TERM = {"type": "string", "minLength": 1, "maxLength": 200, "pattern": r"\S"}
_TERMS = {"type": "array", "items": _TERM, "maxItems": 20}
ENTRY: dict[str, Any] = {
    "type": "object",
    "properties": {
        "source": _TERM,
        "targets": _TERMS,
        "forbidden": _TERMS,
        "case_sensitive": {"type": "boolean"},
        "locales": {
            "type": "array",
            "items": {"type": "string", "minLength": 1, "maxLength": 35},
            "maxItems": 50,
        },
    },
    "required": ["source"],
    "additionalProperties": False,
}
PARAMS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "entries": {"type": "array", "items": ENTRY, "minItems": 1, "maxItems": 500},
        "case_sensitive": {"type": "boolean"},
        "suffix": {"type": "integer", "minimum": 0, "maximum": 10},
        "source_suffix": {"type": "integer", "minimum": 0, "maximum": 10},
        "prefix": {"type": "integer", "minimum": 0, "maximum": 5},
        "compounds": {"type": "boolean"},
    },
    "required": ["entries"],
    "additionalProperties": False,
}
PARAMS_REQUIRED = True
SUFFIX = 3
SOURCE_SUFFIX = 2
# Languages that stack suffixes (agglutinative: Turkish ``sayfadaki``, Finnish
# ``tiedostossa``, Hungarian ``fájlban``, Korean ``파일에서``): a word may take this many.
LONG_SUFFIX = 8
AGGLUTINATIVE = frozenset("tr az fi et hu eu kk ky uz tk tt ba ta te kn ml ko mn ka".split())
# Languages that write articles, conjunctions and prepositions onto the word (Arabic
# ``والملف``, Hebrew ``בקובץ``): a rendering may follow this many letters.
PROCLITIC = 3
PROCLITIC_LANGUAGES = frozenset("ar he".split())
# Languages that write compounds as one word (German ``Einmalpasswort``, Swedish
# ``lösenordsåterställning``, Finnish ``turvatoimenpiteisiin``): an approved rendering may be
# part of a word there. A forbidden one still matches as a word only.
COMPOUNDING = frozenset("de nl sv da nb nn no is fo af fy lb gsw fi et hu".split())

_PASS = Outcome()


def entry_problems(entry: Any) -> list[str]:
    """What makes a glossary entry unusable beyond its schema: no rendering at all, a
    misplaced ``*``."""
    if not isinstance(entry, dict) or not isinstance(entry.get("source"), str):
        return ["an entry must be an object with a source term"]
    problems = []
    if not entry.get("targets") and not entry.get("forbidden"):
        problems.append(f"{entry['source']!r}: give targets or forbidden renderings")
    for key in ("source", "targets", "forbidden"):
        value = entry.get(key)
        for term in [value] if isinstance(value, str) else value or ():
            if isinstance(term, str) and (problem := terms.term_problem(term)):
                problems.append(f"{key}: {problem}")
    return problems


def param_errors(case: dict, params: dict) -> list[str]:
    errors = []
    for index, entry in enumerate(params.get("entries") or ()):
        errors += [f"terminology: entries[{index}]: {p}" for p in entry_problems(entry)]
    return errors


def source_suffix_for(params: dict, source_locale: Any) -> int | str:
    """How a source term's words may be inflected: ``source_suffix`` letters when the params
    say, else English's own inflections for an English source, else ``SOURCE_SUFFIX``."""
    if "source_suffix" in params:
        return _int(params, "source_suffix", SOURCE_SUFFIX)
    return terms.ENGLISH if language_of(source_locale) == "en" else SOURCE_SUFFIX


def _int(params: dict, name: str, default: int) -> int:
    value = params.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10:
        raise ParamsError(f"terminology: {name} must be an integer from 0 to 10")
    return value


def _strings(entry: dict, key: str) -> list[str]:
    value = entry.get(key) or []
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise ParamsError(f"terminology: {key} must be a list of terms")
    return [nfc(v) for v in value]


def check(subject: Subject, params: dict[str, Any]) -> Outcome:
    entries = params.get("entries")
    if not isinstance(entries, list) or not entries:
        raise ParamsError("terminology: entries must be a non-empty list")
    locale = subject.case.get("target_locale")
    language = language_of(locale)
    suffix = _int(params, "suffix", LONG_SUFFIX if language in AGGLUTINATIVE else SUFFIX)
    source_suffix = source_suffix_for(params, subject.case.get("source_locale"))
    prefix = _int(params, "prefix", PROCLITIC if language in PROCLITIC_LANGUAGES else 0)
    default_case = params.get("case_sensitive", False) is True
    compounds = params.get("compounds", language in COMPOUNDING) is True
    source, text = terms.prose(subject.source), terms.prose(subject.text)
    written = subject.text
    # the entries whose source term the source names: (entry, its spans in the source)
    named: list[tuple[dict, bool, list]] = []
    for entry in entries:
        if not isinstance(entry, dict) or not isinstance(entry.get("source"), str):
            raise ParamsError("terminology: each entry must be an object with a source term")
        if problems := entry_problems(entry):
            raise ParamsError("terminology: " + problems[0])
        if not terms.locale_matches(entry.get("locales"), locale):
            continue
        case_sensitive = entry.get("case_sensitive", default_case) is True
        found = terms.spans(nfc(entry["source"]), source, case_sensitive, source_suffix)
        if found:
            named.append((entry, case_sensitive, found))
    findings: list[dict[str, Any]] = []
    for entry, case_sensitive, found in named:
        if _inside_longer(found, named):
            continue
        targets = _strings(entry, "targets")
        approved = [
            span
            for target in targets
            for span in terms.spans(target, text, case_sensitive, suffix, prefix, compounds)
        ]
        for bad in _strings(entry, "forbidden"):
            for start, end in terms.spans(bad, text, case_sensitive, suffix, prefix):
                if not any(a <= start and end <= b for a, b in approved):
                    findings.append(_finding(FORBIDDEN, entry, targets, written[start:end], start))
                    break
        if targets and not approved:
            findings.append(_finding(MISSING, entry, targets))
    if not findings:
        return _PASS
    findings.sort(key=lambda f: CODES.index(f["code"]))
    first = findings[0]
    if first["code"] == FORBIDDEN:
        message = f"{first['found']!r} at {first['offset']} is a forbidden rendering of "
        message += f"{first['source']!r}"
    else:
        message = f"{first['source']!r} is not rendered as " + " or ".join(
            repr(t) for t in first["targets"]
        )
    if len(findings) > 1:
        message += f" (and {len(findings) - 1} more)"
    return Outcome(first["code"], message, {"terms": findings})


def _inside_longer(found: list, named: list) -> bool:
    """Whether every occurrence lies within an occurrence of another entry's longer term."""
    others = [span for _, _, spans in named if spans is not found for span in spans]
    return all(
        any(a <= start and end <= b and b - a > end - start for a, b in others)
        for start, end in found
    )


def _finding(
    code: str, entry: dict, targets: list[str], found: str | None = None, offset: int = 0
) -> dict[str, Any]:
    finding: dict[str, Any] = {"code": code, "source": entry["source"], "targets": targets}
    if found is not None:
        finding["found"] = found
        finding["offset"] = offset
    return finding
