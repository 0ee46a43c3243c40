"""The secrets prefilter (``secrets.may_contain_secret``) against the walk it spares.

Texts are built from the pieces the credential rules look at — assignment words in any case
and with look-alike letters ("ſ" matches "s" case-insensitively), every kind of blank before
"=" (escaped, Unicode, long runs), token runs with "/" (written "\\/" by some encoders), known
formats — and written as JSON the ways encoders do. Whenever the walk finds a credential, the
prefilter must have said maybe; on a block of such lines too.
"""

from __future__ import annotations

import json
import re

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval import secrets

WORDS = st.sampled_from(["password", "PassWord", "paſſword", "pwd", "api_key", "apiKey",
                         "token", "secreT", "access-key", "note"])  # fmt: skip
BLANKS = st.lists(
    st.sampled_from([" ", "\t", "\n", "\r", "\x0c", "\u00a0", "\u2028", "\u3000", " " * 45]),
    max_size=3,
).map("".join)
VALUES = st.sampled_from(["hunter22x", "'s3cr3t!x'", "%s", "{x}", "****", "abc"])
ASSIGNMENTS = st.tuples(WORDS, BLANKS, BLANKS, VALUES).map(lambda p: f"{p[0]}{p[1]}={p[2]}{p[3]}")
TOKENS = st.tuples(
    st.text("aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI3kM5/+_-", min_size=20, max_size=40),
    st.integers(0, 40),
).map(lambda p: p[0][: p[1]] + "/" + p[0][p[1] :])
FORMATS = st.sampled_from(
    ["AKIAIOSFODNN7EXAMPLE", "-----BEGIN PRIVATE KEY-----", "ghp_" + "a1B2" * 9]
)
TEXTS = st.lists(ASSIGNMENTS | TOKENS | FORMATS | st.text(max_size=6), max_size=4).map(" ".join)


def _encodings(record: dict) -> list[bytes]:
    compact = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    return [
        orjson.dumps(record),
        json.dumps(record).encode(),  # \u escapes
        compact.encode("utf-8", "surrogatepass"),
        compact.replace("/", "\\/").encode("utf-8", "surrogatepass"),  # as PHP writes "/"
    ]


@settings(max_examples=500, deadline=None)
@given(TEXTS, st.sampled_from(["source", "notes", "consent_ref"]))
def test_the_prefilter_says_maybe_wherever_the_walk_finds_a_secret(text, field):
    record = {"id": "a.b", field: text}
    if secrets.find_secrets(record):
        for raw in _encodings(record):
            assert secrets.may_contain_secret(raw), raw


@settings(max_examples=200, deadline=None)
@given(st.lists(TEXTS, min_size=1, max_size=6))
def test_on_a_block_of_lines_too(texts):
    records = [{"source": text} for text in texts]
    if any(secrets.find_secrets(record) for record in records):
        assert secrets.may_contain_secret(b"\n".join(orjson.dumps(r) for r in records))


def test_assignments_hidden_from_a_byte_scan_before_are_now_seen():
    for text in ["password\n=hunter2xyz", "password" + " " * 50 + "=hunter2xyz",
                 "paſſword=hunter2xyz", "password\u00a0=hunter2xyz"]:  # fmt: skip
        assert secrets.find_secrets({"s": text})
        assert secrets.may_contain_secret(orjson.dumps({"s": text}))
    token = "aB3dE5gH7jK9mN1p/Q3sT5vX7zA9cE1gI3kM5"
    assert secrets.may_contain_secret(json.dumps({"s": token}).replace("/", "\\/").encode())
    assert not secrets.may_contain_secret(b'{"s": "a=b, x = 1, caf\xc3\xa9"}')


# The assignment rule as first written: a run of name parts before the word. It was quadratic
# on long hyphenated runs; the rule now starts the word at a word start or after '_'/'-'.
_RUN_OF_PARTS_RULE = re.compile(
    r"(?i)\b(?:[a-z0-9]+[_-])*(?:password|passwd|pwd|pass|api[_-]?key|apikey|secret"
    r"|(?:secret|access|private)[_-]?key|token)\s*=\s*[\"']?(?P<value>[^\s\"'&;,]+)"
)
NAME_PIECES = st.sampled_from(
    ["db", "x", "_", "-", "__", "é", "password", "pass", "token", "api_key", "API-KEY",
     "secret", "=", " = ", "hunter22", "'", "é_", "9", "K"]
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(NAME_PIECES, max_size=12).map("".join))
def test_assignment_rule_finds_every_value_the_run_of_parts_rule_found(text: str) -> None:
    from capeval.secrets import _ASSIGNMENT

    before = {m.span("value") for m in _RUN_OF_PARTS_RULE.finditer(text)}
    now = {m.span("value") for m in _ASSIGNMENT.finditer(text)}
    assert before <= now


# The assignment rule as an alternation ignoring case (what it means); the rule itself is
# written to start with the class of the words' first letters, which the engine scans in C.
_ALTERNATION_RULE = re.compile(
    r"(?i)(?:(?:\b|(?<=[_-])|(?-i:(?<=[a-z0-9])(?=[A-Z])))(?:pwd|pass)|password|passwd"
    r"|api[_-]?key|apikey|secret|(?:secret|access|private)[_-]?key|token)"
    r"\s*=\s*[\"']?(?P<value>[^\s\"'&;,]+)"
)
GLUED_PIECES = st.sampled_from(
    ["db", "x", "X", "_", "-", "é", "password", "Password", "PASS", "pass", "pwd", "Pwd",
     "token", "api_key", "API-KEY", "apikey", "secret", "Secret", "secretkey", "private_key",
     "access-key", "\u017f", "\u212a", "\u0130", "=", " = ", "hunter22", "'", "9", "a", "p",
     "s", "t"]
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(GLUED_PIECES, max_size=12).map("".join))
def test_assignment_rule_is_its_alternation(text: str) -> None:
    from capeval.secrets import _ASSIGNMENT

    expected = [m.span("value") for m in _ALTERNATION_RULE.finditer(text)]
    assert [m.span("value") for m in _ASSIGNMENT.finditer(text)] == expected


