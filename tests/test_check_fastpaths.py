"""The check engine's fast paths and memos give exactly what the full paths give.

Each test turns one fast path off (its module's ``FAST_PATHS``) or compares with the full
computation directly, on inputs built to break it: placeholders next to digits, signs and
separators, Unicode digits and letters, repeated shapes, credentials near their thresholds.
The last test runs cap-check end to end with every fast path on and off: byte-identical
output and diagnostics.
"""

from __future__ import annotations

import contextlib
import json
import re

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from capeval import candidates, case_reader, check, evidence, result_lines, secrets
from capeval.assertions import (
    ParamsError,
    Subject,
    bound_check,
    max_chars,
    nfc,
    number_fidelity,
    placeholder_integrity,
)
from capeval.evidence import bound_evidence, bound_message
from capeval.jsonl import dumps
from capeval.placeholders.auto import AUTO_TEXTS, AUTO_TEXTS_WITHOUT_BRACE
from capeval.placeholders.spans import mask_placeholders
from capeval.records import assertion_result
from capeval.verdict import Outcome

from conftest import evalcase, jsonl, run_cmd

FAST_MODULES = (
    check,
    candidates,
    case_reader,
    evidence,
    result_lines,
    number_fidelity,
    placeholder_integrity,
    max_chars,
)


@contextlib.contextmanager
def full_path(*modules):
    """Every fast path of ``modules`` (default: all of the engine's) off, then on again."""
    modules = modules or FAST_MODULES
    for module in modules:
        module.FAST_PATHS = False
    try:
        yield
    finally:
        for module in modules:
            module.FAST_PATHS = True


# -- passing results from byte templates -----------------------------------------------------

ANY_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)


@settings(max_examples=300, deadline=None)
@given(
    case_id=ANY_TEXT | st.sampled_from(['a"b', "a\\b", "\u2028", "\x00", "é/ü", "x\ud7ff"]),
    system=st.none() | ANY_TEXT,
    assertion=st.sampled_from(["max_chars", "number_fidelity", 'q"uote']),
    severity=st.sampled_from(["hard", "report"]),
    message=st.sampled_from(["ok", "", "fits", "token=AKIAABCDEFGHIJKLMNOP"]) | ANY_TEXT,
)
def test_a_template_line_is_the_dict_path_line(case_id, system, assertion, severity, message):
    line = result_lines.ResultLines().line(case_id, system, assertion, severity, message)
    expected = dumps(
        assertion_result(case_id, system, assertion, severity, "ok", bound_message(message), {})
    )
    assert line == expected


SHARED_LINES = result_lines.ResultLines()
EVIDENCE_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64) | st.floats(allow_nan=False)
    | ANY_TEXT | st.sampled_from(["x" * 300, "AKIAABCDEFGHIJKLMNOP", "pwd=hunter22", "%d"]),
    lambda inner: st.lists(inner, max_size=60) | st.dictionaries(ANY_TEXT, inner, max_size=4),
    max_leaves=80,
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(
    case_id=ANY_TEXT,
    system=st.none() | ANY_TEXT,
    code=st.sampled_from(["ok", "placeholder_mutated", "number_missing"]),
    message=st.sampled_from(["mutated %d → %s", "token=AKIAABCDEFGHIJKLMNOP", "x" * 600])
    | ANY_TEXT,
    evidence=st.dictionaries(ANY_TEXT, EVIDENCE_VALUES, max_size=5),
)
def test_an_outcome_line_is_the_dict_path_line(case_id, system, code, message, evidence):
    # as the engine asks: for a pair whose texts hold no credential (nothing known); one
    # memo for every example, so a key that missed a part would serve another's line
    lines = SHARED_LINES
    outcome = Outcome(code, message, evidence)
    expected = dumps(
        assertion_result(
            case_id, system, "placeholder_integrity", "hard", code, bound_message(message),
            bound_evidence(evidence),
        )
    )  # fmt: skip
    for _ in range(2):  # made, then from the memo
        tail = lines.outcome_tail(system, "placeholder_integrity", "hard", outcome)
        if tail is not None:
            assert lines.prefix(case_id) + tail == expected
    # an equal evidence of other objects (tuples for its lists) reads the same from the memo
    again = Outcome(code, message, _with_tuples(evidence))
    tail = lines.outcome_tail(system, "placeholder_integrity", "hard", again)
    assert tail is None or lines.prefix(case_id) + tail == expected


def _with_tuples(value):
    if isinstance(value, dict):
        return {key: _with_tuples(item) for key, item in value.items()}
    if isinstance(value, list):
        return tuple(_with_tuples(item) for item in value)
    return value


def test_a_case_id_orjson_cannot_write_goes_the_dict_path():
    assert result_lines.ResultLines().line("a\ud800", None, "max_chars", "hard", "ok") is None


