"""The one comparer for token-list placeholder syntaxes (printf, python, custom).

An extractor turns a string into an :class:`Extraction`: the placeholders in order of
appearance plus the syntax errors it met (it recovers after each error and keeps going, so
the evidence can name everything that is wrong). :func:`compare` then applies the contract's
reference semantics to a source and a candidate extraction:

* a placeholder has a *key* (argument number, name, or for unnumbered ones its slot) and a
  *spec* (everything else); its identity is ``(key, spec)`` when numbered or named and
  ``spec`` alone when unnumbered — unless one side numbers and the other does not, in which
  case every unnumbered placeholder is numbered by its slot first;
1. multisets of identities: one side only → missing/extra, a missing and an extra with the
   same key (or slot) → one mutated; on both sides with different counts → count_mismatch;
2. unnumbered binding: slot by slot, a different spec → mutated;
3. order (only when reordering is not allowed): numbered/named placeholders in another
   order → reordered.

The comparer stops at the first step that finds a problem. Several token groups (python's
``%`` and ``{}`` styles, auto's brace/mustache/percent groups) are compared group by group
and their findings merged by :func:`outcome`.
"""

from __future__ import annotations

from collections import deque
from typing import Any, NamedTuple

from capeval.verdict import Outcome

__all__ = [
    "Extraction",
    "Findings",
    "Placeholder",
    "SyntaxIssue",
    "compare",
    "outcome",
]

SYNTAX = "placeholder_syntax"
MUTATED = "placeholder_mutated"
MISSING = "placeholder_missing"
EXTRA = "placeholder_extra"
COUNT_MISMATCH = "placeholder_count_mismatch"
REORDERED = "placeholder_reordered"
# The comparer's verdicts in precedence order (the first one found is the code), each with
# its meaning (capeval.codes: what it says, what to do).
MEANINGS = {
    SYNTAX: (
        "Placeholder syntax is broken",
        "The candidate (or, with evidence.side source, the source) has a placeholder that does "
        "not parse: unbalanced braces, a % that starts no valid directive, an ICU message that "
        "does not parse. Fix the syntax so the runtime can substitute the argument.",
    ),
    MUTATED: (
        "A placeholder changed its spec or type",
        "A placeholder kept its slot or name but changed its conversion, flags, width or format "
        "(%d became %s, {n:>10} became {n}). Copy the placeholder from the source unchanged.",
    ),
    MISSING: (
        "A placeholder of the source is missing",
        "The translation drops a placeholder the source has: the argument will not appear. Add "
        "it back where the language puts it.",
    ),
    EXTRA: (
        "A placeholder the source does not have",
        "The translation has a placeholder the source lacks (often a literal % read as a "
        "directive). Remove it, or escape a literal percent sign as %%.",
    ),
    COUNT_MISMATCH: (
        "A placeholder appears a different number of times",
        "A placeholder present on both sides occurs a different number of times. Use each "
        "placeholder as often as the source does.",
    ),
    REORDERED: (
        "Placeholders moved where moving is not allowed",
        "The case does not allow reordering (allow_reorder: false) and the translation puts "
        "numbered or named placeholders in another order. Keep the source's order.",
    ),
}
CODES = tuple(MEANINGS)


class Placeholder(NamedTuple):
    """One placeholder as written.

    ``key`` is the argument number (int), the name (str), or for an unnumbered placeholder
    its slot (int: 1, 2, … for ``%``; 0, 1, … for ``{}``). ``spec`` is the normalised rest
    (flags, width, precision, length, conversion; for brace fields accessors, ``!conv`` and
    ``:format``). ``slot_spec`` is the spec to use once an unnumbered placeholder is numbered
    by slot, when that differs (a printf ``*`` width names its own argument then).
    """

    text: str
    key: int | str
    spec: str
    pos: int
    numbered: bool
    slot_spec: str | None = None


class SyntaxIssue(NamedTuple):
    pos: int
    message: str


class Extraction(NamedTuple):
    tokens: tuple[Placeholder, ...]
    errors: tuple[SyntaxIssue, ...]


