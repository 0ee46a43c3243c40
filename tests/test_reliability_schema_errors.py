"""All schema errors of a record (issue 11): fastjsonschema finds the first fast; a record
that fails gets every violation, each its own diagnostic."""

from __future__ import annotations

from capeval import schemas

from conftest import evalcase, jsonl, run_cmd


def _broken() -> dict:
    case = evalcase(schema_version=2, id="Bad Id", source_locale=5, junk=1)
    case["assertions"][0]["severity"] = "soft"
    del case["provenance"]["license"]
    return case


def test_cap_validate_reports_every_violation_of_a_record():
    done = run_cmd("cap-validate", stdin=jsonl(_broken()))
    assert done.returncode == 1
    found = [line.split(": ")[3:5] for line in done.stderr.decode().splitlines()[:-1]]
    assert found == [
        ["error", "schema.const"],
        ["error", "schema.pattern"],
        ["error", "schema.type"],
        ["error", "schema.enum"],
        ["error", "schema.required"],
        ["error", "schema.additionalProperties"],
    ]
    assert done.stderr.decode().splitlines()[-1] == "cap-validate: 1 read, 0 valid, 1 invalid"


def test_the_first_problem_is_the_fast_validators_and_valid_records_have_none():
    first = schemas.problem("evalcase", _broken())
    every = schemas.problems("evalcase", _broken())
    assert every[0] == first
    assert len({(p.code, p.pointer) for p in every}) == len(every) == 6
    assert schemas.problems("evalcase", evalcase()) == []


def test_violations_are_capped_and_the_rest_counted():
    case = evalcase(
        assertions=[{"name": "max_chars", "severity": "soft", "params": {"max": 1}}] * 60
    )
    every = schemas.problems("evalcase", case)
    assert len(every) == schemas.MAX_PROBLEMS
    assert every[-1].code == "schema.more" and "and 11 more" in every[-1].message


def test_messages_never_quote_the_offending_value():
    case = evalcase(source="x" * 100_000, domain="Not A Domain " * 1000)
    every = schemas.problems("evalcase", case)
    assert every and all(len(p.message) < 200 for p in every)


def test_after_the_listing_budget_only_the_first_violation_is_reported():
    from capeval.validate.checker import RecordChecker

    case = _broken()
    assert schemas.problems("evalcase", case, every=False) == [schemas.problem("evalcase", case)]
    checker = RecordChecker()
    _kind, listed = checker.check(b"{}", case)
    assert len(listed) > 1
    checker._listings = schemas.FULL_LISTINGS
    _kind, later = checker.check(b"{}", case)
    assert later == [schemas.problem("evalcase", case)]


def test_a_key_with_dots_or_brackets_gets_its_exact_pointer_once():
    # fastjsonschema names the place "data.scores.a.b[3]c" and splits it at "." and "[":
    # the pointer comes from the full validator then, and the violation is listed once
    from capeval import schemas

    review = {
        "case_id": "q1",
        "reviewer_id": "r1",
        "reviewer_role": "domain_reviewer",
        "synthetic": True,
        "scores": {"a.b[3]c": None, "ok": 1},
        "blocking_flags": [],
    }
    assert schemas.problem("review", review).pointer == "/scores/a.b[3]c"
    assert [p.pointer for p in schemas.problems("review", review)] == ["/scores/a.b[3]c"]
