"""A record's schema verdict and contract-rule problems, memoised on the values records
repeat (cap-validate's record seam).

Imported catalogs repeat most of a record from line to line (its ``assertions``,
``provenance``, locales) and vary in a few strings (``id``, ``source``, an ``x-catalog``).
``RecordProof(kind, rules, reads)(record)``, for a record the schema memo proves valid
(``accel.schema_memo``), gives the contract rules' problems from a memo keyed by the schema
memo's key (the record's keys and its memoised values' exact JSON text) and the string fields
the rules read: a rule reads only the fields it declares (``validate.rules.Rule``; a test
records what each one touches), so equal keys give equal problems. None says nothing: the
core then runs the validator and the rules.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from capeval.accel.schema_memo import MEMO_LIMIT, SchemaMemo, Shape
from capeval.accel.shortcut import Shortcut


class RecordProof:
    """``proof(record)``: the rules' problems (a tuple) of a record of ``kind`` the schema
    accepts, or None (not proven)."""

    def __init__(self, kind: str, rules: Callable[[Any], list[Any]], reads: frozenset[str]) -> None:
        self._schema = SchemaMemo(kind)
        self._rules = rules
        self._reads = reads
        self._verdicts: dict[Any, tuple[Any, ...]] = {}  # memo key -> the rules' problems
        # per record keys: the getter of the string fields the rules read (None: none)
        self._read_strings: dict[tuple[str, ...], Any] = {}

    def __call__(self, record: Any) -> tuple[Any, ...] | None:
        proven = self._schema.proven(record)
        if proven is None:
            return None
        keys, text, shape = proven
        try:
            read_strings = self._read_strings[keys]
        except KeyError:
            read_strings = self._read_strings[keys] = _getter(shape, self._reads)
        key = (keys, text) if read_strings is None else (keys, text, read_strings(record))
        verdict = self._verdicts.get(key)
        if verdict is None:
            if len(self._verdicts) >= MEMO_LIMIT:
                self._verdicts.clear()
            verdict = self._verdicts[key] = tuple(self._rules(record))
        return verdict


def _getter(shape: Shape, reads: frozenset[str]) -> Any:
    names = [name for name, *_ in shape.strings if name in reads]
    return operator.itemgetter(*names) if names else None


def _plain(kind: str, rules: Callable[[Any], list[Any]]) -> Callable[[Any], Any]:
    def verdict(record: Any) -> Any:
        from capeval import schemas

        if schemas.problem(kind, record) is not None:
            return None
        return (tuple(rules(record)),)

    return verdict


def _fast(proof: RecordProof) -> Callable[[Any], Any]:
    def verdict(record: Any) -> Any:
        found = proof(record)
        return None if found is None else (found,)

    return verdict


def shortcuts() -> list[Shortcut]:
    from capeval.validate.rules import EVALCASE_READS, ContractRules

    def rules(record: Any) -> list[Any]:
        return ContractRules().problems("evalcase", record)

    proof = RecordProof("evalcase", rules, EVALCASE_READS)
    # answers are 1-tuples: no problem at all is an answer too
    plain = _plain("evalcase", rules)
    return [Shortcut("record proof (evalcase)", "record:evalcase", _fast(proof), plain)]
