"""A record's schema verdict and contract-rule problems, memoised on the values records
repeat (cap-validate's record seam).

Imported catalogs repeat most of a record from line to line (its ``assertions``,
``provenance``, locales) and vary in a few strings (``id``, ``source``, an ``x-catalog``).
``record_proof(kind, rules, reads)(record)``, for a record the schema memo proves valid
(``accel.schema_memo``), gives the contract rules' problems memoised with the record's
combination of values: the string fields the rules read join the memo's key, and a rule
reads only the fields it declares (``validate.rules.Rule``; a test records what each one
touches), so equal keys give equal problems. None says nothing: the core then runs the
validator and the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from capeval.accel.schema_memo import SchemaMemo
from capeval.accel.shortcut import Shortcut


def record_proof(
    kind: str, rules: Callable[[Any], list[Any]], reads: frozenset[str]
) -> Callable[[Any], tuple[Any, ...] | None]:
    """``proof(record)``: the problems by ``rules`` (a tuple) of a record of ``kind`` the
    schema accepts, or None (not proven). The string fields the rules read join the schema
    memo's key; the other fields they read are memoised values already."""
    return SchemaMemo(kind, lambda record: tuple(rules(record)), keyed=reads).proven


def _plain(kind: str, rules: Callable[[Any], list[Any]]) -> Callable[[Any], Any]:
    def verdict(record: Any) -> Any:
        from capeval import schemas

        if schemas.problem(kind, record) is not None:
            return None
        return (tuple(rules(record)),)

    return verdict


def _fast(proof: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def verdict(record: Any) -> Any:
        found = proof(record)
        return None if found is None else (found,)

    return verdict


def shortcuts() -> list[Shortcut]:
    from capeval.validate.rules import EVALCASE_READS, ContractRules

    def rules(record: Any) -> list[Any]:
        return ContractRules().problems("evalcase", record)

    proof = record_proof("evalcase", rules, EVALCASE_READS)
    # answers are 1-tuples: no problem at all is an answer too
    plain = _plain("evalcase", rules)
    return [Shortcut("record proof (evalcase)", "record:evalcase", _fast(proof), plain)]
