"""Golden end-to-end cases, one folder each, in miller's style.

``tests/cases/<command>/<nnn>/`` holds:

* ``cmd`` — the command line, one line of shell words (``shlex``), run from the folder;
* ``stdin`` — optional, fed to the command's standard input;
* any input files the command line names;
* ``expected_stdout``, ``expected_stderr``, ``expected_status``.

To add a case: make the folder with ``cmd`` and its inputs, then run
``make golden`` (``CAPEVAL_UPDATE_GOLDEN=1 pytest tests/test_cases.py``), which writes the three
expected files from what the command does now; read them before committing.
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path

import pytest

from conftest import run_cmd

CASES = Path(__file__).resolve().parent / "cases"
FOLDERS = sorted(path.parent for path in CASES.glob("*/*/cmd"))
UPDATE = os.environ.get("CAPEVAL_UPDATE_GOLDEN") == "1"


def _run(folder: Path):
    words = shlex.split((folder / "cmd").read_text(encoding="utf-8"))
    stdin = folder / "stdin"
    data = stdin.read_bytes() if stdin.exists() else b""
    return run_cmd(words[0], *words[1:], stdin=data, cwd=folder)


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_golden_case(folder: Path):
    assert folder.parent.name == shlex.split((folder / "cmd").read_text())[0], (
        "a case lives in the folder of the command it runs"
    )
    proc = _run(folder)
    got = {
        "expected_stdout": proc.stdout,
        "expected_stderr": proc.stderr,
        "expected_status": f"{proc.returncode}\n".encode(),
    }
    if UPDATE:
        for name, data in got.items():
            (folder / name).write_bytes(data)
        return
    for name, data in got.items():
        expected = (folder / name).read_bytes()
        assert data.decode("utf-8", "replace") == expected.decode("utf-8", "replace"), (
            f"{folder.relative_to(CASES)}/{name} differs (make golden rewrites it)"
        )


def test_every_command_has_golden_cases():
    commands = {path.name for path in (CASES.parent.parent / "bin").glob("cap-*")}
    covered = {folder.parent.name for folder in FOLDERS}
    assert commands <= covered, sorted(commands - covered)
