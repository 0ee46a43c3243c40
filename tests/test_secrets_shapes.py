"""Real key shapes stay found, real catalog paths and ids stay quiet (the secret scan's
prefilter judges each run of token characters by the rules themselves, and the entropy rule
reads paths and ids as names).

Every key below is found by the walk *and* let through by the prefilter, on its own, inside a
path, glued to a word and after a JSON escape; every path a real locale tree has is neither a
token nor a reason to walk the record.
"""

from __future__ import annotations

import json
import random
import string
import sys
from pathlib import Path

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeval import secrets

AWS = "AKIAIOSFODNN7EXAMPLE"
KEYS = {
    "aws": AWS,
    "aws_secret": "q8Fz2LmR7vXc/T3nBw9Kp1Ys+H6dJg4Ea0Uo5Ni/Wr2t",
    "github": "ghp_" + "aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5",
    "github_pat": "github_pat_11NqVwYS81VP7Hb1DX8pPd_5khxE3pyIgKpaUnArl63XykWZeiNNCiia3anXn9k3ks"
    "u9mI4ROnl89Sm995",
    "slack": "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
    "stripe": "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc",
    "openai": "sk-proj-" + "Zx8Qw3Er5Ty7Ui9Op1As2Df4Gh6Jk8Lz0Xc",
    "google": "AIzaSyA1234567890abcdefghijklmnopqrstuv",
    "jwt": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9l"
    "IiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
    "pem": "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA",
    "base64": "Zx8Qw3Er5Ty7Ui9Op1As2Df4Gh6Jk8Lz0Xc+/Rt",
    "urlsafe": "Zx8Qw3Er5Ty7Ui9Op1As2Df4Gh6Jk8Lz0Xc-_Rt",
}
# where a key sits in real text: alone, in a path (before or between a path's words), glued
# to a word, after a label, at the end of a URL
PLACES = [
    "{key}",
    "/srv/app/config/{key}/settings.json",
    "home/runner/work/project/project/src/components/settings/profile/{key}/index",
    "s3://bucket/{key}",
    "mytoken{key}",
    "{key}suffix",
    "3{key}",
    "Authorization: Bearer {key}",
    "https://example.org/hook?token={key}&x=1",
]


def _encodings(record: dict) -> list[bytes]:
    compact = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    return [
        orjson.dumps(record),
        json.dumps(record).encode(),  # \u escapes
        compact.replace("/", "\\/").encode("utf-8", "surrogatepass"),  # as PHP writes "/"
    ]


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("name", sorted(KEYS))
def test_real_key_shapes_are_found_wherever_they_sit(name, place):
    text = place.format(key=KEYS[name])
    record = {"outer": {"notes": ["ok", text]}}
    assert secrets.find_secrets(record), text
    for raw in _encodings(record):
        assert secrets.may_contain_secret(raw), raw
    assert secrets.text_may_hold_secret(text)
    assert KEYS[name].split("\n")[0] not in secrets.redact(text)


@pytest.mark.parametrize("escape", ["\n", "\t", "\r", "\\", '"', "\b", "\f"])
@pytest.mark.parametrize("name", ["base64", "urlsafe", "github", "openai"])
def test_a_key_right_after_a_json_escape_is_let_through(escape, name):
    # the raw line reads "\nKEY": the run the prefilter sees starts with the escape's letter
    record = {"notes": f"x{escape}{KEYS[name]}"}
    assert secrets.find_secrets(record)
    assert secrets.may_contain_secret(orjson.dumps(record))


# -- paths and ids are not tokens ----------------------------------------------------------------

ROOTS = ["", "/home/runner/work/django/django/", "/srv/app/", "C:/Users/Developer/Projects/",
         "/Users/JaneDoe/src/github.com/org/repo/", "../../",
         "/root/.cache/capeval/django-5.2.19/"]  # fmt: skip
LOCALES = ["pt-BR", "pt_BR", "zh-Hans", "zh_Hant_TW", "sr-Latn", "sr@latin", "es-419", "en-GB",
           "nb-NO", "uz_Latn", "ca@valencia", "de-CH-1996"]  # fmt: skip
LAYOUTS = [
    "django/contrib/admin/locale/{u}/LC_MESSAGES/djangojs.po",
    "packages/web-app/src/i18n/messages/{loc}/LC_MESSAGES/messages.po",
    "src/locales/{loc}/translation.json",
    "public/locales/{loc}/common.json",
    "app/src/main/res/values-{android}/strings.xml",
    "ios/MyApp/{loc}.lproj/Localizable.strings",
    "lib/l10n/app_{u}.arb",
    "Resources/Localization/{loc}/Main.xliff",
    "node_modules/@docusaurus/theme-translations/locales/{loc}/theme-common.json",
    "translations/{u}/LC_MESSAGES/messages_{u}.po",
]


def _layout_paths() -> list[str]:
    paths = []
    for layout in LAYOUTS:
        for loc in LOCALES:
            android = loc.replace("-", "-r", 1) if "-" in loc else loc
            relative = layout.format(loc=loc, u=loc.replace("-", "_"), android=android)
            paths += [root + relative for root in ROOTS]
    return paths


