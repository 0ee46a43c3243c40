"""Property tests for the ICU parser and comparer on generated messages.

Messages are generated as a small tree (text, arguments, tags, plural/select with branches,
``#``) and rendered to ICU text, so a test knows exactly which placeholder it changes and in
which branch scope, and therefore which code SPEC §5.1 requires.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from capeval.placeholders.icu_compare import check_icu
from capeval.placeholders.icu_parser import IcuSyntaxError, looks_like_icu, parse

# Generating nested messages dominates the run time; 75 examples keep the file at a few seconds.
SETTINGS = settings(max_examples=75, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FUZZ_SETTINGS = settings(max_examples=200, deadline=None)

# Argument names and branching names are disjoint, so "naming the plural's count" never
# blurs what a mutation of an argument must produce.
ARG_NAMES = ["a", "b", "c", "имя", "名前", "x1"]
BRANCH_NAMES = ["n", "g", "k"]
TAG_NAMES = ["b", "0", "1", "em"]
TYPED = [
    (None, None),
    ("number", None),
    ("number", "integer"),
    ("number", "::currency/EUR"),
    ("date", "short"),
    ("time", None),
]
PLURAL_KEYS = ["zero", "one", "two", "few", "many", "=0", "=1"]
SELECT_KEYS = ["male", "female", "reply"]
# Text never needs quoting except the apostrophe, which is written doubled.
TEXT = st.text(alphabet="abc xyz éЖж中文ع.,!?:;-'0123", max_size=8)
LOCALES = ["en", "fr", "ru", "ar", "ja", "zh-Hans", "he", ""]


@st.composite
def parts(draw, depth: int = 0, in_plural: bool = False) -> list:
    kinds = ["text", "arg", "arg", "tag"]
    if depth < 2:
        kinds += ["plural", "select"]
    if in_plural:
        kinds.append("pound")
    out = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(kinds))
        if kind == "text":
            out.append(["text", draw(TEXT)])
        elif kind == "arg":
            arg_type, style = draw(st.sampled_from(TYPED))
            out.append(["arg", draw(st.sampled_from(ARG_NAMES)), arg_type, style])
        elif kind == "tag":
            out.append(["tag", draw(st.sampled_from(TAG_NAMES)), draw(parts(depth + 1, in_plural))])
        elif kind == "pound":
            out.append(["pound"])
        else:
            plural = kind == "plural"
            pool = PLURAL_KEYS if plural else SELECT_KEYS
            keys = draw(st.lists(st.sampled_from(pool), unique=True, max_size=3)) + ["other"]
            arg_type = draw(st.sampled_from(["plural", "selectordinal"])) if plural else "select"
            offset = draw(st.sampled_from([0, 0, 1])) if arg_type == "plural" else 0
            branches = [[key, draw(parts(depth + 1, plural))] for key in keys]
            out.append(["branch", draw(st.sampled_from(BRANCH_NAMES)), arg_type, offset, branches])
    return out


def render(message: list) -> str:
    out = []
    for part in message:
        kind = part[0]
        if kind == "text":
            out.append(part[1].replace("'", "''"))
        elif kind == "arg":
            _, name, arg_type, style = part
            if arg_type is None:
                out.append(f"{{{name}}}")
            elif style is None:
                out.append(f"{{{name}, {arg_type}}}")
            else:
                out.append(f"{{{name}, {arg_type}, {style}}}")
        elif kind == "tag":
            out.append(f"<{part[1]}>{render(part[2])}</{part[1]}>")
        elif kind == "pound":
            out.append("#")
        else:
            _, name, arg_type, offset, branches = part
            head = f"{{{name}, {arg_type}, " + (f"offset:{offset} " if offset else "")
            out.append(head + " ".join(f"{k} {{{render(m)}}}" for k, m in branches) + "}")
    return "".join(out)


def scope_counts(message: list) -> Counter:
    """Identities of one scope (through tags, not into branches), as the comparer counts."""
    counts: Counter = Counter()
    for part in message:
        if part[0] == "arg":
            counts[("arg", *part[1:])] += 1
        elif part[0] == "tag":
            counts[("tag", part[1])] += 1
            counts.update(scope_counts(part[2]))
        elif part[0] == "branch":
            counts[("branch", part[1], part[2], part[3])] += 1
    return counts


def sites(message: list, kinds: tuple[str, ...], scope: list | None = None):
    """(container list, index, scope list) of every part of ``kinds``, in every scope."""
    scope = message if scope is None else scope
    for index, part in enumerate(message):
        if part[0] in kinds:
            yield message, index, scope
        if part[0] == "tag":
            yield from sites(part[2], kinds, scope)
        elif part[0] == "branch":
            for _key, branch in part[4]:
                yield from sites(branch, kinds, branch)


def identity(part: list) -> tuple:
    return ("arg", *part[1:]) if part[0] == "arg" else ("tag", part[1])


def copy(message: list) -> list:
    return [
        [p[0], p[1], copy(p[2])]
        if p[0] == "tag"
        else [*p[:4], [[k, copy(m)] for k, m in p[4]]]
        if p[0] == "branch"
        else list(p)
        for p in message
    ]


@st.composite
def message_with_site(draw, kinds: tuple[str, ...]):
    message = draw(parts())
    found = list(sites(message, kinds))
    if not found:
        message.append(["arg", draw(st.sampled_from(ARG_NAMES)), None, None])
        found = list(sites(message, kinds))
    container, index, scope = draw(st.sampled_from(found))
    return message, container, index, scope


@SETTINGS
@given(parts(), st.sampled_from(LOCALES), st.booleans())
def test_generated_messages_parse_and_identity_passes(message, locale, allow_reorder):
    text = render(message)
    parse(text)  # must not raise
    outcome = check_icu(text, text, target_locale=locale, allow_reorder=allow_reorder)
    assert outcome.passed, (text, outcome)


@SETTINGS
@given(parts())
def test_typed_or_branching_messages_are_detected_as_icu(message):
    text = render(message)
    has_icu = any(
        part[0] == "branch" or (part[0] == "arg" and part[2]) or part[0] == "tag"
        for container, index, _ in sites(message, ("arg", "tag", "branch"))
        for part in [container[index]]
    )
    assert looks_like_icu(text) == has_icu, text


@SETTINGS
@given(message_with_site(("arg", "tag")))
def test_dropping_one_placeholder_fails(case):
    message, container, index, scope = case
    before = scope_counts(scope)[identity(container[index])]
    source = render(message)
    dropped = container.pop(index)
    if dropped[0] == "tag":
        container[index:index] = dropped[2]  # unwrap the tag, keep its content
    outcome = check_icu(source, render(message))
    expected = "placeholder_missing" if before == 1 else "placeholder_count_mismatch"
    assert outcome.code == expected, (source, render(message), outcome)


@SETTINGS
@given(message_with_site(("arg",)))
def test_duplicating_one_argument_is_a_count_mismatch(case):
    message, container, index, _scope = case
    source = render(message)
    container.insert(index, list(container[index]))
    outcome = check_icu(source, render(message))
    assert outcome.code == "placeholder_count_mismatch", (source, outcome)


@SETTINGS
@given(message_with_site(("arg",)), st.sampled_from(["type", "style", "skeleton"]))
def test_mutating_one_argument_is_mutated(case, how):
    message, container, index, scope = case
    part = container[index]
    if scope_counts(scope)[identity(part)] > 1:
        # With a second copy left, the change is a count mismatch plus a new identity.
        return
    source = render(message)
    name = part[1]
    container[index] = {
        "type": ["arg", name, "spellout" if part[2] != "spellout" else None, None],
        "style": ["arg", name, "number", "::scale/7"],
        "skeleton": ["arg", name, "date", "::yyyyMMMdd"],
    }[how]
    if identity(container[index]) == identity(part):
        return
    outcome = check_icu(source, render(message))
    assert outcome.code == "placeholder_mutated", (source, render(message), outcome)
    assert outcome.evidence["mutated"]


@SETTINGS
@given(message_with_site(("arg",)))
def test_renaming_one_argument_is_missing_with_the_new_name_extra(case):
    message, container, index, scope = case
    copies = scope_counts(scope)[identity(container[index])]
    source = render(message)
    container[index] = ["arg", "renamed", *container[index][2:]]
    outcome = check_icu(source, render(message))
    # With another copy left the old name is not missing, only one short (and 'renamed' extra).
    assert outcome.code == ("placeholder_missing" if copies == 1 else "placeholder_extra")
    assert any("{renamed" in entry for entry in outcome.evidence["extra"])


@SETTINGS
@given(parts(), st.data())
def test_removing_or_adding_one_brace_is_a_syntax_error(message, data):
    text = render(message)
    braces = [i for i, ch in enumerate(text) if ch in "{}"]
    if braces and data.draw(st.booleans()):
        at = data.draw(st.sampled_from(braces))
        broken = text[:at] + text[at + 1 :]
    else:
        # Anywhere but right after an apostrophe, where a brace would open quoted text.
        spots = [i for i in range(len(text) + 1) if i == 0 or text[i - 1] != "'"]
        at = data.draw(st.sampled_from(spots))
        broken = text[:at] + data.draw(st.sampled_from("{}")) + text[at:]
    outcome = check_icu(text, broken)
    assert outcome.code == "placeholder_syntax", (text, broken, outcome)
    assert outcome.evidence["side"] == "candidate"
    assert check_icu(broken, text).evidence["side"] == "source"


NOISE = st.text(alphabet="{}<>/'#,=|: abn0123pluraseectoffs", max_size=40)


@FUZZ_SETTINGS
@given(NOISE, NOISE, st.booleans())
def test_arbitrary_text_never_raises_anything_but_syntax_errors(source, candidate, tags):
    try:
        parse(source, tags=tags)
    except IcuSyntaxError as error:
        assert 0 <= error.position <= len(source)
    outcome = check_icu(source, candidate, tags=tags, target_locale="ru", allow_reorder=False)
    assert outcome.code in {
        "ok",
        "placeholder_syntax",
        "placeholder_mutated",
        "placeholder_missing",
        "placeholder_extra",
        "placeholder_count_mismatch",
        "placeholder_reordered",
    }


@FUZZ_SETTINGS
@given(st.text(max_size=60))
def test_any_unicode_text_is_handled(text):
    try:
        parse(text)
    except IcuSyntaxError:
        pass
    check_icu(text, text)
    looks_like_icu(text)
