"""make fuzz: drive every parser and every filter with generated hostile input for a set time.

Each target is a hypothesis property run in this process (filters through the same chassis
and command line as the installed commands, without an interpreter per run):

* parsers — JSON Lines reading, printf/python/auto/custom/ICU placeholder extraction, the
  assertions (which drive the number, protocol and length parsers), the secret scan and
  redaction, the review configuration, the schemas;
* filters — cap-validate (every kind), cap-check and its two siblings, cap-aggregate-scores,
  cap-render-report, cap-review-form, on records mutated from the shipped corpora, and
  cap-import on generated catalogs (PO, JSON, ARB, .strings, Android XML, XLIFF);
* po-readers — the PO reader's own loop against Babel's parser, on real and generated
  catalogs with odd lines put in: the two must read every file the same.

Properties: a parser raises only its documented error; a filter exits 0, 1 or 2 with one
diagnostic per stderr line, never a traceback, an ``internal`` diagnostic or an exception's
name; what cap-check writes passes ``cap-validate --kind result``; cap-validate passes lines
through byte for byte.

``FUZZ_SECONDS`` (default 60) is shared by the targets (a round in progress is finished,
so a run may end later); ``FUZZ_TARGETS`` (comma-separated) picks some. Each round gives
every target twice the examples of the last, from 50 up to 400. The closing lines give the
worst time per record each target saw and the peak memory (maximum resident set size) of
the run. ``make test`` runs a short derandomised slice of the same targets
(tests/test_fuzz_slice.py).
"""

from __future__ import annotations

import io
import json
import os
import re
import resource
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from conftest import run_in_process  # noqa: E402  (the tests' in-process runner)

# -- corpora: real-shaped records to mutate ---------------------------------------------------
CORPORA = {
    "evalcase": sorted((ROOT / "evals" / "i18n-prompt" / "cases" / "dev").glob("*.jsonl")),
    "candidate": sorted((ROOT / "evals" / "i18n-prompt" / "baselines").glob("*.candidates.jsonl")),
    "result": sorted((ROOT / "evals" / "i18n-prompt" / "baselines").glob("*.expected.jsonl")),
    "quality-case": sorted((ROOT / "examples" / "domain_semantic_quality").glob("*cases.jsonl")),
    "review": [ROOT / "examples" / "domain_semantic_quality" / "synthetic_reviewer_scores.jsonl"],
    "roster": [ROOT / "examples" / "domain_semantic_quality" / "roster.jsonl"],
}


def _load(kind: str) -> list[dict[str, Any]]:
    found = []
    for path in CORPORA[kind]:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                found.append(json.loads(line))
    return found


SEEDS = {kind: _load(kind) for kind in CORPORA}

# Pieces hostile text is made of: placeholders of every syntax, ICU, numbers in several
# locales, protocol markers, credentials, controls, look-alikes, unpaired markup.
PIECES = [
    "%s", "%d", "%1$s", "%-08.3f", "%%", "%(name)s", "{0}", "{name}", "{0:>{1}}", "{{", "}}",
    "{n, plural, one {# item} other {# items}}", "{g, select, male {he} other {they}}", "'{'",
    "<b>", "</b>", "<0>", "</0>", "<br/>", "${x}", "{{y}}", "%{z}", "3", "1,234.56", "1.234,56",
    "-7", "١٢٣", "12:30", "1e9", "99999999999999999999999", "1. ", "2) ", "\n", "\r", "\t",
    "\u200f", "\ufeff", "％", "｛", "é", "e\u0301", "日本語", "🙂", "\x00", "\\", '"', "AKIA",
    "AKIAABCDEFGHIJKLMNOP", "password=hunter22x", "ghp_" + "a1B2" * 9,
    "-----BEGIN PRIVATE KEY-----",
]  # fmt: skip
PIECE = st.sampled_from(PIECES)


@st.composite
def hostile_text(draw: Any, long: bool = True) -> str:
    parts = draw(st.lists(PIECE | st.text(max_size=6), max_size=10))
    repeat = draw(st.sampled_from([1, 1, 1, 2, 7, 300] + ([5000] if long else [])))
    return "".join(parts) * repeat


JSON_SCALAR = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-(10**30), 10**30), st.floats(),
    hostile_text(long=False),
)  # fmt: skip
JSON_VALUE = st.recursive(
    JSON_SCALAR,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(hostile_text(long=False), inner, max_size=4)
    ),
    max_leaves=12,
)


