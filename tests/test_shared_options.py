"""Options several commands share are defined once, in the chassis (``capeval.cli``): no other
module defines an option alias of the same name. (A flag may still mean something else in one
command, as cap-import's --candidates, an output: its alias then has its own name.)"""

from __future__ import annotations

import ast
from pathlib import Path

import typer

from capeval import cli

LIB = Path(__file__).resolve().parent.parent / "lib" / "capeval"
SHARED = [name for name in cli.__all__ if name.endswith("Option")]


def _flags(alias: object) -> set[str]:
    """The flags of an ``Annotated[..., typer.Option(...)]`` alias."""
    found = set()
    for meta in getattr(alias, "__metadata__", ()):
        if isinstance(meta, typer.models.OptionInfo):
            # in an Annotated alias typer reads a first positional flag as the default
            declared = [meta.default, *meta.param_decls]
            found.update(d for d in declared if isinstance(d, str) and d.startswith("--"))
    return found


def test_the_chassis_exports_its_shared_options():
    assert {"CandidatesOption", "ConfigOption", "RosterOption", "NoOrphansOption"} <= set(SHARED)
    assert all(_flags(getattr(cli, name)) for name in SHARED)


def test_no_module_redefines_a_shared_option():
    redefined = []
    for path in sorted(LIB.rglob("*.py")):
        if path == LIB / "cli.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = node.targets if isinstance(node, ast.Assign) else []
            for target in targets:
                if isinstance(target, ast.Name) and target.id in SHARED:
                    redefined.append(f"{path.relative_to(LIB)}: {target.id}")
    assert not redefined, f"use capeval.cli's: {redefined}"
