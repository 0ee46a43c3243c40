"""One colour and one glyph per status, for every human format.

The colours are chosen to stay apart under simulated deuteranopia, protanopia and tritanopia
(tests/test_report_formats.py measures it) and to reach 4.5:1 against white, so the same colour
serves text and graphics; the glyph carries the status without colour at all (print, a screen
reader, a monochrome screen).
"""

from __future__ import annotations

# status -> (CSS colour, glyph, words for a screen reader / legend)
STATUS: dict[str, tuple[str, str, str]] = {
    "pass": ("#005a9c", "✓", "pass"),
    "needs_review": ("#946200", "?", "needs review"),
    "needs_revision": ("#a8327a", "✎", "needs revision"),
    "blocked": ("#6b0f1a", "✗", "blocked"),
    "no_verdict": ("#595959", "–", "no verdict"),
    # a waived failure (results reports only, where "no verdict" does not occur)
    "waived": ("#595959", "⊘", "waived"),
}
# Results reports reuse the same four: a passing result, a failure of severity report, a hard
# failure, and a waived failure (grey, like "no verdict": neither good nor counted).
RESULT_STATUS = {
    "passed": "pass",
    "report": "needs_review",
    "hard": "blocked",
    "waived": "no_verdict",
}
BACKGROUND = "#ffffff"
# Pass-rate bars are coloured by rate: at least GOOD_RATE "pass", at least FAIR_RATE
# "needs_review", below it "blocked".
GOOD_RATE, FAIR_RATE = 0.95, 0.8


def rate_status(rate: float | None) -> str:
    if rate is None:
        return "no_verdict"
    if rate >= GOOD_RATE:
        return "pass"
    return "needs_review" if rate >= FAIR_RATE else "blocked"


def css() -> str:
    """The status colours as CSS classes (``st-<status>`` for text, ``fill-<status>`` for SVG)."""
    rules = []
    for status, (colour, _glyph, _words) in STATUS.items():
        rules.append(f".st-{status} {{ color: {colour}; }}")
        rules.append(f".fill-{status} {{ fill: {colour}; }}")
    return "\n".join(rules)
