"""``required_tokens``: literal tokens the candidate must keep.

The tokens are ``params.tokens``, else the case's ``required_tokens``. Each must occur in the
candidate (literal, case-sensitive, non-overlapping — ``str.count``) at least
max(1, its count in the source) times. Tokens are NFC-normalised like the texts; a token
listed twice is checked once.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from capeval.assertions import ParamsError, Subject, nfc
from capeval.verdict import Outcome

NAME = "required_tokens"
MISSING = "required_token_missing"
MEANINGS = {
    MISSING: (
        "A required token is missing",
        "A term the case requires (a product name, a keyboard key) does not appear as often as "
        "required. Use it verbatim.",
    ),
}
CODES = tuple(MEANINGS)
PARAMS = {
    "type": "object",
    "properties": {"tokens": {"type": "array", "items": {"type": "string", "minLength": 1}}},
    "additionalProperties": False,
}


def _tokens(case: dict, params: dict) -> list[str] | None:
    tokens = params.get("tokens")
    if tokens is None:
        tokens = case.get("required_tokens")
    return tokens


@lru_cache(maxsize=4096)
def _normalised(tokens: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(nfc(token) for token in tokens if token))


def param_errors(case: dict, params: dict) -> list[str]:
    """An assertion with no token to require is a case-authoring mistake."""
    if not _tokens(case, params):
        return ["required_tokens: no tokens (give params.tokens or the case's required_tokens)"]
    return []


def check(subject: Subject, params: dict[str, Any]) -> Outcome:
    listed = _tokens(subject.case, params) or []
    if not isinstance(listed, list) or not all(isinstance(token, str) for token in listed):
        raise ParamsError("required_tokens: tokens must be a list of strings")
    tokens = _normalised(tuple(listed))
    source, text = subject.source, subject.text
    short: list[dict[str, Any]] = []
    for token in tokens:
        expected = max(1, source.count(token))
        actual = text.count(token)
        if actual < expected:
            short.append({"token": token, "expected": expected, "actual": actual})
    if not short:
        return Outcome()
    first = short[0]
    message = (
        f"required token {first['token']!r} occurs {first['actual']} time(s), "
        f"expected at least {first['expected']}"
    )
    if len(short) > 1:
        message += f" (and {len(short) - 1} more token(s))"
    return Outcome(MISSING, message, {"missing": short})
