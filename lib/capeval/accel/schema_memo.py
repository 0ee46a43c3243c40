"""The schema verdict on a stream of records, memoised on repeated field values (the
record-reading seam; ``accel.record_proof`` adds what is derived from a valid record).

A suite repeats most of a record from line to line (its ``assertions``, ``provenance``,
``context``, locales), while the compiled validator re-checks all of it every time.
``SchemaMemo(kind).proven(record)`` is True only for a record the compiled validator
accepts; None says nothing (the core asks the validator, which says why):

* It applies only to a schema whose top level is *decomposable*: an object with ``required``,
  ``properties``, ``additionalProperties: false`` and ``patternProperties`` of literal
  prefixes with the empty schema (``x-`` extensions), and nothing that relates one property
  to another. A record is then valid iff it has the required keys, every other key is a
  property or matches a prefix, and each property's value is valid against that property's
  schema alone.
* A property whose schema is a plain string rule (type, lengths, pattern) is checked
  directly, with the compiled module's own regex objects, unless it is a label (at most
  ``LABEL_CHARS`` long) or one of the ``keyed`` fields. The other properties' values are
  looked up together in a memo of combinations already proven valid, keyed by the record's
  keys and the values' exact JSON text (equal texts are equal values of equal types); values
  are never guessed.
* A record whose combination is not in the memo goes through the compiled validator whole.
  If it passes, its combination joins the memo (by decomposability it is valid with any
  valid strings and any extension values), with what ``derive(record)`` makes of it: a
  function that reads only the memoised fields gives the same for every record of the
  combination.

The memo holds at most ``MEMO_LIMIT`` combinations of at most ``MEMO_KEY_BYTES`` bytes each
(then it starts afresh), so memory stays flat.
"""

from __future__ import annotations

import operator
import re
import sys
from collections.abc import Callable
from typing import Any, NamedTuple

from capeval import schemas
from capeval.accel.shortcut import Shortcut
from capeval.jsonl import ValueTextError, value_text

MEMO_LIMIT = 8192
MEMO_KEY_BYTES = 4096
# A string the schema bounds to a label's length (locale tags, domains) is one of a few values
# that repeat from record to record: proven once with its combination rather than checked on
# every record (measured on Django's imported cases: ~2,000 instructions a record fewer in
# cap-validate, ~3,600 in cap-check). Longer strings (ids, texts) are checked directly.
LABEL_CHARS = 64

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

MEMOISED = None  # a property checked through the memo
ANY_STRING = (0, sys.maxsize, None)  # a property that is any string: its type alone is checked


class Shape(NamedTuple):
    """What a record with given keys in a given order is checked by."""

    strings: tuple[str, ...]  # keys whose value is any string (a type test alone)
    bounded: tuple[tuple[str, int, int, Any], ...]  # (key, min, max, search) checked directly
    memoised: Callable[[Any], Any] | None  # the getter of the memoised values (None: none)
    proven: dict[bytes | None, Any]  # the memoised values' text (None: none) -> derived


class SchemaMemo:
    """``proven(record)``: not None only for a record of ``kind`` the compiled validator
    accepts (True without ``derive``: then its answer is the verdict itself).

    ``derive(record)`` (default: True) is memoised with each combination, and ``proven``
    gives it; ``keyed`` string fields are memoised rather than checked directly, so that
    ``derive`` may read them."""

    def __init__(
        self,
        kind: str,
        derive: Callable[[Any], Any] | None = None,
        keyed: frozenset[str] = frozenset(),
    ) -> None:
        self.kind = kind
        self._derive = derive
        self._keyed = keyed
        self._validate: Callable[[Any], Any] | None = None  # imported at the first record
        # the keys of a record, in order -> what to check for each (records share a few)
        self._shapes: dict[tuple[str, ...], Shape] = {}
        # the last record's keys and their plan (no record's keys are (None,): JSON's are text)
        self._last_shape: tuple[Any, ...] = (None,)
        self._last_plan: Shape | None = None
        # the last combination proven: (its shape's plan, its text, what derive made of it)
        self._recent: tuple[Shape | None, bytes | None, Any] = (None, None, None)

    def __len__(self) -> int:
        """How many combinations the memo holds, all shapes together."""
        return sum(len(known.proven) for known in self._shapes.values())

    def proven(self, record: Any) -> Any:
        """What ``derive`` made of a record the compiled validator accepts (True without
        ``derive``); None: not proven."""
        if type(record) is not dict:
            return None
        shape = tuple(record)
        if shape == self._last_shape:  # mostly: no hash of the keys
            plan = self._last_plan
        else:
            plan = self._shapes.get(shape)
            if plan is None:
                plan = self._shape_plan(shape)
                if plan is None:
                    return None
            self._last_shape, self._last_plan = shape, plan
        for key in plan.strings:
            if type(record[key]) is not str:
                return None
        for key, low, high, search in plan.bounded:
            value = record[key]
            if (
                type(value) is not str
                or not low <= len(value) <= high
                or (search is not None and search(value) is None)
            ):
                return None
        if plan.memoised is None:
            text = None
        else:
            try:  # the memoised values as one JSON text: equal texts, equal values and types
                text = value_text(plan.memoised(record))
            except ValueTextError:  # an integer beyond 64 bits: no memo
                return None
        recent = self._recent
        if recent[1] == text and recent[0] is plan:  # mostly: no hash of the text
            return recent[2]
        derived = plan.proven.get(text)
        if derived is None:
            try:
                self._validate(record)
            except Exception:  # any violation: schemas.problem says which
                return None
            derived = True if self._derive is None else self._derive(record)
            if text is not None and len(text) > MEMO_KEY_BYTES:
                return derived  # proven, but not kept (nor the next record compared with it)
            if len(self) >= MEMO_LIMIT:  # counted on a new combination only (rare)
                for known in self._shapes.values():
                    known.proven.clear()
            plan.proven[text] = derived
        self._recent = (plan, text, derived)
        return derived

    def _shape_plan(self, shape: tuple[str, ...]) -> Shape | None:
        """For records with these keys in this order: what to check of each key; None when
        such a record cannot be valid (an unknown key, a required one missing): the compiled
        validator then says why."""
        planned = top_level_plan(self.kind)
        if planned is None:
            return None
        self._validate = schemas.validator(self.kind)
        fields, required, prefixes = planned
        strings, bounded, memoised = [], [], []
        for key in shape:
            if key in fields:
                if fields[key] is MEMOISED or key in self._keyed:
                    memoised.append(key)
                elif fields[key] == ANY_STRING:
                    strings.append(key)
                else:
                    bounded.append((key, *fields[key]))
            elif not key.startswith(prefixes):  # an x- extension is any value
                return None
        if not required <= set(shape):
            return None
        if len(self._shapes) >= MEMO_LIMIT:
            self._shapes.clear()
            self._last_shape, self._last_plan = (None,), None
        getter = operator.itemgetter(*memoised) if memoised else None
        found = self._shapes[shape] = Shape(tuple(strings), tuple(bounded), getter, {})
        return found


