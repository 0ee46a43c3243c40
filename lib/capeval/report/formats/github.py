"""GitHub Actions workflow commands (``--format github``, alias ``--github``).

GitHub shows at most 10 error, 10 warning and 10 notice annotations per step, in print order,
and drops the rest silently. So the lines that matter come first: errors for hard failures
(regressions, then new failures, then known ones), warnings for report failures (regressions
first) and for expired or unused waivers, at most nine notices for waived results — and a
closing ``::notice`` with the totals and how many annotations the platform will not show.
With ``--cases`` every result line carries ``file=`` and ``line=`` (the case's line; paths
relative to the working directory, as the platform resolves them against the checkout).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from capeval.report.formats import Context, display_path, subject
from capeval.report.spool import SortedSpool

NAME = "github"
STREAMS = ("results", "review")
DOCUMENT = False
PASSES = False
TITLE = "github annotations"
MAX_BYTES = 0
SHOWN_PER_LEVEL = 10
_CHANGE_ORDER = {"regression": 0, "new": 1}
# annotation levels, in print order
_LEVELS = ("error", "warning", "notice")


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(
    level: str, title: str, message: str, *, file: str | None = None, line: int | None = None
) -> str:
    """One ``::error``/``::warning``/``::notice`` workflow command line."""
    properties = []
    if file is not None:
        properties.append(f"file={_property(file)}")
        if line is not None:
            properties.append(f"line={line}")
    properties.append(f"title={_property(title)}")
    return f"::{level} {','.join(properties)}::{_data(message)}\n"


class _Lines:
    """Annotation lines by level, in the order they should be printed."""

    def __init__(self) -> None:
        self.by_level: dict[str, list[tuple[tuple, str]]] = {level: [] for level in _LEVELS}

    def add(self, level: str, rank: tuple, line: str) -> None:
        self.by_level[level].append((rank, line))

    def text(self, totals: str) -> str:
        out: list[str] = []
        hidden = 0
        for level in _LEVELS:
            lines = [line for _rank, line in sorted(self.by_level[level], key=lambda item: item[0])]
            room = _room(level)
            hidden += max(0, len(lines) - room)
            out.extend(lines[:room] if level == "notice" else lines)
        out.append(_closing(totals, hidden))
        return "".join(out)


def _room(level: str) -> int:
    """The annotations of ``level`` the platform shows: the closing notice needs one of the
    notice slots."""
    return SHOWN_PER_LEVEL - 1 if level == "notice" else SHOWN_PER_LEVEL


def _closing(totals: str, hidden: int) -> str:
    """The closing notice: the totals, and how many annotations the platform will not show."""
    if hidden:
        totals += (
            f"; {hidden} annotation(s) beyond the platform's {SHOWN_PER_LEVEL} per level "
            "are not shown: see the step summary or the full report"
        )
    return annotation("notice", "capeval totals", totals)


def render(view: dict[str, Any], context: Context) -> str:
    """The annotations of a review stream (a results stream goes through ``Writer``)."""
    return _review(view, context)


class Writer:
    """The annotations of a results stream, spooled to a temporary SQLite table as they come
    (bounded memory) and written in order of importance at the end."""

    def __init__(self, context: Context) -> None:
        self.context = context
        self.cases = display_path(context.cases_path)
        self.spool = SortedSpool(
            "level INTEGER, first INTEGER, second INTEGER, seq INTEGER", context.clean
        )
        self.index = 0  # the failing result's number, as the order of the input
        self.seq = 0

    def failure(self, row: dict[str, Any]) -> None:
        index = self.index
        self.index += 1
        location = row.get("location")
        if location is not None:  # the catalog line an imported case came from
            where = {"file": location["file"], "line": location["line"]}
        else:
            where = (
                {"file": self.cases, "line": row["case_line"]}
                if row["case_line"] is not None
                else {}
            )
        title = f"{row['assertion']}: {row['code']}"
        if row["waiver"] is not None:
            waiver = row["waiver"]
            message = (
                f"waived until {waiver['expires']} (owner {waiver['owner']}: {waiver['reason']}): "
                f"{subject(row)}: {row['message']}"
            )
            self._add("notice", (index, 0), annotation("notice", title, message, **where))
            return
        prefix = {"regression": "regression: ", "new": "new failure: "}.get(row["change"] or "", "")
        level = "error" if row["severity"] == "hard" else "warning"
        rank = (_CHANGE_ORDER.get(row["change"] or "", 2), index)
        message = f"{prefix}{subject(row)}: {row['message']}"
        self._add(level, rank, annotation(level, title, message, **where))

    def finish(self, view: dict[str, Any], write: Callable[[bytes], Any]) -> None:
        waivers = display_path(self.context.waivers_path)
        for index, finding in enumerate(view.get("waiver_findings") or []):
            self._add(
                "warning",
                (1, index),  # after regressions, before known failures
                annotation(
                    "warning",
                    finding["code"],
                    finding["message"],
                    file=waivers,
                    line=finding["line"],
                ),
            )
        spool = self.spool
        counts = dict(spool.rows("SELECT level, count(*) FROM entries GROUP BY level"))
        hidden = 0
        for level, name in enumerate(_LEVELS):
            room = _room(name)
            hidden += max(0, counts.get(level, 0) - room)
            limit = f" LIMIT {room}" if name == "notice" else ""
            query = f"SELECT text FROM entries WHERE level = {level} ORDER BY first, second, seq"
            for (line,) in spool.rows(query + limit):
                write(line.encode("utf-8"))
        spool.close()
        totals = view["verdict"]["headline"]
        write(self.context.clean(_closing(totals, hidden)).encode("utf-8"))

    def _add(self, level: str, rank: tuple[int, int], line: str) -> None:
        self.seq += 1
        self.spool.add(_LEVELS.index(level), *rank, self.seq, line)


def _review(view: dict[str, Any], context: Context) -> str:
    cases = display_path(context.cases_path)
    lines = _Lines()
    for index, case in enumerate(view["cases"]):
        if case["status"] == "pass" and not case["blocking_findings"]:
            continue
        where = {"file": cases, "line": case["line"]} if case.get("line") is not None else {}
        level = "error" if case["status"] == "blocked" or case["blocking_findings"] else "warning"
        reasons = ", ".join(case["reasons"]) or "no reason given"
        if case["blocking_findings"]:
            reasons += "; blocking finding(s): " + ", ".join(case["blocking_findings"])
        lines.add(
            level,
            (0 if level == "error" else 1, index),
            annotation(
                level, f"review: {case['status']}", f"{case['case_id']}: {reasons}", **where
            ),
        )
    lines_of = {case["case_id"]: case.get("line") for case in view["cases"]}
    # findings that do not restate a case's status (those are above)
    for index, finding in enumerate(view["findings"]):
        if finding["code"] in ("blocked", "needs_revision", "disagreement"):
            continue
        level = "error" if finding["blocking"] else "warning"
        line = lines_of.get(finding["case_id"])
        where = {"file": cases, "line": line} if line is not None else {}
        lines.add(
            level,
            (2, index),
            annotation(
                level,
                f"review: {finding['code']}",
                f"{finding['case_id']}: {finding['detail']}",
                **where,
            ),
        )
    if view["gate"] is None:
        lines.add(
            "error",
            (-1,),
            annotation("error", "review gate", "no run_summary: the gate is unknown"),
        )
    return lines.text(view["verdict"]["headline"])
