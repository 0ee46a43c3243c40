"""Side outputs fail like stdout (issue 11): --diagnostics on a full device, -o through a
symlink and onto an existing file, a user's --template in the sandbox; no message names a
Python exception."""

from __future__ import annotations

import os
import re
import stat

import pytest

from capeval.validate.licenses import license_problem

from conftest import evalcase, jsonl, run_cmd

EXCEPTION_NAME = re.compile(rb"\b[A-Z][A-Za-z]*(?:Error|Exception)\b|Traceback")
FULL = "/dev/full"
needs_dev_full = pytest.mark.skipif(not os.path.exists(FULL), reason="no /dev/full here")


@needs_dev_full
@pytest.mark.parametrize("bad_lines", [1, 3000])  # 3000: the sink fills mid-run, not at the end
def test_diagnostics_on_a_full_device_is_one_write_failed_line(bad_lines):
    done = run_cmd("cap-validate", "--diagnostics", FULL, stdin="{oops\n" * bad_lines)
    assert done.returncode == 2
    stderr = done.stderr.decode()
    assert stderr.count("io.write_failed") == 1
    assert f"error: io.write_failed: cannot write {FULL}: No space left on device" in stderr
    assert "io.unreadable" not in stderr
    assert not EXCEPTION_NAME.search(done.stderr)
    assert stderr.count("jsonl.invalid_json") == bad_lines  # stderr keeps every diagnostic


def test_output_through_a_symlink_replaces_its_target_and_keeps_the_link(tmp_path):
    target = tmp_path / "real.jsonl"
    target.write_text("old\n", encoding="utf-8")
    os.chmod(target, 0o600)
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    done = run_cmd("cap-validate", "-o", str(link), stdin=jsonl(evalcase()))
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text(encoding="utf-8").startswith('{"schema_version"')
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.jsonl", "real.jsonl"]


def test_output_keeps_an_existing_files_mode_and_a_new_one_follows_the_umask(tmp_path):
    existing = tmp_path / "out.jsonl"
    existing.write_text("", encoding="utf-8")
    os.chmod(existing, 0o640)
    run_cmd("cap-validate", "-o", str(existing), stdin=jsonl(evalcase()))
    assert stat.S_IMODE(existing.stat().st_mode) == 0o640
    fresh = tmp_path / "new.jsonl"
    umask = os.umask(0o027)
    try:
        run_cmd("cap-validate", "-o", str(fresh), stdin=jsonl(evalcase()))
    finally:
        os.umask(umask)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o640


def _results() -> str:
    return jsonl(
        {"case_id": "a.b", "assertion": "max_chars", "passed": True, "severity": "hard",
         "code": "ok", "message": "ok", "evidence": {}}
    )  # fmt: skip


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ok\n{{ 1 / 0 }}\n", b":2: division by zero"),
        ("{{ ''.__class__.__mro__ }}\n", b":1: access to attribute '__class__' of 'str'"),
        ("\n\n{{ view.pop('x') }}\n", b":3: access to attribute 'pop' of 'dict'"),
        ("{{ view.nothing.deeper }}\n", b":1: "),
    ],
)
def test_a_user_template_runs_sandboxed_and_its_errors_name_the_line(tmp_path, text, expected):
    template = tmp_path / "mine.md"
    template.write_text(text, encoding="utf-8")
    done = run_cmd("cap-render-report", "--template", str(template), stdin=_results())
    assert done.returncode == 2
    assert b"error: usage: --template " + str(template).encode() + expected in done.stderr
    assert not EXCEPTION_NAME.search(done.stderr)


def test_no_license_message_names_an_exception():
    for expression in ["MIT/GPL", '"x"', "\x00"]:
        message = license_problem(expression)
        assert message and "cannot be parsed" in message
        assert not EXCEPTION_NAME.search(message.encode())
