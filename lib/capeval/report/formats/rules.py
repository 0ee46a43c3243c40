"""What a result code means and what to do about it, for SARIF rules and JUnit messages.

Each meaning is written beside the code it explains: the engine's and the stream-wide
assertions' (cap-consistency) in ``capeval.codes``, an assertion's in its module's
``MEANINGS``, a waiver finding's in ``report.waivers``. Only the module of the assertion that
produced a result is loaded.
"""

from __future__ import annotations


def meaning(code: str, assertion: str | None = None) -> tuple[str, str] | None:
    """(what ``code`` says, what to do about it), or None for a code nothing explains."""
    from capeval import assertions
    from capeval.codes import ENGINE_RESULT_CODES, STREAM_MEANINGS
    from capeval.report.waivers import MEANINGS as WAIVER_MEANINGS

    found = ENGINE_RESULT_CODES.get(code) or WAIVER_MEANINGS.get(code)
    if found is None and assertion in STREAM_MEANINGS:
        found = STREAM_MEANINGS[assertion].get(code)
    if found is None and assertion in assertions.NAMES:
        found = assertions.load(assertion).MEANINGS.get(code)
    return found


def short(code: str, assertion: str | None = None) -> str:
    found = meaning(code, assertion)
    return f"Result code {code}" if found is None else found[0]


def help_text(code: str, assertion: str | None = None) -> str:
    found = meaning(code, assertion)
    return f"A failing result with code {code}; see its message." if found is None else found[1]
