"""number_fidelity (SPEC §5.3): numbers by value and multiplicity, read per locale."""

from __future__ import annotations

import pytest

from capeval.assertions import ParamsError, Subject, number_fidelity, result_codes
from capeval.assertions.number_fidelity import compare
from capeval.placeholders.spans import placeholder_spans

from conftest import evalcase, jsonl, records, run_cmd

NNBSP, NBSP = "\u202f", "\u00a0"


def verdict(source: str, text: str, src: str = "en-US", tgt: str = "de-DE", **params):
    case = {"source": source, "source_locale": src, "target_locale": tgt}
    return number_fidelity.check(Subject.of(case, {"text": text}), params or {})


# --- locale separators ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "src", "text", "tgt"),
    [
        ("Total: 1,234.5", "en-US", "Summe: 1.234,5", "de-DE"),
        ("Total: 1,234.5", "en-US", f"Total : 1{NNBSP}234,5", "fr-FR"),
        ("Total: 1,234.5", "en-US", f"Total : 1{NBSP}234,5", "fr-FR"),
        ("Total: 1,234.5", "en-US", "Total : 1 234,5", "fr-FR"),
        ("Summe: 1.234,5", "de-DE", f"Total : 1{NNBSP}234,5", "fr-FR"),
        (f"Total : 1{NBSP}234,5", "fr-FR", "Total: 1,234.5", "en-US"),
        (f"Итого: 1{NBSP}234,5", "ru-RU", "合计：1,234.5", "zh-Hans"),
        ("Total: 1,234.5", "en-US", "Total: 1234,5", "de-DE"),  # ungrouped is fine
        ("Pay 12,34,567.50", "en-IN", "Zahle 1.234.567,5", "de-DE"),  # Indian grouping
        ("Pay 1'234.5", "de-CH", "Zahle 1.234,5", "de-DE"),
        ("Pay 1\u2019234.5", "de-CH", "Zahle 1.234,5", "de-DE"),
        ("Price 2.50", "en-US", "Preis 2,5", "de-DE"),  # by value: 2.50 = 2.5
    ],
)
def test_the_same_number_in_each_locale_matches(source, src, text, tgt):
    assert verdict(source, text, src, tgt).passed


def test_a_separator_read_in_the_wrong_locale_is_another_number():
    # In German 1,234 is one and a bit, not a thousand and more.
    outcome = verdict("You have 1,234 coins", "Sie haben 1,234 Münzen", tgt="de-DE")
    assert outcome.passed  # written exactly as in the source: always matches
    outcome = verdict("You have 1,234 coins", "Sie haben 1,235 Münzen", tgt="de-DE")
    assert outcome.code == "number_mutated"
    outcome = verdict("You have 1234 coins", "Sie haben 1,234 Münzen", tgt="de-DE")
    assert outcome.code == "number_mutated"
    assert outcome.evidence["mutated"] == [{"position": 0, "expected": "1234", "actual": "1,234"}]


def test_written_exactly_as_in_the_source_always_matches():
    assert verdict("Version 2.0", "Version 2.0", tgt="fr-FR").passed
    assert verdict("Version 2.0", "Version 2,0", tgt="fr-FR").passed
    # An English list "1,5" (two numbers) left as it was in German.
    assert verdict("Pages 1,5", "Seiten 1,5", tgt="de-DE").passed
    assert verdict("Pages 1,5", "Seiten 1 und 5", tgt="de-DE").passed


def test_a_group_separator_needs_three_digits_after_it():
    assert verdict("Pages 1,5", "Seiten 15", tgt="de-DE").code == "number_mutated"
    assert verdict("Pages 1,5", "Seiten 1,5 und 2", tgt="de-DE").code == "number_extra"


def test_arabic_indic_and_full_width_digits_are_normalised():
    assert verdict("Price: 1,234.5", "السعر: ١٬٢٣٤٫٥", tgt="ar-EG").passed
    assert verdict("Price: 1,234.5", "السعر: 1,234.5", tgt="ar-EG").passed  # latn digits too
    assert verdict("Price: 1,234.5", "السعر: ١٬٢٣٥٫٥", tgt="ar-EG").code == "number_mutated"
    assert verdict("Price: 12.5", "قیمت: ۱۲٫۵", tgt="fa").passed  # extended Arabic-Indic
    assert verdict("Price: 1,234", "価格：１，２３４", tgt="ja").passed
    assert verdict("Level 42", "レベル４２", tgt="ja").passed
    assert verdict("Level 42", "レベル４３", tgt="ja").code == "number_mutated"
    assert verdict("Level 42", "स्तर ४२", tgt="hi").passed  # Devanagari digits


