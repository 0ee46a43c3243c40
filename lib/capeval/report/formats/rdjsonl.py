"""``--format rdjsonl``: reviewdog's JSON Lines of Diagnostic messages (see ``rdjson``)."""

from __future__ import annotations

import json
from typing import Any

from capeval.report.formats import Context
from capeval.report.formats.rdjson import diagnostics

NAME = "rdjsonl"
STREAMS = ("results",)
DOCUMENT = False
PASSES = False
TITLE = "rdjsonl"
MAX_BYTES = 0


def render(view: dict[str, Any], context: Context) -> str:
    return "".join(
        json.dumps(diagnostic, ensure_ascii=False) + "\n"
        for diagnostic in diagnostics(view, context)
    )
