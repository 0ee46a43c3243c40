"""Tables of the docs generated from the code, with cog (``make docs``; ``make lint`` fails when a
page is stale): each command's options from its ``--help``, and the code tables from
``capeval.codes`` and the assertion modules (their ``CODES`` and ``MEANINGS``).

In a page::

    <!-- [[[cog import docs_tables; docs_tables.options("cap-check") ]]] -->
    <!-- [[[end]]] -->
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import cog  # type: ignore[import-not-found]

ROOT = Path(__file__).resolve().parent.parent


def _main(command: str):
    script = (ROOT / "bin" / command).read_text(encoding="utf-8")
    module, name = re.search(r"^from ([\w.]+) import (\w+)$", script, re.MULTILINE).groups()
    return getattr(importlib.import_module(module), name)


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def option_rows(command: str) -> list[tuple[str, str]]:
    """(option with its metavar, help) of every option of ``command``, in --help order."""
    import typer.main

    click_command = typer.main.get_command(_main(command).typer_app())
    rows = []
    for param in click_command.params:
        if param.param_type_name == "argument":
            rows.append((param.human_readable_name, getattr(param, "help", "") or ""))
            continue
        names = ", ".join(f"`{opt}`" for opt in [*param.opts, *param.secondary_opts])
        metavar = "" if param.is_flag else f" {param.metavar or param.type.name.upper()}"
        rows.append((names + metavar, param.help or ""))
    return rows


def options(command: str) -> None:
    cog.outl("| option | what it does |")
    cog.outl("|---|---|")
    for name, help_text in option_rows(command):
        cog.outl(f"| {name} | {_cell(help_text)} |")


def commands() -> None:
    cog.outl("| command | what it does | page |")
    cog.outl("|---|---|---|")
    for script in sorted((ROOT / "bin").glob("cap-*")):
        summary = (_main(script.name).__doc__ or "").strip().splitlines()[0]
        page = f"docs/{_page(script.name)}"
        cog.outl(f"| `{script.name}` | {_cell(summary)} | [{page}]({page}) |")


def _page(command: str) -> str:
    if command.startswith("cap-check"):
        return "cap-check.md"
    if command == "cap-review-form":
        return "review-form.md"
    return f"{command}.md"


def codes() -> None:
    from capeval import assertions
    from capeval.codes import (
        DIAGNOSTIC_CODES,
        ENGINE_RESULT_CODES,
        STREAM_MEANINGS,
        STREAM_RESULT_CODES,
    )

    cog.outl("### Diagnostic codes")
    cog.outl("")
    cog.outl("| code | severity | meaning |")
    cog.outl("|---|---|---|")
    cog.outl("| `schema.<keyword>` | error | the record breaks its JSON Schema at that keyword |")
    for code, (severity, meaning) in DIAGNOSTIC_CODES.items():
        cog.outl(f"| `{code}` | {severity} | {_cell(meaning)} |")
    cog.outl("")
    cog.outl("### Result codes")
    cog.outl("")
    cog.outl("| assertion | codes, in precedence order (the first found is the result's code) |")
    cog.outl("|---|---|")
    cog.outl("| (every assertion) | " + ", ".join(f"`{c}`" for c in ENGINE_RESULT_CODES) + " |")
    for name, found in {**assertions.result_codes(), **STREAM_RESULT_CODES}.items():
        cog.outl(f"| `{name}` | " + ", ".join(f"`{c}`" for c in found) + " |")
    cog.outl("")
    cog.outl("### What each result code means")
    cog.outl("")
    cog.outl("| code | what it says | what to do |")
    cog.outl("|---|---|---|")
    meanings = dict(ENGINE_RESULT_CODES)
    for name in assertions.NAMES:
        meanings.update(assertions.load(name).MEANINGS)
    for stream in STREAM_MEANINGS.values():
        meanings.update(stream)
    for code, (title, help_text) in meanings.items():
        cog.outl(f"| `{code}` | {_cell(title)} | {_cell(help_text)} |")
