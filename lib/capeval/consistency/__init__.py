"""cap-consistency: the same source translated differently, one translation reused for different
sources — across the whole stream, not case by case.

``groups`` folds candidates into groups of one normalised source and keeps what the findings
need; ``normalise`` says when two texts are the same. The body is glue: read the cases, then
the candidates once, then write the findings (or, with ``--partial``, the groups for a later
``--merge``).
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from capeval.cli import CandidatesOption, NoOrphansOption, Run, UsageError, filter_command
from capeval.records import SEVERITIES, Problem, assertion_result


@filter_command("cap-consistency")
def consistency(
    run: Run,
    candidates: CandidatesOption = None,
    severity: Annotated[
        str, typer.Option(metavar="LEVEL", help="The findings' severity: report or hard.")
    ] = "report",
    keep_case: Annotated[
        bool, typer.Option("--keep-case", help="Texts differing in case are different.")
    ] = False,
    keep_whitespace: Annotated[
        bool,
        typer.Option("--keep-whitespace", help="Texts differing in white space are different."),
    ] = False,
    mask_placeholders: Annotated[
        bool,
        typer.Option(
            "--mask-placeholders",
            help="Texts differing only in their placeholders are the same "
            "(Delete %(name)s, Delete {item}).",
        ),
    ] = False,
    no_orphans: NoOrphansOption = False,
    strict_reuse: Annotated[
        bool,
        typer.Option(
            "--strict-reuse",
            help="Report a translation of sources that are forms of one word too "
            "(Jan, January; Field, Fields).",
        ),
    ] = False,
    partial: Annotated[
        bool, typer.Option("--partial", help="Write mergeable groups (the map step).")
    ] = False,
    merge: Annotated[
        bool,
        typer.Option("--merge", help="Read the groups of several --partial runs (the reduce)."),
    ] = False,
) -> None:
    """Find translations inconsistent across the stream: one source translated several ways.

    Reads cases (JSON Lines) and their --candidates; groups candidates by normalised source,
    context, plural form, target locale and system, and writes one AssertionResult (assertion
    consistency) per group translated several ways (inconsistent_translation) and per
    translation of several sources (reused_translation), every member in the evidence.
    Findings are severity report (exit 0) unless --severity hard.

    \b
    Example:  cap-consistency --candidates fr.cands.jsonl fr.cases.jsonl | jq .message
    """
    from capeval.consistency.groups import Groups, partial_problem
    from capeval.consistency.normalise import describe, normaliser

    if severity not in SEVERITIES:
        raise UsageError(f"--severity must be hard or report, not {severity!r}")
    if partial and merge:
        raise UsageError("--partial and --merge exclude each other")
    if merge and candidates is not None:
        raise UsageError("--merge reads partial records: no --candidates")
    if not merge and candidates is None:
        raise UsageError("--candidates FILE is required (the translations to compare)")
    keep = frozenset(
        aspect
        for aspect, kept in (
            ("case", keep_case),
            ("whitespace", keep_whitespace),
            ("placeholders", not mask_placeholders),
        )
        if kept
    )
    normalisation = describe(keep)
    groups = Groups()
    if merge:
        run.malformed_key = "invalid"
        for line_no, _raw, record in run.records():
            found = partial_problem(record, normalisation)
            if found is None:
                groups.merge(record)
                continue
            code, where, message = found
            if code == "usage":
                raise UsageError(f"{run.file}:{line_no}: {message}")
            run.emit_problems([Problem(code, where, message)], record, line=line_no)
            run.count("invalid")
    else:
        assert candidates is not None
        _fold(run, groups, candidates, normaliser(keep), no_orphans)
    run.count("groups", len(groups.groups))
    if partial:
        for record in groups.partials(normalisation):
            run.out.write_record(record)
        return
    _write_findings(run, groups.findings(strict_reuse), severity)


def _fold(run: Run, groups: Any, candidates: str, normalise: Any, no_orphans: bool) -> None:
    """Read the cases, then join each candidate with its case's group."""
    from capeval import schemas

    run.malformed_key = "invalid cases"
    members: dict[str, Any] = {}  # case id -> its group: the join
    invalid: set[str] = set()
    for line_no, _raw, case in run.records():
        problem = schemas.problem("evalcase", case)
        if problem is None and case["id"] in members:
            problem = Problem("id.duplicate", "/id", f"case id {case['id']!r} repeats")
        if problem is not None:
            run.emit_problems([problem], case, line=line_no)
            run.count("invalid cases")
            if isinstance(case.get("id"), str) and case["id"] not in members:
                invalid.add(case["id"])  # its candidates are not orphans
            continue
        origin = case.get("x-catalog")
        origin = origin if isinstance(origin, dict) else {}
        context, form = origin.get("context"), origin.get("form")
        key = (
            case["target_locale"],
            context if isinstance(context, str) else None,
            form if isinstance(form, str) else None,
            normalise(case["source"]),
        )
        members[case["id"]] = groups.group(key, case["source"])
    run.count("cases", len(members))

    tally = run.side_tally(candidates)
    tally.update({"joined": 0, "duplicate": 0, "orphaned": 0, "of invalid cases": 0})
    seen: set[tuple[str, str | None]] = set()
    for line_no, _raw, record in run.side_records(candidates):
        problem = schemas.problem("candidate", record)
        if problem is not None:
            run.emit_problems([problem], record, line=line_no, file=candidates)
            tally["invalid"] += 1
            continue
        case_id, system = record["case_id"], record.get("system")
        group = members.get(case_id)
        if group is None and case_id in invalid:
            tally["of invalid cases"] += 1
            continue
        if group is None:
            tally["orphaned"] += 1
            if not no_orphans:
                run.diag.emit(
                    "candidate.orphan",
                    "candidate names a case that is not in the input",
                    file=candidates,
                    line=line_no,
                    case_id=case_id,
                )
            continue
        if (case_id, system) in seen:
            tally["duplicate"] += 1
            run.diag.emit(
                "candidate.duplicate",
                "a candidate for this case and system came before; the first wins",
                file=candidates,
                line=line_no,
                case_id=case_id,
            )
            continue
        seen.add((case_id, system))
        tally["joined"] += 1
        text = record["text"]
        group.add(system, normalise(text), case_id, text)


def _write_findings(run: Run, findings: list[Any], severity: str) -> None:
    from capeval.consistency.groups import INCONSISTENT, NAME
    from capeval.evidence import bound_evidence, bound_message

    counts = {"inconsistent": 0, "reused": 0}
    for case_id, system, code, message, evidence in findings:
        result = assertion_result(
            case_id,
            system,
            NAME,
            severity,
            code,
            bound_message(message),
            bound_evidence(evidence),
        )
        run.out.write_record(result)
        counts["inconsistent" if code == INCONSISTENT else "reused"] += 1
        if severity == "hard":
            run.failed = True
    run.counts.update(counts)


main = consistency
