"""The JSON Schemas of every record kind and their compiled validators.

``<kind>.json`` is the source of truth (draft-07, printable with ``cap-validate
--print-schema KIND``); ``_compiled_<kind>.py`` is generated from it ahead of time by
``capeval.schemas.build``. A validator raises ``SchemaViolation`` turned into a diagnostic
with code ``schema.<keyword>`` and the JSON pointer of the offending value.

fastjsonschema stops at the first violation, which keeps valid records fast. For a record
that fails, :func:`problems` collects every violation with the ``jsonschema`` package,
imported on the first failure only (50-300 ms once per run that meets an invalid record;
then ~0.6 ms per failing record).
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
        found = violation(exc)
        if not _resolves(record, exc.path[1:] if exc.path else []):
            # fastjsonschema names the place as "data.a.b[0]" and splits it again at "." and
            # "[": a key holding either has no exact pointer from it, the full validator's is
            exact = [other for other in _all_violations(kind, record) if other.code == found.code]
            if exact:
                return exact[0]
        return found
    return None


def _resolves(record: Any, steps: list[Any]) -> bool:
    """Whether ``steps`` lead from ``record`` to a value (keys of objects, list indices)."""
    node = record
    for step in steps:
        if isinstance(node, dict) and step in node:
            node = node[step]
        elif isinstance(node, list) and str(step).isdigit() and int(step) < len(node):
            node = node[int(step)]
        else:
            return False
    return True


# A record reports at most this many schema violations (the rest are counted in the last).
MAX_PROBLEMS = 50
# Listing every violation costs ~0.6 ms a failing record (the full validator) against ~10 µs
# for the first one: cap-validate lists them all for the first FULL_LISTINGS failing records
# of a run, then reports each further one by its first violation, so a file of a million bad
# lines still takes seconds.
FULL_LISTINGS = 1000
_full_validators: dict[str, Any] = {}


def problems(kind: str, record: Any, every: bool = True) -> list[Problem]:
    """Every schema violation of ``record`` (the first one first; only that one unless
    ``every``), [] when it is valid."""
    first = problem(kind, record)
    if first is None:
        return []
    if not every:
        return [first]
    found = [first]
    seen = {(first.code, first.pointer)}
    for other in _all_violations(kind, record):
        if (other.code, other.pointer) not in seen:
            seen.add((other.code, other.pointer))
            found.append(other)
    if len(found) > MAX_PROBLEMS:
        left = len(found) - MAX_PROBLEMS + 1
        found = found[: MAX_PROBLEMS - 1]
        found.append(Problem("schema.more", "/", f"and {left} more schema violations"))
    return found


def _all_violations(kind: str, record: Any) -> list[Problem]:
    full = _full_validators.get(kind)
    if full is None:
        from jsonschema import Draft7Validator  # only once a record has failed

        full = _full_validators[kind] = Draft7Validator(schema(kind))
    found = []
    for error in full.iter_errors(record):
        steps = list(error.absolute_path)
        rule = str(error.validator)
        definition = error.validator_value
        if rule == "required" and isinstance(error.instance, dict):
            missing = [key for key in definition if key not in error.instance]
            for key in missing:
                found.append(Problem("schema.required", pointer(*steps, key), "is required"))
            continue
        message = _describe(rule, definition, error.instance, error.schema)
        found.append(Problem(f"schema.{rule}", pointer(*steps) or "/", message))
    return found


def _describe(rule: str, definition: Any, value: Any, node: Any) -> str:
    """A violation in words, without the offending value (it may be long, or a secret)."""
    if rule == "enum":
        return "must be one of " + ", ".join(str(v) for v in definition)
    if rule == "const":
        return f"must be {definition!r}"
    if rule == "type":
        kinds = definition if isinstance(definition, list) else [definition]
        return "must be " + " or ".join(kinds)
    if rule == "additionalProperties":
        extra = ""
        if isinstance(value, dict) and isinstance(node, dict):
            known = set(node.get("properties", {}))
            unknown = sorted(k for k in value if k not in known and not k.startswith("x-"))
            extra = f" ({', '.join(unknown)})" if unknown else ""
        return "has unknown properties" + extra
    if rule == "pattern":
        return f"must match {definition}"
    words = {
        "minLength": f"must be longer than or equal to {definition} characters",
        "maxLength": f"must be shorter than or equal to {definition} characters",
        "minimum": f"must be bigger than or equal to {definition}",
        "maximum": f"must be smaller than or equal to {definition}",
        "exclusiveMinimum": f"must be bigger than {definition}",
        "exclusiveMaximum": f"must be smaller than {definition}",
        "minItems": f"must contain at least {definition} items",
        "maxItems": f"must contain at most {definition} items",
        "uniqueItems": "must contain unique items",
        "minProperties": f"must contain at least {definition} properties",
        "maxProperties": f"must contain at most {definition} properties",
        "anyOf": "must be valid by one of anyOf definition",
        "oneOf": "must be valid exactly by one definition",
        "not": "must not be valid by not definition",
        "multipleOf": f"must be multiple of {definition}",
    }
    return words.get(rule, f"is not valid ({rule})")


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
    if rule in ("enum", "const", "type", "additionalProperties", "pattern"):
        return _describe(rule, exc.rule_definition, exc.value, exc.definition)
    # fastjsonschema's own text, without its "data.x.y" prefix
    text = str(exc.message)
    name = str(exc.name or "")
    return text[len(name) :].strip() if name and text.startswith(name) else text