@pytest.mark.parametrize(
    ("source", "text", "code"),
    [
        ("Set to -5 degrees", "Auf −5 Grad stellen", "ok"),  # U+2212 minus
        ("Set to -5 degrees", "Auf -5 Grad stellen", "ok"),
        ("Set to -5 degrees", "Auf 5 Grad stellen", "number_mutated"),
        ("Set to +5 degrees", "Auf 5 Grad stellen", "ok"),  # +5 has the value 5
        ("Set to 5 degrees", "Auf −5 Grad stellen", "number_mutated"),
        ("Ages 10-20", "Alter 10–20", "ok"),  # after a digit "-" is no sign
        ("Ages 10-20", "Alter 10 bis 20", "ok"),
        ("Model A-5", "Modell A 5", "ok"),  # after a letter "-" is no sign
        ("Level -0", "Stufe 0", "ok"),
    ],
)
def test_signs(source, text, code):
    assert verdict(source, text).code == code


# --- codes, precedence and evidence ---------------------------------------------------------


def test_every_code_and_its_evidence():
    mutated = verdict("Only 3 left", "Nur 4 übrig")
    assert mutated.code == "number_mutated"
    assert mutated.evidence == {
        "source": ["3"],
        "candidate": ["4"],
        "missing": [],
        "extra": [],
        "mutated": [{"position": 0, "expected": "3", "actual": "4"}],
    }
    missing = verdict("Only 3 left", "Nur wenige übrig")
    assert missing.code == "number_missing"
    assert missing.evidence["missing"] == ["3"]
    extra = verdict("Only a few left", "Nur 3 übrig")
    assert extra.code == "number_extra"
    assert extra.evidence["extra"] == ["3"]
    assert {mutated.code, missing.code, extra.code} == set(result_codes()["number_fidelity"])


def test_multiplicity_counts():
    assert verdict("3 of 3", "3 von 3").passed
    outcome = verdict("3 of 3", "3 von")
    assert outcome.code == "number_missing"
    assert verdict("3 items", "3 Artikel, 3").code == "number_extra"


def test_order_does_not_matter():
    assert verdict("3 of 10", "10中3", tgt="zh-Hans").passed
    assert verdict("from 1,000 to 2,000", "2.000 bis 1.000").passed


def test_mutated_precedes_missing_and_missing_precedes_extra():
    outcome = verdict("1, 2 and 3", "7 und 2")  # 1→7 at position 0, 3 missing
    assert outcome.code == "number_mutated"
    assert outcome.evidence["missing"] == ["3"]
    assert outcome.evidence["mutated"] == [{"position": 0, "expected": "1", "actual": "7"}]
    # A missing and an extra at different positions are not a mutation.
    outcome = verdict("3 of 10", "10 von 4")
    assert outcome.code == "number_missing"
    assert (outcome.evidence["missing"], outcome.evidence["extra"]) == (["3"], ["4"])


def test_the_same_value_at_the_same_position_pairs_first():
    # "1 and 2" → "2 and 2": the 1 became a 2 (position 0), the second 2 is kept.
    outcome = verdict("1 and 2", "2 und 2")
    assert outcome.code == "number_mutated"
    assert outcome.evidence["mutated"] == [{"position": 0, "expected": "1", "actual": "2"}]


def test_no_numbers_and_no_digits_pass():
    assert verdict("Hello", "Hallo").passed
    assert verdict("", "").passed


# --- placeholders and ignore ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "text"),
    [
        ("%1$s has %2$d items", "%2$d Artikel hat %1$s"),
        ("%5d points, %.2f%%", "%5d Punkte, %.2f%%"),
        ("{0} of {1}", "{1}中{0}"),
        ("Hello {name2}", "Hallo {name2}"),
        ("{count, plural, =1 {one file} other {# files}}", "{count, plural, other {# Dateien}}"),
        ("{n, plural, offset:1 =0 {none} other {# more}}", "{n, plural, other {# weitere}}"),
        ("{v, number, ::currency/USD .00}", "{v, number, ::currency/USD .00}"),
        ("Press <0>OK</0>", "Drücke <0>OK</0>"),
        ("{min}-5", "{min}-5"),
    ],
)
def test_numbers_inside_placeholders_are_not_numbers(source, text):
    assert verdict(source, text).passed


def test_numbers_in_icu_branch_text_still_count():
    source = "{n, plural, one {# file in 2 folders} other {# files in 2 folders}}"
    good = "{n, plural, one {# Datei in 2 Ordnern} other {# Dateien in 2 Ordnern}}"
    bad = "{n, plural, one {# Datei in 2 Ordnern} other {# Dateien in 3 Ordnern}}"
    assert verdict(source, good).passed
    assert verdict(source, bad).code == "number_mutated"


