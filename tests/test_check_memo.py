"""The check engine's plan memo: a plan reused for an equal assertions list is the plan the
case would get on its own, with the same diagnostics."""

from __future__ import annotations

import glob

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval.check import Selection, plan_case

from conftest import ROOT

CASES = [
    orjson.loads(line)
    for path in sorted(glob.glob(str(ROOT / "evals/i18n-prompt/cases/dev/*.jsonl")))
    for line in open(path, "rb")
    if line.strip()
]
ASSERTIONS = [item for case in CASES for item in case["assertions"]]
EXTRA = [{"name": "no_such_check", "severity": "hard"}, {"name": "max_chars", "severity": "x"}]


class _Diagnostics:
    def __init__(self) -> None:
        self.emitted: list[tuple] = []

    def emit(self, *args, **kwargs) -> None:
        self.emitted.append((args, tuple(sorted(kwargs.items()))))


class _Run:
    file = "<stdin>"

    def __init__(self) -> None:
        self.diag = _Diagnostics()


SELECTIONS = [
    Selection(None, frozenset(), None),
    Selection(frozenset({"placeholder_integrity"}), frozenset(), None),
    Selection(None, frozenset({"max_chars"}), "hard"),
]


@settings(max_examples=200, deadline=None)
@given(
    lists=st.lists(
        st.lists(st.sampled_from(ASSERTIONS + EXTRA), min_size=1, max_size=4), max_size=12
    ),
    selection=st.sampled_from(SELECTIONS),
)
def test_memoised_plans_equal_fresh_plans(lists, selection):
    shared_run, memo = _Run(), {}
    for n, assertions in enumerate(lists + lists):
        case = {**CASES[n % len(CASES)], "assertions": assertions}
        fresh_run = _Run()
        fresh = plan_case(fresh_run, n + 1, case, selection)
        before = len(shared_run.diag.emitted)
        memoised = plan_case(shared_run, n + 1, case, selection, memo)
        # the bound check is made from module and params (a new closure per plan)
        assert [item[:4] for item in memoised] == [item[:4] for item in fresh]
        assert shared_run.diag.emitted[before:] == fresh_run.diag.emitted
