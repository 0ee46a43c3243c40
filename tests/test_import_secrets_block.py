"""cap-import's secret prefilter: one pass over a message's lines together, each catalog path
judged once per catalog (``Importer._may_hold_secret``), never less strict than the
prefilter on each line it writes.

Every case and candidate line carries its catalog's path (``file_ref``), which the prefilter
would find and look up on each line; the importer takes the path out of the block it scans
and judges it alone, once (``join._path_verdict``). Whenever the prefilter says maybe on one
of the lines as written, the importer's check must say maybe too: then each line is judged
and walked as before. Paths and texts are built from what the prefilter looks at: token runs,
"=" after assignment words, escapes, non-ASCII bytes, quotes, credential formats, and the
path itself inside a text.
"""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import example, given, settings
from hypothesis import strategies as st

from capeval.importer.join import Importer
from capeval.jsonl import dumps
from capeval.secrets import may_contain_secret

PIECES = [
    "/", "\\", '"', "=", " ", "\t", "\n", "\x01", "é", "\u2028", ".", "-", "_", "IA", "I",
    "AKIAIOSFODNN7EXAMPLE", "PRIVATE KEY", "password", "pwd=", "api_key =", "token",
    "ghp_" + "a1B2" * 9, "LC_MESSAGES", "locale/pt_BR", "django", "aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1g",
    "x" * 33, "\\u", "hunter22x",
]  # fmt: skip
TEXT = st.lists(st.sampled_from(PIECES) | st.text(max_size=4), max_size=8).map("".join)
PATH = st.one_of(
    st.sampled_from(
        [
            "/root/.cache/capeval/django-5.2.19/django/conf/locale/pt_BR/LC_MESSAGES/django.po",
            "locale/fr/LC_MESSAGES/django.po",
            "-",
        ]
    ),
    TEXT,
)


def _lines(paths: tuple[str, str], texts: list[str], extra: str) -> list[bytes]:
    """A message's case and candidate lines, shaped as the importer writes them (the texts
    in every field a catalog gives it, the path among them too)."""
    source_path, target_path = paths
    source, key, note, translation = texts
    case = {
        "schema_version": 1,
        "id": "django.conf.django.fr.open.0123456789",
        "source": source,
        "assertions": [{"name": "placeholder_integrity", "params": {"file_ref": extra}}],
        "x-catalog": {"file_ref": source_path, "line": 3, "key": key, "note": note},
    }
    candidate = {
        "case_id": "django.conf.django.fr.open.0123456789",
        "text": translation,
        "x-catalog": {"file_ref": target_path, "line": 3},
    }
    return [dumps(case), dumps(candidate)]


def _importers_check(lines: list[bytes], paths: tuple[str, str]) -> bool:
    checker = SimpleNamespace(_path_verdicts={})
    return Importer._may_hold_secret(checker, lines, paths)  # type: ignore[arg-type]


@settings(max_examples=1500, deadline=None)
@given(
    st.tuples(PATH, PATH),
    st.lists(TEXT, min_size=4, max_size=4),
    TEXT,
    st.booleans(),
)
# the word before an "=" in a path, looked for across its quote: a non-ASCII text before it
@example(("a", "=x"), ["a", "a", "", "é"], "", False)
@example(("pass=x", "b"), ["a", "a", "", "b"], "", False)
@example(("\x01", "b"), ["a", "a", "", "\\u"], "", False)
def test_says_maybe_wherever_the_prefilter_on_a_line_does(paths, texts, extra, with_path):
    if with_path:  # the path inside the texts too: taken out of the block as well
        texts = [texts[0] + paths[0], paths[1], f'"{paths[0]}"', texts[3] + paths[1] + "\\"]
    lines = _lines(paths, texts, extra)
    if any(may_contain_secret(line) for line in lines):
        assert _importers_check(lines, paths)


def test_a_credential_in_a_text_or_a_path_is_a_maybe():
    path = "locale/fr/LC_MESSAGES/django.po"
    assert not _importers_check(
        _lines((path, path), ["Open", "Open", "", "Ouvrir"], ""), (path, path)
    )
    key = "ghp_" + "a1B2" * 9
    texts = ["Open", "Open", "", f"Ouvrir {key}"]
    assert _importers_check(_lines((path, path), texts, ""), (path, path))
    odd = f"locale/{key}/django.po"
    assert _importers_check(_lines((path, odd), ["Open", "Open", "", "Ouvrir"], ""), (path, odd))