def test_the_first_letters_class_holds_every_letter_that_starts_a_word() -> None:
    import sys

    from capeval.secrets import _ASSIGNMENT_FIRST

    folded = {
        chr(code)
        for code in range(sys.maxunicode + 1)
        if not 0xD800 <= code <= 0xDFFF and re.fullmatch("(?i)[apst]", chr(code))
    }
    assert set(_ASSIGNMENT_FIRST) == folded


def test_assignment_rule_on_a_long_hyphenated_run() -> None:
    # the input make fuzz found (the old rule took ~8 s); and a name of many parts
    from capeval.secrets import _ASSIGNMENT, value_secret_kind

    assert list(_ASSIGNMENT.finditer(("ghp_" + "a1B2" * 9 + "-7") * 3000 + "=1")) == []
    assert value_secret_kind("a_" * 20000 + "password=hunter2x", True) == "password_assignment"
    assert value_secret_kind("a__password=hunter22", True) == "password_assignment"


@given(st.lists(TEXTS, min_size=1, max_size=3))
def test_secret_values_skip_only_texts_where_no_span_is_found(texts) -> None:
    # secret_values tests text_may_hold_secret before secret_spans (and its cache)
    from capeval.secrets import secret_spans, secret_values

    spans = [(text[start:end], kind) for text in texts for start, end, kind in secret_spans(text)]
    assert secret_values(*texts) == spans


# The prefilter as first written: the runs found by a regex, the literals by ``in``. The scan
# now finds each run by its end (32 token characters and the blank after), looks for the
# literals from their first byte and judges the runs through a dict; it must say the same.
_REFERENCE_RUN = re.compile(rb"[A-Za-z0-9+/_=-]{32,}")


def _reference_runs_may_hold_secret(raw: bytes) -> bool:
    for match in _REFERENCE_RUN.finditer(raw):
        run, start = match.group(), match.start()
        if secrets._run_may_hold_secret(run):
            return True
        if start and raw[start - 1] == 0x5C and secrets._run_may_hold_secret(run[1:]):
            return True
    return False


def _reference_may_contain_secret(raw: bytes) -> bool:
    if _reference_runs_may_hold_secret(raw):
        return True
    if b"PRIVATE KEY" in raw or (b"IA" in raw and secrets._AWS_TAIL.search(raw)):
        return True
    if b"\\" in raw and (b"\\u" in raw or b"\\/" in raw):
        return True
    at = raw.find(b"=")
    while at != -1:
        if secrets._may_assign(raw, at):
            return True
        at = raw.find(b"=", at + 1)
    return False


TOKEN_BYTES = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_=-"
LITERAL_PIECES = [b" ", b'"', b"\\", b"\\n", b"\\/", b"\\u0041", b"\xc3\xa9", b".", b"I",
                  b"IA", b"AKIAIOSFODNN7EXAMPLE", b"PRIVATE KEY", b"PRIVATE", b" KEY", b"=",
                  b"password=", b"key =", b"hunter22x",
                  b"19/django/conf/locale/pt_BR/LC_MESSAGES/django",
                  b"ghp_" + b"a1B2" * 9, b"eyJhbGciOiJIUzI1NiJ9"]  # fmt: skip
LINE_PIECES = st.one_of(
    st.binary(max_size=3),
    st.sampled_from(LITERAL_PIECES),
    st.lists(st.sampled_from(list(TOKEN_BYTES)), min_size=24, max_size=48).map(bytes),
)


@settings(max_examples=1500, deadline=None)
@given(st.lists(LINE_PIECES, max_size=10).map(b"".join))
def test_the_prefilter_says_what_it_said_when_first_written(raw: bytes) -> None:
    assert secrets._runs_may_hold_secret(raw) == _reference_runs_may_hold_secret(raw), raw
    assert secrets.may_contain_secret(raw) == _reference_may_contain_secret(raw), raw


# The assignment word before an "=" was searched ignoring case; it is now searched in the
# window lowered (ASCII only, as ignoring case on bytes is).
_REFERENCE_WORD = re.compile(rb"(?i:pass|pwd|key|secret|token)[A-Za-z0-9_-]*\Z")
WINDOW_PIECES = st.sampled_from(
    [b"pass", b"PASS", b"Pwd", b"kEy", b"SECRET", b"toKen", b"api_", b"-", b"_", b"x", b"9",
     b" ", b"\"", b"'", b"\\n", b"\\", b"Z", b"k", b"e", b"y", b"\x7f", b"@", b"["]
)  # fmt: skip


@settings(max_examples=1000, deadline=None)
@given(st.lists(WINDOW_PIECES, max_size=12).map(b"".join))
def test_the_assignment_word_is_found_as_ignoring_case_found_it(window: bytes) -> None:
    expected = _REFERENCE_WORD.search(window) is not None
    assert (secrets._ASSIGNMENT_WORD.search(window.lower()) is not None) == expected
