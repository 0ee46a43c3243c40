"""The shared filter chassis, end to end through cap-validate (SPEC §2)."""

from __future__ import annotations

import json
import os
import signal
import subprocess

import pytest

from conftest import command, evalcase, jsonl, records, run_cmd

VALID = evalcase()
VALID_LINE = json.dumps(VALID)


def stderr_lines(proc: subprocess.CompletedProcess) -> list[str]:
    return proc.stderr.decode("utf-8").splitlines()


def test_valid_records_pass_through_byte_identical():
    # big integers, key order and escapes survive: the original bytes are written
    line = VALID_LINE[:-1] + ', "x-big": 123456789012345678901234567890, "x-esc": "\\u00e9\\/"}'
    proc = run_cmd("cap-validate", stdin=line + "\n")
    assert proc.returncode == 0
    assert proc.stdout == (line + "\n").encode()


def test_bom_crlf_blank_lines_and_missing_final_newline_are_accepted():
    data = (
        b"\xef\xbb\xbf"
        + VALID_LINE.encode()
        + b"\r\n\r\n   \n"
        + VALID_LINE.replace("printf.001", "printf.002").encode()
    )
    proc = run_cmd("cap-validate", stdin=data)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.split(b"\n")
    assert out[0] == VALID_LINE.encode()  # BOM and \r dropped
    assert len(records(proc.stdout)) == 2
    assert stderr_lines(proc)[-1] == "cap-validate: 2 read, 2 valid, 0 invalid"


@pytest.mark.parametrize(
    ("line", "code"),
    [
        (b"{not json", "jsonl.invalid_json"),
        (b'{"a": "\xff\xfe"}', "jsonl.invalid_utf8"),
        (b"[1, 2]", "jsonl.not_object"),
        (b'"text"', "jsonl.not_object"),
        (b"null", "jsonl.not_object"),
        # nesting beyond the parser's depth limit (1024) is not usable JSON
        (b"[" * 2000 + b"]" * 2000, "jsonl.invalid_json"),
        (b'{"a":' * 1100 + b"1" + b"}" * 1100, "jsonl.invalid_json"),
    ],
)
def test_malformed_lines_are_diagnosed_with_line_numbers_and_the_stream_goes_on(line, code):
    data = VALID_LINE.encode() + b"\n\n" + line + b"\n" + VALID_LINE.replace("001", "002").encode()
    proc = run_cmd("cap-validate", stdin=data)
    assert proc.returncode == 1
    assert len(records(proc.stdout)) == 2
    lines = stderr_lines(proc)
    assert lines[0].startswith(f"cap-validate: <stdin>:3: error: {code}: "), lines
    assert "Traceback" not in proc.stderr.decode()
    assert lines[-1] == "cap-validate: 3 read, 2 valid, 1 invalid"


def test_nesting_deeper_than_the_parser_limit_is_invalid_json_not_a_crash():
    proc = run_cmd("cap-validate", stdin=b"[" * 100000 + b"\n")
    assert proc.returncode == 1
    assert "jsonl.invalid_json" in proc.stderr.decode()


def test_too_long_lines_are_diagnosed_and_skipped(tmp):
    long_line = '{"x": "' + "a" * 5000 + '"}'
    path = tmp / "in.jsonl"
    path.write_text(jsonl(long_line, VALID))
    proc = run_cmd("cap-validate", "--max-line-bytes", "1000", str(path))
    assert proc.returncode == 1
    assert stderr_lines(proc)[0].startswith(f"cap-validate: {path}:1: error: jsonl.too_long:")
    assert records(proc.stdout) == [VALID]


def test_a_line_of_exactly_the_limit_is_accepted():
    proc = run_cmd(
        "cap-validate", "--max-line-bytes", str(len(VALID_LINE)), stdin=VALID_LINE + "\r\n"
    )
    assert proc.returncode == 0, proc.stderr


def test_files_are_read_in_order_with_their_names_in_diagnostics(tmp):
    first, second = tmp / "a.jsonl", tmp / "b.jsonl"
    first.write_text(jsonl(VALID))
    second.write_text(jsonl("{oops", evalcase(id="x.y.002")))
    proc = run_cmd("cap-validate", str(first), "-i", str(second))
    assert [r["id"] for r in records(proc.stdout)] == ["placeholder.printf.001", "x.y.002"]
    assert f"{second}:1: error: jsonl.invalid_json" in proc.stderr.decode()


