"""What cap-render-report reads: the main stream (recognised, checked, folded into a tally)
and the side files (``--manifest``, ``--roster``, ``--cases``, ``--candidates``,
``--baseline``, ``--waivers``), each read whole before the stream, first record of each key.

The stream's kind is recognised from its records: ``kind`` ``case_verdict`` / ``finding`` /
``run_summary`` is the output of ``cap-aggregate-scores`` (a review report), ``assertion`` +
``passed`` an AssertionResult of ``cap-check`` (a results report). The first recognised record
decides; a record of the other kind later on is a usage error (exit 2, nothing written), since
one report cannot honestly describe two different runs.
"""

# Annotations evaluated as the module loads (no __future__ import): each NamedTuple field's
# would otherwise be compiled from its string at every start-up.

import datetime
from typing import Any, NamedTuple

from capeval.cli import Run, UsageError
from capeval.records import (
    COMPLETENESS,
    COMPLETENESS_COUNTS,
    STATUSES,
    Problem,
    result_key,
    waiver_key,
)

AGGREGATION_KINDS = (
    "case_verdict",
    "finding",
    "reviewer_agreement",
    "reviewer_calibration",
    "run_summary",
)
REVIEW, RESULTS = "review", "results"
# The texts of a quality case a review drill-down shows, in this order.
QUALITY_TEXTS = ("scenario", "input_summary", "candidate_output", "expected_quality_notes")
# A candidate line longer than this is shown, but no edit of it is offered (bounded per record).
FIXABLE_LINE_BYTES = 4096

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
    "reviewer_calibration": (("reviewer_id", str),),
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


class SideFiles(NamedTuple):
    """The side files as read (None: not given)."""

    manifest: list[dict[str, Any]] | None = None
    roster: list[dict[str, Any]] | None = None
    cases: dict[str, Any] | None = None
    candidates: dict[tuple[str, str | None], Any] | None = None
    baseline: dict[Any, Any] | None = None
    waivers: Any = None
    # case id -> its reviews (--reviews), in file order
    reviews: dict[str, list[dict[str, Any]]] | None = None
    # (case_id, system) -> the baseline run's candidate (--baseline-candidates)
    baseline_candidates: dict[tuple[str, str | None], Any] | None = None


def read_side_files(
    run: Run,
    *,
    manifest: str | None,
    roster: str | None,
    cases: str | None,
    candidates: str | None,
    baseline: str | None,
    waivers: str | None,
    today: datetime.date,
    root: str | None = None,
    reviews: str | None = None,
    baseline_candidates: str | None = None,
) -> SideFiles:
    side = _SideInputs(run, root)
    return SideFiles(
        manifest=side.manifest(manifest) if manifest is not None else None,
        roster=side.roster(roster) if roster is not None else None,
        cases=side.cases(cases) if cases is not None else None,
        candidates=side.candidates(candidates) if candidates is not None else None,
        baseline=side.baseline(baseline) if baseline is not None else None,
        waivers=side.waivers(waivers, today) if waivers is not None else None,
        reviews=side.reviews(reviews) if reviews is not None else None,
        baseline_candidates=(
            side.candidates(baseline_candidates) if baseline_candidates is not None else None
        ),
    )