class Findings:
    """What one comparison found; empty when the two sides agree."""

    __slots__ = ("missing", "extra", "mutated", "count_mismatch", "reordered")

    def __init__(self) -> None:
        self.missing: list[Placeholder] = []
        self.extra: list[Placeholder] = []
        self.mutated: list[tuple[Placeholder, Placeholder]] = []
        self.count_mismatch: list[tuple[str, int, int]] = []
        self.reordered = False

    def __bool__(self) -> bool:
        return bool(
            self.missing or self.extra or self.mutated or self.count_mismatch or self.reordered
        )

    def merge(self, other: Findings) -> None:
        self.missing += other.missing
        self.extra += other.extra
        self.mutated += other.mutated
        self.count_mismatch += other.count_mismatch
        self.reordered = self.reordered or other.reordered


def _identities(tokens: tuple[Placeholder, ...], pure: bool) -> list[Any]:
    if pure:
        return [t.spec for t in tokens]
    return [
        (t.key, t.spec) if t.numbered or t.slot_spec is None else (t.key, t.slot_spec)
        for t in tokens
    ]


def _count(items: list[Any]) -> dict[Any, int]:
    counts: dict[Any, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return counts


def _by_identity(
    tokens: tuple[Placeholder, ...], identities: list[Any]
) -> dict[Any, list[Placeholder]]:
    groups: dict[Any, list[Placeholder]] = {}
    for token, identity in zip(tokens, identities, strict=True):
        groups.setdefault(identity, []).append(token)
    return groups


def _surplus(
    mine: dict[Any, list[Placeholder]], theirs: dict[Any, list[Placeholder]]
) -> list[tuple[Any, list[Placeholder], int]]:
    """Per identity that ``mine`` has more often: the occurrences that may be surplus, and
    how many are. Occurrences whose key (slot) the other side also has are matched first."""
    pools = []
    for identity, tokens in mine.items():
        other = theirs.get(identity, ())
        need = len(tokens) - len(other)
        if need <= 0:
            continue
        if not other:
            pools.append((identity, tokens, need))
            continue
        other_keys = _count([t.key for t in other])
        unmatched = []
        for token in tokens:
            if other_keys.get(token.key, 0):
                other_keys[token.key] -= 1
            else:
                unmatched.append(token)
        pools.append((identity, unmatched or tokens, need))
    return pools


def _pick(
    pools: list[tuple[Any, list[Placeholder], int]], partner_keys: set[Any]
) -> list[tuple[Any, Placeholder]]:
    """Choose the surplus occurrences, preferring ones a mutation on the other side explains."""
    chosen = []
    for identity, tokens, need in pools:
        preferred = [t for t in tokens if t.key in partner_keys]
        rest = [t for t in tokens if t.key not in partner_keys]
        chosen += [(identity, t) for t in (preferred + rest)[:need]]
    chosen.sort(key=lambda pair: pair[1].pos)
    return chosen


def _step_one(
    found: Findings,
    source: tuple[Placeholder, ...],
    source_ids: list[Any],
    candidate: tuple[Placeholder, ...],
    candidate_ids: list[Any],
) -> None:
    """Missing, extra, mutated and count_mismatch from the two multisets of identities.

    Surplus occurrences (an identity the other side has fewer times, or not at all) are the
    missing/extra candidates; a missing and an extra one with the same key (slot) are one
    mutation — so ``%d %d`` → ``%i %d`` is ``%d`` mutated to ``%i`` at slot 1, not an extra
    ``%i`` plus a count mismatch. What stays unpaired is missing/extra when its identity is
    absent from the other side, else a count mismatch.
    """
    source_groups = _by_identity(source, source_ids)
    candidate_groups = _by_identity(candidate, candidate_ids)
    missing_pools = _surplus(source_groups, candidate_groups)
    extra_pools = _surplus(candidate_groups, source_groups)
    missing = _pick(missing_pools, {t.key for _, tokens, _ in extra_pools for t in tokens})
    extra = _pick(extra_pools, {t.key for _, tokens, _ in missing_pools for t in tokens})
    # Each missing occurrence pairs with the first unpaired extra one of its key, in
    # position order: a queue of extra indexes per key keeps this linear.
    extra_by_key: dict[Any, deque[int]] = {}
    for index, (_, added) in enumerate(extra):
        extra_by_key.setdefault(added.key, deque()).append(index)
    paired = [False] * len(extra)
    mismatched: dict[Any, None] = {}
    for identity, lost in missing:
        queue = extra_by_key.get(lost.key)
        if queue:
            index = queue.popleft()
            paired[index] = True
            found.mutated.append((lost, extra[index][1]))
        elif identity in candidate_groups:
            mismatched[identity] = None
        else:
            found.missing.append(lost)
    for (identity, added), was_paired in zip(extra, paired, strict=True):
        if was_paired:
            continue
        if identity in source_groups:
            mismatched[identity] = None
        else:
            found.extra.append(added)
    for identity in mismatched:
        found.count_mismatch.append(
            (
                (source_groups.get(identity) or candidate_groups[identity])[0].text,
                len(source_groups.get(identity, ())),
                len(candidate_groups.get(identity, ())),
            )
        )


def compare(
    source: tuple[Placeholder, ...],
    candidate: tuple[Placeholder, ...],
    allow_reorder: bool = True,
) -> Findings:
    """the contract three steps on two token lists (syntax errors are the caller's)."""
    found = Findings()
    if not source and not candidate:
        return found
    # Both sides purely unnumbered: identity is the spec, binding is by slot (step 2).
    pure = not any(t.numbered for t in source) and not any(t.numbered for t in candidate)
    source_ids = _identities(source, pure)
    candidate_ids = _identities(candidate, pure)
    if source_ids == candidate_ids:
        return found  # same identities in the same order: nothing can differ

    # Step 1: multisets of identities.
    source_counts = _count(source_ids)
    candidate_counts = _count(candidate_ids)
    if source_counts != candidate_counts:
        _step_one(found, source, source_ids, candidate, candidate_ids)
        return found

    # Step 2: unnumbered binding — the same specs in another order rebinds arguments.
    if pure:
        for lost, added in zip(source, candidate, strict=True):
            if lost.spec != added.spec:
                found.mutated.append((lost, added))
        return found

    # Step 3: order of numbered/named placeholders.
    if not allow_reorder:
        found.reordered = True
    return found


def _near(text: str, pos: int) -> str:
    return text[pos : pos + 20]


def outcome(
    source_text: str,
    candidate_text: str,
    source: list[Extraction],
    candidate: list[Extraction],
    findings: Findings,
) -> Outcome:
    """Extractions and merged findings as an Outcome; the code is the first of ``CODES``."""
    errors = [
        {
            "side": "source",
            "position": e.pos,
            "message": e.message,
            "near": _near(source_text, e.pos),
        }
        for x in source
        for e in x.errors
    ] + [
        {
            "side": "candidate",
            "position": e.pos,
            "message": e.message,
            "near": _near(candidate_text, e.pos),
        }
        for x in candidate
        for e in x.errors
    ]
    if not errors and not findings:
        return Outcome()

    evidence: dict[str, Any] = {}
    parts: list[str] = []
    code = None
    if errors:
        code = SYNTAX
        first = errors[0]
        evidence["side"] = first["side"]
        evidence["errors"] = errors
        parts.append(
            f"{first['side']} placeholder syntax: {first['message']} at {first['position']}"
        )
    evidence["expected"] = _texts(source)
    evidence["actual"] = _texts(candidate)
    if findings.mutated:
        code = code or MUTATED
        evidence["mutated"] = [[a.text, b.text] for a, b in findings.mutated]
        parts.append("mutated " + ", ".join(f"{a.text} → {b.text}" for a, b in findings.mutated))
    if findings.missing:
        code = code or MISSING
        evidence["missing"] = [t.text for t in findings.missing]
        parts.append("missing " + ", ".join(evidence["missing"]))
    if findings.extra:
        code = code or EXTRA
        evidence["extra"] = [t.text for t in findings.extra]
        parts.append("extra " + ", ".join(evidence["extra"]))
    if findings.count_mismatch:
        code = code or COUNT_MISMATCH
        evidence["count_mismatch"] = [
            {"placeholder": text, "expected": n, "actual": m}
            for text, n, m in findings.count_mismatch
        ]
        parts.append(
            "count differs for "
            + ", ".join(f"{text} ({n} → {m})" for text, n, m in findings.count_mismatch)
        )
    if findings.reordered:
        code = code or REORDERED
        parts.append("placeholders reordered where reordering is not allowed")
    return Outcome(code or SYNTAX, "; ".join(parts), evidence)


def _texts(extractions: list[Extraction]) -> list[str]:
    if len(extractions) == 1:
        return [t.text for t in extractions[0].tokens]
    tokens = sorted((t for x in extractions for t in x.tokens), key=lambda t: t.pos)
    return [t.text for t in tokens]
