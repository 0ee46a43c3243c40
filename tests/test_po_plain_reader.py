"""The PO reader's own loop for the common entry shapes against Babel's parser.

``catalogs.po`` reads a file whose every line is one of the shapes nearly all catalogs are
made of with its own loop, and gives any other file to Babel's parser whole. What a file
means must not depend on which of the two read it: every file here is read both ways and
the messages, problems and catalog facts compared (``_read_plainly`` replaced by one that
always declines sends a file to Babel).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from capeval.catalogs import CatalogInfo, po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import fetch_realdata  # noqa: E402

DJANGO = fetch_realdata.django_dir()


def _read(data: bytes, by_babel: bool = False) -> tuple:
    """Messages, problems and catalog facts of ``data``; ``by_babel``: Babel's parser alone."""
    problems: list = []
    info = CatalogInfo()
    with pytest.MonkeyPatch.context() as patch:
        if by_babel:
            patch.setattr(po, "_read_plainly", lambda path, lines: None)
        messages = list(po.read("t.po", io.BytesIO(data), lambda *p: problems.append(p), info))
    return [m.values() for m in messages], problems, info.values()


def _by_babel(data: bytes) -> tuple:
    return _read(data, by_babel=True)


def _read_plainly(data: bytes) -> bool:
    lines = po._decoded_lines(data, po._declared_charset(data), lambda *problem: None)
    return po._read_plainly("t.po", lines) is not None


HEADER = (
    'msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
)

# lines a catalog is made of, and lines it should not have (each sends a file to Babel)
strings = st.lists(
    st.sampled_from(list('ab %s{}\\"nt\u00e9') + ["\\n", '\\"', "\\\\"]), max_size=8
).map("".join)
quoted = strings.map(lambda text: '"' + text + '"')
line = st.one_of(
    quoted.map(lambda q: "msgid " + q),
    quoted.map(lambda q: "msgstr " + q),
    quoted.map(lambda q: "msgctxt " + q),
    quoted.map(lambda q: "msgid_plural " + q),
    st.tuples(st.integers(0, 3), quoted).map(lambda p: f"msgstr[{p[0]}] {p[1]}"),
    quoted,
)
UNUSUAL_LINES = [
    "",
    "#, c-format",
    "#, fuzzy, python-format",
    "#,",
    "#. extracted",
    "#.",
    "# translator",
    "#",
    "#: a.py:1 b.py",
    '#| msgid "old"',
    '#~ msgid "gone"',
    '#~ msgstr "weg"',
    '#~ "more"',
    "#~",
    "#~ #, fuzzy",
    "#-#-#-#-#",
    'msgid ""',
    'msgstr ""',
    "msgid",
    'msgid "open',
    'msgstr[x] "y"',
    'msgstr[1]x "y"',
    "nonsense",
    '  msgid   "spaced"  ',
    'msgid\t"tab"',
    "#: \u2068a b.py\u2069:3",
]
odd_line = st.sampled_from(UNUSUAL_LINES)
entry = st.tuples(
    st.lists(st.sampled_from(["#, c-format", "#. note", "# who", "#, fuzzy"]), max_size=2),
    st.one_of(st.none(), quoted),
    strings.map(lambda text: '"k' + text + '"'),  # not empty: an empty msgid is a header
    st.one_of(st.none(), quoted),
    st.lists(quoted, max_size=1),
).map(
    lambda e: "\n".join(
        [
            *e[0],
            *([f"msgctxt {e[1]}"] if e[1] is not None else []),
            f"msgid {e[2]}",
            *(
                [f"msgid_plural {e[3]}", f"msgstr[0] {e[2]}", f"msgstr[1] {e[3]}"]
                if e[3] is not None
                else [f"msgstr {e[2]}"]
            ),
            *e[4],
        ]
    )
)


# where lines are put among well-formed entries: anywhere, or where one entry ends
insertions = st.lists(
    st.tuples(st.booleans(), st.integers(0, 10**6), st.one_of(odd_line, line)), max_size=3
)


def with_lines_put_in(lines: list[str], inserted: list[tuple[bool, int, str]]) -> list[str]:
    lines = list(lines)
    for between, position, extra in inserted:
        ends = [i for i, text in enumerate(lines) if not text.strip()] + [len(lines)]
        at = ends[position % len(ends)] if between else position % (len(lines) + 1)
        lines.insert(at, extra)
    return lines


