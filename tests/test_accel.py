"""The speed layer (``capeval.accel``) changes no output, and stays in its room.

* Equivalence: every golden case folder, every eval set, the real-data samples and a fuzz
  slice run with ``CAPEVAL_ACCEL=0`` and ``=1``; stdout, stderr and exit status must be
  byte-identical. Nothing here lists the layer's parts: whatever it does, it does on these.
* Shortcuts: every entry ``accel.shortcuts()`` registers is property-tested against the core
  function it stands for, on generated inputs of its domain (a registered domain this file
  cannot generate fails the test).
* Containment: no switch, msgspec or block type outside ``lib/capeval/accel/``, and the layer
  stays within its line budget.
"""

from __future__ import annotations

import copy
import glob
import gzip
import json
import re
import shlex
from pathlib import Path

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_cases import FOLDERS

from capeval import accel, schemas

from conftest import REALDATA_PAIRS, ROOT, run_cmd, run_in_process

LIB = ROOT / "lib" / "capeval"
EVALS = ROOT / "evals" / "i18n-prompt"
ACCEL_LINE_BUDGET = 1000


def both_ways(monkeypatch, run):
    """``run()`` with the layer off, then on: (status, stdout, stderr) of each."""
    got = []
    for value in ("0", "1"):
        monkeypatch.setenv("CAPEVAL_ACCEL", value)
        done = run()
        got.append((done.returncode, done.stdout, done.stderr))
    return got


def assert_same(off, on, what):
    assert off[0] == on[0], f"{what}: exit status {off[0]} off, {on[0]} on"
    assert off[1] == on[1], f"{what}: stdout differs"
    assert off[2] == on[2], f"{what}: stderr differs"


# -- equivalence ---------------------------------------------------------------------------


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_golden_cases_are_the_same_with_and_without_the_layer(monkeypatch, folder):
    words = shlex.split((folder / "cmd").read_text(encoding="utf-8"))
    stdin = folder / "stdin"
    data = stdin.read_bytes() if stdin.exists() else b""
    off, on = both_ways(monkeypatch, lambda: run_in_process(words[0], words[1:], data, folder))
    assert_same(off, on, folder.name)


EVAL_SETS = sorted(Path(p).stem for p in glob.glob(str(EVALS / "baselines/*.candidates.jsonl")))


@pytest.mark.parametrize("name", EVAL_SETS)
def test_eval_sets_are_the_same_with_and_without_the_layer(monkeypatch, name):
    name = name.removesuffix(".candidates")
    cases = (EVALS / "cases" / "dev" / f"{name}.jsonl").read_bytes()
    candidates = str(EVALS / "baselines" / f"{name}.candidates.jsonl")
    off, on = both_ways(monkeypatch, lambda: run_cmd("cap-validate", stdin=cases))
    assert_same(off, on, f"cap-validate {name}")
    assert on[1] == cases  # the suite is valid: passed on byte for byte
    off, on = both_ways(
        monkeypatch, lambda: run_cmd("cap-check", "--candidates", candidates, stdin=cases)
    )
    assert_same(off, on, f"cap-check {name}")


SYNTAX = {
    "printf": {"syntax": "printf"},
    "python": {"syntax": "python", "style": "percent"},
    "python-brace": {"syntax": "python", "style": "brace"},
    "icu": {"syntax": "icu"},
}


def _realdata_suite(tmp_path: Path) -> tuple[bytes, Path]:
    """The real translation pairs as a suite of cases with three assertions each (and an
    ``x-`` extension field, as imported cases carry), and their candidates."""
    if not REALDATA_PAIRS.exists():
        pytest.skip(f"real data not present at {REALDATA_PAIRS}")
    cases, lines = [], []
    with gzip.open(REALDATA_PAIRS, "rb") as stream:
        for n, raw in enumerate(stream):
            pair = orjson.loads(raw)
            case_id = f"realdata.case.{n:05d}"
            case = {
                "schema_version": 1,
                "id": case_id,
                "source_locale": "en",
                "target_locale": pair["locale"].replace("_", "-"),
                "domain": "software-ui",
                "source": pair["source"],
                "context": {"max_chars": 60},
                "assertions": [
                    {
                        "name": "placeholder_integrity",
                        "severity": "hard",
                        "params": SYNTAX[pair["syntax"]],
                    },
                    {"name": "number_fidelity", "severity": "report"},
                    {"name": "max_chars", "severity": "report"},
                ],
                "provenance": {"kind": "synthetic", "license": "CC0-1.0"},
                "x-catalog": {"line": n},
            }
            cases.append(json.dumps(case, ensure_ascii=False))
            lines.append(json.dumps({"case_id": case_id, "text": pair["candidate"]}))
    path = tmp_path / "candidates.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return ("\n".join(cases) + "\n").encode("utf-8"), path


