"""The check engine: cap-check and its single-assertion siblings.

Cases stream from the inputs; ``--candidates FILE`` is indexed first (case_id → byte offsets
of its candidate lines, and the systems in order of first appearance), then each case's
candidates are read back on demand. Results come out in case order, then system order, then
the case's assertion order; one AssertionResult per case × system × selected assertion.

``cap-check-placeholder`` and ``cap-check-protocol`` are this engine with a fixed selection.
"""

from __future__ import annotations

import itertools
import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType
from typing import Annotated, Any, BinaryIO

import typer

from capeval import assertions
from capeval.assertions import ParamsError, Subject
from capeval.cli import FatalInput, Run, UsageError, filter_command
from capeval.evidence import bound_evidence, bound_message
from capeval.jsonl import read_record_at, value_key
from capeval.records import (
    CANDIDATE_MISSING,
    SEVERITIES,
    Problem,
    assertion_result,
    pointer,
)
from capeval.schemas.memo import SchemaCheck
from capeval.secrets import secret_values

NO_SYSTEM = None
# An index entry packs a line's byte offset and its line number into one int.
_LINE_BITS = 32
_LINE_MASK = (1 << _LINE_BITS) - 1

CandidatesOption = Annotated[
    str,
    typer.Option(
        "--candidates", metavar="FILE", help="Candidate records {case_id, text, ...} to check."
    ),
]
SeverityOption = Annotated[
    str | None,
    typer.Option(metavar="LEVEL", help="Run only assertions of this severity (hard or report)."),
]
NoOrphansOption = Annotated[
    bool,
    typer.Option(
        "--no-orphans", help="Do not report candidates whose case is absent (sharded runs)."
    ),
]


