"""make bench: capeval's throughput, memory and start-up as ratios against a floor.

The floor is measured in the same run on the same file: a bare Python loop that
``orjson.loads`` and ``orjson.dumps`` each line. Every figure is printed next to its goal;
nothing here asserts (performance is never a test). ``BENCH_N`` sets the number of cases
(default 200000; the contract's figures are for 1,000,000).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent
N = int(os.environ.get("BENCH_N", "200000"))
WORDS = "alpha beta gamma delta coins level score items player quest".split()


def make_case(n: int, rng: random.Random) -> dict:
    words = " ".join(rng.choice(WORDS) for _ in range(6))
    source = f"Welcome %s, {words}: you have %d coins and {rng.randint(1, 9999)} points."
    return {
        "schema_version": 1,
        "id": f"bench.case.{n:07d}",
        "source_locale": "en-US",
        "target_locale": "de-DE",
        "domain": "game-ui",
        "source": source,
        "context": {"max_chars": 120},
        "assertions": [
            {"name": "placeholder_integrity", "severity": "hard", "params": {"syntax": "printf"}},
            {"name": "number_fidelity", "severity": "report"},
            {"name": "max_chars", "severity": "report"},
        ],
        "provenance": {"kind": "synthetic", "license": "CC0-1.0"},
        "tags": ["bench"],
    }


def write_inputs(folder: Path, n: int) -> tuple[Path, Path]:
    rng = random.Random(7)
    cases, candidates = folder / "cases.jsonl", folder / "candidates.jsonl"
    with cases.open("w") as c_out, candidates.open("w") as k_out:
        for i in range(n):
            case = make_case(i, rng)
            c_out.write(json.dumps(case, ensure_ascii=False) + "\n")
            text = case["source"].replace("Welcome", "Willkommen")
            if i % 10 == 0:
                text = text.replace("%d", "%s")
            k_out.write(json.dumps({"case_id": case["id"], "text": text}) + "\n")
    return cases, candidates


def write_catalogs(folder: Path, n: int) -> tuple[Path, Path, Path]:
    """A PO catalog (c-format, a tenth python-format plurals) and en/fr JSON catalogs."""
    rng = random.Random(11)
    po, en, fr = folder / "big.po", folder / "en.json", folder / "fr.json"
    sources: dict[str, dict[str, str]] = {}
    targets: dict[str, dict[str, str]] = {}
    with po.open("w", encoding="utf-8") as out:
        out.write('msgid ""\nmsgstr ""\n"Language: fr\\n"\n')
        out.write('"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n')
        for i in range(n):
            words = " ".join(rng.choice(WORDS) for _ in range(5))
            if i % 10 == 0:
                out.write(
                    f'#, python-format\nmsgid "%(count)d {words} {i}"\n'
                    f'msgid_plural "%(count)d {words}s {i}"\nmsgstr[0] "%(count)d {words} {i}"\n'
                    f'msgstr[1] "%(count)d {words}s {i}"\n\n'
                )
            else:
                out.write(f'#, c-format\nmsgid "Hello %s, {words} {i}"\n')
                out.write(f'msgstr "Salut %s, {words} {i}"\n\n')
            sources.setdefault(f"s{i // 100}", {})[f"k{i}"] = f"Hello {{{{name}}}}, {words} {i}"
            targets.setdefault(f"s{i // 100}", {})[f"k{i}"] = f"Salut {{{{name}}}}, {words} {i}"
    en.write_text(json.dumps(sources, indent=2), encoding="utf-8")
    fr.write_text(json.dumps(targets, indent=2), encoding="utf-8")
    return po, en, fr


def import_vs_check(folder: Path, catalogs: list[Path], messages: int) -> tuple[float, float]:
    """cap-import's messages/s on the catalogs, and cap-check's cases/s on what it wrote."""
    cases, candidates = folder / "imported.jsonl", folder / "imported.cands.jsonl"
    argv = [str(BIN / "cap-import"), "-q", "--provenance-kind", "synthetic"]
    seconds = timed([*argv, *map(str, catalogs), "--candidates", str(candidates), "-o", str(cases)])
    count = lines(cases)
    check = timed(
        [str(BIN / "cap-check"), "-q", "--exit-zero", "--candidates", str(candidates), str(cases)]
    )
    return messages / seconds, count / check


def floor_rate(path: Path) -> float:
    code = (
        "import orjson,sys\n"
        "loads,dumps=orjson.loads,orjson.dumps\n"
        "with open(sys.argv[1],'rb') as f:\n"
        "    for line in f: dumps(loads(line))\n"
    )
    seconds = timed([sys.executable, "-c", code, str(path)])
    return lines(path) / seconds


def lines(path: Path) -> int:
    with path.open("rb") as handle:
        return sum(1 for _ in handle)


def timed(argv: list[str], stdin: Path | None = None, repeat: int = 1) -> float:
    best = float("inf")
    for _ in range(repeat):
        with open(stdin or os.devnull, "rb") as source:
            start = time.perf_counter()
            subprocess.run(argv, stdin=source, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            best = min(best, time.perf_counter() - start)
    return best


def peak_rss_kb(argv: list[str], stdin: Path) -> int:
    with stdin.open("rb") as source:
        proc = subprocess.run(
            ["/usr/bin/time", "-f", "%M", *argv],
            stdin=source,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
    return int(proc.stderr.decode().strip().splitlines()[-1])


def startup_ms(argv: list[str], runs: int = 20) -> float:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(
            argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def jsonschema_rate(cases: Path, limit: int = 20000) -> float | None:
    code = (
        "import json,sys,jsonschema,itertools\n"
        "from capeval import schemas\n"
        "v=jsonschema.Draft7Validator(schemas.schema('evalcase'))\n"
        "f=open(sys.argv[1],'rb')\n"
        f"for line in itertools.islice(f,{limit}): v.validate(json.loads(line))\n"
    )
    try:
        import jsonschema  # noqa: F401
    except ImportError:
        return None
    return min(limit, N) / timed([sys.executable, "-c", code, str(cases)])


def msgfmt_rate(folder: Path, cases: Path, candidates: Path) -> float | None:
    if not shutil.which("msgfmt"):
        return None
    po = folder / "bench.po"
    with po.open("w") as out, cases.open() as c_in, candidates.open() as k_in:
        out.write('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n')
        for case_line, cand_line in zip(c_in, k_in, strict=True):
            source = json.loads(case_line)["source"]
            text = json.loads(cand_line)["text"]
            out.write(f"#, c-format\nmsgid {json.dumps(source)}\nmsgstr {json.dumps(text)}\n\n")
    return N / timed(["msgfmt", "--check-format", "-o", os.devnull, str(po)])


def row(name: str, value: str, goal: str, status: str) -> None:
    print(f"| {name} | {value} | {goal} | {status} |")


def main() -> int:
    folder = Path(tempfile.mkdtemp(prefix="capeval-bench-"))
    try:
        cases, candidates = write_inputs(folder, N)
        small = folder / "small.jsonl"
        with cases.open("rb") as source, small.open("wb") as target:
            for i, line in enumerate(source):
                if i >= max(N // 10, 1):
                    break
                target.write(line)
        floor = floor_rate(cases)
        validate = N / timed([str(BIN / "cap-validate"), str(cases)], repeat=2)
        check = N / timed(
            [str(BIN / "cap-check"), "--exit-zero", "--candidates", str(candidates), str(cases)]
        )
        placeholder = N / timed(
            [
                str(BIN / "cap-check-placeholder"),
                "--exit-zero",
                "--candidates",
                str(candidates),
                str(cases),
            ]
        )
        jq = N / timed(["jq", "-c", "."], stdin=cases) if shutil.which("jq") else None
        catalog_messages = max(N // 4, 1)
        po, en, fr = write_catalogs(folder, catalog_messages)
        import_po = import_vs_check(folder, [po], catalog_messages)
        import_json = import_vs_check(folder, [en, fr], catalog_messages)
        schema_pkg = jsonschema_rate(cases)
        msgfmt = msgfmt_rate(folder, cases, candidates)
        rss_small = peak_rss_kb([str(BIN / "cap-validate")], small)
        rss_big = peak_rss_kb([str(BIN / "cap-validate")], cases)
        rss_check_small = peak_rss_kb(
            [
                str(BIN / "cap-check"),
                "--exit-zero",
                "--no-orphans",
                "--candidates",
                str(candidates),
            ],
            small,
        )
        rss_check_big = peak_rss_kb(
            [
                str(BIN / "cap-check"),
                "--exit-zero",
                "--no-orphans",
                "--candidates",
                str(candidates),
            ],
            cases,
        )

        print(f"# capeval bench: {N} EvalCase lines, floor {floor:,.0f} lines/s\n")
        print("| measure | value | goal | status |\n|---|---|---|---|")
        ratio = validate / floor
        row(
            "cap-validate",
            f"{validate:,.0f} lines/s = {ratio:.2f}x floor",
            ">= 0.3x floor",
            "met" if ratio >= 0.3 else "not met",
        )
        if jq:
            row(
                "cap-validate vs jq -c .",
                f"{validate / jq:.2f}x",
                ">= 1.5x",
                "met" if validate / jq >= 1.5 else "not met",
            )
        if schema_pkg:
            row(
                "cap-validate vs jsonschema",
                f"{validate / schema_pkg:.1f}x",
                ">= 15x",
                "met" if validate / schema_pkg >= 15 else "not met",
            )
        ratio = check / floor
        row(
            "cap-check (placeholder+number+length)",
            f"{check:,.0f} cases/s = {ratio:.2f}x floor",
            ">= 0.2x floor",
            "met" if ratio >= 0.2 else "not met",
        )
        if msgfmt:
            row(
                "cap-check-placeholder vs msgfmt --check-format",
                f"{placeholder:,.0f} vs {msgfmt:,.0f} pairs/s",
                ">= 1x",
                "met" if placeholder >= msgfmt else "not met",
            )
        for name, (imported, checked) in [("PO", import_po), ("JSON", import_json)]:
            row(
                f"cap-import vs cap-check, {catalog_messages} {name} messages",
                f"{imported:,.0f} messages/s vs {checked:,.0f} cases/s = {imported / checked:.2f}x",
                ">= 1x",
                "met" if imported >= checked else "not met",
            )
        growth = rss_big / rss_small - 1
        row(
            "cap-validate peak RSS, 10x input",
            f"{rss_small // 1024} → {rss_big // 1024} MiB (+{growth:.0%})",
            "< +10%",
            "met" if growth < 0.10 else "not met",
        )
        growth = rss_check_big / rss_check_small - 1
        row(
            "cap-check peak RSS, 10x input",
            f"{rss_check_small // 1024} → {rss_check_big // 1024} MiB (+{growth:.0%})",
            "< +10%",
            "met" if growth < 0.10 else "not met",
        )
        empty = folder / "empty.jsonl"
        empty.write_text("")
        (folder / "empty.po").write_text("")
        for name, extra in [
            ("cap-validate", []),
            ("cap-check", ["--candidates", str(empty)]),
            ("cap-check-placeholder", ["--candidates", str(empty)]),
            ("cap-check-protocol", ["--candidates", str(empty)]),
            ("cap-aggregate-scores", ["--cases", str(empty)]),
            ("cap-import", ["--provenance-kind", "synthetic", str(folder / "empty.po")]),
        ]:
            ms = startup_ms([str(BIN / name), *extra])
            row(
                f"{name} start-up (median of 20)",
                f"{ms:.0f} ms",
                "<= 150 ms",
                "met" if ms <= 150 else "not met",
            )
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