class Stream:
    """The main input: each record recognised, checked and folded into its tally."""

    def __init__(self, run: Run, side: SideFiles, **tally_options: Any) -> None:
        self.run = run
        self.side = side
        self._tally_options = tally_options
        self.kind: str | None = None
        self._first: str = ""
        self.review: Any = None
        self.results: Any = None
        from capeval.seen import SeenKeys

        # every result's key (duplicates are refused): a compact table, ~20 bytes a key
        self._seen = SeenKeys()
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
        # the view of this stream's kind only
        self.kind = kind
        self._first = f"{self.run.file}:{line_no}"
        if kind == REVIEW:
            from capeval.report.views.review import ReviewTally

            self.review = ReviewTally()
        else:
            from capeval.report.views.results import ResultsTally

            side = self.side
            self.results = ResultsTally(
                side.cases,
                side.baseline,
                waivers=side.waivers,
                candidates=side.candidates,
                baseline_candidates=side.baseline_candidates,
                **self._tally_options,
            )

    def _problems(self, record: dict[str, Any]) -> list[Problem]:
        if self.kind == RESULTS:
            problem = _result_problem(record)
            if problem is not None:
                return [problem]
            key = result_key(record)
            if not self._seen.add(key):
                return [Problem("id.duplicate", "/", _duplicate_result(key))]
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
            if not self._seen.add(key):
                return [
                    Problem(
                        "id.duplicate",
                        "/case_id",
                        f"a second case_verdict for {record['case_id']} (the first counts)",
                    )
                ]
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

    def __init__(self, run: Run, root: str | None = None) -> None:
        self.run = run
        # catalog paths of imported cases are shown relative to it (--root)
        self.root = root

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
        """case id → domain, tags, line and source (pass rates by domain/tag, locations,
        drill-down). EvalCases (``id``) for results; quality cases (``case_id``) give a
        review report the lines of its cases."""
        from capeval.report.views.common import SHOWN_TEXT
        from capeval.report.views.results import CaseInfo

        entries = self.run.first_of_each(
            path,
            _case_problem,
            _case_key,
            lambda key: Problem("id.duplicate", "/id", f"case {key} already read"),
        )
        infos = {}
        for case_id, (line_no, record) in entries.items():
            source = record.get("source")
            infos[case_id] = CaseInfo(
                domain=record.get("domain"),
                tags=tuple(dict.fromkeys(record.get("tags", ()))),
                line=line_no,
                source=source[:SHOWN_TEXT] if isinstance(source, str) else None,
                source_locale=_text(record.get("source_locale")),
                target_locale=_text(record.get("target_locale")),
                catalog_file=_catalog_file(record, self.root),
                catalog_line=_catalog_line(record),
                texts=tuple(
                    (name, record[name][:SHOWN_TEXT])
                    for name in QUALITY_TEXTS
                    if isinstance(record.get(name), str) and record[name]
                ),
            )
        return infos

    def reviews(self, path: str) -> dict[str, list[dict[str, Any]]]:
        """case id -> its reviews (checked with the review schema), the first of each
        reviewer: each reviewer's scores, flags and notes for the case drill-down."""
        from capeval.report.views.common import SHOWN_TEXT

        entries = self.run.first_of_each(
            path,
            _review_problem,
            lambda record: (record["case_id"], record["reviewer_id"]),
            lambda key: Problem(
                "review.duplicate",
                "/reviewer_id",
                f"reviewer {key[1]} already reviewed this case; the first counts",
            ),
        )
        found: dict[str, list[dict[str, Any]]] = {}
        for (case_id, _reviewer), (_line, record) in entries.items():
            notes = record.get("notes")
            found.setdefault(case_id, []).append(
                {
                    "reviewer_id": record["reviewer_id"],
                    "scores": dict(record.get("scores") or {}),
                    "blocking_flags": list(record.get("blocking_flags") or []),
                    "notes": notes[:SHOWN_TEXT] if isinstance(notes, str) else "",
                }
            )
        return found

    def candidates(self, path: str) -> dict[tuple[str, str | None], Any]:
        """(case_id, system) → line and text of each candidate (drill-down, fixes)."""
        from capeval import schemas
        from capeval.report.views.common import SHOWN_TEXT
        from capeval.report.views.results import CandidateInfo

        found: dict[tuple[str, str | None], Any] = {}
        for line_no, raw, record in self.run.side_records(path):
            problem = schemas.problem("candidate", record)
            key = None if problem is not None else (record["case_id"], record.get("system"))
            if key is not None and key in found:
                problem = Problem("candidate.duplicate", "/case_id", "candidate already read")
            if problem is not None:
                self.run.emit_problems([problem], record, line=line_no, file=path)
                continue
            text = record["text"]
            found[key] = CandidateInfo(
                line=line_no,
                text=text[:SHOWN_TEXT],
                record=record if len(raw) <= FIXABLE_LINE_BYTES + 1 else None,  # + "\n"
                catalog_file=_catalog_file(record, self.root),
                catalog_line=_catalog_line(record),
            )
        return found

    def waivers(self, path: str, today: datetime.date) -> Any:
        """The waivers file (waiver records, as cap-validate checks them)."""
        from capeval import schemas
        from capeval.report.waivers import Waivers, parse_date

        waivers = Waivers(path=path, today=today)
        seen: set[Any] = set()
        for line_no, _raw, record in self.run.side_records(path):
            problem = schemas.problem("waiver", record)
            expires = None
            if problem is None:
                expires = parse_date(record["expires"])
                if expires is None:
                    problem = Problem("schema.format", "/expires", "is not a calendar date")
                elif waiver_key(record) in seen:
                    problem = Problem("id.duplicate", "/case_id", "a second waiver for this key")
            if problem is not None:
                self.run.emit_problems([problem], record, line=line_no, file=path)
                continue
            seen.add(waiver_key(record))
            waivers.add(line_no, record, expires)
        return waivers

    def completeness(self, path: str) -> list[dict[str, Any]]:
        """cap-import's ``catalog_completeness`` records, first of each (catalog, locale)."""
        entries = self.run.first_of_each(
            path,
            _completeness_problem,
            lambda record: (record["catalog"], record["target_locale"]),
            lambda key: Problem("id.duplicate", "/catalog", f"{key[0]} ({key[1]}) already counted"),
        )
        return [record for _line, record in entries.values()]

    def baseline(self, path: str) -> dict[Any, Any]:
        """(case_id, system, assertion) → passed and code of a previous run."""
        from capeval.report.views.results import BaselineEntry

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


