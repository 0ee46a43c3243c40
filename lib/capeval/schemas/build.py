"""Compile every ``<kind>.json`` schema of this folder to Python ahead of time.

``python -m capeval.schemas.build`` (``make schemas``) writes ``_compiled_<kind>.py`` next to
each schema: importing generated code costs ~1 ms where ``fastjsonschema.compile`` costs
~16 ms per process. ``tests/test_schemas.py`` proves the generated modules are fresh.

Deliberate edits to fastjsonschema's output:
* ``use_default=False``: defaults are never filled in (pass-through is byte-exact);
* an integer may not be written as ``1.0``, so the float escape hatch of
  fastjsonschema's integer test is removed;
* two speed-ups that keep the logic: item paths as f-strings instead of
  ``str.format(**locals())``, and ``startswith`` for literal-prefix patterns;
* two imports moved off the start-up path: fastjsonschema's exception is imported when a
  record first fails (its package import is ~4 ms; the generated code only ever raises it),
  and ``Decimal`` is not imported where no test uses it;
* per-assertion params (``if name == X then params: params_X`` in the shipped schema) are
  written into ``evalcase.json`` from each assertion module's ``PARAMS`` (``evalcase_text``),
  and dispatched by name in the compiled code: fastjsonschema evaluates ``if`` by raising an
  exception for every branch that does not apply (five per assertion), which made validation
  3x slower.
  The generated dispatcher checks exactly what the ``if``/``then`` branches say.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
_FLOAT_AS_INTEGER = re.compile(r" and not \(isinstance\((\w+), float\) and \1\.is_integer\(\)\)")
# Item paths are built eagerly for every array item with str.format(**locals()); an
# f-string builds the same text without materialising locals() each time.
_FORMAT_LOCALS = re.compile(r'"([^"\\{}]*\{\w+\}[^"\\{}]*)"\.format\(\*\*locals\(\)\)')
# A pattern that is only a literal prefix (patternProperties "^x-") needs no regex engine.
_PREFIX_SEARCH = re.compile(r"REGEX_PATTERNS_\w+\['\^([A-Za-z0-9_-]+)'\]\.search\((\w+)\)")
_EXCEPTION_IMPORT = (
    "from fastjsonschema import JsonSchemaValueException, JsonSchemaValuesException\n"
)
_DECIMAL_IMPORT = "from decimal import Decimal\n"
_LAZY_EXCEPTION = """

def JsonSchemaValueException(*args, **kwargs):
    # fastjsonschema's own exception, imported only when a record fails
    from fastjsonschema import JsonSchemaValueException as exception

    return exception(*args, **kwargs)


"""


def module_name(kind: str) -> str:
    return "_compiled_" + kind.replace("-", "_")


def _compile(schema: dict, name: str) -> str:
    """Validator source for ``schema`` whose entry function is called ``name``."""
    import fastjsonschema

    # Several compiled schemas share one module: give each its own function names and
    # pattern table.
    schema = {**schema, "$id": schema.get("$id", f"urn:capeval:{name}")}
    code = fastjsonschema.compile_to_code(schema, use_default=False)
    code = _FLOAT_AS_INTEGER.sub("", code).replace("REGEX_PATTERNS", f"REGEX_PATTERNS_{name}")
    code = _FORMAT_LOCALS.sub(r'f"\1"', code)
    code = _PREFIX_SEARCH.sub(r"\2.startswith('\1')", code)
    if code.count("raise JsonSchemaValueException") != code.count("JsonSchemaValueException") - 1:
        raise RuntimeError("generated code uses the exception other than raising it")
    code = code.replace(_EXCEPTION_IMPORT, "")
    if code.count("Decimal") == 1:
        code = code.replace(_DECIMAL_IMPORT, "")
    entry = re.search(r"^def (\w+)\(", code, re.MULTILINE).group(1)
    return f"{code}\n\n{name} = {entry}\n"


def _split_params(schema: dict) -> tuple[dict, dict[str, str], list[str]]:
    """Take the if-name-then-params branches out of ``definitions/assertion``.

    Returns the schema without them, {assertion name: params definition name}, and the
    names whose branch makes ``params`` required.
    """
    assertion = schema.get("definitions", {}).get("assertion", {})
    branches = assertion.pop("allOf", [])
    dispatch: dict[str, str] = {}
    requires: list[str] = []
    for branch in branches:
        name = branch["if"]["properties"]["name"]["const"]
        then = branch["then"]
        dispatch[name] = then["properties"]["params"]["$ref"].rsplit("/", 1)[1]
        if "params" in then.get("required", []):
            requires.append(name)
    return schema, dispatch, requires


_DISPATCH = """

