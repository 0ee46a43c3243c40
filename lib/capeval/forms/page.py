"""The review form as one self-contained HTML page (Jinja2, imported only here).

The page fetches nothing: its Content-Security-Policy (a ``<meta>`` at the top of the page)
is ``default-src 'none'`` and allows exactly the page's own ``<style>`` and ``<script>``
blocks, by the SHA-256 of their text computed while rendering (the ``csp_hash`` filter). The
style and script are static text; the data the script needs (case ids, case hashes, the
reviewer) is in ``data-*`` attributes, escaped by Jinja2's autoescaping, so no case text can
ever become script.
"""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path
from typing import Any

TEMPLATES = Path(__file__).resolve().parent / "templates"
TEMPLATE = "review-form.html.j2"


def csp_hash(text: str) -> Any:
    """The CSP source expression that allows an inline block whose text is ``text``."""
    from markupsafe import Markup  # Jinja2's own: the quotes are part of the expression

    digest = hashlib.sha256(str(text).encode("utf-8")).digest()
    return Markup("'sha256-" + base64.b64encode(digest).decode("ascii") + "'")


def render_form(view: dict[str, Any]) -> str:
    from capeval.templating import environment

    env = environment(TEMPLATES, autoescape=True)
    env.filters["csp_hash"] = csp_hash
    return env.get_template(TEMPLATE).render(**view)
