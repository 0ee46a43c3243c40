"""Compile every ``<kind>.json`` schema of this folder to Python ahead of time.

``python -m capeval.schemas.build`` (``make schemas``) writes ``_compiled_<kind>.py`` next to
each schema: importing generated code costs ~1 ms where ``fastjsonschema.compile`` costs
~16 ms per process. ``tests/test_schemas.py`` proves the generated modules are fresh.

Two deliberate edits to fastjsonschema's output:
* ``use_default=False``: defaults are never filled in (pass-through is byte-exact);
* an integer may not be written as ``1.0`` (SPEC §3), so the float escape hatch of
  fastjsonschema's integer test is removed.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
_FLOAT_AS_INTEGER = re.compile(r" and not \(isinstance\((\w+), float\) and \1\.is_integer\(\)\)")


def module_name(kind: str) -> str:
    return "_compiled_" + kind.replace("-", "_")


def generate(schema_path: Path) -> str:
    """The source of the compiled validator module for one schema file."""
    import fastjsonschema

    text = schema_path.read_text(encoding="utf-8")
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    code = fastjsonschema.compile_to_code(json.loads(text), use_default=False)
    code = _FLOAT_AS_INTEGER.sub("", code)
    entry = re.search(r"^def (\w+)\(", code, re.MULTILINE).group(1)
    header = (
        f"# Generated from {schema_path.name} by capeval.schemas.build; do not edit.\n"
        f"# source-sha256: {digest}\n"
    )
    return f"{header}{code}\n\nvalidate = {entry}\n"


def schema_files() -> list[Path]:
    return sorted(HERE.glob("*.json"))


def main() -> int:
    for path in schema_files():
        target = HERE / (module_name(path.stem) + ".py")
        source = generate(path)
        if not target.exists() or target.read_text(encoding="utf-8") != source:
            target.write_text(source, encoding="utf-8")
            print(f"wrote {target.name}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
