"""Issue 12 item 8: a Python source whose only directive is ``%%`` is percent style.

``12%% string`` is only written so by someone passing the string through ``%``-formatting, so
``12% string`` is a broken translation (``% s`` is a directive with a space flag). The verdicts
are compared with GNU gettext's ``msgfmt --check-format`` on the same entries flagged
``python-format`` (skipped when msgfmt is absent).
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from capeval.assertions import Subject
from capeval.assertions.placeholder_integrity import _python_style, check

# (source, candidate, our code); msgfmt agrees on pass/fail for every row.
ROWS = [
    ("12%% string", "12% string", "placeholder_extra"),  # '% s' is a directive
    ("12%% done", "12% fait", "placeholder_extra"),
    ("12%% done", "12 %% fait", "ok"),
    ("12%% done", "12%% fait", "ok"),
    ("100%% of {n}", "100% de {n}", "placeholder_extra"),  # '% d' is a directive
    ("100%% of {n}", "100%% de {n}", "ok"),
    ("50%% off", "50%", "placeholder_syntax"),  # the string ends inside a directive
    ("x%%y", "x%y", "placeholder_syntax"),  # 'y' is no conversion
    ("5%% (approx)", "5% (env.)", "placeholder_syntax"),
    ("rate 5%%.", "taux 5 %%.", "ok"),
]


def _code(source: str, text: str) -> str:
    return check(Subject.of({"source": source}, {"text": text}), {"syntax": "python"}).code


@pytest.mark.parametrize(("source", "text", "expected"), ROWS)
def test_percent_escape_makes_percent_style(source, text, expected):
    assert _code(source, text) == expected


def test_style_of_escape_only_sources():
    assert _python_style("12%% string") == "percent"
    assert _python_style("100%% of {n}") == "both"
    assert _python_style("100% of {n}") == "brace"  # a lone '%' is still text
    assert _python_style("100% complete") == "neither"


def _po_quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext msgfmt is not installed")
def test_msgfmt_agrees(tmp_path):
    lines = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', ""]
    entry_lines = []
    for index, (source, text, _) in enumerate(ROWS):
        lines.append("#, python-format")
        lines.append(f'msgctxt "{index}"')  # keeps repeated msgids distinct
        entry_lines.append(len(lines) + 1)
        lines += [f"msgid {_po_quote(source)}", f"msgstr {_po_quote(text)}", ""]
    po = tmp_path / "t.po"
    po.write_text("\n".join(lines), encoding="utf-8")
    proc = subprocess.run(
        ["msgfmt", "--check-format", "-o", "/dev/null", str(po)], capture_output=True, text=True
    )
    rejected = {int(m) for m in re.findall(r"t\.po:(\d+):", proc.stderr)}
    for (source, text, expected), msgid_line in zip(ROWS, entry_lines, strict=True):
        # msgfmt reports the msgid or the msgstr line
        msgfmt_ok = not ({msgid_line, msgid_line + 1} & rejected)
        assert msgfmt_ok == (expected == "ok"), (source, text, proc.stderr)
