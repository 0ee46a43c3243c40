"""A project's locale tree: which files are catalogs, which go together, and their id prefixes.

``cap-import DIR…`` (or several files, the first one bilingual) walks the directories in name
order and takes a file as a catalog by its name and first bytes:

* ``.po`` (not ``.pot``: a template holds no translation), ``.xlf``/``.xliff`` holding
  ``<xliff``, ``.xcstrings``: bilingual, each imported on its own;
* ``.json`` (an object) and ``.arb`` whose path names a locale (``fr.json``,
  ``locales/fr/app.json``, ``app_fr.arb``), ``values*/…xml`` holding ``<resources``, and
  ``.strings``/``.stringsdict`` in a ``*.lproj`` folder: monolingual, grouped by their path
  with the locale left out (``locales/*/app.json``); the group's SOURCE is its catalog of the
  source locale (``--source-locale``, default ``en``), else the one whose path names no locale
  (Android's ``values/``, ``Base.lproj``, a ``base/`` folder).

Directories never walked: hidden ones (``.git``…) and ``SKIPPED_DIRS`` (vendored code, build
output, virtual environments); ``--exclude GLOB`` skips more (matched against the path below
the root and against the file or directory name).

Ids: every catalog's prefix is its path below the root with the locale, the usual locale
folders (``locale``, ``LC_MESSAGES``…) and the extension left out, one segment per part
(``django/contrib/admin/locale/fr/LC_MESSAGES/django.po`` → ``django.contrib.admin.django``).
The root is the directory given (several inputs: their common parent), so the same command
gives the same ids tomorrow. Two catalogs that would still share a prefix and a locale get a
hash of their path appended to the second one's.
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from capeval import catalogs
from capeval.importer import ids, locales

# Folders of other people's code or of generated files: their catalogs are not the project's.
SKIPPED_DIRS = frozenset(
    {
        "node_modules", "bower_components", "vendor", "third_party", "third-party",
        "site-packages", "venv", "env", "build", "dist", "target", "out", "__pycache__",
        "Pods", "Carthage", "DerivedData",
    }
)  # fmt: skip
# Path parts that only say "translations are here": left out of id prefixes.
_LOCALE_FOLDERS = frozenset(
    {"locale", "locales", "lc_messages", "i18n", "l10n", "lang", "langs", "translations", "res"}
)
_MONOLINGUAL_SUFFIXES = frozenset({"json", "arb", "xml", "strings", "stringsdict"})


@dataclass
class Found:
    """A catalog file of the tree."""

    path: str  # as opened
    relative: str  # below the root, '/'-separated
    format: str
    locale: str | None = None  # the locale its path names (monolingual catalogs)
    group: str = ""  # its path with the locale left out (monolingual catalogs)
    # its locale is a registered tag CLDR lacks (tet): a catalog only beside CLDR locales'
    without_cldr: bool = False


@dataclass
class Job:
    """One import: a bilingual catalog alone (``targets`` empty) or a monolingual group."""

    source: Found
    targets: list[Found] = field(default_factory=list)
    prefix: str = ""


# reason, path
OnSkip = Callable[[str, str], None]


def collect(
    inputs: list[str], excludes: list[str], forced_format: str | None, on_skip: OnSkip
) -> list[Found]:
    """The catalogs of ``inputs`` (directories walked, files taken as given), in order."""
    root = _root(inputs)
    found: list[Found] = []
    for given in inputs:
        if os.path.isdir(given):
            for path in _walk(given, root, excludes):
                _take(path, root, forced_format, found, on_skip, walked=True)
        elif not _excluded(_relative(given, root), excludes):
            _take(given, root, forced_format, found, on_skip, walked=False)
    # a locale CLDR lacks is a locale where the catalogs beside it are of CLDR locales
    # (locales/tet/ among locales/fr/…); elsewhere "app/" or "lib/" would be taken for one
    located = {item.group for item in found if not item.without_cldr}
    return [item for item in found if not item.without_cldr or item.group in located]


def _root(inputs: list[str]) -> str:
    folders = [
        os.path.abspath(p if os.path.isdir(p) else os.path.dirname(p) or ".") for p in inputs
    ]
    if len(folders) == 1:
        return folders[0]
    try:
        return os.path.commonpath(folders)
    except ValueError:  # different drives
        return os.sep


def _relative(path: str, root: str) -> str:
    relative = os.path.relpath(os.path.abspath(path), root)
    return relative.replace(os.sep, "/")


def _excluded(relative: str, excludes: list[str]) -> bool:
    name = relative.rsplit("/", 1)[-1]
    return any(fnmatch.fnmatch(relative, g) or fnmatch.fnmatch(name, g) for g in excludes)


def _walk(top: str, root: str, excludes: list[str]) -> Iterable[str]:
    for folder, dirs, files in os.walk(top):
        dirs[:] = sorted(
            d
            for d in dirs
            if not d.startswith(".")
            and d not in SKIPPED_DIRS
            and not _excluded(_relative(os.path.join(folder, d), root), excludes)
        )
        for name in sorted(files):
            path = os.path.join(folder, name)
            if not _excluded(_relative(path, root), excludes):
                yield path


def _take(
    path: str,
    root: str,
    forced_format: str | None,
    found: list[Found],
    on_skip: OnSkip,
    *,
    walked: bool,
) -> None:
    relative = _relative(path, root)
    suffix = catalogs.suffix(path)
    if walked and suffix not in _MONOLINGUAL_SUFFIXES | {"po", "xlf", "xliff", "xcstrings"}:
        return  # not a catalog's name: not even counted
    try:
        with open(path, "rb") as stream:
            head = stream.read(catalogs.HEAD_BYTES)
    except OSError as exc:
        on_skip(f"cannot open: {exc.strerror}", path)
        return
    name = forced_format or _format(path, head, walked)
    if name is None:
        if not walked:
            on_skip("cannot tell the catalog format (give --format)", path)
        return
    item = Found(path, relative, name)
    if catalogs.reader(name).BILINGUAL:
        item.locale = locales.guess_from_path(relative)  # the header may say otherwise
    else:
        located = locale_and_group(relative)
        if located is None and walked:
            located = locale_and_group(relative, registered_tag=True)
            item.without_cldr = located is not None
        if located is None:
            if not walked:
                on_skip("its path names no locale (locales/fr/…, fr.json, values-fr/…)", path)
            return
        item.locale, item.group = located
        item.group = f"{name}:{item.group}"
    found.append(item)


def _format(path: str, head: bytes, walked: bool) -> str | None:
    suffix = catalogs.suffix(path)
    if not walked:
        return catalogs.detect_format(path, _Head(head))
    if suffix == "po" or suffix == "xcstrings" or suffix == "arb":
        return "po" if suffix == "po" else suffix
    if suffix in ("xlf", "xliff"):
        return "xliff" if b"<xliff" in head else None
    if suffix == "json":
        return "json" if head.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] == b"{" else None
    if suffix == "xml":
        return "android" if b"<resources" in head else None
    if suffix == "strings" or suffix == "stringsdict":
        return suffix if "/" in path.replace(os.sep, "/") else None
    return None


class _Head:
    """The first bytes of a file, as ``detect_format`` reads a stream."""

    def __init__(self, head: bytes) -> None:
        self.head = head

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return 0

    def read(self, size: int) -> bytes:
        return self.head[:size]

    def seek(self, position: int) -> None:
        pass


def locale_and_group(relative: str, registered_tag: bool = False) -> tuple[str | None, str] | None:
    """The locale a monolingual catalog's path names and the path with it left out; the
    locale is None for a default folder (``values/``, ``Base.lproj``, ``base/``). None: the
    path says nothing about its locale (no catalog of a tree). ``registered_tag``: a folder
    named by a registered tag that CLDR lacks (``tet/``) is a locale's too."""
    if registered_tag:
        parts = relative.split("/")
        for index in range(len(parts) - 2, -1, -1):
            if locales.registered_tag(parts[index]):
                return parts[index], "/".join([*parts[:index], "*", *parts[index + 1 :]])
        return None
    parts = relative.split("/")
    stem, extension = os.path.splitext(parts[-1])
    if locales.looks_like_locale(stem):
        return stem, "/".join([*parts[:-1], "*" + extension])
    dotted = locales.dotted_locale(stem)
    if dotted is not None:  # domain.locale.ext (messages.pt_BR.json)
        return dotted[1], "/".join([*parts[:-1], dotted[0] + ".*" + extension])
    pieces = stem.replace("-", "_").split("_")
    for start in range(1, len(pieces)):
        tail = stem[len("_".join(pieces[:start])) + 1 :]
        if locales.looks_like_locale(tail):
            head = stem[: len(stem) - len(tail)]
            return tail, "/".join([*parts[:-1], head + "*" + extension])
    for index in range(len(parts) - 2, -1, -1):
        folder = parts[index]
        pattern, locale = _folder_locale(folder)
        if pattern is not None:
            return locale, "/".join([*parts[:index], pattern, *parts[index + 1 :]])
    return None


