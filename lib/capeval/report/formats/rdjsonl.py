"""``--format rdjsonl``: reviewdog's JSON Lines of Diagnostic messages (see ``rdjson``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from capeval.report.formats import rdjson

NAME = "rdjsonl"
STREAMS = ("results",)
DOCUMENT = False
PASSES = False
TITLE = "rdjsonl"
MAX_BYTES = 0


class Writer(rdjson.Writer):
    """One Diagnostic per line, spooled as they come."""

    def _add(self, found: dict[str, Any]) -> None:
        self.entries.add(json.dumps(found, ensure_ascii=False) + "\n")

    def _write(self, write: Callable[[bytes], Any]) -> None:
        self.entries.copy_to(write)
