"""placeholders.spans.mask_placeholders: the directive-only fast path masks exactly as the
general span path does (number_fidelity reads numbers outside placeholders)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from capeval.placeholders.spans import mask_placeholders, overwrite_spans, placeholder_spans

PIECES = st.sampled_from(
    ["%", "%s", "%d", "%5.2f", "%1$s", "%%", "%(n)d", "%-3i", "%l", "%ld", "%z", "5", "-", " ",
     "a", "1,5", "x", "%{", "\u00e9", "%\u00e9"]
)  # fmt: skip


def _general(text: str) -> str:
    """The span path, which the one-substitution fast path must equal."""
    return overwrite_spans(text, placeholder_spans(text), "x")


@settings(max_examples=400, deadline=None)
@given(st.lists(PIECES, max_size=12).map("".join))
def test_directive_only_texts_mask_as_the_general_path(text):
    text = text.replace("{", "")
    assert mask_placeholders(text) == _general(text)
