"""CLDR's plural categories, which catalog readers, the importer and ICU messages all name."""

from __future__ import annotations

CATEGORIES = ("zero", "one", "two", "few", "many", "other")  # CLDR's order
