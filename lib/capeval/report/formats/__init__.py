"""Output formats of cap-render-report: one writer per format, all fed the same view model.

``NAMES`` is the registry (``--format`` and its help derive from it). Each writer is a module
here with

* ``NAME`` (its ``--format``) and ``TITLE`` (how the closing summary names the output);
* ``STREAMS``: the stream kinds it renders, ``"results"`` and/or ``"review"``;
* ``DOCUMENT``: True for a document for people, which lists at most ``--max-failures``
  failing results and drills down into ``--cases``/``--candidates``; a machine format gets
  every result;
* ``PASSES``: True when it lists passing results too (JUnit's test cases);
* ``MAX_BYTES``: the default ``--max-bytes`` (0: no budget);
* a document (and GitHub annotations of a review stream): ``render(view, context) -> str``;
* a machine format of results: ``Writer(context)``, handed each failing result row as the
  stream is read (``failure(row)``; with ``PASSES`` each passing one too: ``passed(case_id,
  system, assertion, severity)``), then ``finish(view, write)`` with the view of everything
  else (counts, waiver findings, the verdict; ``failures`` empty), writing the bytes. It keeps
  no result in memory: entries go to a spool on disk (``capeval.report.spool``), so a report
  of any number of results is written in bounded memory.

``context`` carries what a writer needs beyond the view: the side files' paths (shown relative
to the working directory, as CI tools want them), the byte budget, the package version and
``clean``, the redaction a machine writer applies to each entry's text as it spools it.

The view (``capeval.report.views``) is plain data; a failing result row has ``case_id``,
``system``, ``assertion``, ``severity``, ``code``, ``message``, ``evidence`` (compact JSON),
``change`` (``regression``, ``new``, ``unchanged`` or None without a baseline), ``waiver``
(reason, owner, expiry and line of the waiver that waives it, or None), ``case_line`` and
``candidate_line`` (with ``--cases``/``--candidates``), ``location`` (``{file, line}`` in the
catalog an imported case came from, relative to ``--root``, or None), ``suggestion`` and
``fix``. A writer points a finding at ``location`` when there is one (the line a person
edits), else at the case's line in ``--cases``.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from types import ModuleType
from typing import NamedTuple

NAMES = ("markdown", "html", "github", "sarif", "junit", "rdjson", "rdjsonl")


class Context(NamedTuple):
    cases_path: str | None = None
    candidates_path: str | None = None
    waivers_path: str | None = None
    max_bytes: int = 0
    max_rows: int = 0  # a document's rows per long section (--max-failures; 0: all)
    version: str = ""
    # applied to the text of each entry a machine writer spools, and to the text around them
    clean: Callable[[str], str] = str


def writer(name: str) -> ModuleType:
    """The writer module of format ``name`` (one of ``NAMES``)."""
    return importlib.import_module(f"{__name__}.{name}")


def display_path(path: str | None, root: str | None = None) -> str | None:
    """``path`` relative to ``root`` (default: the working directory) with ``/`` separators
    (GitHub annotations and SARIF want repository-relative paths); a path outside it is kept."""
    if path is None:
        return None
    try:
        relative = os.path.relpath(path, root) if root is not None else os.path.relpath(path)
    except ValueError:  # another drive (Windows)
        return path.replace(os.sep, "/")
    if relative.startswith(".."):
        relative = path
    return relative.replace(os.sep, "/")


def subject(row: dict) -> str:
    """``case [system] / assertion`` — how a result is named in one line."""
    where = row["case_id"]
    if row.get("system") is not None:
        where += f" [{row['system']}]"
    return f"{where} / {row['assertion']}"
