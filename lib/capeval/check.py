"""The check engine: cap-check and its single-assertion siblings.

Cases stream from the inputs; ``--candidates FILE`` is indexed (``capeval.candidates``:
case_id → byte offsets of its candidate lines, and the systems in order of first appearance):
all of it first when a line may name a system, else as the cases ask for it. Each case's
candidates are read back on demand, or taken as the indexing read them. Results come out in
case order, then system order, then the case's assertion order; one AssertionResult per
case × system × selected assertion, made by ``records.assertion_result``.

``cap-check-placeholder`` and ``cap-check-protocol`` are this engine with a fixed selection.
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Annotated, Any

import typer

from capeval import assertions
from capeval.assertions import ParamsError, Subject
from capeval.candidates import NO_SYSTEM, CandidateIndex
from capeval.case_reader import valid_cases
from capeval.cli import CandidatesOption, NoOrphansOption, Run, UsageError, filter_command
from capeval.evidence import bound_evidence, bound_message
from capeval.plan import Planned, Selection, case_plan, plan_case
from capeval.records import (
    CANDIDATE_MISSING,
    SEVERITIES,
    Problem,
    assertion_result,
)
from capeval.secrets import secret_values

SeverityOption = Annotated[
    str | None,
    typer.Option(metavar="LEVEL", help="Run only assertions of this severity (hard or report)."),
]


def run_checks(
    run: Run,
    candidates_path: str,
    *,
    only: list[str] | None = None,
    skip: list[str] | None = None,
    severity: str | None = None,
    no_orphans: bool = False,
) -> None:
    """Join the case stream with the candidates file and write one result per assertion."""
    if severity not in (None, *SEVERITIES):
        raise UsageError(f"--severity must be hard or report, not {severity!r}")
    for name in [*(only or []), *(skip or [])]:
        if name not in assertions.NAMES:
            raise UsageError(f"unknown assertion {name!r}; known: {', '.join(assertions.NAMES)}")
    selection = Selection(frozenset(only) if only else None, frozenset(skip or ()), severity)

    # Read the candidates only once the first case has come: in `cap-import … --candidates F
    # | cap-check --candidates F` the file is complete (renamed into place) by then. Its
    # diagnostics come when the indexing reaches their lines (see capeval.candidates).
    index = CandidateIndex(run, candidates_path)

    def invalid(case: dict[str, Any]) -> None:
        # an invalid case's candidates are not orphans, even before the first valid case
        index.build()
        index.mark_seen(case.get("id"))

    cases = valid_cases(run, invalid, case_plan(selection))
    first = next(cases, None)
    index.build()
    run.counts.update({"results": 0, "passed": 0, "failed": 0})
    run.malformed_key = "invalid cases"
    engine = _Engine(run, index, selection)
    try:
        if first is not None:
            engine.case(*first)
        for line_no, case, derived in cases:
            engine.case(line_no, case, derived)
        index.finish()  # the lines no case asked for: their diagnostics, the counts
        index.check_unchanged()  # orphans and counts of another file would mislead
        if no_orphans:  # counted, not listed: a shard leaves most candidates unjoined
            index.tally["not joined (--no-orphans)"] = index.orphan_count()
        else:
            orphans = list(index.orphans())
            index.tally["orphaned"] = len(orphans)
            for line_no, case_id in orphans:
                run.diag.emit(
                    "candidate.orphan",
                    "candidate names a case that is not in the input",
                    file=candidates_path,
                    line=line_no,
                    case_id=case_id,
                )
    finally:
        counts = run.counts  # every result passed or failed: counted once, here
        counts["results"] = counts["passed"] + counts["failed"]
        index.count_joined()
        index.close()


class _Engine:
    """The check engine over one run: each case's plan, its candidates, its results."""

    def __init__(self, run: Run, index: CandidateIndex, selection: Selection) -> None:
        self.run = run
        self.index = index
        self.selection = selection
        self.systems = index.systems or [NO_SYSTEM]

    def case(self, line_no: int, case: dict[str, Any], derived: Any = None) -> None:
        """Check one case's candidates (one per system) with each of its planned assertions;
        write each result. ``derived``: its plan as ``valid_cases`` gave it (a 1-tuple; None:
        planned here). (One method: a call per pair cost ~1% of a run.)"""
        run, index = self.run, self.index
        case_id = case["id"]
        if index.came_before(case_id):
            # its results would repeat the first one's keys, which cap-validate refuses
            repeated = Problem("id.duplicate", "/id", f"case {case_id} already read")
            run.emit_problems([repeated], case, line=line_no)
            run.count("invalid cases")
            return
        planned = None if derived is None else derived[0]  # shared by equal cases: read only
        if planned is None:
            planned = plan_case(run, line_no, case, self.selection)
        if not planned:
            run.count("cases with nothing selected")
            index.mark_seen(case_id)
            return
        found = index.candidates_of(case_id)
        write, counts = run.out.write_record, run.counts
        for system in self.systems:
            candidate = found.get(system)
            if candidate is None:
                run.count(CANDIDATE_MISSING)
                for item in planned:
                    _write_result(run, _missing(case_id, system, item))
                continue
            subject = Subject.of(case, candidate)  # texts NFC-normalised once per pair
            for item in planned:
                name, severity, params, module = item  # unpacked: a NamedTuple's getters cost more
                try:
                    outcome = module.check(subject, params)
                except Exception as exc:
                    _cannot_run(run, line_no, case_id, item, exc)
                    continue
                # the result: its message and evidence bounded, and redacted of the credentials
                # of the pair's texts, which the evidence may not echo (none to look for without
                # evidence: the message alone is redacted of what it holds)
                evidence = outcome.evidence
                if evidence:
                    credentials = _credentials(subject.source, subject.text)
                    message = bound_message(outcome.message, credentials)
                    evidence = bound_evidence(evidence, credentials)
                else:
                    message = bound_message(outcome.message)
                code = outcome.code
                write(assertion_result(case_id, system, name, severity, code, message, evidence))
                if outcome.passed:
                    counts["passed"] += 1
                else:
                    counts["failed"] += 1
                    if severity == "hard":
                        run.failed = True


