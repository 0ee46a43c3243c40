"""cap-review-form: quality cases → one self-contained HTML review form for one reviewer.

Glue only: ``view`` decides which cases the reviewer gets (roster assignments; declared
conflicts are left out) and what each shows; ``page`` renders the page (inline style and
script allowed by hash, nothing fetched). Every input line is accounted for: a case in the
form, a case left out (conflicted, unassigned), or a diagnostic.
"""

# Annotations evaluated as the module loads (no __future__ import): Typer reads the
# options' at start-up, and strings would be compiled again (capeval.cli).

from typing import Annotated, Any

import typer

from capeval.cli import Run, UsageError, filter_command
from capeval.paths import READS
from capeval.secrets import redact_values, secret_problems

TOOL = "cap-review-form"


@filter_command(TOOL)
def review_form(
    run: Run,
    roster: Annotated[
        str,
        typer.Option(
            "--roster",
            metavar="FILE",
            help="Reviewer roster (JSON Lines): the reviewer's role, assignments, conflicts.",
        ),
        READS,
    ],
    reviewer: Annotated[
        str,
        typer.Option("--reviewer", metavar="ID", help="The reviewer_id the form is for."),
    ],
    config: Annotated[
        str | None,
        typer.Option(
            "--config",
            metavar="FILE",
            help="YAML configuration: score range, blocking flags, profiles and focus texts.",
        ),
        READS,
    ] = None,
    synthetic: Annotated[
        bool,
        typer.Option(
            "--synthetic",
            help="Mark every exported review synthetic (a persona or training run); otherwise "
            "a review is synthetic when its case is.",
        ),
    ] = False,
) -> None:
    """Write an offline HTML review form for one reviewer.

    Reads quality cases; writes one self-contained HTML page (no network, no external
    assets) with the cases the roster assigns to --reviewer, minus declared conflicts. The
    page keeps drafts in the browser and exports Review JSON Lines for cap-validate.

    \b
    Example:  cap-review-form --roster roster.jsonl --reviewer r-001 cases.jsonl -o form.html
    """
    from capeval.forms import view
    from capeval.records import Problem, case_id_of

    settings = run.review_config(config)
    entry = _roster_entry(run, roster, reviewer)

    counts = run.counts
    counts.update({"in_form": 0, "conflicted": 0, "unassigned": 0, "invalid": 0})
    cases: list[dict[str, Any]] = []
    seen: set[str] = set()
    for line_no, raw, record in run.records():
        case_id = case_id_of(record)
        # a case with a credential is refused as cap-validate would: the page never shows it
        problems = view.case_problems(record, settings) or secret_problems(record, raw)
        if not problems and case_id in seen:
            problems = [Problem("id.duplicate", "/case_id", f"case {case_id} already read")]
        if problems:
            run.emit_problems(problems, record, line=line_no)
            counts["invalid"] += 1
            continue
        seen.add(case_id)
        placed = view.assignment(entry, case_id)
        counts[placed] += 1
        if placed == view.IN_FORM:
            cases.append(view.form_case(record, settings, synthetic))

    from capeval.forms.page import render_form

    left_out = {key: counts[key] for key in (view.CONFLICTED, view.UNASSIGNED)}
    # the configuration's texts (focus, flag names and meanings) are shown as given: redacted
    # like every value, before the page escapes them
    page = render_form(redact_values(view.form_view(entry, cases, settings, left_out=left_out)))
    run.out.write_bytes(page.encode("utf-8"))


main = review_form


def _roster_entry(run: Run, path: str, reviewer_id: str) -> Any:
    """The roster entry of ``reviewer_id`` (a usage error when the roster lacks it)."""
    from capeval.forms.view import reviewer_from_record
    from capeval.review_records import read_roster

    entries = read_roster(run, path)
    if reviewer_id not in entries:
        raise UsageError(f"reviewer {reviewer_id!r} is not in the roster {path}")
    return reviewer_from_record(entries[reviewer_id][1])
