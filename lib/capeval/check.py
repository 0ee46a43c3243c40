"""The check engine: cap-check and its single-assertion siblings.

Cases stream from the inputs; ``--candidates FILE`` is indexed first (``capeval.candidates``:
case_id → byte offsets of its candidate lines, and the systems in order of first appearance),
then each case's candidates are read back on demand. Results come out in case order, then
system order, then the case's assertion order; one AssertionResult per case × system ×
selected assertion. A passing result without evidence is written from a byte template
(``capeval.result_lines``), any other through ``records.assertion_result``.

``cap-check-placeholder`` and ``cap-check-protocol`` are this engine with a fixed selection.
"""

from __future__ import annotations

import itertools
import operator
import os
from collections.abc import Callable
from functools import lru_cache
from types import ModuleType
from typing import Annotated, Any, NamedTuple

import typer

from capeval import assertions
from capeval.assertions import ParamsError, Subject, bound_check, bound_column, nfc
from capeval.candidates import NO_SYSTEM, CandidateIndex
from capeval.case_reader import CaseBlock, valid_cases
from capeval.cli import CandidatesOption, NoOrphansOption, Run, UsageError, filter_command
from capeval.codes import OK
from capeval.evidence import bound_evidence, bound_message
from capeval.jsonl import value_key
from capeval.records import (
    CANDIDATE_MISSING,
    SEVERITIES,
    Problem,
    assertion_result,
    pointer,
)
from capeval.result_lines import ResultLines
from capeval.secrets import secret_values
from capeval.verdict import Outcome

SeverityOption = Annotated[
    str | None,
    typer.Option(metavar="LEVEL", help="Run only assertions of this severity (hard or report)."),
]


class Selection(NamedTuple):
    """Which assertions a run checks, and how to tell (``--only``, ``--skip``, ``--severity``)."""

    only: frozenset[str] | None
    skip: frozenset[str]
    severity: str | None

    def wants(self, item: dict[str, Any]) -> bool:
        name = item["name"]
        return (
            (self.only is None or name in self.only)
            and name not in self.skip
            and (self.severity is None or item["severity"] == self.severity)
        )


class Planned(NamedTuple):
    """One assertion of a case, resolved once per case: its module, params and severity."""

    name: str
    severity: str
    params: dict[str, Any]
    module: ModuleType
    # the module's check with these params bound (``bound_check``): what the engine calls
    check: Callable[[Subject], Outcome]


_PLAN_MEMO_LIMIT = 4096


def plan_case(
    run: Run,
    line_no: int,
    case: dict[str, Any],
    selection: Selection,
    memo: dict[bytes, list[Planned]] | None = None,
    key: bytes | None = None,
) -> list[Planned]:
    """The case's selected assertions, each resolved to its module once (not per system).

    An assertion name outside the vocabulary is one ``assertion.unknown`` diagnostic for the
    case, and is not checked. With ``memo`` (one per run: the selection is fixed), the plan
    of an assertions list already seen is reused: a plan depends only on the list's value,
    keyed by its exact JSON text (``key`` when the caller has it; lists with an unknown name
    are never memoised: each case reports its own).
    """
    if memo is None:
        key = None
    elif key is None:
        key = value_key(case["assertions"])
    if key is not None:
        known = memo.get(key)
        if known is not None:
            return known
    planned, unknown = _plan(run, line_no, case, selection)
    if key is not None and not unknown:
        if len(memo) >= _PLAN_MEMO_LIMIT:
            memo.clear()
        memo[key] = planned
    return planned