def assert_both_readers_agree(data: bytes) -> None:
    """The reader's own loop and Babel's parser read ``data`` the same (make fuzz too)."""
    assert _read(data) == _by_babel(data)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.booleans(), st.lists(entry, min_size=1, max_size=6), insertions)
def test_plain_reader_means_what_babel_means(
    header: bool, entries: list[str], inserted: list[tuple[bool, int, str]]
) -> None:
    lines = with_lines_put_in("\n\n".join(entries).split("\n"), inserted)
    assert_both_readers_agree(((HEADER if header else "") + "\n".join(lines) + "\n").encode())


@settings(max_examples=150, deadline=None)
@given(st.lists(entry, min_size=1, max_size=8), st.booleans())
def test_well_formed_catalogs_are_read_plainly(entries: list[str], header: bool) -> None:
    # not a test that cannot fail: the loop must take what it is for, or it is no fast path
    text = (HEADER if header else "") + "\n\n".join(entries) + "\n"
    data = text.encode("utf-8")
    keys = [(m[4], m[0]) for m in _read(data)[0]]
    if len(keys) == len(set(keys)) and not any(k == (None, "") for k in keys):
        assert _read_plainly(data) or not keys
    assert _read(data) == _by_babel(data)


SAMPLE = HEADER + (
    '#, c-format\nmsgid "%d of %s"\nmsgstr "%d de %s"\n\n'
    '#. note\n# who\nmsgctxt "menu"\nmsgid "Open"\nmsgstr ""\n"Ouvrir"\n\n'
    '#, python-format\nmsgid "%(n)d file"\nmsgid_plural "%(n)d files"\n'
    'msgstr[0] "%(n)d fichier"\nmsgstr[1] "%(n)d fichiers"\n\n'
    '#~ msgid "gone"\n#~ msgstr "weg"\n\n'
    'msgid "last"\nmsgstr "dernier"\n'
)
ODD_LINES = [
    *UNUSUAL_LINES,
    'msgstr[0] "q"', 'msgstr[1] "q"', 'msgstr[2] "q"', 'msgstr "q"', 'msgid_plural "p"',
    'msgctxt "c"', '"more"', 'msgid "k"',
]  # fmt: skip


def test_sample_is_read_plainly() -> None:
    assert _read_plainly(SAMPLE.encode("utf-8"))


@pytest.mark.parametrize("odd", ODD_LINES)
def test_one_odd_line_anywhere_means_what_babel_means(odd: str) -> None:
    lines = SAMPLE.split("\n")
    for at in range(len(lines) + 1):
        data = "\n".join([*lines[:at], odd, *lines[at:]]).encode("utf-8")
        assert _read(data) == _by_babel(data), (odd, at)


@pytest.mark.parametrize(
    "text",
    [
        HEADER + '#~ msgid "gone"\n#~ msgstr "weg"\n\nmsgid "a"\nmsgstr "b"\n',
        HEADER + 'msgid "a"\n#~ msgstr "b"\n',  # the last keyword line says: obsolete
        HEADER + '#~ msgid "a"\nmsgstr "b"\n',  # …and here it is not
        'msgid "a"\nmsgstr "b"\n\n' + HEADER,  # a header after a message
        HEADER + HEADER,
        HEADER + 'msgctxt "c"\nmsgid ""\nmsgstr "x"\n',  # a context: not a header
        HEADER + 'msgid "a"\nmsgid_plural "as"\nmsgstr[0] "x"\nmsgstr[2] "z"\n',
        HEADER + 'msgid "a"\nmsgid_plural "as"\nmsgstr[1] "y"\nmsgstr[0] "x"\n',
        HEADER + 'msgid "a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"\n',
        'msgid ""\nmsgstr "Plural-Forms: nplurals=x; plural=n;\\n"\n\nmsgid "a"\nmsgstr "b"\n',
        "# only a comment\n#, fuzzy\n",
        HEADER + 'msgid "a"\nmsgstr "b"\n# trailing comment\n',
        HEADER + 'msgid "a\\tb\\\\n\\"q\\""\n"next"\nmsgstr ""\n"x\\ay"\n',
    ],
)
def test_plain_reader_edges(text: str) -> None:
    data = text.encode("utf-8")
    assert _read(data) == _by_babel(data)


