"""The view of the results report, from AssertionResult records: pass rates, failing results,
the comparison with a baseline, the gate."""

from __future__ import annotations

from typing import Any, NamedTuple

from capeval.intervals import wilson_interval
from capeval.jsonl import dumps
from capeval.records import (
    ResultKey,
)
from capeval.report.views.common import (
    NO_DOMAIN,
    NOT_IN_CASES,
    _label_order,
    _system_order,
    ratio,
    system_name,
)


# -- the results report ----------------------------------------------------------------------
# Records read from side files, one per case or candidate: immutable tuples (a class made at
# start-up, several times cheaper than a frozen dataclass, and smaller per record).
class CaseInfo(NamedTuple):
    """What the results report needs of an EvalCase (``--cases``)."""

    domain: str | None
    tags: tuple[str, ...]
    line: int
    # the source text for the drill-down and for checking a fix (cut at SHOWN_TEXT)
    source: str | None = None
    source_locale: str | None = None
    target_locale: str | None = None
    # the catalog an imported case came from (as shown: relative to --root) and its line
    catalog_file: str | None = None
    catalog_line: int | None = None
    # a quality case's texts for the review drill-down: (field, text cut at SHOWN_TEXT)
    texts: tuple[tuple[str, str], ...] = ()


class CandidateInfo(NamedTuple):
    """What the results report needs of a candidate (``--candidates``)."""

    line: int
    text: str  # cut at SHOWN_TEXT characters
    # the whole record when its line is short enough to offer an edit of it (else None)
    record: dict[str, Any] | None = None
    # the catalog line of an imported translation (as shown: relative to --root)
    catalog_file: str | None = None
    catalog_line: int | None = None


class BaselineEntry(NamedTuple):
    passed: bool
    code: str


# the code of a result whose case has no candidate: an untranslated message, not a defect
CANDIDATE_MISSING = "candidate_missing"
NO_LOCALE = "(no target locale)"
NO_FILE = "(not from a catalog)"
_CHANGE_RANK = {"regression": 0, "new": 1}


class _Rate:
    __slots__ = ("results", "passed", "failed_hard", "failed_report")

    def __init__(self) -> None:
        self.results = self.passed = self.failed_hard = self.failed_report = 0

    def add(self, passed: bool, severity: str) -> None:
        self.results += 1
        if passed:
            self.passed += 1
        elif severity == "hard":
            self.failed_hard += 1
        else:
            self.failed_report += 1

    def row(self, name: str) -> dict[str, Any]:
        return {
            "name": name,
            "results": self.results,
            "passed": self.passed,
            "failed": self.results - self.passed,
            "failed_hard": self.failed_hard,
            "failed_report": self.failed_report,
            "pass_rate": ratio(self.passed, self.results),
            # 95% Wilson interval: a rate of 12 results is not one of 12,000
            "pass_rate_ci": wilson_interval(self.passed, self.results),
        }


