"""The JSON Schemas of every record kind and their compiled validators.

``<kind>.json`` is the source of truth (draft-07, printable with ``cap-validate
--print-schema KIND``); ``_compiled_<kind>.py`` is generated from it ahead of time by
``capeval.schemas.build``. A validator raises ``SchemaViolation`` turned into a diagnostic
with code ``schema.<keyword>`` and the JSON pointer of the offending value.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from capeval.records import Problem, pointer

HERE = Path(__file__).resolve().parent

Validator = Callable[[Any], Any]
_validators: dict[str, Validator] = {}


def schema_text(kind: str) -> str:
    """The schema of ``kind`` as shipped (KeyError when unknown)."""
    path = HERE / f"{kind}.json"
    if not path.is_file():
        raise KeyError(kind)
    return path.read_text(encoding="utf-8")


def schema(kind: str) -> dict[str, Any]:
    import json

    return json.loads(schema_text(kind))


def validator(kind: str) -> Validator:
    """The compiled validator of ``kind``, imported once per process."""
    found = _validators.get(kind)
    if found is None:
        module = importlib.import_module(f"{__name__}._compiled_{kind.replace('-', '_')}")
        found = _validators[kind] = module.validate
    return found


def problem(kind: str, record: Any) -> Problem | None:
    """The first schema violation of ``record`` as a ``records.Problem``, or None.

    The one way every filter checks a record against its kind's schema, so they all report a
    bad record exactly as cap-validate does.
    """
    try:
        validator(kind)(record)
    except _schema_error() as exc:
        return violation(exc)
    return None


def _schema_error() -> type[Exception]:
    # imported on first use: fastjsonschema's package import is not free at start-up
    from fastjsonschema import JsonSchemaValueException

    return JsonSchemaValueException


def violation(exc: Any) -> Problem:
    """The problem a fastjsonschema ``JsonSchemaValueException`` describes.

    For ``required`` the pointer names the missing property, not its parent.
    """
    rule = exc.rule or "invalid"
    steps = list(exc.path[1:]) if exc.path else []
    message = _message(exc, rule)
    if rule == "required" and isinstance(exc.value, dict):
        missing = [key for key in exc.rule_definition or [] if key not in exc.value]
        if missing:
            steps.append(missing[0])
            message = "is required"
    return Problem(f"schema.{rule}", pointer(*steps) or "/", message)


def _message(exc: Any, rule: str) -> str:
    definition = exc.rule_definition
    if rule == "enum":
        return "must be one of " + ", ".join(str(v) for v in definition)
    if rule == "const":
        return f"must be {definition!r}"
    if rule == "type":
        kinds = definition if isinstance(definition, list) else [definition]
        return "must be " + " or ".join(kinds)
    if rule == "additionalProperties":
        extra = ""
        if isinstance(exc.value, dict) and isinstance(exc.definition, dict):
            known = set(exc.definition.get("properties", {}))
            unknown = sorted(k for k in exc.value if k not in known and not k.startswith("x-"))
            extra = f" ({', '.join(unknown)})" if unknown else ""
        return "has unknown properties" + extra
    if rule == "pattern":
        return f"must match {definition}"
    # fastjsonschema's own text, without its "data.x.y" prefix
    text = str(exc.message)
    name = str(exc.name or "")
    return text[len(name) :].strip() if name and text.startswith(name) else text
