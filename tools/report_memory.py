"""Peak memory of cap-render-report per output format, over a generated results stream.

Generates ``REPORT_RSS_N`` AssertionResults (default 500,000; three per case, one of the three
failing, hard and report failures mixed, texts with placeholders and numbers as cap-check
writes them), then runs ``cap-render-report --format F`` on the file for each format of
``REPORT_RSS_FORMATS`` (default: the CI formats sarif, junit, rdjson, rdjsonl, github, and
markdown for comparison), each in its own process, and prints a Markdown table of the peak
resident set size (``ru_maxrss`` of the child) and its CPU time (user + system: steadier than
wall time on a shared machine).

Usage: ``python tools/report_memory.py`` (``REPORT_RSS_N=100000`` for a quicker look).
``results_stream`` is imported by tests/attacks/test_attack_report_memory.py, which compares
the peak at N and 4N results.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import orjson

BIN = Path(sys.executable).parent
FORMATS = ("sarif", "junit", "rdjson", "rdjsonl", "github", "markdown")
_MEASURE = (
    "import resource, subprocess, sys\n"
    "with open(sys.argv[1], 'rb') as stdin:\n"
    "    status = subprocess.run(sys.argv[2:], stdin=stdin, stdout=subprocess.DEVNULL,\n"
    "                            stderr=subprocess.DEVNULL).returncode\n"
    "usage = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "print(status, usage.ru_maxrss, usage.ru_utime + usage.ru_stime)\n"
)


def results_stream(count: int) -> Iterator[bytes]:
    """``count`` AssertionResult lines: cases of three results each, the first failing."""
    for index in range(count):
        case = index // 3
        # the first result of each case fails: a missing placeholder or a changed number
        if case % 2:
            assertion = ("placeholder_integrity", "number_fidelity", "max_chars")[index % 3]
        else:
            assertion = ("number_fidelity", "placeholder_integrity", "max_chars")[index % 3]
        case_id = f"mem.shop.{case:07d}"
        if index % 3:
            record = {
                "case_id": case_id,
                "system": "m1",
                "assertion": assertion,
                "passed": True,
                "severity": "report",
                "code": "ok",
                "message": "ok",
                "evidence": {},
            }
        elif case % 2:
            record = {
                "case_id": case_id,
                "system": "m1",
                "assertion": "placeholder_integrity",
                "passed": False,
                "severity": "hard",
                "code": "placeholder_missing",
                "message": f"missing %{case % 7}$s in the candidate (source has 2, candidate 1)",
                "evidence": {
                    "expected": [f"%{case % 7}$s", "%d"],
                    "actual": ["%d"],
                    "missing": [f"%{case % 7}$s"],
                    "syntax": "printf",
                },
            }
        else:
            record = {
                "case_id": case_id,
                "system": "m1",
                "assertion": "number_fidelity",
                "passed": False,
                "severity": "report",
                "code": "number_mutated",
                "message": f"{case:,} became {case + 1:,} in the candidate",
                "evidence": {"mutated": [[f"{case:,}", f"{case + 1:,}"]], "locale": "fr-FR"},
            }
        yield orjson.dumps(record) + b"\n"


def write_results(path: Path, count: int) -> None:
    with path.open("wb") as out:
        out.writelines(results_stream(count))


def peak_rss_kib(argv: list[str], stdin: Path) -> tuple[int, int]:
    """(exit status, peak RSS in KiB) of ``argv`` reading ``stdin``, in a process of its own
    (``RUSAGE_CHILDREN`` holds the largest child a process waited for)."""
    status, peak, _seconds = measure(argv, stdin)
    return status, peak


def measure(argv: list[str], stdin: Path) -> tuple[int, int, float]:
    """(exit status, peak RSS in KiB, CPU seconds) of ``argv`` reading ``stdin``."""
    proc = subprocess.run(
        [sys.executable, "-c", _MEASURE, str(stdin), *argv],
        capture_output=True,
        check=True,
        text=True,
    )
    status, peak, seconds = proc.stdout.split()
    return int(status), int(peak), float(seconds)


def main() -> None:
    count = int(os.environ.get("REPORT_RSS_N", "500000"))
    names = [n for n in os.environ.get("REPORT_RSS_FORMATS", ",".join(FORMATS)).split(",") if n]
    with tempfile.TemporaryDirectory(prefix="capeval-rss-") as folder:
        results = Path(folder) / "results.jsonl"
        write_results(results, count)
        size = results.stat().st_size
        print(f"{count:,} results ({count // 3 + (count % 3 > 0):,} failing), {size:,} bytes\n")
        print("| format | peak RSS | CPU time | exit |")
        print("|---|---|---|---|")
        for name in names:
            argv = [str(BIN / "cap-render-report"), "-q", "--format", name]
            status, peak, seconds = measure(argv, results)
            print(f"| {name} | {peak / 1024:,.0f} MiB | {seconds:.1f} s | {status} |", flush=True)
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"\n(this tool's own peak: {own / 1024:.0f} MiB)")


if __name__ == "__main__":
    main()
