"""cap-render-report: the sink that renders a record stream for people.

The stream's kind is recognised from its records: ``kind`` ``case_verdict`` / ``finding`` /
``run_summary`` is the output of ``cap-aggregate-scores`` (a review report), ``assertion`` +
``passed`` an AssertionResult of ``cap-check`` (a results report). The first recognised record
decides; a record of the other kind later on is a usage error (exit 2, nothing written), since
one report cannot honestly describe two different runs.

Glue only: ``views`` computes the view model from the records, ``render`` turns it into
Markdown (default), a self-contained HTML page (``--html``), GitHub annotation lines
(``--github``) or a user's Jinja2 template (``--template``). Jinja2 is imported only when
there is something to render.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from capeval.cli import Run, UsageError, filter_command
from capeval.records import STATUSES, Problem, result_key

TOOL = "cap-render-report"
AGGREGATION_KINDS = ("case_verdict", "finding", "reviewer_agreement", "run_summary")
REVIEW, RESULTS = "review", "results"
DEFAULT_MAX_FAILURES = 1000

_TYPE_NAMES = {str: "string", dict: "object", list: "array", bool: "boolean"}
# What the report reads of each cap-aggregate-scores record: field, type.
_AGGREGATION_FIELDS: dict[str, tuple[tuple[str, type], ...]] = {
    "case_verdict": (
        ("case_id", str),
        ("profile", str),
        ("status", str),
        ("criteria", dict),
        ("blocking_flags", list),
        ("reviewers", list),
        ("reasons", list),
    ),
    "finding": (("case_id", str), ("code", str), ("blocking", bool), ("detail", str)),
    "reviewer_agreement": (("reviewer_id", str), ("pairs", dict), ("outlier", bool)),
    "run_summary": (
        ("separate_from_cap_conformance", bool),
        ("synthetic_only", bool),
        ("external_expert_validation", bool),
        ("evidence_tier", str),
        ("counts", dict),
        ("criteria", dict),
        ("gate", dict),
    ),
}


@filter_command(TOOL)
def render_report(
    run: Run,
    manifest: Annotated[
        str | None,
        typer.Option(
            "--manifest",
            metavar="FILE",
            help="Review reports: the dataset manifest (cap-validate --manifest).",
        ),
    ] = None,
    roster: Annotated[
        str | None,
        typer.Option("--roster", metavar="FILE", help="Review reports: the reviewer roster."),
    ] = None,
    config: Annotated[
        str | None,
        typer.Option(
            "--config",
            metavar="FILE",
            help="Review reports: the aggregation's YAML configuration (thresholds shown).",
        ),
    ] = None,
    cases: Annotated[
        str | None,
        typer.Option(
            "--cases",
            metavar="FILE",
            help="Results reports: the EvalCase v1 cases, for pass rates by domain and tag.",
        ),
    ] = None,
    baseline: Annotated[
        str | None,
        typer.Option(
            "--baseline",
            metavar="FILE",
            help="Results reports: previous results; list regressions, fixes, unchanged failures.",
        ),
    ] = None,
    html: Annotated[
        bool, typer.Option("--html", help="A self-contained HTML page with inline SVG charts.")
    ] = False,
    github: Annotated[
        bool,
        typer.Option("--github", help="GitHub Actions ::error/::warning lines instead."),
    ] = False,
    template: Annotated[
        str | None,
        typer.Option("--template", metavar="PATH", help="Render this Jinja2 template instead."),
    ] = None,
    max_failures: Annotated[
        int,
        typer.Option(
            "--max-failures",
            metavar="N",
            min=0,
            help="Results reports: list at most N failing results (0: all).",
        ),
    ] = DEFAULT_MAX_FAILURES,
) -> None:
    """Render the records of cap-aggregate-scores or cap-check as a report for people.

    Reads case_verdict/finding/run_summary records (a review report: scope and boundary,
    evidence tier and manifest, roster, per-case status, criteria and agreement, findings,
    sign-off) or AssertionResults (pass rates by assertion, code and system, failing results
    with evidence, regressions against --baseline). Writes Markdown, or --html, --github lines
    or a --template.

    \b
    Example:  cap-aggregate-scores --cases cases.jsonl < reviews.jsonl | cap-render-report
    """
    chosen = [
        name
        for name, on in (("--html", html), ("--github", github), ("--template", template))
        if on
    ]
    if len(chosen) > 1:
        raise UsageError(f"{' and '.join(chosen)} exclude each other: choose one output")
    settings = _settings(run, config) if config is not None else None
    side = _SideInputs(run)
    manifest_entries = side.manifest(manifest) if manifest is not None else None
    roster_entries = side.roster(roster) if roster is not None else None
    case_infos = side.cases(cases) if cases is not None else None
    baseline_entries = side.baseline(baseline) if baseline is not None else None

    # --github annotates every failing result; a document lists the first --max-failures
    keep_failures = 0 if github else max_failures
    stream = _Stream(run, case_infos, baseline_entries, keep_failures)
    stream.read()
    if stream.kind is None or not run.counts["rendered"]:
        # no usable record: no document (an empty report would look like a clean run)
        run.summary_extra.append("nothing to render")
        return
    review_only = [
        n
        for n, v in (("--manifest", manifest), ("--roster", roster), ("--config", config))
        if v is not None
    ]
    results_only = [n for n, v in (("--cases", cases), ("--baseline", baseline)) if v is not None]
    if stream.kind == RESULTS and review_only:
        raise UsageError(
            f"{', '.join(review_only)}: for review reports; this stream holds AssertionResults"
        )
    if stream.kind == REVIEW and results_only:
        raise UsageError(
            f"{', '.join(results_only)}: for results reports; this stream holds "
            "cap-aggregate-scores records"
        )

    from capeval.report import render, views

    if stream.kind == REVIEW:
        view = views.review_view(
            stream.review,
            manifest=manifest_entries,
            manifest_path=manifest,
            roster=roster_entries,
            roster_path=roster,
            settings=settings,
        )
        if not view["complete"]:
            # a truncated stream (no diagnostic code fits a missing line): a run-level failure
            run.summary_extra.append("incomplete: no run_summary (truncated stream?)")
            run.failed = True
    else:
        view = stream.results.view(cases_path=cases, baseline_path=baseline)

    if github:
        if stream.kind == REVIEW:
            document = render.review_annotations(view)
        else:
            lines = {case_id: info.line for case_id, info in (case_infos or {}).items()}
            document = render.results_annotations(
                stream.results.failures, lines if case_infos is not None else None, cases
            )
        output = "github annotations"
    else:
        try:
            if template is not None:
                document = render.render_user_template(template, view)
                output = f"template {template}"
            else:
                name = f"{stream.kind}.{'html' if html else 'md'}.j2"
                document = render.render_builtin(name, view)
                output = "HTML" if html else "Markdown"
        except render.TemplateProblem as exc:
            raise UsageError(str(exc)) from None
    run.out.write_bytes(document.encode("utf-8"))
    run.summary_extra.append(f"{stream.kind} report ({output})")


main = render_report


def _settings(run: Run, path: str) -> Any:
    """The thresholds of the aggregation's configuration, to explain them in the report."""
    from capeval.report.views import ReviewSettings

    loaded = run.review_config(path)
    return ReviewSettings(
        pass_threshold=loaded.pass_threshold,
        min_reviewers=loaded.min_reviewers,
        disagreement_spread=loaded.disagreement_spread,
        score_range=loaded.score_range,
        outlier_deviation=loaded.outlier_deviation,
        from_config=True,
    )


