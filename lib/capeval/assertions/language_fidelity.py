"""``language_fidelity``: the candidate is written in its target locale's language.

The identifier is ``py3langid`` (a maintained fork of langid.py): a naive Bayes model over
byte n-grams for 97 languages that ships inside the package, so nothing is downloaded at run
time. It is imported on the first judged candidate (numpy plus about a second to load the
model, once per process), never at start-up.

What is judged is the candidate's prose (``capeval.textmask``: placeholders, tags, URLs,
emails, character references, code spans, code-like words and ``allow`` terms masked), less
the words that also occur in the source when the source is in another language (kept names
and terms say nothing of the language around them). A candidate with fewer
than ``min_letters`` letters (default 40) is not judged: below that the identifier is wrong
too often (measured per length on Django's catalogs, see docs/assertions-script-language.md).
It also passes unjudged when the target language is one the model does not know.

It fails with ``language_mismatch`` when the identified language is neither the target's
language subtag nor one accepted for it, with a confidence of at least ``min_confidence``.
Accepted besides the target: ``params.accept``, and with ``close_languages`` (default true)
the languages the identifier cannot tell apart from it on real catalogs (Bosnian, Croatian and
Serbian; Norwegian Bokmål, Nynorsk and Danish; Malay and Indonesian; Chinese and Cantonese or
Wu; Galician with Spanish or Portuguese). Regional variants (``pt-BR``/``pt-PT``,
``es-MX``/``es-ES``) are one language to it.
"""

from __future__ import annotations

from typing import Any

from capeval import textmask
from capeval.assertions import Subject
from capeval.verdict import Outcome

NAME = "language_fidelity"
MEANINGS = {
    "language_mismatch": (
        "The translation is in another language",
        "The translation reads as a language other than the target locale's (the source "
        "language, or a neighbour). Translate it into the target language, or accept a close "
        "language with params.accept.",
    ),
}
CODES = tuple(MEANINGS)
CODE = CODES[0]
MIN_LETTERS = 40
MIN_CONFIDENCE = 0.0

PARAMS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "min_letters": {"type": "integer", "minimum": 1},
        "min_confidence": {"type": "number", "minimum": 0, "maximum": 1},
        "accept": {
            "type": "array",
            "items": {"type": "string", "pattern": "^[a-z]{2,3}$"},
            "uniqueItems": True,
        },
        "close_languages": {"type": "boolean"},
        "allow": {"type": "array", "items": {"type": "string", "minLength": 1}},
    },
    "additionalProperties": False,
}

# The model's labels (py3langid 0.4); a test checks this list against the shipped model.
LABELS = frozenset(
    "ace af am an ar ary arz as az ba bcl be bg bn br bs ca crh cs cy da de dz el en eo es et "
    "eu ext fa fi fo fr fuv fy ga gcf gcr gd gl gom grc gu gug guw ha hbo he hi hr ht hu hy id "
    "ig is it ja jv ka kab kik kk km kn ko ku ky la lb lg lij ln lo lt ltg lv mg mk ml mn mr "
    "ms mt my ne nl nn no nso oc om or pa pcm pl ps pt qu ro ru rw sa sdh se si sk sl sn so "
    "sq sr st sv sw ta te tg th tk tl tr tt ug uk ur uz uzs vec vi vo wa wuu xh yo yue zh zu "
    "zxx".split()
)
# BCP-47 language subtags the model names otherwise.
_MODEL_NAME = {"nb": "no", "iw": "he", "in": "id", "fil": "tl"}
# Labels that are a variety of the target (dialects, historical stages): always accepted.
_VARIETIES = {"ar": ("ary", "arz"), "he": ("hbo",), "uz": ("uzs",)}
# Pairs the identifier confuses on real catalogs (Django 5.1, 40+ letters): accepted both
# ways when close_languages is on.
CLOSE_PAIRS = (
    ("bs", "hr"),
    ("bs", "sr"),
    ("hr", "sr"),
    ("no", "nn"),
    ("no", "da"),
    ("nn", "da"),
    ("ms", "id"),
    ("zh", "yue"),
    ("zh", "wuu"),
    ("gl", "es"),
    ("gl", "pt"),
)
_CLOSE: dict[str, set[str]] = {}
for _a, _b in CLOSE_PAIRS:
    _CLOSE.setdefault(_a, set()).add(_b)
    _CLOSE.setdefault(_b, set()).add(_a)

_identifier: Any = None


def identify(text: str) -> tuple[str, float]:
    """(language, confidence) for ``text`` by the shipped model; loaded on first use."""
    global _identifier
    if _identifier is None:
        from py3langid.langid import MODEL_FILE, LanguageIdentifier

        _identifier = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
    language, confidence = _identifier.classify(text)
    return language, float(confidence)


def model_language(tag: Any) -> str:
    """The model's name for a locale's language (``nb-NO`` → ``no``)."""
    if not isinstance(tag, str):
        return ""
    language = tag.replace("_", "-").split("-", 1)[0].lower()
    return _MODEL_NAME.get(language, language)


def accepted(target: str, accept: tuple[str, ...] = (), close_languages: bool = True) -> set[str]:
    """Languages a candidate for ``target`` may be identified as."""
    names = {target, *_VARIETIES.get(target, ())}
    names.update(model_language(language) for language in accept)
    if close_languages:
        names |= _CLOSE.get(target, set())
    return names


def prose_words(text: str, source: str = "", allow: tuple[str, ...] = ()) -> list[str]:
    """The words of ``text`` the identifier should read: prose, code-like words masked, and
    without the words that also occur in ``source`` (names and terms kept untranslated)."""
    found = list(textmask.letter_runs(text, allow, code_like=True))
    if source and found:
        kept = {word.casefold() for word in textmask.letter_runs(source, allow, code_like=True)}
        found = [word for word in found if word.casefold() not in kept]
    return found


def judge(
    text: str,
    target: str,
    *,
    source: str = "",
    min_letters: int = MIN_LETTERS,
    min_confidence: float = MIN_CONFIDENCE,
    accept: tuple[str, ...] = (),
    close_languages: bool = True,
    allow: tuple[str, ...] = (),
) -> Outcome:
    """The verdict on ``text`` for the model language ``target`` (pure: no case, no params)."""
    if target not in LABELS:
        return Outcome(evidence={"judged": False, "reason": "unsupported", "language": target})
    words = prose_words(text, source, allow)
    visible = " ".join(words)
    letters = sum(map(len, words))
    if letters < min_letters:
        return Outcome(
            evidence={
                "judged": False,
                "reason": "short",
                "letters": letters,
                "min_letters": min_letters,
            }
        )
    detected, confidence = identify(visible)
    if detected in accepted(target, accept, close_languages) or confidence < min_confidence:
        return Outcome()
    return Outcome(
        CODE,
        f"the candidate reads as {detected!r} (confidence {confidence:.2f}), not {target!r}",
        {
            "expected": target,
            "detected": detected,
            "confidence": round(confidence, 3),
            "letters": letters,
        },
    )


def check(subject: Subject, params: dict[str, Any]) -> Outcome:
    case = subject.case
    target = model_language(case.get("target_locale"))
    # words shared with a source in another language are kept terms, not the target language
    source = subject.source if model_language(case.get("source_locale")) != target else ""
    return judge(
        subject.text,
        target,
        source=source,
        min_letters=params.get("min_letters", MIN_LETTERS),
        min_confidence=params.get("min_confidence", MIN_CONFIDENCE),
        accept=tuple(params.get("accept") or ()),
        close_languages=params.get("close_languages", True) is not False,
        allow=tuple(params.get("allow") or ()),
    )