# -- the secret prefilter on decoded strings -------------------------------------------------

TOKEN_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_=-"
SECRET_PIECES = st.one_of(
    st.sampled_from(
        [
            "AKIA",
            "ASIA",
            "AIza",
            "ghp_",
            "github_pat_",
            "xoxb-",
            "sk-",
            "sk_live_",
            "rk_test_",
            "-----BEGIN PRIVATE KEY-----",
            "PRIVATE KEY",
            "password",
            "paſſword",
            "api_key",
            "KEY",
            "toKen",
            "ſecret",
            " = ",
            "=",
            "'",
            '"',
            " ",
            "\u00a0",
            "\x1c",
            "é",
            "日本",
            "%s",
            "{x}",
            "***",
        ]
    ),  # fmt: skip
    st.text(st.sampled_from(TOKEN_CHARS), min_size=14, max_size=40),
    st.text(st.sampled_from("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"), min_size=14, max_size=18),
)
secret_like = st.lists(SECRET_PIECES, max_size=8).map("".join)


@settings(max_examples=1000, deadline=None)
@given(secret_like)
def test_the_text_prefilter_never_hides_a_credential(value):
    if not secrets.text_may_hold_secret(value):
        assert secrets._scan(value, True) is None
        assert secrets._scan(value, False) is None


@settings(max_examples=1000, deadline=None)
@given(secret_like.map(lambda value: value[: secrets.SHORTEST_SECRET - 1]) | ANY_TEXT)
def test_no_credential_is_shorter_than_the_shortest(value):
    if len(value) < secrets.SHORTEST_SECRET:
        assert secrets._scan(value, True) is None
        assert secrets._scan(value, False) is None


def test_the_text_prefilter_lets_real_credentials_through():
    for value in ["AKIAIOSFODNN7EXAMPLE", "password=hunter22", "paſſword=hunter22", "pwd=a1b2",
                  "ghp_" + "a1B2" * 9, "-----BEGIN RSA PRIVATE KEY-----"]:  # fmt: skip
        assert secrets.text_may_hold_secret(value)
        assert secrets.value_secret_kind(value) is not None


# -- number_fidelity: the run patterns and the masking shortcut ------------------------------

LOCALE_PAIRS = [("en-US", "de-DE"), ("en-US", "fr-FR"), ("de-DE", "en-US"), ("en", "hi")]
NUMBER_PIECES = st.sampled_from(
    ["%s", "%d", "%5.2f", "%1$s", "%%", "%(n)d", "%-3i", "%'d", "% d", "%", "}}", "%.f",
     "5", "12", "1,5", "1.234", "1 234", "-", "+", "\u2212", "-5", "+1,5", "\u22122",
     "_", "a", "x", " ", "\u00a0",
     "\u202f", ",", ".", "'", "\u0663", "\uff11", "\uff0c", "é", "%é", "<b>", "{n}"]
)  # fmt: skip
number_texts = st.lists(NUMBER_PIECES, max_size=10).map("".join)


def reference_runs(separators: set[str]) -> re.Pattern[str]:
    """The lookahead-led run pattern the class-led ones replace."""
    group = "[" + "".join(re.escape(c) for c in sorted(separators)) + "]"
    return re.compile(rf"(?=[-+\u2212\d])(?:[-+\u2212](?<![^\W_][-+\u2212]))?\d+(?:{group}\d+)*")


@pytest.mark.parametrize(("source_locale", "target_locale"), LOCALE_PAIRS)
@settings(max_examples=300, deadline=None)
@given(text=number_texts)
def test_run_patterns_find_what_the_lookahead_pattern_finds(source_locale, target_locale, text):
    pair = number_fidelity._pair(source_locale, target_locale)
    reference = reference_runs(set(pair.source.separators | pair.target.separators))
    assert pair.runs.findall(text) == reference.findall(text)
    ascii_text = text.encode("ascii", "replace").decode()
    assert pair.ascii_runs.findall(ascii_text) == reference.findall(ascii_text)


@pytest.mark.parametrize(("source_locale", "target_locale"), LOCALE_PAIRS)
@settings(max_examples=300, deadline=None)
@given(text=number_texts)
@example(text="%%-5")  # a sign after a placeholder that does not end in a letter
@example(text="}}+1 %s")
@example(text="%<PRId64>\u22122")
@example(text="%s %%\u22122")
def test_an_unmasked_text_reads_as_its_masked_form(source_locale, target_locale, text):
    pair = number_fidelity._pair(source_locale, target_locale)
    kept = number_fidelity._masked(text, pair)
    if kept is text:
        masked = mask_placeholders(text)
        assert pair.runs.findall(text) == pair.runs.findall(masked)
        for reader in (pair.source.reader, pair.target.reader):
            assert [m.span() for m in reader.finditer(text)] == [
                m.span() for m in reader.finditer(masked)
            ]


