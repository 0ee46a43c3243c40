"""The compiled-template cache (``capeval.templating``): pages come out the same with it,
without it, and when it cannot be written; an edited template is compiled afresh."""

from __future__ import annotations

import os

from capeval import templating

from conftest import ROOT, run_in_process

EXAMPLES = ROOT / "examples" / "domain_semantic_quality"


def _page(_tmp_path=None) -> bytes:
    args = ["--roster", str(EXAMPLES / "roster.jsonl"), "--reviewer", "synthetic-med-reviewer-a"]
    cases = (EXAMPLES / "cap_med_synthetic_cases.jsonl").read_bytes()
    done = run_in_process("cap-review-form", args, cases)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_page_from_the_cache_is_the_page_compiled_afresh(tmp_path, monkeypatch):
    first, cached = _page(tmp_path), _page(tmp_path)  # the second loads what the first compiled
    monkeypatch.setattr(templating, "_bytecode_cache", lambda: None)
    assert first == cached == _page(tmp_path)
    assert b"data-case" in first


def test_a_cache_that_cannot_be_written_is_no_cache(tmp_path, monkeypatch):
    cache = templating._bytecode_cache()
    cache.directory = str(tmp_path / "gone")  # writing there fails: quietly
    monkeypatch.setattr(templating, "_bytecode_cache", lambda: cache)
    assert _page(tmp_path).startswith(b"<!DOCTYPE html>")
    assert not os.path.exists(tmp_path / "gone")


def test_an_edited_template_is_compiled_again(tmp_path):
    template = tmp_path / "page.j2"
    template.write_text("one {{ x }}\n")
    assert templating.environment(tmp_path, False).get_template("page.j2").render(x=1) == "one 1\n"
    template.write_text("two {{ x }}\n")
    assert templating.environment(tmp_path, False).get_template("page.j2").render(x=1) == "two 1\n"
