"""The Jinja2 environment every page capeval writes is rendered in (reports, review forms):
strict about undefined names, blocks trimmed, the trailing newline kept. Jinja2 is imported
only when something is rendered."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def environment(
    directory: Path, autoescape: Any, finalize: Any = None, *, sandboxed: bool = False
) -> Any:
    """An environment loading templates from ``directory``; ``sandboxed`` for a user's template
    (Jinja2's immutable sandbox: it may read what it is given, never change it or reach into
    Python's internals)."""
    import jinja2

    if sandboxed:
        from jinja2.sandbox import ImmutableSandboxedEnvironment

        kind: Any = ImmutableSandboxedEnvironment
    else:
        kind = jinja2.Environment
    return kind(
        finalize=finalize,
        loader=jinja2.FileSystemLoader(str(directory)),
        autoescape=autoescape,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
