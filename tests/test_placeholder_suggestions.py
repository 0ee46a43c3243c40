"""Fix suggestions of placeholder_integrity (issue 12 item 7).

Property: for each kind of mechanical defect, the suggestion offered undoes exactly the
injected change (so it makes the assertion pass and changes nothing else).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval.assertions import Subject
from capeval.assertions.placeholder_integrity import check
from capeval.suggestions import apply


def run(source, text, **params):
    return check(Subject.of({"source": source, "target_locale": "fr"}, {"text": text}), params)


@pytest.mark.parametrize(
    ("params", "source", "text", "fixed"),
    [
        ({"syntax": "printf"}, "%1$s files", "% 1$s fichiers", "%1$s fichiers"),
        ({"syntax": "printf"}, "%s files", "％s fichiers", "%s fichiers"),
        ({"syntax": "printf"}, "%s files", "%ｓ fichiers", "%s fichiers"),
        # a look-alike next to the placeholder itself (the exact match is no fix)
        ({"syntax": "printf"}, "%s of %s", "%s de ％s", "%s de %s"),
        ({"syntax": "printf"}, "%d files", "٪d ملفات", "%d ملفات"),
        ({"syntax": "python"}, "{name} files", "｛name｝ fichiers", "{name} fichiers"),
        ({"syntax": "python"}, "{name} files", "{ name } fichiers", "{name} fichiers"),
        ({}, "{name} files", "{ name } fichiers", "{name} fichiers"),
        ({"syntax": "python"}, "%(name)s files", "%(nom)s fichiers", "%(name)s fichiers"),
        ({"syntax": "icu"}, "Hi {name}", "Salut {nom}", "Salut {name}"),
        ({"syntax": "printf"}, "%d files", "%i fichiers", "%d fichiers"),
        (
            {"syntax": "icu"},
            "{n, plural, one {# file} other {# files}}",
            "{n, pluriel, one {# fichier} other {# fichiers}}",
            "{n, plural, one {# fichier} other {# fichiers}}",
        ),
        (
            {"syntax": "icu"},
            "{g, select, male {He} other {They}}",
            "{g, sélection, male {Il} other {Ils}}",
            "{g, select, male {Il} other {Ils}}",
        ),
    ],
)
def test_suggestions(params, source, text, fixed):
    outcome = run(source, text, **params)
    assert not outcome.passed
    [fix] = outcome.evidence["suggestions"]
    assert apply(text, fix) == fixed == fix["text"]
    assert run(source, fixed, **params).passed


@pytest.mark.parametrize(
    ("params", "source", "text"),
    [
        ({"syntax": "python"}, "%(name)s files", "%(nom)d fichiers"),  # another type
        ({"syntax": "printf"}, "%s and %d", "%s"),  # nothing to rename
        ({"syntax": "printf"}, "%s %s", "%d %d"),  # two defects: no single fix
        ({"syntax": "python"}, "{a} {b}", "{x} {y}"),
    ],
)
def test_no_suggestion_without_one_mechanical_fix(params, source, text):
    outcome = run(source, text, **params)
    assert not outcome.passed
    assert "suggestions" not in outcome.evidence


def test_passing_results_carry_no_suggestions():
    assert run("%s files", "%s fichiers", syntax="printf").evidence == {}


_WORDS = st.sampled_from(["fichier", "файл", "ファイル", "ملف", "קובץ", "ไฟล์", "de"])
_PRINTF = st.sampled_from(["%s", "%d", "%1$s", "%2$d", "%.2f", "%ld"])
_BRACE = st.sampled_from(["{name}", "{count}", "{0}", "{user}"])
_INJECT = {
    "fullwidth": lambda p: p.replace("%", "％").replace("{", "｛").replace("}", "｝"),
    "space": lambda p: p[0] + " " + p[1:] if p.startswith("%") else "{ " + p[1:-1] + " }",
}


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(["printf", "python"]),
    st.data(),
    st.lists(_WORDS, min_size=1, max_size=4),
    st.sampled_from(sorted(_INJECT)),
)
def test_applying_the_suggestion_undoes_the_injected_defect(syntax, data, words, kind):
    placeholder = data.draw(_PRINTF if syntax == "printf" else _BRACE)
    if syntax == "printf" and "$" in placeholder and placeholder != "%1$s":
        placeholder = "%1$s"  # a lone numbered directive must be %1$
    source = "Save " + placeholder + " now"
    translation = " ".join(words) + " " + placeholder
    if not run(source, translation, syntax=syntax).passed:
        return
    if kind == "space" and placeholder in ("%s", "%d"):
        kind = "fullwidth"  # '% s' is a valid directive with a space flag: a mutation
    broken = translation.replace(placeholder, _INJECT[kind](placeholder))
    outcome = run(source, broken, syntax=syntax)
    assert not outcome.passed
    [fix] = outcome.evidence["suggestions"]
    fixed = apply(broken, fix)
    assert fixed == translation
    assert run(source, fixed, syntax=syntax).passed


@settings(max_examples=150, deadline=None)
@given(st.lists(_WORDS, min_size=1, max_size=4), st.sampled_from(["name", "count", "path"]))
def test_renamed_argument_is_renamed_back(words, name):
    source = f"%({name})s saved"
    translation = " ".join(words) + f" %({name})s"
    broken = translation.replace(f"%({name})s", f"%({name}_fr)s")
    outcome = run(source, broken, syntax="python")
    [fix] = outcome.evidence["suggestions"]
    assert apply(broken, fix) == translation


# -- the shortcuts of the failing path: each says only what the scan would say ----------------

_PLACEHOLDER_CHARS = "%(){}$.0123456789sdnamé ,"
_TEXT_CHARS = _PLACEHOLDER_CHARS + " \u00a0\u3000％｛﹪٪xyz"


@settings(max_examples=400, deadline=None)
@given(st.text(_PLACEHOLDER_CHARS, min_size=1, max_size=6), st.text(_TEXT_CHARS, max_size=30))
def test_only_itself_holds_only_when_every_tolerant_match_is_the_placeholder(placeholder, text):
    from capeval.placeholders.suggest import _only_itself, _tolerant

    if _only_itself(placeholder, text):
        assert all(found == placeholder for found in _tolerant(placeholder).findall(text))


_FOLDED_CHARS = _TEXT_CHARS + "（）｝﹛﹜＄．０ｓ\u00a0\u3000"
_BLANK_RUNS = st.text(" \u00a0\u3000", max_size=2)


def _written_as(char: str) -> st.SearchStrategy[str]:
    """``char``, or one of the forms ``_tolerant`` equates with it."""
    forms = [char]
    if "!" <= char <= "~":
        forms.append(chr(ord(char) + 0xFEE0))
        forms += {"%": ["﹪", "٪"], "{": ["﹛"], "}": ["﹜"]}.get(char, [])
    return st.sampled_from(forms)


@st.composite
def _placeholder_and_text(draw: st.DrawFn) -> tuple[str, str]:
    """A placeholder, and a text holding it written with other forms and blanks inside."""
    placeholder = draw(st.text(_FOLDED_CHARS, min_size=1, max_size=6))
    pieces = [draw(st.text(_FOLDED_CHARS, max_size=8))]
    for _ in range(draw(st.integers(0, 2))):
        for index, char in enumerate(placeholder):
            if index:
                pieces.append(draw(_BLANK_RUNS))
            pieces.append(draw(_written_as(char)))
        pieces.append(draw(st.text(_FOLDED_CHARS, max_size=8)))
    return placeholder, "".join(pieces)


@settings(max_examples=600, deadline=None)
@given(_placeholder_and_text())
def test_the_folded_scan_finds_what_the_tolerant_pattern_finds(drawn):
    # the literal pattern over the folded text, or _tolerant itself where it cannot stand in
    from capeval.placeholders.suggest import _tolerant, _tolerant_spans

    placeholder, text = drawn
    expected = [match.span() for match in _tolerant(placeholder).finditer(text)]
    assert _tolerant_spans(placeholder, text, []) == expected


def test_only_itself_is_not_said_of_a_placeholder_written_with_a_space():
    from capeval.placeholders.suggest import _only_itself

    assert not _only_itself("%s", "you have % s coins")
    assert not _only_itself("%s", "you have ％s coins")  # not ASCII: scanned
    assert _only_itself("%(name)s", "hello %(name)s, %s")


def test_every_look_alike_is_non_ascii():
    # _with_text_evidence skips the look-alike walk for an ASCII text
    from capeval.assertions.placeholder_integrity import _LOOKALIKES

    assert not any(char.isascii() for char in _LOOKALIKES)
