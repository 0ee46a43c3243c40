"""ICU MessageFormat: the parser (quoting, nesting, branches, tags, errors) and the comparer."""

from __future__ import annotations

import pytest

from capeval.placeholders.compare import CODES
from capeval.placeholders.icu_compare import check_icu, plural_categories
from capeval.placeholders.icu_parser import (
    Argument,
    Branching,
    IcuSyntaxError,
    Literal,
    Pound,
    Tag,
    looks_like_icu,
    parse,
)

PLURAL = "{n, plural, one {# item} other {# items}}"


def args(nodes) -> list[tuple]:
    """(name, type, style) of every argument, depth first, for compact assertions."""
    out = []
    for node in nodes:
        if isinstance(node, Argument):
            out.append((node.name, node.type, node.style))
        elif isinstance(node, Branching):
            out.append((node.name, node.type, node.offset))
            for _key, message in node.branches:
                out.extend(args(message))
        elif isinstance(node, Tag):
            out.append(("<" + node.name + ">", "tag", None))
            out.extend(args(node.children))
    return out


def text_of(nodes) -> str:
    return "".join(n.text for n in nodes if isinstance(n, Literal))


# --- parser: arguments --------------------------------------------------------------------


def test_simple_and_typed_arguments():
    nodes = parse("Hi {name}, you owe {v, number, ::currency/EUR} since {d, date, short}.")
    assert args(nodes) == [
        ("name", None, None),
        ("v", "number", "::currency/EUR"),
        ("d", "date", "short"),
    ]
    assert text_of(nodes) == "Hi , you owe  since ."


def test_whitespace_inside_an_argument_is_insignificant():
    assert args(parse("{ name }")) == args(parse("{name}"))
    assert args(parse("{ v ,number,  ::  currency/USD   unit-width-narrow }")) == [
        ("v", "number", "::currency/USD unit-width-narrow")
    ]


def test_unicode_argument_names_and_numbers():
    assert args(parse("{имя} {0} {quantité} {SHORTCUTS_LIMIT}")) == [
        ("имя", None, None),
        ("0", None, None),
        ("quantité", None, None),
        ("SHORTCUTS_LIMIT", None, None),
    ]


def test_style_may_nest_braces_and_quote():
    (node,) = parse("{d, date, 'at' HH:mm}")
    assert node.style == "'at' HH:mm"


def test_unknown_type_parses_with_its_rest_as_style():
    (node,) = parse("{n, pluriel, one {# mot} other {# mots}}")
    assert (node.name, node.type, node.style) == ("n", "pluriel", "one {# mot} other {# mots}")


def test_type_keywords_are_case_sensitive():
    # FormatJS rejects 'Plural'; we read it as an unknown simple type, never as a plural.
    (node,) = parse("{n, Plural, other {x}}")
    assert isinstance(node, Argument) and node.type == "Plural"


# --- parser: apostrophe quoting -------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "literal", "arguments"),
    [
        ("it''s {x}", "it's ", ["x"]),  # '' is one apostrophe
        ("it's {x}", "it's ", ["x"]),  # ' before a letter is text
        ("l'{x}", "l{x}", []),  # ' before { starts quoted text: the argument is hidden
        ("l'{x}' et {y}", "l{x} et ", ["y"]),  # ... up to the next lone apostrophe
        ("'{a}' and '{b}'", "{a} and {b}", []),
        ("'{a}'' {b}' {c}", "{a}' {b} ", ["c"]),  # '' inside quoted text is one apostrophe
        ("a '} b", "a } b", []),  # unterminated quote runs to the end, no error
        ("'|' pipe", "| pipe", []),
        ("l’{x}", "l’", ["x"]),  # the typographic apostrophe is plain text
        ("# hash '#' {x}", "# hash '#' ", ["x"]),  # '#' only quotes inside plural
    ],
)
def test_apostrophe_quoting(message, literal, arguments):
    nodes = parse(message)
    assert text_of(nodes) == literal
    assert [a[0] for a in args(nodes)] == arguments


