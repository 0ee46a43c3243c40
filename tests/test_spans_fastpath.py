"""placeholders.spans.mask_placeholders: the directive-only fast path masks exactly as the
general span path does (number_fidelity reads numbers outside placeholders)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from capeval.placeholders.spans import mask_placeholders, placeholder_spans

PIECES = st.sampled_from(
    ["%", "%s", "%d", "%5.2f", "%1$s", "%%", "%(n)d", "%-3i", "%l", "%ld", "%z", "5", "-", " ",
     "a", "1,5", "x", "%{", "\u00e9", "%\u00e9"]
)  # fmt: skip


def _general(text: str) -> str:
    pieces, done = [], 0
    for start, end in sorted(placeholder_spans(text)):
        if end <= done:
            continue
        start = max(start, done)
        pieces.append(text[done:start])
        pieces.append("x" * (end - start))
        done = end
    pieces.append(text[done:])
    return "".join(pieces)


@settings(max_examples=400, deadline=None)
@given(st.lists(PIECES, max_size=12).map("".join))
def test_directive_only_texts_mask_as_the_general_path(text):
    text = text.replace("{", "")
    assert mask_placeholders(text) == _general(text)
