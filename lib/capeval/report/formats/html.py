"""A self-contained HTML page (``--format html``, alias ``--html``): inline CSS and SVG, no
script, a Content-Security-Policy that forbids every fetch; responsive down to phone width,
a print stylesheet, one colour and one glyph per status. ``--max-bytes`` applies as for
Markdown (0, the default for HTML, means no budget)."""

from __future__ import annotations

from typing import Any

from capeval.report.formats import Context
from capeval.report.formats.documents import within_budget

NAME = "html"
STREAMS = ("results", "review")
DOCUMENT = True
PASSES = False
TITLE = "HTML"
MAX_BYTES = 0


def render(view: dict[str, Any], context: Context) -> str:
    from capeval.report import render as templates

    name = f"{view['stream']}.html.j2"
    return within_budget(
        view,
        lambda shown: templates.render_builtin(name, shown),
        cap=context.max_rows,
        max_bytes=context.max_bytes,
    )