def test_apostrophe_before_pound_quotes_only_in_plural_text():
    (node,) = parse("{n, plural, other {'#' is # and '{x}'}}")
    branch = node.branches[0][1]
    assert [type(n).__name__ for n in branch] == ["Literal", "Pound", "Literal"]
    assert branch[0].text == "# is "
    assert branch[2].text == " and {x}"


def test_apostrophe_before_tag_quotes_when_tags_are_on():
    # FormatJS: an apostrophe before '<' or '>' quotes, so a literal tag can be written.
    assert parse("'<b>'x'</b>'") == (Literal("<b>x</b>"),)
    with pytest.raises(IcuSyntaxError, match="closing tag without an opening tag"):
        parse("'<b>'x</b>")
    assert parse("'<b>'x</b>", tags=False) == (Literal("'<b>'x</b>"),)


# --- parser: plural, select, nesting ----------------------------------------------------------


def test_plural_with_offset_exact_keys_and_pound():
    (node,) = parse("{n, plural, offset:1 =0 {none} =1 {{who}} one {# more} other {# more}}")
    assert isinstance(node, Branching)
    assert node.offset == 1
    assert [key for key, _ in node.branches] == ["=0", "=1", "one", "other"]
    one = dict(node.branches)["one"]
    assert isinstance(one[0], Pound)
    assert args(dict(node.branches)["=1"]) == [("who", None, None)]


def test_compact_formatjs_spelling():
    (node,) = parse("{counter,plural,one{x} other{{displayQuantity} y}}")
    assert [key for key, _ in node.branches] == ["one", "other"]


def test_selectordinal_and_nested_select():
    message = (
        "{g, select, female {{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}}"
        " other {{n, plural, one {# x} other {# y}}}}"
    )
    (node,) = parse(message)
    female = dict(node.branches)["female"][0]
    assert (female.type, [k for k, _ in female.branches]) == (
        "selectordinal",
        ["one", "two", "few", "other"],
    )


def test_pound_in_a_select_nested_in_a_plural_is_text():
    # ICU and FormatJS: '#' is the number only in the plural's immediate branch text.
    (node,) = parse("{n, plural, other {{g, select, other {# x}}}}")
    inner = dict(node.branches)["other"][0]
    assert dict(inner.branches)["other"] == (Literal("# x"),)


def test_pound_inside_a_tag_inside_a_plural_is_the_number():
    (node,) = parse("{n, plural, other {<b>#</b> items}}")
    tag = dict(node.branches)["other"][0]
    assert isinstance(tag, Tag) and isinstance(tag.children[0], Pound)


def test_deep_nesting_from_real_messages():
    message = (
        "{count, plural, =1 {{postsCount, plural, =1 {{postType, select, reply {{account} r.}"
        " other {{account} p.}}} other {{account} {postsCount} p.}}} other {{postType, select,"
        " reply {<0><1>{0}</1> people</0> r.} other {<2><3>{1}</3> people</2> p.}}}}"
    )
    names = [a[0] for a in args(parse(message))]
    assert names.count("account") == 3
    assert "<3>" in names and "1" in names


# --- parser: tags ----------------------------------------------------------------------------


def test_tags_named_and_numbered():
    nodes = parse("<b>{x}</b> and <0>y</0>")
    assert args(nodes) == [("<b>", "tag", None), ("x", None, None), ("<0>", "tag", None)]


def test_self_closing_tags_are_text():
    nodes = parse("a<br/>b<br />c")
    assert nodes == (Literal("a<br/>b<br />c"),)


def test_tags_off_reads_them_as_text():
    assert parse("<b>{x}</b>", tags=False) == (
        Literal("<b>"),
        Argument("x", None, None, 3),
        Literal("</b>"),
    )
    assert parse("</b>", tags=False) == (Literal("</b>"),)


def test_less_than_before_a_non_name_is_text():
    assert text_of(parse("a < b, 1 <5 and x<=y")) == "a < b, 1 <5 and x<=y"