def test_dash_means_stdin(tmp):
    path = tmp / "a.jsonl"
    path.write_text(jsonl(VALID))
    proc = run_cmd("cap-validate", str(path), "-", stdin=jsonl(evalcase(id="x.y.002")))
    assert len(records(proc.stdout)) == 2


def test_unreadable_input_is_exit_2_and_other_inputs_are_still_read(tmp):
    path = tmp / "a.jsonl"
    path.write_text(jsonl(VALID))
    proc = run_cmd("cap-validate", str(tmp / "missing.jsonl"), str(path))
    assert proc.returncode == 2
    assert "error: io.unreadable: cannot open" in proc.stderr.decode()
    assert len(records(proc.stdout)) == 1


def test_directory_as_input_is_unreadable(tmp):
    proc = run_cmd("cap-validate", str(tmp))
    assert proc.returncode == 2
    assert "io.unreadable" in proc.stderr.decode()


def test_diagnostics_file_has_the_documented_shape(tmp):
    diag = tmp / "diag.jsonl"
    bad = evalcase(id="x.y.002")
    bad["assertions"][0]["severity"] = "soft"
    proc = run_cmd("cap-validate", "--diagnostics", str(diag), stdin=jsonl(VALID, bad, "{"))
    assert proc.returncode == 1
    rows = [json.loads(line) for line in diag.read_text().splitlines()]
    assert rows[0] == {
        "tool": "cap-validate",
        "file": "<stdin>",
        "line": 2,
        "case_id": "x.y.002",
        "severity": "error",
        "code": "schema.enum",
        "path": "/assertions/0/severity",
        "message": "must be one of hard, report",
    }
    assert rows[1]["code"] == "jsonl.invalid_json" and rows[1]["case_id"] is None
    # the stderr line is the compiler-style rendering of the same diagnostic
    assert stderr_lines(proc)[0] == (
        "cap-validate: <stdin>:2: x.y.002: error: schema.enum: "
        "/assertions/0/severity must be one of hard, report"
    )


def test_quiet_silences_the_summary_but_not_diagnostics():
    proc = run_cmd("cap-validate", "-q", stdin=jsonl(VALID, "{"))
    lines = stderr_lines(proc)
    assert len(lines) == 1 and "jsonl.invalid_json" in lines[0]


def test_exit_zero_turns_findings_into_success_but_not_io_errors(tmp):
    assert run_cmd("cap-validate", "--exit-zero", stdin="{\n").returncode == 0
    assert run_cmd("cap-validate", "--exit-zero", str(tmp / "nope")).returncode == 2


def test_output_file_is_written_whole(tmp):
    out = tmp / "out.jsonl"
    proc = run_cmd("cap-validate", "-o", str(out), stdin=jsonl(VALID))
    assert proc.returncode == 0 and proc.stdout == b""
    assert out.read_text() == VALID_LINE + "\n"
    assert [p.name for p in tmp.iterdir()] == ["out.jsonl"]  # no temporary left behind


def test_output_file_is_not_replaced_when_an_input_cannot_be_read(tmp):
    out = tmp / "out.jsonl"
    out.write_text("old\n")
    proc = run_cmd("cap-validate", "-o", str(out), str(tmp / "missing"), stdin=jsonl(VALID))
    assert proc.returncode == 2
    assert out.read_text() == "old\n"