# ASCII texts sharing digits and separators, their words apart: the stretches often agree
ASCII_PIECES = st.sampled_from(
    ["%s", "%d", "%5.2f", "%%", "5", "12", "1,5", "1.234", "1 234", "0", ",", ".", "'", " ",
     "a", "Zz", "_", "x1", "1x", ":", "\t", "-", "+", "-5", "a-5", "}}", "{n}", "<b>"]
)  # fmt: skip
WORDS = st.sampled_from(["", "a", "word", " ", "  ", "__", "%"])


@pytest.mark.parametrize(
    ("source_locale", "target_locale"), [*LOCALE_PAIRS, ("fr-FR", "de-CH"), ("de-CH", "en")]
)
@settings(max_examples=400, deadline=None)
@given(pieces=st.lists(st.tuples(ASCII_PIECES, WORDS, WORDS), max_size=8))
def test_equal_ascii_stretches_mean_equal_runs(source_locale, target_locale, pieces):
    pair = number_fidelity._pair(source_locale, target_locale)
    source = "".join(piece + before for piece, before, _ in pieces)
    text = "".join(piece + after for piece, _, after in pieces)
    if number_fidelity._same_ascii_runs(source, text, pair.run_bytes):
        assert pair.ascii_runs.findall(source) == pair.ascii_runs.findall(text)


def test_a_pair_whose_separator_is_a_space_has_no_stretch_test():
    assert number_fidelity._pair("en-US", "fr-FR").run_bytes is None  # U+202F: spaces count
    assert number_fidelity._pair("en-US", "de-DE").run_bytes is not None


@pytest.mark.parametrize(("source_locale", "target_locale"), LOCALE_PAIRS)
@settings(max_examples=200, deadline=None)
@given(source=number_texts, text=number_texts, ignore=st.sampled_from([(), ("5",), ("1,5",)]))
def test_number_verdicts_equal_the_full_path(source_locale, target_locale, source, text, ignore):
    fast = number_fidelity.compare(source, text, source_locale, target_locale, ignore)
    with full_path(number_fidelity):
        full = number_fidelity.compare(source, text, source_locale, target_locale, ignore)
    assert (fast.code, fast.message, fast.evidence) == (full.code, full.message, full.evidence)


@settings(max_examples=300, deadline=None)
@given(
    source=number_texts,
    text=number_texts,
    locales=st.sampled_from(LOCALE_PAIRS),
    params=st.sampled_from([{}, {"ignore": []}, {"ignore": None}, {"ignore": ["5"]}]),
)
def test_the_bound_number_check_is_check(source, text, locales, params):
    # bind() takes the usual params (nothing to ignore) straight to compare
    case = {"id": "c", "source": source, "source_locale": locales[0], "target_locale": locales[1]}
    subject = Subject.of(case, {"text": text})
    bound = number_fidelity.bind(params)
    full = number_fidelity.check(subject, params)
    if bound is None:
        assert params.get("ignore")  # only an ignore list is left to check
        return
    fast = bound(subject)
    assert (fast.code, fast.message, fast.evidence) == (full.code, full.message, full.evidence)


@settings(max_examples=300, deadline=None)
@given(number_texts | ANY_TEXT)
def test_the_digit_test_is_a_search_for_a_decimal_digit(text):
    assert number_fidelity._has_digit(text) == (re.search(r"\d", text) is not None)


@settings(max_examples=300, deadline=None)
@given(st.lists(NUMBER_PIECES, max_size=10).map("".join))
def test_the_brace_free_auto_scan_matches_what_auto_matches(text):
    text = text.replace("{", "")
    assert [m.span() for m in AUTO_TEXTS_WITHOUT_BRACE.finditer(text)] == [
        m.span() for m in AUTO_TEXTS.finditer(text)
    ]


# -- placeholder_integrity: the outcome memo -------------------------------------------------

PLACEHOLDER_PIECES = st.sampled_from(
    ["%s", "%d", "%i", "%1$s", "%2$d", "%*d", "%.*f", "%-5.2f", "%m", "%%", "%", "%l", "%ld",
     "%<PRId64>", "%@", "％s", "% s", "%'d", "%(n)s", " ", "a", "5", "word", "\u00e9"]
)  # fmt: skip
placeholder_texts = st.lists(PLACEHOLDER_PIECES, max_size=8).map("".join)