# --- parser: errors --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "error", "position"),
    [
        ("Hello {name", "unterminated argument", 6),
        ("Hello {}", "empty argument", 6),
        ("{a b}", "malformed argument: expected ',' or '}'", 3),
        ("{user.name}", "malformed argument: expected ',' or '}'", 5),
        ("{,}", "invalid argument name", 1),
        ("a}b", "unmatched '}'", 1),
        ("{n,}", "expected an argument type", 3),
        ("{n, number, }", "expected an argument style", 12),
        ("{n, plural}", "expected ',' and branches after 'plural'", 10),
        ("{n, plural, }", "plural argument without branches", 0),
        ("{n, plural, one {x}}", "plural argument without an 'other' branch", 0),
        ("{n, selectordinal, one {x}}", "selectordinal argument without an 'other' branch", 0),
        ("{g, select, male {x}}", "select argument without an 'other' branch", 0),
        ("{n, plural, one {x} one {y} other {z}}", "duplicate plural key 'one'", 20),
        ("{n, plural, one x}", "expected '{' after the key 'one'", 16),
        ("{n, plural, other {x}", "unterminated plural argument", 0),
        ("{n, plural, other {x", "unterminated branch 'other'", 18),
        ("{n, plural, offset:x other {x}}", "offset: needs a non-negative integer", 12),
        ("{g, select, =1 {x} other {y}}", "expected a select key", 12),
        ("<b>x", "unclosed tag <b>", 0),
        ("<b>x</i>", "closing tag </i> does not match <b>", 4),
        ("x</b>", "closing tag without an opening tag", 1),
        ('<a href="x">y</a>', "invalid tag <a", 0),
        ("{n, plural, other {<b>x}</b>}", "unclosed tag <b>", 19),
        ("{d, date, 'HH:mm}", "unterminated quote in argument style", 10),
    ],
)
def test_syntax_errors_have_a_message_and_position(message, error, position):
    with pytest.raises(IcuSyntaxError) as raised:
        parse(message)
    assert (raised.value.message, raised.value.position) == (error, position)


def test_runaway_nesting_is_a_syntax_error_not_a_recursion_error():
    message = "{a, select, other {" * 200 + "x" + "}}" * 200
    with pytest.raises(IcuSyntaxError, match="nesting too deep"):
        parse(message)
    with pytest.raises(IcuSyntaxError, match="nesting too deep"):
        parse("<b>" * 500 + "x" + "</b>" * 500)


# --- auto detection --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (PLURAL, True),
        ("{g, select, other {x}}", True),
        ("{n,selectordinal,other{#}}", True),
        ("Total: {v, number}", True),
        ("{v, number, ::percent}", True),
        ("At {t, time, short}", True),
        ("<b>bold</b> text", True),
        ("<0>{name}</0> followed you", True),
        ("Hello {name}", False),
        ("{0} of {1}", False),
        ("{}", False),
        ("{{mustache}}", False),
        ("100% complete", False),
        ("a <br/> b", False),
        ("x < y > z", False),
        ("<b>never closed", False),
        # a tag pair beside a tag ICU cannot close: markup of another kind, not broken ICU
        ("<a>In reply to</a> <pill>", False),
        ("Line one<br>two <b>%(name)s</b>", False),
        ("<b>unbalanced</b> {count, plural, one {#} other {# items}", True),  # typed: ICU
    ],
)
def test_looks_like_icu(source, expected):
    assert looks_like_icu(source) is expected


# --- comparer: identity, missing, extra, count, mutated -------------------------------------


def check(source, text, **kw):
    kw.setdefault("target_locale", "fr")
    return check_icu(source, text, **kw)


def test_identity_passes_and_evidence_is_empty_when_nothing_to_report():
    outcome = check(
        "Hello {name}, {n, number, integer} <b>new</b>", "{name} <b>x</b> {n,number,integer}"
    )
    assert outcome.passed and outcome.evidence == {}


def test_missing_and_extra_name_what_is_wrong():
    outcome = check("Hello {name}", "Bonjour {nom}")
    assert outcome.code == "placeholder_missing"
    assert outcome.evidence["missing"] == ["{name}"]
    assert outcome.evidence["extra"] == ["{nom}"]
    assert "missing {name}" in outcome.message