def _folder_locale(folder: str) -> tuple[str | None, str | None]:
    """(the folder's pattern, its locale) when the folder says where a locale's catalogs are."""
    if folder.endswith(".lproj"):
        name = folder[: -len(".lproj")]
        return "*.lproj", (name if locales.looks_like_locale(name) else None)
    if folder == "values" or folder == "base":
        return ("values*" if folder == "values" else "*"), None
    if folder.startswith("values-"):
        guessed = locales.guess_from_path(folder + "/x")
        return ("values*", guessed) if guessed else (None, None)
    if locales.looks_like_locale(folder):
        return "*", folder
    return None, None


def plan(found: list[Found], source_locale: str, on_skip: OnSkip) -> list[Job]:
    """The imports: each bilingual catalog alone, each monolingual group with its SOURCE."""
    jobs: list[Job] = []
    groups: dict[str, list[Found]] = {}
    for item in found:
        if catalogs.reader(item.format).BILINGUAL:
            jobs.append(Job(item))
        else:
            if item.group not in groups:
                jobs.append(Job(item))  # its place in the order; the source is chosen below
            groups.setdefault(item.group, []).append(item)
    wanted = locales.canonical(source_locale)
    language = wanted.split("-")[0]
    planned: list[Job] = []
    for job in jobs:
        if catalogs.reader(job.source.format).BILINGUAL:
            planned.append(job)
            continue
        members = groups[job.source.group]
        source = _source_of(members, wanted, language)
        if source is None:
            for member in members:
                on_skip(
                    f"no catalog of its group ({job.source.group.split(':', 1)[1]}) is in the "
                    f"source locale {wanted} or names no locale (give --source-locale)",
                    member.path,
                )
            continue
        planned.append(Job(source, [m for m in members if m is not source]))
    _prefixes(planned)
    return planned