_plans: dict[str, Any] = {}


def top_level_plan(kind: str) -> tuple[dict[str, Any], frozenset[str], tuple[str, ...]] | None:
    """The plan of ``kind``'s schema (see ``_plan``), with the compiled module's regexes:
    made once per process, whatever number of memos a run makes."""
    if kind not in _plans:
        _plans[kind] = _plan(schemas.schema(kind), _compiled_patterns(schemas.validator(kind)))
    return _plans[kind]


def _plan(
    schema: dict[str, Any], patterns: dict[str, re.Pattern[str]]
) -> tuple[dict[str, Any], frozenset[str], tuple[str, ...]] | None:
    """(property -> rule, the required properties, extension prefixes), or None when the top
    level is not decomposable (then every record takes the compiled path)."""
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
    required = frozenset(schema.get("required", []))
    if not required <= set(properties):
        return None
    if any(name.startswith(tuple(prefixes)) for name in properties):
        return None  # a property and a pattern would both apply
    fields = {name: _string_rule(subschema, patterns) for name, subschema in properties.items()}
    return fields, required, tuple(prefixes)


def _string_rule(subschema: dict[str, Any], patterns: dict[str, re.Pattern[str]]) -> Any:
    """(min length, max length, pattern search or None) for a plain string rule, checked
    directly; MEMOISED for anything else, and for a label."""
    if subschema.get("type") != "string" or not set(subschema) <= _STRING_RULE_KEYS:
        return MEMOISED
    if subschema.get("maxLength", LABEL_CHARS + 1) <= LABEL_CHARS:
        return MEMOISED
    pattern = subschema.get("pattern")
    if pattern is not None and pattern not in patterns:
        return MEMOISED
    search = patterns[pattern].search if pattern is not None else None
    return subschema.get("minLength", 0), subschema.get("maxLength", sys.maxsize), search


def _compiled_patterns(validate: Callable[[Any], Any]) -> dict[str, re.Pattern[str]]:
    """The regex objects the compiled module itself uses, by pattern text."""
    found: dict[str, re.Pattern[str]] = {}
    for name, value in validate.__globals__.items():
        if name.startswith("REGEX_PATTERNS") and isinstance(value, dict):
            found.update(value)
    return found


def _plain_accepts(kind: str) -> Any:
    def accepts(record: Any) -> bool:
        return schemas.problem(kind, record) is None

    return accepts


def _shortcuts() -> list[Any]:
    return [
        Shortcut(f"schema memo ({kind})", f"record:{kind}", memo.proven, _plain_accepts(kind))
        for kind, memo in (("evalcase", SchemaMemo("evalcase")),)
    ]


SHORTCUTS = _shortcuts()


def plan_shortcuts() -> list[Shortcut]:
    """The memo deriving cap-check's plan of a case (``plan.case_plan``, as
    ``check.run_checks`` gives it), under a selection of every assertion and under a
    filtering one."""
    from capeval.plan import Selection, case_plan

    every = Selection(None, frozenset(), None)
    filtering = Selection(
        frozenset({"placeholder_integrity", "max_chars"}), frozenset({"max_chars"}), "hard"
    )
    found = []
    for label, selection in (("every assertion", every), ("--only, --skip, --severity", filtering)):
        plan_of = case_plan(selection)

        def plain(record: Any, plan_of: Any = plan_of) -> Any:
            return None if schemas.problem("evalcase", record) is not None else plan_of(record)

        memo = SchemaMemo("evalcase", plan_of)
        found.append(
            Shortcut(f"schema memo with the plan ({label})", "record:evalcase", memo.proven, plain)
        )
    return found
