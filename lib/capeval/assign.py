"""cap-assign: plan who reviews which quality case, and list the reviews still outstanding.

Planning reads the quality cases and the roster and writes the roster back, every entry with
an explicit ``assignments`` list:

* each case gets ``k`` reviewers (``--reviewers``, default the configuration's
  ``min_reviewers``);
* a reviewer is eligible for a case when they are independent and list qualifications (what
  the gate counts), have no declared conflict with the case, and — when their entry has
  ``profiles`` — are qualified for the case's profile;
* assignments already in the roster are kept (re-planning after cases were added only adds),
  except one that now meets a declared conflict, which is dropped with a warning; a kept
  assignment of a reviewer who is not eligible (not independent, say) does not count
  towards ``k``;
* new assignments go to the least-loaded eligible reviewers, the most constrained cases
  first, ties broken by an order drawn from ``--seed``; then single moves even the load out,
  so the spread of new work among the eligible reviewers is at most one where moves allow;
* a gold case (it carries ``gold``) goes to every eligible reviewer: calibration needs each
  reviewer's score on it.

``--status REVIEWS`` instead writes one ``outstanding_review`` record per (reviewer, case) of
the roster's assignments whose criteria are not all scored yet, and exits 1 when there is one
(0 with ``--exit-zero``): reminders and CI.
"""

from __future__ import annotations

import random
from typing import Annotated, Any, NamedTuple

import typer

from capeval.cli import ConfigOption, Run, filter_command
from capeval.records import Problem, case_id_of
from capeval.secrets import secret_problems

TOOL = "cap-assign"
OUTSTANDING_KIND = "outstanding_review"


class _Case(NamedTuple):
    case_id: str
    profile: str
    criteria: tuple[str, ...]
    gold: bool


@filter_command(TOOL, inputs_help="The quality cases (JSON Lines); none or '-' is stdin.")
def assign(
    run: Run,
    roster: Annotated[
        str,
        typer.Option(
            "--roster",
            metavar="FILE",
            help="The reviewer roster (JSON Lines); written back with assignments.",
        ),
    ],
    config: ConfigOption = None,
    reviewers: Annotated[
        int | None,
        typer.Option(
            "--reviewers",
            "-k",
            metavar="K",
            min=1,
            help="Reviewers per case (default: the configuration's min_reviewers).",
        ),
    ] = None,
    seed: Annotated[
        int, typer.Option("--seed", metavar="N", help="Seed of the tie-breaking order.")
    ] = 0,
    status: Annotated[
        str | None,
        typer.Option(
            "--status",
            metavar="REVIEWS",
            help="Write the outstanding reviews of the roster's assignments instead.",
        ),
    ] = None,
) -> None:
    """Plan reviewer assignments for quality cases, or list outstanding reviews.

    Reads quality cases; writes the --roster entries back with assignments: K reviewers a
    case, never a conflicted, non-independent or unqualified one, load balanced, existing
    assignments kept, gold cases to every eligible reviewer. With --status REVIEWS, writes an
    outstanding_review record per assigned (reviewer, case) not fully scored.

    \b
    Example:  cap-assign --roster roster.jsonl --seed 7 cases.jsonl > assigned.jsonl
    """
    settings = run.review_config(config)
    cases = _read_cases(run, settings)
    from capeval.review_records import read_roster

    entries = read_roster(run, roster)
    if status is not None:
        _write_outstanding(run, cases, entries, _read_scored(run, status, settings))
        return
    k = reviewers if reviewers is not None else settings.min_reviewers
    plan = Plan(cases, entries, k, seed)
    for code, case_id, message in plan.problems:
        run.diag.emit(code, message, case_id=case_id)
    for reviewer_id, (_line, record) in entries.items():
        run.out.write_record({**record, "assignments": plan.assignments[reviewer_id]})
    run.counts.update({"cases": len(cases), "new": plan.new, "kept": plan.kept})
    if plan.spread:
        spreads = ", ".join(f"{profile} {n}" for profile, n in plan.spread.items())
        run.summary_extra.append(f"load spread (max - min) {spreads}")