@settings(max_examples=300, deadline=None)
@given(
    pairs=st.lists(st.tuples(placeholder_texts, placeholder_texts), min_size=1, max_size=6),
    filler=st.sampled_from(["", " x", "é "]),
    params=st.sampled_from([{"syntax": "printf"}, {"syntax": "printf", "allow_reorder": False}]),
)
def test_memoised_placeholder_outcomes_equal_fresh_ones(pairs, filler, params):
    """Each pair is checked twice, the second time with other literal text around the same
    placeholders, so the memo is hit; the verdicts must be the full path's."""
    placeholder_integrity._OUTCOMES.clear()
    checked = []
    for source, text in pairs + [(filler + s, t + filler) for s, t in pairs]:
        subject = Subject.of({"source": source}, {"text": text})
        checked.append((subject, placeholder_integrity.check(subject, params)))
    with full_path(placeholder_integrity):
        fresh = [placeholder_integrity.check(subject, params) for subject, _ in checked]
    for (_, fast), full in zip(checked, fresh, strict=True):
        assert (fast.code, fast.message, fast.evidence) == (full.code, full.message, full.evidence)


# -- max_chars: the code-point bound ---------------------------------------------------------

GRAPHEME_PIECES = st.sampled_from(
    ["a", "\r\n", "\r", "\n", "e\u0301", "\U0001f468\u200d\U0001f469\u200d\U0001f467",
     "\U0001f1e9\U0001f1ea", "한", "\u1100\u1161", "\u200b", "\ufe0f", "日"]
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(
    text=st.lists(GRAPHEME_PIECES, max_size=12).map("".join),
    limit=st.integers(1, 30),
    unit=st.sampled_from([None, "graphemes", "codepoints", "utf16", "bytes", "columns"]),
)
def test_max_chars_verdicts_equal_the_full_measure(text, limit, unit):
    params = {"max": limit} if unit is None else {"max": limit, "unit": unit}
    subject = Subject.of({"source": ""}, {"text": text})
    fast = max_chars.check(subject, params)
    with full_path(max_chars):
        full = max_chars.check(subject, params)
    assert (fast.code, fast.message, fast.evidence) == (full.code, full.message, full.evidence)


@settings(max_examples=300, deadline=None)
@given(
    text=st.lists(GRAPHEME_PIECES, max_size=12).map("".join),
    context=st.one_of(
        st.none(),
        st.just("12"),
        st.fixed_dictionaries({"max_chars": st.one_of(st.integers(-1, 30), st.just(True))}),
        st.just({}),
    ),
    params=st.sampled_from([{}, {"unit": "graphemes"}, {"max": 3}]),
)
def test_the_bound_length_check_is_check(text, context, params):
    case = {"source": ""} if context is None else {"source": "", "context": context}
    subject = Subject.of(case, {"text": text})
    bound = max_chars.bind(params)
    if bound is None:
        assert params  # only the usual (empty) params are bound
        return
    try:
        full = max_chars.check(subject, params)
    except ParamsError as exc:
        with pytest.raises(ParamsError, match=re.escape(str(exc))):
            bound(subject)
        return
    fast = bound(subject)
    assert (fast.code, fast.message, fast.evidence) == (full.code, full.message, full.evidence)


# -- the whole engine -----------------------------------------------------------------------

ASSERTIONS = [
    {"name": "placeholder_integrity", "severity": "hard", "params": {"syntax": "printf"}},
    {"name": "number_fidelity", "severity": "report"},
    {"name": "max_chars", "severity": "report"},
]


@settings(max_examples=25, deadline=None)
@given(
    rows=st.lists(
        st.tuples(
            placeholder_texts,
            number_texts,
            placeholder_texts,
            number_texts,
            st.sampled_from([None, "sys-a", "sys-b"]),
            st.integers(1, 40),
        ),
        min_size=1,
        max_size=8,
    )  # fmt: skip
)
def test_cap_check_writes_the_same_bytes_with_and_without_fast_paths(tmp_path_factory, rows):
    folder = tmp_path_factory.mktemp("fastpaths")
    cases, candidates = [], []
    for n, (src_ph, src_num, text_ph, text_num, system, limit) in enumerate(rows):
        case_id = f"fast.path.{n:03d}"
        cases.append(
            evalcase(
                id=case_id,
                target_locale="de-DE",
                source=(src_ph + " " + src_num).strip() or "x",
                context={"max_chars": limit},
                assertions=ASSERTIONS,
            )
        )
        candidate = {"case_id": case_id, "text": text_ph + text_num}
        if system is not None:
            candidate["system"] = system
        candidates.append(candidate)
    candidates.append({"case_id": "fast.path.orphan", "text": "x"})
    path = folder / "candidates.jsonl"
    path.write_text(jsonl(*candidates) + json.dumps(candidates[0]) + "\n")  # one duplicate
    args = ("--exit-zero", "--candidates", str(path))
    fast = run_cmd("cap-check", *args, stdin=jsonl(*cases))
    placeholder_integrity._OUTCOMES.clear()
    with full_path():
        full = run_cmd("cap-check", *args, stdin=jsonl(*cases))
    assert (fast.stdout, fast.stderr, fast.returncode) == (
        full.stdout,
        full.stderr,
        full.returncode,
    )


# -- blocks of cases checked at once (check._Checks.block) -----------------------------------

BLOCK_ASSERTIONS = st.sampled_from(
    [
        ASSERTIONS,
        ASSERTIONS[:1],
        [ASSERTIONS[1], {"name": "max_chars", "severity": "hard", "params": {"max": 9}}],
        [{**ASSERTIONS[1], "params": {"ignore": ["5"]}}, ASSERTIONS[2]],
        [ASSERTIONS[2], {"name": "no_such_assertion", "severity": "hard"}],
        [{"name": "placeholder_integrity", "severity": "hard"}, ASSERTIONS[1]],
    ]
)
BLOCK_TEXTS = st.one_of(placeholder_texts, number_texts, st.tuples(placeholder_texts,
    number_texts).map(" ".join))  # fmt: skip


@st.composite
def case_blocks(draw):
    """Cases sharing all but id and source, and a candidates file made from them: in order
    or not, with gaps, repeats, named systems and orphans."""
    n = draw(st.integers(1, 40))
    ids = [f"block.case.{i:03d}" for i in range(n)]
    for at in draw(st.lists(st.integers(0, n - 1), max_size=2)):
        ids[at] = ids[draw(st.integers(0, n - 1))]  # a repeated case id
    shared = {
        "target_locale": draw(st.sampled_from(["de-DE", "fr-FR", "hi"])),
        "context": draw(st.sampled_from([{"max_chars": 12}, {"max_chars": 40}])),
        "assertions": draw(BLOCK_ASSERTIONS),
    }
    cases = [evalcase(id=i, source=draw(BLOCK_TEXTS) or "x", **shared) for i in ids]
    lines = [{"case_id": i, "text": draw(BLOCK_TEXTS)} for i in dict.fromkeys(ids)]
    shape = draw(st.sampled_from(["in order", "in order", "shuffled", "gaps", "system"]))
    if shape == "shuffled":
        lines = draw(st.permutations(lines))
    elif shape == "gaps":
        lines = [line for line in lines if draw(st.booleans())]
    elif shape == "system":
        lines[draw(st.integers(0, len(lines) - 1))]["system"] = "sys-a"
    if draw(st.booleans()):
        lines.append({"case_id": "block.orphan", "text": "x"})
    return cases, lines


@pytest.fixture
def small_blocks(monkeypatch):
    # blocks of a few cases, so that one input holds many (the first is read case by case)
    monkeypatch.setattr(case_reader, "BLOCK_BYTES", 1500)


def _check_both_ways(folder, cases, lines, *extra):
    path = folder / "candidates.jsonl"
    path.write_text(jsonl(*lines) if lines else "")
    args = ("--exit-zero", "--candidates", str(path), *extra)
    fast = run_cmd("cap-check", *args, stdin=jsonl(*cases))
    with full_path(check):
        by_case = run_cmd("cap-check", *args, stdin=jsonl(*cases))
    return fast, by_case


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)  # the fixture only sets the block size, the same for every input
@given(blocks=st.lists(case_blocks(), min_size=1, max_size=3))
def test_blocks_of_cases_write_what_case_by_case_writes(small_blocks, tmp_path_factory, blocks):
    folder = tmp_path_factory.mktemp("blocks")
    cases = [case for block_cases, _ in blocks for case in block_cases]
    lines = [line for _, block_lines in blocks for line in block_lines]
    fast, by_case = _check_both_ways(folder, cases, lines)
    assert (fast.stdout, fast.stderr, fast.returncode) == (
        by_case.stdout,
        by_case.stderr,
        by_case.returncode,
    )


