"""cap-aggregate-scores: reviewer scores → case verdicts, findings, run summary.

Glue only: reading and diagnostics are the chassis' (``capeval.cli``); the rules live in
``config`` (the YAML), ``capeval.review_records`` (what a usable case/review/roster line is,
shared with cap-review-form and cap-assign), ``aggregate`` (the run: verdicts, summary,
gate), ``case_verdict`` (one case's status and findings), ``agreement`` (Krippendorff's
alpha), ``reviewers`` (agreement per reviewer), ``adjudicate`` (``--adjudications``) and
``partial`` (``--partial``/``--merge``).
"""

# Annotations evaluated as the module loads (no __future__ import): Typer reads the
# options' at start-up, and strings would be compiled again (capeval.cli).

from typing import Annotated, Any

import typer

from capeval.cli import ConfigOption, RosterOption, Run, UsageError, filter_command
from capeval.paths import READS
from capeval.records import (
    CASE_HASH_FIELD,
    FOLLOW_UP_COUNTS,
    FOLLOW_UP_FIELDS,
    STATUSES,
    Problem,
    case_id_of,
    case_sha256,
    pointer,
)
from capeval.secrets import secret_problems

TOOL = "cap-aggregate-scores"
FORMATS = ("jsonl", "json")


@filter_command(TOOL)
def aggregate_scores(
    run: Run,
    cases: Annotated[
        str,
        typer.Option("--cases", metavar="FILE", help="The quality cases (JSON Lines)."),
        READS,
    ],
    roster: RosterOption = None,
    config: ConfigOption = None,
    adjudications: Annotated[
        str | None,
        typer.Option(
            "--adjudications",
            metavar="FILE",
            help="Adjudication records (JSON Lines): resolve held criteria, override flags "
            "by name; needs --roster.",
        ),
        READS,
    ] = None,
    follow_ups: Annotated[
        str | None,
        typer.Option(
            "--follow-ups",
            metavar="FILE",
            help="Follow-up records (JSON Lines): owner, action, status and retest note of "
            "findings, shown in the findings log.",
        ),
    ] = None,
    format_: Annotated[
        str,
        typer.Option(
            "--format",
            metavar="FORMAT",
            help="jsonl: one record per line; json: one document in the harness report shape.",
        ),
    ] = "jsonl",
    partial: Annotated[
        bool, typer.Option("--partial", help="Emit mergeable partial records (the map step).")
    ] = False,
    merge: Annotated[
        bool,
        typer.Option("--merge", help="Read partial records of several shards (the reduce step)."),
    ] = False,
    fail_on_gate: Annotated[
        bool, typer.Option("--fail-on-gate", help="Exit 1 when the gate cannot close.")
    ] = False,
) -> None:
    """Aggregate reviewer scores per quality case and criterion.

    Reads Review records; writes a case_verdict per case of --cases (status pass,
    needs_review, needs_revision or blocked), finding records and a run_summary with
    agreement, evidence tier and the gate. Reviews of cases not in --cases are skipped and
    counted.

    \b
    Example:  cap-aggregate-scores --cases cases.jsonl < reviews.jsonl | cap-render-report
    """
    if format_ not in FORMATS:
        raise UsageError(f"--format must be one of {', '.join(FORMATS)}, not {format_!r}")
    if partial and merge:
        raise UsageError("--partial and --merge exclude each other")
    if partial and (format_ != "jsonl" or fail_on_gate):
        raise UsageError("--partial writes partial records only: no --format json, no gate")
    if adjudications is not None and partial:
        raise UsageError("--adjudications apply when the verdicts are made: give them to --merge")
    if follow_ups is not None and partial:
        raise UsageError("--follow-ups apply to the findings of the run: give them to --merge")
    if adjudications is not None and roster is None:
        raise UsageError("--adjudications needs --roster: an adjudicator must be in the roster")

    _Aggregate(
        run, run.review_config(config), cases, roster, adjudications, follow_ups
    ).fold_reviews(
        partial=partial, merge=merge, document=format_ == "json", fail_on_gate=fail_on_gate
    )


main = aggregate_scores


