"""The dataset manifest of ``--manifest PATH`` (the review protocol's "Dataset manifest").

One JSON Lines record per accepted case, in input order, keys in this order::

    {"id", "kind", "profile", "domain", "synthetic", "consent_ref", "privacy_labels",
     "source_hash", "provenance_ref", "sha256"}

* ``kind``: ``evalcase`` or ``quality-case`` (other record kinds are not cases and are not
  listed);
* ``profile``: the quality case's profile (``null`` for an EvalCase);
* ``synthetic``: the quality case's flag; for an EvalCase, ``provenance.kind == "synthetic"``;
* ``consent_ref``: ``dataset_consent_ref``, else ``governance_ref``, else ``null``;
* ``privacy_labels``: the quality case's labels (``[]`` for an EvalCase);
* ``source_hash``: the case's own ``source_hash`` field, or ``null``;
* ``provenance_ref``: the quality case's ``provenance_ref`` (where its content came from), or
  ``null`` (an EvalCase's provenance is its own ``provenance`` object);
* ``sha256``: ``sha256:<hex>`` of the record's canonical JSON (sorted keys, compact, UTF-8),
  so a manifest pins the exact content reviewed.
"""

from __future__ import annotations

import hashlib
from typing import Any

from capeval.jsonl import dumps_sorted

CASE_KINDS = frozenset({"evalcase", "quality-case"})


def canonical_sha256(record: dict[str, Any]) -> str:
    return "sha256:" + hashlib.sha256(dumps_sorted(record)).hexdigest()


def manifest_entry(kind: str, record: dict[str, Any]) -> dict[str, Any] | None:
    """The manifest record of an accepted record, or None when it is not a case."""
    if kind == "evalcase":
        return {
            "id": record["id"],
            "kind": kind,
            "profile": None,
            "domain": record["domain"],
            "synthetic": record["provenance"]["kind"] == "synthetic",
            "consent_ref": None,
            "privacy_labels": [],
            "source_hash": None,
            "provenance_ref": None,
            "sha256": canonical_sha256(record),
        }
    if kind == "quality-case":
        return {
            "id": record["case_id"],
            "kind": kind,
            "profile": record["profile"],
            "domain": record["domain"],
            "synthetic": record["synthetic"],
            "consent_ref": record.get("dataset_consent_ref") or record.get("governance_ref"),
            "privacy_labels": record["privacy_labels"],
            "source_hash": record.get("source_hash"),
            "provenance_ref": record.get("provenance_ref"),
            "sha256": canonical_sha256(record),
        }
    return None
