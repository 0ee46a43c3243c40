"""Contract rules (SPEC §4) that run on records which passed their schema."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from capeval import assertions

Problem = tuple[str, str, str, "str | None"]


def contract_problems(kind: str, record: dict[str, Any]) -> Iterator[Problem]:
    """Every contract-rule problem of one schema-valid record."""
    if kind == "evalcase":
        yield from _assertion_problems(record)


def _assertion_problems(case: dict[str, Any]) -> Iterator[Problem]:
    seen: set[str] = set()
    for index, assertion in enumerate(case["assertions"]):
        name = assertion["name"]
        where = f"/assertions/{index}"
        if name not in assertions.REGISTRY:
            yield ("assertion.unknown", where + "/name", f"unknown assertion {name!r}", None)
            continue
        if name in seen:
            yield ("assertion.duplicate", where + "/name", f"{name} appears twice", None)
        seen.add(name)
        try:
            errors = assertions.param_errors(name, case, assertion.get("params") or {})
        except ModuleNotFoundError:
            errors = []
        for error in errors:
            yield ("assertion.params", where + "/params", error, None)
