"""accel.schema_memo's own bounds (its soundness is tests/test_accel.py's shortcut test)."""

from __future__ import annotations

import pytest
from test_accel import CORPUS

from capeval.accel import schema_memo
from capeval.accel.schema_memo import SchemaMemo
from capeval.validate.kinds import KINDS


@pytest.fixture(scope="module")
def warm():
    memo = SchemaMemo("evalcase")
    for record in CORPUS:
        memo.proven(record)
    return memo


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_is_planned(kind):
    planned = schema_memo.top_level_plan(kind)
    assert planned is not None, f"{kind}: its schema no longer decomposes; update the memo"


def test_types_are_part_of_the_key(warm):
    base = CORPUS[0]
    for value in (True, 1.0, "1"):
        assert warm.proven({**base, "schema_version": value}) is None
    assert warm.proven({**base, "schema_version": 1}) is True


def test_an_extension_field_keeps_a_record_on_the_memo(warm):
    assert warm.proven({**CORPUS[0], "x-catalog": {"file_ref": "a.po", "line": 7}}) is True
    assert warm.proven({**CORPUS[0], "y-catalog": 1}) is None


def test_memo_stays_bounded(monkeypatch):
    monkeypatch.setattr(schema_memo, "MEMO_LIMIT", 5)
    memo = SchemaMemo("evalcase")
    for n, record in enumerate(CORPUS):
        assert memo.proven({**record, "tags": [f"t{n}"]}) is True
        assert len(memo) <= 5 + len(record)  # a record adds at most one per field


def test_the_last_combination_is_reused_only_for_records_of_its_keys():
    # the same values with two keys' places swapped make the same text: the second record's
    # domain is not a domain, and the combination just proven must not vouch for it
    memo = SchemaMemo("evalcase")
    first = {**CORPUS[0], "source_locale": "Hello World", "domain": "ui"}
    swap = {"source_locale": "domain", "domain": "source_locale"}
    second = {swap.get(key, key): value for key, value in first.items()}
    assert second["domain"] == "Hello World" and list(second) != list(first)
    assert memo.proven(first) is True
    assert memo.proven(second) is None


def test_a_combination_too_long_to_keep_is_proven_but_not_kept(monkeypatch):
    monkeypatch.setattr(schema_memo, "MEMO_KEY_BYTES", 64)
    memo = SchemaMemo("evalcase")
    long_tags = {**CORPUS[0], "tags": ["t" * 80]}
    assert memo.proven(long_tags) is True  # the validator's verdict, through the memo's path
    assert len(memo) == 0
    assert memo.proven({**long_tags, "tags": ["T" * 80]}) is None  # never vouched for by it
