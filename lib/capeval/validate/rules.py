"""Contract rules that run on records which passed their schema.

``ContractRules(config, case_criteria).problems(kind, record)`` yields every problem of one
record as a ``records.Problem``. Stream-wide rules (unique keys, the id lock, the locked
split, secrets on the raw line) live in ``capeval.validate`` itself.

Everything here is cheap per record: locales and licences are looked up once per distinct
value (``locales``, ``licenses``), and free-text privacy scans are cached per string.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, NamedTuple

from capeval import assertions
from capeval.codes import ERROR
from capeval.config import Config, gold_problems
from capeval.records import CASE_HASH_FIELD, Problem, pointer
from capeval.validate.licenses import KNOWN_VALID, LICENSE_INVALID, license_problem
from capeval.validate.locales import KNOWN_CANONICAL, locale_problem
from capeval.validate.privacy import (
    ADJUDICATION_FIELDS,
    QUALITY_CASE_FIELDS,
    REVIEW_FIELDS,
    privacy_findings,
)

# provenance kinds that reuse external material and so must say where it came from
SOURCED_PROVENANCE = frozenset({"public-domain", "compatible-licensed"})

_PRIVACY_MESSAGES = {
    "privacy.email": "contains an email address; keep direct identifiers out of case files",
    "privacy.phone": "contains a phone number; keep direct identifiers out of case files",
    "privacy.transcript": "looks like a raw transcript (three or more speaker turns); "
    "use a redacted summary",
}


class ContractRules:
    """The per-record contract rules of one run, with its configuration."""

    def __init__(
        self,
        config: Config | None = None,
        case_criteria: Mapping[str, frozenset[str]] | None = None,
        case_hashes: Mapping[str, str] | None = None,
    ) -> None:
        self.config = config or Config()
        # case_id -> criteria of the quality cases of --cases (None: not given)
        self.case_criteria = case_criteria
        # case_id -> capeval.records.case_sha256 of those cases (None: not given)
        self.case_hashes = case_hashes
        low, high = self.config.score_range
        self.score_low, self.score_high = low, high
        self.flags = frozenset(self.config.blocking_flags)
        self.profiles = {name: frozenset(c) for name, c in self.config.profiles.items()}
        self.privacy_severity = ERROR if self.config.privacy_as_error else None

    def problems(self, kind: str, record: dict[str, Any]) -> list[Problem]:
        """Every contract-rule problem of one schema-valid record of ``kind``."""
        if kind == "evalcase":
            return self._evalcase(record)
        if kind == "quality-case":
            return list(self._quality_case(record))
        if kind == "review":
            return list(self._review(record))
        if kind == "adjudication":
            return list(self._adjudication(record))
        if kind == "follow-up":
            return list(self._follow_up(record))
        return []

    # -- EvalCase v1 --------------------------------------------------------------------------
    def _evalcase(self, case: dict[str, Any]) -> list[Problem]:
        found: list[Problem] = []
        for rule in EVALCASE_RULES:
            found.extend(rule.check(case))
        return found

    # -- quality cases and reviews ------------------------------------------------------------
    def _quality_case(self, case: dict[str, Any]) -> Iterator[Problem]:
        if case["synthetic"] is False and not (
            case.get("dataset_consent_ref") or case.get("governance_ref")
        ):
            yield Problem(
                "consent.missing",
                "/dataset_consent_ref",
                "a non-synthetic case needs dataset_consent_ref or governance_ref",
                None,
            )
        known = self.profiles.get(case["profile"])
        if known is None:
            yield Problem(
                "case.profile_unknown",
                "/profile",
                f"unknown profile {case['profile']!r}; known: {', '.join(sorted(self.profiles))}",
                None,
            )
        else:
            for index, criterion in enumerate(case["criteria"]):
                if criterion not in known:
                    yield Problem(
                        "case.criterion_unknown",
                        f"/criteria/{index}",
                        f"criterion {criterion!r} is not in profile {case['profile']}",
                        None,
                    )
        yield from gold_problems(case, self.config)
        yield from self._privacy(case, QUALITY_CASE_FIELDS)

    def _review(self, review: dict[str, Any]) -> Iterator[Problem]:
        low, high = self.score_low, self.score_high
        listed = None
        if self.case_criteria is not None:
            listed = self.case_criteria.get(review["case_id"])
        for criterion, score in review["scores"].items():
            where = pointer("scores", criterion)
            if not low <= score <= high:
                yield Problem(
                    "review.score_range",
                    where,
                    f"score {score} is outside [{low}, {high}]",
                    None,
                )
            if listed is not None and criterion not in listed:
                yield Problem(
                    "review.criterion_unknown",
                    where,
                    f"case {review['case_id']} does not list criterion {criterion!r}",
                    None,
                )
        for index, flag in enumerate(review["blocking_flags"]):
            if flag not in self.flags:
                yield Problem(
                    "review.flag_unknown",
                    f"/blocking_flags/{index}",
                    f"blocking flag {flag!r} is not configured",
                    None,
                )
        stale = self._stale(review, "review.stale")
        if stale is not None:
            yield stale
        yield from self._privacy(review, REVIEW_FIELDS)

    def _adjudication(self, adjudication: dict[str, Any]) -> Iterator[Problem]:
        criterion = adjudication.get("criterion")
        if criterion is not None and self.case_criteria is not None:
            listed = self.case_criteria.get(adjudication["case_id"])
            if listed is not None and criterion not in listed:
                yield Problem(
                    "adjudication.criterion_unknown",
                    "/criterion",
                    f"case {adjudication['case_id']} does not list criterion {criterion!r}",
                )
        for index, flag in enumerate(adjudication.get("override_blocking_flags", ())):
            if flag not in self.flags:
                yield Problem(
                    "adjudication.flag_unknown",
                    pointer("override_blocking_flags", index),
                    f"blocking flag {flag!r} is not configured",
                )
        stale = self._stale(adjudication, "adjudication.stale")
        if stale is not None:
            yield stale
        yield from self._privacy(adjudication, ADJUDICATION_FIELDS)

    def _follow_up(self, follow_up: dict[str, Any]) -> Iterator[Problem]:
        stale = self._stale(follow_up, "follow_up.stale")
        if stale is not None:
            yield stale
        yield from self._privacy(follow_up, ("action", "retest_note"))

    def _stale(self, record: dict[str, Any], code: str) -> Problem | None:
        """``code`` when the record's case_sha256 is not the hash of its case in --cases."""
        recorded = record.get(CASE_HASH_FIELD)
        if recorded is None or self.case_hashes is None:
            return None
        current = self.case_hashes.get(record["case_id"])
        if current is None or current == recorded:
            return None
        return Problem(
            code,
            pointer(CASE_HASH_FIELD),
            f"case {record['case_id']} has changed since it was judged "
            "(case_sha256 differs): judge it again",
        )

    def _privacy(self, record: dict[str, Any], fields: tuple[str, ...]) -> Iterator[Problem]:
        for field in fields:
            text = record.get(field)
            if not text:
                continue
            for code in privacy_findings(text):
                yield Problem(code, "/" + field, _PRIVACY_MESSAGES[code], self.privacy_severity)


