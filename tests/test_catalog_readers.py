"""The catalog readers one by one: what each reads, decodes and reports (no EvalCases here)."""

from __future__ import annotations

import io
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval.catalogs import (
    FORMATS,
    CatalogInfo,
    android,
    apple_strings,
    jsoncat,
    reader,
    stringsdict,
    xliff,
)
from capeval.catalogs.plural_forms import (
    PluralExpressionError,
    compile_expression,
    numbers_per_form,
)


def _read(module, data: bytes, path: str = "t", info: CatalogInfo | None = None):
    problems: list = []
    info = info or CatalogInfo()
    messages = list(module.read(path, io.BytesIO(data), lambda *p: problems.append(p), info))
    return messages, problems, info


# -- gettext plural expressions ------------------------------------------------------------------
@pytest.mark.parametrize(
    "locale", ["en", "fr", "ru", "pl", "ar", "cs", "ga", "lt", "sl", "ja", "cy", "ro", "he"]
)
def test_plural_expression_agrees_with_cldr(locale: str) -> None:
    """Babel writes each CLDR rule as a gettext expression; evaluating it must give CLDR's."""
    from babel import Locale
    from babel.plural import to_gettext

    rule = Locale.parse(locale).plural_form
    header = to_gettext(rule)  # "nplurals=N; plural=(…);"
    expression = header.split("plural=", 1)[1].rstrip(";")
    # Babel writes CLDR's operands too; for whole counts i is n and v, w, f, t, c, e are 0
    expression = re.sub(r"\b[vwftce]\b", "0", re.sub(r"\bi\b", "n", expression))
    categories = [c for c in ("zero", "one", "two", "few", "many", "other") if c in rule.tags]
    categories.append("other") if "other" not in categories else None
    evaluate = compile_expression(expression)
    for n in range(0, 300):
        assert categories[evaluate(n)] == rule(n), (locale, n)


@given(st.text(alphabet="n0123456789()?:!=<>&|%+-*/ ", max_size=30))
def test_plural_expression_parser_never_crashes(text: str) -> None:
    try:  # an expression msgfmt rejects (n/0, a negative or too large form) is an error too
        forms = numbers_per_form(text, 3)
    except PluralExpressionError:
        return
    assert sorted(n for numbers in forms for n in numbers) == list(range(1001))


# -- JSON ------------------------------------------------------------------------------------
def test_json_nested_plural_and_formatjs_shapes() -> None:
    data = b"""{
  "a": {"b": "x {{y}}"},
  "n_one": "one", "n_other": "{{count}}", "lonely_one": "not a plural",
  "m": {"defaultMessage": "{k, plural, other {#}}", "description": "d"},
  "vue": "Hello {name} | Hellos {name}",
  "room": {"one": "%(count)s room", "few": "%(count)s rooms", "other": "%(count)s rooms"},
  "menu": {"one": "First", "other": "Other", "more": "More"}
}"""
    messages, problems, _ = _read(jsoncat, data)
    got = {m.key: (m.dialect, m.plurals, m.line, m.note) for m in messages}
    assert got["a.b"] == ("i18next", None, 2, None)
    assert got["n"] == ("i18next", {"one": "one", "other": "{{count}}"}, 3, None)
    assert got["lonely_one"][1] is None
    assert got["m"] == ("icu", None, 4, "d")
    assert got["vue"][0] == "auto"
    # an object of plural categories with "other" is one plural message; any other key in it
    # makes it a plain object of keys
    assert got["room"][1] == {
        "one": "%(count)s room",
        "few": "%(count)s rooms",
        "other": "%(count)s rooms",
    }
    assert {"menu.one", "menu.other", "menu.more"} <= set(got) and "menu" not in got
    assert problems == []


def test_json_lines_of_repeated_and_unicode_keys() -> None:
    messages, problems, _ = _read(jsoncat, '{\n"é": "a",\n"k": "b",\n"k": "c"\n}'.encode())
    assert [(m.key, m.line) for m in messages] == [("é", 2), ("k", 3)]
    assert problems == [
        ("catalog.duplicate_key", 4, "key 'k' repeats the one of line 3; the first is kept")
    ]


# -- Android -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("raw", "decoded"),
    [
        (r"Don\'t", "Don't"),
        (r"a\nb\tc", "a\nb\tc"),
        ("  spaced   out  ", "spaced out"),
        ('"  kept  "', "  kept  "),
        (r"\u00e9t\u00e9", "été"),
        (r"\@string/x \?attr", "@string/x ?attr"),
    ],
)
def test_android_unescape(raw: str, decoded: str) -> None:
    assert android.unescape(raw) == decoded


