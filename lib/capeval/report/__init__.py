"""cap-render-report: the sink that renders a record stream for people and for CI.

Glue only: ``inputs`` reads the stream and the side files, ``views`` computes the view model,
one writer per format in ``formats`` turns it into a document — Markdown (default), a
self-contained HTML page, GitHub annotations, SARIF 2.1.0, JUnit XML, reviewdog's rdjson /
rdjsonl — or a user's Jinja2 ``--template`` renders it. The regression gate (``--fail-on``)
sets the exit status; waivers (``--waivers``) mark known failures in every format.
"""

# Annotations evaluated as the module loads (no __future__ import): Typer reads the
# options' at start-up, and strings would be compiled again (capeval.cli).

import datetime
from typing import Annotated, Any

import typer

from capeval.cli import (
    CandidatesOption,
    ConfigOption,
    RosterOption,
    Run,
    UsageError,
    filter_command,
)
from capeval.paths import READS
from capeval.report import formats
from capeval.secrets import redact

TOOL = "cap-render-report"
DEFAULT_MAX_FAILURES = 1000


def _option(flag: str, help_text: str, metavar: str = "FILE") -> Any:
    return typer.Option(flag, metavar=metavar, help=help_text)


ManifestOption = Annotated[
    str | None, _option("--manifest", "Review reports: the dataset manifest."), READS
]

CasesOption = Annotated[
    str | None,
    _option("--cases", "The cases (rates by domain and tag, file/line locations, sources)."),
    READS,
]

BaselineOption = Annotated[
    str | None,
    _option("--baseline", "Results reports: previous results (regressions, fixes)."),
    READS,
]

BaselineCandidatesOption = Annotated[
    str | None,
    _option(
        "--baseline-candidates",
        "Results reports: the baseline run's candidates (a regression's drill-down shows "
        "what changed in its translation).",
    ),
    READS,
]

WaiversOption = Annotated[
    str | None, _option("--waivers", "Results reports: waiver records (known failures)."), READS
]

CompletenessOption = Annotated[
    str | None,
    _option(
        "--completeness",
        "Results reports: cap-import's completeness records (translated % per target "
        "locale, shown apart from the defects).",
    ),
    READS,
]

RootOption = Annotated[
    str | None,
    _option(
        "--root",
        "Show the catalog paths of imported cases relative to DIR, the repository root "
        "(default: the working directory).",
        "DIR",
    ),
]

TodayOption = Annotated[
    str | None,
    _option(
        "--today",
        "The date of the report: waivers expire against it (default: today, UTC); a review "
        "report's sign-off states it (default: not stated).",
        "DATE",
    ),
]

ReviewsOption = Annotated[
    str | None,
    _option(
        "--reviews",
        "Review reports: the review records (each reviewer's scores, flags and notes in the "
        "case drill-down).",
    ),
    READS,
]

OutputFormatOption = Annotated[
    str | None,
    _option("--format", f"Output: {', '.join(formats.NAMES)} (default markdown).", "NAME"),
]

HtmlOption = Annotated[bool, typer.Option("--html", help="Same as --format html.")]

GithubOption = Annotated[bool, typer.Option("--github", help="Same as --format github.")]

TemplateOption = Annotated[
    str | None, _option("--template", "Render this Jinja2 template instead.", "PATH"), READS
]

MaxFailuresOption = Annotated[
    int,
    typer.Option(
        "--max-failures", metavar="N", min=0, help="Documents: rows per long section (0: all)."
    ),
]

MaxBytesOption = Annotated[
    int | None,
    typer.Option(
        "--max-bytes",
        metavar="N",
        min=0,
        help="Documents: cut long sections until the text fits N bytes "
        "(default: just under 1 MiB for Markdown, none for HTML; 0: none).",
    ),
]

FailOnOption = Annotated[
    str | None,
    _option(
        "--fail-on",
        "Results reports: exit 1 on regression, hard or any unwaived failure, or none "
        "(default: regression with --baseline, else none).",
        "WHAT",
    ),
]


