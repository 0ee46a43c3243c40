"""Attacks on a user's files: no output may land on an input or on another output, no input
may be the same stream as another, and the id lock is merged, never overwritten."""

from __future__ import annotations

import json
import os
import subprocess
import threading

import pytest

from conftest import command, evalcase, jsonl, run_cmd

PO = (
    'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: fr\\n"\n\n'
    'msgid "Hello %s"\nmsgstr "Bonjour %s"\n'
)
SYNTHETIC = ["--provenance-kind", "synthetic"]


def _refused(result, *fragments: str) -> str:
    err = result.stderr.decode()
    assert result.returncode == 2, err
    assert "usage" in err and "Traceback" not in err
    for fragment in fragments:
        assert fragment in err, err
    return err


@pytest.mark.parametrize("flag", ["--candidates", "-o", "--diagnostics"])
def test_import_never_writes_onto_its_catalog(tmp_path, flag):
    po = tmp_path / "x.po"
    po.write_text(PO, encoding="utf-8")
    result = run_cmd("cap-import", *SYNTHETIC, str(po), flag, str(po))
    _refused(result, "x.po")
    assert po.read_text(encoding="utf-8") == PO
    assert result.stdout == b""


@pytest.mark.parametrize("flag", ["--candidates", "-o", "--diagnostics", "--completeness"])
@pytest.mark.parametrize("catalog", ["locale/fr/LC_MESSAGES/app.po", "locale/en/app.json"])
def test_import_of_a_tree_never_writes_onto_a_catalog_it_walks(tmp_path, flag, catalog):
    # the directory is the input the chassis sees; the catalogs are found by walking it
    root = tmp_path / "project"
    po = root / "locale" / "fr" / "LC_MESSAGES" / "app.po"
    po.parent.mkdir(parents=True)
    po.write_text(PO, encoding="utf-8")
    for locale, text in (("en", "Hello %s"), ("de", "Hallo %s")):
        folder = root / "locale" / locale
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "app.json").write_text(json.dumps({"hello": text}), encoding="utf-8")
    before = {path: path.read_bytes() for path in root.rglob("*") if path.is_file()}
    target = root / catalog
    result = run_cmd("cap-import", *SYNTHETIC, str(root), flag, str(target))
    _refused(result, target.name, "would replace the input")
    assert {path: path.read_bytes() for path in root.rglob("*") if path.is_file()} == before
    assert result.stdout == b""


def test_import_of_a_tree_may_write_beside_its_catalogs(tmp_path):
    # an output in the tree that is no catalog is written, and not read back as one
    root = tmp_path / "project"
    po = root / "locale" / "fr" / "LC_MESSAGES" / "app.po"
    po.parent.mkdir(parents=True)
    po.write_text(PO, encoding="utf-8")
    cases, candidates = root / "cases.jsonl", root / "locale" / "candidates.jsonl"
    for _ in range(2):  # the second run finds the first one's outputs in the tree
        result = run_cmd(
            "cap-import", *SYNTHETIC, str(root), "-o", str(cases), "--candidates", str(candidates)
        )
        assert result.returncode == 0, result.stderr
        assert b"1 catalogs" in result.stderr, result.stderr
    assert len(cases.read_text(encoding="utf-8").splitlines()) == 1
    assert po.read_text(encoding="utf-8") == PO


def _cases_and_candidates(tmp_path):
    cases = tmp_path / "cases.jsonl"
    cases.write_text(jsonl(evalcase()), encoding="utf-8")
    candidates = tmp_path / "candidates.jsonl"
    candidates.write_text(jsonl({"case_id": evalcase()["id"], "text": "%s %d"}), "utf-8")
    return cases, candidates


@pytest.mark.parametrize("onto", ["cases", "candidates"])
def test_check_output_never_lands_on_an_input(tmp_path, onto):
    cases, candidates = _cases_and_candidates(tmp_path)
    before = {p: p.read_bytes() for p in (cases, candidates)}
    target = cases if onto == "cases" else candidates
    result = run_cmd("cap-check", str(cases), "--candidates", str(candidates), "-o", str(target))
    _refused(result, target.name)
    assert {p: p.read_bytes() for p in (cases, candidates)} == before