def test_placeholder_spans_cover_the_syntax_only():
    text = "%1$s {0} {n, plural, =2 {two 7} other {# 8}} <1>x</1>"
    digits_left = [
        text[i]
        for i in range(len(text))
        if text[i].isdigit() and not any(a <= i < b for a, b in placeholder_spans(text))
    ]
    assert digits_left == ["7", "8"]


def test_adversarial_texts_are_read_quickly_without_recursion_errors():
    import time

    texts = [
        "{a, select, x {" * 3000 + "5" + "}" * 3000,  # nesting far beyond real messages
        "{5" * 20000,  # unclosed braces
        "1" + ",234" * 10000 + "5",  # endless grouping
        "1.2,3 4\u202f5'6" * 5000,  # every separator of both locales
    ]
    for text in texts:
        started = time.perf_counter()
        compare(text, text[::-1], "en-US", "fr-FR")
        assert time.perf_counter() - started < 2.0


def test_percent_signs_are_not_placeholders():
    assert verdict("100% complete", "100 % abgeschlossen").passed
    assert verdict("50% off", "50 % Rabatt").passed


def test_ignore_param():
    assert verdict("Windows 10", "Windows 11").code == "number_mutated"
    assert verdict("Windows 10", "Windows 11", ignore=["10"]).code == "number_extra"
    assert verdict("Windows 10", "Windows", ignore=["10"]).passed
    assert verdict("Windows 10 on 5 PCs", "Windows 10 auf 5 PCs", ignore=["10"]).passed
    # Written as in the source (source locale): "1,000" is the value 1000 in German "1.000".
    assert verdict("Top 1,000 and 7", "Top 7", ignore=["1,000"]).passed
    assert verdict("Top 1,000 and 7", "Top 1.000 und 7", ignore=["1,000"]).passed
    assert verdict("Top 1,000 and 7", "Top 8", ignore=["1,000"]).code == "number_mutated"


def test_unknown_locales_fall_back_to_root_separators():
    assert verdict("1,234.5", "1,234.5", "en-US", "qaa").passed
    assert verdict("1,234.5", "1234.5", "en-US", "tlh").passed


def test_texts_are_compared_after_nfc():
    # The engine hands NFC text; a decomposed candidate must not change the reading.
    assert verdict("Cafe\u0301 3", "Café 3").passed


def test_cldr_is_read_once_per_locale(monkeypatch):
    calls = []
    real = number_fidelity._cldr_separators

    def counting(tag):
        calls.append(tag)
        return real(tag)

    monkeypatch.setattr(number_fidelity, "_cldr_separators", counting)
    number_fidelity._locale_numbers.cache_clear()
    monkeypatch.setattr(number_fidelity, "_pairs", {})
    for _ in range(50):
        assert verdict("1,234.5 and 7", "1.234,5 und 7", "en-US", "de-DE").passed
        assert verdict("1,234.5 and 7", "1.234,5 und 8", "en-US", "de-AT").code
    assert sorted(calls) == ["de-AT", "de-DE", "en-US"]
    number_fidelity._locale_numbers.cache_clear()


def test_compare_is_the_same_check():
    assert compare("3 left", "4 übrig", "en-US", "de-DE").code == "number_mutated"


# --- end to end -----------------------------------------------------------------------------


def test_cap_check_reports_number_results(tmp):
    case = evalcase(
        id="number.grouping.001",
        source="Total: 1,234.5",
        target_locale="fr-FR",
        assertions=[{"name": "number_fidelity", "severity": "hard"}],
    )
    candidates = tmp / "c.jsonl"
    candidates.write_text(
        jsonl(
            {"case_id": "number.grouping.001", "text": f"Total : 1{NNBSP}234,5", "system": "a"},
            {"case_id": "number.grouping.001", "text": "Total : 1 235,5", "system": "b"},
        ),
        encoding="utf-8",
    )
    done = run_cmd("cap-check", "--candidates", str(candidates), stdin=jsonl(case))
    assert done.returncode == 1, done.stderr
    results = records(done.stdout)
    assert [(r["system"], r["code"]) for r in results] == [("a", "ok"), ("b", "number_mutated")]
    assert results[1]["evidence"]["mutated"][0]["actual"] == "1 235,5"


def test_cap_validate_rejects_unknown_number_params():
    case = evalcase(
        id="number.params.001",
        assertions=[{"name": "number_fidelity", "severity": "hard", "params": {"ignor": []}}],
    )
    done = run_cmd("cap-validate", stdin=jsonl(case))
    assert done.returncode == 1
    assert b"schema.additionalProperties" in done.stderr
    assert done.stdout == b""


@pytest.mark.parametrize("ignore", ["10", [10], [None]])
def test_unvalidated_wrong_ignore_raises_what_the_engine_reports(ignore):
    with pytest.raises(ParamsError):
        verdict("Windows 10", "Windows 11", ignore=ignore)