@filter_command(TOOL)
def render_report(
    run: Run,
    manifest: ManifestOption = None,
    roster: RosterOption = None,
    config: ConfigOption = None,
    reviews: ReviewsOption = None,
    cases: CasesOption = None,
    candidates: CandidatesOption = None,
    baseline: BaselineOption = None,
    baseline_candidates: BaselineCandidatesOption = None,
    waivers: WaiversOption = None,
    completeness: CompletenessOption = None,
    today: TodayOption = None,
    output_format: OutputFormatOption = None,
    html: HtmlOption = False,
    github: GithubOption = False,
    template: TemplateOption = None,
    max_failures: MaxFailuresOption = DEFAULT_MAX_FAILURES,
    max_bytes: MaxBytesOption = None,
    fail_on: FailOnOption = None,
    root: RootOption = None,
) -> None:
    """Render the records of cap-aggregate-scores or cap-check for people and for CI.

    Reads case_verdict/finding/run_summary records (a review report: the gate first, scope,
    evidence, roster, per-case status, criteria and agreement, findings, sign-off) or
    AssertionResults (the verdict first, regressions against --baseline, pass rates by
    assertion, code, system, domain and tag, failing results with evidence). Writes Markdown,
    HTML, GitHub annotations, SARIF, JUnit, rdjson/rdjsonl, or a --template.

    \b
    Example:  cap-check --candidates c.jsonl < cases.jsonl | cap-render-report --format sarif
    """
    from capeval.report import inputs

    name = _format_name(output_format, html, github, template)
    writer = formats.writer(name)
    gate = _fail_on(fail_on, baseline)
    if baseline_candidates is not None and baseline is None:
        raise UsageError("--baseline-candidates needs --baseline (a regression against what?)")
    machine = template is None and not writer.DOCUMENT
    # every value shown is redacted as read, before any format escapes it (Markdown's ghp\_);
    # for CI logs, controls and bidi overrides are shown as \u escapes too
    run.shown = shown_values(visible=machine)
    if not machine:
        run.digests = {}  # a review report's sign-off names its inputs by their SHA-256
    context = _context(name, cases, candidates, waivers, max_failures, max_bytes)
    # a machine format is handed each result as it is read and spools it (bounded memory)
    sink = writer.Writer(context) if machine else None
    side = inputs.read_side_files(
        run,
        manifest=manifest,
        roster=roster,
        cases=cases,
        candidates=candidates,
        baseline=baseline,
        waivers=waivers,
        today=_today(today),
        root=root,
        reviews=reviews,
        baseline_candidates=baseline_candidates,
    )
    stream = inputs.Stream(
        run,
        side,
        # machine formats carry every failing result; a document lists the first N
        keep_failures=0 if machine else max_failures,
        keep_passes=template is None and writer.PASSES,
        drill_down=not machine and (cases is not None or candidates is not None),
        # a document lists the most important failures, one row per cause
        rank=not machine,
        sink=sink,
    )
    stream.read()
    if stream.kind is None or not run.counts["rendered"]:
        # no usable record: a run that checked nothing is no clean run (an earlier stage of
        # the pipeline may have failed): the document says so, and the exit status is 1
        run.summary_extra.append("nothing to render: no records")
        run.failed = True
        if name == "markdown" and template is None:
            run.out.write_bytes(_EMPTY_MARKDOWN.encode("utf-8"))
        return
    given = {
        "--manifest": manifest,
        "--roster": roster,
        "--config": config,
        "--reviews": reviews,
        "--candidates": candidates,
        "--baseline": baseline,
        "--baseline-candidates": baseline_candidates,
        "--waivers": waivers,
        "--fail-on": fail_on,
        "--completeness": completeness,
    }
    _check_options(stream.kind, name, template, given)
    view = _view(run, stream, side, config, manifest, roster, cases, baseline, gate, today)
    if stream.kind == inputs.RESULTS:
        view["completeness"] = None
        if completeness is not None:
            from capeval.report.views.completeness import completeness_view

            records = inputs.read_completeness(run, completeness)
            view["completeness"] = completeness_view(records, completeness)
    if sink is not None and stream.kind == inputs.RESULTS:
        sink.finish(view, run.out.write_bytes)  # each entry redacted as it was spooled
    else:
        document = _render(name, template, view, context)
        # a credential in records made elsewhere is not shown (cap-check's results are
        # redacted already); by format only, since a report is full of ids and digests
        document = redact(document, entropy=False)  # (the records' values were, as read)
        run.out.write_bytes(document.encode("utf-8"))
    shown = f"template {template}" if template else writer.TITLE
    run.summary_extra.append(f"{stream.kind} report ({shown})")
    if stream.kind == inputs.RESULTS:
        _waiver_diagnostics(run, view, waivers)
        if view["verdict"]["failed"]:
            run.summary_extra.append(view["verdict"]["outcome"])
            run.failed = True