class Rule(NamedTuple):
    """One EvalCase contract rule: the top-level fields it reads (and nothing else of the
    case: tests/test_validate_rules.py records what each rule touches), and its check."""

    reads: tuple[str, ...]
    check: Callable[[dict[str, Any]], list[Problem]]


def _locales(case: dict[str, Any]) -> list[Problem]:
    # set lookups first; each distinct value outside the common set is cached by its module
    found = []
    for field in ("source_locale", "target_locale"):
        tag = case[field]
        if tag not in KNOWN_CANONICAL:
            problem = locale_problem(tag)
            if problem is not None:
                found.append(Problem(problem[0], "/" + field, problem[1], None))
    return found


def _provenance(case: dict[str, Any]) -> list[Problem]:
    found = []
    provenance = case["provenance"]
    if provenance["license"] not in KNOWN_VALID:
        message = license_problem(provenance["license"])
        if message is not None:
            found.append(Problem(LICENSE_INVALID, "/provenance/license", message, None))
    if provenance["kind"] in SOURCED_PROVENANCE and not provenance.get("source"):
        found.append(
            Problem(
                "provenance.source_missing",
                "/provenance/source",
                f"{provenance['kind']} material must name its source (an identifier or URL)",
                None,
            )
        )
    return found


def _assertions(case: dict[str, Any]) -> list[Problem]:
    """The assertions' names, and each one's params by its module's ``param_errors``."""
    found: list[Problem] = []
    seen: set[str] = set()
    for index, assertion in enumerate(case["assertions"]):
        name = assertion["name"]
        if name not in assertions.NAMES:
            message = f"unknown assertion {name!r}"
            found.append(
                Problem("assertion.unknown", pointer("assertions", index, "name"), message, None)
            )
            continue
        if name in seen:
            found.append(
                Problem(
                    "assertion.duplicate",
                    pointer("assertions", index, "name"),
                    f"{name} appears twice",
                    None,
                )
            )
        seen.add(name)
        hook = _param_hook(name)
        if hook is not None:
            for error in hook(case, assertion.get("params") or {}):
                found.append(
                    Problem("assertion.params", pointer("assertions", index, "params"), error, None)
                )
    return found


# in the order their problems are reported
EVALCASE_RULES = (
    Rule(("source_locale", "target_locale"), _locales),
    Rule(("provenance",), _provenance),
    Rule(("assertions", *assertions.PARAM_CASE_FIELDS), _assertions),
)

# every top-level field the EvalCase rules read
EVALCASE_READS = frozenset(field for rule in EVALCASE_RULES for field in rule.reads)

_hooks: dict[str, Any] = {}


def _param_hook(name: str) -> Any:
    """The assertion module's ``param_errors``, looked up once per name (None: no rules)."""
    if name in _hooks:
        return _hooks[name]
    hook = _hooks[name] = getattr(assertions.load(name), "param_errors", None)
    return hook