def _source_of(members: list[Found], wanted: str, language: str) -> Found | None:
    tagged = [(locales.canonical(m.locale), m) for m in members if m.locale]
    for tag, member in tagged:
        if tag == wanted:
            return member
    for member in members:
        if member.locale is None:
            return member
    for tag, member in tagged:
        if tag.split("-")[0] == language:
            return member
    return None


def prefix_of(relative: str, locale_part: bool = True) -> str:
    """A catalog's id prefix from its path below the root (see the module's docstring)."""
    parts = relative.split("/")
    stem = os.path.splitext(parts[-1])[0]
    segments = []
    for index, folder in enumerate(parts[:-1]):
        lowered = folder.lower()
        if lowered in _LOCALE_FOLDERS or folder in (".", ".."):
            continue
        if _folder_locale(folder)[0] is not None or locales.gettext_folder(parts, index):
            continue  # the locale's own folder, values-fr, fr.lproj, tet/LC_MESSAGES
        segments.append(ids.slug(folder, 24))
    stem = locales.without_locale(stem)
    if not locales.looks_like_locale(stem):
        segments.append(ids.slug(stem, 24))
    segments = [s for s in segments if s] or ["catalog"]
    while len(".".join(segments)) > ids.MAX_PREFIX - 20 and len(segments) > 1:
        segments.pop(0)  # the deepest parts tell catalogs apart; the root's are shared
    return ".".join(segments)


def _prefixes(jobs: list[Job]) -> None:
    for job in jobs:
        job.prefix = prefix_of(job.source.relative)
