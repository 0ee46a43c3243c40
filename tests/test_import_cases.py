"""Golden end-to-end cases of cap-import: ``tests/cases/cap-import/<nnn>/``.

Each folder holds ``cmd`` (one command line of simple shell words, run from that folder), its
input files, and ``expected_stdout``, ``expected_stderr``, ``expected_status``. The command
runs in-process (the filter's ``main`` with ``sys.argv`` set, stdout/stderr captured at the
file-descriptor level, as the chassis writes them).

``CAPEVAL_REGEN=1 pytest tests/test_import_cases.py`` rewrites the expected files (review the
diff before committing it).
"""

from __future__ import annotations

import importlib
import os
import shlex
import sys
from pathlib import Path

import pytest

CASES = Path(__file__).resolve().parent / "cases" / "cap-import"
ENTRY_POINTS = {
    "cap-import": "capeval.importer",
    "cap-validate": "capeval.validate",
    "cap-check": "capeval.check",
}


def _folders() -> list[Path]:
    return sorted(path for path in CASES.iterdir() if (path / "cmd").is_file())


def run_in_process(words: list[str], cwd: Path, capfd: pytest.CaptureFixture[str]):
    module = importlib.import_module(ENTRY_POINTS[words[0]])
    old_argv, old_cwd = sys.argv, os.getcwd()
    sys.argv = words
    os.chdir(cwd)
    try:
        module.main()
        status = 0
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    finally:
        sys.argv = old_argv
        os.chdir(old_cwd)
    out, err = capfd.readouterr()
    return status, out, err


@pytest.mark.parametrize("folder", _folders(), ids=lambda path: path.name)
def test_case(folder: Path, capfd: pytest.CaptureFixture[str]) -> None:
    words = shlex.split((folder / "cmd").read_text(encoding="utf-8"))
    status, out, err = run_in_process(words, folder, capfd)
    if os.environ.get("CAPEVAL_REGEN"):
        (folder / "expected_stdout").write_text(out, encoding="utf-8")
        (folder / "expected_stderr").write_text(err, encoding="utf-8")
        (folder / "expected_status").write_text(f"{status}\n", encoding="utf-8")
    assert err == (folder / "expected_stderr").read_text(encoding="utf-8")
    assert out == (folder / "expected_stdout").read_text(encoding="utf-8")
    assert status == int((folder / "expected_status").read_text(encoding="utf-8"))