def test_real_pairs_are_the_same_with_and_without_the_layer(monkeypatch, tmp_path):
    cases, candidates = _realdata_suite(tmp_path)
    off, on = both_ways(monkeypatch, lambda: run_cmd("cap-validate", stdin=cases))
    assert_same(off, on, "cap-validate on real pairs")
    off, on = both_ways(
        monkeypatch,
        lambda: run_cmd("cap-check", "--exit-zero", "--candidates", str(candidates), stdin=cases),
    )
    assert_same(off, on, "cap-check on real pairs")
    assert on[1].count(b"\n") == 3 * cases.count(b"\n")  # three results a pair, none dropped
    assert b'"passed":false' in on[1] and b'"passed":true' in on[1]


def test_imported_real_catalogs_are_the_same_with_and_without_the_layer(monkeypatch, tmp_path):
    catalogs = sorted((ROOT / "tests/data/catalogs/django").rglob("*.po"))
    assert catalogs
    for n, po in enumerate(catalogs):
        candidates = tmp_path / f"{n}.cands.jsonl"
        imported = run_cmd(
            "cap-import", "-q", "--license", "BSD-3-Clause", "--source", "https://example.org",
            "--id-prefix", f"django{n}", str(po), "--candidates", str(candidates),
        )  # fmt: skip
        assert imported.stdout
        cases = imported.stdout
        off, on = both_ways(monkeypatch, lambda c=cases: run_cmd("cap-validate", stdin=c))
        assert_same(off, on, f"cap-validate {po}")
        off, on = both_ways(
            monkeypatch,
            lambda c=cases, f=str(candidates): run_cmd("cap-check", "--candidates", f, stdin=c),
        )
        assert_same(off, on, f"cap-check {po}")


# the fuzz slice: hostile lines, both ways


def _corpus() -> list[dict]:
    records = []
    for path in sorted(glob.glob(str(EVALS / "cases/dev/*.jsonl"))):
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
    st.sampled_from(_values_in_corpus()),
    st.lists(SCALARS, max_size=3),
    st.dictionaries(st.sampled_from(["name", "severity", "params", "max", "x-a"]), SCALARS),
)


@st.composite
def mutated(draw):
    """A corpus record with one field anywhere replaced, deleted, added or nested."""
    record = copy.deepcopy(draw(st.sampled_from(CORPUS)))
    path = draw(st.sampled_from(list(_paths(record))[1:]))
    parent = record
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    action = draw(st.sampled_from(["replace", "delete", "add_key", "replace", "nest", "same"]))
    if action == "delete":
        del parent[last]
    elif action == "add_key" and isinstance(parent, dict):
        parent[draw(st.sampled_from(["extra", "x-note", "params", "source", "id"]))] = draw(
            REPLACEMENTS
        )
    elif action == "nest":
        parent[last] = [parent[last]] if draw(st.booleans()) else {"value": parent[last]}
    elif action != "same":
        parent[last] = draw(REPLACEMENTS)
    return record


def _line(record) -> str:
    return json.dumps(record, ensure_ascii=False)


FUZZ_LINES = st.one_of(
    mutated().map(_line),
    mutated().map(_line).map(lambda line: line[:-1] + ', "id": "again"}'),  # a repeated key
    st.sampled_from(["", "{", "[]", '{"a": 1}', "\ufeff{}", "null", "x" * 30]),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(FUZZ_LINES, min_size=1, max_size=12), texts=st.lists(st.text(max_size=12)))
def test_hostile_lines_are_the_same_with_and_without_the_layer(
    monkeypatch_module, tmp_path_factory, lines, texts
):
    data = ("\n".join(lines) + "\n").encode("utf-8", "surrogatepass")
    off, on = both_ways(monkeypatch_module, lambda: run_cmd("cap-validate", stdin=data))
    assert_same(off, on, "cap-validate")
    candidates = tmp_path_factory.mktemp("fuzz") / "candidates.jsonl"
    ids = [r.get("id") for r in map(_loads_or_none, lines) if isinstance(r, dict)]
    candidates.write_text(
        "".join(_line({"case_id": i, "text": t}) + "\n" for i, t in zip(ids, texts, strict=False)),
        encoding="utf-8",
        errors="surrogatepass",
    )
    off, on = both_ways(
        monkeypatch_module,
        lambda: run_cmd("cap-check", "--candidates", str(candidates), stdin=data),
    )
    assert_same(off, on, "cap-check")


