"""python placeholders: %-style, str.format style, style detection, SPEC §5.1's table."""

from __future__ import annotations

import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval.assertions import Subject
from capeval.assertions.placeholder_integrity import check
from capeval.placeholders.python import (
    extract_python_brace_placeholders,
    extract_python_percent_placeholders,
    extract_python_placeholders,
)


def verdict(source: str, text: str, **params):
    params.setdefault("syntax", "python")
    return check(Subject.of({"source": source, "target_locale": "de"}, {"text": text}), params)


def code(source: str, text: str, **params) -> str:
    return verdict(source, text, **params).code


# SPEC §5.1 reference-semantics table: the python rows (style auto), and the %-rows that
# python's %-style shares with printf.
SPEC_ROWS = [
    ("%s %s", "%s", True, "placeholder_count_mismatch"),
    ("%s %d", "%d %s", True, "placeholder_mutated"),
    ("%.2f", "%.1f", True, "placeholder_mutated"),
    ("%d%%", "%d %%", True, "ok"),
    ("%d%%", "%d pour cent", True, "ok"),
    ("%(name)s", "%(nom)s", True, "placeholder_missing"),
    ("{0} of {1}", "{1}に{0}", False, "placeholder_reordered"),
    ("{0} of {1}", "{1}に{0}", True, "ok"),
    ("{} of {}", "{1}件中{0}件", True, "ok"),
    ("{name!r:>10}", "{name:>10}", True, "placeholder_mutated"),
    ("Literal {{x}} text", "Texte {x}", True, "placeholder_extra"),
    ("{a} and {b}", "{a}", True, "placeholder_missing"),
    ("Hello %(name)s", "Bonjour %(name)", True, "placeholder_syntax"),
    ("%s", "", True, "placeholder_missing"),
]


@pytest.mark.parametrize(("source", "text", "allow_reorder", "expected"), SPEC_ROWS)
def test_spec_reference_table(source, text, allow_reorder, expected):
    assert code(source, text, allow_reorder=allow_reorder) == expected


def test_fifty_percent_off_row_under_either_style():
    # Declared percent style reads '% d' as a directive, as Python's % operator would; with
    # style auto the '%%' escape makes the source percent style (issue 12), as msgfmt says.
    assert code("50%% off", "50 % de réduction", style="percent") == "placeholder_extra"
    assert code("50%% off", "50 % de réduction") == "placeholder_extra"


@pytest.mark.parametrize(
    ("source", "text", "expected"),
    [
        ("%(a)s %(a)s", "%(a)s", "placeholder_count_mismatch"),  # msgfmt compares a set
        ("%(a)s and %(b)d", "%(b)d und %(a)s", "ok"),
        ("%(a)s and %(b)d", "%(b)d und %(a)s", "ok"),
        ("%s", "%r", "placeholder_mutated"),  # msgfmt treats these as equal
        ("%d", "%x", "placeholder_mutated"),
        ("%a", "%a", "ok"),
        ("%(count)d files", "%(count)d Dateien", "ok"),
        ("%(count)d files", "%(count)s Dateien", "placeholder_mutated"),
        ("%(count)d files", "%d Dateien", "placeholder_missing"),
        ("%s", "% s", "placeholder_mutated"),  # inserted space = the ' ' flag
        ("%(name)s", "%(name) s", "placeholder_mutated"),
        ("%(name)s", "％(name)s", "placeholder_missing"),
        ("%d%%", "%d٪", "ok"),
        ("Привет, %(name)s!", "Привет, %(name)s!", "ok"),
        ("%5.2f%%", "%5.2f %%", "ok"),
        ("%-5s|", "%5s|", "placeholder_mutated"),
    ],
)
def test_percent_style(source, text, expected):
    assert code(source, text, style="percent") == expected


def test_percent_extraction():
    tokens = extract_python_percent_placeholders("%(a)s %(b(c))r %%").tokens
    assert [(t.key, t.spec, t.numbered) for t in tokens] == [("a", "s", True), ("b(c)", "r", True)]
    tokens = extract_python_percent_placeholders("%*d %s").tokens
    assert [t.key for t in tokens] == [2, 3]
    assert extract_python_percent_placeholders("%(a)s %s").errors  # Python raises TypeError
    assert [e.pos for e in extract_python_percent_placeholders("x %(name) y").errors] == [2]
    assert extract_python_percent_placeholders("%m").errors  # not a Python conversion


