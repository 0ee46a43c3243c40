"""capeval.suggestions: the one shape every fix suggestion has."""

from __future__ import annotations

import pytest

from capeval.limits import EVIDENCE_STRING_CHARS
from capeval.suggestions import apply, suggestion


def test_shape_and_apply():
    fix = suggestion("Datei gelöscht", 14, 14, "\n", "restore the trailing newline")
    assert fix == {
        "message": "restore the trailing newline",
        "edit": {"start": 14, "end": 14, "replacement": "\n"},
        "text": "Datei gelöscht\n",
    }
    assert apply("Datei gelöscht", fix) == fix["text"]


def test_long_texts_keep_the_edit_only():
    text = "x" * (EVIDENCE_STRING_CHARS + 5)
    fix = suggestion(text, 0, 1, "", "remove")
    assert "text" not in fix
    assert apply(text, fix) == text[1:]


def test_what_cannot_be_carried_uncut_is_not_offered():
    assert suggestion("abc", 0, 3, "y" * (EVIDENCE_STRING_CHARS + 1), "long") is None
    assert suggestion("abc", 0, 1, "a", "no change") is None
    with pytest.raises(ValueError):
        suggestion("abc", 2, 1, "", "backwards")