def _suite(prefix):
    """60 like cases and their candidates, in order, every pair passing."""
    cases = [
        evalcase(id=f"{prefix}.{i:03d}", source=f"Hi %s, {i} new", assertions=ASSERTIONS,
                 target_locale="de-DE", context={"max_chars": 20})
        for i in range(60)
    ]  # fmt: skip
    lines = [{"case_id": c["id"], "text": c["source"].replace("Hi", "Hallo")} for c in cases]
    return cases, lines


def test_a_suites_blocks_are_checked_at_once(small_blocks, tmp_path, monkeypatch):
    claimed = []
    claim = candidates.CandidateIndex.claim_usual

    def spy(self, case_ids):
        found = claim(self, case_ids)
        claimed.append(None if found is None else len(found))
        return found

    monkeypatch.setattr(candidates.CandidateIndex, "claim_usual", spy)
    cases, lines = _suite("suite")
    lines[30]["text"] = "Hallo %d, 30 neu"  # one failing pair inside a block
    fast, by_case = _check_both_ways(tmp_path, cases, lines)
    assert fast.stdout == by_case.stdout and fast.stderr == by_case.stderr
    assert sum(n for n in claimed if n) > 30  # most cases came in blocks
    assert b"placeholder_mismatch" in fast.stdout or b'"passed":false' in fast.stdout