def test_android_skips_untranslatable_and_keeps_markup() -> None:
    data = b"""<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
<string name="a" translatable="false">x</string>
<string name="b">Hi <b>%1$s</b> <xliff:g id="n">%2$d</xliff:g></string>
</resources>"""
    messages, problems, _ = _read(android, data)
    assert [(m.key, m.text, m.line) for m in messages] == [("b", "Hi <b>%1$s</b> %2$d", 3)]
    assert problems == []


# -- XLIFF ---------------------------------------------------------------------------------------
def test_xliff_inline_elements_become_id_tags() -> None:
    data = b"""<xliff version="1.2"><file source-language="en" target-language="it"><body>
<trans-unit id="t"><source>A <bpt id="1">&lt;b&gt;</bpt>b<ept id="1">&lt;/b&gt;</ept>
<mrk mtype="term">c</mrk></source></trans-unit></body></file></xliff>"""
    messages, problems, info = _read(xliff, data)
    assert messages[0].text == 'A <bpt id="1"/>b<ept id="1"/>\nc'
    assert messages[0].translation is None
    assert (info.source_locale, info.locale) == ("en", "it")


def test_billion_laughs_is_refused_not_expanded() -> None:
    bomb = b'<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa">'
    bomb += b"".join(
        b'<!ENTITY %s "%s">' % (b"b%d" % i, (b"&a;" if i == 0 else b"&b%d;" % (i - 1)) * 10)
        for i in range(8)
    )
    bomb += b"]><resources><string name='x'>&b7;</string></resources>"
    messages, problems, _ = _read(android, bomb)
    assert messages == []
    assert problems[0][0] == "catalog.malformed" and "entities" in problems[0][2]


# -- Apple ---------------------------------------------------------------------------------------
def test_strings_escapes_comments_and_utf16() -> None:
    text = '/* note */\n"k" = "a\\"b\\n\\U00e9";\nbare = word;\n'
    for data in (text.encode("utf-8"), text.encode("utf-16")):
        messages, problems, _ = _read(apple_strings, data)
        assert [(m.key, m.text, m.line, m.note) for m in messages] == [
            ("k", 'a"b\né', 2, "note"),
            ("bare", "word", 3, None),
        ]
        assert problems == []


def test_stringsdict_without_a_rule_is_malformed() -> None:
    data = b"""<plist version="1.0"><dict><key>k</key><dict>
<key>NSStringLocalizedFormatKey</key><string>%#@n@</string></dict></dict></plist>"""
    messages, problems, _ = _read(stringsdict, data)
    assert messages == []
    assert problems[0][0] == "catalog.malformed"


_KEY = st.text(alphabet="abcdefghij_-é", min_size=1, max_size=6).filter(
    lambda k: not jsoncat._PLURAL_KEY.match(k) and not k.endswith("_plural")
)
_TREE = st.recursive(
    st.text(max_size=15), lambda inner: st.dictionaries(_KEY, inner, min_size=1, max_size=4)
)


def _flatten(tree: dict, prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in tree.items():
        if isinstance(value, dict):
            flat.update(_flatten(value, f"{prefix}{key}."))
        else:
            flat[prefix + key] = value
    return flat


@settings(max_examples=40, deadline=None)
@given(st.dictionaries(_KEY, _TREE, max_size=5))
def test_json_reader_flattens_any_nested_catalog(tree: dict) -> None:
    import json

    messages, problems, _ = _read(jsoncat, json.dumps(tree, indent=1).encode())
    assert {m.key: m.text for m in messages} == _flatten(tree)
    assert all(m.line is not None for m in messages)
    assert problems == []


_SNIPPETS = st.sampled_from(
    [b"<", b">", b"</", b"/>", b'"', b"\\", b"{", b"}", b"[", b"]", b":", b",", b";", b"=",
     b"\n", b"msgid ", b"msgstr ", b"msgid_plural ", b"msgstr[1] ", b"#, fuzzy\n", b"#~ ",
     b"<resources>", b"<string name='a'>", b"<plurals name='p'>", b"<item quantity='one'>",
     b"<xliff version='2.0'>", b"<file>", b"<unit id='u'>", b"<segment>", b"<source>",
     b"<target>", b"<trans-unit id='t'>", b"<plist>", b"<dict>", b"<key>", b"<string>",
     b'"k" = "v";', b"/*", b"*/", b'{"a": ', b'"strings": {', b"\xff", b"\x00", b"%d", b"%@"]
)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(FORMATS)), st.lists(_SNIPPETS | st.binary(max_size=4), max_size=30))
def test_no_input_makes_a_reader_raise(name: str, parts: list[bytes]) -> None:
    """Whatever the bytes, a reader yields messages and problems, never an exception."""
    data = b"".join(parts)
    info = CatalogInfo(wanted_locale="fr")
    module = reader(name)
    messages, problems, _ = _read(module, data, path="t." + name, info=info)
    assert all(isinstance(m.key, str) and isinstance(m.text, str) for m in messages)
    assert all(code.startswith("catalog.") for code, _, _ in problems)
