"""capeval.slotted: the record classes made at start-up behave as the dataclasses they were."""

import pytest

from capeval.catalogs import CatalogInfo, Message


def test_a_copy_with_changes_leaves_the_original_alone():
    message = Message("k", "One file", "a.po", 3, plurals={"one": "One file"})
    changed = message.replace(text="{n} files", plurals=None)
    assert (changed.key, changed.text, changed.line, changed.plurals) == ("k", "{n} files", 3, None)
    assert (message.text, message.plurals) == ("One file", {"one": "One file"})


def test_a_change_to_a_field_the_class_lacks_is_refused():
    with pytest.raises(TypeError, match="no field 'txt'"):
        Message("k", "t", "a.po").replace(txt="x")


def test_equality_values_and_repr_follow_the_fields_in_order():
    assert Message("k", "t", "a.po") == Message("k", "t", "a.po")
    assert Message("k", "t", "a.po") != Message("k", "t", "b.po")
    assert Message("k", "t", "a.po") != ("k", "t", "a.po")
    assert CatalogInfo(locale="fr").values()[:2] == ("fr", None)
    assert repr(CatalogInfo(nplurals=2)).startswith("CatalogInfo(locale=None, source_locale=None")
    # each info has a list of its own, as the dataclass's default_factory gave
    first, second = CatalogInfo(), CatalogInfo()
    first.locales.append("fr")
    assert second.locales == []
    with pytest.raises(TypeError):
        hash(first)  # mutable: unhashable, as a dataclass with eq