@pytest.mark.parametrize("swap", [(40, 41), (41, 42), (45, 46), (50, 51), (40, 43), (0, 59)])
def test_candidates_out_of_the_cases_order_are_read_one_by_one(small_blocks, tmp_path, swap):
    # the same lines, two of them swapped: a block's span holds its lines, not in its order
    cases, lines = _suite("swap")
    first, second = swap
    lines[first], lines[second] = lines[second], lines[first]
    lines[first]["text"] += " %d"  # its pair fails: a text read for the wrong case would pass
    fast, by_case = _check_both_ways(tmp_path, cases, lines)
    assert fast.stdout == by_case.stdout and fast.stderr == by_case.stderr
    assert fast.stdout.count(b'"passed":false') == 1


@pytest.mark.parametrize("usual", [True, False])
@pytest.mark.parametrize("backwards", [True, False])
def test_cases_that_came_before_are_never_claimed_again(small_blocks, tmp_path, usual, backwards):
    # the suite again, in its order or backwards: its blocks repeat cases that came (whose
    # candidates, of the usual shape or not, were claimed a block at a time or one by one)
    cases, lines = _suite("again")
    if not usual:
        lines = [{"text": line["text"], "case_id": line["case_id"]} for line in lines]
    again = list(reversed(cases)) if backwards else cases
    fast, by_case = _check_both_ways(tmp_path, [*cases, *again], lines)
    assert fast.stdout == by_case.stdout and fast.stderr == by_case.stderr
    assert fast.stderr.count(b"id.duplicate") == 60


def _spans_tried(monkeypatch):
    """The (first id, last id) of every run of cases the index is asked to claim."""
    tried = []
    claim = candidates.CandidateIndex.claim_usual

    def spy(self, case_ids):
        tried.append((case_ids[0], case_ids[-1]))
        return claim(self, case_ids)

    monkeypatch.setattr(candidates.CandidateIndex, "claim_usual", spy)
    return tried


# the middle two of each four cases (the suite's blocks hold four at small_blocks' size)
def _inner(case_id):
    return int(case_id.rsplit(".", 1)[1]) % 4 in (1, 2)


def test_a_repeated_candidate_inside_a_span_is_never_claimed(small_blocks, tmp_path, monkeypatch):
    # the inner cases' candidates first, then every case's in order, the inner ones repeated
    # with a failing text: a block's span runs in order over lines with its cases' ids, its
    # inner ones repeats (the first candidate wins)
    tried = _spans_tried(monkeypatch)
    cases, lines = _suite("repeat")
    first = [line for line in lines if _inner(line["case_id"])]
    then = [
        {**line, "text": line["text"] + " %d"} if _inner(line["case_id"]) else line
        for line in lines
    ]
    fast, by_case = _check_both_ways(tmp_path, cases, [*first, *then])
    assert fast.stdout == by_case.stdout and fast.stderr == by_case.stderr
    assert b'"passed":false' not in fast.stdout
    assert fast.stderr.count(b"candidate.duplicate") == 30
    assert any(not _inner(a) and not _inner(b) for a, b in tried)  # such spans came


def test_an_invalid_candidate_line_inside_a_span_is_never_claimed(
    small_blocks, tmp_path, monkeypatch
):
    # the inner cases' candidates repeat a key: invalid (reported, the case has none), yet
    # decodable as a candidate; a block's span holds them between its outer cases' lines
    tried = _spans_tried(monkeypatch)
    cases, lines = _suite("invalid")
    path = tmp_path / "candidates.jsonl"
    repeated_key = '{{"case_id": "{}", "text": "x", "text": {}}}'.format
    path.write_text(
        "".join(
            (
                repeated_key(line["case_id"], json.dumps(line["text"]))
                if _inner(line["case_id"])
                else json.dumps(line)
            )
            + "\n"
            for line in lines
        )
    )
    args = ("--exit-zero", "--candidates", str(path))
    fast = run_cmd("cap-check", *args, stdin=jsonl(*cases))
    with full_path(check):
        by_case = run_cmd("cap-check", *args, stdin=jsonl(*cases))
    assert fast.stdout == by_case.stdout and fast.stderr == by_case.stderr
    assert fast.stdout.count(b"candidate_missing") == 30 * len(ASSERTIONS)
    assert any(not _inner(a) and not _inner(b) for a, b in tried)


