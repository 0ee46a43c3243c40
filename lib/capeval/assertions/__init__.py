"""The assertion registry: one place that maps an assertion name to its module.

Every assertion is a module of this package with one shape (as yamllint's rules)::

    NAME = "max_chars"                      # the name cases use
    MEANINGS = {"max_chars_exceeded": (title, what_to_do)}  # each failure code's meaning
    CODES = tuple(MEANINGS)                 # its failure codes, in precedence order
    PARAMS = {...}                          # JSON Schema (draft-07) of its params
    PARAMS_REQUIRED = False                 # optional: True when params must be given
    def param_errors(case, params) -> list[str]   # optional: rules JSON Schema cannot express
    def check(subject, params) -> Outcome         # the verdict on one case x candidate

``check`` raises :class:`ParamsError` for params it cannot run with (an unvalidated case);
anything else it raises is a bug, which the engine reports as one ``internal`` diagnostic.

``PARAMS`` is the source of the ``params_<name>`` definitions of ``schemas/evalcase.json``
(written by ``make schemas``; a test fails when they drift), so the published schema that
``cap-validate`` and editors use says exactly what the modules accept. Modules are imported
lazily: a run pays only for the assertions its cases name.

``param_errors`` may read the params and, of the case, only the fields in
``PARAM_CASE_FIELDS``: the contract rule that calls it declares them (``validate.rules``), and
tests/test_validate_rules.py records what every module reads.
"""

from __future__ import annotations

import importlib
import unicodedata
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from capeval.verdict import Outcome

__all__ = [
    "NAMES",
    "PARAM_CASE_FIELDS",
    "Outcome",
    "ParamsError",
    "Subject",
    "first_by_precedence",
    "language_of",
    "load",
    "nfc",
    "result_codes",
]

# The case fields an assertion's param_errors may read besides its params (see above).
PARAM_CASE_FIELDS = ("context", "required_tokens", "target_locale")

# The vocabulary, in documentation order; each name is also its module's name. The v1
# contract's six come first, then the additive extensions of evals/i18n-prompt/CONTRACT.md.
NAMES: tuple[str, ...] = (
    "protocol_complete",
    "placeholder_integrity",
    "number_fidelity",
    "required_tokens",
    "forbidden_renderings",
    "max_chars",
    # additive extensions: what LLM translation gets wrong
    "script_fidelity",
    "language_fidelity",
    "untranslated",
    "response_clean",
    "markup_integrity",
    "whitespace_fidelity",
    # additive extensions: the checks of translators' QA tools
    "literal_fidelity",
    "punctuation_fidelity",
    "repetition",
    "length_ratio",
    "terminology",
)


class ParamsError(ValueError):
    """An assertion cannot run with these params (reported as ``assertion.params``)."""


@dataclass(slots=True)
class Subject:
    """What an assertion looks at: a case and one candidate (assertions never change it).

    ``source`` and ``text`` are NFC-normalised once per pair (texts are compared after NFC).
    Not a frozen dataclass: one is made per pair, and a frozen one's ``__init__`` costs ~4x.
    """

    case: dict[str, Any]
    candidate: dict[str, Any]
    source: str = ""
    text: str = ""

    @classmethod
    def of(cls, case: dict, candidate: dict) -> Subject:
        # made field by field, not through __init__ (a second Python call, once per pair)
        subject = _new_object(cls)
        subject.case = case
        subject.candidate = candidate
        source = case.get("source", "")
        text = candidate.get("text", "")
        # ASCII is NFC: tested here, as a call costs more than the test
        subject.source = source if source.isascii() else nfc(source)
        subject.text = text if text.isascii() else nfc(text)
        return subject


_new_object = object.__new__


def language_of(tag: Any) -> str:
    """The language subtag of a locale, lower-cased (``pt_BR`` and ``pt-BR`` -> ``pt``; not a
    string -> ``""``)."""
    if not isinstance(tag, str):
        return ""
    return tag.replace("_", "-").split("-", 1)[0].lower()


def nfc(text: str) -> str:
    # is_normalized is a fast scan; most texts are already NFC.
    if text.isascii() or unicodedata.is_normalized("NFC", text):
        return text
    return unicodedata.normalize("NFC", text)


# name -> module, of the assertions loaded so far (a hot loop may look here before ``load``)
loaded: dict[str, ModuleType] = {}


def load(name: str) -> ModuleType:
    """The module implementing assertion ``name`` (KeyError when ``name`` is not in NAMES)."""
    module = loaded.get(name)
    if module is None:
        if name not in NAMES:
            raise KeyError(name)
        module = importlib.import_module(f"{__name__}.{name}")
        loaded[name] = module
    return module


def result_codes() -> dict[str, tuple[str, ...]]:
    """assertion name -> its failure codes in precedence order, from the modules."""
    return {name: load(name).CODES for name in NAMES}


def first_by_precedence(codes: tuple[str, ...], found: set[str] | list[str]) -> str:
    """The code of ``found`` that comes first in ``codes`` (an assertion's ``CODES``)."""
    return min(found, key=codes.index)