def _paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _paths(value, (*prefix, index))
    return found


def _set(node: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    copy = dict(node) if isinstance(node, dict) else list(node)
    copy[head] = _set(node[head], rest, value)
    return copy


@st.composite
def mutated(draw: Any, kind: str) -> dict[str, Any]:
    """A corpus record of ``kind`` with a few values replaced, keys dropped or added."""
    record = draw(st.sampled_from(SEEDS[kind]))
    for _ in range(draw(st.integers(0, 3))):
        paths = _paths(record)
        path = draw(st.sampled_from(paths))
        choice = draw(st.integers(0, 3))
        if choice == 0 and path:
            value = draw(JSON_VALUE)
        elif choice == 1:
            value = draw(hostile_text())
        elif choice == 2 and path and isinstance(path[-1], str):
            parent = path[:-1]
            container = record
            for step in parent:
                container = container[step]
            value = {k: v for k, v in container.items() if k != path[-1]}
            path = parent
        else:
            value = draw(JSON_SCALAR)
        record = _set(record, path, value)
        if not isinstance(record, dict):
            record = {"value": record}
    return record


@st.composite
def hostile_line(draw: Any, kind: str) -> bytes:
    """One JSON Lines line: a mutated record, sometimes damaged as bytes."""
    record = draw(mutated(kind))
    try:
        line = json.dumps(record, ensure_ascii=draw(st.booleans()), allow_nan=True)
    except (ValueError, TypeError):
        line = "{}"
    data = line.encode("utf-8", "surrogatepass")
    damage = draw(st.integers(0, 9))
    if damage == 0:
        data = data[: draw(st.integers(0, len(data)))]  # cut short
    elif damage == 1 and data.startswith(b"{") and len(data) > 2:
        data = b'{"case_id": "dup", ' + data[1:]  # a repeated key, perhaps
    elif damage == 2:
        data = draw(st.binary(max_size=40))  # noise
    elif damage == 3:
        data = b"\xef\xbb\xbf" + data  # a BOM
    return data


def lines_of(kind: str, max_size: int = 6) -> Any:
    return st.lists(hostile_line(kind), min_size=1, max_size=max_size).map(
        lambda lines: b"".join(line.replace(b"\n", b" ") + b"\n" for line in lines)
    )


# -- what a filter run must look like -----------------------------------------------------
EXCEPTION_NAME = re.compile(rb"\b[A-Z][A-Za-z]*(?:Error|Exception)\b|Traceback")


def _well_behaved(tool: str, done: Any) -> None:
    assert done.returncode in (0, 1, 2), (tool, done.returncode, done.stderr[-2000:])
    assert not EXCEPTION_NAME.search(done.stderr), done.stderr[-2000:]
    for line in done.stderr.decode("utf-8", "replace").split("\n")[:-1]:
        assert line.startswith(f"{tool}: "), line
        assert not any(c in line for c in "\r\x1b\x85\u2028\u2029"), line
        assert ": internal: " not in line, line


class Recorder:
    """The worst time per record each target saw."""

    def __init__(self) -> None:
        self.worst: dict[str, tuple[float, int]] = {}
        self.examples: dict[str, int] = {}

    def timed(self, name: str, records: int, run: Callable[[], Any]) -> Any:
        started = time.perf_counter()
        try:
            return run()
        finally:
            per_record = (time.perf_counter() - started) / max(1, records)
            self.examples[name] = self.examples.get(name, 0) + 1
            # a target's first run pays its imports and template compilation: not a record's
            if self.examples[name] > 1 and per_record > self.worst.get(name, (0.0, 0))[0]:
                self.worst[name] = (per_record, records)


RECORDER = Recorder()


def _filter(tool: str, args: list[str], stdin: bytes, records: int) -> Any:
    done = RECORDER.timed(tool, records, lambda: run_in_process(tool, args, stdin))
    _well_behaved(tool, done)
    return done


# -- targets ------------------------------------------------------------------------------
def target_jsonl(config: settings) -> Callable[[], None]:
    from capeval.jsonl import read_lines

    @config
    @given(st.lists(st.binary(max_size=60) | hostile_line("evalcase"), max_size=8))
    def run(lines: list[bytes]) -> None:
        data = b"\n".join(lines)
        problems: list[tuple] = []
        read = RECORDER.timed(
            "parse: jsonl",
            len(lines),
            lambda: list(read_lines(io.BytesIO(data), lambda *p: problems.append(p), 4096)),
        )
        assert all(isinstance(item[2], dict) for item in read)
        assert all(code.startswith("jsonl.") for _, code, _ in problems)

    return run


def target_placeholders(config: settings) -> Callable[[], None]:
    from capeval.placeholders import auto, custom, icu_parser, printf, python

    @config
    @given(hostile_text(), st.sampled_from(list(custom.PRESETS)))
    def run(text: str, preset: str) -> None:
        def parse_all() -> None:
            printf.extract_printf_placeholders(text)
            python.extract_python_placeholders(text, "both")
            auto.extract_auto_placeholders(text)
            custom.extract_custom_placeholders(text, preset=preset)
            try:
                icu_parser.parse(text)
            except icu_parser.IcuSyntaxError:
                pass

        RECORDER.timed("parse: placeholders", 1, parse_all)

    return run


ASSERTION_PARAMS = {
    "placeholder_integrity": st.fixed_dictionaries(
        {"syntax": st.sampled_from(["auto", "printf", "python", "icu"])},
        optional={"allow_reorder": st.booleans()},
    )
    | st.fixed_dictionaries(
        {"syntax": st.just("custom"), "pattern": st.sampled_from([r"\{\w+\}", r"(a+)+$", "%s"])}
    ),
    "number_fidelity": st.just({}),
    "protocol_complete": st.fixed_dictionaries(
        {"expected_items": st.integers(1, 300)},
        optional={"format": st.sampled_from(["numbered_lines", "json_array", "json_object"])},
    ),
    "required_tokens": st.fixed_dictionaries({"tokens": st.lists(PIECE, min_size=1, max_size=5)}),
    "forbidden_renderings": st.fixed_dictionaries(
        {"regex": st.lists(st.sampled_from([r"(a|aa)+$", r"\d+", "AKIA\\w+"]), max_size=40)}
    ),
    "max_chars": st.fixed_dictionaries(
        {"max": st.integers(1, 50)},
        optional={"unit": st.sampled_from(["graphemes", "codepoints", "utf16", "bytes"])},
    ),
}


def target_assertions(config: settings) -> Callable[[], None]:
    from capeval import assertions
    from capeval.assertions import ParamsError, Subject

    @config
    @given(
        st.sampled_from(assertions.NAMES).flatmap(
            lambda name: st.tuples(st.just(name), ASSERTION_PARAMS.get(name, st.just({})))
        ),
        hostile_text(),
        hostile_text(),
        st.sampled_from(["en", "de-DE", "ar", "fr", "hi-IN", "ja"]),
    )
    def run(named: tuple[str, dict], source: str, text: str, locale: str) -> None:
        name, params = named
        case = {"id": "f.z", "source": source, "source_locale": "en", "target_locale": locale}
        subject = Subject.of(case, {"case_id": "f.z", "text": text})
        try:
            outcome = RECORDER.timed(
                f"assertion: {name}", 1, lambda: assertions.load(name).check(subject, params)
            )
        except ParamsError:
            return
        json.dumps(outcome.evidence)  # evidence is JSON

    return run


def target_secrets(config: settings) -> Callable[[], None]:
    from capeval.secrets import find_secrets, redact

    @config
    @given(hostile_text())
    def run(text: str) -> None:
        def scan() -> None:
            redacted = redact(text)
            assert not find_secrets({"x": redacted}) or "[redacted:" in redacted

        RECORDER.timed("parse: secrets", 1, scan)

    return run


def target_config(config: settings) -> Callable[[], None]:
    from capeval.config import ConfigError, load_config

    yaml_text = st.one_of(
        st.text(max_size=200),
        st.lists(
            st.sampled_from(
                ["score_range: [1, 5]", "score_range: [0, 99999999999]", "pass_threshold: 4",
                 "pass_threshold: 9", "min_reviewers: 0", "blocking_flags: [a, a]",
                 "profiles: {p: [x]}", "x-a: &a {k: 1}", "x-b: {<<: *a, k: 2}", "evidence_tier: q",
                 "privacy_as_error: yes", "pass_threshold: 3", "[", "a: !!python/object {}",
                 "k: " + "[" * 200]
            ),
            max_size=6,
        ).map("\n".join),
    )  # fmt: skip

    @config
    @given(yaml_text)
    def run(text: str) -> None:
        with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as handle:
            handle.write(text)
        try:
            RECORDER.timed("parse: config", 1, lambda: load_config(handle.name))
        except ConfigError:
            pass
        finally:
            os.unlink(handle.name)

    return run


def target_validate(config: settings) -> Callable[[], None]:
    @config
    @given(st.sampled_from(sorted(CORPORA)).flatmap(lambda k: st.tuples(st.just(k), lines_of(k))))
    def run(generated: tuple[str, bytes]) -> None:
        kind, data = generated
        args = ["--kind", kind] if kind != "evalcase" else []
        done = _filter("cap-validate", args, data, data.count(b"\n"))
        passed = done.stdout.splitlines()
        assert set(passed) <= {line.removeprefix(b"\xef\xbb\xbf") for line in data.splitlines()}

    return run


def _check_run(tool: str, config: settings) -> Callable[[], None]:
    @config
    @given(lines_of("evalcase"), lines_of("candidate", 10))
    def run(cases: bytes, candidates: bytes) -> None:
        with tempfile.NamedTemporaryFile("wb", suffix=".jsonl", delete=False) as handle:
            handle.write(candidates)
        try:
            records = cases.count(b"\n") + candidates.count(b"\n")
            done = _filter(tool, ["--candidates", handle.name], cases, records)
        finally:
            os.unlink(handle.name)
        if done.returncode != 2 and done.stdout:
            checked = run_in_process("cap-validate", ["--kind", "result"], done.stdout)
            assert checked.returncode == 0, checked.stderr[-2000:]

    return run


def target_check(config: settings) -> Callable[[], None]:
    return _check_run("cap-check", config)


def target_check_placeholder(config: settings) -> Callable[[], None]:
    return _check_run("cap-check-placeholder", config)


def target_check_protocol(config: settings) -> Callable[[], None]:
    return _check_run("cap-check-protocol", config)


def target_aggregate(config: settings) -> Callable[[], None]:
    @config
    @given(lines_of("quality-case"), lines_of("review", 10), lines_of("roster"))
    def run(cases: bytes, reviews: bytes, roster: bytes) -> None:
        paths = []
        try:
            for data in (cases, roster):
                with tempfile.NamedTemporaryFile("wb", suffix=".jsonl", delete=False) as handle:
                    handle.write(data)
                paths.append(handle.name)
            records = cases.count(b"\n") + reviews.count(b"\n") + roster.count(b"\n")
            done = _filter(
                "cap-aggregate-scores",
                ["--cases", paths[0], "--roster", paths[1]],
                reviews,
                records,
            )
            if done.returncode != 2 and done.stdout:
                _filter("cap-render-report", ["--exit-zero"], done.stdout, 1)
        finally:
            for path in paths:
                os.unlink(path)

    return run


def target_render(config: settings) -> Callable[[], None]:
    @config
    @given(lines_of("result", 10), st.sampled_from([[], ["--html"], ["--github"]]))
    def run(results: bytes, options: list[str]) -> None:
        _filter("cap-render-report", options, results, results.count(b"\n"))

    return run


def _catalog(draw: Any) -> tuple[str, str]:
    """A catalog file's name and text: hostile messages in one of the formats cap-import reads."""
    texts = draw(st.lists(hostile_text(long=False), min_size=1, max_size=4))
    form = draw(st.sampled_from(["po", "json", "xml", "xlf", "strings", "arb"]))
    quoted = [json.dumps(text, ensure_ascii=False) for text in texts]
    if form == "po":
        body = "".join(f"msgid {q}\nmsgstr {q}\n\n" for q in quoted)
        return "fr.po", 'msgid ""\nmsgstr "Language: fr\\n"\n\n' + body
    if form in ("json", "arb"):
        messages = {f"k{i}": text for i, text in enumerate(texts)}
        return f"app_fr.{form}", json.dumps(messages, ensure_ascii=False)
    if form == "strings":
        return "Localizable.strings", "".join(f"{q} = {q};\n" for q in quoted)
    if form == "xml":
        items = "".join(f'<string name="k{i}">{t}</string>' for i, t in enumerate(texts))
        return "strings.xml", f"<resources>{items}</resources>"
    units = "".join(
        f'<trans-unit id="k{i}"><source>{t}</source><target>{t}</target></trans-unit>'
        for i, t in enumerate(texts)
    )
    return "app.xlf", (
        '<xliff version="1.2"><file source-language="en" target-language="fr">'
        f"<body>{units}</body></file></xliff>"
    )


def target_import(config: settings) -> Callable[[], None]:
    @config
    @given(st.data())
    def run(data: Any) -> None:
        name, text = _catalog(data.draw)
        with tempfile.TemporaryDirectory(prefix="capeval-fuzz-") as folder:
            path = Path(folder) / name
            path.write_text(text, encoding="utf-8", errors="surrogatepass")
            args = ["--provenance-kind", "synthetic", str(path), "--candidates", "-"]
            _filter("cap-import", args, b"", 1)

    return run


def target_po_readers(config: settings) -> Callable[[], None]:
    """The PO reader's own loop against Babel's parser (tests/test_po_plain_reader.py): a
    real catalog from the cache (``make realdata``), or generated entries, with odd lines
    put in and lines dropped."""
    import test_po_plain_reader as po_readers

    real = sorted(po_readers.DJANGO.glob("django/**/locale/*/LC_MESSAGES/*.po"))

    @config
    @given(st.data())
    def run(data: Any) -> None:
        if real and data.draw(st.booleans()):
            path = real[data.draw(st.integers(0, len(real) - 1))]
            lines = path.read_text(encoding="utf-8", errors="replace").split("\n")
        else:
            entries = data.draw(st.lists(po_readers.entry, min_size=1, max_size=6))
            lines = (po_readers.HEADER + "\n\n".join(entries)).split("\n")
        if data.draw(st.integers(0, 3)) == 0:
            del lines[data.draw(st.integers(0, len(lines) - 1))]
        # mostly one odd line: a second one usually sends the file to Babel on its own
        odd = st.tuples(st.booleans(), st.integers(0, 10**6), po_readers.odd_line)
        inserted = data.draw(st.lists(odd, min_size=1, max_size=2))
        if data.draw(st.booleans()):
            inserted += data.draw(po_readers.insertions)
        lines = po_readers.with_lines_put_in(lines, inserted)
        po_readers.assert_both_readers_agree("\n".join(lines).encode("utf-8"))

    return run


def target_review_form(config: settings) -> Callable[[], None]:
    @config
    @given(lines_of("quality-case"), lines_of("roster"))
    def run(cases: bytes, roster: bytes) -> None:
        with tempfile.NamedTemporaryFile("wb", suffix=".jsonl", delete=False) as handle:
            handle.write(roster)
        try:
            reviewer = SEEDS["roster"][0]["reviewer_id"]
            args = ["--roster", handle.name, "--reviewer", reviewer]
            _filter("cap-review-form", args, cases, cases.count(b"\n"))
        finally:
            os.unlink(handle.name)

    return run


# -- hostile structure: catalogs, every report writer, the form's configuration --------------
# What must never come out, whatever the input: the credentials of PIECES (a fragment that
# survives any escaping of any format), raw controls and bidi overrides in a CI format.
# (not the password of PIECES: glued to a word before it, "%spassword=…" is one word, as
# "bypass=…" is, and no assignment)
LEAK_FRAGMENTS = ("ABCDEFGHIJKLMNOP", "a1B2a1B2a1B2a1B2")
RAW_CONTROLS = ("\x1b", "\x07", "\x85", "\u202e", "\u2066", "\u200f")
CI_FORMATS = ("github", "sarif", "junit", "rdjson", "rdjsonl")


def _nested(draw: Any, open_tag: str, close_tag: str) -> str:
    depth = draw(st.sampled_from([1, 2, 30, 255, 257, 1000, 3000]))
    return open_tag * depth + draw(hostile_text(long=False)) + close_tag * depth


@st.composite
def hostile_catalog(draw: Any) -> tuple[str, str]:
    """A catalog hostile in its structure: deep XML, wild Plural-Forms headers, many forms."""
    form = draw(st.sampled_from(["xlf", "xml", "stringsdict", "po-plural"]))
    if form == "xlf":
        inner = _nested(draw, "<g>", "</g>")
        return "app.xlf", (
            '<xliff version="1.2"><file source-language="en" target-language="fr"><body>'
            f'<trans-unit id="a"><source>{inner}</source><target>{inner}</target></trans-unit>'
            "</body></file></xliff>"
        )
    if form == "xml":
        return "strings.xml", f'<resources><string name="a">{_nested(draw, "<b>", "</b>")}'
        "</string></resources>"
    if form == "stringsdict":
        inner = _nested(draw, "<dict><key>k</key>", "</dict>")
        return "Localizable.stringsdict", f'<plist version="1.0">{inner}</plist>'
    nplurals = draw(st.sampled_from([0, 1, 2, 6, 20, 21, 1000, 10**6, 10**9, -1]))
    depth = draw(st.sampled_from([1, 10, 64, 65, 1000]))
    expression = draw(
        st.sampled_from(
            [
                "(" * depth + "n" + ")" * depth,
                "".join(f"n=={k} ? {k} : " for k in range(depth)) + "0",
                "!" * depth + "n",
                "n" + " + n" * depth,
                "n%10==1 && n%100!=11 ? 0 : 1",
            ]
        )
        | hostile_text(long=False)
    )
    forms = draw(st.integers(0, 8))
    texts = [json.dumps(draw(hostile_text(long=False)), ensure_ascii=False) for _ in range(2)]
    plural = "".join(f"msgstr[{i}] {texts[i % 2]}\n" for i in range(forms))
    header = json.dumps(f"Plural-Forms: nplurals={nplurals}; plural={expression};\n")
    plural = plural or 'msgstr[0] ""\n'
    return "fr.po", (
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n'
        f"{header}\n\nmsgid {texts[0]}\nmsgid_plural {texts[1]}\n{plural}"
    )


def target_catalogs(config: settings) -> Callable[[], None]:
    @config
    @given(hostile_catalog())
    def run(catalog: tuple[str, str]) -> None:
        name, text = catalog
        with tempfile.TemporaryDirectory(prefix="capeval-fuzz-") as folder:
            path = Path(folder) / name
            path.write_text(text, encoding="utf-8", errors="surrogatepass")
            args = ["--provenance-kind", "synthetic", "--target-locale", "fr", str(path)]
            done = _filter("cap-import", [*args, "--candidates", "-"], b"", 1)
        # bounded output: a few forms per message, never one per claimed plural form
        assert len(done.stdout) <= 64 * len(text.encode("utf-8")) + 65536, len(done.stdout)

    return run


# pieces without the long repeats: a report's cost is its writer's, not a text's length
SHORT_TEXT = st.lists(PIECE | st.text(max_size=6), max_size=8).map("".join)


@st.composite
def hostile_result(draw: Any) -> bytes:
    record = {
        "case_id": draw(st.sampled_from(["case.one", "case.two", "a.b"])),
        "assertion": draw(st.sampled_from(["placeholder_integrity", "markup_integrity"])),
        "passed": draw(st.booleans()),
        "severity": draw(st.sampled_from(["hard", "report"])),
        "code": draw(st.sampled_from(["ok", "placeholder_missing", "markup_unbalanced"])),
        "message": draw(SHORT_TEXT),
        "evidence": {"expected": [draw(SHORT_TEXT)], "actual": []},
    }
    if draw(st.booleans()):
        record["system"] = draw(SHORT_TEXT)
    return json.dumps(record, ensure_ascii=draw(st.booleans())).encode("utf-8") + b"\n"


def target_report_writers(config: settings) -> Callable[[], None]:
    """Every format of cap-render-report on results holding credentials and controls."""
    from capeval.report.formats import NAMES

    @config
    @given(st.lists(hostile_result(), max_size=8), st.sampled_from(NAMES))
    def run(lines: list[bytes], name: str) -> None:
        done = _filter("cap-render-report", ["--format", name], b"".join(lines), len(lines))
        text = (done.stdout + done.stderr).decode("utf-8", "replace")
        for fragment in LEAK_FRAGMENTS:
            assert fragment not in text, (name, fragment)
        if name in CI_FORMATS:
            out = done.stdout.decode("utf-8", "replace")
            assert not any(char in out for char in RAW_CONTROLS), name
        if not done.stdout:
            return
        # each writer spools its entries and writes them around its head and tail: the
        # document as a whole must still parse
        if name in ("sarif", "rdjson"):
            json.loads(done.stdout)
        elif name == "rdjsonl":
            for line in done.stdout.splitlines():
                json.loads(line)
        elif name == "junit":
            import xml.etree.ElementTree as ET

            root = ET.fromstring(done.stdout)
            assert int(root.get("tests", "-1")) == len(root.findall("testsuite/testcase"))
        elif name == "github":
            assert all(line.startswith(b"::") for line in done.stdout.splitlines()), name

    return run


def target_review_form_config(config: settings) -> Callable[[], None]:
    """The review form with a hostile --config: texts with credentials, controls, markup."""
    cases = ROOT / "examples" / "domain_semantic_quality" / "cap_med_synthetic_cases.jsonl"
    roster = ROOT / "examples" / "domain_semantic_quality" / "roster.jsonl"

    @config
    @given(st.lists(SHORT_TEXT, min_size=1, max_size=4))
    def run(texts: list[str]) -> None:
        focus = "".join(
            f"    non_diagnostic_boundary: {json.dumps(text, ensure_ascii=True)}\n"
            for text in texts[:1]
        )
        flags = "".join(f"  - {json.dumps(text, ensure_ascii=True)}\n" for text in texts[1:])
        yaml_text = f"profiles:\n  cap-med/v1:\n{focus}" + (
            f"blocking_flags:\n{flags}" if flags else ""
        )
        with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as handle:
            handle.write(yaml_text)
        try:
            args = ["--roster", str(roster), "--reviewer", "synthetic-med-reviewer-a"]
            done = _filter("cap-review-form", [*args, "--config", handle.name, str(cases)], b"", 1)
        finally:
            os.unlink(handle.name)
        text = (done.stdout + done.stderr).decode("utf-8", "replace")
        for fragment in LEAK_FRAGMENTS:
            assert fragment not in text, fragment

    return run


TARGETS: dict[str, Callable[[settings], Callable[[], None]]] = {
    "jsonl": target_jsonl,
    "placeholders": target_placeholders,
    "assertions": target_assertions,
    "secrets": target_secrets,
    "config": target_config,
    "cap-validate": target_validate,
    "cap-check": target_check,
    "cap-check-placeholder": target_check_placeholder,
    "cap-check-protocol": target_check_protocol,
    "cap-aggregate-scores": target_aggregate,
    "cap-render-report": target_render,
    "cap-import": target_import,
    "po-readers": target_po_readers,
    "cap-review-form": target_review_form,
    "catalogs": target_catalogs,
    "report-writers": target_report_writers,
    "review-form-config": target_review_form_config,
}

HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]


