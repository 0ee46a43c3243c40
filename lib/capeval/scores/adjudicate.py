"""Adjudications (``--adjudications FILE``): what makes one usable, and how it is applied.

The rule, in the order it is applied to one case:

1. **Blocking flags are cleared only by name.** A flag raised by a counted review stays
   unless an adjudication of the case lists it in ``override_blocking_flags`` — an explicit,
   recorded override (the verdict names the flag, the adjudicator and the rationale). A
   decision alone never clears a flag: a case with a flag nobody overrode stays ``blocked``.
2. **An adjudication resolves a hold.** A criterion held for review — fewer than
   ``min_reviewers`` counted scores, or a disagreement — is resolved by the adjudication of
   that criterion, else by the adjudication of the whole case (``criterion`` absent). The
   decision is the criterion's outcome: ``pass`` or ``needs_revision``.
3. **Nothing else changes.** A criterion without a hold keeps its outcome from the scores
   (an adjudication cannot overrule reviewers who agree), and scores, means and agreement
   are never altered. An adjudication that resolves no hold and clears no raised flag is
   reported as an ``adjudication_unused`` finding.

The status is then computed as without adjudications: a remaining flag → ``blocked``; an
unresolved hold → ``needs_review``; a criterion below the threshold or decided
``needs_revision`` → ``needs_revision``; else ``pass``.

An adjudication is usable when its record passes the schema, its override flags are
configured, its case is in ``--cases``, its criterion (if any) is listed by the case, its
``case_sha256`` (if any) matches the case, and its adjudicator is in the roster without a
declared conflict with the case. Only the first adjudication of a (case, criterion) counts.
"""

# Annotations evaluated as the module loads (no __future__ import): each NamedTuple field's
# would otherwise be compiled from its string at every start-up.

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from capeval.config import Config
from capeval.records import Problem, pointer


class Adjudication(NamedTuple):
    case_id: str
    # None: the whole case
    criterion: str | None
    adjudicator_id: str
    synthetic: bool
    decision: str
    rationale: str
    override_blocking_flags: tuple[str, ...] = ()


def adjudication_from_record(record: dict[str, Any]) -> Adjudication:
    return Adjudication(
        case_id=record["case_id"],
        criterion=record.get("criterion"),
        adjudicator_id=record["adjudicator_id"],
        synthetic=record["synthetic"],
        decision=record["decision"],
        rationale=record["rationale"],
        override_blocking_flags=tuple(record.get("override_blocking_flags", ())),
    )


def adjudication_problems(
    record: dict[str, Any],
    config: Config,
    criteria: Sequence[str],
    case_hash: str,
    roster: Mapping[str, Any],
) -> list[Problem]:
    """Why ``record`` (an adjudication of a case in ``--cases``) cannot be applied.

    ``criteria`` and ``case_hash`` are the case's; ``roster`` maps reviewer ids to entries
    with ``conflicts``. The schema is checked by the caller first.
    """
    problems: list[Problem] = []
    criterion = record.get("criterion")
    if criterion is not None and criterion not in criteria:
        problems.append(
            Problem(
                "adjudication.criterion_unknown",
                "/criterion",
                f"case {record['case_id']} does not list criterion {criterion}",
            )
        )
    configured = set(config.blocking_flags)
    for index, flag in enumerate(record.get("override_blocking_flags", ())):
        if flag not in configured:
            problems.append(
                Problem(
                    "adjudication.flag_unknown",
                    pointer("override_blocking_flags", index),
                    f"blocking flag {flag} is not configured",
                )
            )
    recorded = record.get("case_sha256")
    if recorded is not None and recorded != case_hash:
        problems.append(
            Problem(
                "adjudication.stale",
                "/case_sha256",
                f"case {record['case_id']} has changed since it was adjudicated "
                "(case_sha256 differs)",
            )
        )
    entry = roster.get(record["adjudicator_id"])
    if entry is None:
        problems.append(
            Problem(
                "adjudication.adjudicator_unknown",
                "/adjudicator_id",
                f"adjudicator {record['adjudicator_id']} is not in the roster",
            )
        )
    elif record["case_id"] in entry.conflicts:
        problems.append(
            Problem(
                "adjudication.conflicted",
                "/adjudicator_id",
                f"adjudicator {record['adjudicator_id']} has a declared conflict with case "
                f"{record['case_id']}",
            )
        )
    return problems


class Resolution(NamedTuple):
    """What the adjudications of one case did."""

    # raised flags that still block, in the order given
    flags: list[str]
    # flag -> the adjudication that cleared it
    overridden: dict[str, Adjudication]
    # held criterion -> the adjudication that resolved it
    resolved: dict[str, Adjudication]
    # adjudications that resolved no hold and cleared no raised flag
    unused: list[Adjudication]


def resolve(
    raised: Sequence[str], held: Sequence[str], adjudications: Sequence[Adjudication]
) -> Resolution:
    """Apply the rule above to one case: ``raised`` flags, ``held`` criteria (in order)."""
    overridden: dict[str, Adjudication] = {}
    for adjudication in adjudications:
        for flag in adjudication.override_blocking_flags:
            if flag in raised and flag not in overridden:
                overridden[flag] = adjudication
    by_criterion = {a.criterion: a for a in adjudications if a.criterion is not None}
    whole_case = next((a for a in adjudications if a.criterion is None), None)
    resolved: dict[str, Adjudication] = {}
    for criterion in held:
        chosen = by_criterion.get(criterion, whole_case)
        if chosen is not None:
            resolved[criterion] = chosen
    used = {id(a) for a in overridden.values()} | {id(a) for a in resolved.values()}
    return Resolution(
        flags=[flag for flag in raised if flag not in overridden],
        overridden=overridden,
        resolved=resolved,
        unused=[a for a in adjudications if id(a) not in used],
    )


def described(resolution: Resolution, adjudications: Sequence[Adjudication]) -> list[dict]:
    """The case's adjudications as its verdict lists them, with what each did."""
    listed = []
    for adjudication in adjudications:
        listed.append(
            {
                "criterion": adjudication.criterion,
                "adjudicator_id": adjudication.adjudicator_id,
                "decision": adjudication.decision,
                "rationale": adjudication.rationale,
                "override_blocking_flags": list(adjudication.override_blocking_flags),
                # what it changed: the held criteria it resolved, the raised flags it cleared
                "resolved": [c for c, a in resolution.resolved.items() if a is adjudication],
                "overridden": [f for f, a in resolution.overridden.items() if a is adjudication],
            }
        )
    return listed
