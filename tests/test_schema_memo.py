"""schemas.memo / schemas.typed: fast schema verdicts never disagree with the compiled
validator's.

Soundness property: valid records warm the memo, then every field of them (at any depth) is
mutated — removed, retyped, replaced by values taken from elsewhere in the corpus, given an
extra key — and the memo must never accept a record the compiled validator rejects, and
``problem`` must return exactly what ``schemas.problem`` returns.
"""

from __future__ import annotations

import copy
import glob
import json
from pathlib import Path

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval import schemas
from capeval.schemas import memo
from capeval.schemas.memo import SchemaCheck
from capeval.schemas.typed import TypedCheck
from capeval.validate.kinds import KINDS

ROOT = Path(__file__).resolve().parent.parent


def _corpus() -> list[dict]:
    records = []
    for path in sorted(glob.glob(str(ROOT / "evals/i18n-prompt/cases/dev/*.jsonl"))):
        with open(path, "rb") as handle:
            records.extend(orjson.loads(line) for line in handle if line.strip())
    valid = [r for r in records if schemas.problem("evalcase", r) is None]
    assert len(valid) > 50
    return valid


CORPUS = _corpus()


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*prefix, index))


def _values_in_corpus() -> list:
    values = []
    for record in CORPUS[:40]:
        for path in _paths(record):
            node = record
            for step in path:
                node = node[step]
            values.append(node)
    return values


CORPUS_VALUES = _values_in_corpus()
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 300),
    st.sampled_from([0.0, 1.0, -1.5, 10**30]),
    st.text(max_size=8),
    st.sampled_from(["", "x-", "hard", "report", "printf", "synthetic", "CC0-1.0", "a.b", "A.b"]),
)
REPLACEMENTS = st.one_of(
    SCALARS,
    st.sampled_from(CORPUS_VALUES),
    st.lists(SCALARS, max_size=3),
    st.dictionaries(st.sampled_from(["name", "severity", "params", "max", "x-a"]), SCALARS),
)


@st.composite
def mutated(draw):
    record = copy.deepcopy(draw(st.sampled_from(CORPUS)))
    path = draw(st.sampled_from(list(_paths(record))[1:]))
    parent = record
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    action = draw(st.sampled_from(["replace", "delete", "add_key", "replace", "nest"]))
    if action == "delete":
        del parent[last]
    elif action == "add_key" and isinstance(parent, dict):
        parent[draw(st.sampled_from(["extra", "x-note", "params", "source", "id"]))] = draw(
            REPLACEMENTS
        )
    elif action == "nest":
        parent[last] = [parent[last]] if draw(st.booleans()) else {"value": parent[last]}
    else:
        parent[last] = draw(REPLACEMENTS)
    return record


@pytest.fixture(scope="module")
def warm():
    check = SchemaCheck("evalcase")
    for record in CORPUS:
        assert check.problem(record) is None
    return check


@settings(max_examples=600, deadline=None)
@given(record=mutated())
def test_memo_never_accepts_what_the_validator_rejects(warm, record):
    expected = schemas.problem("evalcase", record)
    if warm.accepts(record):
        assert expected is None, record
    assert warm.problem(record) == expected


@pytest.fixture(scope="module")
def typed():
    check = TypedCheck("evalcase")
    assert check.available, "the EvalCase schema no longer translates: update schemas.typed"
    return check


def _line(record) -> bytes:
    return json.dumps(record, ensure_ascii=False).encode("utf-8", "surrogatepass")


def test_typed_check_accepts_the_corpus(typed):
    # assertions whose params use uniqueItems have no typed variant (the compiled path checks)
    untyped = {"script_fidelity", "language_fidelity"}
    typed_records = [r for r in CORPUS if not {a["name"] for a in r["assertions"]} & untyped]
    assert len(typed_records) > 50
    assert all(typed.accepts(_line(record)) for record in typed_records)


@settings(max_examples=600, deadline=None)
@given(record=mutated())
def test_typed_check_never_accepts_what_the_validator_rejects(typed, record):
    if typed.accepts(_line(record)):
        assert schemas.problem("evalcase", record) is None, record


@pytest.mark.parametrize(
    "text",
    [
        b'"id": "Not An Id"',  # the later value is the one a JSON reader keeps
        b'"schema_version": 2',
        b'"assertions": []',
    ],
)
def test_typed_check_sees_every_copy_of_a_repeated_key(typed, text):
    raw = _line(CORPUS[0])
    assert typed.accepts(raw)
    doubled = raw[:-1] + b", " + text + b"}"
    assert not typed.accepts(doubled)
    assert schemas.problem("evalcase", json.loads(doubled)) is not None


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_is_planned(kind):
    check = SchemaCheck(kind)
    check.accepts({})
    assert check._plan is not None, f"{kind}: its schema no longer decomposes; update memo"


def test_types_are_part_of_the_key(warm):
    base = CORPUS[0]
    for value in (True, 1.0, "1"):
        assert not warm.accepts({**base, "schema_version": value})
    assert warm.accepts({**base, "schema_version": 1})


def test_memo_stays_bounded(monkeypatch):
    monkeypatch.setattr(memo, "MEMO_LIMIT", 5)
    check = SchemaCheck("evalcase")
    for n, record in enumerate(CORPUS):
        assert check.problem({**record, "tags": [f"t{n}"]}) is None
        assert len(check._memo) <= 5 + len(record)  # a record adds at most one per field


def test_assertion_rules_read_only_assertions_and_context():
    # the contract that lets ContractRules memoise assertion problems per (assertions, context)
    from capeval import assertions

    mutations = [*CORPUS, *({**r, "context": {"max_chars": 5}} for r in CORPUS[:30])]
    mutations += [{**r, "context": {}, "required_tokens": []} for r in CORPUS[:30]]
    mutations += [{**r, "required_tokens": ["%s"]} for r in CORPUS[:30]]
    mutations += [{**r, "target_locale": "ja-JP"} for r in CORPUS]
    for case in mutations:
        for item in case["assertions"]:
            hook = getattr(assertions.load(item["name"]), "param_errors", None)
            if hook is None:
                continue
            params = item.get("params") or {}
            alone = {"assertions": case["assertions"]}
            alone.update((k, case[k]) for k in assertions.PARAM_CASE_FIELDS if k in case)
            assert hook(case, params) == hook(alone, params)


def test_memoised_rule_problems_equal_fresh_ones():
    from capeval.validate.rules import ContractRules

    shared = ContractRules()
    cases = [*CORPUS, *({**r, "context": {}} for r in CORPUS), *CORPUS]
    cases += [{**r, "required_tokens": []} for r in CORPUS]
    for case in cases:
        assert shared.problems("evalcase", case) == ContractRules().problems("evalcase", case)
