"""Property tests (SPEC §11, issue 4): for generated format strings, the identity translation
always passes, and dropping, duplicating or mutating one placeholder always fails with the
right code; moving numbered placeholders passes unless reordering is forbidden."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from capeval.assertions import Subject
from capeval.assertions.placeholder_integrity import check

SETTINGS = settings(max_examples=150, deadline=None)

# Literal text never holds a '%', '{' or '}' of its own; escapes are added separately.
LITERAL = st.text(alphabet="ab XY é中ك-:.", max_size=4)


def run(source: str, text: str, **params) -> str:
    case = {"source": source, "target_locale": "ja"}
    return check(Subject.of(case, {"text": text}), params).code


def join(tokens: list[str], literals: list[str]) -> str:
    out = [literals[0]]
    for token, literal in zip(tokens, literals[1:], strict=True):
        out.append(token)
        out.append(literal)
    return "".join(out)


@st.composite
def templates(draw, token_strategy, min_size=1, max_size=5, escapes=("%%",)):
    """(tokens, literals, translated literals): a format string and a 'translation' of it."""
    tokens = draw(st.lists(token_strategy, min_size=min_size, max_size=max_size))
    escape = st.sampled_from(("",) + escapes)
    size = len(tokens) + 1
    literals = [draw(LITERAL) + draw(escape) for _ in range(size)]
    translated = [draw(LITERAL) for _ in range(size)]
    return tokens, literals, translated


# --- token strategies ---------------------------------------------------------------------

FLAGS = st.lists(st.sampled_from("-+ #0'"), max_size=2, unique=True).map("".join)
WIDTH = st.sampled_from(["", "5", "12", "*"])
PRECISION = st.sampled_from(["", ".2", ".", ".*"])
LENGTH = st.sampled_from(["", "h", "hh", "l", "ll", "z", "j", "t"])
CONVERSION = st.sampled_from(list("diouxXeEfgGaAcsp") + ["<PRId64>"])

printf_unnumbered = st.builds(
    lambda f, w, p, n, c: f"%{f}{w}{p}{n}{c}", FLAGS, WIDTH, PRECISION, LENGTH, CONVERSION
)
printf_spec = st.builds(
    lambda f, w, p, n, c: f"{f}{w}{p}{n}{c}",
    FLAGS,
    st.sampled_from(["", "5", "12"]),
    st.sampled_from(["", ".2", "."]),
    LENGTH,
    CONVERSION,
)
printf_numbered = st.builds(lambda k, s: f"%{k}${s}", st.integers(1, 4), printf_spec)
python_named = st.builds(
    lambda name, f, w, c: f"%({name}){f}{w}{c}",
    st.sampled_from(["name", "count", "n", "user_id"]),
    st.lists(st.sampled_from("-+ #0"), max_size=2, unique=True).map("".join),
    st.sampled_from(["", "3", ".1"]),
    st.sampled_from(list("diouxXeEfgcrsa")),
)
brace_named = st.builds(
    lambda name, rest: "{" + name + rest + "}",
    st.sampled_from(["name", "count", "0", "1", "user.name", "items[0]"]),
    st.sampled_from(["", "!r", ":>5", "!s:^{w}", ":.2f"]),
)
brace_auto = st.sampled_from(["{}", "{:>5}", "{!r}", "{.attr}", "{:.1%}"])
mustache = st.sampled_from(["{{name}}", "{{ count }}", "{{{html}}}", "{{#list}}", "{{/list}}"])
# auto: only directives auto recognises ('%' directly followed by a flag other than space…).
auto_percent = st.builds(
    lambda f, w, c: f"%{f}{w}{c}",
    st.sampled_from(["", "-", "+", "#", "0"]),
    st.sampled_from(["", "5", ".2"]),
    st.sampled_from(list("dsfxr")),
)
auto_token = st.one_of(auto_percent, st.sampled_from(["{name}", "{0}", "{count:>4}"]), mustache)

SYNTAXES = {
    "printf-unnumbered": (printf_unnumbered, {"syntax": "printf"}, ("%%",)),
    "printf-numbered": (printf_numbered, {"syntax": "printf"}, ("%%",)),
    "python-percent": (python_named, {"syntax": "python", "style": "percent"}, ("%%",)),
    "python-brace": (brace_named, {"syntax": "python", "style": "brace"}, ("{{", "}}")),
    "python-brace-auto": (brace_auto, {"syntax": "python", "style": "brace"}, ("{{", "}}")),
    "custom": (mustache, {"syntax": "custom", "preset": "mustache"}, ()),
    "auto": (auto_token, {"syntax": "auto"}, ("%%",)),
}


def syntax_cases(name: str):
    strategy, params, escapes = SYNTAXES[name]
    return st.tuples(st.just(params), templates(strategy, escapes=escapes))


ALL = st.sampled_from(sorted(SYNTAXES)).flatmap(syntax_cases)


@SETTINGS
@given(ALL)
def test_identity_translation_passes(case):
    params, (tokens, literals, translated) = case
    source = join(tokens, literals)
    assert run(source, source, **params) == "ok"
    assert run(source, join(tokens, translated), **params) == "ok"
    assert run(source, join(tokens, translated), allow_reorder=False, **params) == "ok"


@SETTINGS
@given(ALL, st.data())
def test_dropping_one_placeholder_fails(case, data):
    params, (tokens, literals, translated) = case
    index = data.draw(st.integers(0, len(tokens) - 1))
    kept = tokens[:index] + tokens[index + 1 :]
    # The dropped one is still there when a kept placeholder has its identity (the same
    # text, or one the syntax reads as the same: `%(n)- d` is `%(n) -d`).
    same = any(run(tokens[index], other, **params) == "ok" for other in kept)
    expected = "placeholder_count_mismatch" if same else "placeholder_missing"
    source = join(tokens, literals)
    candidate = join(kept, translated[: len(kept) + 1])
    assert run(source, candidate, **params) == expected


@SETTINGS
@given(ALL, st.data())
def test_duplicating_one_placeholder_fails(case, data):
    params, (tokens, literals, translated) = case
    index = data.draw(st.integers(0, len(tokens) - 1))
    doubled = tokens + [tokens[index]]
    source = join(tokens, literals)
    candidate = join(doubled, translated + [" "])
    assert run(source, candidate, **params) == "placeholder_count_mismatch"


def _mutations(token: str, params: dict) -> list[str]:
    """Ways to change a placeholder's spec but keep its key (slot, number or name)."""
    syntax = params["syntax"]
    if syntax == "custom":
        return []
    if token.startswith("{{"):  # auto's mustache tokens have no spec
        return []
    if token.startswith("{"):
        body = token[1:-1]
        if ":" in body:
            return ["{" + body + "x}"]  # a longer format spec
        return ["{" + body + ":>3}"]
    # '%' directives: change the conversion, or add a width.
    last = token[-1]
    if token.endswith(">"):
        return [token.replace("<PRId64>", "<PRIu64>")]
    other = "x" if last != "x" else "d"
    return [token[:-1] + other]