def _plan(
    run: Run, line_no: int, case: dict[str, Any], selection: Selection
) -> tuple[list[Planned], bool]:
    """(the selected assertions resolved, whether an unknown name was reported)."""
    unknown = False
    planned = []
    for item in case["assertions"]:
        if not selection.wants(item):
            continue
        name = item["name"]
        try:
            module = assertions.load(name)
        except KeyError:
            run.diag.emit(
                "assertion.unknown",
                f"unknown assertion {name!r}",
                file=run.file,
                line=line_no,
                case_id=case["id"],
                path=pointer("assertions", case["assertions"].index(item), "name"),
            )
            unknown = True
            continue
        params = item.get("params") or {}
        planned.append(Planned(name, item["severity"], params, module, bound_check(module, params)))
    return planned, unknown


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
    # | cap-check --candidates F` the file is complete (renamed into place) by then.
    index = CandidateIndex(run, candidates_path)
    # an invalid case's candidates are not orphans
    cases = valid_cases(run, lambda case: index.mark_seen(case.get("id")), blocks=FAST_PATHS)
    first = next(cases, None)
    index.build()
    counts = run.counts
    counts.update({"results": 0, "passed": 0, "failed": 0})
    run.malformed_key = "invalid cases"
    checks = _Checks(run, index, selection)
    try:
        for item in itertools.chain(() if first is None else (first,), cases):
            if type(item) is CaseBlock:
                checks.block(item)
            else:
                checks.case(*item)
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
        # passing lines written from templates, added to the counts once (here: a run cut
        # short still counts every line it wrote)
        counts["results"] += checks.templated
        counts["passed"] += checks.templated
        index.close()


FAST_PATHS = True  # tests turn the block path off to compare with case by case
# what a column test's pass stands for: the check's plain passing outcome
_PLAIN_PASS = Outcome()


class _Checks:
    """The engine's state over a run: the plans, the passing-line templates, and how many
    lines those wrote. ``case`` checks one case against its candidates; ``block`` a
    ``CaseBlock`` at once where it can (one unnamed candidate a case, every selected
    assertion with a column test: ``assertions.bound_column``), case by case otherwise."""

    def __init__(self, run: Run, index: CandidateIndex, selection: Selection) -> None:
        self.run = run
        self.index = index
        self.selection = selection
        self.systems = index.systems or [NO_SYSTEM]
        self.write_line = run.out.write_bytes
        self.result_lines = ResultLines()
        self.plans: dict[bytes, list[Planned]] = {}  # assertions list -> plan (plan_case)
        self.templated = 0

    def case(self, line_no: int, case: dict[str, Any], plan_key: bytes | None) -> None:
        run, index = self.run, self.index
        case_id = case["id"]
        if index.came_before(case_id):
            # its results would repeat the first one's keys, which cap-validate refuses
            repeated = Problem("id.duplicate", "/id", f"case {case_id} already read")
            run.emit_problems([repeated], case, line=line_no)
            run.count("invalid cases")
            return
        planned = plan_case(run, line_no, case, self.selection, self.plans, plan_key)
        if not planned:
            run.count("cases with nothing selected")
            index.mark_seen(case_id)
            return
        found = index.candidates_of(case_id)
        prefix = None  # of the case's passing result lines (result_lines), made once
        for system in self.systems:
            candidate = found.get(system)
            if candidate is None:
                run.count(CANDIDATE_MISSING)
                for item in planned:
                    _write_result(run, _missing(case_id, system, item))
                continue
            prefix = self.pair(line_no, case, system, candidate, planned, prefix)

    def pair(
        self,
        line_no: int,
        case: dict[str, Any],
        system: Any,
        candidate: dict[str, Any],
        planned: list[Planned],
        prefix: bytes | None = None,
        known: tuple[bool, ...] = (),
    ) -> bytes | None:
        """Check one case × candidate; the case's line prefix, once made. ``known[i]`` says
        the i-th assertion passes plainly (a column test said so): it is not run again."""
        case_id = case["id"]
        subject = Subject.of(case, candidate)  # texts NFC-normalised once per pair
        write_line, template_tail = self.write_line, self.result_lines.tail
        for at, item in enumerate(planned):
            try:
                outcome = _PLAIN_PASS if known and known[at] else item.check(subject)
            except Exception as exc:
                _cannot_run(self.run, line_no, case_id, item, exc)
                continue
            if prefix is None:
                prefix = self.result_lines.prefix(case_id) or b""
            if outcome.code == OK and not outcome.evidence:
                tail = template_tail(system, item.name, item.severity, outcome.message)
                if prefix and tail is not None:
                    write_line(prefix + tail)
                    self.templated += 1
                    continue
            credentials = _known_secrets(subject.source, subject.text) if outcome.evidence else None
            if not credentials:  # a template of this outcome's line serves (result_lines)
                tail = self.result_lines.outcome_tail(system, item.name, item.severity, outcome)
                if prefix and tail is not None:
                    write_line(prefix + tail)
                    _count_result(self.run, outcome.code == OK, item.severity)
                    continue
            _write_result(self.run, _result(subject, system, item, outcome, credentials))
        return prefix

    def block(self, block: CaseBlock) -> None:
        columns = self._block_plan(block)
        texts = None if columns is None else self.index.claim_usual(block.ids)
        if texts is None:
            for line_no, case, plan_key in block.cases():
                self.case(line_no, case, plan_key)
            return
        assert columns is not None
        planned, tests, tails = columns
        sources, normalised = _nfc_column(block.sources), _nfc_column(texts)
        verdicts = list(zip(*[test(sources, normalised) for test in tests], strict=True))
        # the cases whose every assertion passed plainly are written from the templates a
        # stretch at a time; each other case goes to pair() between two stretches
        prefixes = ResultLines.prefixes(block.ids)
        if prefixes is None:  # an id the templates cannot write: every case goes to pair()
            others = list(range(len(verdicts)))
        else:
            failed = map(operator.not_, map(all, verdicts))
            others = list(itertools.compress(itertools.count(), failed))
        start = 0
        for end in [*others, len(verdicts)]:
            if end > start:
                assert prefixes is not None
                self.write_line(ResultLines.lines(prefixes[start:end], tails))
                self.templated += (end - start) * len(planned)
            if end == len(verdicts):
                break
            case_id = block.ids[end]
            case = block.case(case_id, block.sources[end])
            candidate = {"case_id": case_id, "text": texts[end]}
            self.pair(block.first_line_no + end, case, NO_SYSTEM, candidate, planned,
                      known=verdicts[end])  # fmt: skip
            start = end + 1

    def _block_plan(self, block: CaseBlock) -> tuple[list[Planned], list[Any], list[bytes]] | None:
        """The plan of a block's cases, each assertion's column test, and the pieces a
        passing case's lines are joined from; None when the block goes case by case."""
        base = block.base
        if not FAST_PATHS or self.systems != [NO_SYSTEM]:
            return None
        if not all(item["name"] in assertions.NAMES for item in base["assertions"]):
            return None  # an unknown name is reported case by case
        planned = plan_case(
            self.run, block.first_line_no, base, self.selection, self.plans, block.assertions_text
        )
        if not planned:
            return None
        tests = [bound_column(item.module, item.params, base) for item in planned]
        tails = [self.result_lines.tail(NO_SYSTEM, p.name, p.severity, "ok") for p in planned]
        if None in tests or None in tails:
            return None
        return planned, tests, tails  # type: ignore[return-value]


