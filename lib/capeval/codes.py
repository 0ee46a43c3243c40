"""Every stable code capeval emits, defined once.

Two families:

* diagnostic codes describe an input line or the run and go to stderr / ``--diagnostics``;
* result codes are the ``code`` of an AssertionResult: the engine's own here, each
  assertion's in its module's ``CODES``, in precedence order (the first one found wins,
  evidence lists all).

Messages may improve over time; these strings may not change.
"""

from __future__ import annotations

ERROR = "error"
WARNING = "warning"

# code -> (default severity, meaning). Codes of the form ``schema.<keyword>`` are generated
# from the JSON Schema keyword that failed and are all errors.
DIAGNOSTIC_CODES: dict[str, tuple[str, str]] = {
    "jsonl.invalid_json": (ERROR, "the line is not valid JSON"),
    "jsonl.invalid_utf8": (ERROR, "the line is not valid UTF-8"),
    "jsonl.not_object": (ERROR, "the line is JSON but not an object"),
    "jsonl.too_long": (ERROR, "the line is longer than --max-line-bytes"),
    "jsonl.duplicate_key": (ERROR, "a key repeats in one JSON object of the line"),
    "kind.unknown": (ERROR, "the record matches no known kind"),
    "completeness.inconsistent": (
        ERROR,
        "a completeness record's translated, untranslated, missing and fuzzy do not add up to "
        "its messages",
    ),
    "id.duplicate": (ERROR, "a unique key repeats in the stream"),
    "id.reused": (ERROR, "a locked id now names a case with another meaning"),
    "id.unlocked": (WARNING, "an id is not in the lock file"),
    "locale.invalid": (ERROR, "a locale is not a usable BCP-47 tag"),
    "locale.noncanonical": (ERROR, "a locale is not in canonical BCP-47 form"),
    "license.invalid": (ERROR, "a license is not a valid SPDX expression"),
    "provenance.source_missing": (ERROR, "external material does not name its source"),
    "assertion.params": (ERROR, "an assertion's params are invalid"),
    "assertion.duplicate": (ERROR, "an assertion name appears twice in a case"),
    "assertion.unknown": (ERROR, "an assertion name is not in the v1 vocabulary"),
    "consent.missing": (ERROR, "a non-synthetic quality case lacks a consent/governance ref"),
    "case.profile_unknown": (ERROR, "a quality case names an unknown profile"),
    "case.criterion_unknown": (ERROR, "a quality case names a criterion its profile lacks"),
    "case.gold_invalid": (ERROR, "a gold case's known answer is not one a review could give"),
    "review.score_range": (ERROR, "a review score is outside the configured range"),
    "review.criterion_unknown": (ERROR, "a review scores a criterion its case does not list"),
    "review.flag_unknown": (ERROR, "a review raises a blocking flag that is not configured"),
    "review.duplicate": (ERROR, "a reviewer reviewed the same case twice"),
    "review.lookalike": (
        ERROR,
        "a reviewer id looks like another one (Unicode variant, case, blanks, invisible)",
    ),
    "review.stale": (ERROR, "a review's case_sha256 does not match its case (the case changed)"),
    "assign.short": (ERROR, "a quality case has fewer eligible reviewers than it needs"),
    "assign.dropped": (WARNING, "a roster assignment meets a declared conflict and is dropped"),
    "follow_up.duplicate": (ERROR, "a finding of a case has two follow-ups"),
    "follow_up.stale": (
        WARNING,
        "a follow-up's case_sha256 does not match its case (revised since: superseded)",
    ),
    "review.superseded": (
        WARNING,
        "a review of an earlier version of a case, superseded by its reviewer's re-review",
    ),
    "adjudication.stale": (ERROR, "an adjudication's case_sha256 does not match its case"),
    "adjudication.criterion_unknown": (
        ERROR,
        "an adjudication names a criterion its case does not list",
    ),
    "adjudication.flag_unknown": (ERROR, "an adjudication overrides a flag that is not configured"),
    "adjudication.duplicate": (ERROR, "a case or criterion is adjudicated twice"),
    "adjudication.adjudicator_unknown": (ERROR, "the adjudicator is not in the roster"),
    "adjudication.conflicted": (ERROR, "the adjudicator has a declared conflict with the case"),
    "secret.detected": (ERROR, "a credential-like value (never echoed)"),
    "privacy.email": (WARNING, "an email address in free text"),
    "privacy.phone": (WARNING, "a phone number in free text"),
    "privacy.transcript": (WARNING, "transcript-like text where a summary belongs"),
    "locked.leak": (ERROR, "a case shares an id or source text with the locked split"),
    "candidate.orphan": (ERROR, "a candidate names a case that is not in the input"),
    "internal": (ERROR, "a bug in capeval: an assertion failed unexpectedly (please report it)"),
    "candidate.duplicate": (ERROR, "a (case_id, system) candidate repeats"),
    "waiver.expired": (WARNING, "a waiver's expiry date has passed (its failures count)"),
    "waiver.unused": (WARNING, "a waiver matches no failing result"),
    "catalog.malformed": (ERROR, "a catalog line cannot be read (the rest is still imported)"),
    "catalog.too_large": (ERROR, "a catalog is larger than --max-catalog-bytes (not imported)"),
    "catalog.too_deep": (ERROR, "an XML catalog nests elements too deep (the rest is not read)"),
    "catalog.duplicate_key": (ERROR, "a catalog repeats a key (the first is kept)"),
    "catalog.key_extra": (WARNING, "a target catalog has a key its source lacks"),
    "catalog.key_missing": (WARNING, "a target catalog lacks a source key (no candidate)"),
    "catalog.plural_incomplete": (ERROR, "a translation lacks plural forms its locale needs"),
    "catalog.untranslated": (WARNING, "a message has an empty translation (no candidate)"),
    "catalog.fuzzy": (WARNING, "a translation is marked fuzzy (no candidate by default)"),
    "catalog.unreadable": (ERROR, "a catalog of a tree cannot be read (the rest is imported)"),
    "catalog.skipped": (WARNING, "a file given or found is not imported (the reason says why)"),
    "catalog.locale_mismatch": (WARNING, "a catalog's header and path name different locales"),
    "catalog.locale_without_cldr": (
        WARNING,
        "a catalog's locale has no CLDR plural rules: imported, its plural forms not checked "
        "against the locale's categories",
    ),
    "catalog.source_not_format": (
        WARNING,
        "a source does not parse in the format its flag names (checked as auto)",
    ),
    "glossary.malformed": (
        ERROR,
        "a glossary row is not an entry (bad JSON or CSV, no source, no rendering, a wrong "
        "field): not used, the rest is",
    ),
    "glossary.duplicate": (
        WARNING,
        "a glossary entry repeats an earlier one's term, case sensitivity and locales (the "
        "first is kept)",
    ),
    "fix.unchecked": (
        WARNING,
        "a result's case is not in --cases: its suggestions are not applied",
    ),
    "fix.ambiguous": (
        WARNING,
        "a result's suggestions overlap (alternatives for one defect): none is applied",
    ),
    "fix.rejected": (
        WARNING,
        "a suggestion is not applied: checked again, its assertion still fails or another "
        "fails anew (or it overlaps an edit of higher precedence)",
    ),
    "fix.unpatched": (
        WARNING,
        "a fixed translation could not be proven in place in its catalog: not in the patch",
    ),
    "io.unreadable": (ERROR, "an input cannot be opened or read"),
    "io.input_changed": (ERROR, "an input file changed while it was read (the run stops)"),
    "io.write_failed": (ERROR, "an output cannot be written"),
    "usage": (ERROR, "the command line or a configuration file is wrong"),
}

