"""One record through every cap-validate rule, with the stream-wide state of a run.

``RecordChecker.check(raw, record, path)`` returns the record's kind (None when unknown) and
its problems (``records.Problem``); the command emits them and
passes the record on when none is an error, then calls ``accept`` so the lock learns the id.
Kept apart from the command so tests can run the rules in-process.

Order of the checks: kind → schema (every violation; the rules below run on valid records) →
unique key → contract rules → secrets (the raw line first; the fields only on a hit) → id
lock → locked split.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from capeval import accel, schemas
from capeval.records import Problem
from capeval.secrets import may_contain_secret, secret_problems
from capeval.seen import SeenKeys
from capeval.validate.kinds import detect_kind, unique_key
from capeval.validate.rules import EVALCASE_READS, ContractRules

DUPLICATE_CODE = {
    "review": "review.duplicate",
    "candidate": "candidate.duplicate",
    "adjudication": "adjudication.duplicate",
    "follow-up": "follow_up.duplicate",
}
KEY_POINTER = {"evalcase": "/id", "roster": "/reviewer_id"}


class RecordChecker:
    """The rules of one run; ``id_lock`` and ``locked_split`` are optional (None: off)."""

    def __init__(
        self,
        rules: ContractRules | None = None,
        *,
        kind: str | None = None,
        id_lock: Any = None,
        locked_split: Any = None,
    ) -> None:
        self.rules = rules or ContractRules()
        self.kind = kind
        self.id_lock = id_lock
        self.locked_split = locked_split
        # whether ``accept`` has anything to do: the lock learns new ids (--update-lock)
        self.learns = id_lock is not None and id_lock.update
        self._listings = 0  # failing records listed with every violation (schemas.FULL_LISTINGS)
        # per kind: the layer's proofs of a record's verdict (None: the core decides), and
        # the unique keys seen so far (_kind_state)
        self._per_kind: dict[str, tuple[Any, Any, SeenKeys]] = {}
        # per input path: whether its records lie inside the locked split (exempt from leaks)
        self._inside_locked: dict[str | None, bool] = {}
        if id_lock is not None:
            from capeval.validate.lock import meaning_hash

            self._meaning_hash = meaning_hash

    def check(
        self, raw: bytes, record: dict[str, Any], path: str | None = None
    ) -> tuple[str | None, list[Problem]]:
        """(kind, problems) of one parsed record read from input ``path`` (None: stdin)."""
        kind = self.kind or detect_kind(record)
        if kind is None:
            return None, [
                Problem("kind.unknown", None, "record matches no kind (use --kind)", None)
            ]
        per_kind = self._per_kind.get(kind)
        if per_kind is None:
            per_kind = self._per_kind[kind] = self._kind_state(kind)
        proof, accepts, seen = per_kind
        proven = proof(record) if proof is not None else None
        if proven is None and not (accepts is not None and accepts(record)):
            violations = schemas.problems(kind, record, self._listings < schemas.FULL_LISTINGS)
            if violations:
                self._listings += 1
                return kind, violations

        found: list[Problem] = []
        key = unique_key(kind, record)
        duplicate = not seen.add(key)
        if duplicate:
            found.append(
                Problem(
                    DUPLICATE_CODE.get(kind, "id.duplicate"),
                    KEY_POINTER.get(kind, "/case_id"),
                    f"{kind} key {_show_key(key)} already seen in this stream",
                    None,
                )
            )
        found.extend(self.rules.problems(kind, record) if proven is None else proven)
        if may_contain_secret(raw):
            found.extend(secret_problems(record, raw))
        if kind == "evalcase":
            # a repeated id is already an error; its meaning is not compared with the lock
            if self.id_lock is not None and not duplicate:
                broken = self.id_lock.check(record["id"], self._meaning_hash(record))
                if broken is not None:
                    found.append(Problem(broken[0], "/id", broken[1], None))
            if self.locked_split is not None and not self._is_inside_locked(path):
                leak = self.locked_split.leak(record)
                if leak is not None:
                    found.append(Problem("locked.leak", "/id", leak, None))
        return kind, found

    def _kind_state(self, kind: str) -> tuple[Any, Any, SeenKeys]:
        """For records of ``kind``: the layer's proofs (None, None when it is off) — of an
        EvalCase's rule problems (its rules declare what they read), else of schema validity
        alone — and the set of its unique keys (capeval.seen: compact and exact, ~19 bytes
        a key, the keys on disk)."""
        if kind == "evalcase":
            problems = partial(self.rules.problems, kind)
            return accel.proven_record(kind, problems, EVALCASE_READS), None, SeenKeys()
        return None, accel.valid_record(kind), SeenKeys()

    def accept(self, kind: str, record: dict[str, Any]) -> None:
        """A record passed: the lock (with --update-lock) records a new id."""
        if kind == "evalcase" and self.learns:
            self.id_lock.record(record["id"], self._meaning_hash(record))

    def _is_inside_locked(self, path: str | None) -> bool:
        inside = self._inside_locked.get(path)
        if inside is None:
            inside = self._inside_locked[path] = self.locked_split.is_inside(path)
        return inside


def _show_key(key: Any) -> str:
    if isinstance(key, tuple):
        return "(" + ", ".join(str(part) for part in key if part is not None) + ")"
    return str(key)