main = assign


# -- inputs ----------------------------------------------------------------------------------
def _read_cases(run: Run, settings: Any) -> list[_Case]:
    from capeval.review_records import case_problems

    cases: dict[str, _Case] = {}
    for line_no, raw, record in run.records():
        problems = case_problems(record, settings) or secret_problems(record, raw)
        case_id = case_id_of(record)
        if not problems and case_id in cases:
            problems = [Problem("id.duplicate", "/case_id", f"case {case_id} already read")]
        if run.emit_problems(problems, record, line=line_no):
            run.count("invalid")
            continue
        cases[case_id] = _Case(
            case_id, record["profile"], tuple(dict.fromkeys(record["criteria"])), "gold" in record
        )
    return list(cases.values())


def _read_scored(run: Run, path: str, settings: Any) -> dict[tuple[str, str], set[str]]:
    """(reviewer, case) → the criteria scored in REVIEWS (bad lines are diagnostics)."""
    from capeval.review_records import review_problems

    scored: dict[tuple[str, str], set[str]] = {}
    for line_no, raw, record in run.side_records(path):
        problems = review_problems(record, settings) or secret_problems(record, raw)
        if run.emit_problems(problems, record, line=line_no, file=path):
            run.side_tally(path)["invalid"] += 1
            continue
        key = (record["reviewer_id"], record["case_id"])
        scored.setdefault(key, set()).update(record["scores"])
    return scored


