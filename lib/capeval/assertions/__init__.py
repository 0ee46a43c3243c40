"""The assertion registry: one place that maps an assertion name to its check.

Each assertion lives in its own module of this package and exposes

* ``check(subject: Subject) -> Outcome`` — the verdict for one case × candidate;
* optionally ``param_errors(case: dict, params: dict) -> list[str]`` — contract rules on the
  params that JSON Schema cannot express (a regex that does not compile, a ``max_chars``
  without a limit); ``cap-validate`` reports each string as ``assertion.params``.

The params' JSON Schema lives in ``capeval/schemas/evalcase.json`` under
``definitions/params_<name>``, so the schema file is the single source of truth that both
``cap-validate`` and editors use. Modules are imported lazily: a run pays only for the
assertions its cases name.
"""

from __future__ import annotations

import importlib
import unicodedata
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from capeval.verdict import Outcome

__all__ = ["REGISTRY", "Outcome", "Subject", "load", "nfc", "param_errors"]

# name -> module (relative to this package). The v1 vocabulary of seed 001 §4.
REGISTRY: dict[str, str] = {
    "protocol_complete": "protocol_complete",
    "placeholder_integrity": "placeholder_integrity",
    "number_fidelity": "number_fidelity",
    "required_tokens": "required_tokens",
    "forbidden_renderings": "forbidden_renderings",
    "max_chars": "max_chars",
}


@dataclass(slots=True)
class Subject:
    """What one assertion looks at: a case, one candidate and the assertion's params.

    ``source`` and ``text`` are NFC-normalised (SPEC §5: texts are compared after NFC).
    """

    case: dict[str, Any]
    candidate: dict[str, Any]
    params: dict[str, Any]
    source: str = ""
    text: str = ""

    @classmethod
    def of(cls, case: dict, candidate: dict, params: dict | None) -> Subject:
        return cls(
            case=case,
            candidate=candidate,
            params=params or {},
            source=nfc(case.get("source", "")),
            text=nfc(candidate.get("text", "")),
        )


def nfc(text: str) -> str:
    # is_normalized is a fast scan; most texts are already NFC.
    if text.isascii() or unicodedata.is_normalized("NFC", text):
        return text
    return unicodedata.normalize("NFC", text)


_loaded: dict[str, ModuleType] = {}


def load(name: str) -> ModuleType:
    """The module implementing assertion ``name`` (KeyError when unknown)."""
    module = _loaded.get(name)
    if module is None:
        module = importlib.import_module(f"{__name__}.{REGISTRY[name]}")
        _loaded[name] = module
    return module


def param_errors(name: str, case: dict, params: dict) -> list[str]:
    """Contract-rule errors in ``params`` beyond what the JSON Schema checks."""
    hook = getattr(load(name), "param_errors", None)
    return hook(case, params) if hook else []