class _Stream:
    """The main input: each record recognised, checked and folded into its tally."""

    def __init__(self, run: Run, cases: Any, baseline: Any, keep_failures: int) -> None:
        self.run = run
        self._keep_failures = keep_failures
        self.kind: str | None = None
        self._first: str = ""
        self._cases = cases
        self._baseline = baseline
        self.review: Any = None
        self.results: Any = None
        self._seen: set[Any] = set()
        run.counts.update({"rendered": 0, "invalid": 0})

    def read(self) -> None:
        run = self.run
        for line_no, _raw, record in run.records():
            kind, problem = _recognise(record)
            if kind is None:
                run.emit_problems([Problem("kind.unknown", None, problem)], record, line=line_no)
                run.counts["invalid"] += 1
                continue
            if self.kind is None:
                self._start(kind, line_no)
            elif kind != self.kind:
                raise UsageError(
                    f"{run.file}:{line_no}: {_describe(kind)} in a stream of {_describe(self.kind)}"
                    f" (first at {self._first}): render each stream separately"
                )
            problems = self._problems(record)
            if problems:
                run.emit_problems(problems, record, line=line_no)
                run.counts["invalid"] += 1
                continue
            if kind == REVIEW:
                self.review.add(record)
            else:
                self.results.add(record)
            run.counts["rendered"] += 1

    def _start(self, kind: str, line_no: int) -> None:
        from capeval.report import views

        self.kind = kind
        self._first = f"{self.run.file}:{line_no}"
        if kind == REVIEW:
            self.review = views.ReviewTally()
        else:
            self.results = views.ResultsTally(self._cases, self._baseline, self._keep_failures)

    def _problems(self, record: dict[str, Any]) -> list[Problem]:
        if self.kind == RESULTS:
            problem = _result_problem(record)
            if problem is not None:
                return [problem]
            key = result_key(record)
            if key in self._seen:
                return [Problem("id.duplicate", "/", _duplicate_result(key))]
            self._seen.add(key)
            return []
        problems = _aggregation_problems(record)
        if problems:
            return problems
        kind = record["kind"]
        if kind == "run_summary":
            if self.review.summary is not None:
                return [
                    Problem(
                        "id.duplicate",
                        "/kind",
                        "a second run_summary: the stream holds several runs; render each "
                        "run separately (the first counts)",
                    )
                ]
        elif kind == "case_verdict":
            key = ("case_verdict", record["case_id"])
            if key in self._seen:
                return [
                    Problem(
                        "id.duplicate",
                        "/case_id",
                        f"a second case_verdict for {record['case_id']} (the first counts)",
                    )
                ]
            self._seen.add(key)
        return []