class ResultsTally:
    """AssertionResults folded as they stream by.

    Only failing results are kept whole, and only the first ``keep_failures`` of them (0: all)
    — a report of a million results lists what a person can read, and counts the rest. With a
    ``sink`` (a machine format's writer) none is kept: each failing result's row goes to
    ``sink.failure`` as it comes (with ``keep_passes``, each passing one to ``sink.passed``),
    and the baseline's lists are counted, not kept: memory does not grow with the results
    but for two compact key tables (``capeval.seen``: the cases counted, ~20 bytes a case).
    """

    def __init__(
        self,
        cases: dict[str, CaseInfo] | None = None,
        baseline: dict[ResultKey, BaselineEntry] | None = None,
        keep_failures: int = 0,
        *,
        waivers: Any = None,
        candidates: dict[tuple[str, str | None], CandidateInfo] | None = None,
        baseline_candidates: dict[tuple[str, str | None], CandidateInfo] | None = None,
        keep_passes: bool = False,
        drill_down: bool = False,
        rank: bool = False,
        sink: Any = None,
    ) -> None:
        from capeval.seen import SeenKeys

        self.cases = cases
        self.baseline = baseline
        self.keep_failures = keep_failures
        self.waivers = waivers
        self.candidates = candidates
        # the baseline run's candidates: a regression's drill-down shows what changed
        self.baseline_candidates = baseline_candidates
        self.sink = sink
        # every passing result's key goes to the sink (JUnit lists each result as a test case)
        self.keep_passes = keep_passes and sink is not None
        # source and candidate text beside each listed failure (a document's drill-down)
        self.drill_down = drill_down
        # what the regression gate counts: failures not waived, by kind
        self.gate = {"hard": 0, "failed": 0, "waived": 0, "regressions": 0, "new_failures": 0}
        self.failures_total = 0
        self.total = _Rate()
        self.by_assertion: dict[str, _Rate] = {}
        self.by_system: dict[str | None, _Rate] = {}
        self.by_domain: dict[str, _Rate] = {}
        self.by_tag: dict[str, _Rate] = {}
        self.by_locale: dict[str, _Rate] = {}
        self.by_file: dict[str, _Rate] = {}
        self.by_code: dict[str, list[Any]] = {}  # code -> [count, {assertion: None}]
        self.case_ids = SeenKeys()
        self._last_case_id: str | None = None
        self.failures: list[dict[str, Any]] = []
        # compared with the baseline: rows (a document lists them) or, with a sink, counts
        self.changes: dict[str, Any] = {
            name: 0 if sink is not None else []
            for name in ("regressions", "fixes", "unchanged", "new_failures")
        }
        self.new_passes = 0
        self.compared = 0
        self.seen_baseline: set[ResultKey] = set()
        # a document's failing results: one row per cause, the most important kept
        self.ranked = _Ranked(keep_failures) if rank else None

    def add(self, record: dict[str, Any]) -> None:
        """Fold one (schema-valid) AssertionResult."""
        passed = record["passed"]
        severity = record["severity"]
        case_id = record["case_id"]
        system = record.get("system")
        assertion = record["assertion"]
        code = record["code"]
        if case_id != self._last_case_id:  # a case's results come together: one lookup
            self._last_case_id = case_id
            self.case_ids.add(case_id)
        self.total.add(passed, severity)
        _rate(self.by_assertion, assertion).add(passed, severity)
        _rate(self.by_system, system).add(passed, severity)
        code_entry = self.by_code.setdefault(code, [0, {}])
        code_entry[0] += 1
        code_entry[1][assertion] = None
        info = None
        if self.cases is not None:
            info = self.cases.get(case_id)
            if info is None:
                for table in (self.by_domain, self.by_tag, self.by_locale, self.by_file):
                    _rate(table, NOT_IN_CASES).add(passed, severity)
            else:
                _rate(self.by_domain, info.domain or NO_DOMAIN).add(passed, severity)
                for tag in info.tags:
                    _rate(self.by_tag, tag).add(passed, severity)
                _rate(self.by_locale, info.target_locale or NO_LOCALE).add(passed, severity)
                _rate(self.by_file, info.catalog_file or NO_FILE).add(passed, severity)

        row: dict[str, Any] = {
            "case_id": case_id,
            "system": system,
            "assertion": assertion,
            "severity": severity,
            "code": code,
        }
        waiver = None
        if not passed and self.waivers is not None:
            found = self.waivers.match(case_id, system, assertion, code)
            if found is not None:
                found.used += 1
                if not found.expired:
                    waiver = found.row()
        if not passed:
            row["waiver"] = waiver
        was: BaselineEntry | None = None
        change = None
        if self.baseline is not None:
            key = (case_id, system, assertion)
            was = self.baseline.get(key)
            if was is None:
                if passed:
                    self.new_passes += 1
                else:
                    change = "new"
                    self._change("new_failures", row)
            else:
                self.compared += 1
                self.seen_baseline.add(key)
                compared = {**row, "baseline_code": was.code}
                if not passed and was.passed:
                    change = "regression"
                    self._change("regressions", compared)
                elif passed and not was.passed:
                    self._change("fixes", compared)
                elif not passed:
                    change = "unchanged"
                    self._change("unchanged", compared)
        if passed:
            if self.keep_passes:
                self.sink.passed(case_id, system, assertion, severity)
            return
        self.failures_total += 1
        gate = self.gate
        if waiver is not None:
            gate["waived"] += 1
        else:
            gate["failed"] += 1
            gate["hard"] += severity == "hard"
            gate["regressions"] += change == "regression"
            gate["new_failures"] += change == "new"
        if self.sink is not None:
            self.sink.failure(self._failure_row(row, record, was, change))
        elif self.ranked is not None:
            failure = self._failure_row(row, record, was, change)
            failure["target_locale"] = info.target_locale if info is not None else None
            failure["catalog_file"] = info.catalog_file if info is not None else None
            self.ranked.add(failure)
        elif not self.keep_failures or len(self.failures) < self.keep_failures:
            self.failures.append(self._failure_row(row, record, was, change))

    def _change(self, name: str, row: dict[str, Any]) -> None:
        if self.sink is not None:
            self.changes[name] += 1
        else:
            self.changes[name].append(row)

    def _failure_row(
        self,
        row: dict[str, Any],
        record: dict[str, Any],
        was: BaselineEntry | None,
        change: str | None,
    ) -> dict[str, Any]:
        from capeval.report.suggestions import fixed_text, suggestion

        evidence = record["evidence"]
        case = self.cases.get(row["case_id"]) if self.cases is not None else None
        candidate = (
            self.candidates.get((row["case_id"], row["system"]))
            if self.candidates is not None
            else None
        )
        suggested = suggestion(row["assertion"], row["code"], evidence)
        fix = None
        if suggested is not None and candidate is not None and candidate.record is not None:
            text = fixed_text(
                candidate.record["text"],
                case.source if case is not None else None,
                suggested["replacements"],
            )
            if text is not None:
                line = dumps({**candidate.record, "text": text})[:-1].decode("utf-8")
                fix = {"line": candidate.line, "text": line}
        failure = {
            **row,
            "message": record["message"],
            # compact JSON, keys in the record's order
            "evidence": dumps(evidence)[:-1].decode("utf-8"),
            "regression": None if was is None else was.passed,
            "change": change,
            "case_line": case.line if case is not None else None,
            "candidate_line": candidate.line if candidate is not None else None,
            "location": _catalog_location(case, candidate),
            "suggestion": suggested,
            "fix": fix,
        }
        if self.drill_down:
            from capeval.report.marks import spans

            failure["source"] = case.source if case is not None else None
            failure["candidate"] = candidate.text if candidate is not None else None
            failure["source_locale"] = case.source_locale if case is not None else None
            failure["marks"] = spans(row["assertion"], evidence)
            if self.baseline_candidates is not None:
                before = self.baseline_candidates.get((row["case_id"], row["system"]))
                # None: the baseline's candidates file has no such candidate
                failure["baseline_candidate"] = before.text if before is not None else None
        return failure

    def view(
        self,
        *,
        cases_path: str | None = None,
        baseline_path: str | None = None,
        fail_on: str = "none",
    ) -> dict[str, Any]:
        """The view of the results report; ``fail_on`` is the gate (``common.FAIL_ON``)."""
        total = self.total.row("all")
        systems = sorted(self.by_system, key=_system_order)
        failures, failures_total = self.failures, self.failures_total
        if self.ranked is not None:
            failures, failures_total = self.ranked.selected()
        view: dict[str, Any] = {
            "stream": "results",
            "totals": {
                **total,
                "cases": len(self.case_ids),
                "systems": len(self.by_system),
                "assertions": len(self.by_assertion),
            },
            "by_assertion": [
                self.by_assertion[name].row(name) for name in sorted(self.by_assertion)
            ],
            "by_code": [
                {
                    "code": code,
                    "results": count,
                    "share": ratio(count, total["results"]),
                    "assertions": sorted(assertions),
                }
                for code, (count, assertions) in sorted(
                    self.by_code.items(), key=lambda item: (-item[1][0], item[0])
                )
            ],
            "by_system": [self.by_system[s].row(system_name(s)) for s in systems],
            "cases_file": cases_path,
            "by_domain": None,
            "by_tag": None,
            "by_locale": None,
            "by_file": None,
            "catalog_root": None,
            "failures": failures,
            "failures_total": failures_total,
            "failures_omitted": failures_total - len(failures),
            "baseline": None,
            "baseline_candidates_given": self.baseline_candidates is not None,
        }
        if self.cases is not None:
            view["by_domain"] = [
                self.by_domain[name].row(name) for name in sorted(self.by_domain, key=_label_order)
            ]
            view["by_tag"] = [
                self.by_tag[name].row(name) for name in sorted(self.by_tag, key=_label_order)
            ]
            view["by_locale"] = [
                self.by_locale[name].row(name) for name in sorted(self.by_locale, key=_label_order)
            ]
            root = _common_dir([name for name in self.by_file if not name.startswith("(")])
            view["catalog_root"] = root or None
            view["by_file"] = [
                self.by_file[name].row(name[len(root) :])
                for name in sorted(self.by_file, key=_label_order)
            ]
            for row in failures:
                if root and row.get("catalog_file"):
                    row["catalog_file"] = row["catalog_file"][len(root) :]
        if self.baseline is not None:
            view["baseline"] = {
                "path": baseline_path,
                "results": len(self.baseline),
                "compared": self.compared,
                # lists of rows; with a sink, the counts only
                **self.changes,
                "new_passes": self.new_passes,
                # in the baseline, absent from this run (e.g. a case or system removed)
                "missing": len(self.baseline) - len(self.seen_baseline),
                "pass_rate": ratio(
                    sum(1 for entry in self.baseline.values() if entry.passed), len(self.baseline)
                ),
            }
        view["waivers_file"] = None if self.waivers is None else self.waivers.path
        view["waiver_findings"] = [] if self.waivers is None else self.waivers.findings()
        view["verdict"] = _results_verdict(view, self.gate, fail_on)
        return view


