#!/usr/bin/env python3
"""Fetch real translation catalogs into the cache (``make realdata``); never into the repo.

Django's source distribution, from PyPI with pip, holds the PO catalogs of Django and its
contrib apps for about 100 locales (BSD-3-Clause). They are extracted to

    ${CAPEVAL_CACHE:-$HOME/.cache/capeval}/django-<version>/<app path>/locale/<ll>/LC_MESSAGES/*.po

with Django's LICENSE beside them; and the npm package @docusaurus/theme-translations (MIT), whose
``locales/<lang>/*.json`` are flat JSON catalogs with ``{name}`` placeholders, ``|`` plural
forms and ``___DESCRIPTION`` notes, to

    ${CAPEVAL_CACHE:-$HOME/.cache/capeval}/docusaurus-theme-translations-<version>/locales/

The versions are pinned, so the numbers measured on it
(docs/cap-import.md) can be reproduced. Running it again when the files are there does nothing.
Exit status 0 when the catalogs are in the cache, 1 when they could not be fetched (the tests
that need them then skip, saying so).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

DJANGO_VERSION = "5.2.19"
DOCUSAURUS_VERSION = "3.6.3"
_CATALOG = re.compile(r"^django-[^/]+/(django/(?:.+/)?locale/[^/]+/LC_MESSAGES/[^/]+\.po)$")


def cache_dir() -> Path:
    return Path(os.environ.get("CAPEVAL_CACHE") or Path.home() / ".cache" / "capeval")


def django_dir() -> Path:
    """Where the Django catalogs are (or will be)."""
    return cache_dir() / f"django-{DJANGO_VERSION}"


def fetch_django() -> Path:
    target = django_dir()
    done = target / ".complete"
    if done.exists():
        return target
    target.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="capeval-fetch-") as download:
        command = [
            sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
            "--no-binary", ":all:", f"django=={DJANGO_VERSION}", "--dest", download,
        ]  # fmt: skip
        subprocess.run(command, check=True)
        archives = sorted(Path(download).glob("*.tar.gz"))
        if not archives:
            raise RuntimeError("pip downloaded no source distribution of Django")
        count = _extract(archives[0], target)
    done.write_text(f"{count} catalogs from django=={DJANGO_VERSION}\n", encoding="utf-8")
    return target


def docusaurus_dir() -> Path:
    return cache_dir() / f"docusaurus-theme-translations-{DOCUSAURUS_VERSION}"


def fetch_docusaurus() -> Path:
    target = docusaurus_dir()
    done = target / ".complete"
    if done.exists():
        return target
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError("npm is not installed")
    with tempfile.TemporaryDirectory(prefix="capeval-fetch-") as download:
        package = f"@docusaurus/theme-translations@{DOCUSAURUS_VERSION}"
        subprocess.run(
            [npm, "pack", package, "--silent", "--pack-destination", download],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        archives = sorted(Path(download).glob("*.tgz"))
        if not archives:
            raise RuntimeError("npm packed nothing")
        count = 0
        with tarfile.open(archives[0]) as tar:
            for member in tar:
                found = re.match(r"^package/(locales/[^/]+/[^/]+\.json|LICENSE)$", member.name)
                if not member.isfile() or not found:
                    continue
                destination = target / found.group(1)
                destination.parent.mkdir(parents=True, exist_ok=True)
                source = tar.extractfile(member)
                assert source is not None
                destination.write_bytes(source.read())
                count += member.name.endswith(".json")
    done.write_text(f"{count} catalogs from {package}\n", encoding="utf-8")
    return target


def _extract(archive: Path, target: Path) -> int:
    count = 0
    with tarfile.open(archive) as tar:
        for member in tar:
            if not member.isfile():
                continue
            name = member.name
            found = _CATALOG.match(name)
            if found:
                relative = found.group(1)
            elif re.match(r"^django-[^/]+/LICENSE$", name):
                relative = "LICENSE"
            else:
                continue
            destination = target / relative
            destination.parent.mkdir(parents=True, exist_ok=True)
            source = tar.extractfile(member)
            assert source is not None
            destination.write_bytes(source.read())
            count += name.endswith(".po")
    return count


def main() -> int:
    status = 0
    for name, fetch, pattern in [
        ("Django", fetch_django, "**/LC_MESSAGES/*.po"),
        ("Docusaurus", fetch_docusaurus, "locales/*/*.json"),
    ]:
        try:
            where = fetch()
        except (OSError, subprocess.CalledProcessError, RuntimeError, tarfile.TarError) as exc:
            print(f"fetch_realdata: could not fetch {name}'s catalogs: {exc}", file=sys.stderr)
            status = 1
            continue
        catalogs = sum(1 for _ in where.glob(pattern))
        print(f"fetch_realdata: {catalogs} {name} catalogs in {where}")
    return status


if __name__ == "__main__":
    sys.exit(main())
