"""Attacks on bounded work: hostile catalogs and texts end quickly, in bounded memory, with a
diagnostic code, never a traceback."""

from __future__ import annotations

import time

import pytest

from capeval.assertions.markup_integrity import balance, scan

from conftest import run_cmd

SYNTHETIC = ["--provenance-kind", "synthetic"]
HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: fr\\n"\n'
PLURAL = 'msgid "one"\nmsgid_plural "many"\nmsgstr[0] "un"\nmsgstr[1] "des"\n'


def _clean(done) -> str:
    err = done.stderr.decode()
    assert "Traceback" not in err and "internal" not in err and "Error" not in err, err
    return err


def _po(tmp_path, plural_forms: str):
    path = tmp_path / "fr.po"
    path.write_text(HEADER + f'"Plural-Forms: {plural_forms}\\n"\n\n' + PLURAL, encoding="utf-8")
    return path


@pytest.mark.parametrize("fmt", ["po", "json"])
def test_dev_zero_as_a_catalog_is_refused_by_size(fmt):
    started = time.monotonic()
    done = run_cmd(
        "cap-import", *SYNTHETIC, "--format", fmt, "--max-catalog-bytes", "1000000", "/dev/zero"
    )
    err = _clean(done)
    assert done.returncode in (1, 2), err
    assert "catalog.too_large" in err
    assert time.monotonic() - started < 30


def test_the_catalog_size_bound_has_a_default(tmp_path):
    done = run_cmd("cap-import", "--help")
    assert "--max-catalog-bytes" in done.stdout.decode()


@pytest.mark.parametrize("nplurals", [1000000, 100000000])
def test_nplurals_far_beyond_any_language_is_refused(tmp_path, nplurals):
    path = _po(tmp_path, f"nplurals={nplurals}; plural=n;")
    started = time.monotonic()
    done = run_cmd("cap-import", *SYNTHETIC, str(path), "--candidates", str(tmp_path / "c"))
    err = _clean(done)
    assert "nplurals" in err and "catalog.malformed" in err
    assert len(done.stdout) < 100_000 and (tmp_path / "c").stat().st_size < 100_000
    assert time.monotonic() - started < 30


@pytest.mark.parametrize(
    "expression",
    [
        "(" * 1000 + "n" + ")" * 1000,
        "".join(f"n=={k} ? {k} : " for k in range(1000)) + "0",
        "!" * 5000 + "n",
        "n" + " + n" * 3000,
    ],
)
def test_deep_plural_expressions_are_refused(tmp_path, expression):
    path = _po(tmp_path, f"nplurals=2; plural={expression};")
    done = run_cmd("cap-import", *SYNTHETIC, str(path))
    err = _clean(done)
    assert done.returncode == 1, err
    assert "catalog.malformed" in err and "Plural-Forms" in err


def _nested(open_tag: str, close_tag: str, depth: int) -> str:
    return open_tag * depth + "x" + close_tag * depth


DEPTHS = [1000, 3000]
DOCUMENTS = {
    "xliff": lambda d: (
        '<?xml version="1.0"?><xliff version="1.2"><file source-language="en" '
        'target-language="fr" datatype="plaintext" original="a"><body>'
        f'<trans-unit id="a"><source>{_nested("<g>", "</g>", d)}</source>'
        f"<target>y</target></trans-unit></body></file></xliff>"
    ),
    "xml": lambda d: (
        f'<?xml version="1.0"?><resources><string name="a">{_nested("<b>", "</b>", d)}'
        "</string></resources>"
    ),
    "stringsdict": lambda d: (
        '<?xml version="1.0"?><plist version="1.0">'
        + _nested("<dict><key>k</key>", "</dict>", d)
        + "</plist>"
    ),
}


@pytest.mark.parametrize("depth", DEPTHS)
@pytest.mark.parametrize("kind", sorted(DOCUMENTS))
def test_deeply_nested_xml_catalogs(tmp_path, kind, depth):
    name = {"xliff": "fr.xliff", "xml": "strings.xml", "stringsdict": "Localizable.stringsdict"}
    path = tmp_path / name[kind]
    path.write_text(DOCUMENTS[kind](depth), encoding="utf-8")
    done = run_cmd("cap-import", *SYNTHETIC, "--target-locale", "fr", str(path))
    err = _clean(done)
    assert done.returncode in (0, 1), err
    assert "catalog.too_deep" in err


def test_markup_balance_is_linear_in_mismatched_end_tags():
    text = "<b>x</i>" * 32000  # 14 s when each end tag searched the stack of open ones
    started = time.process_time()  # CPU time: the machine may be busy
    problems = balance(scan(text, frozenset({"b", "i"})).tags)  # as the source names them
    assert time.process_time() - started < 2.0
    assert len(problems) == 64000
