"""Speed-only code, in one place: what it does, the core does too, more slowly.

The core calls the layer at a few named seams and works the same without it:

* ``valid_record(kind)`` (reading records): True for a record the schema accepts, proven
  from values seen before (``accel.schema_memo``); False says nothing, and the core asks
  the compiled validator (``schemas.problem``), which says why.
* ``rule_problems(rules, reads)`` (checking records): the contract rules' problems, "none"
  from a memo of the declared fields' values where they were clean before
  (``accel.rule_memo``).
* ``result_lines()`` (writing results): an outcome's AssertionResult line from a byte
  template (``accel.templates``); None: the core builds the record and writes it.

``CAPEVAL_ACCEL=0`` in the environment turns all of it off (read at each seam, once a run),
and every output stays byte-identical: tests/test_accel.py runs the golden cases, the eval
suite, real data and a fuzz slice both ways, and property-tests each ``SHORTCUTS`` entry
against the core function it stands for.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from capeval.accel.shortcut import Shortcut

__all__ = [
    "Shortcut",
    "enabled",
    "result_lines",
    "rule_problems",
    "shortcuts",
    "valid_record",
]


def enabled() -> bool:
    """Whether the layer is on (``CAPEVAL_ACCEL`` is not ``0``)."""
    return os.environ.get("CAPEVAL_ACCEL", "1") != "0"


def valid_record(kind: str) -> Callable[[Any], bool] | None:
    """``accepts(record)``: True only for a record of ``kind`` the schema accepts (False
    says nothing); None when the layer is off."""
    if not enabled():
        return None
    from capeval.accel.schema_memo import SchemaMemo

    return SchemaMemo(kind).accepts


def rule_problems(
    rules: Callable[[str, Any], list[Any]], reads: dict[str, tuple[str, ...]]
) -> Callable[[str, Any], list[Any]]:
    """``rules`` (``problems(kind, record)``), answered from a memo of clean verdicts for
    the kinds in ``reads`` (kind -> the fields its rules read); ``rules`` itself when off."""
    if not enabled():
        return rules
    from capeval.accel.rule_memo import RuleMemo

    return RuleMemo(rules, reads).problems


def result_lines() -> Callable[..., bytes | None] | None:
    """``line(case_id, system, assertion, severity, outcome)``: the result line the core
    writes for an outcome whose pair holds no credential, or None (the core writes it);
    None when the layer is off."""
    if not enabled():
        return None
    from capeval.accel.templates import ResultLines

    return ResultLines().line


def shortcuts() -> list[Shortcut]:
    """Every shortcut of the layer, for the property test (tests/test_accel.py)."""
    from capeval.accel import rule_memo, schema_memo, templates

    return [*schema_memo.SHORTCUTS, *rule_memo.SHORTCUTS, *templates.SHORTCUTS]
