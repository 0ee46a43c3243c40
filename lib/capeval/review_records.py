"""Quality cases, reviews and roster entries as the review commands read them
(cap-aggregate-scores, cap-review-form, cap-assign): outside any one filter's package, as no
filter imports another's.

The records are checked with the same compiled schemas as cap-validate (``capeval.schemas``),
then with the contract rules the aggregation relies on, so a bad line becomes a diagnostic
with a stable code (``schema.<keyword>`` with a JSON pointer, or a contract code) instead of
a crash. Each ``*_problems`` function returns the problems of one record: a schema problem
alone (the first found, as fastjsonschema reports), or every contract problem.
"""

# Annotations evaluated as the module loads (no __future__ import): each NamedTuple field's
# would otherwise be compiled from its string at every start-up.

from typing import Any, NamedTuple

from capeval.config import Config, quality_case_problems
from capeval.records import Problem, pointer


class Case(NamedTuple):
    case_id: str
    profile: str
    synthetic: bool
    criteria: tuple[str, ...]
    dataset_consent_ref: str | None
    governance_ref: str | None
    # a gold case: (criterion -> known score, known blocking flags); None for the others
    gold: tuple[dict[str, int], tuple[str, ...]] | None = None


class Review(NamedTuple):
    case_id: str
    reviewer_id: str
    synthetic: bool
    scores: dict[str, int]
    blocking_flags: tuple[str, ...]


class RosterEntry(NamedTuple):
    reviewer_id: str
    role: str
    qualifications: str
    independent: bool
    conflicts: frozenset[str]
    # None: assigned to every case
    assignments: frozenset[str] | None


def _schema_problem(kind: str, record: dict[str, Any]) -> Problem | None:
    """The schema problem of ``record`` as cap-validate reports it (the first one), or None."""
    from capeval import schemas

    return schemas.problem(kind, record)


# -- quality cases ---------------------------------------------------------------------------
def case_problems(record: dict[str, Any], config: Config) -> list[Problem]:
    """Why ``record`` cannot be aggregated as a quality case (empty when it can)."""
    return quality_case_problems(
        record,
        config,
        consent_message="non-synthetic case without dataset_consent_ref or governance_ref: "
        "no verdict is given for it",
        consent_pointer=None,
    )


def case_from_record(record: dict[str, Any]) -> Case:
    return Case(
        case_id=record["case_id"],
        profile=record["profile"],
        synthetic=record["synthetic"],
        # a criterion listed twice is still one criterion
        criteria=tuple(dict.fromkeys(record["criteria"])),
        dataset_consent_ref=record.get("dataset_consent_ref") or None,
        governance_ref=record.get("governance_ref") or None,
        gold=_gold(record.get("gold")),
    )


def _gold(gold: dict[str, Any] | None) -> tuple[dict[str, int], tuple[str, ...]] | None:
    if gold is None:
        return None
    return dict(gold["scores"]), tuple(dict.fromkeys(gold.get("blocking_flags", ())))


# -- reviews ---------------------------------------------------------------------------------
def review_problems(record: dict[str, Any], config: Config, partial: bool = False) -> list[Problem]:
    """Why ``record`` cannot be counted as a review (or a partial review when ``partial``)."""
    if partial:
        # a partial is a review without its role, with kind "partial" (set by the caller)
        reduced = {key: value for key, value in record.items() if key != "kind"}
        shape = _schema_problem("review", {**reduced, "reviewer_role": "partial"})
    else:
        shape = _schema_problem("review", record)
    if shape is not None:
        return [shape]
    problems: list[Problem] = []
    low, high = config.score_range
    for criterion, score in record["scores"].items():
        if not low <= score <= high:
            problems.append(
                Problem(
                    "review.score_range",
                    pointer("scores", criterion),
                    f"score {score} is outside the configured range {low}..{high}",
                )
            )
    configured = set(config.blocking_flags)
    for index, flag in enumerate(record["blocking_flags"]):
        if flag not in configured:
            problems.append(
                Problem(
                    "review.flag_unknown",
                    f"/blocking_flags/{index}",
                    f"blocking flag {flag} is not configured",
                )
            )
    return problems


def reviewer_id(text: str) -> str:
    """A reviewer id as compared: NFC (the same letters typed on another keyboard or copied
    from another system are the same person)."""
    import unicodedata

    return text if text.isascii() else unicodedata.normalize("NFC", text)


def reviewer_look(text: str) -> str:
    """What a reviewer id looks like: NFKC (full-width letters), case folded, without
    invisible characters (zero-width, bidi) or surrounding blanks. Two ids that look alike
    and differ are one person typed twice, or an impersonation: never two reviewers."""
    import unicodedata

    folded = unicodedata.normalize("NFKC", text).casefold()
    return "".join(c for c in folded if unicodedata.category(c) != "Cf").strip()


def review_from_record(record: dict[str, Any]) -> Review:
    return Review(
        case_id=record["case_id"],
        reviewer_id=reviewer_id(record["reviewer_id"]),
        synthetic=record["synthetic"],
        scores=dict(record["scores"]),
        blocking_flags=tuple(dict.fromkeys(record["blocking_flags"])),
    )


# -- roster ----------------------------------------------------------------------------------
def read_roster(run: Any, path: str) -> dict[str, tuple[int, dict[str, Any]]]:
    """reviewer_id → (line, record) of a roster file as every reviewer-facing filter reads
    it: the roster schema, then the secret scan; the first entry of a reviewer counts."""
    from capeval.secrets import secret_problems

    return run.first_of_each(
        path,
        lambda record: next(iter(roster_problems(record) or secret_problems(record)), None),
        lambda record: record["reviewer_id"],
        lambda key: Problem("id.duplicate", "/reviewer_id", f"reviewer {key} already read"),
    )


def roster_problems(record: dict[str, Any]) -> list[Problem]:
    shape = _schema_problem("roster", record)
    return [shape] if shape is not None else []


def roster_entry_from_record(record: dict[str, Any]) -> RosterEntry:
    assignments = record.get("assignments")
    return RosterEntry(
        reviewer_id=reviewer_id(record["reviewer_id"]),
        role=record["role"],
        qualifications=record["qualifications"],
        independent=record["independent"],
        conflicts=frozenset(record.get("conflicts", ())),
        assignments=None if assignments is None else frozenset(assignments),
    )
