"""Contract-rule verdicts memoised on the fields the rules read (the rule-checking seam).

Each EvalCase rule declares the top-level fields it reads (``validate.rules.Rule.reads``;
tests/test_validate_rules.py records what each rule touches and fails on a field it did
not declare), so the rules' verdict on a record is a function of those fields' values.
Imported catalogs repeat them from line to line (locales, provenance, the assertions cap-import
wrote), while every line differs elsewhere. ``RuleMemo`` answers "no problem" for a record
whose declared fields have, as exact JSON text, the values of a record the rules already found
clean; anything else goes to the rules, and a clean verdict joins the memo. At most
``MEMO_LIMIT`` keys of at most ``MEMO_KEY_BYTES`` bytes, then it starts afresh.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from capeval.accel.shortcut import Shortcut
from capeval.jsonl import ValueTextError, value_text

MEMO_LIMIT = 8192
MEMO_KEY_BYTES = 4096

Problems = Callable[[str, dict[str, Any]], list[Any]]


class RuleMemo:
    """``problems(kind, record)`` as the rules answer it, from the memo where it can."""

    def __init__(self, rules: Problems, reads: Mapping[str, tuple[str, ...]]) -> None:
        self._rules = rules
        self._reads = reads  # kind -> the fields its rules read (kinds not here: the rules)
        self._clean: set[tuple[str, bytes]] = set()

    def problems(self, kind: str, record: dict[str, Any]) -> list[Any]:
        key = self._key(kind, record)
        if key is not None and key in self._clean:
            return []
        found = self._rules(kind, record)
        if key is not None and not found:
            if len(self._clean) >= MEMO_LIMIT:
                self._clean.clear()
            self._clean.add(key)
        return found

    def known_clean(self, kind: str, record: dict[str, Any]) -> bool:
        """True only when the memo holds a clean verdict for these values (the property
        test's view of the memo)."""
        key = self._key(kind, record)
        return key is not None and key in self._clean

    def _key(self, kind: str, record: dict[str, Any]) -> tuple[str, bytes] | None:
        reads = self._reads.get(kind)
        if reads is None:
            return None
        try:  # present fields by name: an absent field and a null one differ
            text = value_text({field: record[field] for field in reads if field in record})
        except ValueTextError:  # an integer beyond 64 bits: the rules decide
            return None
        return None if len(text) > MEMO_KEY_BYTES else (kind, text)


def _shortcuts() -> list[Shortcut]:
    from capeval import schemas
    from capeval.validate.rules import EVALCASE_READS, ContractRules

    rules = ContractRules()
    memo = RuleMemo(rules.problems, {"evalcase": EVALCASE_READS})

    def fast(record: Any) -> bool:  # the rules run on schema-valid records only
        if schemas.problem("evalcase", record) is not None:
            return False
        memo.problems("evalcase", record)  # a clean verdict joins the memo
        return memo.known_clean("evalcase", record)

    def plain(record: Any) -> bool:
        return schemas.problem("evalcase", record) is None and not rules.problems(
            "evalcase", record
        )

    return [Shortcut("rule memo (evalcase)", "record:evalcase", fast, plain)]


SHORTCUTS = _shortcuts()