class CandidateIndex:
    """Where each case's candidates are in the candidates file, and the systems seen.

    Kept small, since it holds an entry per candidate: the usual candidate (no ``system``,
    one per case) is one int, its line's offset and number packed together; cases with
    named systems keep a list of (system, packed) pairs.
    """

    def __init__(self, run: Run, path: str) -> None:
        self.path = path
        self.run = run
        self.unnamed: dict[str, int] = {}  # case_id -> packed, for a lone unnamed candidate
        self.named: dict[str, list[tuple[Any, int]]] = {}  # case_id -> [(system, packed)]
        self.systems: list[Any] = []
        self._stream: BinaryIO | None = None
        self._spooled: str | None = None
        self.display = path  # the name diagnostics give (the path the user gave)
        self.tally: dict[str, int] = {}  # this file's counts in the summary (build)
        # Checked cases that had no candidate: the index cannot tell they came (rare).
        self._checked_without_candidates: set[str] = set()

    def build(self) -> None:
        if not os.path.isfile(self.path):
            self.path = self._spool(self.path)
        systems_seen: set[Any] = set()
        emit = self.run.diag.emit
        tally = self.tally = self.run.side_tally(self.display)
        for key in ("duplicate", "joined", "of cases not checked"):
            tally.setdefault(key, 0)
        for line_no, offset, _raw, record in self.run.side_records(
            self.path, with_offsets=True, name=self.display
        ):
            case_id = record.get("case_id")
            system = record.get("system", NO_SYSTEM)
            if not isinstance(case_id, str) or not isinstance(record.get("text"), str):
                emit(
                    "schema.required",
                    "a candidate needs a string case_id and text",
                    file=self.display,
                    line=line_no,
                    path="/case_id" if not isinstance(case_id, str) else "/text",
                )
                tally["invalid"] += 1
                continue
            if system is not NO_SYSTEM and not isinstance(system, str):
                emit(
                    "schema.type",
                    "must be string",
                    file=self.display,
                    line=line_no,
                    case_id=case_id,
                    path="/system",
                )
                tally["invalid"] += 1
                continue
            first = self._add(case_id, system, offset << _LINE_BITS | line_no)
            if first is not None:
                emit(
                    "candidate.duplicate",
                    f"a candidate for this case and system {_system_name(system)} is on line "
                    f"{first & _LINE_MASK}; the first wins",
                    file=self.display,
                    line=line_no,
                    case_id=case_id,
                )
                tally["duplicate"] += 1
                continue
            if system not in systems_seen:
                systems_seen.add(system)
                self.systems.append(system)

    def _add(self, case_id: str, system: Any, packed: int) -> int | None:
        """Record a candidate; the packed entry of an earlier one of the same system, if any."""
        bucket = self.named.get(case_id)
        if bucket is None:
            lone = self.unnamed.get(case_id)
            if lone is None:
                if system is NO_SYSTEM:
                    self.unnamed[case_id] = packed
                else:
                    self.named[case_id] = [(system, packed)]
                return None
            if system is NO_SYSTEM:
                return lone
            del self.unnamed[case_id]
            self.named[case_id] = [(NO_SYSTEM, lone), (system, packed)]
            return None
        for existing, earlier in bucket:
            if existing == system:
                return earlier
        bucket.append((system, packed))
        return None

    def _spool(self, path: str) -> str:
        """Copy a pipe or FIFO (``<(...)``) to a temporary file, so lines can be re-read."""
        try:
            with open(path, "rb") as source:
                import tempfile

                fd, temp = tempfile.mkstemp(prefix="capeval-candidates-")
                self._spooled = temp
                with os.fdopen(fd, "wb") as target:
                    shutil.copyfileobj(source, target, 1 << 20)
        except OSError as exc:
            self.run.diag.emit("io.unreadable", f"cannot read: {exc.strerror}", file=path)
            raise FatalInput(path) from exc
        self.display = path
        return temp

    def candidates_of(self, case_id: str) -> dict[Any, dict[str, Any]]:
        """system → candidate record for one case (read back from the file); marks them used."""
        bucket = self._claim(case_id, "joined")
        if not bucket:
            return {}
        if self._stream is None:
            try:
                self._stream = open(self.path, "rb")  # noqa: SIM115
            except OSError as exc:
                self.run.diag.emit(
                    "io.unreadable", f"cannot reopen: {exc.strerror or exc}", file=self.display
                )
                raise FatalInput(self.path) from exc
        stream = self._stream
        return {system: read_record_at(stream, packed >> _LINE_BITS) for system, packed in bucket}

    def _claim(self, case_id: str, outcome: str) -> list[tuple[Any, int]]:
        """A case's (system, packed) entries, marked as used (a used entry is stored as its
        bitwise complement, so orphans need no set of the case ids seen); entries used for
        the first time are counted under ``outcome``."""
        lone = self.unnamed.get(case_id)
        if lone is not None:
            if lone >= 0:
                self.unnamed[case_id] = ~lone
                self.tally[outcome] += 1
            return [(NO_SYSTEM, lone if lone >= 0 else ~lone)]
        bucket = self.named.get(case_id)
        if not bucket:
            return []
        self.tally[outcome] += sum(1 for _system, packed in bucket if packed >= 0)
        entries = [(system, packed if packed >= 0 else ~packed) for system, packed in bucket]
        self.named[case_id] = [(system, ~packed) for system, packed in entries]
        return entries

    def came_before(self, case_id: str) -> bool:
        """True when a case with this id was already read (its entries are marked used);
        else notes that it came."""
        lone = self.unnamed.get(case_id)
        if lone is not None:
            return lone < 0
        bucket = self.named.get(case_id)
        if bucket:
            return bucket[0][1] < 0
        if case_id in self._checked_without_candidates:
            return True
        self._checked_without_candidates.add(case_id)
        return False

    def mark_seen(self, case_id: Any) -> None:
        """The case came but checks nothing: its candidates are not orphans."""
        if isinstance(case_id, str):
            self._claim(case_id, "of cases not checked")

    def orphans(self) -> Iterator[tuple[int, str]]:
        """(line_no, case_id) of every candidate whose case never came, in file order."""
        lines = [
            (packed & _LINE_MASK, case_id)
            for case_id, packed in self.unnamed.items()
            if packed >= 0
        ]
        lines.extend(
            (packed & _LINE_MASK, case_id)
            for case_id, bucket in self.named.items()
            for _system, packed in bucket
            if packed >= 0
        )
        yield from sorted(lines)

    def close(self) -> None:
        if self._stream is not None:
            self._stream.close()
        if self._spooled is not None:
            os.unlink(self._spooled)


def _system_name(system: Any) -> str:
    return "(unnamed)" if system is NO_SYSTEM else repr(system)


@dataclass(frozen=True, slots=True)
class Selection:
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


@dataclass(frozen=True, slots=True)
class Planned:
    """One assertion of a case, resolved once per case: its module, params and severity."""

    name: str
    severity: str
    params: dict[str, Any]
    module: ModuleType


_PLAN_MEMO_LIMIT = 4096