@pytest.mark.parametrize(
    ("source", "text", "expected"),
    [
        ("{user.name}", "{user.nom}", "placeholder_mutated"),  # same argument, other attribute
        ("{items[0]}", "{items[1]}", "placeholder_mutated"),
        ("{0[key]}", "{0[key]}", "ok"),
        ("{x:}", "{x}", "ok"),  # an empty format spec is no spec
        ("{x:>{w}}", "{x:>{w}}", "ok"),
        ("{x:>{w}}", "{x:>{v}}", "placeholder_mutated"),
        ("{pct:.0%} done", "{pct:.0%} erledigt", "ok"),
        ("{}", "{0}", "ok"),
        ("{} {}", "{0} {1}", "ok"),
        ("{} {}", "{} {} {}", "placeholder_count_mismatch"),
        ("{name}", "{ name }", "placeholder_missing"),  # field ' name ' is another argument
        ("{name}", "｛name｝", "placeholder_missing"),  # full-width braces are text
        ("{name}", "{name", "placeholder_syntax"),
        ("{name}", "{name}}", "placeholder_syntax"),
        ("{name}", "name}", "placeholder_syntax"),
        ("{}", "{} {0}", "placeholder_syntax"),  # automatic and manual numbering mixed
        ("{x!z}", "{x!z}", "placeholder_syntax"),
        ("{{literal}} {x}", "{x} {{wörtlich}}", "ok"),
        ("{{literal}} {x}", "{x} {wörtlich}", "placeholder_extra"),
        ("{count} файлов", "{count} файлов", "ok"),
        ("{count} files", "{count}개 파일", "ok"),
        ("{a}, {b}", "{b}، {a}", "ok"),
    ],
)
def test_brace_style(source, text, expected):
    assert code(source, text, style="brace") == expected


def test_brace_extraction_keys_and_specs():
    tokens = extract_python_brace_placeholders("{} {.x} {0} {name.a[1]!r:>{w}} {{esc}}").tokens
    got = [(t.text, t.key, t.spec, t.numbered) for t in tokens]
    assert got == [
        ("{}", 0, "", False),
        ("{.x}", 1, ".x", False),
        ("{0}", 0, "", True),
        ("{name.a[1]!r:>{w}}", "name", ".a[1]!r:>{w}", True),
    ]


def test_brace_error_positions():
    errors = extract_python_brace_placeholders("ab } {x").errors
    assert [e.pos for e in errors] == [3, 5]


@pytest.mark.parametrize(
    ("source", "style"),
    [
        ("{name} has %d items", "both"),
        ("{name} is 50% done", "brace"),
        ("%(name)s is {not a field", "percent"),
        ("Literal {{x}} text", "neither"),
        ("100% complete", "neither"),
    ],
)
def test_style_auto_decides_from_the_source(source, style):
    from capeval.assertions.placeholder_integrity import _python_style

    assert _python_style(source) == style


def test_both_styles_are_compared_separately():
    source = "{name} has %d items"
    assert code(source, "{name} hat %d Elemente") == "ok"
    assert code(source, "{name} hat %i Elemente") == "placeholder_mutated"
    assert code(source, "%d Elemente") == "placeholder_missing"
    # A '%' inside a brace format spec is not a directive in both mode.
    groups = extract_python_placeholders("{p:.0%} and %s", "both")
    assert [t.text for t in groups[0].tokens] == ["{p:.0%}"]
    assert [t.text for t in groups[1].tokens] == ["%s"]
    assert groups[1].errors == ()


def test_neither_style_reports_invented_placeholders_but_not_literal_percent():
    assert code("100% complete", "100 % terminé") == "ok"
    assert code("Ready", "Prêt %s") == "placeholder_extra"
    assert code("Ready", "Prêt {name}") == "placeholder_extra"


def test_explicit_style_ignores_the_other_syntax():
    assert code("%s {x}", "%s", style="percent") == "ok"
    assert code("%s {x}", "{x}", style="brace") == "ok"


# --- the brace parser agrees with CPython's own -------------------------------------------

_BRACE_ALPHABET = st.sampled_from(list("{}[]:!.ab0rs x"))


@settings(max_examples=200, deadline=None)
@given(st.lists(_BRACE_ALPHABET, max_size=14).map("".join))
def test_brace_parser_matches_cpython(text):
    ours = extract_python_brace_placeholders(text)
    try:
        theirs = [
            (name, conv, spec)
            for _, name, spec, conv in string.Formatter().parse(text)
            if name is not None
        ]
    except ValueError:
        assert ours.errors, text
        return
    # CPython's parser accepts any conversion character and mixed numbering (format() then
    # raises); ours reports those as syntax errors, so compare the fields it found.
    if ours.errors:
        known = ("unknown conversion", "mixed")
        assert all(any(k in e.message for k in known) for e in ours.errors), (text, ours.errors)
        return
    expected = []
    for name, conv, spec in theirs:
        cut = min([i for i in (name.find("."), name.find("[")) if i >= 0], default=len(name))
        argument, accessors = name[:cut], name[cut:]
        key = int(argument) if argument.isdecimal() else argument
        full = accessors + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "")
        expected.append((key, full))
    got = [(t.key if t.numbered else "", t.spec) for t in ours.tokens]
    assert got == expected, text
