"""make bench: capeval's throughput, memory and start-up as ratios against peers in one run.

Real workloads come first: Django 5.2.19's PO catalogs (all 1,226) and Docusaurus 3.6.3's
theme-translations JSON, from the cache ``make realdata`` fills, imported with cap-import into
cases and candidates (one cap-import over the tree when it takes a directory, else cap-import
on each catalog in one process, each with its own id prefix), and the project's own eval suite
(every split, with its baseline candidates, ``BENCH_EVAL_COPIES`` times with ids suffixed).
cap-check on Django's tree imported with the five QA assertions (literal, punctuation,
repetition, length, terminology with a glossary built of the real pairs) against without them.
Then Django's whole tree imported, validated and checked against ``msgfmt -c`` on each catalog
and translate-toolkit's ``pofilter -t printf`` over the tree, best of ``BENCH_TREE_REPEAT``
interleaved runs. ``BENCH_REAL=0`` leaves the real rows out. The synthetic rows follow, marked
so: generated cases that share every field but ``id`` and ``source``.

The floor is a bare Python loop that ``orjson.loads`` and ``orjson.dumps`` each line of the
same file. Throughput figures are *paired*: each command is timed right after a floor run
(best of ``BENCH_REPEAT``, default 5), so the ratio compares two runs made under the same load
on this shared machine. Peers: ``jq -c .``, the ``jsonschema`` package, GNU ``msgfmt
--check-format`` and translate-toolkit's ``pofilter -t printf`` on the same pairs (each PO
entry has its case id as ``msgctxt``: with duplicate msgids msgfmt reports only the
duplicates and skips every format check); cap-check-placeholder and msgfmt are interleaved
best of ``BENCH_PO_REPEAT`` (default 5) each, as one run of either moves by up to 70%.
Start-up is the median of 40 runs on empty input against ``python -c "import typer,
orjson"``, the two interleaved. Peak RSS is measured at 1x and 10x input (on Django, its
first tenth against the whole). With valgrind,
an informational row counts the instructions a pair of cap-check-placeholder and msgfmt
(``BENCH_INSTRUCTION_PAIRS``, default 20,000; start-up excluded): a steady figure where
wall time is not, for comparing commits.

Everything is printed as a Markdown table and written to ``build/bench.json`` (``BENCH_JSON``
overrides the path), so commits can be compared. Nothing here asserts: performance is never
a test. ``BENCH_N`` sets the number of synthetic cases (default 200000).
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import fetch_realdata  # tools/, beside this file: where `make realdata` puts the catalogs

BIN = Path(sys.executable).parent
ROOT = Path(__file__).resolve().parent.parent
N = int(os.environ.get("BENCH_N", "200000"))
REPEAT = int(os.environ.get("BENCH_REPEAT", "5"))
# this VM's start-up times drift by +-15% within a run: 40 interleaved pairs steady the medians
STARTUP_RUNS = int(os.environ.get("BENCH_STARTUP_RUNS", "40"))
PO_PAIRS = min(N, 100_000)  # the placeholder comparison: the first 100k printf pairs
# pairs run under valgrind for the instruction counts (0: none; ~1 minute at 20,000)
INSTRUCTION_PAIRS = int(os.environ.get("BENCH_INSTRUCTION_PAIRS", "20000"))
# one run's speed moves by up to 70% on this VM within a minute (measured): interleaved
# rounds for cap-check-placeholder and msgfmt, the same number for each, and a best of
# three for pofilter (one of its runs takes 6-8 s)
PO_REPEAT = max(REPEAT, int(os.environ.get("BENCH_PO_REPEAT", "5")))
POFILTER_REPEAT = int(os.environ.get("BENCH_POFILTER_REPEAT", "3"))
# BENCH_REAL=0 leaves out the real workloads (rows that need `make realdata`)
REAL = os.environ.get("BENCH_REAL", "1") != "0"
WORDS = "alpha beta gamma delta coins level score items player quest".split()

FLOOR_CODE = (
    "import orjson,sys\n"
    "loads,dumps=orjson.loads,orjson.dumps\n"
    "with open(sys.argv[1],'rb') as f:\n"
    "    for line in f: dumps(loads(line))\n"
)


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
    argv += [*map(str, catalogs), "--candidates", str(candidates), "-o", str(cases)]
    check_argv = [str(BIN / "cap-check"), "-q", "--exit-zero", "--candidates", str(candidates)]
    # best of BENCH_REPEAT each, the two interleaved, as the paired rows
    seconds = check = float("inf")
    for _ in range(REPEAT):
        seconds = min(seconds, timed(argv))
        check = min(check, timed([*check_argv, str(cases)]))
    return messages / seconds, lines(cases) / check


def lines(path: Path) -> int:
    with path.open("rb") as handle:
        return sum(1 for _ in handle)


def head(source: Path, target: Path, count: int) -> Path:
    with source.open("rb") as src, target.open("wb") as out:
        for i, line in enumerate(src):
            if i >= count:
                break
            out.write(line)
    return target


def timed(argv: list[str], stdin: Path | None = None, shell: bool = False) -> float:
    with open(stdin or os.devnull, "rb") as source:
        start = time.perf_counter()
        subprocess.run(
            argv,
            stdin=source,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            shell=shell,
        )
        return time.perf_counter() - start


def paired(argv: list[str], floor_input: Path, stdin: Path | None = None) -> tuple[float, float]:
    """(floor seconds, command seconds): best of REPEAT pairs, floor run just before."""
    floor_best = best = float("inf")
    for _ in range(REPEAT):
        floor_best = min(floor_best, timed([sys.executable, "-c", FLOOR_CODE, str(floor_input)]))
        best = min(best, timed(argv, stdin=stdin))
    return floor_best, best


def peak_rss_kb(argv: list[str], stdin: Path) -> int:
    with stdin.open("rb") as source:
        proc = subprocess.run(
            ["/usr/bin/time", "-f", "%M", *argv],
            stdin=source,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
    return int(proc.stderr.decode().strip().splitlines()[-1])


def startup_ms(argv: list[str], floor: list[str], runs: int = 0) -> tuple[float, float]:
    """Medians (command, floor) in ms of ``runs`` runs each, interleaved: both see the same
    load on a shared machine."""
    samples: dict[int, list[float]] = {0: [], 1: []}
    for _ in range(runs or STARTUP_RUNS):
        for which, command in enumerate((argv, floor)):
            start = time.perf_counter()
            subprocess.run(
                command,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            samples[which].append((time.perf_counter() - start) * 1000)
    return statistics.median(samples[0]), statistics.median(samples[1])


def jsonschema_seconds(cases: Path, limit: int) -> float | None:
    try:
        import jsonschema  # noqa: F401
    except ImportError:
        return None
    code = (
        "import json,sys,jsonschema,itertools\n"
        "from capeval import schemas\n"
        "v=jsonschema.Draft7Validator(schemas.schema('evalcase'))\n"
        "f=open(sys.argv[1],'rb')\n"
        f"for line in itertools.islice(f,{limit}): v.validate(json.loads(line))\n"
    )
    return timed([sys.executable, "-c", code, str(cases)])


def instructions(argv: list[str]) -> int | None:
    """Instructions a command executes (valgrind's callgrind), or None without valgrind.
    Unlike wall time on this VM, the count is the same from run to run."""
    if not shutil.which("valgrind"):
        return None
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    return int(found.group(1)) if found else None


def write_po(po: Path, cases: Path, candidates: Path, count: int) -> Path:
    """The pairs as a PO file: one c-format entry per case, its id as msgctxt."""
    with po.open("w") as out, cases.open() as c_in, candidates.open() as k_in:
        out.write('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n')
        for n, (case_line, cand_line) in enumerate(zip(c_in, k_in, strict=True)):
            if n >= count:
                break
            case = json.loads(case_line)
            text = json.loads(cand_line)["text"]
            out.write(
                f"#, c-format\nmsgctxt {json.dumps(case['id'])}\n"
                f"msgid {json.dumps(case['source'])}\nmsgstr {json.dumps(text)}\n\n"
            )
    return po


def msgfmt_errors(po: Path) -> int:
    """How many format errors msgfmt reports (proves it checked every entry)."""
    proc = subprocess.run(
        ["msgfmt", "--check-format", "-o", os.devnull, str(po)], capture_output=True, text=True
    )
    return sum(1 for line in proc.stderr.splitlines() if "format specifications" in line)


class Report:
    def __init__(self) -> None:
        self.rows: list[dict] = []
        self.section = ""  # what every row added from now on is measured on

    def add(self, measure: str, value: str, goal: str = "", met: bool | None = None, **data):
        measure = f"{self.section}{measure}"
        self.rows.append({"measure": measure, "value": value, "goal": goal, "met": met, **data})

    def table(self) -> str:
        lines = ["| measure | value | goal | status |", "|---|---|---|---|"]
        for row in self.rows:
            status = "" if row["met"] is None else ("met" if row["met"] else "not met")
            lines.append(f"| {row['measure']} | {row['value']} | {row['goal']} | {status} |")
        return "\n".join(lines)


def tool(name: str) -> str:
    return str(BIN / name)


# -- real workloads ---------------------------------------------------------------------------
# Django's catalogs and Docusaurus' JSON from the cache (`make realdata`), imported with
# cap-import, and the project's own eval suite: where users' records are, every row before
# the synthetic ones.

DJANGO_ORIGIN = ["--license", "BSD-3-Clause", "--source", "pkg:pypi/django@5.2.19"]
DOCUSAURUS_ORIGIN = [
    "--license",
    "MIT",
    "--source",
    "pkg:npm/%40docusaurus/theme-translations@3.6.3",
]
# Repeat the eval suite (253 cases) this many times, ids suffixed, so a run outlasts start-up.
EVAL_COPIES = int(os.environ.get("BENCH_EVAL_COPIES", "100"))
# The whole-tree rows (import + validate + check against msgfmt and pofilter): best of this many
TREE_REPEAT = int(os.environ.get("BENCH_TREE_REPEAT", "3"))

# cap-import's main() called once per catalog in one process: the way to import a tree while
# cap-import reads one SOURCE [TARGET...] group a run (a process per catalog costs ~0.25 s
# of start-up each, 1,226 times for Django).
IMPORT_CODE = (
    "import json,os,sys\n"
    "from capeval.importer import main\n"
    "jobs=json.load(open(sys.argv[1]))\n"
    "cases,cands=sys.argv[2],sys.argv[3]\n"
    "with open(cases,'wb') as k_out, open(cands,'wb') as c_out:\n"
    "    for argv in jobs:\n"
    "        try: main([*argv,'-q','--exit-zero','--diagnostics',os.devnull,\n"
    "                   '--candidates',cands+'.part','-o',cases+'.part'])\n"
    "        except SystemExit: pass\n"
    "        for part,out in ((cases+'.part',k_out),(cands+'.part',c_out)):\n"
    "            if os.path.exists(part):\n"
    "                with open(part,'rb') as f: out.write(f.read())\n"
    "                os.unlink(part)\n"
)


def import_script(folder: Path) -> Path:
    script = folder / "import_each.py"
    script.write_text(IMPORT_CODE)
    return script


def import_each(folder: Path, name: str, jobs: list[list[str]]) -> tuple[Path, Path, float]:
    """(cases, candidates, seconds): cap-import run on each job's argv in one process."""
    plan = folder / f"{name}.jobs.json"
    plan.write_text(json.dumps(jobs))
    cases, candidates = folder / f"{name}.jsonl", folder / f"{name}.cands.jsonl"
    seconds = timed(
        [sys.executable, str(import_script(folder)), str(plan), str(cases), str(candidates)]
    )
    return cases, candidates, seconds


def django_prefix(catalog: Path, root: Path) -> str:
    """A unique id prefix: the app's path and the catalog's name (every app has a django.po)."""
    parts = catalog.relative_to(root).parts
    app = parts[: parts.index("locale")] if "locale" in parts else parts[:-1]
    return re.sub(r"[^a-z0-9-]", "-", "-".join(app).lower()) + "." + catalog.stem.lower()


def import_tree(folder: Path, root: Path) -> tuple[Path, Path] | None:
    """The whole tree by one cap-import run, when cap-import takes a directory; else None."""
    cases, candidates = folder / "tree.jsonl", folder / "tree.cands.jsonl"
    argv = [tool("cap-import"), "-q", "--exit-zero", *DJANGO_ORIGIN, str(root)]
    done = subprocess.run(
        [*argv, "--candidates", str(candidates), "-o", str(cases)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    if done.returncode != 0 or not cases.exists() or cases.stat().st_size == 0:
        return None
    return cases, candidates


def django_catalogs() -> tuple[Path, list[Path]] | None:
    root = fetch_realdata.django_dir()
    if not (root / ".complete").exists():
        return None
    return root, sorted(root.rglob("*.po"))


def import_django(folder: Path) -> tuple[Path, Path, str] | None:
    """Django's catalogs as cases and candidates: one cap-import over the tree when it takes
    a directory, else cap-import on each catalog (in one process, its own id prefix)."""
    found = django_catalogs()
    if found is None:
        return None
    root, catalogs = found
    tree = import_tree(folder, root)
    if tree is not None:
        return *tree, "cap-import over the tree"
    jobs = [[*DJANGO_ORIGIN, "--id-prefix", django_prefix(po, root), str(po)] for po in catalogs]
    cases, candidates, _ = import_each(folder, "django", jobs)
    return cases, candidates, "cap-import per catalog"


def import_docusaurus(folder: Path) -> tuple[Path, Path] | None:
    locales = fetch_realdata.docusaurus_dir() / "locales"
    if not (locales.parent / ".complete").exists():
        return None
    jobs = []
    for target in sorted(locales.glob("*/*.json")):
        source = locales / "base" / target.name
        if target.parent.name == "base" or not source.exists():
            continue
        jobs.append([
            *DOCUSAURUS_ORIGIN, "--source-locale", "en", "--target-locale", target.parent.name,
            "--plural-separator", "|", "--id-prefix", f"docusaurus.{target.stem.lower()}",
            str(source), str(target),
        ])  # fmt: skip
    cases, candidates, _ = import_each(folder, "docusaurus", jobs)
    return cases, candidates


def eval_suite(folder: Path, copies: int) -> tuple[Path, Path]:
    """The eval suite's cases (every split) and baseline candidates, ``copies`` times with
    ids suffixed (``.r7``), so that every copy stays valid and joined."""
    suite = ROOT / "evals" / "i18n-prompt"
    cases, candidates = folder / "evals.jsonl", folder / "evals.cands.jsonl"
    case_lines = [json.loads(line) for f in sorted(suite.glob("cases/*/*.jsonl"))
                  for line in f.read_bytes().splitlines() if line.strip()]  # fmt: skip
    cand_lines = [json.loads(line) for f in sorted(suite.glob("baselines/*.candidates.jsonl"))
                  for line in f.read_bytes().splitlines() if line.strip()]  # fmt: skip
    with (
        cases.open("w", encoding="utf-8") as c_out,
        candidates.open("w", encoding="utf-8") as k_out,
    ):
        for copy in range(copies):
            for case in case_lines:
                c_out.write(
                    json.dumps({**case, "id": f"{case['id']}.r{copy}"}, ensure_ascii=False) + "\n"
                )
            for cand in cand_lines:
                k_out.write(
                    json.dumps(
                        {**cand, "case_id": f"{cand['case_id']}.r{copy}"}, ensure_ascii=False
                    )
                    + "\n"
                )
    return cases, candidates


def workload_rows(
    report: Report, folder: Path, label: str, cases: Path, candidates: Path, goals: bool
) -> None:
    """cap-validate and cap-check on one workload, each paired with the floor on its cases;
    with ``goals``, peak RSS at 1x and 10x too (the first tenth against the whole)."""
    count = lines(cases)
    floor_s, validate_s = paired([tool("cap-validate"), str(cases)], cases)
    report.add(
        f"{label}: floor", f"{count / floor_s:,.0f} lines/s ({count:,} cases)",
        lines_per_s=count / floor_s, cases=count,
    )  # fmt: skip
    ratio = floor_s / validate_s
    report.add(
        f"{label}: cap-validate",
        f"{count / validate_s:,.0f} lines/s = {ratio:.3f}x floor",
        ">= 0.25x floor" if goals else "",
        ratio >= 0.25 if goals else None,
        lines_per_s=count / validate_s,
        ratio=ratio,
    )
    check_argv = [tool("cap-check"), "--exit-zero", "--candidates", str(candidates)]
    floor_s, check_s = paired([*check_argv, str(cases)], cases)
    ratio = floor_s / check_s
    report.add(
        f"{label}: cap-check (the assertions cap-import wrote)" if goals else f"{label}: cap-check",
        f"{count / check_s:,.0f} cases/s = {ratio:.3f}x floor",
        ">= 0.2x floor" if goals else "",
        ratio >= 0.2 if goals else None,
        cases_per_s=count / check_s,
        ratio=ratio,
    )
    if not goals:
        return
    tenth = head(cases, folder / f"{cases.stem}.tenth.jsonl", max(count // 10, 1))
    for name, argv in [
        ("cap-validate", [tool("cap-validate")]),
        ("cap-check", [*check_argv, "--no-orphans"]),
    ]:
        low, high = peak_rss_kb(argv, tenth), peak_rss_kb(argv, cases)
        report.add(
            f"{label}: {name} peak RSS, 1x → 10x cases",
            f"{low / 1024:.1f} → {high / 1024:.1f} MiB ({high / low:.2f}x)",
            "<= 1.25x",
            high / low <= 1.25,
            rss_1x_kib=low,
            rss_10x_kib=high,
        )


def tree_rows(report: Report, folder: Path) -> None:
    """Django's whole tree imported, validated and checked, against ``msgfmt -c`` on each of
    its catalogs and translate-toolkit's ``pofilter -t printf`` over the tree: best of
    TREE_REPEAT runs of each, interleaved."""
    found = django_catalogs()
    if found is None:
        return
    root, catalogs = found
    cases, candidates = folder / "tree-run.jsonl", folder / "tree-run.cands.jsonl"
    check = (
        f"{tool('cap-validate')} -q --exit-zero {cases} | {tool('cap-check')} -q --exit-zero "
        f"--candidates {candidates} > /dev/null"
    )
    if import_tree(folder, root) is not None:
        how = "one cap-import over the tree"
        ours = (
            f"{tool('cap-import')} -q --exit-zero {' '.join(DJANGO_ORIGIN)} {root} "
            f"--candidates {candidates} | {check.replace(str(cases), '')}"
        )
    else:  # no directory import yet: cap-import on each catalog, in one process
        how = "cap-import per catalog in one process"
        plan = folder / "tree-run.jobs.json"
        jobs = [
            [*DJANGO_ORIGIN, "--id-prefix", django_prefix(po, root), str(po)] for po in catalogs
        ]
        plan.write_text(json.dumps(jobs))
        script = import_script(folder)
        ours = f"{sys.executable} {script} {plan} {cases} {candidates} && {check}"
    listing = folder / "catalogs.list"
    listing.write_bytes(b"\0".join(str(po).encode() for po in catalogs))
    msgfmt = f"xargs -0 -n1 msgfmt -c -o /dev/null < {listing} 2>/dev/null"
    pofilter = BIN / "pofilter"
    out = folder / "pofilter-tree"
    seconds = {"ours": float("inf"), "msgfmt": float("inf"), "pofilter": float("inf")}
    for _ in range(TREE_REPEAT):
        seconds["ours"] = min(seconds["ours"], timed([ours], shell=True))
        if shutil.which("msgfmt"):
            seconds["msgfmt"] = min(seconds["msgfmt"], timed([msgfmt], shell=True))
        if pofilter.exists():
            shutil.rmtree(out, ignore_errors=True)
            argv = [str(pofilter), "--progress=none", "-t", "printf", str(root), "-o", str(out)]
            seconds["pofilter"] = min(seconds["pofilter"], timed(argv))
    label = f"Django tree ({len(catalogs):,} catalogs), {how}, cap-validate, cap-check"
    for peer, name in [("msgfmt", "msgfmt -c on each catalog"), ("pofilter", "pofilter -t printf")]:
        if seconds[peer] == float("inf"):
            continue
        ratio = seconds["ours"] / seconds[peer]
        report.add(
            f"{label} vs {name}",
            f"{seconds['ours']:.1f} s vs {seconds[peer]:.1f} s = {ratio:.2f}x its time",
            "<= 1.0x",
            ratio <= 1.0,
            seconds=seconds["ours"],
            peer_seconds=seconds[peer],
            ratio=ratio,
        )


def qa_rows(report: Report, folder: Path) -> None:
    """cap-check on Django's tree imported with the five QA assertions (terminology from a
    glossary built of the real pairs, ``measure_qa.import_qa_sets``) against the same tree
    imported with placeholder_integrity alone: best of REPEAT interleaved runs of each."""
    import measure_qa  # tools/, beside this file

    sets = measure_qa.import_qa_sets(folder)
    if sets is None:
        return
    best = {name: float("inf") for name in sets}
    for _ in range(REPEAT):
        for name, (cases, candidates) in sets.items():
            argv = [tool("cap-check"), "--exit-zero", "--candidates", str(candidates), str(cases)]
            best[name] = min(best[name], timed(argv))
    count = lines(sets["without"][0])
    ratio = best["without"] / best["with the five"]
    report.add(
        "Django 5.2.19 imported: cap-check with the five QA assertions vs without",
        f"{count / best['with the five']:,.0f} vs {count / best['without']:,.0f} cases/s = "
        f"{ratio:.2f}x its speed",
        ">= 0.7x",
        ratio >= 0.7,
        seconds=best["with the five"],
        peer_seconds=best["without"],
        ratio=ratio,
    )


def real_rows(report: Report, folder: Path) -> None:
    """Every real-workload row: Django imported, Docusaurus imported, the eval suite, then
    Django's whole tree against msgfmt and pofilter."""
    django = import_django(folder)
    if django is None:
        report.add("Django catalogs", "not in the cache: run make realdata")
    else:
        cases, candidates, how = django
        workload_rows(report, folder, f"Django 5.2.19 imported ({how})", cases, candidates, True)
        qa_rows(report, folder)
    docusaurus = import_docusaurus(folder)
    if docusaurus is None:
        report.add("Docusaurus catalogs", "not in the cache: run make realdata")
    else:
        workload_rows(report, folder, "Docusaurus 3.6.3 JSON imported", *docusaurus, False)
    cases, candidates = eval_suite(folder, EVAL_COPIES)
    label = f"eval suite (evals/, {EVAL_COPIES} copies, ids suffixed)"
    workload_rows(report, folder, label, cases, candidates, False)
    tree_rows(report, folder)


def main() -> int:
    folder = Path(tempfile.mkdtemp(prefix="capeval-bench-"))
    report = Report()
    load_before = os.getloadavg()
    try:
        if REAL:
            real_rows(report, folder)
        report.section = "synthetic: "
        cases, candidates = write_inputs(folder, N)
        small = head(cases, folder / "small.jsonl", max(N // 10, 1))
        po_cases = head(cases, folder / "po-cases.jsonl", PO_PAIRS)
        # the same pairs msgfmt and pofilter get: the candidates come in the cases' order
        po_candidates = head(candidates, folder / "po-candidates.jsonl", PO_PAIRS)
        empty = folder / "empty.jsonl"
        empty.write_text("")
        empty_po = folder / "empty.po"
        empty_po.write_text("")
        # a catalog with one message: what cap-import's start-up costs once a parser loads
        one_po = folder / "one.po"
        one_po.write_text('msgid "Hello %s"\nmsgstr "Salut %s"\n', encoding="utf-8")
        roster = folder / "roster.jsonl"
        roster.write_text(
            '{"reviewer_id":"r-1","role":"domain_expert","qualifications":"synthetic",'
            '"independent":true}\n'
        )

        # -- cap-validate ---------------------------------------------------------------
        floor_s, validate_s = paired([tool("cap-validate"), str(cases)], cases)
        floor = N / floor_s
        validate = N / validate_s
        report.add("floor (orjson loads+dumps loop)", f"{floor:,.0f} lines/s", lines_per_s=floor)
        ratio = floor_s / validate_s
        report.add(
            "cap-validate",
            f"{validate:,.0f} lines/s = {ratio:.2f}x floor",
            ">= 0.4x floor",
            ratio >= 0.4,
            lines_per_s=validate,
            ratio=ratio,
        )
        if shutil.which("jq"):
            jq_s = min(timed(["jq", "-c", "."], stdin=cases) for _ in range(REPEAT))
            ratio = jq_s / validate_s
            report.add(
                "cap-validate vs jq -c .",
                f"{ratio:.2f}x ({N / jq_s:,.0f} lines/s)",
                ">= 2x",
                ratio >= 2,
                ratio=ratio,
                jq_lines_per_s=N / jq_s,
            )
        limit = min(20_000, N)
        schema_s = jsonschema_seconds(cases, limit)
        if schema_s:
            ratio = validate / (limit / schema_s)
            report.add(
                "cap-validate vs jsonschema",
                f"{ratio:.1f}x",
                ">= 15x",
                ratio >= 15,
                ratio=ratio,
            )

        # -- cap-check --------------------------------------------------------------------
        check_argv = [tool("cap-check"), "--exit-zero", "--candidates", str(candidates)]
        floor_s, check_s = paired([*check_argv, str(cases)], cases)
        ratio = floor_s / check_s
        report.add(
            "cap-check (placeholder+number+length)",
            f"{N / check_s:,.0f} cases/s = {ratio:.2f}x floor",
            ">= 0.2x floor",
            ratio >= 0.2,
            cases_per_s=N / check_s,
            ratio=ratio,
        )
        pipe = f"{tool('cap-validate')} -q {cases} | {' '.join(check_argv)} -q"
        # the pipe interleaved with its slowest stage alone (cap-check), best of each
        pipe_s = stage_s = float("inf")
        for _ in range(REPEAT):
            pipe_s = min(pipe_s, timed([pipe], shell=True))
            stage_s = min(stage_s, timed([*check_argv, "-q", str(cases)]))
        slowest = max(validate_s, stage_s)
        report.add(
            "cap-validate \\| cap-check",
            f"{N / pipe_s:,.0f} cases/s = {slowest / pipe_s:.2f}x its slowest stage",
            ">= 0.8x slowest stage",
            slowest / pipe_s >= 0.8,
            cases_per_s=N / pipe_s,
            ratio=slowest / pipe_s,
        )

        # -- placeholders against msgfmt and pofilter -------------------------------------
        placeholder_argv = [
            tool("cap-check-placeholder"),
            "--exit-zero",
            "--candidates",
            str(po_candidates),
            str(po_cases),
        ]
        po = write_po(folder / "bench.po", cases, candidates, PO_PAIRS)
        msgfmt_argv = ["msgfmt", "--check-format", "-o", os.devnull, str(po)]
        placeholder_s = msgfmt_s = float("inf")
        # best of PO_REPEAT each, interleaved with msgfmt: this VM drifts by minutes
        for _ in range(PO_REPEAT):
            placeholder_s = min(placeholder_s, timed(placeholder_argv))
            if shutil.which("msgfmt"):
                msgfmt_s = min(msgfmt_s, timed(msgfmt_argv))
        placeholder = PO_PAIRS / placeholder_s
        if shutil.which("msgfmt"):
            msgfmt = PO_PAIRS / msgfmt_s
            reported = msgfmt_errors(po)
            report.add(
                "cap-check-placeholder vs msgfmt --check-format",
                f"{placeholder:,.0f} vs {msgfmt:,.0f} pairs/s = {placeholder / msgfmt:.2f}x "
                f"(msgfmt reported {reported} of {(PO_PAIRS + 9) // 10} format errors)",
                ">= 1x",
                placeholder >= msgfmt,
                pairs_per_s=placeholder,
                msgfmt_pairs_per_s=msgfmt,
                msgfmt_errors=reported,
            )
        pofilter = BIN / "pofilter"
        if pofilter.exists():
            # best of POFILTER_REPEAT, as ours is best of PO_REPEAT (a run takes seconds)
            pofilter_s = min(
                timed(
                    [
                        str(pofilter),
                        "--progress=none",
                        "-t",
                        "printf",
                        str(po),
                        "-o",
                        str(folder / "pofilter-out.po"),
                    ]
                )
                for _ in range(POFILTER_REPEAT)
            )
            rate = PO_PAIRS / pofilter_s
            report.add(
                "cap-check-placeholder vs pofilter -t printf",
                f"{placeholder:,.0f} vs {rate:,.0f} pairs/s = {placeholder / rate:.1f}x",
                ">= 10x",
                placeholder >= 10 * rate,
                pairs_per_s=placeholder,
                pofilter_pairs_per_s=rate,
            )

        # instructions a pair, beyond start-up (an empty input's count): steady where wall
        # time is not, so two commits' rows compare (informational: no goal counts them)
        if INSTRUCTION_PAIRS and shutil.which("msgfmt") and shutil.which("valgrind"):
            pairs = min(INSTRUCTION_PAIRS, PO_PAIRS)
            few_cases = head(po_cases, folder / "ir-cases.jsonl", pairs)
            few_candidates = head(po_candidates, folder / "ir-candidates.jsonl", pairs)
            few_po = write_po(folder / "ir.po", few_cases, few_candidates, pairs)
            ours = [tool("cap-check-placeholder"), "--exit-zero", "--candidates"]
            our_counts = (
                instructions([sys.executable, *ours, str(few_candidates), str(few_cases)]),
                instructions([sys.executable, *ours, str(empty), str(empty)]),
            )
            msgfmt_counts = (
                instructions(["msgfmt", "--check-format", "-o", os.devnull, str(few_po)]),
                instructions(["msgfmt", "--check-format", "-o", os.devnull, str(empty_po)]),
            )
            if None not in our_counts + msgfmt_counts:
                our_per_pair = (our_counts[0] - our_counts[1]) / pairs
                msgfmt_per_pair = (msgfmt_counts[0] - msgfmt_counts[1]) / pairs
                report.add(
                    f"cap-check-placeholder vs msgfmt, instructions a pair ({pairs:,} pairs)",
                    f"{our_per_pair:,.0f} vs {msgfmt_per_pair:,.0f} "
                    f"= {msgfmt_per_pair / our_per_pair:.2f}x (valgrind; start-up excluded)",
                    instructions_per_pair=our_per_pair,
                    msgfmt_instructions_per_pair=msgfmt_per_pair,
                )

        # -- cap-import against cap-check on what it writes ------------------------------
        catalog_messages = max(N // 4, 1)
        po_catalog, en, fr = write_catalogs(folder, catalog_messages)
        for name, catalogs in [("PO", [po_catalog]), ("JSON", [en, fr])]:
            imported, checked = import_vs_check(folder, catalogs, catalog_messages)
            report.add(
                f"cap-import vs cap-check, {catalog_messages} {name} messages",
                f"{imported:,.0f} messages/s vs {checked:,.0f} cases/s = {imported / checked:.2f}x",
                ">= 1x",
                imported >= checked,
                messages_per_s=imported,
                cases_per_s=checked,
            )

        # -- memory -----------------------------------------------------------------------
        for name, argv in [
            ("cap-validate", [tool("cap-validate")]),
            ("cap-check", [*check_argv, "--no-orphans"]),
            (
                "cap-check-placeholder",
                [
                    tool("cap-check-placeholder"),
                    "--exit-zero",
                    "--no-orphans",
                    "--candidates",
                    str(candidates),
                ],
            ),
        ]:
            low, high = peak_rss_kb(argv, small), peak_rss_kb(argv, cases)
            growth = high / low
            report.add(
                f"{name} peak RSS, 1x → 10x cases",
                f"{low / 1024:.1f} → {high / 1024:.1f} MiB ({growth:.2f}x)",
                "<= 1.25x",
                growth <= 1.25,
                rss_1x_kib=low,
                rss_10x_kib=high,
            )

        # -- start-up ---------------------------------------------------------------------
        report.section = ""
        library_argv = [sys.executable, "-c", "import typer, orjson"]
        # every command of bin/, each with the options it needs to run on an empty input
        needs = {
            "cap-check": ["--candidates", str(empty)],
            "cap-check-placeholder": ["--candidates", str(empty)],
            "cap-check-protocol": ["--candidates", str(empty)],
            "cap-aggregate-scores": ["--cases", str(empty)],
            "cap-import": ["--provenance-kind", "synthetic", str(empty_po)],
            "cap-review-form": ["--roster", str(roster), "--reviewer", "r-1"],
            "cap-assign": ["--roster", str(roster)],
            "cap-consistency": ["--candidates", str(empty)],
            "cap-fix": ["--candidates", str(empty), "--cases", str(empty)],
        }
        commands = sorted(path.name for path in (ROOT / "bin").glob("cap-*"))
        # the one-message catalog names no language: its cases need one (else a usage error)
        one_po_argv = ["--provenance-kind", "synthetic", "--target-locale", "fr", str(one_po)]
        for name, extra, what in [
            *((name, needs.get(name, []), "empty input") for name in commands),
            ("cap-import", one_po_argv, "one-message PO"),
        ]:
            inputs = [] if name == "cap-import" else [str(empty)]
            informational = what != "empty input"  # a parser's import, not start-up
            argv = [tool(name), *extra, *inputs]
            # a command refusing its options (a usage error, exit 2) stops early: its time
            # would be no start-up's (cap-render-report exits 1 on an empty input)
            status = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True)
            if status.returncode not in (0, 1):
                report.add(
                    f"{name} start-up ({what})",
                    f"did not run (exit {status.returncode}): {status.stderr.decode()[-200:]}",
                    "" if informational else "<= 1.3x",
                    None if informational else False,
                )
                continue
            ms, library = startup_ms(argv, library_argv)
            report.add(
                f"{name} start-up (median of {STARTUP_RUNS}, {what})",
                f'{ms:.0f} ms = {ms / library:.2f}x `python -c "import typer, orjson"` '
                f"({library:.0f} ms, interleaved)",
                "" if informational else "<= 1.3x",
                None if informational else ms <= 1.3 * library,
                ms=ms,
                library_ms=library,
                ratio=ms / library,
            )
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    load_after = os.getloadavg()
    title = (
        f"# capeval bench: {N} EvalCase lines; load average {load_before[0]:.2f} before, "
        f"{load_after[0]:.2f} after ({os.cpu_count()} CPUs)"
    )
    print(title + "\n")
    print(report.table())
    target = Path(os.environ.get("BENCH_JSON", ROOT / "build" / "bench.json"))
    target.parent.mkdir(parents=True, exist_ok=True)
    document = {
        "n": N,
        "repeat": REPEAT,
        "load_average": {"before": load_before, "after": load_after},
        "cpus": os.cpu_count(),
        "rows": report.rows,
    }
    target.write_text(json.dumps(document, indent=2) + "\n")
    print(f"\n(written to {target})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
