"""Fix suggestions: one mechanical edit that repairs one defect of a candidate.

A check that knows the one fix for a defect adds ``evidence["suggestions"]``, a list of

    {"message": str, "edit": {"start": int, "end": int, "replacement": str}, "text": str}

``start``/``end`` are code-point offsets into the NFC-normalised candidate text (Python string
indices: ``text[start:end]`` is what the edit replaces); ``text`` is the whole candidate with
the edit applied. Evidence strings are cut at ``limits.EVIDENCE_STRING_CHARS``, so a
suggestion whose replacement would be cut is not offered, and ``text`` is left out when the
corrected candidate is longer than that (the edit alone still reproduces it). Report writers
map a suggestion to their own fix format (SARIF ``fixes``: one ``replacement`` per edit).
"""

from __future__ import annotations

from typing import Any

from capeval.limits import EVIDENCE_STRING_CHARS

__all__ = ["apply", "suggestion"]


def suggestion(
    text: str, start: int, end: int, replacement: str, message: str
) -> dict[str, Any] | None:
    """The suggestion replacing ``text[start:end]`` by ``replacement``, or None when it
    cannot be carried in evidence uncut (or changes nothing)."""
    if not 0 <= start <= end <= len(text):
        raise ValueError(f"edit {start}:{end} is outside a text of {len(text)} characters")
    if len(replacement) > EVIDENCE_STRING_CHARS or text[start:end] == replacement:
        return None
    found: dict[str, Any] = {
        "message": message,
        "edit": {"start": start, "end": end, "replacement": replacement},
    }
    corrected = text[:start] + replacement + text[end:]
    if len(corrected) <= EVIDENCE_STRING_CHARS:
        found["text"] = corrected
    return found


def apply(text: str, found: dict[str, Any]) -> str:
    """``text`` with the suggestion's edit applied."""
    edit = found["edit"]
    return text[: edit["start"]] + edit["replacement"] + text[edit["end"] :]
