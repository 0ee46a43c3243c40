"""Waivers (``--waivers FILE``): known failures accepted for a time, with a reason and an owner.

A waiver names a case and an assertion, and optionally a system and a code; it matches the
failing results of that case and assertion (any system, any code when it leaves them out).
The most specific waiver wins: system and code named, then system only, then code only, then
neither. Until its ``expires`` date (inclusive) a matching failure is *waived*: every format
shows it as such and the regression gate does not count it. A waiver past its date waives
nothing, and a waiver that matched no failure is dead weight: both are findings, so the file
cannot quietly rot.

"Today" is a parameter (``--today``, default the current UTC date), so the same inputs and the
same ``--today`` always give the same report.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

EXPIRED, UNUSED = "waiver.expired", "waiver.unused"
# What a waiver finding says and what to do about it (capeval.codes), as reports explain it.
MEANINGS = {
    EXPIRED: (
        "A waiver has expired",
        "The waiver's expiry date has passed: the failures it matched count again. Fix them, "
        "or renew the waiver with a new date, reason and owner.",
    ),
    UNUSED: (
        "A waiver matches no failure",
        "No failing result matches this waiver (fixed, renamed or removed). Delete it, so the "
        "waivers file lists only what is still accepted.",
    ),
}


@dataclass
class Waiver:
    """One waiver as read, and whether it waived anything."""

    line: int
    case_id: str
    system: str | None
    assertion: str
    code: str | None
    reason: str
    owner: str
    expires: datetime.date
    expired: bool
    used: int = 0

    def row(self) -> dict[str, Any]:
        """The waiver as the view shows it (beside the result it waives)."""
        return {
            "line": self.line,
            "reason": self.reason,
            "owner": self.owner,
            "expires": self.expires.isoformat(),
        }


def parse_date(text: str) -> datetime.date | None:
    """A YYYY-MM-DD calendar date, or None when that day does not exist (2026-02-30)."""
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        return None


@dataclass
class Waivers:
    """The waivers of one file, indexed by what they match."""

    path: str
    today: datetime.date
    entries: list[Waiver] = field(default_factory=list)
    _index: dict[tuple[str, str | None, str, str | None], Waiver] = field(default_factory=dict)

    def add(self, line: int, record: dict[str, Any], expires: datetime.date) -> None:
        waiver = Waiver(
            line=line,
            case_id=record["case_id"],
            system=record.get("system"),
            assertion=record["assertion"],
            code=record.get("code"),
            reason=record["reason"],
            owner=record["owner"],
            expires=expires,
            expired=expires < self.today,
        )
        self.entries.append(waiver)
        self._index[(waiver.case_id, waiver.system, waiver.assertion, waiver.code)] = waiver

    def match(self, case_id: str, system: str | None, assertion: str, code: str) -> Waiver | None:
        """The waiver of a failing result, or None; an expired one is returned too (it is a
        finding) but callers must check ``expired`` before treating the result as waived."""
        index = self._index
        if not index:
            return None
        for key in (
            (case_id, system, assertion, code),
            (case_id, system, assertion, None),
            (case_id, None, assertion, code),
            (case_id, None, assertion, None),
        ):
            waiver = index.get(key)
            if waiver is not None:
                return waiver
        return None

    def findings(self) -> list[dict[str, Any]]:
        """Expired and unused waivers, in file order (each one a finding of the report)."""
        rows = []
        for waiver in self.entries:
            if waiver.expired:
                code = EXPIRED
                what = f"expired on {waiver.expires.isoformat()}"
                if waiver.used:
                    what += f"; {waiver.used} failing result(s) it matches count again"
            elif not waiver.used:
                code = UNUSED
                what = "matches no failing result (fixed? remove it)"
            else:
                continue
            target = f"{waiver.case_id} / {waiver.assertion}"
            if waiver.system is not None:
                target += f" [{waiver.system}]"
            if waiver.code is not None:
                target += f" ({waiver.code})"
            rows.append(
                {
                    "code": code,
                    "line": waiver.line,
                    "case_id": waiver.case_id,
                    "system": waiver.system,
                    "assertion": waiver.assertion,
                    "result_code": waiver.code,
                    "owner": waiver.owner,
                    "reason": waiver.reason,
                    "expires": waiver.expires.isoformat(),
                    "message": f"waiver for {target} (owner {waiver.owner}) {what}",
                }
            )
        return rows
