#!/usr/bin/env python3
"""Fetch real translation catalogs into the cache (``make realdata``); never into the repo.

Django's source distribution, from PyPI with pip, holds the PO catalogs of Django and its
contrib apps for about 100 locales (BSD-3-Clause). They are extracted to

    ${CAPEVAL_CACHE:-$HOME/.cache/capeval}/django-<version>/<app path>/locale/<ll>/LC_MESSAGES/*.po

with Django's LICENSE beside them. The version is pinned, so the numbers measured on it
(docs/cap-import.md) can be reproduced. Running it again when the files are there does nothing.
Exit status 0 when the catalogs are in the cache, 1 when they could not be fetched (the tests
that need them then skip, saying so).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

DJANGO_VERSION = "5.2.19"
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
    try:
        where = fetch_django()
    except (OSError, subprocess.CalledProcessError, RuntimeError, tarfile.TarError) as exc:
        print(f"fetch_realdata: could not fetch Django's catalogs: {exc}", file=sys.stderr)
        return 1
    catalogs = sum(1 for _ in where.glob("**/LC_MESSAGES/*.po"))
    print(f"fetch_realdata: {catalogs} Django catalogs in {where}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