def _recognise(record: dict[str, Any]) -> tuple[str | None, str]:
    """(stream kind, "") or (None, why the record is not renderable)."""
    kind = record.get("kind")
    if kind in AGGREGATION_KINDS:
        return REVIEW, ""
    if kind == "partial":
        return None, (
            "a partial record of cap-aggregate-scores --partial: merge the shards first "
            "(cap-aggregate-scores --merge) and render the merged stream"
        )
    if kind is None and "assertion" in record and "passed" in record:
        return RESULTS, ""
    if "separate_from_cap_conformance" in record and "cases" in record:
        return None, (
            "a cap-aggregate-scores --format json document: render the JSON Lines stream "
            "(without --format json)"
        )
    what = f"kind {kind!r}" if kind is not None else "no kind"
    return None, (
        f"not a cap-aggregate-scores record (kind case_verdict, finding or run_summary) "
        f"nor an AssertionResult (assertion + passed): {what}"
    )


def _describe(kind: str) -> str:
    return "cap-aggregate-scores records" if kind == REVIEW else "AssertionResults"


def _duplicate_result(key: Any) -> str:
    case_id, system, assertion = key
    where = "" if system is None else f" and system {system}"
    return f"a second result for assertion {assertion} of this case{where} (the first counts)"


def _shape_problems(record: dict[str, Any], fields: tuple[tuple[str, type], ...]) -> list:
    for name, kind in fields:
        if name not in record:
            return [Problem("schema.required", f"/{name}", "is required")]
        value = record[name]
        if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
            return [Problem("schema.type", f"/{name}", f"must be {_TYPE_NAMES[kind]}")]
    return []