def test_extra_argument():
    outcome = check("{a} and {b}", "{a} et {b} {c}")
    assert (outcome.code, outcome.evidence["extra"]) == ("placeholder_extra", ["{c}"])


def test_count_mismatch():
    outcome = check("{a} and {b}", "{a} {a} et {b}")
    assert outcome.code == "placeholder_count_mismatch"
    assert outcome.evidence["count_mismatch"] == [
        {"placeholder": "{a}", "expected": 1, "actual": 2}
    ]


@pytest.mark.parametrize(
    ("source", "candidate", "pair"),
    [
        (
            "{v, number, ::currency/USD}",
            "{v, number, ::currency/EUR}",
            ["{v, number, ::currency/USD}", "{v, number, ::currency/EUR}"],
        ),
        ("{v, number}", "{v}", ["{v, number}", "{v}"]),
        ("{d, date, short}", "{d, date, long}", ["{d, date, short}", "{d, date, long}"]),
        ("{d, date, short}", "{d, time, short}", ["{d, date, short}", "{d, time, short}"]),
        (PLURAL, "{n, select, one {x} other {y}}", ["{n, plural}", "{n, select}"]),
        (
            "{n, plural, offset:1 other {#}}",
            "{n, plural, other {#}}",
            ["{n, plural, offset:1}", "{n, plural}"],
        ),
    ],
)
def test_type_style_skeleton_and_offset_changes_are_mutated(source, candidate, pair):
    outcome = check(source, candidate)
    assert outcome.code == "placeholder_mutated"
    assert outcome.evidence["mutated"] == [pair]


def test_translated_keyword_is_mutated_not_syntax():
    outcome = check(PLURAL, "{n, pluriel, one {# mot} other {# mots}}")
    assert outcome.code == "placeholder_mutated"
    assert outcome.evidence["mutated"][0][0] == "{n, plural}"
    assert outcome.evidence["mutated"][0][1].startswith("{n, pluriel, one {# mot}")
    assert outcome.evidence["unknown_types"] == ["pluriel"]


def test_french_elision_hides_the_argument():
    outcome = check("Address book of {name}", "Carnet d'adresses de l'{name}")
    assert outcome.code == "placeholder_missing"
    assert outcome.evidence["missing"] == ["{name}"]
    assert check("Address book of {name}", "Carnet d’adresses de l’{name}").passed
    assert check("Address book of {name}", "Carnet d''adresses de l''{name}").passed


def test_full_width_braces_are_text():
    outcome = check("Hello {name}", "こんにちは｛name｝")
    assert outcome.evidence["missing"] == ["{name}"]


def test_tags_are_placeholders_unless_tags_false():
    outcome = check("<b>{x}</b>", "<strong>{x}</strong>")
    assert outcome.code == "placeholder_missing"
    assert outcome.evidence["missing"] == ["<b>…</b>"]
    assert outcome.evidence["extra"] == ["<strong>…</strong>"]
    assert check("<b>{x}</b>", "<strong>{x}</strong>", tags=False).passed
    assert check("<0>{x}</0>", "{x}").evidence["missing"] == ["<0>…</0>"]
    # a tag and an argument may share a name; they are different placeholders
    outcome = check("<0>{0}</0>", "<0>x</0> {1}")
    assert outcome.evidence["missing"] == ["{0}"] and outcome.evidence["extra"] == ["{1}"]


def test_syntax_errors_name_the_side():
    outcome = check(PLURAL, "{n, plural, one {# mot} other {# mots}")
    assert outcome.code == "placeholder_syntax"
    assert outcome.evidence["side"] == "candidate"
    assert outcome.evidence["errors"][0]["message"] == "unterminated plural argument"
    outcome = check("{n, plural, one {x}}", "{n, plural, other {x}}")
    assert (outcome.code, outcome.evidence["side"]) == ("placeholder_syntax", "source")


