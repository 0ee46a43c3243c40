"""cap-validate: schema and contract rules for every record kind.

Valid records are passed on as their original bytes; every problem is a diagnostic. The
kind of a record is recognised from its fields unless ``--kind`` names it.

Per record: kind → compiled schema → contract rules (``rules``) → unique key → secrets (a
cheap scan of the raw line, the fields only on a hit, ``secrets``) → id lock (``lock``) →
locked split (``locked``) → pass through, and a manifest entry (``manifest``). Everything
optional (YAML, langcodes, license-expression) is imported only when a run needs it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import typer

from capeval.cli import ConfigOption, FatalInput, Run, UsageError, filter_command
from capeval.paths import READS, UPDATES, WRITES
from capeval.validate.kinds import KINDS

KindOption = Annotated[
    str | None,
    typer.Option(metavar="KIND", help=f"Treat every record as this kind: {', '.join(KINDS)}."),
]
PrintSchemaOption = Annotated[
    str | None,
    typer.Option(metavar="KIND", help="Print the JSON Schema (draft-07) of KIND and exit."),
]
QualityCasesOption = Annotated[
    str | None,
    typer.Option(
        "--cases",
        metavar="FILE",
        help="Quality cases: reviews may only score the criteria they list, and their "
        "case_sha256 must match the case (review.stale).",
    ),
    READS,
]
LockOption = Annotated[
    str | None,
    typer.Option(metavar="PATH", help="Id lock file {id: sha256 of the case's meaning}."),
    UPDATES,
]
UpdateLockOption = Annotated[
    bool, typer.Option("--update-lock", help="Record new ids in --lock (never changes an entry).")
]
LockedOption = Annotated[
    str | None,
    typer.Option(
        metavar="PATH", help="The locked split (file or folder of JSONL): flag leaks into it."
    ),
    READS,
]
ManifestOption = Annotated[
    str | None,
    typer.Option(metavar="PATH", help="Write the dataset manifest of the accepted cases."),
    WRITES,
]
CheckOnlyOption = Annotated[
    bool, typer.Option("--check", help="Only report: write no records to stdout (hooks, CI).")
]


@filter_command("cap-validate")
def validate(
    run: Run,
    kind: KindOption = None,
    print_schema: PrintSchemaOption = None,
    config: ConfigOption = None,
    cases: QualityCasesOption = None,
    lock: LockOption = None,
    update_lock: UpdateLockOption = False,
    locked: LockedOption = None,
    manifest: ManifestOption = None,
    check: CheckOnlyOption = False,
) -> None:
    """Validate JSON Lines records against their schema and the contract rules.

    Reads EvalCase v1 cases, candidates, results, quality cases, reviews, roster entries,
    adjudications or waivers; writes the valid ones to stdout byte for byte and reports every
    problem on stderr.

    \b
    Example:  cap-validate --lock ids.lock.json cases/dev/*.jsonl > /dev/null
    """
    if print_schema is not None:
        _print_schema(run, print_schema)
        return
    if kind is not None and kind not in KINDS:
        raise UsageError(f"unknown kind {kind!r}; kinds: {', '.join(KINDS)}")
    if update_lock and lock is None:
        raise UsageError("--update-lock needs --lock PATH")
    # side inputs are read (and checked) up front; the rules are imported at the first record
    make_checker, id_lock = _record_checker(run, kind, config, cases, lock, update_lock, locked)
    manifest_out = run.side_output(manifest) if manifest else None
    write_line = _discard if check else run.out.write_line
    _pass_valid_records(run, make_checker, write_line, manifest_out)
    _write_lock(run, id_lock)


def _print_schema(run: Run, kind: str) -> None:
    from capeval import schemas

    try:
        run.out.write_bytes(schemas.schema_text(kind).encode("utf-8"))
    except KeyError:
        raise UsageError(f"unknown kind {kind!r}; kinds: {', '.join(KINDS)}") from None
    run.counts.clear()


def _record_checker(
    run: Run,
    kind: str | None,
    config: str | None,
    cases: str | None,
    lock: str | None,
    update_lock: bool,
    locked: str | None,
) -> tuple[Callable[[], Any], Any]:
    """The rules of this run, with its side inputs read (configuration, cases, split): a
    factory called at the first record, so an empty input imports none of the rules; and
    the id lock (None without --lock)."""
    review = run.review_config(config) if config else None
    criteria, case_hashes = _case_facts(run, cases) if cases else (None, None)
    id_lock = _load_lock(run, lock, update_lock) if lock else None
    locked_split = _load_locked(run, locked) if locked else None

    def make_checker() -> Any:
        from capeval.validate.checker import RecordChecker
        from capeval.validate.rules import ContractRules

        return RecordChecker(
            ContractRules(review, criteria, case_hashes),
            kind=kind,
            id_lock=id_lock,
            locked_split=locked_split,
        )

    return make_checker, id_lock


def _pass_valid_records(
    run: Run,
    make_checker: Callable[[], Any],
    write_line: Callable[[bytes], None],
    manifest_out: Any,
) -> None:
    """Every record through the checker: its problems reported, its bytes passed on if valid."""
    if manifest_out is not None:
        from capeval.validate.manifest import CASE_KINDS, manifest_entry
    counts = run.counts
    counts.update({"valid": 0, "invalid": 0})
    checker = None
    for line_no, raw, record in run.records():
        if checker is None:  # made at the first record: an empty input imports no rule
            checker = make_checker()
        record_kind, problems = checker.check(raw, record, run.path)
        invalid = bool(problems) and run.emit_problems(problems, record, line=line_no)
        if invalid or record_kind is None:
            counts["invalid"] += 1
            continue
        counts["valid"] += 1
        write_line(raw)
        if checker.learns:
            checker.accept(record_kind, record)
        if manifest_out is not None and record_kind in CASE_KINDS:
            manifest_out.write_record(manifest_entry(record_kind, record))


def _write_lock(run: Run, id_lock: Any) -> None:
    """--update-lock: the accepted new ids merged into the lock as it is now (another run may
    have added some meanwhile), renamed into place under a lock of its folder."""
    if id_lock is None or not id_lock.needs_writing() or run.diag.fatal:
        return
    from capeval.run import AtomicOutput

    def write(text: str) -> None:
        output = AtomicOutput(id_lock.path)
        try:
            output.writer.write_bytes(text.encode("utf-8"))
            output.commit()
        except BaseException:
            output.discard()
            raise

    try:
        conflicts = id_lock.merge_into_file(write)
    except OSError as exc:
        run.diag.emit("io.write_failed", f"cannot write lock: {exc.strerror or exc}")
        return
    for case_id in conflicts:
        run.diag.emit(
            "id.reused",
            f"another run locked this id meanwhile to another meaning in {id_lock.path}",
            file=id_lock.path,
            case_id=case_id,
        )
    run.summary_extra.append(f"{len(id_lock.added)} ids added to {id_lock.path}")


def _discard(raw: bytes) -> None:
    """--check: the record is valid and goes nowhere."""


def _case_facts(run: Run, path: str) -> tuple[dict[str, frozenset[str]], dict[str, str]]:
    """case_id -> criteria, and case_id -> case hash, of the quality cases in ``--cases``."""
    from capeval.records import case_sha256

    criteria: dict[str, frozenset[str]] = {}
    hashes: dict[str, str] = {}
    for item in run.side_records(path):
        record = item[-1]
        case_id, listed = record.get("case_id"), record.get("criteria")
        if isinstance(case_id, str) and isinstance(listed, list) and case_id not in criteria:
            criteria[case_id] = frozenset(c for c in listed if isinstance(c, str))
            hashes[case_id] = case_sha256(record)
    return criteria, hashes


def _load_lock(run: Run, path: str, update: bool) -> Any:
    from capeval.validate.lock import IdLock, LockError

    try:
        return IdLock.load(path, update)
    except LockError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        run.diag.emit("io.unreadable", f"cannot open lock: {exc.strerror or exc}", file=path)
        raise FatalInput(path) from None


def _load_locked(run: Run, path: str) -> Any:
    import os

    from capeval.validate.locked import LockedSplit, locked_files

    if not os.path.exists(path):
        run.diag.emit("io.unreadable", "cannot open: No such file or directory", file=path)
        raise FatalInput(path)
    split = LockedSplit(path)
    for file in locked_files(path):
        split.add_all((item[-1] for item in run.side_records(file)), file)
    return split


main = validate
