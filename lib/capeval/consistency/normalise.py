"""What two texts must share to count as the same: the normalisation of cap-consistency.

Both sources and translations are compared after NFC and, unless an option keeps it:

* ``whitespace``: runs of white space become one space, none at either end;
* ``case``: case-folded (``Save``, ``SAVE`` and ``save`` are one source);
* ``placeholders`` (only when asked: ``--mask-placeholders``): every placeholder (printf and
  Python directives, brace fields, mustache tokens, ICU argument syntax, XML/HTML tags, as
  ``capeval.placeholders.spans`` finds them) becomes one marker, so ``Delete %(name)s`` and
  ``Delete {item}`` are one source. Not by default: on Django's catalogs it made one source
  of messages whose placeholder names tell them apart (``%(model)s`` and
  ``%(verbose_name_plural)s``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

# What the default run normalises, in this order; options keep some of them.
ASPECTS = ("case", "whitespace", "placeholders")
MARKER = "\u27e8\u27e9"  # ⟨⟩: no placeholder syntax writes it
_WHITESPACE = re.compile(r"\s+")


def normaliser(keep: frozenset[str]) -> Callable[[str], str]:
    """The normalisation that keeps the ``keep`` aspects of a text as written."""
    mask = "placeholders" not in keep
    squeeze = "whitespace" not in keep
    fold = "case" not in keep
    if mask:
        # imported here, once: the placeholder patterns compile as they load (~5 ms of every
        # run's start-up), and only --mask-placeholders needs them
        from capeval.placeholders.spans import placeholder_spans

    def normalise(text: str) -> str:
        text = unicodedata.normalize("NFC", text)
        if mask:
            text = mask_placeholders(text, placeholder_spans(text))
        if squeeze:
            text = _WHITESPACE.sub(" ", text).strip()
        if fold:
            text = text.casefold()
        return text

    return normalise


def describe(keep: frozenset[str]) -> str:
    """The normalisation's name in partial records: what it normalises, or ``none``."""
    return ",".join(a for a in ASPECTS if a not in keep) or "none"


def mask_placeholders(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with each of its placeholders' ``spans`` (``placeholders.spans``; overlapping
    ones merged) replaced by ``MARKER``."""
    if not spans:
        return text
    pieces = []
    done = 0
    for start, end in sorted(spans):
        if end <= done:
            continue
        if start < done:  # overlaps the span before: one placeholder
            done = end
            continue
        pieces.append(text[done:start])
        pieces.append(MARKER)
        done = end
    pieces.append(text[done:])
    return "".join(pieces)
