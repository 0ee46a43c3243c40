"""Property tests for number reading across locales (SPEC §5.3, §11).

A text whose numbers Babel formats for the source locale and the same numbers formatted for
the target locale always match; changing one digit of the candidate always fails.
"""

from __future__ import annotations

import unicodedata
from decimal import Decimal

from babel import Locale
from babel.numbers import format_decimal
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from capeval.assertions.number_fidelity import compare

# Locales with different separators, groupings, digits and minus signs: comma/period swaps,
# space groups (U+00A0, U+202F), Indian grouping, Arabic-Indic digits, CJK. Not de-CH/fr-CH:
# Babel 2.19 formats their apostrophe grouping wrongly (1000000000 → "1000000'000", 1234567 →
# "1234567"), so its output is no oracle there; test_number_fidelity covers them by hand.
LOCALES = [
    "en-US",
    "de-DE",
    "fr-FR",
    "ru-RU",
    "uk",
    "pl",
    "sv",
    "es-ES",
    "pt-BR",
    "it",
    "hi",
    "en-IN",
    "ar",
    "ar-EG",
    "fa",
    "he",
    "zh-Hans",
    "ja",
    "ko",
    "th",
]

# format_decimal's default pattern keeps up to three fraction digits: stay within it so the
# formatted text is the exact value.
values = st.builds(
    lambda units, scale: Decimal(units).scaleb(-scale),
    st.integers(min_value=-(10**12), max_value=10**12),
    st.integers(min_value=0, max_value=3),
)
locales = st.sampled_from(LOCALES)
systems = st.sampled_from(["latn", "default", "native"])


def render(numbers: list[Decimal], locale: str, system: str) -> str:
    babel_locale = Locale.parse(locale, sep="-")
    if system == "native":  # e.g. Arabic-Indic digits for "ar", whose default is latn
        system = babel_locale.other_numbering_systems.get("native", "latn")
    parts = [format_decimal(n, locale=babel_locale, numbering_system=system) for n in numbers]
    return "Item " + " and item ".join(parts) + " end"


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(
    numbers=st.lists(values, min_size=1, max_size=3),
    source=locales,
    target=locales,
    source_system=systems,
    target_system=systems,
)
def test_babel_formatted_numbers_match_across_locales(
    numbers, source, target, source_system, target_system
):
    source_text = render(numbers, source, source_system)
    candidate = render(numbers, target, target_system)
    outcome = compare(source_text, candidate, source, target)
    assert outcome.passed, (source_text, candidate, outcome.evidence)


@SETTINGS
@given(
    numbers=st.lists(values, min_size=1, max_size=3),
    source=locales,
    target=locales,
    target_system=systems,
    data=st.data(),
)
def test_a_changed_digit_always_fails(numbers, source, target, target_system, data):
    source_text = render(numbers, source, "latn")
    candidate = render(numbers, target, target_system)
    digit_positions = [i for i, char in enumerate(candidate) if char.isdigit()]
    where = data.draw(st.sampled_from(digit_positions))
    old = unicodedata.decimal(candidate[where])
    new = data.draw(st.integers(min_value=0, max_value=9).filter(lambda d: d != old))
    # The new digit is written in the same script as the old one (zero of that block + d).
    zero = ord(candidate[where]) - old
    changed = candidate[:where] + chr(zero + new) + candidate[where + 1 :]
    outcome = compare(source_text, changed, source, target)
    assert not outcome.passed, (source_text, changed)
    assert outcome.code in ("number_mutated", "number_missing", "number_extra")


@SETTINGS
@given(
    numbers=st.lists(values, min_size=2, max_size=4),
    source=locales,
    target=locales,
    data=st.data(),
)
def test_numbers_may_move(numbers, source, target, data):
    moved = data.draw(st.permutations(numbers))
    outcome = compare(
        render(numbers, source, "latn"), render(moved, target, "latn"), source, target
    )
    assert outcome.passed, outcome.evidence


NUMBERISH = st.text(
    alphabet=st.sampled_from(list("0123456789١٢٣۴５,.'’ \u00a0\u202f-+−%{}<>/$#=ab,")), max_size=40
)


@SETTINGS
@given(source=NUMBERISH, candidate=NUMBERISH, pair=st.tuples(locales, locales))
def test_any_text_gets_a_verdict(source, candidate, pair):
    # Fuzz (SPEC §11): digits, separators and placeholder characters in any mix never raise,
    # and the verdict is one of the assertion's codes.
    outcome = compare(source, candidate, *pair)
    assert outcome.code in ("ok", "number_mutated", "number_missing", "number_extra")
    assert compare(source, source, *pair).passed
