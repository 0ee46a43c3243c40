"""Suggested fixes derived from a failing result's evidence.

Only what the evidence states outright becomes a suggestion: a number or placeholder that was
changed (``mutated``: the source had X, the candidate has Y) is "replace Y with X"; a missing
placeholder or token is "add X" (a description only: the evidence does not say where). A
replacement becomes a *fix* — an edit of the candidate's line in the candidates file that SARIF
``fixes`` and reviewdog ``suggestions`` carry — only when it is unambiguous: the old text occurs
exactly once in the candidate, the new text occurs in the source (so a summary such as
``{count, plural}`` is never pasted in), and neither was cut by the check
(``limits.EVIDENCE_STRING_CHARS``).
"""

from __future__ import annotations

from typing import Any

from capeval.limits import EVIDENCE_STRING_CHARS


def suggestion(assertion: str, code: str, evidence: dict[str, Any]) -> dict[str, Any] | None:
    """{"description", "replacements": [[old, new], ...]} for a failing result, or None."""
    replacements: list[list[str]] = []
    description = ""
    if code == "number_mutated":
        for item in _list(evidence.get("mutated")):
            if isinstance(item, dict) and _both_text(item.get("actual"), item.get("expected")):
                replacements.append([item["actual"], item["expected"]])
    elif code == "placeholder_mutated":
        for item in _list(evidence.get("mutated")):
            if isinstance(item, list) and len(item) == 2 and _both_text(item[1], item[0]):
                replacements.append([item[1], item[0]])
    elif code in ("placeholder_missing", "number_missing"):
        missing = [text for text in _list(evidence.get("missing")) if isinstance(text, str)]
        if missing:
            description = "add " + ", ".join(missing) + " (as in the source)"
    elif code == "required_token_missing":
        tokens = [
            item["token"]
            for item in _list(evidence.get("missing"))
            if isinstance(item, dict) and isinstance(item.get("token"), str)
        ]
        if tokens:
            description = "add the required token(s) " + ", ".join(tokens)
    if replacements:
        description = "; ".join(f"replace {old} with {new}" for old, new in replacements)
    if not description:
        return None
    return {"description": description, "replacements": replacements}


def fixed_text(text: str, source: str | None, replacements: list[list[str]]) -> str | None:
    """The candidate text with every replacement applied, or None when one is ambiguous."""
    if not replacements or source is None:
        return None
    cut = EVIDENCE_STRING_CHARS  # a string as long as the checks' cut may be partial
    for old, new in replacements:
        if len(old) >= cut or len(new) >= cut or text.count(old) != 1 or new not in source:
            return None
        text = text.replace(old, new)
    return text


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _both_text(old: Any, new: Any) -> bool:
    return isinstance(old, str) and isinstance(new, str) and bool(old) and old != new
