"""The user docs: every command and every code documented, generated tables fresh, and nothing
that points outside the repository (a clone has no working documents beside it)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from capeval import assertions
from capeval.codes import DIAGNOSTIC_CODES, ENGINE_RESULT_CODES, STREAM_RESULT_CODES

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
TEXT = "\n".join(page.read_text(encoding="utf-8") for page in PAGES)
COMMANDS = sorted(path.name for path in (ROOT / "bin").glob("cap-*"))


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_is_in_the_readme_with_its_page(command):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"`{command}`" in readme
    for page in re.findall(rf"`{command}` \|[^\n]*\(docs/([\w.-]+\.md)\)", readme):
        assert (ROOT / "docs" / page).is_file()


def _all_codes() -> list[str]:
    codes = [*DIAGNOSTIC_CODES, *ENGINE_RESULT_CODES]
    for found in [*assertions.result_codes().values(), *STREAM_RESULT_CODES.values()]:
        codes.extend(found)
    return codes


@pytest.mark.parametrize("code", _all_codes())
def test_every_code_is_documented(code):
    assert f"`{code}`" in TEXT


@pytest.mark.parametrize("name", assertions.NAMES)
def test_every_result_code_has_its_meaning_beside_it(name):
    module = assertions.load(name)
    assert tuple(module.MEANINGS) == module.CODES, "CODES are MEANINGS' keys, in precedence order"
    for code, meaning in module.MEANINGS.items():
        title, help_text = meaning
        assert title and help_text and not title.endswith("."), code
        assert help_text.endswith("."), code


def test_generated_tables_are_fresh():
    cog = Path(sys.executable).parent / "cog"
    if not cog.exists():
        pytest.skip("cogapp is not installed (make install)")
    proc = subprocess.run(
        [str(cog), "--check", "-I", str(ROOT / "tools"), *map(str, PAGES)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr + "\nrun `make docs`"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_docs_stand_on_their_own(page):
    text = page.read_text(encoding="utf-8")
    for outside in ("../shared", "SPEC.md", "SPEC §", "§"):
        assert outside not in text, f"{page.name} points outside the project: {outside}"
    assert re.search(r"\bSPEC\b", text) is None, page.name


def _outside_references(text: str) -> list[str]:
    found = [word for word in ("../shared", "SPEC", "§", "seed 0") if word in text]
    return found


@pytest.mark.parametrize("schema", sorted((ROOT / "lib/capeval/schemas").glob("*.json")))
def test_published_schemas_stand_on_their_own(schema):
    assert _outside_references(schema.read_text(encoding="utf-8")) == [], schema.name


@pytest.mark.parametrize("command", COMMANDS)
def test_help_stands_on_its_own(command):
    from conftest import run_cmd

    proc = run_cmd(command, "--help")
    assert proc.returncode == 0
    assert _outside_references(proc.stdout.decode()) == []


def test_no_package_registry_host_is_named_anywhere_in_the_repository():
    # Packages are named by purl (pkg:pypi/django@5.2.19), never by a registry's address.
    # The hosts are spelled in pieces so that this file does not name them either.
    hosts = [
        "pypi" + ".org",
        "pythonhosted" + ".org",
        "npmjs" + ".com",
        "npmjs" + ".org",
        "deb.debian" + ".org",
    ]
    root = Path(__file__).resolve().parent.parent
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=root, capture_output=True, check=False
    ).stdout.split(b"\0")
    found = []
    for name in filter(None, listed):
        path = root / name.decode()
        if not path.is_file() or path.stat().st_size > 2_000_000:
            continue
        text = path.read_bytes().lower()
        found += [f"{name.decode()}: {host}" for host in hosts if host.encode() in text]
    assert not found, found