def test_candidate_plural_without_other_is_syntax():
    outcome = check(PLURAL, "{n, plural, one {# mot}}")
    assert outcome.code == "placeholder_syntax"
    assert "other" in outcome.evidence["errors"][0]["message"]


def test_precedence_with_several_defects_lists_all():
    outcome = check("{a} {b} {c, number}", "{a} {a} {c} {z}")
    assert outcome.code == "placeholder_mutated"
    assert outcome.evidence["mutated"] == [["{c, number}", "{c}"]]
    assert outcome.evidence["missing"] == ["{b}"]
    assert outcome.evidence["extra"] == ["{z}"]
    assert outcome.evidence["count_mismatch"][0]["placeholder"] == "{a}"
    order = CODES
    assert order.index("placeholder_mutated") < order.index("placeholder_missing")


# --- comparer: plural keys and CLDR categories -----------------------------------------------


@pytest.mark.parametrize("key", ["uno", "singular", "One"])
def test_non_cldr_plural_keys_are_mutated(key):
    outcome = check(PLURAL, f"{{n, plural, {key} {{# cosa}} other {{# cose}}}}")
    assert outcome.code == "placeholder_mutated"
    assert outcome.evidence["invalid_plural_keys"] == [f"n[{key}]"]


def test_a_non_cldr_key_the_source_itself_uses_is_kept():
    source = "{n, plural, singular {x} other {y}}"
    assert check(source, "{n, plural, singular {a} other {b}}").passed


def test_russian_plural_with_few_and_many_passes():
    outcome = check(
        PLURAL,
        "{n, plural, one {# товар} few {# товара} many {# товаров} other {# товара}}",
        target_locale="ru",
    )
    assert outcome.passed and outcome.evidence == {}


def test_russian_plural_missing_categories_in_evidence_without_failing():
    outcome = check(PLURAL, "{n, plural, one {# товар} other {# товаров}}", target_locale="ru")
    assert outcome.passed
    assert outcome.evidence["missing_plural_categories"] == ["n[few]", "n[many]"]


def test_japanese_collapses_to_other():
    outcome = check(PLURAL, "{n, plural, other {#件}}", target_locale="ja")
    assert outcome.passed and outcome.evidence == {}
    outcome = check(PLURAL, "{n, plural, one {#件} other {#件}}", target_locale="ja-JP")
    assert outcome.passed
    assert outcome.evidence["unused_plural_keys"] == ["n[one]"]


def test_arabic_needs_six_categories():
    outcome = check(PLURAL, "{n, plural, one {عنصر} other {# عنصر}}", target_locale="ar")
    assert outcome.passed
    assert outcome.evidence["missing_plural_categories"] == [
        "n[zero]",
        "n[two]",
        "n[few]",
        "n[many]",
    ]


def test_selectordinal_uses_ordinal_categories():
    source = "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}"
    outcome = check(source, "{n, selectordinal, other {#e}}", target_locale="fr")
    assert outcome.evidence["missing_plural_categories"] == ["n[one]"]
    outcome = check(source, source, target_locale="de")
    assert outcome.evidence["unused_plural_keys"] == ["n[one]", "n[two]", "n[few]"]


def test_unknown_or_absent_locale_reports_no_categories():
    assert check(PLURAL, "{n, plural, other {#}}", target_locale="").evidence == {}
    assert check(PLURAL, "{n, plural, other {#}}", target_locale="qaa-x-y").evidence == {}


def test_plural_categories_from_babel_include_other_and_are_cached():
    assert plural_categories("ru") == {"one", "few", "many", "other"}
    assert plural_categories("ja") == {"other"}
    assert plural_categories("zh-Hans") == {"other"}
    assert plural_categories("pt-BR") == plural_categories("pt-BR")
    assert plural_categories("en", ordinal=True) == {"one", "two", "few", "other"}
    hits = plural_categories.cache_info().hits
    plural_categories("ru")
    assert plural_categories.cache_info().hits == hits + 1


# --- comparer: select keys and =N branches ---------------------------------------------------


