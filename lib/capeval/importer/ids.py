"""Stable EvalCase ids for catalog messages.

``<prefix>.<target-locale>.<slug>.<hash>[.<form>]``: the slug is the key's first words in
lowercase ASCII (readable in reports), the hash the first 10 hex digits of SHA-256 over the
message's context and key (unique, and the same tomorrow). Each segment stays under 32
characters, so no id reads as a credential-like high-entropy token to cap-validate. The
source text is not part of the id, so a changed source under the same key keeps its id and
``cap-validate --lock`` reports it as ``id.reused``.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_SEGMENT = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_SLUG_CHARS = 24
MAX_PREFIX = 120


# every byte that is not a lowercase letter or a digit becomes a blank (the ASCII words of
# a lowered text are then what bytes.split() finds: C loops, ~2x faster than the regex)
_NOT_SLUG_BYTES = bytes(
    byte if chr(byte) in "abcdefghijklmnopqrstuvwxyz0123456789" else 0x20 for byte in range(256)
)


def slug(text: str, limit: int = _SLUG_CHARS) -> str:
    """Lowercase ASCII words joined by ``-`` (accents folded, the rest dropped)."""
    if not text.isascii():
        text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    lowered = text[: limit * 4].lower().encode("ascii")
    words = "-".join(lowered.translate(_NOT_SLUG_BYTES).decode("ascii").split())
    if len(words) > limit:
        words = words[:limit].rsplit("-", 1)[0] if "-" in words[:limit] else words[:limit]
    return words.strip("-")


def key_hash(context: str | None, key: str) -> str:
    import hashlib  # here, not at start-up: OpenSSL's initialisation costs ~3 ms

    data = ("" if context is None else context + "\x04") + key
    return hashlib.sha256(data.encode("utf-8")).hexdigest()[:10]


@lru_cache(maxsize=16384)  # a tree's locales repeat the same keys
def message_segment(context: str | None, key: str) -> str:
    words = slug(key)
    digest = key_hash(context, key)
    return f"{words}.{digest}" if words else digest


@lru_cache(maxsize=256)
def locale_segment(locale: str) -> str:
    return slug(locale, 64) or "und"


def case_id(
    prefix: str, target_locale: str, context: str | None, key: str, form: str | None
) -> str:
    head = f"{prefix}.{locale_segment(target_locale)}.{message_segment(context, key)}"
    return head if form is None else f"{head}.{form_segment(form)}"


@lru_cache(maxsize=64)
def form_segment(form: str) -> str:
    return slug(form, 16) or "form"


def prefix_problem(prefix: str) -> str | None:
    """Why ``prefix`` cannot start an id (None when it can)."""
    if len(prefix) > MAX_PREFIX:
        return f"--id-prefix is longer than {MAX_PREFIX} characters"
    for segment in prefix.split("."):
        if not _SEGMENT.match(segment):
            return (
                f"--id-prefix {prefix!r}: each dot-separated part must be lowercase ASCII "
                "letters, digits and '-', starting with a letter or digit"
            )
    return None


def default_prefix(stem: str, locale_like: bool) -> str:
    """The prefix from a catalog's file name (``django.po`` → ``django``)."""
    words = slug(stem, 24)
    if not words or locale_like:
        return "catalog"
    return words
