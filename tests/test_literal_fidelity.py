"""literal_fidelity: URLs, e-mails, paths, options and code spans kept verbatim (issue 30)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval.assertions import Subject
from capeval.assertions import literal_fidelity as lf
from capeval.suggestions import apply


def run(source, text, target_locale="fr-FR", **params):
    case = {"source": source, "source_locale": "en-US", "target_locale": target_locale}
    return lf.check(Subject.of(case, {"text": text}), params)


def keys(text):
    return [(lit.kind, lit.key) for lit in lf.literals(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("See https://example.com/docs.", [("url", "https://example.com/docs")]),
        (
            "(see https://en.wikipedia.org/wiki/X_(y))",
            [("url", "https://en.wikipedia.org/wiki/X_(y)")],
        ),
        ("网址 https://example.com/a。谢谢", [("url", "https://example.com/a")]),
        ("Write to help@example.org, please", [("email", "help@example.org")]),
        ("Edit /etc/fstab.", [("path", "/etc/fstab")]),
        ("Open ~/.config/app.ini", [("path", "~/.config/app.ini")]),
        ("and/or TCP/IP 1/2 km/h </b> +/-size", []),
        ("Example: /about/contact/", []),  # a site's URL path, not a file path
        ("Use --dry-run or -n.", [("option", "--dry-run"), ("option", "-n")]),
        (" %s [-v|-q] --report", [("option", "-v"), ("option", "-q"), ("option", "--report")]),
        ("e-mail well-known --waiting--", []),
        ("Run `make test` now", [("code", "make test")]),
        ("See :ref:`the guide <guide>`", [("code", "guide")]),
        ("use `%s' here", []),  # GNU quoting, not code
        ("See ``x = 1`` and http://a.org", [("code", "x = 1"), ("url", "http://a.org")]),
        ("`https://example.com`", [("code", "https://example.com")]),  # masked from url
    ],
)
def test_literals(text, expected):
    assert keys(text) == expected


@pytest.mark.parametrize(
    ("source", "text", "params", "code"),
    [
        ("See https://example.com/docs", "Voir https://example.com/docs", {}, "ok"),
        ("See https://example.com/docs", "Voir https://example.com/doc", {}, "literal_url_changed"),
        ("See https://example.com/docs", "Voir la documentation", {}, "literal_url_changed"),
        ("Save", "Enregistrer (https://x.org)", {}, "literal_url_changed"),
        ("Save", "Enregistrer (https://x.org)", {"allow_extra": True}, "ok"),
        ("Mail a@b.org", "Écrire à a@b.com", {}, "literal_email_changed"),
        ("Edit /etc/fstab", "Modifier /etc/fstabs", {}, "literal_path_changed"),
        ("Use --dry-run", "Utiliser --essai", {}, "literal_option_changed"),
        ("Use --dry-run", "Utiliser --essai", {"kinds": ["url"]}, "ok"),
        ("Use --dry-run", "Utiliser --essai", {"allow": ["--dry-run", "--essai"]}, "ok"),
        ("Run `make test`", "Lancez `make tests`", {}, "literal_code_changed"),
        ("Run `make test`", "Lancez « make test »", {}, "ok"),  # backticks became quotes
        ("Try '%s --help'.", "Essayez « %s --help ».", {}, "ok"),
        ("invalid --setgroups argument", "ungültiges --setgroups-Argument", {}, "ok"),
        ("th", "-i", {}, "ok"),  # an option-like suffix where the source has no option
        ("x `%r` in m[%r]", "x dans m[%r]", {}, "literal_code_changed"),
        ("See https://example.com/docs and --help", "Voir", {}, "literal_url_changed"),
    ],
)
def test_cases(source, text, params, code):
    assert run(source, text, **params).code == code


@pytest.mark.parametrize(
    ("text", "target", "code"),
    [
        # Japanese and Chinese write an option against their letters, with no blank
        ("-Fまたは--multibuffer を使う", "ja", "ok"),
        ("旗标-F 或--multibuffer", "zh-Hans", "ok"),
        ("もしnanoが、-Fまたは--multibufferを", "ja", "ok"),  # after an ideographic comma
        ("-Gまたは--multibuffer を使う", "ja", "literal_option_changed"),
        ("旗标-F 或--multibuf", "zh-Hans", "literal_option_changed"),
    ],
)
def test_options_set_off_by_letters_of_scripts_without_blanks(text, target, code):
    assert run("Use -F or --multibuffer", text, target).code == code


@pytest.mark.parametrize(
    ("source", "text", "code"),
    [
        (
            "Docs: https://docs.example.org/en/latest/",
            "Doc : https://docs.example.org/fr/latest/",
            "ok",
        ),
        ("https://en.wikipedia.org/wiki/X", "https://fr.wikipedia.org/wiki/X", "ok"),
        ("https://x.org/?lang=en", "https://x.org/?lang=fr", "ok"),
        ("https://x.org/en/", "https://x.org/de/", "literal_url_changed"),  # not the target's
        ("https://x.org/docs/", "https://x.org/fr/", "literal_url_changed"),
    ],
)
def test_localized_urls(source, text, code):
    assert run(source, text).code == code
    if code == "ok":
        assert run(source, text, localized_urls=False).code == "literal_url_changed"


def test_evidence_and_suggestion():
    source = "Read https://example.com/docs/setup first"
    text = "Lisez d’abord https://example.com/doc/setup"
    outcome = run(source, text)
    assert outcome.code == "literal_url_changed"
    assert outcome.evidence["literals"] == [
        {
            "kind": "url",
            "missing": ["https://example.com/docs/setup"],
            "extra": ["https://example.com/doc/setup"],
        }
    ]
    (fix,) = outcome.evidence["suggestions"]
    fixed = apply(text, fix)
    assert fixed == "Lisez d’abord https://example.com/docs/setup"
    assert run(source, fixed).passed


def test_no_suggestion_for_a_dropped_literal():
    outcome = run("See --help and --version", "Voir --help")
    assert outcome.code == "literal_option_changed"
    assert "suggestions" not in outcome.evidence
    assert outcome.evidence["literals"] == [
        {"kind": "option", "missing": ["--version"], "extra": []}
    ]


def test_precedence_and_message():
    outcome = run("Use --help at https://x.org/a", "Utiliser --aide sur https://x.org/b")
    assert outcome.code == "literal_url_changed"
    assert [d["kind"] for d in outcome.evidence["literals"]] == ["url", "option"]
    assert "more difference" in outcome.message


def test_bad_params():
    with pytest.raises(lf.ParamsError):
        run("a", "b", kinds=["nope"])


_ALPHABET = st.sampled_from(list("ab/.-:@`~ \u00e9\u3002h") + ["https://", "--", "/etc/", "www."])


@settings(max_examples=300, deadline=None)
@given(st.lists(_ALPHABET, max_size=40).map("".join))
def test_literals_are_disjoint_spans_of_the_text(text):
    found = lf.literals(text)
    spans = sorted((lit.start, lit.end) for lit in found)
    for (_, end), (start, _) in zip(spans, spans[1:], strict=False):
        assert end <= start
    for lit in found:
        assert 0 <= lit.start < lit.end <= len(text)
        assert lit.key in text[lit.start : lit.end]


@settings(max_examples=300, deadline=None)
@given(st.lists(_ALPHABET, max_size=40).map("".join))
def test_a_text_keeps_its_own_literals(text):
    assert run(text, text).passed
    assert run(text, "« " + text + " »").passed or any(
        lit.kind == "option" for lit in lf.literals(text)
    )


@settings(max_examples=200, deadline=None)
@given(
    st.lists(_ALPHABET, max_size=30).map("".join),
    st.sampled_from(
        ["https://example.com/a", "mail@example.org", "/etc/hosts", "--verbose", "`ls -l`"]
    ),
)
def test_a_dropped_literal_is_found(prefix, literal):
    source = f"{prefix} {literal} end"
    if literal.strip("`") not in [lit.key for lit in lf.literals(source)]:
        return  # the prefix runs into the literal
    assert run(source, f"{prefix} {literal} fin").passed
    assert not run(source, f"{prefix} fin").passed