@pytest.mark.skipif(
    not (DJANGO / ".complete").exists(),
    reason=f"Django's catalogs are not in the cache ({DJANGO}): run make realdata",
)
def test_django_catalogs_are_read_plainly_and_as_babel_reads_them() -> None:
    catalogs = sorted(DJANGO.glob("django/conf/locale/*/LC_MESSAGES/django.po"))
    assert len(catalogs) > 50
    for path in catalogs:
        data = path.read_bytes()
        assert _read_plainly(data), path
        assert _read(data) == _by_babel(data), path


# -- the header's fields, split here and given to Babel's setter one by one (po._take_header)
FIELD_VALUES = {
    "Language": ["fr", "pt_BR", "pt-BR", "sr@latin", "", "en US", "zz", "ga", " fr ", "1"],
    "Plural-Forms": [
        "nplurals=2; plural=(n > 1);",
        "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 ? 1 : 2);",
        "nplurals=x; plural=n;",
        "plural=(n != 1);",
        'nplurals="2"; plural=n>1',
        "",
    ],
    "Content-Type": ["text/plain; charset=UTF-8", "text/plain; charset=CHARSET", "x; a*=b''c"],
    "POT-Creation-Date": ["2024-01-05 10:00+0100", "2024-02-30 10:00", "", "soon"],
    "PO-Revision-Date": ["YEAR-MO-DA HO:MI+ZONE", "2024-01-05 10:00+9999", "2024-1-5 3:07"],
    "Project-Id-Version": ["Django", ""],
    "X-Generator": ["Poedit 3.4"],
}
field_line = st.one_of(
    st.sampled_from(sorted(FIELD_VALUES)).flatmap(
        lambda name: st.tuples(
            st.sampled_from([name, name.lower(), name.upper()]),
            st.sampled_from(FIELD_VALUES[name]),
            st.sampled_from([": ", ":", ":\t ", " : "]),
        ).map(lambda f: f[0] + f[2] + f[1])
    ),
    st.sampled_from(
        [" continued", "\tcontinued", "", "no field", "From me", "From: me", ": x", "a\rb: c"]
    ),
)


def _po_string(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r")


@settings(max_examples=400, deadline=None)
@given(st.lists(field_line, max_size=6), st.booleans())
def test_the_header_fields_mean_what_babel_reads(fields: list[str], final_newline: bool) -> None:
    header = "\n".join(fields) + ("\n" if final_newline else "")
    text = (
        f'msgid ""\nmsgstr ""\n"{_po_string(header)}"\n\n'
        'msgid "a"\nmsgstr "b"\n\n'
        'msgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] "x"\nmsgstr[1] "y"\nmsgstr[2] "z"\n'
    )
    assert_both_readers_agree(text.encode("utf-8"))


def test_a_date_continued_on_a_second_line_is_malformed_not_a_traceback() -> None:
    # Babel's date pattern finds no match in a value with a line break and reads one
    text = (
        'msgid ""\nmsgstr ""\n"PO-Revision-Date: 2024-01-05 10:00+0100\\n"\n" more\\n"\n\n'
        'msgid "a"\nmsgstr "b"\n'
    )
    messages, problems, _ = _read(text.encode("utf-8"))
    assert {code for code, *_ in problems} == {"catalog.malformed"}
    assert any("header date" in message for *_, message in problems)


def test_a_header_of_plain_fields_is_not_given_to_babels_parser() -> None:
    # not a test that cannot fail: the fields must be taken here, or it is no fast path
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale=None)
    header = "Language: pl\nPlural-Forms: nplurals=3; plural=(n==1 ? 0 : 2);\nX-A: b\n"
    assert po._take_header(catalog, header)
    assert (catalog.locale_identifier, catalog.num_plurals) == ("pl", 3)
    assert not po._take_header(Catalog(locale=None), "Language: pl\n continued\n")
    assert not po._take_header(Catalog(locale=None), "PO-Revision-Date: 2024-02-30 10:00\n")
