"""A case's plan in a check run: its selected assertions, each resolved to its module.

``Selection`` is what a run checks (``--only``, ``--skip``, ``--severity``); ``plan_case``
resolves one case's assertions once (not per system), reporting an unknown name. ``select``
is the plan alone, from the case's ``assertions`` alone (the same for every case whose
``assertions`` are the same).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from types import ModuleType
from typing import Any, NamedTuple

from capeval import assertions
from capeval.records import pointer
from capeval.run import Run


class Selection(NamedTuple):
    """Which assertions a run checks, and how to tell (``--only``, ``--skip``, ``--severity``)."""

    only: frozenset[str] | None
    skip: frozenset[str]
    severity: str | None


class Planned(NamedTuple):
    """One assertion of a case, resolved once per case: its module, params and severity."""

    name: str
    severity: str
    params: dict[str, Any]
    module: ModuleType


def plan_case(run: Run, line_no: int, case: dict[str, Any], selection: Selection) -> list[Planned]:
    """The case's selected assertions, each resolved to its module once (not per system).

    An assertion name outside the vocabulary is one ``assertion.unknown`` diagnostic for the
    case, and is not checked.
    """
    planned = select(case["assertions"], selection)
    if planned is None:  # a selected name is unknown (rare): planned again, saying which
        planned = select(case["assertions"], selection, partial(_unknown, run, line_no, case))
    return planned


def select(
    items: list[dict[str, Any]],
    selection: Selection,
    on_unknown: Callable[[int, str], None] | None = None,
) -> list[Planned] | None:
    """The plan of a case's ``assertions`` (``items``) under ``selection``; it reads nothing
    else. A selected name outside the vocabulary: ``on_unknown(index, name)``, and it is
    left out; without ``on_unknown``, no plan (None)."""
    # once per case: the selection's tests and the module lookup inline, not a call each
    only, skip, severity = selection
    loaded = assertions.loaded
    planned = []
    for item in items:
        name = item["name"]
        if (
            (only is not None and name not in only)
            or name in skip
            or (severity is not None and item["severity"] != severity)
        ):
            continue
        module = loaded.get(name)
        if module is None:
            try:
                module = assertions.load(name)
            except KeyError:
                if on_unknown is None:
                    return None
                on_unknown(items.index(item), name)
                continue
        planned.append(_planned((name, item["severity"], item.get("params") or {}, module)))
    return planned


def case_plan(selection: Selection) -> Callable[[dict[str, Any]], tuple[list[Planned] | None]]:
    """``plan_of(case)``: the case's plan by ``select`` from its ``assertions`` alone, as a
    1-tuple (never None, which the speed layer reads as "no answer"; a plan of None: a
    selected name is unknown, and ``plan_case`` says which). What cap-check hands the speed
    layer to keep with each combination of values it proves valid."""

    def plan_of(case: dict[str, Any]) -> tuple[list[Planned] | None]:
        return (select(case["assertions"], selection),)

    return plan_of


def _unknown(run: Run, line_no: int, case: dict[str, Any], index: int, name: str) -> None:
    run.diag.emit(
        "assertion.unknown",
        f"unknown assertion {name!r}",
        file=run.file,
        line=line_no,
        case_id=case["id"],
        path=pointer("assertions", index, "name"),
    )


# Planned(...) without the Python-level __new__ a NamedTuple's constructor runs
_planned = partial(tuple.__new__, Planned)
