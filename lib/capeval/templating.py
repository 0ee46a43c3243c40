"""The Jinja2 environment every report page capeval writes is rendered in (the review form
is plain HTML parts instead: ``capeval.forms.page``): strict about undefined names, blocks
trimmed, the trailing newline kept. Jinja2 is imported only when something is rendered.

Compiling a template can cost more than importing Jinja2, so the shipped templates are
compiled once per machine and user: Jinja2's own bytecode cache, in
its private directory (``_jinja2-cache-<uid>`` under the temporary directory, created mode
0700 and refused when another user owns it), keyed by the template's name and source
checksum, so an edited template is compiled afresh. A user's template (``sandboxed``) is
compiled every run, and what it includes or extends must be a regular file inside its
folder once symlinks are resolved (a link beside it to ``/proc/self/environ`` is not
found). A cache that cannot be made or written is no cache: pages come out the same.
"""

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
        bytecode_cache=None if sandboxed else _bytecode_cache(),
        finalize=finalize,
        loader=_confined_loader(directory)
        if sandboxed
        else jinja2.FileSystemLoader(str(directory)),
        autoescape=autoescape,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def _confined_loader(directory: Path) -> Any:
    """A loader of the regular files inside ``directory`` only, symlinks resolved first."""
    import os

    import jinja2
    from jinja2.loaders import split_template_path

    root = os.path.realpath(directory)

    class _ConfinedLoader(jinja2.FileSystemLoader):
        def get_source(self, environment: Any, template: str) -> Any:
            # checked before anything is opened: a FIFO or a device is never read
            real = os.path.realpath(os.path.join(root, *split_template_path(template)))
            if not real.startswith(root + os.sep) or not os.path.isfile(real):
                raise jinja2.TemplateNotFound(template)
            return super().get_source(environment, template)

    return _ConfinedLoader(root)


def _bytecode_cache() -> Any:
    """Jinja2's file cache of compiled templates, or None when it cannot be had."""
    from jinja2 import FileSystemBytecodeCache

    class _QuietCache(FileSystemBytecodeCache):
        def dump_bytecode(self, bucket: Any) -> None:
            try:
                super().dump_bytecode(bucket)
            except OSError:  # a full or read-only disk: the page is rendered all the same
                pass

    try:
        return _QuietCache()
    except (OSError, RuntimeError):  # no private directory can be made (RuntimeError: unsafe)
        return None