def read_completeness(run: Run, path: str) -> list[dict[str, Any]]:
    """``--completeness``: read after the stream, so that a cap-import at the head of the
    same pipeline has written it (it is renamed into place before cap-import's output ends)."""
    return _SideInputs(run).completeness(path)


_COMPLETENESS_FIELDS = (
    ("catalog", str),
    ("source_catalog", str),
    ("source_locale", str),
    ("target_locale", str),
) + tuple((name, int) for name in COMPLETENESS_COUNTS)


def _completeness_problem(record: dict[str, Any]) -> Problem | None:
    if record.get("kind") != COMPLETENESS:
        return Problem(
            "kind.unknown", "/kind", f"not a {COMPLETENESS} record of cap-import --completeness"
        )
    problems = _shape_problems(record, _COMPLETENESS_FIELDS)
    if problems:
        return problems[0]
    if any(record[name] < 0 for name in COMPLETENESS_COUNTS):
        return Problem("schema.minimum", "/messages", "counts are never negative")
    if sum(record[name] for name in COMPLETENESS_COUNTS[1:]) != record["messages"]:
        return Problem(
            "completeness.inconsistent",
            "/messages",
            "translated, untranslated, missing and fuzzy do not add up to messages",
        )
    return None


def _by_id(record: dict[str, Any]) -> str:
    return record["id"]


def _manifest_problem(record: dict[str, Any]) -> Problem | None:
    problems = _shape_problems(record, (("id", str),))
    if problems:
        return problems[0]
    if not isinstance(record.get("privacy_labels", []), list):
        return Problem("schema.type", "/privacy_labels", "must be array")
    return None


def _review_problem(record: dict[str, Any]) -> Problem | None:
    from capeval import schemas

    return schemas.problem("review", record)


def _roster_problem(record: dict[str, Any]) -> Problem | None:
    from capeval import schemas

    return schemas.problem("roster", record)


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def _catalog_file(record: dict[str, Any], root: str | None = None) -> str | None:
    """The catalog an imported case or candidate came from (cap-import's
    ``x-catalog.file_ref``), relative to ``root``."""
    from capeval.report.formats import display_path

    origin = record.get("x-catalog")
    path = _text(origin.get("file_ref")) if isinstance(origin, dict) else None
    return display_path(path, root)


def _catalog_line(record: dict[str, Any]) -> int | None:
    """Its line in that catalog (``x-catalog.line``), when cap-import knew it."""
    origin = record.get("x-catalog")
    line = origin.get("line") if isinstance(origin, dict) else None
    return line if isinstance(line, int) and not isinstance(line, bool) and line > 0 else None


def _case_key(record: dict[str, Any]) -> str:
    return record["id"] if "id" in record else record["case_id"]


def _case_problem(record: dict[str, Any]) -> Problem | None:
    name = "id" if "id" in record or "case_id" not in record else "case_id"
    if not isinstance(record.get(name), str):
        return Problem(
            "schema.required" if name not in record else "schema.type",
            f"/{name}",
            "is required" if name not in record else "must be string",
        )
    if "source" in record and not isinstance(record["source"], str):
        return Problem("schema.type", "/source", "must be string")
    if "domain" in record and not isinstance(record["domain"], str):
        return Problem("schema.type", "/domain", "must be string")
    tags = record.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(tag, str) for tag in tags):
        return Problem("schema.type", "/tags", "must be an array of strings")
    return None