def test_cases_that_share_a_plan_each_get_their_own_diagnostics(monkeypatch, tmp_path):
    # the second and third cases' plans come from the memo (the first case's values): an
    # unknown name is still said once per case, on the case's own line
    assertions = [
        {"name": "max_chars", "severity": "hard", "params": {"max": 10}},
        {"name": "future_assertion", "severity": "hard"},
    ]
    cases = [
        {
            "schema_version": 1,
            "id": f"shared.plan.{n}",
            "source_locale": "en",
            "target_locale": "fr",
            "domain": "ui",
            "source": f"Save {n}",
            "assertions": assertions,
            "provenance": {"kind": "synthetic", "license": "CC0-1.0"},
        }
        for n in range(3)
    ]
    data = "".join(_line(case) + "\n" for case in cases).encode()
    candidates = tmp_path / "candidates.jsonl"
    candidates.write_text(
        "".join(_line({"case_id": c["id"], "text": "Enregistrer"}) + "\n" for c in cases)
    )
    off, on = both_ways(
        monkeypatch, lambda: run_cmd("cap-check", "--candidates", str(candidates), stdin=data)
    )
    assert_same(off, on, "cap-check")
    said = [line for line in on[2].decode().splitlines() if "assertion.unknown" in line]
    assert [line.split(":")[2] for line in said] == ["1", "2", "3"]
    assert on[1].count(b'"assertion":"max_chars"') == 3


def _loads_or_none(line: str):
    try:
        return json.loads(line)
    except ValueError:
        return None


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


# -- the registered shortcuts --------------------------------------------------------------

# per domain: the examples that warm a memo, and generated inputs (each a tuple of arguments)
DOMAINS = {
    "record:evalcase": ([(record,) for record in CORPUS], mutated().map(lambda r: (r,))),
}
SHORTCUTS = accel.shortcuts()
_SEEDED: set[str] = set()


def test_every_registered_domain_can_be_generated():
    assert SHORTCUTS
    assert {shortcut.domain for shortcut in SHORTCUTS} <= set(DOMAINS)


@pytest.mark.parametrize("shortcut", SHORTCUTS, ids=lambda s: s.name)
@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_a_shortcut_answers_as_the_core_or_not_at_all(shortcut, data):
    # one instance for every example, so a memo key that missed a part would serve another
    seeds, inputs = DOMAINS.get(shortcut.domain, ([], st.nothing()))
    if shortcut.name not in _SEEDED:
        _SEEDED.add(shortcut.name)
        for args in seeds:
            answer = shortcut.fast(*args)
            assert not answer or answer == shortcut.plain(*args)
    args = data.draw(inputs)
    for _ in range(2):  # made, then from the memo
        answer = shortcut.fast(*args)
        assert not answer or answer == shortcut.plain(*args), args


def test_the_schema_memo_learns_the_corpus():
    accepts = accel.valid_record("evalcase")
    assert accepts is not None
    assert all(accepts(record) is True for record in CORPUS[:50] + CORPUS[:50])


def test_the_layer_is_off_with_its_switch(monkeypatch):
    monkeypatch.setenv("CAPEVAL_ACCEL", "0")
    assert accel.valid_record("evalcase") is None


# -- containment ---------------------------------------------------------------------------

SPEED_ONLY = re.compile(
    r"\bmsgspec\b|CAPEVAL_ACCEL|\b[A-Z_]*(?:FAST_PATHS?|BLOCK_PATH|ACCEL)[A-Z_]*\s*=|"
    r"\b(?:LineBlock|CaseBlock|UsualRun|ProvenLines|bind_column|bound_column)\b"
)


def test_no_speed_only_construct_lives_outside_the_layer():
    found = []
    for path in sorted(LIB.rglob("*.py")):
        if "accel" in path.relative_to(LIB).parts:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if SPEED_ONLY.search(line):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not found, "\n".join(found)


def test_assertion_modules_have_one_shape():
    from capeval import assertions

    allowed = {"NAME", "CODES", "PARAMS", "PARAMS_REQUIRED", "check", "param_errors"}
    for name in assertions.NAMES:
        module = assertions.load(name)
        hooks = {attr for attr in ("bind", "bind_column") if hasattr(module, attr)}
        assert not hooks, f"{name} has {hooks}: column tests live in capeval.accel"
        assert {"NAME", "CODES", "PARAMS", "check"} <= set(vars(module)) and allowed


def test_the_layer_stays_within_its_budget():
    lines = sum(
        len(p.read_text(encoding="utf-8").splitlines()) for p in (LIB / "accel").rglob("*.py")
    )
    assert lines <= ACCEL_LINE_BUDGET, f"lib/capeval/accel/ is {lines} lines"
