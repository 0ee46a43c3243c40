"""What each code means and what to do about it: the rule help of SARIF and JUnit messages."""

from __future__ import annotations

# code -> (short description, help text)
HELP: dict[str, tuple[str, str]] = {
    "placeholder_syntax": (
        "Placeholder syntax is broken",
        "The candidate (or, with evidence.side source, the source) has a placeholder that does "
        "not parse: unbalanced braces, a % that starts no valid directive, an ICU message that "
        "does not parse. Fix the syntax so the runtime can substitute the argument.",
    ),
    "placeholder_mutated": (
        "A placeholder changed its spec or type",
        "A placeholder kept its slot or name but changed its conversion, flags, width or format "
        "(%d became %s, {n:>10} became {n}). Copy the placeholder from the source unchanged.",
    ),
    "placeholder_missing": (
        "A placeholder of the source is missing",
        "The translation drops a placeholder the source has: the argument will not appear. Add "
        "it back where the language puts it.",
    ),
    "placeholder_extra": (
        "A placeholder the source does not have",
        "The translation has a placeholder the source lacks (often a literal % read as a "
        "directive). Remove it, or escape a literal percent sign as %%.",
    ),
    "placeholder_count_mismatch": (
        "A placeholder appears a different number of times",
        "A placeholder present on both sides occurs a different number of times. Use each "
        "placeholder as often as the source does.",
    ),
    "placeholder_reordered": (
        "Placeholders moved where moving is not allowed",
        "The case does not allow reordering (allow_reorder: false) and the translation puts "
        "numbered or named placeholders in another order. Keep the source's order.",
    ),
    "regex_timeout": (
        "A pattern ran past its time bound",
        "A custom placeholder pattern or a forbidden-rendering regex took longer than its time "
        "bound on this candidate, so no verdict is possible. Simplify the pattern.",
    ),
    "protocol_malformed_item": (
        "A protocol item is malformed",
        "The batch response has an item that breaks the protocol (duplicate or out-of-order "
        "index, unparsable line). Ask the model for exactly one item per index.",
    ),
    "protocol_missing_item": (
        "A protocol item is missing",
        "The batch response lacks an expected item: a string went untranslated.",
    ),
    "protocol_extra_item": (
        "An extra protocol item",
        "The batch response has more items than the request: something was split or invented.",
    ),
    "protocol_malformed_terminator": (
        "The protocol terminator is malformed",
        "The response ends with something close to the terminator but not it; a strict parser "
        "will not see the end of the batch.",
    ),
    "protocol_missing_terminator": (
        "The protocol terminator is missing",
        "The response has no terminator: it may have been cut off.",
    ),
    "candidate_missing": (
        "No candidate for this case",
        "The candidates file has no translation for this case (and system): nothing was "
        "checked. Produce one, or remove the case from the run.",
    ),
    "number_mutated": (
        "A number changed",
        "A number of the source appears changed in the translation (1,250 became 1,25). Copy "
        "the number, using the target locale's separators only where the case allows.",
    ),
    "number_missing": (
        "A number of the source is missing",
        "The translation drops a number of the source. Add it back.",
    ),
    "number_extra": (
        "A number the source does not have",
        "The translation has a number the source lacks. Remove it unless the case allows it.",
    ),
    "required_token_missing": (
        "A required token is missing",
        "A term the case requires (a product name, a keyboard key) does not appear as often as "
        "required. Use it verbatim.",
    ),
    "forbidden_rendering": (
        "A forbidden rendering is used",
        "The translation uses a wording the case forbids (a register, a banned term). Use the "
        "approved wording.",
    ),
    "max_chars_exceeded": (
        "The translation is too long",
        "The translation has more characters (graphemes) than the case's limit: it will be cut "
        "or overflow its box. Shorten it.",
    ),
    "waiver.expired": (
        "A waiver has expired",
        "The waiver's expiry date has passed: the failures it matched count again. Fix them, "
        "or renew the waiver with a new date, reason and owner.",
    ),
    "waiver.unused": (
        "A waiver matches no failure",
        "No failing result matches this waiver (fixed, renamed or removed). Delete it, so the "
        "waivers file lists only what is still accepted.",
    ),
}


def short(code: str) -> str:
    return HELP.get(code, (f"Result code {code}", ""))[0]


def help_text(code: str) -> str:
    return HELP.get(code, ("", f"A failing result with code {code}; see its message."))[1]
