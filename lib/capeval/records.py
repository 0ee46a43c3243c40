"""What the filters know about each other's records, in one place.

A filter reads records another filter wrote: cap-check writes AssertionResults that
cap-render-report reads, cap-aggregate-scores writes verdicts, findings and a run summary that
cap-render-report reads, cap-validate reads them all. The facts they share — names, statuses,
keys, the result builder, how a problem is described — live here, so no filter imports
another filter's package.
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from capeval.codes import CANDIDATE_MISSING, OK

# OK and CANDIDATE_MISSING are re-exported: the result codes every result reader tests.
__all__ = [
    "CANDIDATE_MISSING",
    "COMPLETENESS",
    "COMPLETENESS_COUNTS",
    "OK",
    "Problem",
    "assertion_result",
    "completeness_record",
    "case_id_of",
    "case_sha256",
    "pointer",
    "result_key",
    "waiver_key",
]

# -- problems ---------------------------------------------------------------------------------


class Problem(NamedTuple):
    """One thing wrong with a record: a stable code, where (JSON pointer), and why.

    ``severity`` None means the code's default (``codes.DIAGNOSTIC_CODES``).
    """

    code: str
    pointer: str | None
    message: str
    severity: str | None = None


def pointer(*steps: str | int) -> str:
    """The JSON pointer (RFC 6901) of ``steps``: ``pointer("scores", "a/b")`` → ``/scores/a~1b``."""
    return "".join("/" + str(step).replace("~", "~0").replace("/", "~1") for step in steps)


def case_id_of(record: dict[str, Any]) -> str | None:
    """The case a record is about: an EvalCase's ``id``, any other record's ``case_id``."""
    if "schema_version" in record:
        value = record.get("id")
    else:
        value = record.get("case_id", record.get("id"))
    return value if isinstance(value, str) else None


# -- AssertionResults (cap-check → cap-render-report, cap-validate) --------------------------

SEVERITIES = ("hard", "report")

ResultKey = tuple[str, str | None, str]


def result_key(record: dict[str, Any]) -> ResultKey:
    """What identifies a result in a stream, and matches it with its baseline."""
    return record["case_id"], record.get("system"), record["assertion"]


def assertion_result(
    case_id: str,
    system: str | None,
    assertion: str,
    severity: str,
    code: str,
    message: str,
    evidence: dict[str, Any],
) -> dict[str, Any]:
    """An AssertionResult record, keys in the documented order (``system`` only when named)."""
    result: dict[str, Any] = {"case_id": case_id}
    if system is not None:
        result["system"] = system
    result["assertion"] = assertion
    result["passed"] = code == OK
    result["severity"] = severity
    result["code"] = code
    result["message"] = message
    result["evidence"] = evidence
    return result


# -- completeness (cap-import --completeness → cap-render-report --completeness) --------------
#
# A catalog's translated share is no defect of any case: with cap-import's default
# ``--missing skip`` an untranslated message is no case at all, so the results stream cannot
# say it. cap-import writes one record per (target catalog, target locale) to a side file of
# its own, never into the case stream (which stays EvalCases for every filter after it);
# cap-render-report reads that file (after its stream, so one pipeline can make both) and
# shows the shares per target locale apart from the defects. The counts add up:
# messages = translated + untranslated + missing + fuzzy (fuzzy: not a candidate; with
# --include-fuzzy a fuzzy translation counts as translated).

COMPLETENESS = "catalog_completeness"
COMPLETENESS_COUNTS = ("messages", "translated", "untranslated", "missing", "fuzzy")


def completeness_record(
    catalog: str,
    source_catalog: str,
    source_locale: str,
    target_locale: str,
    counts: dict[str, int],
) -> dict[str, Any]:
    """A completeness record, keys in the documented order."""
    return {
        "kind": COMPLETENESS,
        "catalog": catalog,
        "source_catalog": source_catalog,
        "source_locale": source_locale,
        "target_locale": target_locale,
        **{name: counts.get(name, 0) for name in COMPLETENESS_COUNTS},
    }


# -- waivers (cap-render-report --waivers; cap-validate knows the kind) -----------------------

WaiverKey = tuple[str, str | None, str, str | None]


def waiver_key(record: dict[str, Any]) -> WaiverKey:
    """What a waiver matches: (case_id, system, assertion, code); None matches any."""
    return (record["case_id"], record.get("system"), record["assertion"], record.get("code"))


# -- aggregation records (cap-aggregate-scores → cap-render-report) --------------------------

CASE_VERDICT = "case_verdict"
FINDING = "finding"
RUN_SUMMARY = "run_summary"
# agreement per reviewer: one record per counted reviewer, before the run summary
REVIEWER_AGREEMENT = "reviewer_agreement"

PASS = "pass"
NEEDS_REVIEW = "needs_review"
NEEDS_REVISION = "needs_revision"
BLOCKED = "blocked"
# A case's status, in the order the run summary counts them.
STATUSES: tuple[str, ...] = (PASS, NEEDS_REVIEW, NEEDS_REVISION, BLOCKED)

# Finding codes.
CONFLICTED_REVIEWER = "conflicted_reviewer"
UNASSIGNED_REVIEWER = "unassigned_reviewer"
UNKNOWN_REVIEWER = "unknown_reviewer"
UNKNOWN_CRITERION = "unknown_criterion"
DISAGREEMENT = "disagreement"
# an adjudication (cap-aggregate-scores --adjudications) applied, or one that changed nothing
ADJUDICATED = "adjudicated"
ADJUDICATION_UNUSED = "adjudication_unused"
# Findings that restate a case's status (a report shows them with the case, not again).
STATUS_FINDINGS = frozenset({BLOCKED, NEEDS_REVISION, DISAGREEMENT})
# A finding's follow-up (cap-aggregate-scores --follow-ups): the fields a finding carries, and
# the run summary's counts of findings by follow-up status (none: no follow-up yet).
FOLLOW_UP_FIELDS = ("owner", "action", "status", "date", "retest_note")
FOLLOW_UP_COUNTS = ("open", "fixed", "accepted", "none")

# What keeps the deployment-evidence gate closed, in the order they are listed.
BLOCKER_MEANING: dict[str, str] = {
    "case_not_pass": "not every case of the case file has status pass",
    "too_few_cases": "fewer cases have a verdict than the configured min_cases",
    "synthetic_evidence": "synthetic cases or reviews are part of the evidence",
    "no_expert_validation": "external expert validation is not documented",
    "blocking_findings": "a blocking finding exists",
}
CASE_NOT_PASS, TOO_FEW_CASES, SYNTHETIC_EVIDENCE, NO_EXPERT_VALIDATION, BLOCKING_FINDINGS = (
    BLOCKER_MEANING
)

# Krippendorff's own rule of thumb: below 0.667 data support no tentative conclusions.
LOW_AGREEMENT = 0.667


# -- the case hash: what a reviewer saw (reviews, adjudications ↔ quality cases) -------------
#
# A review is a judgement of one version of a quality case. cap-review-form writes into every
# exported review the hash of the case content it was scored against; cap-validate --cases and
# cap-aggregate-scores --adjudications recompute it from the case file, so a judgement of a
# case that has changed since is reported (review.stale, adjudication.stale), never
# aggregated silently. The hash is ``sha256:<hex>`` of the sorted-key compact JSON (UTF-8, no
# ASCII escaping) of the case fields a reviewer is shown; other fields (domain,
# privacy_labels, refs, source_hash, x-*) may change without making a judgement stale.

CASE_HASH_FIELD = "case_sha256"
CASE_SEEN_FIELDS: tuple[str, ...] = (
    "case_id",
    "profile",
    "scenario",
    "input_summary",
    "candidate_output",
    "criteria",
    "expected_quality_notes",
)


def case_seen_content(case: dict[str, Any]) -> dict[str, Any]:
    """The part of a quality case a reviewer sees (absent fields as null)."""
    return {name: case.get(name) for name in CASE_SEEN_FIELDS}


def case_sha256(case: dict[str, Any]) -> str:
    """``sha256:<hex>`` of the sorted-key compact JSON of ``case_seen_content(case)``."""
    from capeval.jsonl import dumps_sorted

    return "sha256:" + sha256(dumps_sorted(case_seen_content(case))).hexdigest()


def sha256(data: bytes) -> Any:
    """A SHA-256 hash of ``data``: CPython's built-in implementation where there is one
    (importing hashlib loads OpenSSL, ~3.5 ms of a command's start-up), else hashlib's."""
    return _sha256_type()(data)


@cache
def _sha256_type() -> Any:
    try:
        from _sha256 import sha256 as builtin  # CPython <= 3.11
    except ImportError:
        try:
            from _sha2 import sha256 as builtin  # CPython >= 3.12
        except ImportError:
            from hashlib import sha256 as builtin
    return builtin
