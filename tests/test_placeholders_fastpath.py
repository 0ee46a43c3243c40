"""The shape fast path of placeholder_integrity never passes what the full comparison fails."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval.assertions import placeholder_integrity as pi
from capeval.placeholders import auto as auto_syntax
from capeval.placeholders import printf as printf_syntax
from capeval.placeholders import python as python_syntax

MODES = {
    "printf": (
        pi._parse_printf,
        printf_syntax.DIRECTIVE_TEXTS.findall,
        lambda t: [printf_syntax.extract_printf_placeholders(t)],
    ),
    "percent": (
        pi._parse_percent,
        python_syntax.PERCENT_TEXTS.findall,
        lambda t: [python_syntax.extract_python_percent_placeholders(t)],
    ),
    "brace": (
        pi._parse_brace,
        python_syntax.BRACE_TEXTS.findall,
        lambda t: [python_syntax.extract_python_brace_placeholders(t)],
    ),
    "auto": (pi._parse_auto, auto_syntax.AUTO_TEXTS.findall, auto_syntax.extract_auto_placeholders),
}

# characters that make placeholders, escapes and their near misses
ALPHABET = "%{}[]()$.:!*#'-+0123 dslifxXrnamqzjtLhPRI<>_ab"
texts = st.text(alphabet=ALPHABET, max_size=24)


def full_verdict(mode: str, source: str, text: str) -> str:
    parse, _findall, extract = MODES[mode]
    result = pi._compare_groups(source, text, parse(source).groups, extract(text), True, mode)
    return result.code


@settings(max_examples=2000, deadline=None)
@given(text=st.text(alphabet=ALPHABET + "%%%%sdu\n", max_size=40))
def test_printf_directive_texts_are_the_grammars_matches(text):
    # DIRECTIVE_TEXTS tries a bare conversion first; DIRECTIVE spells the grammar out
    expected = [match.group() for match in printf_syntax.DIRECTIVE.finditer(text)]
    assert printf_syntax.DIRECTIVE_TEXTS.findall(text) == expected


@pytest.mark.parametrize("mode", sorted(MODES))
@settings(max_examples=300, deadline=None)
@given(source=texts, text=texts, same=st.booleans())
def test_fast_paths_agree_with_the_full_comparison(mode, source, text, same):
    # the shape test alone, then the engine's path: no scan of a string without '%', '{' or
    # '}', no shape memo for a pair with no placeholder text, the shape test, the full one
    if same:
        text = source
    parse, findall, _extract = MODES[mode]
    full = full_verdict(mode, source, text)
    if pi._same_clean_placeholders(mode, source, text, parse, findall):
        assert full == "ok", (source, text)
    assert pi._check_tokens(mode, source, text, True, mode).code == full, (source, text)


@pytest.mark.parametrize(
    ("mode", "source"),
    [
        ("brace", "{items[0]} and {a}"),
        ("brace", "{a:{w}}"),
        ("printf", "100% %s"),
        ("printf", "%1$s %s"),
        ("auto", "{{x}} %(n)s {0}"),
    ],
)
def test_identity_of_tricky_sources_gets_the_same_verdict_either_way(mode, source):
    parse, findall, _extract = MODES[mode]
    fast = pi._same_clean_placeholders(mode, source, source, parse, findall)
    assert not fast or full_verdict(mode, source, source) == "ok"


@pytest.mark.parametrize("mode", sorted(MODES))
@settings(max_examples=500, deadline=None)
@given(text=st.text(max_size=40) | texts)
def test_a_string_without_percent_or_braces_has_no_scan_match(mode, text):
    _parse, findall, _extract = MODES[mode]
    if "%" not in text and "{" not in text and "}" not in text:
        assert findall(text) == []


@pytest.mark.parametrize("mode", sorted(MODES))
def test_no_placeholder_text_is_a_clean_shape(mode):
    parse, _findall, _extract = MODES[mode]
    assert pi._clean_shape(mode, [], parse)
