"""cap-fix: the safe edits cap-check suggests, applied — to candidates, and back into catalogs.

``edits`` decides which suggestions of a candidate to apply (unambiguous, in code-precedence
order, each re-checked); ``patch`` carries the fixed translations of imported catalogs back
into them as a unified diff. The body is glue: the failing results with suggestions, their
cases, then the candidates once, each written fixed or as it was.
"""

from __future__ import annotations

import os
from typing import Annotated, Any

import typer

from capeval.cli import CandidatesOption, Run, UsageError, filter_command
from capeval.records import Problem

CasesOption = Annotated[
    str,
    typer.Option("--cases", metavar="FILE", help="The EvalCases the results are about."),
]
PatchOption = Annotated[
    str | None,
    typer.Option(
        "--patch",
        metavar="PATH",
        help="Write a unified diff of the imported catalogs the fixes belong in "
        "(patch -p1 applies it); never a catalog itself.",
    ),
]


@filter_command("cap-fix")
def fix(run: Run, cases: CasesOption, candidates: CandidatesOption, patch: PatchOption = None):
    """Apply the safe fix suggestions of failing results to their candidates.

    Reads AssertionResults (from cap-check), with the --cases and --candidates they came from;
    writes every candidate, each fixed one with its new text and x-fix: what it was and each
    edit (assertion, code, message, edit). A suggestion is applied only when it is
    unambiguous and the case's assertions, checked again, pass where they failed and fail
    nowhere new; at most one edit per defect, in code-precedence order. With --patch, a
    unified diff carries the fixes into the imported catalogs (x-catalog).

    \b
    Example:  cap-check --candidates c.jsonl cases.jsonl \\
                | cap-fix --cases cases.jsonl --candidates c.jsonl --patch fix.diff > fixed.jsonl
    """
    if patch is not None:
        _refuse_clobbering(run, patch, [cases, candidates or ""])
    wanted = _read_results(run)
    found = _read_cases(run, cases, {case_id for case_id, _ in wanted})
    fixes = _fix_candidates(run, candidates, wanted, found)
    if patch is not None:
        _write_patch(run, patch, fixes)


def _refuse_clobbering(run: Run, patch: str, sides: list[str]) -> None:
    """The patch is a new file: never an input, a catalog or a candidates file."""
    inputs = [p for p in [*run.inputs, *sides] if p != "-"]
    for path in inputs:
        if os.path.exists(path) and os.path.exists(patch) and os.path.samefile(path, patch):
            raise UsageError(f"--patch {patch} is an input of this run ({path}): give another path")


def _read_results(run: Run) -> dict[tuple[str, str | None], list[dict[str, Any]]]:
    """(case_id, system) -> its failing results that suggest an edit."""
    from capeval import schemas

    run.malformed_key = "invalid"
    wanted: dict[tuple[str, str | None], list[dict[str, Any]]] = {}
    for line_no, _raw, record in run.records():
        problem = schemas.problem("result", record)
        if problem is not None:
            run.emit_problems([problem], record, line=line_no)
            run.count("invalid")
            continue
        evidence = record["evidence"]
        if not record["passed"] and evidence.get("suggestions"):
            wanted.setdefault((record["case_id"], record.get("system")), []).append(record)
    run.count("with suggestions", sum(len(v) for v in wanted.values()))
    return wanted


def _read_cases(run: Run, path: str, ids: set[str]) -> dict[str, dict[str, Any]]:
    from capeval import schemas

    found: dict[str, dict[str, Any]] = {}
    tally = run.side_tally(path)
    for line_no, _raw, case in run.side_records(path):
        if case.get("id") not in ids or case["id"] in found:
            continue
        problem = schemas.problem("evalcase", case)
        if problem is not None:
            run.emit_problems([problem], case, line=line_no, file=path)
            tally["invalid"] += 1
            continue
        found[case["id"]] = case
    return found


def _fix_candidates(
    run: Run,
    path: str,
    wanted: dict[tuple[str, str | None], list[dict[str, Any]]],
    cases: dict[str, dict[str, Any]],
) -> list[Any]:
    """Write every candidate, fixed where it can be; the fixes of catalog candidates."""
    from capeval.fix.edits import decide
    from capeval.fix.patch import Fix

    counts = run.counts
    counts.update({"candidates": 0, "fixed": 0, "edits": 0})
    fixes: list[Fix] = []
    tally = run.side_tally(path)
    for line_no, raw, candidate in run.side_records(path):
        counts["candidates"] += 1
        key = (candidate.get("case_id"), candidate.get("system"))
        results = wanted.get(key)  # type: ignore[arg-type]
        case = cases.get(key[0]) if results else None  # type: ignore[arg-type]
        if case is None or not isinstance(candidate.get("text"), str):
            if results:
                run.diag.emit(
                    "fix.unchecked",
                    "its case is not in --cases: the suggestions cannot be checked again",
                    file=path,
                    line=line_no,
                    case_id=key[0],
                )
            run.out.write_line(raw)
            continue
        decision = decide(case, candidate, results)
        for assertion, code in decision.ambiguous:
            run.diag.emit(
                "fix.ambiguous",
                f"{assertion} {code}: its suggestions overlap (alternatives): none applied",
                file=path,
                line=line_no,
                case_id=key[0],
            )
        for edit, why in decision.rejected:
            run.diag.emit(
                "fix.rejected",
                f"{edit.assertion} {edit.code}: {edit.message!r} not applied: {why}",
                file=path,
                line=line_no,
                case_id=key[0],
            )
        if not decision.kept:
            run.out.write_line(raw)
            continue
        wanted.pop(key, None)
        fixed = dict(candidate)
        fixed["text"] = decision.text
        fixed["x-fix"] = {
            "text": candidate["text"],
            "edits": [edit.record() for edit in decision.kept],
        }
        run.out.write_record(fixed)
        counts["fixed"] += 1
        counts["edits"] += len(decision.kept)
        origin = candidate.get("x-catalog")
        case_origin = case.get("x-catalog")
        if isinstance(origin, dict) and isinstance(origin.get("file_ref"), str):
            where = case_origin if isinstance(case_origin, dict) else {}
            line = origin.get("line")
            fixes.append(
                Fix(
                    key[0],  # type: ignore[arg-type]
                    origin["file_ref"],
                    line if type(line) is int else None,
                    _text(where, "key"),
                    _text(where, "context"),
                    candidate["text"],
                    decision.text,
                    _text(where, "form"),
                )
            )
    tally.setdefault("fixed", counts["fixed"])
    return fixes


def _text(where: dict[str, Any], name: str) -> str | None:
    """The case's x-catalog ``name`` when it is a string (a hand-made case may say anything)."""
    value = where.get(name)
    return value if isinstance(value, str) else None


def _write_patch(run: Run, path: str, fixes: list[Any]) -> None:
    from capeval.fix.patch import patch

    def read(file: str) -> bytes:
        with open(file, "rb") as stream:
            return stream.read()

    def problem(found: Any, why: str) -> None:
        run.diag.emit(
            "fix.unpatched",
            f"the fix is not in the patch: {why}",
            file=found.file,
            line=found.line,
            case_id=found.case_id,
        )

    # the catalogs are inputs too: never the patch's path
    _refuse_clobbering(run, path, sorted({found.file for found in fixes}))
    diff, carried = patch(fixes, read, problem)
    run.side_output(path).writer.write_bytes(diff.encode("utf-8"))
    run.count("patched", carried)


__all__ = ["Problem", "main"]

main = fix
