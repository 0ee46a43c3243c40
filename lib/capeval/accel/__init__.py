"""Speed-only code, in one place: what it does, the core does too, more slowly.

The core calls the layer at two named seams and works the same without it:

* ``valid_record(kind, derive)`` (reading records): True for a record the schema accepts,
  proven from values seen before (``accel.schema_memo``), or what ``derive`` makes of its
  memoised values (cap-check: the case's plan, ``plan.select``); None says nothing, and the
  core asks the compiled validator (``schemas.problem``), which says why, and derives what
  it needs itself.
* ``proven_record(kind, rules, reads)`` (cap-validate's record checks): for a record the
  schema accepts, its contract-rule problems, proven from values seen before
  (``accel.record_proof``); None says nothing, and the core runs the validator and the
  rules.

A fast path stays here only while it pays on real catalogs (docs/performance.md lists what
was measured and deleted). ``CAPEVAL_ACCEL=0`` in the environment turns all of it off (read
at the seam, once a run), and every output stays byte-identical: tests/test_accel.py runs
the golden cases, the eval suite, real data and a fuzz slice both ways, and property-tests
each ``SHORTCUTS`` entry against the core function it stands for.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from capeval.accel.shortcut import Shortcut

__all__ = ["Shortcut", "enabled", "proven_record", "shortcuts", "valid_record"]


def enabled() -> bool:
    """Whether the layer is on (``CAPEVAL_ACCEL`` is not ``0``)."""
    return os.environ.get("CAPEVAL_ACCEL", "1") != "0"


def valid_record(
    kind: str, derive: Callable[[Any], Any] | None = None
) -> Callable[[Any], Any] | None:
    """``accepts(record)``: not None only for a record of ``kind`` the schema accepts: True,
    or what ``derive`` makes of it (None says nothing); None when the layer is off.

    ``derive`` must read only fields the memo keys on (those that are not plain strings: a
    case's ``assertions``, ``provenance``…), and never give None: it is made once per
    combination of their values and given again for every record with that combination."""
    if not enabled():
        return None
    from capeval.accel.schema_memo import SchemaMemo

    return SchemaMemo(kind, derive).proven  # no call of its own


def proven_record(
    kind: str, rules: Callable[[Any], list[Any]], reads: frozenset[str]
) -> Callable[[Any], Any] | None:
    """``proof(record)``: for a record of ``kind`` the schema accepts, its problems by
    ``rules`` (which read only the top-level fields ``reads``) as a tuple (None says
    nothing); None when the layer is off."""
    if not enabled():
        return None
    from capeval.accel.record_proof import record_proof

    return record_proof(kind, rules, reads)


def shortcuts() -> list[Shortcut]:
    """Every shortcut of the layer, for the property test (tests/test_accel.py)."""
    from capeval.accel import record_proof, schema_memo

    return [*schema_memo.SHORTCUTS, *schema_memo.plan_shortcuts(), *record_proof.shortcuts()]
