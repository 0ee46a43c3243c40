"""Every bound capeval puts on the work and output of one record, in one place.

Users feed the filters model output, which is as hostile as input gets: these limits keep a
single record from hanging a run, exhausting memory or writing a line the next filter
refuses. docs/reliability.md lists each with the code it produces.
"""

from __future__ import annotations

import time

# -- time ---------------------------------------------------------------------------------
# Regular expressions written by users (forbidden_renderings' ``regex`` and ``patterns``,
# placeholder_integrity's custom ``pattern``) share one budget per candidate: all the
# patterns of one check together, not each. Past it the check fails with ``regex_timeout``.
REGEX_BUDGET_SECONDS = 0.1

# -- memory -------------------------------------------------------------------------------
# The review configuration's score_range may span at most this many integer scores (the
# agreement statistics allocate per score value); a wider range is a ``usage`` error.
MAX_SCORE_RANGE_VALUES = 1001

# -- catalogs (cap-import) ---------------------------------------------------------------------
# A catalog file is read whole (its formats are not line-based); past this many bytes it is
# refused (``catalog.too_large``): ``--max-catalog-bytes`` changes it. The largest real
# catalogs are a few megabytes (Django's biggest PO, ~0.5 MB).
DEFAULT_MAX_CATALOG_BYTES = 64 << 20
# No language has more than 6 plural forms (CLDR: Arabic, Welsh); a Plural-Forms header
# with more than this many is refused (``catalog.malformed``) rather than expanded.
MAX_NPLURALS = 20
# Nesting of a Plural-Forms expression (parentheses, ``?:``, ``!``); real ones nest 5 deep.
MAX_PLURAL_DEPTH = 64
# Tokens of a Plural-Forms expression: a long chain of operators nests as deep when it runs.
MAX_PLURAL_TOKENS = 256
# A glossary (cap-import --glossary) is read whole; a bigger one is refused (``usage``). A
# termbase of 100,000 entries is about 20 MB as CSV.
MAX_GLOSSARY_BYTES = 64 << 20
# Element nesting of an XML catalog (XLIFF, Android, stringsdict); real ones nest ~10 deep.
MAX_XML_DEPTH = 256

# -- reports (cap-render-report) ---------------------------------------------------------------
# SARIF describes each result code once, in the run's rules; past this many distinct codes a
# result carries its ``ruleId`` without a rule (codes come from the assertions' registries,
# ~60 in all: only a made-up stream has more, and its rules would grow with it).
MAX_SARIF_RULES = 1000

# -- evidence (each AssertionResult) ----------------------------------------------------------
# Strings in evidence are cut to this many characters.
EVIDENCE_STRING_CHARS = 200
# Lists in evidence keep their first items; ``<key>_omitted`` counts the rest.
EVIDENCE_LIST_ITEMS = 50
# A result's message is cut to this many characters.
MESSAGE_CHARS = 1000
# Nesting deeper than this in evidence is replaced by a marker (evidence is built by
# capeval's own assertions, so this only guards against a bug).
EVIDENCE_DEPTH = 8


class Deadline:
    """A point in time shared by several bounded steps (the patterns of one check)."""

    __slots__ = ("_at",)

    def __init__(self, seconds: float) -> None:
        self._at = time.monotonic() + seconds

    def remaining(self) -> float:
        """Seconds left, 0.0 once spent."""
        return max(0.0, self._at - time.monotonic())
