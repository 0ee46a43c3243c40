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
def every_hash_colliding(value: int = 0x5EED) -> Iterator[None]:
    """One hash for every key: each verdict rests on the exact bytes read back from the log.
    (Patched by hand, not by a fixture: Hypothesis runs many examples per fixture.)"""
    saved = seen.__dict__.get("hash")
    seen.hash = lambda data: value
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
@given(st.lists(KEYS, max_size=80), st.sampled_from([0x5EED, -0x5EED, -1, -(1 << 63)]))
def test_exact_when_every_hash_collides(keys, value):
    # a negative hash (half of them are) has its home slot counted from the table's end
    with every_hash_colliding(value):
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
    table = SeenKeys(2)  # from a small table (the default starts at INITIAL_SLOTS)
    for n in range(count):
        table.add(f"a-rather-long-identifier-of-a-case-in-some-suite.{n:09d}")
    per_key = table.table_bytes / count
    assert 8 / seen._MAX_LOAD <= per_key <= 2 * 8 / seen._MAX_LOAD + 0.01