# -- planning --------------------------------------------------------------------------------
class Plan:
    """The assignments of one roster to one set of cases (see the module docstring)."""

    def __init__(
        self,
        cases: list[_Case],
        entries: dict[str, tuple[int, dict[str, Any]]],
        k: int,
        seed: int,
    ) -> None:
        # (code, case id, message) of each assignment dropped or short
        self.problems: list[tuple[str, str, str]] = []
        records = {reviewer_id: record for reviewer_id, (_line, record) in entries.items()}
        order = list(records)
        random.Random(seed).shuffle(order)
        self._rank = {reviewer_id: index for index, reviewer_id in enumerate(order)}
        by_id = {case.case_id: case for case in cases}
        self._eligible = {
            case.case_id: [r for r in order if _eligible(records[r], case)] for case in cases
        }
        # reviewer -> case ids, existing ones first (in the roster's order)
        self.assignments: dict[str, list[str]] = {}
        self.kept = self.new = 0
        for reviewer_id, record in records.items():
            kept = []
            for case_id in record.get("assignments") or ():
                if case_id in by_id and case_id in (record.get("conflicts") or ()):
                    self.problems.append(
                        (
                            "assign.dropped",
                            case_id,
                            f"reviewer {reviewer_id} has a conflict with case {case_id}: "
                            "assignment dropped",
                        )
                    )
                    continue
                kept.append(case_id)  # a case not in this run stays assigned
            self.kept += len(kept)
            self.assignments[reviewer_id] = kept
        # case -> its eligible reviewers so far (a kept assignment of a reviewer who is not
        # eligible, e.g. not independent, stays but does not count towards k)
        self._assigned = {
            case.case_id: {
                r for r in self._eligible[case.case_id] if case.case_id in self.assignments[r]
            }
            for case in cases
        }
        self._new: dict[str, set[str]] = {r: set() for r in order}
        self._gold = {case.case_id for case in cases if case.gold}
        # the load of a reviewer: the non-gold cases of this run they review
        self._kept_load = {
            r: sum(1 for c in self.assignments[r] if c in by_id and c not in self._gold)
            for r in order
        }
        self._plan_gold([case for case in cases if case.gold])
        self._plan([case for case in cases if not case.gold], k)
        self._balance()
        for reviewer_id in order:
            for case in cases:
                if case.case_id in self._new[reviewer_id]:
                    self.assignments[reviewer_id].append(case.case_id)
                    self.new += 1
        # profile -> max - min of the loads on its cases among the reviewers eligible for one
        self.spread: dict[str, int] = {}
        for profile in dict.fromkeys(case.profile for case in cases if not case.gold):
            ids = {c.case_id for c in cases if c.profile == profile and not c.gold}
            pool = {r for c in ids for r in self._eligible[c]}
            loads = [sum(1 for c in ids if r in self._assigned[c]) for r in pool]
            if loads:
                self.spread[profile] = max(loads) - min(loads)

    def _plan_gold(self, gold: list[_Case]) -> None:
        for case in gold:
            for reviewer_id in self._eligible[case.case_id]:
                if reviewer_id not in self._assigned[case.case_id]:
                    self._give(reviewer_id, case.case_id)

    def _plan(self, cases: list[_Case], k: int) -> None:
        # the most constrained cases first: they have the fewest reviewers to choose from
        for case in sorted(cases, key=lambda c: len(self._eligible[c.case_id])):
            assigned = self._assigned[case.case_id]
            free = [r for r in self._eligible[case.case_id] if r not in assigned]
            free.sort(key=lambda r: (self._load(r), self._rank[r]))
            need = k - len(assigned)
            for reviewer_id in free[: max(need, 0)]:
                self._give(reviewer_id, case.case_id)
            if len(assigned) < k:
                self.problems.append(
                    (
                        "assign.short",
                        case.case_id,
                        f"case {case.case_id} has {len(assigned)} eligible reviewer(s) of "
                        f"{k} needed",
                    )
                )

    def _load(self, reviewer_id: str) -> int:
        new = self._new[reviewer_id]
        return self._kept_load[reviewer_id] + len(new) - len(new & self._gold)

    def _give(self, reviewer_id: str, case_id: str) -> None:
        self._assigned[case_id].add(reviewer_id)
        self._new[reviewer_id].add(case_id)

    def _balance(self) -> None:
        """Move new assignments from the most to the least loaded reviewer while a single
        move lowers the spread (bounded: each move lowers the sum of squared loads)."""
        eligible_for = {
            r: {c for c, e in self._eligible.items() if r in e and c not in self._gold}
            for r in self._new
        }
        for _ in range(sum(len(cases) for cases in self._new.values()) + 1):
            ranked = sorted(self._new, key=lambda r: (self._load(r), self._rank[r]))
            if not ranked:
                return
            moved = False
            for heavy in reversed(ranked):
                for light in ranked:
                    if self._load(heavy) - self._load(light) < 2:
                        break
                    movable = sorted(
                        c
                        for c in self._new[heavy] - self._gold
                        if c in eligible_for[light] and light not in self._assigned[c]
                    )
                    if movable:
                        case_id = movable[0]
                        self._new[heavy].discard(case_id)
                        self._assigned[case_id].discard(heavy)
                        self._give(light, case_id)
                        moved = True
                        break
                if moved:
                    break
            if not moved:
                return


def _eligible(record: dict[str, Any], case: _Case) -> bool:
    """Whether the reviewer of roster ``record`` may review ``case``."""
    profiles = record.get("profiles")
    return (
        record["independent"]
        and bool(record["qualifications"].strip())
        and case.case_id not in (record.get("conflicts") or ())
        and (profiles is None or case.profile in profiles)
    )


# -- status ----------------------------------------------------------------------------------
def _write_outstanding(
    run: Run,
    cases: list[_Case],
    entries: dict[str, tuple[int, dict[str, Any]]],
    scored: dict[tuple[str, str], set[str]],
) -> None:
    outstanding = assigned = 0
    for reviewer_id, (_line, record) in entries.items():
        chosen = record.get("assignments")
        for case in cases:
            if chosen is not None and case.case_id not in chosen:
                continue
            assigned += 1
            done = scored.get((reviewer_id, case.case_id), set())
            missing = [criterion for criterion in case.criteria if criterion not in done]
            if missing:
                outstanding += 1
                run.out.write_record(
                    {
                        "kind": OUTSTANDING_KIND,
                        "reviewer_id": reviewer_id,
                        "case_id": case.case_id,
                        "missing_criteria": missing,
                        "started": bool(done),
                    }
                )
    run.counts.update({"assigned": assigned, "outstanding": outstanding})
    if outstanding:
        run.failed = True
