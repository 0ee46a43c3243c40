"""The EvalCase v1 schema: compiled code is fresh, valid cases pass, each rule is enforced."""

from __future__ import annotations

import copy
import json

import pytest
from fastjsonschema import JsonSchemaValueException

from capeval import schemas
from capeval.schemas import build

from conftest import evalcase


@pytest.mark.parametrize("path", build.schema_files(), ids=lambda p: p.name)
def test_compiled_validators_are_fresh(path):
    target = path.parent / (build.module_name(path.stem) + ".py")
    assert target.exists(), f"run `make schemas`: {target.name} is missing"
    assert target.read_text(encoding="utf-8") == build.generate(path), (
        f"{target.name} is stale: run `make schemas`"
    )


def test_evalcase_params_are_the_assertion_modules():
    path = build.HERE / "evalcase.json"
    text = path.read_text(encoding="utf-8")
    assert text == build.evalcase_text(text), "evalcase.json is stale: run `make schemas`"


def violation_of(record):
    try:
        schemas.validator("evalcase")(record)
    except JsonSchemaValueException as exc:
        return schemas.violation(exc)
    return None


VALID_CASES = [
    evalcase(),
    evalcase(
        id="protocol.item-count.002",
        source="",
        context={"max_chars": 20, "page": "menu"},
        required_tokens=["%s"],
        references=["欢迎"],
        difficulty="advanced",
        tags=["printf", "ui.menu"],
        **{"x-owner": {"any": ["thing"]}},
        assertions=[
            {"name": "protocol_complete", "severity": "hard", "params": {"expected_items": 3}},
            {"name": "max_chars", "severity": "report"},
            {"name": "number_fidelity", "severity": "report", "params": {"ignore": ["1"]}},
            {"name": "required_tokens", "severity": "hard", "params": {"tokens": ["X"]}},
            {
                "name": "forbidden_renderings",
                "severity": "hard",
                "params": {"patterns": ["a"], "regex": ["b+"], "case_sensitive": False},
            },
        ],
        provenance={
            "kind": "compatible-licensed",
            "license": "MIT",
            "source": "https://example.org/x",
            "transformation": "shortened",
        },
    ),
]


@pytest.mark.parametrize("case", VALID_CASES)
def test_valid_cases_pass(case):
    assert violation_of(case) is None


def mutate(path, value=None, delete=False):
    case = copy.deepcopy(evalcase())
    target = case
    for step in path[:-1]:
        target = target[step]
    if delete:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return case


@pytest.mark.parametrize(
    ("case", "code", "pointer"),
    [
        (mutate(["schema_version"], delete=True), "schema.required", "/schema_version"),
        (mutate(["schema_version"], 2), "schema.const", "/schema_version"),
        (mutate(["id"], "Placeholder.001"), "schema.pattern", "/id"),
        (mutate(["id"], "single"), "schema.pattern", "/id"),
        (mutate(["source_locale"], 5), "schema.type", "/source_locale"),
        (mutate(["domain"], "Game UI"), "schema.pattern", "/domain"),
        (mutate(["source"], None), "schema.type", "/source"),
        (mutate(["assertions"], []), "schema.minItems", "/assertions"),
        (mutate(["assertions", 0, "severity"], "soft"), "schema.enum", "/assertions/0/severity"),
        (mutate(["assertions", 0, "extra"], 1), "schema.additionalProperties", "/assertions/0"),
        (mutate(["provenance", "kind"], "scraped"), "schema.enum", "/provenance/kind"),
        (mutate(["provenance", "license"], delete=True), "schema.required", "/provenance/license"),
        (mutate(["difficulty"], "hard"), "schema.enum", "/difficulty"),
        (mutate(["tags"], ["UPPER"]), "schema.pattern", "/tags/0"),
        (mutate(["context"], {"max_chars": 0}), "schema.minimum", "/context/max_chars"),
        # integers may not be written as 1.0 (SPEC §3)
        (mutate(["context"], {"max_chars": 10.0}), "schema.type", "/context/max_chars"),
        (mutate(["required_tokens"], [""]), "schema.minLength", "/required_tokens/0"),
        (mutate(["unknown_field"], 1), "schema.additionalProperties", "/"),
        (
            mutate(["assertions", 0, "params", "syntax"], "perl"),
            "schema.enum",
            "/assertions/0/params/syntax",
        ),
        (
            mutate(["assertions", 0, "params", "bogus"], True),
            "schema.additionalProperties",
            "/assertions/0/params",
        ),
    ],
)
def test_each_schema_rule_is_enforced_with_code_and_pointer(case, code, pointer):
    found = violation_of(case)
    assert found is not None
    assert found[:2] == (code, pointer)


def test_schema_file_is_draft07_json():
    data = json.loads(schemas.schema_text("evalcase"))
    assert data["$schema"].startswith("http://json-schema.org/draft-07/")
