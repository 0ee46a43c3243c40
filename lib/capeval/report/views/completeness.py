"""The completeness of the catalogs a results report's cases came from, per target locale.

cap-import ``--completeness`` writes one ``catalog_completeness`` record per target catalog
(``capeval.records``); a message left untranslated is no case (``--missing skip``), so the
results cannot say how much of a locale is translated. This view adds the records up per
target locale — catalogs, messages, translated, untranslated, missing, fuzzy and the
translated share — apart from the defects, least complete first.
"""

from __future__ import annotations

from typing import Any

from capeval.records import COMPLETENESS_COUNTS
from capeval.report.views.common import ratio


def completeness_view(records: list[dict[str, Any]], path: str | None) -> dict[str, Any]:
    """The ``completeness`` section of the results view."""
    per_locale: dict[str, dict[str, int]] = {}
    total = dict.fromkeys(("catalogs", *COMPLETENESS_COUNTS), 0)
    for record in records:
        row = per_locale.setdefault(
            record["target_locale"], dict.fromkeys(("catalogs", *COMPLETENESS_COUNTS), 0)
        )
        for tally in (row, total):
            tally["catalogs"] += 1
            for name in COMPLETENESS_COUNTS:
                tally[name] += record[name]
    locales = [_row(name, counts) for name, counts in per_locale.items()]
    locales.sort(key=lambda row: (_order(row["translated_rate"]), row["locale"]))
    return {"path": path, "total": _row("all", total), "locales": locales}


def _row(name: str, counts: dict[str, int]) -> dict[str, Any]:
    return {
        "locale": name,
        **counts,
        # untranslated, missing and fuzzy together: the work left (their split is beside it)
        "not_translated": counts["messages"] - counts["translated"],
        "translated_rate": ratio(counts["translated"], counts["messages"]),
    }


def _order(rate: float | None) -> float:
    return 2.0 if rate is None else rate