def _cached_catalog_paths() -> list[str]:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import fetch_realdata  # where make realdata puts the catalogs (none there: none tested)

    found = []
    for tree in (fetch_realdata.django_dir(), fetch_realdata.docusaurus_dir()):
        if (tree / ".complete").exists():
            found += [str(p) for p in sorted(tree.rglob("*")) if p.suffix in (".po", ".json")]
            found += [str(p.relative_to(tree)) for p in sorted(tree.rglob("*.po"))]
    return found


def test_real_catalog_paths_are_neither_tokens_nor_a_reason_to_walk():
    paths = _layout_paths() + _cached_catalog_paths()
    assert len(paths) > 800
    tokens = [p for p in paths if secrets.value_secret_kind(p) is not None]
    assert tokens == []
    walked = [
        p
        for p in paths
        if secrets.may_contain_secret(orjson.dumps({"x-catalog": {"file_ref": p, "line": 7}}))
    ]
    assert walked == []


@pytest.mark.parametrize(
    "identifier",
    [
        "django-contrib-admin.django.fr.delete-selected-verbose.5c814685f9",
        "django-contrib-admin-django-fr-delete-selected-verbose-5c814685f9",
        "123e4567-e89b-12d3-a456-426614174000",
        "0-cp311-cp311-manylinux_2_17_x86_64",
        "usr/lib/x86_64-linux-gnu/libXrender",
        "lib/rustlib/x86_64-unknown-linux-gnu/lib/librustc_demangle-146c3f1190dee2e2",
        "packages/web-app/src/i18n/messages/zh-Hans/LC_MESSAGES/messages",
    ],
)
def test_ids_and_paths_read_as_names(identifier):
    assert not secrets.is_high_entropy_token(identifier)
    assert secrets.value_secret_kind(identifier) is None


@pytest.mark.parametrize("alphabet", ["+/", "-_"])
def test_random_tokens_cut_by_their_own_separators_rarely_read_as_names(alphabet):
    # base64 (with '+' and '/') and its URL-safe form (with '-' and '_'): the names rule may
    # let through only about what it measured when it was written (1 of 20,000 each)
    rng = random.Random(20261202)
    chars = string.ascii_letters + string.digits + alphabet
    tokens = []
    while len(tokens) < 20000:
        token = "".join(rng.choice(chars) for _ in range(rng.randint(32, 64)))
        if any(c in alphabet for c in token) and secrets.shannon_bits(token) >= 4.0:
            tokens.append(token)
    as_names = [t for t in tokens if secrets.reads_as_names(t)]
    assert len(as_names) <= 2, as_names


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(sorted(KEYS.values())),
    st.lists(
        st.sampled_from(
            [
                "src",
                "LC_MESSAGES",
                "pt_BR",
                "i18n",
                "locale",
                "app",
                "x86_64",
                "settings",
                "v2",
                "README",
            ]
        ),
        max_size=6,
    ),  # fmt: skip
    st.lists(st.sampled_from(["index", "de-CH", "messages", "2024", "json"]), max_size=4),
)
def test_a_key_between_path_words_is_found(key, before, after):
    text = "/".join([*before, key, *after])
    assert secrets.value_secret_kind(text) is not None, text
    assert secrets.may_contain_secret(orjson.dumps({"notes": text}))


def test_the_walk_builds_a_pointer_only_where_it_finds_something(monkeypatch):
    built = []
    real = secrets.json_pointer

    def counting(*steps):
        built.append(steps)
        return real(*steps)

    monkeypatch.setattr(secrets, "json_pointer", counting)
    record = {"a": {"b": ["%s", KEYS["base64"]], "c": "plain text", "d": list(range(50))}}
    assert secrets.find_secrets(record) == [("/a/b/1", "high_entropy")]
    assert built == [("a", "b", 1)]


PIECES = st.sampled_from(
    [*KEYS.values(), "LC_MESSAGES", "pt_BR", "i18n", "src", "x86_64", "2024", "README", "é",
     "aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI", "nZx8Qw3Er5Ty7Ui9Op1As2Df4Gh6Jk8L", "password=hunter22"]
)  # fmt: skip
GLUE = st.sampled_from(["", " ", "\n", "\t", "\r", "/", "\\", '"', "-", "_", "é", "\u2028"])


@settings(max_examples=500, deadline=None)
@given(st.lists(st.tuples(GLUE, PIECES), min_size=1, max_size=5))
def test_the_prefilter_says_maybe_wherever_the_walk_finds_a_secret_among_paths(pairs):
    # pieces glued by escapes, separators and non-ASCII letters: each run the prefilter judges
    # must give the walk's verdict, whatever JSON makes of the glue
    text = "".join(glue + piece for glue, piece in pairs)
    record = {"notes": text}
    if secrets.find_secrets(record):
        assert secrets.text_may_hold_secret(text)
        for raw in _encodings(record):
            assert secrets.may_contain_secret(raw), raw
