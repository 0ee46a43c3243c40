"""A typed decoder that proves a raw line valid against its kind's schema, in C.

``TypedCheck(kind).accepts(raw)`` is True only when the compiled validator would accept the
record ``raw`` holds: the JSON Schema is translated to msgspec Structs (types, required and
unknown properties, lengths, patterns with Python's ``re``, enums, the per-assertion params
dispatched by name as a tagged union), and decoding ``raw`` with them either succeeds or
raises. It is an accelerator, never the authority: anything it does not accept (an ``x-``
extension key, an assertion name without params rules, a construct the translation does not
know) goes through ``schemas.memo`` and the compiled validator, which gives the diagnostics.

The translation covers the keywords the shipped schemas use and refuses any other
(``Unsupported``: the kind then has no typed check; an assertion whose params use one, such
as ``uniqueItems``, gets no variant, so records naming it take the compiled path).
tests/test_schema_memo.py mutates every field of valid records and proves the typed check
never accepts a record the compiled validator rejects. msgspec checks every occurrence of a
repeated key, so a line with a duplicate key is accepted only if the value kept by the JSON
reader (the last) is valid too.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, Union

import msgspec

from capeval import schemas

_ANNOTATIONS = {"title", "description", "$schema", "$id", "definitions", "$comment"}


class Unsupported(Exception):
    """A schema construct without a sound typed translation."""


class TypedCheck:
    """``accepts(raw)``: True only for a line whose record the compiled validator accepts."""

    def __init__(self, kind: str) -> None:
        try:
            self._decode = msgspec.json.Decoder(_Translator(schemas.schema(kind)).root()).decode
        except Unsupported:
            self._decode = None

    @property
    def available(self) -> bool:
        return self._decode is not None

    def accepts(self, raw: bytes) -> bool:
        if self._decode is None:
            return False
        try:
            self._decode(raw)
        except (msgspec.ValidationError, msgspec.DecodeError):
            return False
        return True


class _Translator:
    def __init__(self, schema: dict[str, Any]) -> None:
        self.schema = schema
        self.definitions = schema.get("definitions", {})
        self.resolved: dict[str, Any] = {}

    def root(self) -> Any:
        return self.convert(self.schema, "Record", top=True)

    def convert(self, node: dict[str, Any], name: str, top: bool = False) -> Any:
        keys = set(node) - _ANNOTATIONS
        if "$ref" in node:
            if keys != {"$ref"}:
                raise Unsupported("$ref with siblings")
            return self.ref(node["$ref"])
        if "enum" in node:
            values = node["enum"]
            if keys - {"enum", "type"} or not values or not all(type(v) is str for v in values):
                raise Unsupported("enum of non-strings")
            if node.get("type", "string") != "string":
                raise Unsupported("enum with a non-string type")
            return Literal[tuple(values)]
        kind = node.get("type")
        if kind == "string":
            return self.string(node, keys)
        if kind == "integer":
            return self.integer(node, keys)
        if kind == "number":
            return self.number(node, keys)
        if kind == "boolean":
            if keys != {"type"}:
                raise Unsupported("boolean with rules")
            return bool
        if kind == "array":
            return self.array(node, keys, name)
        if kind == "object":
            return self.object(node, keys, name, top)
        raise Unsupported(f"type {kind!r}")

    def ref(self, ref: str) -> Any:
        prefix = "#/definitions/"
        if not ref.startswith(prefix) or ref[len(prefix) :] not in self.definitions:
            raise Unsupported(f"$ref {ref}")
        name = ref[len(prefix) :]
        if name not in self.resolved:
            self.resolved[name] = self.convert(self.definitions[name], _struct_name(name))
        return self.resolved[name]

    def string(self, node: dict[str, Any], keys: set[str]) -> Any:
        if keys - {"type", "minLength", "maxLength", "pattern"}:
            raise Unsupported("string rules")
        meta: dict[str, Any] = {}
        if "minLength" in node:
            meta["min_length"] = node["minLength"]
        if "maxLength" in node:
            meta["max_length"] = node["maxLength"]
        if "pattern" in node:
            re.compile(node["pattern"])
            meta["pattern"] = node["pattern"]
        return Annotated[str, msgspec.Meta(**meta)] if meta else str

    def integer(self, node: dict[str, Any], keys: set[str]) -> Any:
        if keys - {"type", "minimum", "maximum", "const"}:
            raise Unsupported("integer rules")
        if "const" in node:
            const = node["const"]
            if type(const) is not int or keys != {"type", "const"}:
                raise Unsupported("integer const")
            return Literal[const]
        meta = {}
        if "minimum" in node:
            meta["ge"] = _whole(node["minimum"])
        if "maximum" in node:
            meta["le"] = _whole(node["maximum"])
        return Annotated[int, msgspec.Meta(**meta)] if meta else int

    def number(self, node: dict[str, Any], keys: set[str]) -> Any:
        bounds = {
            "minimum": "ge",
            "maximum": "le",
            "exclusiveMinimum": "gt",
            "exclusiveMaximum": "lt",
        }
        if keys - {"type", *bounds}:
            raise Unsupported("number rules")
        meta = {}
        for keyword, name in bounds.items():
            if keyword in node:
                bound = node[keyword]
                if type(bound) not in (int, float):
                    raise Unsupported("number bound")
                meta[name] = bound
        # msgspec's float takes JSON integers too, never booleans: as JSON Schema's number
        return Annotated[float, msgspec.Meta(**meta)] if meta else float

    def array(self, node: dict[str, Any], keys: set[str], name: str) -> Any:
        if keys - {"type", "items", "minItems", "maxItems"}:
            raise Unsupported("array rules")
        items = self.convert(node["items"], name + "Item") if "items" in node else Any
        meta = {}
        if "minItems" in node:
            meta["min_length"] = node["minItems"]
        if "maxItems" in node:
            meta["max_length"] = node["maxItems"]
        listed = list[items]  # type: ignore[valid-type]
        return Annotated[listed, msgspec.Meta(**meta)] if meta else listed

    def object(self, node: dict[str, Any], keys: set[str], name: str, top: bool) -> Any:
        allowed = {"type", "properties", "required", "additionalProperties", "patternProperties"}
        if keys - allowed - ({"allOf"} if "allOf" in node else set()):
            raise Unsupported("object rules")
        extra = node.get("additionalProperties", True)
        if extra not in (True, False):
            raise Unsupported("additionalProperties schema")
        # patternProperties ("^x-" extensions) are refused by forbid_unknown_fields: stricter
        if "patternProperties" in node and extra is not False:
            raise Unsupported("patternProperties without additionalProperties: false")
        properties = node.get("properties", {})
        required = set(node.get("required", []))
        if not required <= set(properties):
            raise Unsupported("required property without a schema")
        if "allOf" in node:
            return self.dispatched(node, properties, required, extra is False, name)
        if not properties and extra is True:
            return dict[str, Any]
        fields = [
            self.field(prop, self.convert(sub, name + _struct_name(prop)), prop in required)
            for prop, sub in properties.items()
        ]
        return msgspec.defstruct(name, fields, forbid_unknown_fields=extra is False, kw_only=True)

    def field(self, prop: str, annotation: Any, required: bool) -> tuple[Any, ...]:
        if required:
            return (prop, annotation)
        return (prop, Union[annotation, msgspec.UnsetType], msgspec.UNSET)  # noqa: UP007

    def dispatched(
        self,
        node: dict[str, Any],
        properties: dict[str, Any],
        required: set[str],
        forbid: bool,
        name: str,
    ) -> Any:
        """``allOf`` of ``if name == X then params: ...``: a union tagged by ``name``."""
        if "name" not in properties or "name" not in required:
            raise Unsupported("dispatch without a required name")
        name_rule = properties["name"]
        pattern = re.compile(name_rule.get("pattern", ""))
        if set(name_rule) - {"type", "pattern"} or name_rule.get("type") != "string":
            raise Unsupported("dispatch name rules")
        variants = []
        for branch in node["allOf"]:
            if set(branch) != {"if", "then"}:
                raise Unsupported("allOf member")
            condition, then = branch["if"], branch["then"]
            tag = condition.get("properties", {}).get("name", {}).get("const")
            if (
                set(condition) - {"properties", "required"}
                or set(condition.get("properties", {})) != {"name"}
                or set(condition["properties"]["name"]) != {"const"}
                or type(tag) is not str
                or pattern.search(tag) is None
            ):
                raise Unsupported("if condition")
            if set(then) - {"properties", "required"}:
                raise Unsupported("then rules")
            merged = {**properties, **then.get("properties", {})}
            needed = required | set(then.get("required", []))
            try:
                fields = [
                    self.field(
                        prop, self.convert(sub, f"{name}{_struct_name(tag)}"), prop in needed
                    )
                    for prop, sub in merged.items()
                    if prop != "name"
                ]
            except Unsupported:
                continue  # no variant: a record naming it takes the compiled path (sound)
            variants.append(
                msgspec.defstruct(
                    f"{name}{_struct_name(tag)}",
                    fields,
                    tag_field="name",
                    tag=tag,
                    forbid_unknown_fields=forbid,
                    kw_only=True,
                )
            )
        if not variants:
            raise Unsupported("empty allOf")
        return Union[tuple(variants)]  # noqa: UP007


def _whole(number: Any) -> int:
    if type(number) is not int:
        raise Unsupported("non-integer bound")
    return number


def _struct_name(text: str) -> str:
    return "".join(part.capitalize() for part in re.split(r"[^A-Za-z0-9]+", text) if part)
