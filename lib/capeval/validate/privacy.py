"""Direct identifiers and transcripts in free text where only summaries belong.

``privacy_findings(text)`` returns the privacy codes found in one string: ``privacy.email``,
``privacy.phone``, ``privacy.transcript``. The caller decides the severity (warning, or error
with ``privacy_as_error``) and which fields are free text (quality-case ``scenario``,
``input_summary``, ``candidate_output``, ``expected_quality_notes``; review ``notes``). The
matched text is never reported: a privacy finding names the field, not the identifier.

Decisions where the contract is silent:
* Emails at RFC 2606 names are exempt: ``example.com``/``.net``/``.org`` and their
  subdomains, and the TLDs ``.example``, ``.test``, ``.invalid``, ``.localhost``.
* A phone number is 8–15 digits written as one (``+`` prefix, or groups joined by spaces,
  dots, dashes, parentheses), not a date, time, IPv4 address or decimal number. The NANP
  numbers reserved for fiction (555-0100 to 555-0199) are exempt, like the RFC 2606 domains.
* A transcript turn is a speaker label (one to three words, or ``Speaker 1``) followed by a
  colon at the start of the text, of a line, or after sentence-ending punctuation. Three or
  more turns with some label repeated (a dialogue) make a transcript; ``Step 1: … Step 2: …
  Step 3: …`` has no repeated label and is not one.
"""

from __future__ import annotations

import re
from functools import lru_cache

PRIVACY_EMAIL = "privacy.email"
PRIVACY_PHONE = "privacy.phone"
PRIVACY_TRANSCRIPT = "privacy.transcript"

QUALITY_CASE_FIELDS = ("scenario", "input_summary", "candidate_output", "expected_quality_notes")
REVIEW_FIELDS = ("notes",)
ADJUDICATION_FIELDS = ("rationale",)

_EMAIL = re.compile(
    r"(?<![\w.%+-])[A-Za-z0-9._%+-]+@((?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,})"
    r"(?![\w-])"
)
_RESERVED_DOMAINS = ("example.com", "example.net", "example.org")
_RESERVED_SUFFIXES = tuple("." + domain for domain in _RESERVED_DOMAINS)
_RESERVED_TLDS = ("example", "test", "invalid", "localhost")

_PHONE = re.compile(
    r"(?<![\w+.,/:-])"
    r"(?:\+\d{1,3}[ .-]?)?(?:\(\d{1,4}\)[ .-]?)?\d{1,4}(?:[ .-]\d{1,4}){1,5}"
    r"(?![\w.,/:-]\d|\w)"
    r"|(?<![\w+])\+\d{8,15}(?!\w)"
)
_DATE_OR_TIME = re.compile(r"\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{4}")
_IPV4 = re.compile(r"\d{1,3}(?:\.\d{1,3}){3}\Z")
_FICTIONAL_NANP = re.compile(r"555[ .-]?01\d\d\Z")

_TURN = re.compile(
    r"(?:^|(?<=[.!?。！？]))[ \t]*"
    r"(?P<label>[^\W\d_][\w'’-]*(?: [\w'’-]+){0,2})[ \t]?[:：](?!//)(?!\d)",
    re.MULTILINE,
)


@lru_cache(maxsize=4096)
def privacy_findings(text: str) -> tuple[str, ...]:
    """The privacy codes ``text`` triggers, in a fixed order (each at most once)."""
    found: list[str] = []
    if "@" in text and _has_real_email(text):
        found.append(PRIVACY_EMAIL)
    if _has_phone(text):
        found.append(PRIVACY_PHONE)
    if ":" in text or "：" in text:
        if is_transcript(text):
            found.append(PRIVACY_TRANSCRIPT)
    return tuple(found)


def _has_real_email(text: str) -> bool:
    for match in _EMAIL.finditer(text):
        domain = match.group(1).lower()
        if domain in _RESERVED_DOMAINS or domain.endswith(_RESERVED_SUFFIXES):
            continue
        if domain.rsplit(".", 1)[-1] in _RESERVED_TLDS:
            continue
        return True
    return False


def _has_phone(text: str) -> bool:
    for match in _PHONE.finditer(text):
        number = match.group()
        digits = sum(ch.isdigit() for ch in number)
        if not 8 <= digits <= 15:
            continue
        if _DATE_OR_TIME.search(number) or _IPV4.match(number) or _FICTIONAL_NANP.search(number):
            continue
        if not number.startswith("+") and "(" not in number and _looks_like_quantity(number):
            continue
        return True
    return False


def _looks_like_quantity(number: str) -> bool:
    # "1 000 000" or "3.14 15" style: groups of exactly three after the first are thousands.
    groups = re.split(r"[ .-]", number)
    return len(groups) > 1 and all(len(g) == 3 for g in groups[1:]) and len(groups[0]) <= 3


def is_transcript(text: str) -> bool:
    """Three or more ``Speaker:`` turns with a repeated speaker."""
    labels = [m.group("label").casefold() for m in _TURN.finditer(text)]
    return len(labels) >= 3 and len(set(labels)) < len(labels)
