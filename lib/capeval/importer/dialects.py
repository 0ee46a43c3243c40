"""A message's placeholder dialect → the EvalCase assertions that check it."""

from __future__ import annotations

from typing import Any

from capeval.catalogs import AUTO, I18NEXT, ICU, PRINTF, PYTHON_BRACE, PYTHON_PERCENT, XML_TAGS

# i18next interpolation ({{name}}, {{- raw}}, {{count, number}}) and nesting ($t(key))
I18NEXT_PATTERN = r"\{\{[^{}]+\}\}|\$t\([^()]*\)"

_PARAMS: dict[str, dict[str, Any]] = {
    PRINTF: {"syntax": "printf"},
    PYTHON_PERCENT: {"syntax": "python", "style": "percent"},
    PYTHON_BRACE: {"syntax": "python", "style": "brace"},
    ICU: {"syntax": "icu"},
    I18NEXT: {"syntax": "custom", "pattern": I18NEXT_PATTERN},
    XML_TAGS: {"syntax": "custom", "preset": "xml"},
    AUTO: {"syntax": "auto"},
}


_ASSERTIONS = {
    dialect: [{"name": "placeholder_integrity", "severity": "hard", "params": params}]
    for dialect, params in _PARAMS.items()
}


def assertions_for(dialect: str) -> list[dict[str, Any]]:
    """The assertions of a message in ``dialect`` (shared: records are written, never kept)."""
    return _ASSERTIONS.get(dialect, _ASSERTIONS[AUTO])