class _Aggregate:
    """One run: side inputs read, reviews folded, records written."""

    def __init__(
        self,
        run: Run,
        config: Any,
        cases_path: str,
        roster_path: str | None,
        adjudications_path: str | None = None,
        follow_ups_path: str | None = None,
    ) -> None:
        from capeval.scores.aggregate import Aggregation

        self.run = run
        self.config = config
        self._looks: dict[str, str] = {}  # what a reviewer id looks like -> the first id
        # case_id -> the hash of what its reviewers saw (adjudication.stale)
        self._case_hashes: dict[str, str] = {}
        cases, refused = self._read_cases(cases_path)
        roster = self._read_roster(roster_path) if roster_path is not None else None
        adjudications = None
        if adjudications_path is not None:
            adjudications = self._read_adjudications(adjudications_path, cases, roster or {})
        self.aggregation = Aggregation(config, cases, roster, refused, adjudications)
        # (case_id, finding code) -> its follow-up record (None: no --follow-ups)
        self.follow_ups = None
        if follow_ups_path is not None:
            self.follow_ups = self._read_follow_ups(follow_ups_path)
        run.counts.update({"counted": 0, "uncounted": 0, "skipped": 0, "invalid": 0})

    # -- side inputs -------------------------------------------------------------------------
    def _read_cases(self, path: str) -> tuple[list[Any], list[Any]]:
        from capeval.review_records import case_from_record, case_problems
        from capeval.scores.aggregate import RefusedCase

        accepted: dict[str, Any] = {}
        refused: list[Any] = []
        seen: set[str] = set()
        for line_no, raw, record in self.run.side_records(path):
            case_id = case_id_of(record)
            problems = case_problems(record, self.config) or secret_problems(record, raw)
            if case_id is not None and not problems and case_id in seen:
                problems = [Problem("id.duplicate", "/case_id", f"case {case_id} already read")]
            self.run.emit_problems(problems, record, line=line_no, file=path)
            if problems and problems[0].code == "id.duplicate":
                continue  # the first one is the case
            if case_id is not None:
                seen.add(case_id)
            if not problems:
                accepted[case_id] = case_from_record(record)
                self._case_hashes[case_id] = case_sha256(record)
                continue
            synthetic = record.get("synthetic")
            refused.append(
                RefusedCase(
                    synthetic=synthetic if isinstance(synthetic, bool) else None,
                    dataset_consent_ref=bool(record.get("dataset_consent_ref")),
                )
            )
        return list(accepted.values()), refused

    def _read_roster(self, path: str) -> dict[str, Any]:
        from capeval.review_records import read_roster, roster_entry_from_record

        entries = read_roster(self.run, path)
        return {key: roster_entry_from_record(record) for key, (_line, record) in entries.items()}

    def _read_adjudications(
        self, path: str, cases: list[Any], roster: dict[str, Any]
    ) -> dict[str, list[Any]]:
        """case_id -> its usable adjudications (scores/adjudicate.py); the rest diagnostics."""
        from capeval import schemas
        from capeval.scores.adjudicate import adjudication_from_record, adjudication_problems

        by_id = {case.case_id: case for case in cases}
        usable: dict[str, list[Any]] = {case.case_id: [] for case in cases}
        seen: set[tuple[str, str | None]] = set()
        tally = {"read": 0, "usable": 0, "skipped": 0, "invalid": 0}
        for line_no, raw, record in self.run.side_records(path):
            tally["read"] += 1
            case_id = case_id_of(record)
            shape = schemas.problem("adjudication", record)
            problems = [shape] if shape is not None else secret_problems(record, raw)
            if not problems and case_id not in by_id:
                # as with reviews: one adjudications file may serve several case files
                tally["skipped"] += 1
                continue
            if not problems:
                key = (case_id, record.get("criterion"))
                problems = adjudication_problems(
                    record, self.config, by_id[case_id].criteria, self._case_hashes[case_id], roster
                )
                if not problems and key in seen:
                    what = record.get("criterion") or "the whole case"
                    problems = [
                        Problem(
                            "adjudication.duplicate",
                            "/case_id",
                            f"{what} of {case_id} is already adjudicated (the first counts)",
                        )
                    ]
                if not problems:
                    seen.add(key)
            if problems:
                self.run.emit_problems(problems, record, line=line_no, file=path)
                tally["invalid"] += 1
                continue
            tally["usable"] += 1
            usable[case_id].append(adjudication_from_record(record))
        self.run.summary_extra.append(
            f"adjudications: {tally['read']} read, {tally['usable']} usable, "
            f"{tally['skipped']} skipped, {tally['invalid']} invalid"
        )
        return usable

    def _read_follow_ups(self, path: str) -> dict[tuple[str, str], dict[str, Any]]:
        """(case_id, finding) -> the follow-up to show; the rest diagnostics or skipped."""
        from capeval import schemas

        usable: dict[tuple[str, str], dict[str, Any]] = {}
        tally = {"read": 0, "usable": 0, "skipped": 0, "invalid": 0}
        for line_no, raw, record in self.run.side_records(path):
            tally["read"] += 1
            shape = schemas.problem("follow-up", record)
            problems = [shape] if shape is not None else secret_problems(record, raw)
            if not problems and record["case_id"] not in self._case_hashes:
                tally["skipped"] += 1  # a follow-up of another case file
                continue
            if not problems:
                key = (record["case_id"], record["finding"])
                recorded = record.get(CASE_HASH_FIELD)
                if key in usable:
                    problems = [
                        Problem(
                            "follow_up.duplicate",
                            "/finding",
                            f"finding {key[1]} of {key[0]} already has a follow-up (the first "
                            "counts)",
                        )
                    ]
                elif recorded is not None and recorded != self._case_hashes[key[0]]:
                    problems = [
                        Problem(
                            "follow_up.stale",
                            pointer(CASE_HASH_FIELD),
                            f"case {key[0]} has been revised since this follow-up: it is "
                            "superseded and not shown",
                        )
                    ]
            if problems:
                self.run.emit_problems(problems, record, line=line_no, file=path)
                tally["invalid"] += 1
                continue
            tally["usable"] += 1
            usable[key] = record
        self.run.summary_extra.append(
            f"follow-ups: {tally['read']} read, {tally['usable']} usable, "
            f"{tally['skipped']} skipped, {tally['invalid']} invalid"
        )
        return usable

    # -- the reviews -------------------------------------------------------------------------
    def fold_reviews(
        self, *, partial: bool, merge: bool, document: bool, fail_on_gate: bool
    ) -> None:
        """Read every review (or partial), fold it in, then write the records of the run."""
        if partial:  # (the map step's records: loaded for --partial only)
            from capeval.scores.partial import partial_review, partial_skipped

        write = self.run.out.write_record
        # A stale review (its case was revised since) is judged once every review is read:
        # superseded when the same reviewer re-reviewed the revised case, else an error.
        self._stale_reviews: list[tuple[str, int, dict[str, Any]]] | None = (
            None if partial or merge else []
        )
        for line_no, raw, record in self.run.records():
            review = self._read_one(record, raw, line_no, merge)
            if review is not None and self._add(review, line_no) and partial:
                write(partial_review(review))
        self._judge_stale_reviews()
        if partial:
            write(partial_skipped(self.aggregation.skipped_reviews))
            return
        self._write_result(document, fail_on_gate)

    def _read_one(self, record: dict[str, Any], raw: bytes, line_no: int, merge: bool) -> Any:
        """The review a line holds, or None (skipped, or reported as invalid)."""
        from capeval.review_records import review_from_record, review_problems

        counts = self.run.counts
        if merge:
            from capeval.scores.partial import read_partial

            review, skipped, problems = read_partial(record, self.config)
            if review is None and not problems:
                self.aggregation.skip(skipped)
                counts["skipped"] += skipped
                return None
        else:
            problems = review_problems(record, self.config, partial=False)
            # A review of another case file is skipped once its shape is known, before its
            # contract is checked: one scores file may serve several case files.
            if _has_review_shape(problems) and record["case_id"] not in self.aggregation.case_ids:
                self.aggregation.skip(1)
                counts["skipped"] += 1
                return None
            if not problems:
                problems = self._stale(record) or secret_problems(record, raw)
                if (
                    problems
                    and problems[0].code == "review.stale"
                    and self._stale_reviews is not None
                ):
                    self._stale_reviews.append((self.run.file, line_no, record))
                    return None
            review = None if problems else review_from_record(record)
        if problems:
            self.run.emit_problems(problems, record, line=line_no)
            counts["invalid"] += 1
        return review

    def _judge_stale_reviews(self) -> None:
        """``review.superseded`` (a warning) for a stale review whose reviewer re-reviewed
        the revised case in this run; ``review.stale`` (an error) for the others."""
        for file, line_no, record in self._stale_reviews or ():
            entry = self.aggregation.case_ids[record["case_id"]]
            if record["reviewer_id"] in entry.reviews:
                problem = Problem(
                    "review.superseded",
                    pointer(CASE_HASH_FIELD),
                    f"review of an earlier version of case {record['case_id']}, superseded by "
                    f"{record['reviewer_id']}'s review of the revised case",
                )
                self.run.count("superseded")
            else:
                problem = self._stale(record)[0]
                self.run.counts["invalid"] += 1
            self.run.emit_problems([problem], record, line=line_no, file=file)

    def _stale(self, record: dict[str, Any]) -> list[Problem]:
        """``review.stale`` when the review's case_sha256 is not its case's hash now: scores
        given to an earlier version of a case are never aggregated silently."""
        recorded = record.get(CASE_HASH_FIELD)
        if recorded is None or recorded == self._case_hashes[record["case_id"]]:
            return []
        message = (
            f"case {record['case_id']} has changed since it was reviewed (case_sha256 "
            "differs): review not counted"
        )
        return [Problem("review.stale", pointer(CASE_HASH_FIELD), message)]

    def _add(self, review: Any, line_no: int) -> bool:
        """Fold one review in; True when it counts (counted or uncounted)."""
        from capeval.review_records import reviewer_look
        from capeval.scores import aggregate as agg

        run = self.run
        look = reviewer_look(review.reviewer_id)
        first = self._looks.setdefault(look, review.reviewer_id)
        if first != review.reviewer_id:
            run.diag.emit(
                "review.lookalike",
                f"reviewer id {review.reviewer_id!r} looks like {first!r} (Unicode variants, "
                "case, blanks or invisible characters): one person is one reviewer; not counted",
                file=run.file,
                line=line_no,
                case_id=review.case_id,
            )
            run.counts["invalid"] += 1
            return False
        outcome = self.aggregation.add(review)
        if outcome == agg.DUPLICATE:
            run.diag.emit(
                "review.duplicate",
                f"reviewer {review.reviewer_id} already reviewed this case; the first counts",
                file=run.file,
                line=line_no,
                case_id=review.case_id,
            )
            run.counts["invalid"] += 1
            return False
        if outcome == agg.SKIPPED:
            run.counts["skipped"] += 1
            return False
        run.counts[outcome] += 1
        return True

    def _write_result(self, document: bool, fail_on_gate: bool) -> None:
        """The verdicts, findings and run summary (or the --format json document)."""
        run = self.run
        result = self.aggregation.finish()
        if self.follow_ups is not None:
            _apply_follow_ups(result, self.follow_ups)
        if document:
            from capeval.jsonl import dumps

            run.out.write_bytes(dumps(result.document()))
        else:
            for record in result.records():
                run.out.write_record(record)
        summary = result.summary
        counted_statuses = ", ".join(
            f"{summary['counts'][status]} {status}" for status in (*STATUSES, "no_verdict")
        )
        run.summary_extra.append(f"cases: {counted_statuses}")
        gate = summary["gate"]
        run.summary_extra.append(
            "gate can close"
            if gate["can_close"]
            else f"gate closed ({', '.join(gate['blockers'])})"
        )
        if fail_on_gate and not gate["can_close"]:
            run.failed = True


def _apply_follow_ups(result: Any, follow_ups: dict[tuple[str, str], dict[str, Any]]) -> None:
    """Each finding with a follow-up carries it; the summary counts findings by follow-up
    status (``none``: no follow-up yet)."""
    tally = dict.fromkeys(FOLLOW_UP_COUNTS, 0)
    for finding in result.findings:
        follow_up = follow_ups.get((finding["case_id"], finding["code"]))
        if follow_up is None:
            tally["none"] += 1
            continue
        finding["follow_up"] = {key: follow_up[key] for key in FOLLOW_UP_FIELDS if key in follow_up}
        tally[follow_up["status"]] += 1
    result.summary["follow_ups"] = tally


def _has_review_shape(problems: list[Any]) -> bool:
    return not any(problem.code.startswith("schema.") for problem in problems)