def _write_result(run: Run, result: dict[str, Any]) -> None:
    run.out.write_record(result)
    counts = run.counts
    if result["passed"]:
        counts["passed"] += 1
    else:
        counts["failed"] += 1
        if result["severity"] == "hard":
            run.failed = True


def _missing(case_id: str, system: Any, item: Planned) -> dict[str, Any]:
    suffix = "" if system is NO_SYSTEM else f" of system {system}"
    message = f"no candidate{suffix} for this case"
    return assertion_result(
        case_id, system, item.name, item.severity, CANDIDATE_MISSING, message, {}
    )


def _cannot_run(run: Run, line_no: int, case_id: str, item: Planned, exc: Exception) -> None:
    """One diagnostic for an assertion that raised: bad params, or a bug (said so, never
    disguised as a bad case)."""
    if isinstance(exc, ParamsError):
        code, message = "assertion.params", f"{item.name}: cannot run with these params: {exc}"
    else:
        code = "internal"
        message = f"{item.name} failed unexpectedly {_where(exc)}; please report it"
    run.diag.emit(code, message, file=run.file, line=line_no, case_id=case_id)


def _where(exc: BaseException) -> str:
    """Where a bug surfaced (file:line of the innermost frame), for the bug report."""
    import traceback

    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return ""
    last = frames[-1]
    return f"at {os.path.basename(last.filename)}:{last.lineno}"


@lru_cache(maxsize=1)  # the assertions of one pair come one after another; texts may be big
def _credentials(source: str, text: str) -> list[tuple[str, str]]:
    """The credentials of a pair's texts, which no result may echo (once per pair)."""
    return secret_values(source, text)


@filter_command("cap-check")
def check(
    run: Run,
    candidates: CandidatesOption,
    only: Annotated[
        list[str] | None,
        typer.Option("--only", metavar="NAME", help="Run only this assertion (repeatable)."),
    ] = None,
    skip: Annotated[
        list[str] | None,
        typer.Option("--skip", metavar="NAME", help="Do not run this assertion (repeatable)."),
    ] = None,
    severity: SeverityOption = None,
    no_orphans: NoOrphansOption = False,
) -> None:
    """Check candidate translations against every assertion of their EvalCase v1 case.

    Reads cases (JSON Lines, e.g. from cap-validate) and joins each with its candidates by
    case_id (and system); writes one AssertionResult per case x system x assertion. Exits 1
    when a hard assertion fails.

    \b
    Example:  cap-validate cases.jsonl | cap-check --candidates candidates.jsonl | jq .code
    """
    run_checks(run, candidates, only=only, skip=skip, severity=severity, no_orphans=no_orphans)


@filter_command("cap-check-placeholder")
def check_placeholder(
    run: Run,
    candidates: CandidatesOption,
    severity: SeverityOption = None,
    no_orphans: NoOrphansOption = False,
) -> None:
    """Check only placeholder_integrity: placeholders kept with identity and multiplicity.

    Same engine and records as cap-check, with the selection fixed.

    \b
    Example:  cap-check-placeholder --candidates candidates.jsonl < cases.jsonl
    """
    run_checks(
        run,
        candidates,
        only=["placeholder_integrity"],
        severity=severity,
        no_orphans=no_orphans,
    )


@filter_command("cap-check-protocol")
def check_protocol(
    run: Run,
    candidates: CandidatesOption,
    severity: SeverityOption = None,
    no_orphans: NoOrphansOption = False,
) -> None:
    """Check only protocol_complete: the batch response has exactly the structure asked for.

    Same engine and records as cap-check, with the selection fixed.

    \b
    Example:  cap-check-protocol --candidates responses.jsonl < cases.jsonl
    """
    run_checks(
        run, candidates, only=["protocol_complete"], severity=severity, no_orphans=no_orphans
    )


main = check
main_placeholder = check_placeholder
main_protocol = check_protocol
