"""Property tests of cap-validate (SPEC §11): random valid cases always pass; a random
single-field corruption of a valid case is always caught.

The rules run in-process (``RecordChecker``, exactly what the command runs per record) so a
few hundred examples take seconds.
"""

from __future__ import annotations

import copy

import orjson
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from capeval.secrets import find_secrets
from capeval.validate.checker import RecordChecker
from capeval.validate.locales import KNOWN_CANONICAL

SEGMENT = st.from_regex(r"[a-z0-9][a-z0-9-]{0,8}", fullmatch=True)
SEVERITY = st.sampled_from(["hard", "report"])
TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=60)
LICENSES = st.sampled_from(
    ["CC0-1.0", "MIT", "mit", "GPL-3.0-or-later", "Apache-2.0 WITH LLVM-exception",
     "LicenseRef-house-1", "MIT OR Apache-2.0"]
)  # fmt: skip


def assertion_templates(draw) -> list[dict]:
    """A few valid assertions, each name at most once, with valid params."""
    candidates = {
        "placeholder_integrity": lambda: {
            "syntax": draw(st.sampled_from(["auto", "printf", "python", "icu"])),
            "allow_reorder": draw(st.booleans()),
        },
        "protocol_complete": lambda: {"expected_items": draw(st.integers(1, 50))},
        "number_fidelity": lambda: None,
        "required_tokens": lambda: {"tokens": [draw(st.sampled_from(["%s", "{name}", "OK"]))]},
        "forbidden_renderings": lambda: {"patterns": [draw(TEXT.filter(bool))]},
        "max_chars": lambda: {
            "max": draw(st.integers(1, 10_000)),
            "unit": draw(st.sampled_from(["graphemes", "codepoints", "utf16", "bytes", "columns"])),
        },
    }
    names = draw(st.lists(st.sampled_from(sorted(candidates)), min_size=1, max_size=4, unique=True))
    result = []
    for name in names:
        item = {"name": name, "severity": draw(SEVERITY)}
        params = candidates[name]()
        if params is not None:
            item["params"] = params
        result.append(item)
    return result


@st.composite
def valid_cases(draw) -> dict:
    kind = draw(st.sampled_from(["synthetic", "public-domain", "compatible-licensed",
                                 "authorized-regression"]))  # fmt: skip
    provenance = {"kind": kind, "license": draw(LICENSES)}
    if kind in ("public-domain", "compatible-licensed") or draw(st.booleans()):
        provenance["source"] = "https://example.org/" + draw(SEGMENT)
    case = {
        "schema_version": 1,
        "id": ".".join(draw(st.lists(SEGMENT, min_size=2, max_size=4))),
        "source_locale": draw(st.sampled_from(sorted(KNOWN_CANONICAL))),
        "target_locale": draw(st.sampled_from(sorted(KNOWN_CANONICAL))),
        "domain": draw(st.from_regex(r"[a-z0-9][a-z0-9_-]{0,12}", fullmatch=True)),
        "source": draw(TEXT),
        "assertions": assertion_templates(draw),
        "provenance": provenance,
    }
    optional = {
        "context": lambda: {"max_chars": draw(st.integers(1, 500)), "page": draw(TEXT)},
        "required_tokens": lambda: draw(st.lists(TEXT.filter(bool), max_size=3)),
        "references": lambda: draw(st.lists(TEXT, max_size=2)),
        "difficulty": lambda: draw(st.sampled_from(["basic", "intermediate", "advanced"])),
        "tags": lambda: draw(st.lists(SEGMENT, max_size=3)),
        "x-note": lambda: draw(TEXT),
    }
    for key in draw(st.lists(st.sampled_from(sorted(optional)), unique=True)):
        case[key] = optional[key]()
    # a random text that happens to look like a credential is rightly refused
    assume(not find_secrets(case))
    return case


def problems_of(case: dict) -> list[tuple]:
    raw = orjson.dumps(case)
    _kind, problems = RecordChecker().check(raw, orjson.loads(raw))
    return problems


@settings(max_examples=200, deadline=None)
@given(valid_cases())
def test_random_valid_cases_always_pass(case):
    assert problems_of(case) == []


def _drop_required(case, draw):
    field = draw(st.sampled_from(["schema_version", "id", "source_locale", "target_locale",
                                  "domain", "source", "assertions", "provenance"]))  # fmt: skip
    del case[field]


def _wrong_type(case, draw):
    field, value = draw(
        st.sampled_from(
            [("schema_version", "1"), ("schema_version", 1.0), ("schema_version", True),
             ("id", 7), ("source", None), ("source_locale", ["en"]), ("assertions", {}),
             ("provenance", "synthetic"), ("domain", 1), ("required_tokens", "%s"),
             ("references", [1]), ("context", []), ("tags", "a")]
        )
    )  # fmt: skip
    case[field] = value


OPTIONAL_KEYS = ("context", "required_tokens", "references", "difficulty", "tags")


def _unknown_key(case, draw):
    names = st.from_regex(r"[a-wyz][a-z_]{0,10}", fullmatch=True)
    case[draw(names.filter(lambda k: k not in case and k not in OPTIONAL_KEYS))] = 1


def _bad_value(case, draw):
    field, value = draw(
        st.sampled_from(
            [("schema_version", 2), ("id", "Upper.Case"), ("id", "single"), ("domain", "Game UI"),
             ("difficulty", "expert"), ("tags", ["Upper"]), ("context", {"max_chars": 0}),
             ("assertions", []), ("source_locale", "en_US"), ("target_locale", "und"),
             ("target_locale", "zh-cn"), ("source_locale", "x-private")]
        )
    )  # fmt: skip
    case[field] = value


def _bad_provenance(case, draw):
    change = draw(st.sampled_from(["license", "kind", "source", "extra"]))
    provenance = case["provenance"]
    if change == "license":
        provenance["license"] = draw(st.sampled_from(["unknown", "fair-use", "NOASSERTION", "",
                                                      "Not-A-License-9"]))  # fmt: skip
    elif change == "kind":
        provenance["kind"] = "scraped"
    elif change == "source":
        provenance["kind"] = draw(st.sampled_from(["public-domain", "compatible-licensed"]))
        provenance.pop("source", None)
    else:
        provenance["author"] = "x"


def _bad_assertion(case, draw):
    change = draw(st.sampled_from(["duplicate", "unknown", "severity", "params", "extra"]))
    first = case["assertions"][0]
    if change == "duplicate":
        case["assertions"].append(copy.deepcopy(first))
    elif change == "unknown":
        first["name"] = "bleu_score"
    elif change == "severity":
        first["severity"] = "soft"
    elif change == "params":
        first["params"] = {"no_such_param": True}
    else:
        first["weight"] = 1


CORRUPTIONS = [_drop_required, _wrong_type, _unknown_key, _bad_value, _bad_provenance,
               _bad_assertion]  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(valid_cases(), st.sampled_from(CORRUPTIONS), st.data())
def test_a_single_field_corruption_is_always_caught(case, corrupt, data):
    broken = copy.deepcopy(case)
    corrupt(broken, data.draw)
    assume(broken != case)
    errors = [p for p in problems_of(broken) if p[3] in (None, "error")]
    assert errors, (corrupt.__name__, broken)
