"""Shared test helpers: run the real commands as users do (in-process unless the point is
the process itself: pipes, signals, environment)."""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent

# make test is derandomised (the same examples every run: nothing flakes); long randomised
# runs choose another profile (HYPOTHESIS_PROFILE=random).
settings.register_profile("derandomised", derandomize=True)
settings.register_profile("random", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "derandomised"))
BIN = Path(sys.executable).parent
SHARED = ROOT.parent / "shared"
# The real translation pairs (read in place, never copied; tests skip when absent).
REALDATA_PAIRS = Path(os.environ.get("CAPEVAL_REALDATA", SHARED / "realdata" / "pairs.jsonl.gz"))


def command(name: str) -> str:
    path = BIN / name
    if not path.exists():
        pytest.skip(f"{name} is not installed (run make install)")
    return str(path)


def sigint_as_from_a_terminal() -> None:
    """``preexec_fn`` for a child a test interrupts: SIGINT acts on it even when this test
    run inherited SIGINT ignored (as a shell's background job does), which a child keeps."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run_cmd(
    name: str,
    *args: str,
    stdin: bytes | str | None = b"",
    cwd: str | Path | None = None,
    env: dict[str, str] | None = None,
    subprocess_only: bool = False,
) -> subprocess.CompletedProcess:
    """Run a capeval command; stdout and stderr as bytes.

    In this process (the same chassis and command line, no interpreter start-up) unless the
    test changes the environment or asks for a real process (pipes, signals, exit by signal).
    """
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    if env is None and not subprocess_only:
        return run_in_process(name, list(args), data or b"", cwd)
    full_env = {**os.environ, **(env or {})}
    return subprocess.run(
        [command(name), *args],
        input=data,
        capture_output=True,
        cwd=cwd,
        env=full_env,
        timeout=120,
    )


def _main_of(name: str):
    """The ``main`` a bin/ script calls (``from capeval.x import main_y``)."""
    found = _MAINS.get(name)
    if found is None:
        script = (ROOT / "bin" / name).read_text(encoding="utf-8")
        match = re.search(r"^from ([\w.]+) import (\w+)$", script, re.MULTILINE)
        assert match, f"bin/{name} does not import its main"
        module = importlib.import_module(match.group(1))
        found = _MAINS[name] = getattr(module, match.group(2))
    return found


_MAINS: dict[str, object] = {}


def run_in_process(
    name: str, args: list[str], stdin: bytes, cwd: str | Path | None = None
) -> subprocess.CompletedProcess:
    from capeval.cli import in_process

    main = _main_of(name)
    with tempfile.TemporaryDirectory(prefix="capeval-test-") as folder:
        paths = [Path(folder) / n for n in ("stdin", "stdout", "stderr")]
        paths[0].write_bytes(stdin)
        old_cwd = os.getcwd()
        fds = [os.open(paths[0], os.O_RDONLY)]
        fds += [os.open(p, os.O_WRONLY | os.O_CREAT | os.O_TRUNC) for p in paths[1:]]
        # Typer itself (usage errors, --help, --version) writes to sys.stdout / sys.stderr.
        text_out = open(fds[1], "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        text_err = open(fds[2], "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        try:
            if cwd is not None:
                os.chdir(cwd)
            with contextlib.redirect_stdout(text_out), contextlib.redirect_stderr(text_err):
                status = in_process(main, args, *fds)
        finally:
            text_out.flush()
            text_err.flush()
            os.chdir(old_cwd)
            for fd in fds:
                os.close(fd)
        stdout, stderr = paths[1].read_bytes(), paths[2].read_bytes()
    return subprocess.CompletedProcess([name, *args], status, stdout, stderr)


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