def test_translated_select_keys_are_mutated():
    source = "{g, select, male {He} female {She} other {They}}"
    outcome = check(source, "{g, select, homme {Il} femme {Elle} other {Iel}}")
    assert outcome.code == "placeholder_mutated"
    assert outcome.evidence["missing_branches"] == ["g[male]", "g[female]"]
    assert outcome.evidence["added_branches"] == ["g[homme]", "g[femme]"]


def test_an_added_select_key_alone_is_reported_not_failed():
    source = "{g, select, male {He} other {They}}"
    outcome = check(source, "{g, select, male {Il} female {Elle} other {Iel}}")
    assert outcome.passed and outcome.evidence == {"added_branches": ["g[female]"]}


def test_exact_branches_must_be_kept_and_may_be_added():
    source = "{n, plural, =0 {none} other {# items}}"
    outcome = check(source, "{n, plural, one {#} other {# éléments}}")
    assert outcome.code == "placeholder_mutated"
    assert outcome.evidence["missing_branches"] == ["n[=0]"]
    assert check(PLURAL, "{n, plural, =0 {aucun} one {# élément} other {# éléments}}").passed


# --- comparer: branch scoping ----------------------------------------------------------------


def test_each_branch_is_compared_with_its_source_branch():
    source = "{n, plural, one {One file in {dir}} other {# files in {dir} by {user}}}"
    outcome = check(
        source, "{n, plural, one {Un fichier dans {dir}} other {# fichiers dans {dir}}}"
    )
    assert outcome.code == "placeholder_missing"
    assert outcome.evidence["missing"] == ["n[other]: {user}"]


def test_a_new_branch_is_compared_with_the_source_other():
    source = "{n, plural, one {one file} other {{k} files}}"
    good = "{n, plural, one {un} few {{k} файла} many {{k} файлов} other {{k} файла}}"
    assert check(source, good, target_locale="ru").passed
    bad = "{n, plural, one {один} few {файла} many {{k} файлов} other {{k} файла}}"
    outcome = check(source, bad, target_locale="ru")
    assert outcome.evidence["missing"] == ["n[few]: {k}"]


def test_an_empty_new_branch_loses_the_other_branch_arguments():
    source = "{0, plural, other {<0>@{1}</0> first, # others below}}"
    outcome = check(source, "{0, plural, one {}other {<0>@{1}</0> d'abord, # autres}}")
    assert outcome.code == "placeholder_missing"
    assert outcome.evidence["missing"] == ["0[one]: <0>…</0>", "0[one]: {1}"]


def test_collapsing_branches_drops_their_arguments_legitimately():
    source = "{0, plural, one {File {1} is not supported.} other {Files {2} are not supported.}}"
    assert check(
        source, "{0, plural, other {ファイル {2} はサポートされていません。}}", target_locale="ja"
    ).passed


def test_an_argument_the_message_has_elsewhere_may_be_added_to_a_branch():
    source = "{n, plural, one {a file} other {{count} files}}"
    assert check(source, "{n, plural, one {{count} fichier} other {{count} fichiers}}").passed


def test_naming_the_count_in_a_branch_is_allowed():
    assert check(
        PLURAL, "{n, plural, one {{n} товар} other {# товаров}}", target_locale="ru"
    ).passed
    assert check(PLURAL, "{n, plural, one {{n, number} товар} other {# товаров}}").passed


def test_an_added_argument_with_a_type_the_source_never_uses_is_mutated():
    source = "{n, plural, one {a file} other {{size} files}}"
    outcome = check(source, "{n, plural, one {{size, number, ::percent} x} other {{size} y}}")
    assert outcome.code == "placeholder_mutated"
    assert outcome.evidence["mutated"] == [["{size}", "n[one]: {size, number, ::percent}"]]


def test_an_argument_nowhere_in_the_source_is_extra_even_in_a_branch():
    outcome = check(PLURAL, "{n, plural, one {# {thing}} other {# items}}")
    assert (outcome.code, outcome.evidence["extra"]) == ("placeholder_extra", ["n[one]: {thing}"])