COLUMN_PARAMS = [
    (placeholder_integrity, {"syntax": "printf"}),
    (placeholder_integrity, {"syntax": "printf", "allow_reorder": False}),
    (number_fidelity, {}),
    (max_chars, {}),
]


@pytest.mark.parametrize(("module", "params"), COLUMN_PARAMS)
@settings(max_examples=200, deadline=None)
@given(
    pairs=st.lists(st.tuples(BLOCK_TEXTS, BLOCK_TEXTS), min_size=1, max_size=8),
    locales=st.sampled_from(LOCALE_PAIRS),
    limit=st.integers(0, 30),
)
def test_a_column_passes_only_pairs_the_check_passes_plainly(module, params, pairs, locales,
                                                             limit):  # fmt: skip
    case = {"source_locale": locales[0], "target_locale": locales[1],
            "context": {"max_chars": limit}}  # fmt: skip
    test = module.bind_column(params, case)
    if test is None:
        return
    sources = [nfc(source) for source, _ in pairs]
    texts = [nfc(text) for _, text in pairs]
    passes = test(sources, texts)
    assert len(passes) == len(pairs)
    bound = bound_check(module, params)
    for source, text, passed in zip(sources, texts, passes, strict=True):
        if passed:
            outcome = bound(Subject.of({**case, "source": source}, {"text": text}))
            assert (outcome.code, outcome.message, outcome.evidence) == ("ok", "ok", {})


def test_columns_say_when_they_cannot_test():
    case = {"source_locale": "en-US", "target_locale": "de-DE", "context": {"max_chars": 5}}
    assert placeholder_integrity.bind_column({"syntax": "icu"}, case) is None
    assert number_fidelity.bind_column({"ignore": ["5"]}, case) is None
    assert number_fidelity.bind_column({}, {**case, "target_locale": "fr-FR"}) is None
    assert max_chars.bind_column({"max": 3}, case) is None
    assert max_chars.bind_column({}, {"context": {"max_chars": True}}) is None


# -- the candidates file: lines of the usual shape read without the full reader -------------

