"""Every output is valid input to the next filter (issue 11): whatever the cases and
candidates, each line cap-check writes passes ``cap-validate --kind result`` and renders
with ``cap-render-report``; evidence stays within its documented bounds."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from capeval.evidence import bound_evidence, bound_message
from capeval.limits import EVIDENCE_LIST_ITEMS, EVIDENCE_STRING_CHARS, MESSAGE_CHARS

from conftest import evalcase, jsonl, records, run_in_process
from test_validate_properties import valid_cases

# A result line stays far below --max-line-bytes whatever the input (see docs/reliability.md).
RESULT_LINE_BOUND = 1 << 20

PIECES = st.sampled_from(
    ["%s", "%d", "%1$s", "{0}", "{name}", "{{x}}", "{n, plural, one {#} other {# x}}", "<b>",
     "</b>", "3", "1,234.5", "-7", "12:30", "AKIAABCDEFGHIJKLMNOP", "password=hunter22x",
     "\n", "1. ", "é", "日本", " ", "%", "{", "}", "ignore previous"]
)  # fmt: skip


@st.composite
def hostile_text(draw) -> str:
    """Short texts mostly, some long: a few pieces repeated many times."""
    pieces = draw(st.lists(PIECES | st.text(max_size=8), min_size=0, max_size=12))
    repeat = draw(st.sampled_from([1, 1, 1, 2, 50, 1500]))
    return "".join(pieces) * repeat


@st.composite
def cases_and_candidates(draw) -> tuple[list[dict], list[dict]]:
    cases = draw(st.lists(valid_cases(), min_size=1, max_size=3, unique_by=lambda c: c["id"]))
    for case in cases:
        if draw(st.booleans()):
            case["source"] = draw(hostile_text())
    candidates = []
    for case in cases:
        for system in draw(st.sampled_from([[None], ["a", "b"]])):
            candidate = {"case_id": case["id"], "text": draw(hostile_text())}
            if system is not None:
                candidate["system"] = system
            candidates.append(candidate)
    return cases, candidates


def check_then_validate_and_render(tmp_path, cases, candidates) -> list[bytes]:
    candidates_path = tmp_path / "candidates.jsonl"
    candidates_path.write_text(jsonl(*candidates), encoding="utf-8")
    checked = run_in_process(
        "cap-check", ["--exit-zero", "--candidates", str(candidates_path)], jsonl(*cases).encode()
    )
    assert checked.returncode == 0, checked.stderr.decode()
    assert b"Traceback" not in checked.stderr and b"internal" not in checked.stderr
    lines = checked.stdout.splitlines()
    assert lines
    validated = run_in_process("cap-validate", ["--kind", "result"], checked.stdout)
    assert validated.returncode == 0, validated.stderr.decode()[:2000]
    assert validated.stdout == checked.stdout
    rendered = run_in_process("cap-render-report", ["--exit-zero"], checked.stdout)
    assert rendered.returncode == 0, rendered.stderr.decode()[:2000]
    assert rendered.stdout
    return lines


@settings(
    max_examples=10,
    deadline=None,
    derandomize=True,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),  # no shrinking: slow on big inputs
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(cases_and_candidates())
def test_everything_cap_check_writes_is_valid_and_renders(tmp_path, generated):
    cases, candidates = generated
    for line in check_then_validate_and_render(tmp_path, cases, candidates):
        assert len(line) < RESULT_LINE_BOUND
        result = json.loads(line)
        assert len(result["message"]) <= MESSAGE_CHARS
        _within_bounds(result["evidence"])


def _within_bounds(value) -> None:
    if isinstance(value, str):
        assert len(value) <= EVIDENCE_STRING_CHARS
    elif isinstance(value, list):
        assert len(value) <= EVIDENCE_LIST_ITEMS
        for item in value:
            _within_bounds(item)
    elif isinstance(value, dict):
        assert len(value) <= 2 * EVIDENCE_LIST_ITEMS + 1
        for item in value.values():
            _within_bounds(item)


def test_number_fidelity_on_a_long_source_writes_a_small_valid_line(tmp_path):
    # 27 MB of evidence before the bound: every number of the source listed as missing
    source = " ".join(str(i) for i in range(30_000))
    case = evalcase(
        id="numbers.long.001",
        source=source,
        assertions=[{"name": "number_fidelity", "severity": "hard"}],
    )
    lines = check_then_validate_and_render(
        tmp_path, [case], [{"case_id": "numbers.long.001", "text": "none"}]
    )
    (result,) = records(b"\n".join(lines))
    evidence = result["evidence"]
    assert result["code"] == "number_missing"
    assert len(evidence["missing"]) == EVIDENCE_LIST_ITEMS
    assert evidence["missing_omitted"] == 30_000 - EVIDENCE_LIST_ITEMS
    assert evidence["source_omitted"] == 30_000 - EVIDENCE_LIST_ITEMS
    assert evidence["truncated"] is True
    assert len(result["message"]) == MESSAGE_CHARS and result["message"].endswith("…")
    assert len(lines[0]) < 20_000


def test_bounds_count_what_was_cut():
    bounded = bound_evidence({"a": list(range(60)), "b": "x" * 300, "c": [[1] * 70]})
    assert bounded["a"] == list(range(50)) and bounded["a_omitted"] == 10
    assert len(bounded["b"]) == EVIDENCE_STRING_CHARS
    assert len(bounded["c"][0]) == 50  # a list in a list: cut, counted by truncated
    assert bounded["truncated"] is True
    assert bound_evidence({"a": [1], "b": "x"}) == {"a": [1], "b": "x"}  # nothing cut: as is
    deep: dict = {}
    node = deep
    for _ in range(20):
        node["d"] = {}
        node = node["d"]
    assert "…" in json.dumps(bound_evidence(deep), ensure_ascii=False)
    assert bound_message("m" * 5000).endswith("…") and len(bound_message("m" * 5000)) == 1000


def test_cap_check_redacts_credentials_from_messages_and_evidence(tmp_path):
    key = "AKIAABCDEFGHIJKLMNOP"
    case = evalcase(
        id="secret.echo.001",
        source="Token: %s",
        assertions=[
            {"name": "placeholder_integrity", "severity": "hard", "params": {"syntax": "printf"}},
            {"name": "forbidden_renderings", "severity": "hard", "params": {"regex": ["AKIA\\w+"]}},
            {"name": "required_tokens", "severity": "report", "params": {"tokens": ["%s"]}},
        ],
    )
    # the key sits inside the 20-character excerpt of a syntax error too ("near")
    text = f"Jeton : %{key} " + "x" * 100 + f" {key}"
    lines = check_then_validate_and_render(
        tmp_path, [case], [{"case_id": "secret.echo.001", "text": text}]
    )
    output = b"\n".join(lines)
    assert key.encode() not in output and key[:8].encode() not in output
    assert b"[redacted:aws_access_key]" in output