def test_head_closes_the_pipe_without_a_traceback(tmp):
    path = tmp / "big.jsonl"
    with path.open("w") as handle:
        for n in range(60000):
            handle.write(json.dumps(evalcase(id=f"bulk.case.{n}")) + "\n")
    proc = subprocess.run(
        f"'{command('cap-validate')}' '{path}' | head -3",
        shell=True,
        capture_output=True,
        timeout=60,
        executable="/bin/bash",
    )
    assert len(proc.stdout.splitlines()) == 3
    assert b"Traceback" not in proc.stderr and b"Error" not in proc.stderr
    direct = subprocess.Popen(
        [command("cap-validate"), str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    direct.stdout.readline()
    direct.stdout.close()
    _, err = direct.communicate(timeout=60)
    assert direct.returncode == -signal.SIGPIPE
    assert b"Traceback" not in err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_failed_write_is_one_line_and_exit_2():
    with open("/dev/full", "wb") as full:
        proc = subprocess.run(
            [command("cap-validate")],
            input=jsonl(VALID).encode(),
            stdout=full,
            stderr=subprocess.PIPE,
            timeout=30,
        )
    assert proc.returncode == 2
    lines = proc.stderr.decode().splitlines()
    assert (
        lines[0]
        == "cap-validate: error: io.write_failed: cannot write output: No space left on device"
    )
    assert "Traceback" not in proc.stderr.decode()


def test_line_buffered_flushes_each_record():
    proc = subprocess.Popen(
        [command("cap-validate"), "--line-buffered"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    proc.stdin.write(jsonl(VALID).encode())
    proc.stdin.flush()
    first = proc.stdout.readline()  # would block forever without a per-record flush
    assert json.loads(first)["id"] == VALID["id"]
    proc.stdin.close()
    proc.wait(timeout=30)


def test_progress_draws_only_when_asked():
    data = jsonl(*[evalcase(id=f"bulk.case.{n}") for n in range(9000)])
    quiet = run_cmd("cap-validate", stdin=data)
    assert "\r" not in quiet.stderr.decode()
    loud = run_cmd("cap-validate", "--progress", stdin=data)
    assert "\rcap-validate: 8192 records" in loud.stderr.decode()


def test_help_and_version():
    proc = run_cmd("cap-validate", "--help")
    text = proc.stdout.decode()
    assert proc.returncode == 0
    assert "Example:" in text and "--diagnostics PATH" in text and "--exit-zero" in text
    version = run_cmd("cap-validate", "--version")
    assert version.returncode == 0 and version.stdout.decode().startswith("capeval ")


def test_unknown_option_is_a_usage_error_exit_2():
    proc = run_cmd("cap-validate", "--no-such-option")
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr.decode()


@pytest.mark.parametrize(
    "name",
    ["cap-validate", "cap-check", "cap-check-placeholder", "cap-check-protocol"],
)
def test_every_filter_has_help_and_version(name):
    assert run_cmd(name, "--help").returncode == 0
    assert run_cmd(name, "--version").returncode == 0


def test_output_to_a_device_is_written_directly_not_replaced(tmp):
    proc = run_cmd("cap-validate", "-o", "/dev/null", stdin=jsonl(VALID))
    assert proc.returncode == 0
    assert os.path.exists("/dev/null") and not os.path.isfile("/dev/null")


def test_print_schema_prints_no_summary():
    proc = run_cmd("cap-validate", "--print-schema", "evalcase")
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["title"] == "EvalCase v1"
    assert proc.stderr == b""


def test_first_line_numbers_a_chunk_as_part_of_the_whole_file(tmp):
    data = b'{"a": 1}\nnot json\n\n[1]\n'
    whole = run_cmd("cap-validate", "-q", stdin=data)
    chunk = run_cmd("cap-validate", "-q", "--first-line", "41", stdin=data)
    assert b"<stdin>:2: error: jsonl.invalid_json" in whole.stderr
    assert b"<stdin>:42: error: jsonl.invalid_json" in chunk.stderr
    assert b"<stdin>:44: error: jsonl.not_object" in chunk.stderr
    # only the first input is a chunk: the next file is numbered from 1
    second = tmp / "second.jsonl"
    second.write_bytes(b"oops\n")
    both = run_cmd("cap-validate", "-q", "--first-line", "41", "-", str(second), stdin=data)
    assert f"{second}:1: error".encode() in both.stderr
    assert run_cmd("cap-validate", "--first-line", "0", stdin=data).returncode == 2


def test_a_diagnostic_is_one_line_whatever_its_pointer_or_file_holds(tmp_path):
    # a key with a line break (or a terminal escape) is part of the JSON pointer a schema
    # diagnostic names; a file name can hold one too
    review = {
        "case_id": "q1",
        "reviewer_id": "r1",
        "reviewer_role": "domain_reviewer",
        "synthetic": True,
        "scores": {"bad\nkey\r\x1b[31m": None},
        "blocking_flags": [],
    }
    odd = tmp_path / "odd\nname.jsonl"
    odd.write_text(json.dumps(review) + "\n", encoding="utf-8")
    done = run_cmd("cap-validate", "-q", "--kind", "review", str(odd))
    assert done.returncode == 1
    lines = done.stderr.decode().splitlines()
    assert len(lines) == 1 and "\x1b" not in lines[0], lines
    assert "bad\\nkey\\r\\u001b[31m" in lines[0] and "odd\\nname.jsonl" in lines[0]
