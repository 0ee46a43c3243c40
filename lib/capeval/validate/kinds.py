"""Record kinds: recognising a record's kind from its fields, and its unique key."""

from __future__ import annotations

from typing import Any

from capeval.records import waiver_key

KINDS = (
    "evalcase",
    "candidate",
    "result",
    "quality-case",
    "review",
    "roster",
    "adjudication",
    "waiver",
    "follow-up",
)


def detect_kind(record: dict[str, Any]) -> str | None:
    """The kind a record's fields say it is, in the contract order, or None."""
    if "schema_version" in record:
        return "evalcase"
    if "adjudicator_id" in record:
        return "adjudication"
    if "owner" in record and "finding" in record:
        return "follow-up"
    if "reviewer_id" in record:
        if "scores" in record:
            return "review"
        if "qualifications" in record:
            return "roster"
    if "profile" in record and "criteria" in record:
        return "quality-case"
    if "assertion" in record and "passed" in record:
        return "result"
    if "assertion" in record and "expires" in record:
        return "waiver"
    if "case_id" in record and "text" in record:
        return "candidate"
    return None


def unique_key(kind: str, record: dict[str, Any]) -> Any:
    """The key that must be unique in a stream for records of ``kind``."""
    if kind == "evalcase":
        return record["id"]
    if kind == "candidate":
        return (record["case_id"], record.get("system"))
    if kind == "result":
        return (record["case_id"], record.get("system"), record["assertion"])
    if kind == "review":
        return (record["case_id"], record["reviewer_id"])
    if kind == "roster":
        return record["reviewer_id"]
    if kind == "adjudication":
        # one adjudication per criterion, and one for the whole case (criterion absent)
        return (record["case_id"], record.get("criterion"))
    if kind == "waiver":
        return waiver_key(record)
    if kind == "follow-up":
        return (record["case_id"], record["finding"])
    return record["case_id"]