_PARAMS = {params}
_REQUIRES_PARAMS = {requires}


def validate(data, custom_formats={{}}, name_prefix=None):
    validate_record(data)
    for index, assertion in enumerate(data["assertions"]):
        name = assertion["name"]
        check = _PARAMS.get(name)
        if check is None:
            continue
        where = "data.assertions[%d]" % index
        if "params" in assertion:
            check(assertion["params"], name_prefix=where + ".params")
        elif name in _REQUIRES_PARAMS:
            raise JsonSchemaValueException(
                where + " must contain ['params'] properties",
                value=assertion,
                name=where,
                definition={{"required": ["params"]}},
                rule="required",
            )
"""


def evalcase_text(current: str) -> str:
    """``evalcase.json`` with its params definitions written from the assertion modules.

    Each module's ``PARAMS`` becomes ``definitions/params_<name>`` and an ``if name == X then
    params: params_X`` branch of ``definitions/assertion`` (``required`` when the module says
    ``PARAMS_REQUIRED``); everything else in the file is kept as written.
    """
    from capeval import assertions

    schema = json.loads(current)
    definitions = {k: v for k, v in schema["definitions"].items() if not k.startswith("params_")}
    branches = []
    for name in assertions.NAMES:
        module = assertions.load(name)
        definitions[f"params_{name}"] = module.PARAMS
        then: dict = {"properties": {"params": {"$ref": f"#/definitions/params_{name}"}}}
        if getattr(module, "PARAMS_REQUIRED", False):
            then = {"required": ["params"], **then}
        branches.append({"if": {"properties": {"name": {"const": name}}}, "then": then})
    definitions["assertion"]["allOf"] = branches
    schema["definitions"] = definitions
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def generate(schema_path: Path) -> str:
    """The source of the compiled validator module for one schema file."""
    text = schema_path.read_text(encoding="utf-8")
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    header = (
        f"# Generated from {schema_path.name} by capeval.schemas.build; do not edit.\n"
        f"# source-sha256: {digest}\n"
    )
    schema, dispatch, requires = _split_params(json.loads(text))
    header += _LAZY_EXCEPTION
    if not dispatch:
        return header + _compile(schema, "validate")
    parts = [header, _compile(schema, "validate_record")]
    params = {}
    for assertion, definition in sorted(dispatch.items()):
        function = f"validate_params_{assertion}"
        parts.append(_compile(schema["definitions"][definition], function))
        params[assertion] = function
    table = "{" + ", ".join(f"{k!r}: {v}" for k, v in params.items()) + "}"
    # written sorted: a set's repr follows the hash seed, and the file must not change with it
    required = "frozenset({" + ", ".join(repr(name) for name in sorted(requires)) + "})"
    parts.append(_DISPATCH.format(params=table, requires=required))
    return "\n".join(parts)


def schema_files() -> list[Path]:
    return sorted(HERE.glob("*.json"))


def main() -> int:
    evalcase = HERE / "evalcase.json"
    text = evalcase.read_text(encoding="utf-8")
    fresh = evalcase_text(text)
    if fresh != text:
        evalcase.write_text(fresh, encoding="utf-8")
        print(f"wrote {evalcase.name}", file=sys.stderr)
    for path in schema_files():
        target = HERE / (module_name(path.stem) + ".py")
        source = generate(path)
        if not target.exists() or target.read_text(encoding="utf-8") != source:
            target.write_text(source, encoding="utf-8")
            print(f"wrote {target.name}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
