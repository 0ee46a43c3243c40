"""custom (pattern, presets) and auto placeholders, params rules, and the ICU dispatch."""

from __future__ import annotations

import pytest

from capeval.assertions import ParamsError, Subject
from capeval.assertions.placeholder_integrity import check, param_errors
from capeval.placeholders.auto import extract_auto_placeholders, looks_like_icu
from capeval.placeholders.custom import extract_custom_placeholders


def verdict(source: str, text: str, target: str = "fr", **params):
    case = {"source": source, "target_locale": target}
    return check(Subject.of(case, {"text": text}), params or {})


def code(source: str, text: str, target: str = "fr", **params) -> str:
    return verdict(source, text, target, **params).code


# --- custom ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "source", "text", "expected"),
    [
        ("mustache", "Hi {{name}}", "Salut {{name}}", "ok"),
        ("mustache", "Hi {{name}}", "Salut {{Name}}", "placeholder_missing"),  # case-sensitive
        ("mustache", "Hi {{name}}", "Salut {{ name }}", "placeholder_missing"),  # text differs
        ("mustache", "{{{html}}} {{x}}", "{{x}} {{{html}}}", "ok"),
        ("mustache", "{{a}} {{a}}", "{{a}}", "placeholder_count_mismatch"),
        ("mustache", "{{a}} {{b}}", "{{b}} {{a}}", "ok"),
        ("ruby", "%{count} items, 100%%", "%{count} элементов, 100%", "ok"),
        ("ruby", "%{count} items", "%{n} элементов", "placeholder_missing"),
        ("ruby", "%<total>.2f due", "%<total>.2f fällig", "ok"),
        ("dollar", "Hello ${user}", "שלום ${user}", "ok"),
        ("dollar", "Hello ${user}", "שלום $user", "placeholder_missing"),
        ("dollar", "Hello", "مرحبا ${user}", "placeholder_extra"),
        ("numbered-tags", "<0>Click</0> here", "<0>Klicken</0> Sie hier", "ok"),
        ("numbered-tags", "<0>a</0><1>b</1>", "<1>b</1><0>a</0>", "ok"),
        ("numbered-tags", "<0>a</0><1>b</1>", "<0>a<1></0>b</1>", "placeholder_syntax"),
        ("numbered-tags", "<0>a</0>", "</0>a<0>", "placeholder_syntax"),
        # a tag left open is broken structure (syntax), and evidence names the missing end
        ("numbered-tags", "<0>a</0>", "<0>a", "placeholder_syntax"),
        ("numbered-tags", "<0/> new", "<0/> 新", "ok"),
        ("xml", '<a href="/x">link</a>', '<a href="/x">ссылка</a>', "ok"),
        ("xml", '<a href="/x">link</a>', '<a href="/y">ссылка</a>', "placeholder_missing"),
        ("xml", "line<br>next", "ligne<br>suivante", "ok"),  # void element needs no end
        ("xml", "<b>bold</b>", "<b>gras</b", "placeholder_syntax"),
        ("xml", "<b>bold</b>", "gras", "placeholder_missing"),
        ("xml", "<b>bold</b> <i>it</i>", "<b><i>gras</b></i>", "placeholder_syntax"),
        ("xml", "<b>start of a fragment", "<b>début d'un fragment", "ok"),
        ("xml", "a < b and c > d", "a < b et c > d", "ok"),
    ],
)
def test_presets(preset, source, text, expected):
    assert code(source, text, syntax="custom", preset=preset) == expected


def test_unclosed_tag_evidence_names_the_missing_end_tag():
    outcome = verdict("<0>a</0>", "<0>a", syntax="custom", preset="numbered-tags")
    assert outcome.evidence["missing"] == ["</0>"]
    assert outcome.evidence["errors"][0]["side"] == "candidate"


def test_custom_tokens_are_never_mutated_and_allow_reorder_applies():
    outcome = verdict("[[a]] [[b]]", "[[b]] [[c]]", syntax="custom", pattern=r"\[\[\w+\]\]")
    assert outcome.code == "placeholder_missing"
    assert outcome.evidence["missing"] == ["[[a]]"]
    assert outcome.evidence["extra"] == ["[[c]]"]
    params = {"syntax": "custom", "pattern": r"\[\[\w+\]\]", "allow_reorder": False}
    assert code("[[a]] [[b]]", "[[b]] [[a]]", **params) == "placeholder_reordered"
    assert code("[[a]] [[b]]", "[[a]] [[b]]", **params) == "ok"


def test_zero_width_matches_are_not_tokens():
    assert extract_custom_placeholders("abc", pattern=r"x*").tokens == ()


def test_pathological_pattern_times_out():
    outcome = verdict("a" * 30 + "!", "a" * 30 + "!", syntax="custom", pattern=r"(a|aa)+$x")
    assert outcome.code == "regex_timeout"
    assert outcome.evidence["side"] == "source"


def test_unvalidated_bad_pattern_is_a_params_error_not_a_crash():
    # the engine turns ValueError into an assertion.params diagnostic
    with pytest.raises(ParamsError, match="does not compile"):
        verdict("x", "x", syntax="custom", pattern="(unclosed")


