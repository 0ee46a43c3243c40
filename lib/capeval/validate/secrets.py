"""Credential detection in any string field (SPEC §4 ``secret.detected``, §11).

Two stages keep it cheap: ``may_contain_secret(raw)`` is one bytes regex over the line as read
(most lines never match), and only on a hit ``find_secrets(record)`` walks the string fields.
Findings are ``(JSON pointer, kind)``; the matched value is never returned, so no caller can
echo it.

Kinds: ``aws_access_key``, ``google_api_key``, ``private_key``, ``github_token``,
``slack_token``, ``openai_key``, ``stripe_key``, ``password_assignment``, ``credential_field``
and ``high_entropy``.

Decisions where SPEC is silent:
* Fields named ``*_hash``, ``*_ref``, ``*_refs`` are exempt from the high-entropy rule (digests
  and references are high-entropy by nature); a recognisable credential *format* (cloud key,
  private key block, service token, assignment) is reported in any field, because a signed URL
  in an evidence ref leaks its key just the same.
* High entropy: a run of ≥ 32 base64/url-safe characters with ≥ 4.0 bits/char Shannon entropy
  that mixes letters and digits; plain hex digests (``sha256:…`` included) and lowercase
  paths (``a/b/c``) are not tokens.
* Assignments need ``=`` (``password=…``): ``Password: %s`` is an ordinary UI string. The value
  must look real: placeholders (``%s``, ``{x}``, ``<x>``, ``$X``) and masks (``***``) are not.
* ``credential_field``: a non-empty string under a key named like ``password`` or ``api_key``
  (possible inside ``x-*`` and ``context``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

SECRET_DETECTED = "secret.detected"

# One pass over the raw line. Case-sensitive where formats are; the words are matched in any
# case. A hit only means "walk the fields"; it is fine for it to be loose.
_PREFILTER = re.compile(
    rb"AKIA|ASIA|AIza|PRIVATE KEY|gh[pousr]_|github_pat_|xox[a-z]-|(?<![A-Za-z0-9])sk-"
    rb"|[sr]k_(?:live|test)_"
    rb"|(?i:pass|pwd|key|secret|token)[A-Za-z0-9_-]*\s*="
    rb'|(?i:"(?:password|passwd|api[_-]?key|apikey|secret|secret_key|client_secret'
    rb'|access_token|auth_token|private_key)"\s*:)'
    rb"|(?<![A-Za-z0-9+/_=-])[A-Za-z0-9+/_=-]{32}"
)

_FORMATS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("aws_access_key", re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Z0-9])")),
    ("google_api_key", re.compile(r"AIza[0-9A-Za-z_\-]{35}")),
    ("private_key", re.compile(r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----")),
    ("github_token", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})")),
    ("slack_token", re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}")),
    ("openai_key", re.compile(r"(?<![A-Za-z0-9])sk-(?:[A-Za-z0-9]+-)*[A-Za-z0-9_]{20,}")),
    ("stripe_key", re.compile(r"\b[sr]k_(?:live|test)_[A-Za-z0-9]{16,}")),
)

_ASSIGNMENT = re.compile(
    r"(?i)\b(?:password|passwd|pwd|pass|api[_-]?key|apikey|secret|secret[_-]?key|client[_-]?secret"
    r"|access[_-]?token|auth[_-]?token|token)\s*=\s*[\"']?(?P<value>[^\s\"'&;,]+)"
)
_NOT_A_VALUE = re.compile(r"[%{<$(\[]|\*{3}|x{3}|\.{3}|^(?:null|none|true|false|redacted)$", re.I)

_CREDENTIAL_KEYS = frozenset(
    {
        "password",
        "passwd",
        "api_key",
        "apikey",
        "api-key",
        "secret",
        "secret_key",
        "client_secret",
        "access_token",
        "auth_token",
        "private_key",
    }
)

_TOKEN = re.compile(r"(?<![A-Za-z0-9+/_=-])[A-Za-z0-9+/_=-]{32,}")
_HEX = re.compile(r"[0-9a-fA-F]+=*\Z")
_LOWER_PATH = re.compile(r"[a-z0-9_.-]*(?:/[a-z0-9_.-]*)+\Z")
_HAS_DIGIT = re.compile(r"[0-9]")
_HAS_LETTER = re.compile(r"[A-Za-z]")
ENTROPY_MIN_LENGTH = 32
ENTROPY_MIN_BITS = 4.0


def may_contain_secret(raw: bytes) -> bool:
    """Cheap test on the raw line: False means no field can hold a detectable secret."""
    return _PREFILTER.search(raw) is not None


def find_secrets(record: Any) -> list[tuple[str, str]]:
    """Every (JSON pointer, kind) of a credential-like string in ``record``; values never."""
    found: list[tuple[str, str]] = []
    for pointer, key, value in _strings(record, "", ""):
        exempt = _exempt_field(key)
        if key.lower() in _CREDENTIAL_KEYS and value.strip():
            found.append((pointer, "credential_field"))
            continue
        kind = value_secret_kind(value, entropy=not exempt)
        if kind is not None:
            found.append((pointer, kind))
    return found


def _exempt_field(key: str) -> bool:
    return key.endswith(("_hash", "_ref", "_refs"))


def _strings(node: Any, pointer: str, key: str) -> Iterator[tuple[str, str, str]]:
    # key is the nearest object key (array items inherit their array's key, so every item of
    # evidence_refs is exempt like the field itself).
    if isinstance(node, str):
        yield pointer, key, node
    elif isinstance(node, dict):
        for name, value in node.items():
            yield from _strings(value, f"{pointer}/{_escape(name)}", name)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _strings(value, f"{pointer}/{index}", key)


def _escape(name: str) -> str:
    return name.replace("~", "~0").replace("/", "~1")


@lru_cache(maxsize=8192)
def value_secret_kind(value: str, entropy: bool = True) -> str | None:
    """The kind of the first credential found in one string, or None."""
    for kind, pattern in _FORMATS:
        if pattern.search(value):
            return kind
    for match in _ASSIGNMENT.finditer(value):
        candidate = match.group("value")
        if len(candidate) >= 4 and not _NOT_A_VALUE.search(candidate) and len(set(candidate)) > 2:
            return "password_assignment"
    if entropy:
        for match in _TOKEN.finditer(value):
            if is_high_entropy_token(match.group()):
                return "high_entropy"
    return None


def is_high_entropy_token(token: str) -> bool:
    """≥ 32 chars, ≥ 4.0 bits/char, letters and digits mixed; hex digests and paths excluded."""
    if len(token) < ENTROPY_MIN_LENGTH or _HEX.match(token) or _LOWER_PATH.match(token):
        return False
    if not (_HAS_DIGIT.search(token) and _HAS_LETTER.search(token)):
        return False
    return shannon_bits(token) >= ENTROPY_MIN_BITS


def shannon_bits(text: str) -> float:
    """Shannon entropy of ``text`` in bits per character."""
    length = len(text)
    counts: dict[str, int] = {}
    for char in text:
        counts[char] = counts.get(char, 0) + 1
    return -sum(n / length * math.log2(n / length) for n in counts.values())