def _results_verdict(view: dict[str, Any], gate: dict[str, int], fail_on: str) -> dict[str, Any]:
    """What the run says first: the gate's outcome, then what it counted."""
    pass_rate = view["totals"]["pass_rate"]
    baseline = view["baseline"]
    before = baseline["pass_rate"] if baseline is not None else None
    change = None if pass_rate is None or before is None else round(pass_rate - before, 4)
    got_worse = gate["regressions"] + gate["new_failures"]
    failed = {
        "regression": got_worse > 0,
        "hard": gate["hard"] > 0,
        "any": gate["failed"] > 0,
        "none": False,
    }[fail_on]
    parts = []
    if baseline is not None:
        parts.append(
            f"{gate['regressions']:,} regression(s), {gate['new_failures']:,} new failure(s)"
        )
    parts.append(f"{gate['hard']:,} hard failure(s) of {gate['failed']:,} failure(s)")
    rate = "—" if pass_rate is None else f"{pass_rate * 100:.1f}%"
    if change is not None:
        rate += f" ({change * 100:+.1f} pp vs the baseline)"
    parts.append(f"pass rate {rate}")
    if gate["waived"]:
        parts.append(f"{gate['waived']:,} waived")
    findings = view["waiver_findings"]
    if findings:
        parts.append(f"{len(findings)} waiver finding(s)")
    outcome = "gate not set" if fail_on == "none" else ("FAIL" if failed else "PASS")
    if fail_on != "none":
        outcome += f" (--fail-on {fail_on})"
    return {
        "fail_on": fail_on,
        "failed": failed,
        "outcome": outcome,
        "headline": f"{outcome}: " + "; ".join(parts),
        "hard_failures": gate["hard"],
        "failures": gate["failed"],
        "waived": gate["waived"],
        "regressions": gate["regressions"],
        "new_failures": gate["new_failures"],
        "pass_rate": pass_rate,
        "baseline_pass_rate": before,
        "pass_rate_change": change,
    }


