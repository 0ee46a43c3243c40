"""Markdown (the default format): renders on a code host and fits a CI step summary.

Long sections are capped at ``--max-failures`` rows, then halved until the whole text fits
``--max-bytes`` (default just under GitHub's 1 MiB step-summary limit: a summary over it is
dropped whole); each cut section says how many rows it left out.
"""

from __future__ import annotations

from typing import Any

from capeval.report.formats import Context
from capeval.report.formats.documents import within_budget

NAME = "markdown"
STREAMS = ("results", "review")
DOCUMENT = True
PASSES = False
TITLE = "Markdown"
# GitHub drops a step summary over 1 MiB whole; leave room for what a workflow appends.
MAX_BYTES = 1024 * 1024 - 16 * 1024


def render(view: dict[str, Any], context: Context) -> str:
    from capeval.report import render as templates

    name = f"{view['stream']}.md.j2"
    return within_budget(
        view,
        lambda shown: templates.render_builtin(name, shown),
        cap=context.max_rows,
        max_bytes=context.max_bytes,
    )
