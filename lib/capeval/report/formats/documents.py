"""What the two document formats (Markdown, HTML) share: long lists capped, and what was cut
said in so many words.

A document lists at most ``cap`` rows of each long section (failing results, regressions, new
failures, fixes, unchanged failures, waiver findings, drill-down cases; for reviews the
findings and manifest rows); ``omitted[section]`` counts the rows left out so the template can
say so. ``within_budget`` renders with halving caps until the text fits ``max_bytes``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

RESULTS_SECTIONS = ("failures", "waiver_findings")
BASELINE_SECTIONS = ("regressions", "new_failures", "fixes", "unchanged")
REVIEW_SECTIONS = ("findings", "case_details")


def capped(view: dict[str, Any], cap: int, reason: str) -> dict[str, Any]:
    """A shallow copy of ``view`` with each long list cut to ``cap`` rows (0: no cut)."""
    out = dict(view)
    omitted: dict[str, int] = {}

    def cut(rows: list[Any], name: str, already: int = 0) -> list[Any]:
        keep = rows if not cap or len(rows) <= cap else rows[:cap]
        omitted[name] = already + len(rows) - len(keep)
        return keep

    if view["stream"] == "results":
        out["failures"] = cut(view["failures"], "failures", view["failures_omitted"])
        out["waiver_findings"] = cut(view["waiver_findings"], "waiver_findings")
        baseline = view["baseline"]
        if baseline is not None:
            out["baseline"] = dict(baseline)
            for name in BASELINE_SECTIONS:
                out["baseline"][name] = cut(baseline[name], name)
        else:
            omitted.update(dict.fromkeys(BASELINE_SECTIONS, 0))
        groups = cut(_drill_down(out["failures"]), "drill_down")
        out["failures"], out["drill_down"] = _linked(out["failures"], groups)
        # "case_id<TAB>system" -> the drill-down's anchor, for rows of other sections
        out["case_links"] = {
            f"{group['case_id']}\t{group['system'] or ''}": group["anchor"]
            for group in out["drill_down"]
        }
    else:
        out["findings"] = cut(view["findings"], "findings")
        out["case_details"] = cut(view.get("case_details") or [], "case_details")
    out["omitted"] = omitted
    out["omitted_reason"] = reason
    return out


def _drill_down(failures: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The listed failures grouped per (case, system), in order, with source and candidate."""
    groups: dict[tuple[str, str | None], dict[str, Any]] = {}
    for row in failures:
        if "source" not in row or (row["source"] is None and row["candidate"] is None):
            continue
        key = (row["case_id"], row["system"])
        group = groups.get(key)
        if group is None:
            group = groups[key] = {
                "case_id": row["case_id"],
                "system": row["system"],
                "source": row["source"],
                "candidate": row["candidate"],
                "case_line": row["case_line"],
                "candidate_line": row["candidate_line"],
                "source_locale": row.get("source_locale"),
                "target_locale": row.get("target_locale"),
                "catalog_file": row.get("catalog_file"),
                "location": row.get("location"),
                "failures": [],
                "marks": {"source": [], "candidate": [], "ranges": []},
                # a regression: the candidate against the baseline run's (when given)
                "regression": False,
                "baseline_candidate": None,
            }
        group["failures"].append(row)
        group["regression"] = group["regression"] or row.get("change") == "regression"
        if group["baseline_candidate"] is None:
            group["baseline_candidate"] = row.get("baseline_candidate")
        for side, found in (row.get("marks") or {}).items():
            group["marks"][side].extend(found)
    return list(groups.values())


def _linked(
    failures: list[dict[str, Any]], groups: list[dict[str, Any]]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Copies of the rows and drill-down cases with anchors that link them both ways: a row's
    ``anchor`` (``r1``…) and ``case_anchor`` (its case's, or None), a case's ``anchor``
    (``c1``…) and ``row_anchor`` (its first listed row)."""
    anchors = {}
    linked_groups = []
    for number, group in enumerate(groups, 1):
        anchors[(group["case_id"], group["system"])] = f"c{number}"
        linked_groups.append({**group, "anchor": f"c{number}", "row_anchor": None})
    by_anchor = {group["anchor"]: group for group in linked_groups}
    rows = []
    for number, row in enumerate(failures, 1):
        case_anchor = anchors.get((row["case_id"], row["system"]))
        rows.append({**row, "anchor": f"r{number}", "case_anchor": case_anchor})
        group = by_anchor.get(case_anchor)
        if group is not None and group["row_anchor"] is None:
            group["row_anchor"] = f"r{number}"
    return rows, linked_groups


def longest(view: dict[str, Any]) -> int:
    """The length of the longest cappable list of a view."""
    lists = [view.get(name) or [] for name in (*RESULTS_SECTIONS, *REVIEW_SECTIONS)]
    baseline = view.get("baseline")
    if baseline:
        lists.extend(baseline[name] for name in BASELINE_SECTIONS)
    return max((len(rows) for rows in lists), default=0)


def within_budget(
    view: dict[str, Any],
    render: Callable[[dict[str, Any]], str],
    *,
    cap: int,
    max_bytes: int,
) -> str:
    """Render with each long section capped at ``cap`` rows; while the text is over
    ``max_bytes`` (0: no budget), halve the cap and render again. If even empty sections do not
    fit, the text is cut at a line end and a closing line says so."""
    reason = f"--max-failures {cap}" if cap else "all listed"
    text = render(capped(view, cap, reason))
    if not max_bytes or len(text.encode("utf-8")) <= max_bytes:
        return text
    data = text.encode("utf-8")
    size = min(cap or longest(view), longest(view))
    while size > 0:
        # the rows dominate the size: scale the cap to the budget first, then halve
        guess = int(size * max_bytes / len(data) * 0.9)
        size = guess if 0 < guess < size else size // 2
        reason = f"the {max_bytes:,}-byte budget (--max-bytes) lists {size} per section"
        text = render(capped(view, size, reason))
        data = text.encode("utf-8")
        if len(data) <= max_bytes:
            return text
    note = (
        f"\n\n**Cut at {max_bytes:,} bytes (--max-bytes): the rest of this report is not shown.**\n"
    )
    room = max_bytes - len(note.encode("utf-8"))
    head = data[: max(room, 0)].decode("utf-8", "ignore")
    head = head[: head.rfind("\n") + 1] if "\n" in head else ""
    return head + note
