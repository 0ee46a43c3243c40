"""cap-render-report's CI formats are written in bounded memory: four times the results do not
take four times the memory (each format spools its entries to disk as the stream is read).

Peak RSS of a real process (``ru_maxrss`` of the child) at N and 4N results, a third failing,
from the generator of tools/report_memory.py (which measures the same at 500,000). Built in
memory, every CI format grew by 0.8-4 KB per result: at 4N the peak was more than twice that
at N (measured at N = 20,000: rdjsonl 2.3 times, SARIF 3.3 times). Streamed, what grows is
the two compact key tables of the stream (duplicate results, distinct cases: ~50 bytes a
result, 1.1-1.2 times at 4N) and SQLite's page cache up to its 2 MiB.
"""

from __future__ import annotations

import importlib.util
import sqlite3
from pathlib import Path

import pytest

from capeval.report import spool

from conftest import ROOT, command, run_cmd

SMALL = 20_000
GROWTH = 1.3  # peak at 4N over peak at N


def _tool():
    path = ROOT / "tools" / "report_memory.py"
    spec = importlib.util.spec_from_file_location("capeval_report_memory", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TOOL = _tool()


@pytest.fixture(scope="module")
def streams(tmp_path_factory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("rss")
    small, large = folder / "small.jsonl", folder / "large.jsonl"
    TOOL.write_results(small, SMALL)
    TOOL.write_results(large, 4 * SMALL)
    return small, large


@pytest.mark.parametrize("name", ["sarif", "junit", "rdjson", "rdjsonl", "github"])
def test_ci_formats_are_written_in_bounded_memory(streams, name):
    small, large = streams
    argv = [command("cap-render-report"), "-q", "--format", name]
    status_small, low = TOOL.peak_rss_kib(argv, small)
    status_large, high = TOOL.peak_rss_kib(argv, large)
    assert status_small == status_large == 0
    assert high / low <= GROWTH, (
        f"{name}: peak RSS {low / 1024:.0f} MiB at {SMALL:,} results, "
        f"{high / 1024:.0f} MiB at {4 * SMALL:,}"
    )


def test_a_full_disk_under_the_spool_is_an_io_error_not_a_traceback(monkeypatch):
    class FullDisk:
        """A connection whose inserts fail as SQLite's do when $TMPDIR is full."""

        def __init__(self, real: sqlite3.Connection) -> None:
            self.real = real

        def executemany(self, *args):
            raise sqlite3.OperationalError("database or disk is full")

        def __getattr__(self, name):
            return getattr(self.real, name)

    connect = sqlite3.connect
    monkeypatch.setattr(spool.sqlite3, "connect", lambda *a, **k: FullDisk(connect(*a, **k)))
    results = TOOL.results_stream(30)
    done = run_cmd("cap-render-report", "--format", "junit", stdin=b"".join(results))
    err = done.stderr.decode()
    assert done.returncode == 2, err
    assert "io.write_failed" in err and "disk is full" in err and "Traceback" not in err