main = render_report


def shown_values(visible: bool) -> Any:
    """How a line's record is shown (``Run.shown``): credentials redacted and, with
    ``visible``, invisible and control characters (ESC, U+202E…) written as ``\\u`` escapes;
    a few byte scans of the raw line first, most lines needing neither."""
    from capeval.secrets import may_contain_secret, redact_values

    if visible:  # (a document escapes as it renders: render is imported when it renders)
        from capeval.report.render import visible as visible_text

    def show(item: Any) -> Any:
        raw, record = item[-2], item[-1]
        changed = record
        if may_contain_secret(raw):
            changed = redact_values(changed)
        if visible and not (raw.isascii() and b"\\u" not in raw):
            changed = _map_strings(changed, visible_text)
        return item if changed is record else (*item[:-1], changed)

    return show


def _map_strings(node: Any, function: Any) -> Any:
    if isinstance(node, str):
        return function(node)
    if isinstance(node, dict):
        return {_map_strings(k, function): _map_strings(v, function) for k, v in node.items()}
    if isinstance(node, list):
        return [_map_strings(v, function) for v in node]
    return node


_EMPTY_MARKDOWN = (
    "# capeval report\n\nNo records to report: the input held no result or aggregation "
    "record. Did an earlier stage of the pipeline fail?\n"
)


def _format_name(output_format: str | None, html: bool, github: bool, template: str | None) -> str:
    chosen = [
        flag
        for flag, on in (
            (f"--format {output_format}", output_format is not None),
            ("--html", html),
            ("--github", github),
            ("--template", template is not None),
        )
        if on
    ]
    if len(chosen) > 1:
        raise UsageError(f"{' and '.join(chosen)} exclude each other: choose one output")
    if output_format is not None and output_format not in formats.NAMES:
        raise UsageError(f"--format {output_format}: unknown; formats: {', '.join(formats.NAMES)}")
    return output_format or ("html" if html else "github" if github else "markdown")


def _fail_on(fail_on: str | None, baseline: str | None) -> str:
    from capeval.report.views.common import FAIL_ON

    if fail_on is None:
        return "regression" if baseline is not None else "none"
    if fail_on not in FAIL_ON:
        raise UsageError(f"--fail-on {fail_on}: choose one of {', '.join(FAIL_ON)}")
    if fail_on == "regression" and baseline is None:
        raise UsageError("--fail-on regression needs --baseline (what got worse than what?)")
    return fail_on


def _today(text: str | None) -> datetime.date:
    if text is None:
        return datetime.datetime.now(datetime.UTC).date()
    from capeval.report.waivers import parse_date

    date = parse_date(text)
    if date is None:
        raise UsageError(f"--today {text}: not a YYYY-MM-DD date")
    return date