@pytest.mark.parametrize(
    ("params", "problems"),
    [
        ({"syntax": "custom"}, ["exactly one of pattern or preset"]),
        ({"syntax": "custom", "pattern": "x", "preset": "ruby"}, ["exactly one"]),
        ({"syntax": "custom", "pattern": "(unclosed"}, ["does not compile"]),
        ({"syntax": "custom", "pattern": "a*"}, ["matches the empty string"]),
        ({"syntax": "custom", "pattern": r"\p{Lu}+"}, []),  # regex-module syntax
        ({"syntax": "printf", "preset": "ruby"}, ["preset is only allowed with syntax custom"]),
        ({"pattern": "x"}, ["pattern is only allowed with syntax custom"]),
        ({"syntax": "printf", "style": "brace"}, ["style is only allowed with syntax python"]),
        ({"syntax": "python", "style": "brace"}, []),
        ({"syntax": "printf", "tags": False}, ["tags is only allowed with syntax icu or auto"]),
        ({"tags": False}, []),
        ({"syntax": "icu", "tags": False}, []),
        ({}, []),
    ],
)
def test_param_errors(params, problems):
    errors = param_errors({}, params)
    assert len(errors) == len(problems)
    for error, problem in zip(errors, problems, strict=True):
        assert problem in error


# --- auto -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "text", "expected"),
    [
        # literal percent signs are text
        ("Upload 100% complete", "Téléversement terminé à 100 %", "ok"),
        ("Upload 100% complete", "アップロード 100% 完了", "ok"),
        ("50% off", "50 % de réduction", "ok"),
        ("50%% off", "50 % de réduction", "ok"),
        ("%d%% done", "%d %% erledigt", "ok"),
        ("%d%% done", "%d % erledigt", "ok"),  # '% e' is not a directive under auto
        # inserted spaces break the placeholder: it is gone
        ("%s files", "% s fichiers", "placeholder_missing"),
        ("{name} joined", "{ name } a rejoint", "placeholder_missing"),
        # look-alike characters are text
        ("%s files", "％s 個のファイル", "placeholder_missing"),
        ("{name} joined", "｛name｝が参加しました", "placeholder_missing"),
        ("%d%%", "%d٪", "ok"),
        ("%d items", "٪d عناصر", "placeholder_missing"),
        # brace fields, mustache tokens and directives side by side
        ("{count} files in {dir}", "{dir} 中的 {count} 个文件", "ok"),
        ("{0} of {1}", "{1}に{0}", "ok"),
        ("{} of {}", "{1}件中{0}件", "ok"),
        ("Literal {{x}} text", "Texte {x}", "placeholder_missing"),  # {{x}} is mustache here
        ("Hi {{name}}", "Привет, {{name}}", "ok"),
        ("%(name)s wrote", "%(name)s написал", "ok"),
        ("Hello %(name)s", "Bonjour %(name)", "placeholder_syntax"),
        ("%1$s of %2$s", "%2$s の %1$s", "ok"),
        ("{pct:.0%} done", "{pct:.0%} fertig", "ok"),
        ('JSON {"a": 1}', 'JSON {"a": 1}', "ok"),
        ("Use %1 and %2", "Utilisez %1 et %2", "ok"),  # Qt-style %1 is not a directive here
        ("Hello", "Bonjour {name}", "placeholder_extra"),
        ("Hello", "Bonjour %s", "placeholder_extra"),
        ("Hello", "Bonjour {{name}}", "placeholder_extra"),
        ("{name}", "{name} {name}", "placeholder_count_mismatch"),
        ("{n} {unit}", "{n:.2f} {unit}", "placeholder_mutated"),
        ("%s and {name}", "{name} et %s", "ok"),
        # a length modifier or a '*' width right after '%' starts a directive too
        ("Inode %lu unused", "Inode %lu inutilisé", "ok"),
        ("Inode %lu unused", "Inode %ls inutilisé", "placeholder_mutated"),
        ("%zu bytes", "%zu байт", "ok"),
        ("%zu bytes", "байт", "placeholder_missing"),
        ("%*s<none>", "<aucun>", "placeholder_missing"),
    ],
)
def test_auto(source, text, expected):
    if looks_like_icu(source):  # pragma: no cover - none of these sources is ICU
        pytest.fail(f"{source!r} should not be read as ICU")
    assert code(source, text) == expected


def test_auto_reorder_rule():
    assert code("{0} of {1}", "{1}に{0}", allow_reorder=False) == "placeholder_reordered"
    assert code("%1$s %2$s", "%2$s %1$s", allow_reorder=False) == "placeholder_reordered"


def test_auto_groups():
    mustache, brace, percent = extract_auto_placeholders("{{m}} {b} %d {{ }} %% 100% ok")
    assert [t.text for t in mustache.tokens] == ["{{m}}"]
    assert [t.text for t in brace.tokens] == ["{b}"]
    assert [t.text for t in percent.tokens] == ["%d"]
    assert percent.errors == ()


def test_auto_evidence_for_lookalikes():
    outcome = verdict("%d items", "٪d عناصر", target="ar")
    assert outcome.evidence["missing"] == ["%d"]
    assert outcome.evidence["lookalikes"] == ["٪"]
    assert outcome.evidence["syntax"] == "auto"


def test_auto_reads_a_source_that_is_no_icu_as_plain_text_with_placeholders():
    # element-web's "<pill>" is a void substitution tag: no placeholder_syntax on the source
    assert code("<a>In reply to</a> <pill>", "<a>Als Antwort auf</a> <pill>") == "ok"
    source = "Line one<br>two <b>%(name)s</b>"
    assert code(source, "Ligne un<br>deux <b>%(name)s</b>") == "ok"
    assert code(source, "Ligne un<br>deux <b>%(nom)s</b>") == "placeholder_missing"


def test_auto_dispatches_icu_sources():
    source = "{count, plural, one {# file} other {# files}}"
    assert looks_like_icu(source)
    assert code(source, "{count, plural, one {# fichier} other {# fichiers}}") == "ok"
    # translated keyword: a mutation ICU reports, which token-level auto could not see
    assert code(source, "{count, pluriel, one {# fichier} other {# fichiers}}") == (
        "placeholder_mutated"
    )
    assert not looks_like_icu("{name} joined")
    # explicit icu syntax reaches the same checker
    assert code("{n, number}", "{n, number}", syntax="icu") == "ok"