def _aggregation_problems(record: dict[str, Any]) -> list[Problem]:
    kind = record["kind"]
    problems = _shape_problems(record, _AGGREGATION_FIELDS[kind])
    if problems:
        return problems
    if kind == "case_verdict" and record["status"] not in STATUSES:
        return [Problem("schema.enum", "/status", "must be one of " + ", ".join(STATUSES))]
    if kind == "run_summary":
        gate = record["gate"]
        if not isinstance(gate.get("can_close"), bool):
            return [Problem("schema.type", "/gate/can_close", "must be boolean")]
        blockers = gate.get("blockers")
        if not isinstance(blockers, list) or not all(isinstance(b, str) for b in blockers):
            return [Problem("schema.type", "/gate/blockers", "must be an array of strings")]
    return []


def _result_problem(record: dict[str, Any]) -> Problem | None:
    """The first schema problem of an AssertionResult (as cap-validate reports it), or None."""
    from capeval import schemas

    return schemas.problem("result", record)


class _SideInputs:
    """--manifest, --roster, --cases and --baseline: read whole before the stream."""

    def __init__(self, run: Run) -> None:
        self.run = run

    def manifest(self, path: str) -> list[dict[str, Any]]:
        """Manifest entries (cap-validate --manifest), first of each id."""
        entries = self.run.first_of_each(
            path,
            _manifest_problem,
            _by_id,
            lambda key: Problem("id.duplicate", "/id", f"case {key} already listed"),
        )
        return [record for _line, record in entries.values()]

    def roster(self, path: str) -> list[dict[str, Any]]:
        """Roster entries, checked with the roster schema; first of each reviewer_id."""
        entries = self.run.first_of_each(
            path,
            _roster_problem,
            lambda record: record["reviewer_id"],
            lambda key: Problem("id.duplicate", "/reviewer_id", f"reviewer {key} already read"),
        )
        return [record for _line, record in entries.values()]

    def cases(self, path: str) -> dict[str, Any]:
        """case id → domain, tags and line (for pass rates by domain/tag, annotations)."""
        from capeval.report.views import CaseInfo

        entries = self.run.first_of_each(
            path,
            _case_problem,
            _by_id,
            lambda key: Problem("id.duplicate", "/id", f"case {key} already read"),
        )
        return {
            case_id: CaseInfo(
                domain=record.get("domain"),
                tags=tuple(dict.fromkeys(record.get("tags", ()))),
                line=line_no,
            )
            for case_id, (line_no, record) in entries.items()
        }

    def baseline(self, path: str) -> dict[Any, Any]:
        """(case_id, system, assertion) → passed and code of a previous run."""
        from capeval.report.views import BaselineEntry

        entries = self.run.first_of_each(
            path,
            _result_problem,
            result_key,
            lambda key: Problem("id.duplicate", "/", _duplicate_result(key)),
        )
        return {
            key: BaselineEntry(record["passed"], record["code"])
            for key, (_line, record) in entries.items()
        }


def _by_id(record: dict[str, Any]) -> str:
    return record["id"]


def _manifest_problem(record: dict[str, Any]) -> Problem | None:
    problems = _shape_problems(record, (("id", str),))
    if problems:
        return problems[0]
    if not isinstance(record.get("privacy_labels", []), list):
        return Problem("schema.type", "/privacy_labels", "must be array")
    return None


def _roster_problem(record: dict[str, Any]) -> Problem | None:
    from capeval import schemas

    return schemas.problem("roster", record)


def _case_problem(record: dict[str, Any]) -> Problem | None:
    if not isinstance(record.get("id"), str):
        return Problem(
            "schema.required" if "id" not in record else "schema.type",
            "/id",
            "is required" if "id" not in record else "must be string",
        )
    if "domain" in record and not isinstance(record["domain"], str):
        return Problem("schema.type", "/domain", "must be string")
    tags = record.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(tag, str) for tag in tags):
        return Problem("schema.type", "/tags", "must be an array of strings")
    return None
