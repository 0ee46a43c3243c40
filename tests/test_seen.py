"""capeval.seen.SeenKeys: the compact seen-key set answers exactly as a Python set does."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval import seen
from capeval.seen import SeenKeys

KEYS = st.one_of(
    st.text(max_size=12),
    st.tuples(st.text(max_size=6), st.one_of(st.none(), st.text(max_size=4))),
    st.tuples(st.text(max_size=4), st.none(), st.sampled_from(["a", "b"])),
)


@contextmanager
def every_hash_colliding() -> Iterator[None]:
    """One hash for every key: each verdict rests on the exact bytes read back from the log.
    (Patched by hand, not by a fixture: Hypothesis runs many examples per fixture.)"""
    saved = seen.__dict__.get("hash")
    seen.hash = lambda data: 0x5EED
    try:
        yield
    finally:
        if saved is None:
            del seen.hash
        else:
            seen.hash = saved


def answers_like_a_set(keys: list) -> None:
    table, reference = SeenKeys(2), set()
    for key in keys:
        assert table.add(key) is (key not in reference), key
        reference.add(key)
    assert len(table) == len(reference)
    table.close()


@settings(max_examples=150, deadline=None)
@given(st.lists(KEYS, max_size=120))
def test_answers_like_a_set(keys):
    answers_like_a_set(keys + keys[::2])


@settings(max_examples=60, deadline=None)
@given(st.lists(KEYS, max_size=80))
def test_exact_when_every_hash_collides(keys):
    with every_hash_colliding():
        answers_like_a_set(keys + keys[::3])


def test_key_log_spills_to_disk_and_regrows_from_it(monkeypatch):
    # a small spill size writes the log out; a low rehash limit rebuilds the table from it
    monkeypatch.setattr(seen, "_SPILL", 256)
    monkeypatch.setattr(seen, "ENTRY_REHASH_BITS", 5)
    keys = [f"suite.case.{n}" for n in range(3000)] + [("c", None), ("c", "s"), "ü" * 40]
    answers_like_a_set(keys + keys[::7] + [f"suite.case.{n}" for n in range(2990, 3010)])


def test_strings_and_tuples_never_share_bytes():
    table = SeenKeys()
    assert table.add("('a', None)")
    assert table.add(("a", None))
    assert not table.add(("a", None))
    assert table.add("\udcff")  # a lone surrogate (the stdlib JSON path can read one)
    assert not table.add("\udcff")


@pytest.mark.parametrize("count", [1000, 50_000])
def test_memory_per_key_is_fixed_width(count):
    table = SeenKeys()
    for n in range(count):
        table.add(f"a-rather-long-identifier-of-a-case-in-some-suite.{n:09d}")
    per_key = table.table_bytes / count
    assert 8 / seen._MAX_LOAD <= per_key <= 2 * 8 / seen._MAX_LOAD + 0.01


def adds_all_like_a_set(batches: list[list[str]]) -> None:
    """``add_all`` adds a batch exactly when every key is new and distinct, else nothing:
    afterwards each key answers as it would have."""
    table, reference = SeenKeys(2), set()
    for batch in batches:
        fresh = len(set(batch)) == len(batch) and reference.isdisjoint(batch)
        assert table.add_all(batch) is fresh, batch
        if fresh:
            reference.update(batch)
        assert len(table) == len(reference)
        # the table holds exactly the reference's keys: a refused batch left nothing behind
        for key in batch[::2]:
            assert table.add(key) is (key not in reference), key
            reference.add(key)
    table.close()


BATCH_KEYS = st.text(max_size=6) | st.sampled_from(["ü" * 3, "\udcff", "k" * 300, "a.b"])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(BATCH_KEYS, max_size=30), max_size=12))
def test_add_all_adds_a_batch_only_when_every_key_is_new(batches):
    adds_all_like_a_set(batches)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(BATCH_KEYS, max_size=20), max_size=8))
def test_add_all_is_exact_when_every_hash_collides(batches):
    with every_hash_colliding():
        adds_all_like_a_set(batches)


def test_add_all_undoes_a_batch_that_meets_a_known_key(monkeypatch):
    monkeypatch.setattr(seen, "_SPILL", 64)  # the log is on disk before and after
    table = SeenKeys(2)
    assert table.add_all([f"suite.case.{n}" for n in range(100)])
    assert not table.add_all([f"suite.new.{n}" for n in range(50)] + ["suite.case.7"])
    assert len(table) == 100
    assert table.add_all([f"suite.new.{n}" for n in range(50)])  # nothing of it was kept
    assert not table.add("suite.new.49") and not table.add("suite.case.99")
    assert table.add("suite.case.100")
