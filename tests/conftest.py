"""Shared test helpers: run the real commands in subprocesses, as users do."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
SHARED = ROOT.parent / "shared"


def command(name: str) -> str:
    path = BIN / name
    if not path.exists():
        pytest.skip(f"{name} is not installed (run make install)")
    return str(path)


def run_cmd(
    name: str,
    *args: str,
    stdin: bytes | str | None = b"",
    cwd: str | Path | None = None,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess:
    """Run a capeval command; stdout/stderr as text (UTF-8)."""
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    full_env = {**os.environ, **(env or {})}
    return subprocess.run(
        [command(name), *args],
        input=data,
        capture_output=True,
        cwd=cwd,
        env=full_env,
        timeout=120,
    )


def records(stdout: bytes) -> list[dict]:
    return [json.loads(line) for line in stdout.decode("utf-8").splitlines() if line.strip()]


def jsonl(*items: dict | str) -> str:
    """JSON Lines text: dicts are dumped, strings are taken as raw lines."""
    return "".join((item if isinstance(item, str) else json.dumps(item)) + "\n" for item in items)


def evalcase(**overrides) -> dict:
    """A valid EvalCase v1 record (synthetic); keyword arguments replace fields."""
    case = {
        "schema_version": 1,
        "id": "placeholder.printf.001",
        "source_locale": "en-US",
        "target_locale": "zh-Hans",
        "domain": "game-ui",
        "source": "Welcome, %s! You have %d coins.",
        "assertions": [
            {
                "name": "placeholder_integrity",
                "severity": "hard",
                "params": {"syntax": "printf", "allow_reorder": True},
            }
        ],
        "provenance": {"kind": "synthetic", "license": "CC0-1.0"},
    }
    case.update(overrides)
    return case


@pytest.fixture
def tmp(tmp_path: Path) -> Path:
    return tmp_path