@SETTINGS
@given(ALL, st.data())
def test_mutating_one_placeholder_fails(case, data):
    params, (tokens, literals, translated) = case
    index = data.draw(st.integers(0, len(tokens) - 1))
    options = _mutations(tokens[index], params)
    assume(options)
    changed = list(tokens)
    changed[index] = data.draw(st.sampled_from(options))
    assume(changed[index] != tokens[index])
    source = join(tokens, literals)
    assert run(source, join(changed, translated), **params) == "placeholder_mutated"


def test_mutating_a_custom_token_is_missing_plus_extra():
    params = {"syntax": "custom", "preset": "mustache"}
    assert run("{{a}} {{b}}", "{{a}} {{c}}", **params) == "placeholder_missing"


NUMBERED = st.sampled_from(["printf-numbered", "python-percent", "python-brace"]).flatmap(
    syntax_cases
)


@SETTINGS
@given(NUMBERED, st.data())
def test_moving_numbered_placeholders(case, data):
    params, (tokens, literals, translated) = case
    moved = data.draw(st.permutations(tokens))
    assume(moved != tokens)
    source = join(tokens, literals)
    candidate = join(list(moved), translated)
    assert run(source, candidate, **params) == "ok"
    assert run(source, candidate, allow_reorder=False, **params) == "placeholder_reordered"


@SETTINGS
@given(syntax_cases("printf-unnumbered"), st.data())
def test_swapping_different_unnumbered_placeholders_is_mutated(case, data):
    params, (tokens, literals, translated) = case
    assume(len(set(tokens)) > 1)
    i = data.draw(st.integers(0, len(tokens) - 1))
    j = data.draw(st.integers(0, len(tokens) - 1))
    assume(tokens[i] != tokens[j])
    swapped = list(tokens)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    source = join(tokens, literals)
    # '*' widths consume slots of their own; a swap keeps every slot's spec only when the
    # two directives have equal specs, which assume() excluded.
    assert run(source, join(swapped, translated), **params) == "placeholder_mutated"


FUZZ_ALPHABET = st.sampled_from(list("%{}[]()<>/!:.$#*-+ 0123aslxdr'\"\\\n") + ["％", "٪", "中"])
FUZZ_TEXT = st.lists(FUZZ_ALPHABET, max_size=30).map("".join)
FUZZ_PARAMS = st.sampled_from(
    [
        {"syntax": "auto"},
        {"syntax": "printf"},
        {"syntax": "python"},
        {"syntax": "python", "style": "percent"},
        {"syntax": "python", "style": "brace"},
        {"syntax": "custom", "preset": "xml"},
        {"syntax": "custom", "preset": "numbered-tags"},
        {"syntax": "custom", "preset": "ruby"},
        {"syntax": "custom", "pattern": r"\{[a-z]+\}"},
    ]
)


@SETTINGS
@given(FUZZ_PARAMS, FUZZ_TEXT, FUZZ_TEXT, st.booleans())
def test_any_text_gets_a_verdict(params, source, text, allow_reorder):
    # SPEC §11: no traceback for any input; the verdict is a known code, and checking a
    # string against itself never fails unless the string itself is broken.
    from capeval.assertions import result_codes
    from capeval.codes import OK

    codes = (OK, *result_codes()["placeholder_integrity"])
    assert run(source, text, allow_reorder=allow_reorder, **params) in codes
    assert run(source, source, **params) in (OK, "placeholder_syntax")