def _check_options(
    kind: str, name: str, template: str | None, given: dict[str, str | None]
) -> None:
    """Options of the other kind of report, and formats this stream has no writer for."""
    from capeval.report import inputs

    review_only = ("--manifest", "--roster", "--config", "--reviews")
    results_only = (
        "--candidates",
        "--baseline",
        "--baseline-candidates",
        "--waivers",
        "--fail-on",
        "--completeness",
    )
    if kind == inputs.RESULTS:
        wrong = [flag for flag in review_only if given[flag] is not None]
        what = "for review reports; this stream holds AssertionResults"
    else:
        wrong = [flag for flag in results_only if given[flag] is not None]
        what = "for results reports; this stream holds cap-aggregate-scores records"
    if wrong:
        raise UsageError(f"{', '.join(wrong)}: {what}")
    if template is None and kind not in formats.writer(name).STREAMS:
        raise UsageError(f"--format {name} renders AssertionResults, not a review stream")


def _view(
    run: Run,
    stream: Any,
    side: Any,
    config: str | None,
    manifest: str | None,
    roster: str | None,
    cases: str | None,
    baseline: str | None,
    gate: str,
    today: str | None = None,
) -> dict[str, Any]:
    from capeval.report import inputs

    if stream.kind == inputs.RESULTS:
        return stream.results.view(cases_path=cases, baseline_path=baseline, fail_on=gate)
    from capeval.report.views.review import review_view

    view = review_view(
        stream.review,
        manifest=side.manifest,
        manifest_path=manifest,
        roster=side.roster,
        roster_path=roster,
        config=run.review_config(config) if config is not None else None,
        case_lines=None
        if side.cases is None
        else {case_id: info.line for case_id, info in side.cases.items()},
        case_texts=None
        if side.cases is None
        else {case_id: info.texts for case_id, info in side.cases.items()},
        reviews=side.reviews,
        run_identity=_run_identity(run, config, today),
    )
    if not view["complete"]:
        # a truncated stream (no diagnostic code fits a missing line): a run-level failure
        run.summary_extra.append("incomplete: no run_summary (truncated stream?)")
        run.failed = True
    return view


def _run_identity(run: Run, config: str | None, today: str | None) -> dict[str, Any]:
    """What a sign-off names its run by: each input's SHA-256 (as read, in reading order:
    the side files, then the stream), the tool and its version, and the date given with
    ``--today`` (none by default: the same inputs give the same report)."""
    from capeval import __version__
    from capeval.records import sha256  # CPython's own: hashlib would load OpenSSL

    digests = dict(run.digests or {})
    if config is not None:
        try:
            with open(config, "rb") as handle:
                digest = sha256(b"")
                while block := handle.read(1 << 16):
                    digest.update(block)
                digests[config] = digest.hexdigest()
        except OSError:  # read once already (run.review_config): a file gone since
            pass
    return {
        "inputs": [{"name": name, "sha256": digest} for name, digest in digests.items()],
        "tool": TOOL,
        "version": __version__,
        "date": today and _today(today).isoformat(),
    }


def _context(
    name: str,
    cases: str | None,
    candidates: str | None,
    waivers: str | None,
    max_failures: int,
    max_bytes: int | None,
) -> formats.Context:
    from capeval import __version__

    return formats.Context(
        cases_path=cases,
        candidates_path=candidates,
        waivers_path=waivers,
        max_bytes=formats.writer(name).MAX_BYTES if max_bytes is None else max_bytes,
        max_rows=max_failures,
        version=__version__,
        clean=_redact_by_format,
    )


def _redact_by_format(text: str) -> str:
    # an entry comes once: caching its verdict would only fill the cache (bounded, but with
    # thousands of entries of a few KB each)
    return redact(text, entropy=False, cache=False)


def _render(name: str, template: str | None, view: dict[str, Any], context: Any) -> str:
    from capeval.report import render

    if template is not None:
        try:
            return render.render_user_template(template, view)
        except render.TemplateProblem as exc:
            raise UsageError(str(exc)) from None
    return formats.writer(name).render(view, context)


def _waiver_diagnostics(run: Run, view: dict[str, Any], path: str | None) -> None:
    """Expired and unused waivers are warnings on stderr too (CI logs show them)."""
    for finding in view["waiver_findings"]:
        run.diag.emit(
            finding["code"],
            finding["message"],
            file=path,
            line=finding["line"],
            case_id=finding["case_id"],
        )