def slice_settings(examples: int) -> settings:
    """What ``make test`` runs: few examples, the same ones every time."""
    return settings(
        max_examples=examples, deadline=None, derandomize=True, suppress_health_check=HEALTH,
        database=None,
    )  # fmt: skip


def main() -> int:
    seconds = float(os.environ.get("FUZZ_SECONDS", "60"))
    chosen = [t for t in os.environ.get("FUZZ_TARGETS", "").split(",") if t] or list(TARGETS)
    unknown = [t for t in chosen if t not in TARGETS]
    if unknown:
        print(f"fuzz: unknown target(s) {', '.join(unknown)}; known: {', '.join(TARGETS)}")
        return 2
    config = settings(
        max_examples=50, deadline=None, suppress_health_check=HEALTH, database=None,
    )  # fmt: skip
    started = time.monotonic()
    rounds = 0
    # Round robin until the time is spent: 50 examples per target in the first round, twice
    # as many in each next one up to 400. Hypothesis starts every run with small examples,
    # so runs of 50 alone never reach the larger ones (one PO reader bug needed ~400).
    while time.monotonic() - started < seconds:
        budget = settings(config, max_examples=50 * 2 ** min(rounds, 3))
        for name in chosen:
            TARGETS[name](budget)()
            if time.monotonic() - started >= seconds:
                break
        rounds += 1
    elapsed = time.monotonic() - started
    print(f"fuzz: {elapsed:.0f} s, {rounds} round(s), every property held")
    print("fuzz: worst time per record, first run of each target (imports) left out:")
    for name, (per_record, records) in sorted(RECORDER.worst.items(), key=lambda i: -i[1][0]):
        count = RECORDER.examples.get(name, 0)
        print(f"  {name:32s} {per_record * 1000:9.1f} ms  ({records} records; {count} runs)")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"fuzz: peak memory {peak / 1024:.0f} MB (maximum resident set size)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