def _nfc_column(texts: list[str]) -> list[str]:
    """The texts NFC-normalised, as ``Subject.of`` normalises a pair's (ASCII is NFC)."""
    return texts if all(map(str.isascii, texts)) else list(map(nfc, texts))


def _write_result(run: Run, result: dict[str, Any]) -> None:
    run.out.write_record(result)
    _count_result(run, result["passed"], result["severity"])


def _count_result(run: Run, passed: bool, severity: str) -> None:
    counts = run.counts
    counts["results"] += 1
    if passed:
        counts["passed"] += 1
    else:
        counts["failed"] += 1
        if severity == "hard":
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


def _result(
    subject: Subject,
    system: Any,
    item: Planned,
    outcome: Outcome,
    known: list[tuple[str, str]] | None,
) -> dict[str, Any]:
    """The AssertionResult of an outcome, its message and evidence bounded and redacted of
    the credentials ``known`` in the pair's texts."""
    return assertion_result(
        subject.case["id"],
        system,
        item.name,
        item.severity,
        outcome.code,
        bound_message(outcome.message, known),
        bound_evidence(outcome.evidence, known),
    )


def _where(exc: BaseException) -> str:
    """Where a bug surfaced (file:line of the innermost frame), for the bug report."""
    import traceback

    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return ""
    last = frames[-1]
    return f"at {os.path.basename(last.filename)}:{last.lineno}"


@lru_cache(maxsize=1)  # the assertions of one pair come one after another; texts may be big
def _known_secrets(source: str, text: str) -> list[tuple[str, str]]:
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
