"""cap-validate: schema and contract rules for every record kind (SPEC §3, §4).

Valid records are passed on as their original bytes; every problem is a diagnostic. The
kind of a record is recognised from its fields unless ``--kind`` names it.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from capeval.cli import Run, UsageError, filter_command
from capeval.validate.kinds import KINDS, case_id_of, detect_kind, unique_key

SUMMARY_KEYS = ("read", "valid", "invalid")


class Problem(tuple):
    """(code, JSON pointer, message, severity or None) found by a contract rule."""

    __slots__ = ()

    def __new__(cls, code: str, path: str, message: str, severity: str | None = None):
        return tuple.__new__(cls, (code, path, message, severity))


DUPLICATE_CODE = {"review": "review.duplicate", "candidate": "candidate.duplicate"}


@filter_command("cap-validate")
def validate(
    run: Run,
    kind: Annotated[
        str | None,
        typer.Option(metavar="KIND", help=f"Treat every record as this kind: {', '.join(KINDS)}."),
    ] = None,
    print_schema: Annotated[
        str | None,
        typer.Option(metavar="KIND", help="Print the JSON Schema of KIND and exit."),
    ] = None,
) -> None:
    """Validate JSON Lines records against their schema and the contract rules.

    Reads EvalCase v1 cases, candidates, results, quality cases, reviews or roster entries;
    writes the valid ones to stdout byte for byte and reports every problem on stderr.

    \b
    Example:  cap-validate evals/i18n-prompt/cases/dev/*.jsonl > /dev/null
    """
    from capeval import schemas

    if print_schema is not None:
        try:
            run.out.write_bytes(schemas.schema_text(print_schema).encode("utf-8"))
        except KeyError:
            raise UsageError(
                f"unknown kind {print_schema!r}; kinds: {', '.join(KINDS)}"
            ) from None
        run.counts.clear()
        return
    if kind is not None and kind not in KINDS:
        raise UsageError(f"unknown kind {kind!r}; kinds: {', '.join(KINDS)}")

    from fastjsonschema import JsonSchemaValueException

    from capeval.validate.rules import contract_problems

    counts = run.counts
    counts.update({"valid": 0, "invalid": 0})
    emit = run.diag.emit
    write_raw = run.out.write_raw
    seen: dict[str, set[Any]] = {}

    for line_no, raw, record in run.records():
        record_kind = kind or detect_kind(record)
        case_id = case_id_of(record)
        if record_kind is None:
            emit(
                "kind.unknown",
                "record matches no kind (use --kind)",
                file=run.file,
                line=line_no,
                case_id=case_id,
            )
            counts["invalid"] += 1
            continue
        try:
            schemas.validator(record_kind)(record)
        except JsonSchemaValueException as exc:
            code, pointer, message = schemas.violation(exc)
            emit(code, message, file=run.file, line=line_no, case_id=case_id, path=pointer)
            counts["invalid"] += 1
            continue
        invalid = False
        key = unique_key(record_kind, record)
        seen_keys = seen.setdefault(record_kind, set())
        if key in seen_keys:
            code = DUPLICATE_CODE.get(record_kind, "id.duplicate")
            emit(
                code,
                f"{record_kind} key {_show_key(key)} already seen in this stream",
                file=run.file,
                line=line_no,
                case_id=case_id,
            )
            invalid = True
        else:
            seen_keys.add(key)
        for code, path, message, severity in contract_problems(record_kind, record):
            diagnostic = emit(
                code,
                message,
                file=run.file,
                line=line_no,
                case_id=case_id,
                path=path,
                severity=severity,
            )
            if diagnostic.severity == "error":
                invalid = True
        if invalid:
            counts["invalid"] += 1
        else:
            counts["valid"] += 1
            write_raw(raw)


def _show_key(key: Any) -> str:
    if isinstance(key, tuple):
        return "(" + ", ".join(str(part) for part in key) + ")"
    return str(key)


main = validate