class _Ranked:
    """A document's failing results, one row per cause, at most ``cap`` of them (0: all).

    A cause is a case's failures with one code: a message without a translation fails every
    assertion with ``candidate_missing``, and is one row (``assertions`` lists them all).
    Failures of a case are grouped while they come in a run (cap-check writes them so). The
    rows kept are the most important — regressions, then new failures, hard before report,
    real defects before missing candidates, waived last — and every target locale keeps its
    share of the cap, so a locale with few failures is never crowded out. Memory: at most
    ``cap`` rows per target locale.
    """

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.total = 0
        self.seq = 0
        self.pending: list[dict[str, Any]] = []
        # target locale -> heap of (negated rank, row): the root is the least important
        self.heaps: dict[str | None, list[tuple[tuple[int, ...], dict[str, Any]]]] = {}

    def add(self, row: dict[str, Any]) -> None:
        pending = self.pending
        if pending and (pending[0]["case_id"], pending[0]["system"]) != (
            row["case_id"],
            row["system"],
        ):
            self._flush()
        self.pending.append(row)

    def _flush(self) -> None:
        import heapq

        causes: dict[str, list[dict[str, Any]]] = {}
        for row in self.pending:
            causes.setdefault(row["code"], []).append(row)
        self.pending = []
        for rows in causes.values():
            cause = _cause(rows)
            self.total += 1
            self.seq += 1
            rank = _cause_rank(cause, self.seq)
            heap = self.heaps.setdefault(cause["target_locale"], [])
            entry = (tuple(-part for part in rank), cause)
            if not self.cap or len(heap) < self.cap:
                heapq.heappush(heap, entry)
            elif entry[0] > heap[0][0]:
                heapq.heapreplace(heap, entry)

    def selected(self) -> tuple[list[dict[str, Any]], int]:
        """The rows kept, most important first, and how many causes there were in all."""
        if self.pending:
            self._flush()
        first = _first_key
        ranked = [sorted(heap, key=first, reverse=True) for heap in self.heaps.values()]
        if not self.cap:
            kept = [entry for entries in ranked for entry in entries]
        else:
            # each locale's best first (an equal share of the cap), then the best of the rest
            share = max(1, self.cap // max(1, len(ranked)))
            kept = [entry for entries in ranked for entry in entries[:share]]
            rest = sorted(
                (entry for entries in ranked for entry in entries[share:]),
                key=first,
                reverse=True,
            )
            kept.extend(rest[: max(0, self.cap - len(kept))])
        kept.sort(key=first, reverse=True)
        rows = [row for _key, row in kept]
        return rows[: self.cap] if self.cap else rows, self.total


def _cause(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """One row for failures of a case with the same code: the worst of them speaks for all."""
    first = min(rows, key=lambda row: (row["waiver"] is not None, row["severity"] != "hard"))
    cause = dict(first)
    cause["assertions"] = [row["assertion"] for row in rows]
    cause["results"] = len(rows)
    if any(row["severity"] == "hard" for row in rows):
        cause["severity"] = "hard"
    changes = [row["change"] for row in rows if row["change"] is not None]
    if changes:
        cause["change"] = min(changes, key=lambda change: _CHANGE_RANK.get(change, 2))
    return cause


def _common_dir(paths: list[str]) -> str:
    """The directory all ``paths`` are in, with its last ``/`` ("" when none is shared or a
    path would be left empty)."""
    if len(paths) < 2:
        return ""
    first, last = min(paths), max(paths)
    shared = 0
    while shared < min(len(first), len(last)) and first[shared] == last[shared]:
        shared += 1
    return first[: first.rfind("/", 0, shared) + 1]


def _first_key(entry: tuple[tuple[int, ...], Any]) -> tuple[int, ...]:
    return entry[0]


def _cause_rank(cause: dict[str, Any], seq: int) -> tuple[int, ...]:
    """Lower is more important (then earlier in the input)."""
    return (
        int(cause["waiver"] is not None),
        int(cause["code"] == CANDIDATE_MISSING),
        _CHANGE_RANK.get(cause["change"], 2),
        int(cause["severity"] != "hard"),
        seq,
    )


def _rate(table: dict[Any, _Rate], key: Any) -> _Rate:
    rate = table.get(key)
    if rate is None:
        rate = table[key] = _Rate()
    return rate


def _catalog_location(case: CaseInfo | None, candidate: CandidateInfo | None) -> dict | None:
    """Where a person fixes an imported case's failure: the translation's catalog line (from
    ``--candidates``), else the case's (from ``--cases``); None when not imported."""
    for origin in (candidate, case):
        if origin is not None and origin.catalog_file is not None:
            return {"file": origin.catalog_file, "line": origin.catalog_line}
    return None
