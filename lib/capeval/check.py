"""The check engine (SPEC §6): cap-check and its single-assertion siblings.

Cases stream from the inputs; ``--candidates FILE`` is indexed first (case_id → byte offsets
of its candidate lines, and the systems in order of first appearance), then each case's
candidates are read back on demand. Results come out in case order, then system order, then
the case's assertion order; one AssertionResult per case × system × selected assertion.

``cap-check-placeholder`` and ``cap-check-protocol`` are this engine with a fixed selection.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from typing import Annotated, Any, BinaryIO

import typer

from capeval import assertions
from capeval.assertions import Subject
from capeval.cli import FatalInput, Run, UsageError, filter_command
from capeval.codes import CANDIDATE_MISSING, OK
from capeval.jsonl import read_record_at

EVIDENCE_STRING_LIMIT = 200
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
    typer.Option(metavar="hard", help="Run only assertions of this severity (hard or report)."),
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

    def build(self) -> None:
        if not os.path.isfile(self.path):
            self.path = self._spool(self.path)
        systems_seen: set[Any] = set()
        emit = self.run.diag.emit
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
        bucket = self._claim(case_id)
        if not bucket:
            return {}
        if self._stream is None:
            try:
                self._stream = open(self.path, "rb")  # noqa: SIM115
            except OSError as exc:
                self.run.diag.emit("io.unreadable", f"cannot reopen: {exc}", file=self.display)
                raise FatalInput(self.path) from exc
        stream = self._stream
        return {system: read_record_at(stream, packed >> _LINE_BITS) for system, packed in bucket}

    def _claim(self, case_id: str) -> list[tuple[Any, int]]:
        """A case's (system, packed) entries, marked as used (a used entry is stored as its
        bitwise complement, so orphans need no set of the case ids seen)."""
        lone = self.unnamed.get(case_id)
        if lone is not None:
            if lone >= 0:
                self.unnamed[case_id] = ~lone
            return [(NO_SYSTEM, lone if lone >= 0 else ~lone)]
        bucket = self.named.get(case_id)
        if not bucket:
            return []
        entries = [(system, packed if packed >= 0 else ~packed) for system, packed in bucket]
        self.named[case_id] = [(system, ~packed) for system, packed in entries]
        return entries

    def mark_seen(self, case_id: str) -> None:
        """The case came but checks nothing: its candidates are not orphans."""
        self._claim(case_id)

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


def cut_evidence(value: Any) -> Any:
    """Evidence with every string cut to 200 characters (SPEC §3.3)."""
    if not value:
        return value
    if isinstance(value, str):
        return value if len(value) <= EVIDENCE_STRING_LIMIT else value[:EVIDENCE_STRING_LIMIT]
    if isinstance(value, dict):
        return {key: cut_evidence(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [cut_evidence(item) for item in value]
    return value


def select_assertions(
    case: dict[str, Any],
    only: set[str] | None,
    skip: set[str],
    severity: str | None,
) -> list[dict[str, Any]] | None:
    """The case's selected assertions, or None when it lacks the structure the engine needs.

    One pass does both jobs, since it runs once per case; a malformed case is then reported
    with its schema code.
    """
    items = case.get("assertions")
    if (
        type(case.get("id")) is not str
        or type(case.get("source", "")) is not str
        or type(items) is not list
    ):
        return None
    selected = []
    for item in items:
        if type(item) is not dict:
            return None
        name = item.get("name")
        level = item.get("severity")
        if (
            type(name) is not str
            or level not in _SEVERITIES
            or type(item.get("params", _EMPTY)) is not dict
        ):
            return None
        if (
            (only is None or name in only)
            and name not in skip
            and (severity is None or level == severity)
        ):
            selected.append(item)
    return selected


_SEVERITIES = frozenset(("hard", "report"))
_EMPTY: dict[str, Any] = {}


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
    if severity not in (None, "hard", "report"):
        raise UsageError(f"--severity must be hard or report, not {severity!r}")
    for name in [*(only or []), *(skip or [])]:
        if name not in assertions.REGISTRY:
            raise UsageError(f"unknown assertion {name!r}; known: {', '.join(assertions.REGISTRY)}")
    only_set = set(only) if only else None
    skip_set = set(skip or ())

    index = CandidateIndex(run, candidates_path)
    index.build()
    systems = index.systems or [NO_SYSTEM]
    counts = run.counts
    counts.update({"results": 0, "passed": 0, "failed": 0})
    run.malformed_key = "invalid cases"
    emit = run.diag.emit
    write = run.out.write_record
    try:
        for line_no, _raw, case in run.records():
            selected = select_assertions(case, only_set, skip_set, severity)
            if selected is None:
                _report_malformed_case(run, line_no, case)
                continue
            case_id = case["id"]
            if not selected:
                run.count("cases with nothing selected")
                index.mark_seen(case_id)
                continue
            found = index.candidates_of(case_id)
            for system in systems:
                candidate = found.get(system)
                if candidate is None:
                    run.count(CANDIDATE_MISSING)
                    subject = None
                else:  # texts NFC-normalised once per pair, params set per assertion
                    subject = Subject.of(case, candidate, None)
                for assertion in selected:
                    result = _result(run, case, subject, system, assertion, line_no)
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
        if not no_orphans:
            for line_no, case_id in index.orphans():
                emit(
                    "candidate.orphan",
                    "candidate names a case that is not in the input",
                    file=candidates_path,
                    line=line_no,
                    case_id=case_id,
                )
    finally:
        index.close()


def _result(
    run: Run,
    case: dict[str, Any],
    subject: Subject | None,
    system: Any,
    assertion: dict[str, Any],
    line_no: int,
) -> dict[str, Any] | None:
    name = assertion["name"]
    result: dict[str, Any] = {"case_id": case["id"]}
    if system is not NO_SYSTEM:
        result["system"] = system
    result["assertion"] = name
    if subject is None:
        suffix = "" if system is NO_SYSTEM else f" of system {system}"
        code, message, evidence = CANDIDATE_MISSING, f"no candidate{suffix} for this case", {}
    else:
        try:
            module = assertions.load(name)
        except KeyError:
            run.diag.emit(
                "assertion.unknown",
                f"unknown assertion {name!r}",
                file=run.file,
                line=line_no,
                case_id=case["id"],
            )
            return None
        try:
            subject.params = assertion.get("params") or {}
            outcome = module.check(subject)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
            # bad params on an unvalidated case: report, never a traceback
            run.diag.emit(
                "assertion.params",
                f"{name}: cannot run with these params ({exc.__class__.__name__}: {exc})",
                file=run.file,
                line=line_no,
                case_id=case["id"],
            )
            return None
        code, message, evidence = outcome.code, outcome.message, cut_evidence(outcome.evidence)
    result["passed"] = code == OK
    result["severity"] = assertion["severity"]
    result["code"] = code
    result["message"] = message
    result["evidence"] = evidence
    return result


def _report_malformed_case(run: Run, line_no: int, case: dict[str, Any]) -> None:
    from capeval import schemas
    from capeval.validate.kinds import case_id_of

    found = schemas.problem("evalcase", case)
    code, pointer, message = found or ("kind.unknown", None, "not an EvalCase v1 record")
    run.diag.emit(
        code, message, file=run.file, line=line_no, case_id=case_id_of(case), path=pointer
    )
    run.count("invalid cases")


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