def test_validate_onto_its_input_through_a_symlink(tmp_path):
    cases = tmp_path / "cases.jsonl"
    text = jsonl(evalcase(), "{not json")
    cases.write_text(text, encoding="utf-8")
    link = tmp_path / "link.jsonl"
    link.symlink_to(cases)
    for target in (cases, link):
        _refused(run_cmd("cap-validate", str(cases), "-o", str(target)))
        assert cases.read_text(encoding="utf-8") == text
        assert link.is_symlink()


def test_validate_onto_its_input_through_a_hard_link(tmp_path):
    cases = tmp_path / "cases.jsonl"
    text = jsonl(evalcase())
    cases.write_text(text, encoding="utf-8")
    os.link(cases, tmp_path / "other-name.jsonl")
    _refused(run_cmd("cap-validate", str(cases), "-o", str(tmp_path / "other-name.jsonl")))
    assert cases.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("second", [["--diagnostics"], ["--manifest"], ["--lock", "--update-lock"]])
def test_two_outputs_on_one_path(tmp_path, second):
    out = tmp_path / "out.jsonl"
    argv = ["-o", str(out), second[0], str(out), *second[1:]]
    result = run_cmd("cap-validate", *argv, stdin=jsonl(evalcase()))
    _refused(result, "out.jsonl")
    assert not out.exists()


def test_candidates_on_stdin_while_cases_are_read_from_stdin(tmp_path):
    # two readers of one pipe would split it: most cases silently unchecked
    cases = jsonl(*[evalcase(id=f"c.{n:03d}") for n in range(50)])
    result = run_cmd(
        "cap-check",
        "--exit-zero",
        "--candidates",
        "/dev/stdin",
        stdin=cases,
        subprocess_only=True,
    )
    _refused(result, "/dev/stdin", "standard input")
    assert result.stdout == b""


def test_the_same_fifo_twice_is_refused_without_hanging(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    # nothing ever writes to the FIFO: a command that opened it would hang until the timeout
    result = subprocess.run(
        [command("cap-check"), str(fifo), "--candidates", str(fifo)],
        capture_output=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    _refused(result, "fifo")


def test_concurrent_lock_updates_merge(tmp_path):
    """A CI matrix: run A reads the lock, run B adds its ids, then A ends; both ids stay."""
    lock = tmp_path / "ids.lock.json"
    lock.write_text("{}\n", encoding="utf-8")
    fifo = tmp_path / "cases-a"
    os.mkfifo(fifo)
    a = subprocess.Popen(
        [command("cap-validate"), "-q", "--lock", str(lock), "--update-lock", str(fifo)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        # the lock is read before the first input is opened: once the FIFO is open, A has it
        writer = open(fifo, "w", encoding="utf-8")  # noqa: SIM115
        b = run_cmd(
            "cap-validate", "-q", "--lock", str(lock), "--update-lock",
            stdin=jsonl(evalcase(id="from.run.b")), subprocess_only=True,
        )  # fmt: skip
        assert b.returncode == 0, b.stderr
        assert "from.run.b" in json.loads(lock.read_text(encoding="utf-8"))
        writer.write(jsonl(evalcase(id="from.run.a")))
        writer.close()
        assert a.wait(timeout=60) == 0, a.stderr.read()
    finally:
        if a.poll() is None:
            a.kill()
        a.stderr.close()
    assert set(json.loads(lock.read_text(encoding="utf-8"))) == {"from.run.a", "from.run.b"}


def test_lock_updates_in_parallel_lose_nothing(tmp_path):
    lock = tmp_path / "ids.lock.json"
    results = {}

    def one(n: int) -> None:
        results[n] = run_cmd(
            "cap-validate", "-q", "--lock", str(lock), "--update-lock",
            stdin=jsonl(*[evalcase(id=f"run{n}.case{k}") for k in range(20)]),
            subprocess_only=True,
        )  # fmt: skip

    threads = [threading.Thread(target=one, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(r.returncode == 0 for r in results.values()), results
    assert len(json.loads(lock.read_text(encoding="utf-8"))) == 80