def plan_case(
    run: Run,
    line_no: int,
    case: dict[str, Any],
    selection: Selection,
    memo: dict[bytes, list[Planned]] | None = None,
) -> list[Planned]:
    """The case's selected assertions, each resolved to its module once (not per system).

    An assertion name outside the vocabulary is one ``assertion.unknown`` diagnostic for the
    case, and is not checked. With ``memo`` (one per run: the selection is fixed), the plan
    of an assertions list already seen is reused: a plan depends only on the list's value
    (lists with an unknown name are never memoised: each case reports its own).
    """
    key = value_key(case["assertions"]) if memo is not None else None
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
        planned.append(Planned(name, item["severity"], item.get("params") or {}, module))
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
    cases = run.records()
    first = next(cases, None)
    index = CandidateIndex(run, candidates_path)
    index.build()
    systems = index.systems or [NO_SYSTEM]
    counts = run.counts
    counts.update({"results": 0, "passed": 0, "failed": 0})
    run.malformed_key = "invalid cases"
    write = run.out.write_record
    schema_check = SchemaCheck("evalcase")
    plans: dict[bytes, list[Planned]] = {}  # assertions list -> plan (plan_case)
    try:
        for line_no, raw, case in itertools.chain(() if first is None else (first,), cases):
            if not _is_valid_case(run, line_no, raw, case, schema_check):
                index.mark_seen(case.get("id"))  # its candidates are not orphans
                continue
            if index.came_before(case["id"]):
                # its results would repeat the first one's keys, which cap-validate refuses
                repeated = Problem("id.duplicate", "/id", f"case {case['id']} already read")
                run.emit_problems([repeated], case, line=line_no)
                run.count("invalid cases")
                continue
            planned = plan_case(run, line_no, case, selection, plans)
            if not planned:
                run.count("cases with nothing selected")
                index.mark_seen(case["id"])
                continue
            found = index.candidates_of(case["id"])
            for system in systems:
                candidate = found.get(system)
                if candidate is None:
                    run.count(CANDIDATE_MISSING)
                    results = [_missing(case["id"], system, item) for item in planned]
                else:  # texts NFC-normalised once per pair
                    subject = Subject.of(case, candidate)
                    results = [_checked(run, line_no, subject, system, item) for item in planned]
                for result in results:
                    if result is None:
                        continue
                    write(result)
                    counts["results"] += 1
                    if result["passed"]:
                        counts["passed"] += 1
                    else:
                        counts["failed"] += 1
                        if result["severity"] == "hard":
                            run.failed = True
        orphans = list(index.orphans())
        index.tally["not joined (--no-orphans)" if no_orphans else "orphaned"] = len(orphans)
        if not no_orphans:
            for line_no, case_id in orphans:
                run.diag.emit(
                    "candidate.orphan",
                    "candidate names a case that is not in the input",
                    file=candidates_path,
                    line=line_no,
                    case_id=case_id,
                )
    finally:
        index.close()


def _missing(case_id: str, system: Any, item: Planned) -> dict[str, Any]:
    suffix = "" if system is NO_SYSTEM else f" of system {system}"
    message = f"no candidate{suffix} for this case"
    return assertion_result(
        case_id, system, item.name, item.severity, CANDIDATE_MISSING, message, {}
    )


def _checked(
    run: Run, line_no: int, subject: Subject, system: Any, item: Planned
) -> dict[str, Any] | None:
    """The result of one assertion on one pair, or None when it could not run."""
    case_id = subject.case["id"]
    try:
        outcome = item.module.check(subject, item.params)
    except ParamsError as exc:
        code, message = "assertion.params", f"{item.name}: cannot run with these params: {exc}"
    except Exception as exc:  # a bug: say so, never disguise it as a bad case
        code, message = (
            "internal",
            f"{item.name} failed unexpectedly {_where(exc)}; please report it",
        )
    else:
        code = None
    if code is not None:
        run.diag.emit(code, message, file=run.file, line=line_no, case_id=case_id)
        return None
    known = _known_secrets(subject.source, subject.text) if outcome.evidence else None
    return assertion_result(
        case_id,
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


def _is_valid_case(
    run: Run, line_no: int, raw: bytes, case: dict[str, Any], schema_check: SchemaCheck
) -> bool:
    """True for a valid EvalCase v1 record (the compiled schema cap-validate uses)."""
    found = schema_check.problem(case, raw)
    if found is None:
        return True
    run.emit_problems([found], case, line=line_no)
    run.count("invalid cases")
    return False


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
