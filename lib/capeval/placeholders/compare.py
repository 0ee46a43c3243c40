"""The one comparer for token-list placeholder syntaxes (printf, python, custom; SPEC §5.1).

An extractor turns a string into an :class:`Extraction`: the placeholders in order of
appearance plus the syntax errors it met (it recovers after each error and keeps going, so
the evidence can name everything that is wrong). :func:`compare` then applies SPEC's
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


EMPTY = Extraction((), ())


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


def compare(
    source: tuple[Placeholder, ...],
    candidate: tuple[Placeholder, ...],
    allow_reorder: bool = True,
) -> Findings:
    """SPEC §5.1's three steps on two token lists (syntax errors are the caller's)."""
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
        missing = [t for t, i in zip(source, source_ids, strict=True) if i not in candidate_counts]
        extra = [t for t, i in zip(candidate, candidate_ids, strict=True) if i not in source_counts]
        # A missing and an extra placeholder with the same key (or slot) are one mutation.
        if missing and extra:
            unpaired = list(extra)
            kept_missing = []
            for lost in missing:
                for index, added in enumerate(unpaired):
                    if added.key == lost.key:
                        found.mutated.append((lost, added))
                        del unpaired[index]
                        break
                else:
                    kept_missing.append(lost)
            missing, extra = kept_missing, unpaired
        found.missing = missing
        found.extra = extra
        seen = set()
        for token, identity in zip(source, source_ids, strict=True):
            if identity in seen:
                continue
            seen.add(identity)
            expected = source_counts[identity]
            actual = candidate_counts.get(identity, 0)
            if actual and actual != expected:
                found.count_mismatch.append((token.text, expected, actual))
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
    extra_evidence: dict[str, Any] | None = None,
) -> Outcome:
    """Turn extractions and merged findings into the assertion's Outcome (SPEC precedence)."""
    errors = [
        {"side": "source", "position": e.pos, "message": e.message, "near": _near(source_text, e.pos)}
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
    if extra_evidence:
        evidence.update(extra_evidence)
    return Outcome(code or SYNTAX, "; ".join(parts), evidence)


def _texts(extractions: list[Extraction]) -> list[str]:
    if len(extractions) == 1:
        return [t.text for t in extractions[0].tokens]
    tokens = sorted((t for x in extractions for t in x.tokens), key=lambda t: t.pos)
    return [t.text for t in tokens]
