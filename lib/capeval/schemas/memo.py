"""The schema check of a stream of records, memoising the verdict on repeated field values.

A suite repeats most of a record from line to line (its ``assertions``, ``provenance``,
``context``, locales), while the compiled validator re-checks all of it every time (~60% of
cap-validate's time). ``SchemaCheck(kind).problem(record)`` returns exactly what
``schemas.problem(kind, record)`` returns, faster:

* It applies only to a schema whose top level is *decomposable*: an object with ``required``,
  ``properties``, ``additionalProperties: false`` and ``patternProperties`` of literal
  prefixes with the empty schema, and nothing that relates one property to another. A record
  is then valid iff it has the required keys, every other key is a property or matches a
  prefix, and each property's value is valid against that property's schema alone.
* A property whose schema is a plain string rule (type, lengths, pattern) is checked
  directly, with the compiled module's own regex objects. Any other property's value is
  looked up in a memo of values already proven valid, keyed by the property and the value's
  exact JSON text (or type and value for a scalar); values are never guessed.
* A record with a value not in the memo goes through the compiled validator whole. If it
  passes, its values join the memo (by decomposability each was valid on its own). A record
  that fails anything here goes through ``schemas.problem``, so every diagnostic is the
  compiled validator's own.

tests/test_schema_memo.py mutates every field of valid records and proves the memo never
accepts a record the compiled validator rejects. The memo holds at most ``MEMO_LIMIT`` values
of at most ``MEMO_KEY_BYTES`` bytes each (then it starts afresh), so memory stays flat.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from capeval import schemas
from capeval.jsonl import value_key
from capeval.records import Problem

MEMO_LIMIT = 8192
MEMO_KEY_BYTES = 2048

_TOP_LEVEL_KEYS = frozenset(
    {
        "$schema",
        "$id",
        "title",
        "description",
        "type",
        "required",
        "properties",
        "patternProperties",
        "additionalProperties",
        "definitions",
    }
)
_STRING_RULE_KEYS = frozenset({"type", "minLength", "maxLength", "pattern", "title", "description"})
_LITERAL_PREFIX = re.compile(r"\^([A-Za-z0-9_-]+)\Z")
_SCALARS = (str, int, float, bool, type(None))

# A field check: True when the value is valid for its property (False: not proven).
FieldCheck = Callable[[Any], bool]
MEMOISED = None  # a property checked through the memo


class SchemaCheck:
    """``problem(record)``: the first schema violation of a record of ``kind``, or None."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._memo: set[Any] = set()
        self._planned = False  # planned on first use: nothing is imported at start-up
        self._plan: Any = None

    def problem(self, record: Any) -> Problem | None:
        if self.accepts(record):
            return None
        return schemas.problem(self.kind, record)

    def problems(self, record: Any, every: bool = True) -> list[Problem]:
        """As ``schemas.problems``: [] for a valid record, else its violations."""
        if self.accepts(record):
            return []
        return schemas.problems(self.kind, record, every)

    def accepts(self, record: Any) -> bool:
        """True only for a record the compiled validator accepts (False: not proven)."""
        if not self._planned:
            self._validate = schemas.validator(self.kind)
            self._plan = _plan(schemas.schema(self.kind), _compiled_patterns(self._validate))
            self._planned = True
        if type(record) is not dict or self._plan is None:
            return False
        fields, required_count, prefixes = self._plan
        memo = self._memo
        missed: list[Any] | None = None
        required_seen = 0
        for key, value in record.items():
            field = fields.get(key)
            if field is None:
                if key.startswith(prefixes):
                    continue
                return False
            check, required = field
            required_seen += required
            if check is MEMOISED:
                kind = type(value)
                if kind in _SCALARS:
                    memo_key: Any = (key, kind, value)
                else:
                    text = value_key(value)
                    if text is None or len(text) > MEMO_KEY_BYTES:
                        return False
                    memo_key = (key, text)
                if memo_key not in memo:
                    if missed is None:
                        missed = [memo_key]
                    else:
                        missed.append(memo_key)
            elif not check(value):
                return False
        if required_seen != required_count:
            return False
        if missed is not None:
            try:
                self._validate(record)
            except Exception:  # any violation: schemas.problem says which
                return False
            if len(memo) + len(missed) > MEMO_LIMIT:
                memo.clear()
            memo.update(missed)
        return True


def _plan(
    schema: dict[str, Any], patterns: dict[str, re.Pattern[str]]
) -> tuple[dict[str, tuple[FieldCheck | None, int]], int, tuple[str, ...]] | None:
    """(property -> (check, 1 if required), number required, extension prefixes), or None
    when the top level is not decomposable (then every record takes the compiled path)."""
    if not set(schema) <= _TOP_LEVEL_KEYS or schema.get("type") != "object":
        return None
    if schema.get("additionalProperties") is not False:
        return None
    prefixes = []
    for pattern, subschema in schema.get("patternProperties", {}).items():
        literal = _LITERAL_PREFIX.match(pattern)
        if literal is None or subschema != {}:
            return None
        prefixes.append(literal.group(1))
    properties = schema.get("properties", {})
    required = set(schema.get("required", []))
    if not required <= set(properties):
        return None
    if any(name.startswith(tuple(prefixes)) for name in properties):
        return None  # a property and a pattern would both apply
    fields = {
        name: (_string_check(subschema, patterns), int(name in required))
        for name, subschema in properties.items()
    }
    return fields, len(required), tuple(prefixes)


def _string_check(
    subschema: dict[str, Any], patterns: dict[str, re.Pattern[str]]
) -> FieldCheck | None:
    """A direct check for a plain string rule; MEMOISED for anything else."""
    if subschema.get("type") != "string" or not set(subschema) <= _STRING_RULE_KEYS:
        return MEMOISED
    low = subschema.get("minLength", 0)
    high = subschema.get("maxLength")
    pattern = subschema.get("pattern")
    if pattern is not None and pattern not in patterns:
        return MEMOISED
    search = patterns[pattern].search if pattern is not None else None
    if high is None:
        high = float("inf")

    def check(value: Any) -> bool:
        return (
            type(value) is str
            and low <= len(value) <= high
            and (search is None or search(value) is not None)
        )

    return check


def _compiled_patterns(validate: Callable[[Any], Any]) -> dict[str, re.Pattern[str]]:
    """The regex objects the compiled module itself uses, by pattern text."""
    found: dict[str, re.Pattern[str]] = {}
    for name, value in validate.__globals__.items():
        if name.startswith("REGEX_PATTERNS") and isinstance(value, dict):
            found.update(value)
    return found