def test_multiplicity_is_per_branch():
    source = "{n, plural, one {{a}} other {{a} and {a}}}"
    assert check(source, "{n, plural, one {{a}} other {{a} et {a}}}").passed
    outcome = check(source, "{n, plural, one {{a}} other {{a}}}")
    assert outcome.code == "placeholder_count_mismatch"
    assert outcome.evidence["count_mismatch"] == [
        {"branch": "n[other]", "placeholder": "{a}", "expected": 2, "actual": 1}
    ]


def test_pound_may_be_omitted_or_repeated():
    assert check(PLURAL, "{n, plural, one {un article} other {des articles}}").passed
    assert check(PLURAL, "{n, plural, one {# (#)} other {#}}").passed


def test_nested_branches_are_scoped():
    source = "{g, select, female {{n, plural, one {her {x}} other {her {y}}}} other {{z}}}"
    candidate = "{g, select, female {{n, plural, one {sa {x}} other {ses}}} other {{z}}}"
    outcome = check(source, candidate)
    assert outcome.evidence["missing"] == ["g[female]/n[other]: {y}"]


def test_a_missing_branching_argument_is_missing_as_a_whole():
    outcome = check("You have " + PLURAL, "Vous avez des articles")
    assert outcome.evidence["missing"] == ["{n, plural}"]


# --- comparer: order -------------------------------------------------------------------------


def test_reordering_is_free_unless_disallowed():
    assert check("{a} and {b}", "{b} et {a}").passed
    outcome = check("{a} and {b}", "{b} et {a}", allow_reorder=False)
    assert outcome.code == "placeholder_reordered"
    assert outcome.evidence["reordered"] == [{"expected": ["{a}", "{b}"], "actual": ["{b}", "{a}"]}]
    assert check("{a} and {b}", "{a} et {b}", allow_reorder=False).passed


def test_reordering_inside_a_branch_and_of_tags():
    source = "{n, plural, other {<b>{x}</b> {y}}}"
    outcome = check(source, "{n, plural, other {{y} <b>{x}</b>}}", allow_reorder=False)
    assert outcome.code == "placeholder_reordered"
    assert outcome.evidence["reordered"][0]["branch"] == "n[other]"
    assert check(source, "{n, plural, other {<b>{x}</b>{y}}}", allow_reorder=False).passed


def test_pound_counts_in_order_only_when_both_sides_have_it():
    source = "{n, plural, other {# of {x}}}"
    assert check(source, "{n, plural, other {{x}}}", allow_reorder=False).passed
    outcome = check(source, "{n, plural, other {{x} : #}}", allow_reorder=False)
    assert outcome.code == "placeholder_reordered"


def test_a_defect_outranks_reordering():
    outcome = check("{a} {b} {c}", "{c} {b}", allow_reorder=False)
    assert outcome.code == "placeholder_missing"
    assert "reordered" in outcome.evidence


# --- realistic pairs -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "candidate", "locale", "code"),
    [
        ("Categories ({quantity})", "Catégories ({quantité})", "fr", "placeholder_missing"),
        ("Variant {name} has been set", "Вариант {имя} установлен", "ru", "placeholder_missing"),
        ('Delete "{name}"?', '确认删除 "{name"} 值?', "zh-Hans", "placeholder_syntax"),
        ("<0>{from}</0> blocked <1>{t}</1>", "<0>{from}</0>の管理者が<1>{t}</1>を停止", "ja", "ok"),
        ("Last active: {date}", "آخر نشاط: {date}", "ar", "ok"),
        ("{n, plural, one {# day} other {# days}}", "{n, plural, other {# 天}}", "zh-Hans", "ok"),
    ],
)
def test_realistic_pairs(source, candidate, locale, code):
    assert check(source, candidate, target_locale=locale).code == code


def test_source_parse_is_cached_per_source():
    from capeval.placeholders.icu_compare import _analysed_source

    source = "{q, plural, one {# q} other {# qs}} cached"
    check(source, "x")
    hits = _analysed_source.cache_info().hits
    check(source, "y")
    check(source, "z")
    assert _analysed_source.cache_info().hits == hits + 2