# Diagnostics with these codes make the run exit 2 rather than 1.
FATAL_CODES = frozenset(
    {"io.unreadable", "io.input_changed", "io.write_failed", "usage", "internal"}
)

# Result codes of the engine itself; each assertion module lists its own failure codes
# (``CODES``, in precedence order: the first one found is the result's code) and, in
# ``MEANINGS``, what each one means. A meaning is (what it says, in a few words; what to do
# about it): the rule help of SARIF and JUnit reports and the table of docs/codes.md.
OK = "ok"
CANDIDATE_MISSING = "candidate_missing"
# A pattern that ran past its time bound: no verdict is possible (placeholder_integrity's
# custom patterns, forbidden_renderings).
REGEX_TIMEOUT = "regex_timeout"
ENGINE_RESULT_CODES: dict[str, tuple[str, str]] = {
    OK: ("The assertion holds", "Nothing to do."),
    CANDIDATE_MISSING: (
        "No candidate for this case",
        "The candidates file has no translation for this case (and system): nothing was "
        "checked. Produce one, or remove the case from the run.",
    ),
}
REGEX_TIMEOUT_MEANING = (
    "A pattern ran past its time bound",
    "A custom placeholder pattern or a forbidden-rendering regex took longer than its time "
    "bound on this candidate, so no verdict is possible. Simplify the pattern.",
)

# Stream-wide assertions: judged over the whole stream by a filter of their own
# (cap-consistency), never per case by cap-check; here, not in that filter's package, because
# the report writers explain them too. Codes in precedence order, each with its meaning.
INCONSISTENT_TRANSLATION = "inconsistent_translation"
REUSED_TRANSLATION = "reused_translation"
STREAM_MEANINGS: dict[str, dict[str, tuple[str, str]]] = {
    "consistency": {
        INCONSISTENT_TRANSLATION: (
            "One source translated several ways",
            "The same source (same context, plural form, locale and system) has different "
            "translations across the stream; the evidence lists each with its cases. Choose "
            "one, or give the messages contexts that tell them apart.",
        ),
        REUSED_TRANSLATION: (
            "One translation of different sources",
            "The same translation stands for sources that say different things; the evidence "
            "lists them. Check that the reader can still tell them apart.",
        ),
    },
}
STREAM_RESULT_CODES: dict[str, tuple[str, ...]] = {
    name: tuple(meanings) for name, meanings in STREAM_MEANINGS.items()
}