LINE_BYTES = st.sampled_from(
    [b"a", b"\xc3\xa9", b"\xe6\x97\xa5", b"\xf0\x9f\x98\x80", b"\xef\xbf\xbf", b"\x7f", b" ",
     b"\\", b'\\"', b"\\u00e9", b"\\ud800", b'"', b"\x00", b"\x1f", b"\t", b"\xff", b"\xc3",
     b"\xed\xa0\x80", b"\xe0\x80\xaf", b"\xf4\x90\x80\x80", b"1234567890123456789", b"x.1"]
)  # fmt: skip
line_strings = st.lists(LINE_BYTES, max_size=6).map(b"".join)
USUAL_LINES = st.builds(
    lambda case_id, text, colon, comma: (
        b'{"case_id":%s"fast.x%s",%s"text":%s"%s"}' % (colon, case_id, comma, colon, text)
    ),
    line_strings,
    line_strings,
    st.sampled_from([b"", b" "]),
    st.sampled_from([b"", b" "]),
)
OTHER_LINES = st.sampled_from(
    [b"", b"   ", b"[1]", b"{", b'{"case_id": "fast.x", "case_id": "y", "text": ""}',
     b'{"case_id": "fast.x", "text": "", "system": "s"}', b'{"case_id": "fast.x", "text": 5}',
     b'{"case_id": "fast.x" , "text": ""}', b'\xef\xbb\xbf{"case_id": "fast.x", "text": ""}',
     b'{"case_id": "fast.x", "text": ""}\r', b'{"text": "", "case_id": "fast.x"}',
     b'{"case_id": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "text": ""}',
     b'{ "case_id" : "fast.x" , "text" : "abcdefgh" }',
     b'{"text": "abcdefgh", "case_id": "fast.x"}',
     b'{"case_id": "fast.x",', b'"text": "abcdefgh"}', b'{"case_id": "fast.x", "text": "a",',
     b'{"case_id": "fast.x", "text": ""} {"case_id": "fast.y", "text": "abcdefgh"}',
     b'{"case_id": "fast.x", "text": "", "text": ""}']
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@example(  # two values on a line and one over the next two: as many values as lines
    lines=[b'{"case_id": "fast.x", "text": ""} {"case_id": "fast.y", "text": "abcdefgh"}',
           b'{"case_id": "fast.x",', b'"text": "abcdefgh"}'],
    final_newline=True, max_bytes=16 * 1024 * 1024, block_bytes=1 << 20,
)  # fmt: skip
@given(
    lines=st.lists(USUAL_LINES | OTHER_LINES, min_size=1, max_size=12),
    final_newline=st.booleans(),
    max_bytes=st.sampled_from([48, 16 * 1024 * 1024]),
    block_bytes=st.sampled_from([1, 7, 40, 100, 1 << 20]),
)
def test_usual_candidate_lines_index_as_the_full_reader_reads_them(
    tmp_path_factory, lines, final_newline, max_bytes, block_bytes
):
    """Line by line and in blocks of usual lines (``UsualRun``), cut anywhere."""
    path = tmp_path_factory.mktemp("candidates") / "candidates.jsonl"
    path.write_bytes(b"\n".join(lines) + (b"\n" if final_newline else b""))
    case = evalcase(id="fast.x", assertions=[{"name": "max_chars", "severity": "report"}])
    case["context"] = {"max_chars": 5}
    args = ("--exit-zero", "--max-line-bytes", str(max_bytes), "--candidates", str(path))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(candidates, "BLOCK_BYTES", block_bytes)
        fast = run_cmd("cap-check", *args, stdin=jsonl(case))
    with full_path(candidates):
        full = run_cmd("cap-check", *args, stdin=jsonl(case))
    assert (fast.stdout, fast.stderr, fast.returncode) == (
        full.stdout,
        full.stderr,
        full.returncode,
    )


def test_a_block_of_usual_lines_is_indexed_whole(tmp_path):
    """The block path does its job: a file of usual lines comes as runs, not line by line."""
    from collections import Counter
    from types import SimpleNamespace

    path = tmp_path / "candidates.jsonl"
    path.write_text("".join(f'{{"case_id": "fast.c{i}", "text": "t"}}\n' for i in range(500)))
    tally: Counter = Counter()
    run = SimpleNamespace(side_tally=lambda name: tally, max_line_bytes=1 << 20, diag=None)
    items = list(candidates.candidate_lines(run, str(path), str(path)))
    assert [type(item) for item in items] == [candidates.UsualRun]
    first, offsets, case_ids = items[0]
    assert (first, offsets[:3], case_ids[:2]) == (1, [0, 36, 72], ["fast.c0", "fast.c1"])
    assert len(offsets) == len(case_ids) == 500
    assert tally["read"] == 500


@settings(max_examples=200, deadline=None)
@given(
    texts=st.lists(
        st.text(st.characters(blacklist_categories=("Cs",)), max_size=12), min_size=1, max_size=30
    )
)
def test_usual_lines_read_back_are_what_orjson_reads(tmp_path_factory, texts):
    """A usual line's record is read back by slicing out its text: the same record."""
    from collections import Counter
    from types import SimpleNamespace

    import orjson

    path = tmp_path_factory.mktemp("readback") / "candidates.jsonl"
    records = [{"case_id": f"fast.r{n}", "text": text} for n, text in enumerate(texts)]
    lines = [json.dumps(record, ensure_ascii=False) for record in records]  # most are usual
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    tally: Counter = Counter()
    emitted: list = []
    run = SimpleNamespace(
        side_tally=lambda name: tally,
        max_line_bytes=1 << 20,
        diag=SimpleNamespace(emit=lambda *args, **kwargs: emitted.append(args)),
    )
    index = candidates.CandidateIndex(run, str(path))
    index.build()
    try:
        for n, line in reversed(list(enumerate(lines))):  # out of order too: seeks
            assert index.candidates_of(f"fast.r{n}") == {None: orjson.loads(line)}
    finally:
        index.close()
    assert emitted == []


# -- evidence within its bounds is written as it is -----------------------------------------

EVIDENCE_STRINGS = (
    st.text(max_size=12)
    | st.sampled_from(["%d", "x " * 95, "y " * 101, "AKIAABCDEFGHIJKLMNOP", "password=hunter22",
                       "a,b", "[{", "\\u0041", "é" * 120, "ghp_" + "a1B2c3D4e5" * 4])
)  # fmt: skip
SHARED_LINES = result_lines.ResultLines()
EVIDENCE_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10**6) | EVIDENCE_STRINGS,
    lambda inner: (
        st.lists(inner, max_size=55)
        | st.lists(inner, max_size=3).map(tuple)
        | st.dictionaries(EVIDENCE_STRINGS, inner, max_size=4)
    ),
    max_leaves=60,
)


@settings(max_examples=500, deadline=None)
@given(st.dictionaries(EVIDENCE_STRINGS, EVIDENCE_VALUES, min_size=1, max_size=4))
@example({"long": "y " * 101})  # 202 characters, no token run
@example({"many": list(range(51))})
@example({"deep": [[[[[[[["x"]]]]]]]]})
@example({"key": "AKIAABCDEFGHIJKLMNOP"})
def test_evidence_within_bounds_is_what_the_walk_makes_of_it(found):
    fast = evidence.bound_evidence(found)
    with full_path(evidence):
        full = evidence.bound_evidence(found)
    assert dumps(fast) == dumps(full)
