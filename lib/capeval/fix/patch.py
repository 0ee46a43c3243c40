"""A unified diff that carries fixed translations back into the catalogs they came from.

Each fix names its catalog (the candidate's ``x-catalog.file_ref`` and ``line``, the case's
``x-catalog`` key and context) and its text before and after. For each catalog file the fixes
are made one at a time on its bytes, in memory, and each is proven before it is kept:

1. the format's *regions* near the message's line are the places its translation may be
   written (a PO ``msgstr``/``msgstr[N]`` with its continuation lines, a JSON string token, an
   Android ``<string>``/``<item>``'s content, an XLIFF ``<target>``'s content);
2. a region is replaced by the fixed text as the format writes it, and the catalog is read
   again by its own reader (``capeval.catalogs``): the edit is kept only when exactly one
   text of the catalog changed, from the old translation to the fixed one, in the message of
   that key and context. Otherwise the next region is tried; when none passes, the fix is
   not in the patch (``fix.unpatched``).

So every line of the diff is one a reader proved; every other byte of the file is untouched
(comments, wrapping, order, entries not fixed). The diff's paths are the catalogs' paths as
``cap-import`` read them, under ``a/`` and ``b/``: ``patch -p1`` applies it from the
directory the import ran in. No catalog is ever written here.
"""

from __future__ import annotations

import difflib
import io
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from capeval.catalogs import CatalogInfo, detect_format, reader

# formats a fix can be carried back into
PATCHABLE = ("po", "json", "arb", "android", "xliff")


@dataclass(slots=True)
class Fix:
    """One fixed translation to carry into catalog ``file`` (its message at ``line``)."""

    case_id: str
    file: str
    line: int | None
    key: str | None
    context: str | None
    before: str
    after: str
    # the plural form (the case's x-catalog form: "msgstr[1]", "one"), None for a singular
    form: str | None = None


# (start, end, replacement) in the catalog's text
Region = tuple[int, int, str]


def patch(
    fixes: list[Fix], open_file: Callable[[str], bytes], problem: Callable[[Fix, str], None]
) -> tuple[str, int]:
    """The unified diff of every catalog of ``fixes``, and how many fixes it carries.

    ``open_file(path)`` reads a catalog (OSError when it cannot); ``problem(fix, why)`` is
    told of each fix left out.
    """
    by_file: dict[str, list[Fix]] = {}
    for fix in fixes:
        by_file.setdefault(fix.file, []).append(fix)
    diffs, carried = [], 0
    for path, file_fixes in by_file.items():
        try:
            data = open_file(path)
        except OSError as exc:
            for fix in file_fixes:
                problem(fix, f"cannot read {path}: {exc.strerror or exc}")
            continue
        patched, done = _patch_file(path, data, file_fixes, problem)
        carried += done
        if done:
            diffs.append(_unified(path, data.decode("utf-8"), patched))
    return "".join(diffs), carried


def _patch_file(
    path: str, data: bytes, fixes: list[Fix], problem: Callable[[Fix, str], None]
) -> tuple[str, int]:
    fmt = detect_format(path, io.BytesIO(data))
    if fmt not in PATCHABLE:
        for fix in fixes:
            problem(fix, f"{path}: no patch for {fmt or 'an unknown'} catalogs")
        return "", 0
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        for fix in fixes:
            problem(fix, f"{path}: only UTF-8 catalogs are patched")
        return "", 0
    before = _texts(fmt, path, text)
    done = 0
    for fix in sorted(fixes, key=lambda f: f.line or 0):
        for start, end, replacement in _REGIONS[fmt](text, fix):
            trial = text[:start] + replacement + text[end:]
            after = _texts(fmt, path, trial)
            if _only_change(before, after, fix):
                text, before = trial, after
                done += 1
                break
        else:
            problem(fix, f"{path}: {_why_unpatched(before, fix)}")
    return text, done


def _why_unpatched(before: Texts | None, fix: Fix) -> str:
    if fix.form is not None and before is not None:
        form = _form_key(fix.form)
        if not any(
            len(slot) == 4 and slot[3] == form and (fix.key is None or slot[1] == fix.key)
            for slot in before
        ):
            # cap-import --plural-separator split one string of the catalog into forms
            return (
                f"its plural form {fix.form} is part of one string of the catalog (split by "
                "--plural-separator): fix that string by hand"
            )
    return "its translation was not found where the catalog says"


# -- proof: the catalog read again -----------------------------------------------------------
Texts = dict[tuple[Any, ...], str]


def _texts(fmt: str, path: str, text: str) -> Texts | None:
    """Every text of the catalog by (context, key, slot); None when it cannot be read."""
    problems: list[Any] = []
    found: Texts = {}
    try:
        messages = list(
            reader(fmt).read(
                path,
                io.BytesIO(text.encode("utf-8")),
                lambda *p: problems.append(p),
                CatalogInfo(),
            )
        )
    except Exception:  # noqa: BLE001  a region that breaks the file is simply not it
        return None
    for message in messages:
        base = (message.context, message.key)
        found[(*base, "text")] = message.text
        for name, value in (message.plurals or {}).items():
            found[(*base, "plural", name)] = value
        if message.translation is not None:
            found[(*base, "translation")] = message.translation
        for name, value in (message.translation_plurals or {}).items():
            found[(*base, "translation", name)] = value
    # what is wrong with the catalog must stay as it was (by code: lines may move)
    found[("problems",)] = repr(sorted(str(p[0]) for p in problems))
    return found


def _only_change(before: Texts | None, after: Texts | None, fix: Fix) -> bool:
    if before is None or after is None or before.keys() != after.keys():
        return False
    changed = [k for k in before if before[k] != after[k]]
    if fix.form is None:
        if len(changed) != 1:
            return False
        (slot,) = changed
    else:
        # the fix's own plural form, never another with the same text (Arabic msgstr[0], [4]
        # and [5] often are one string); a reader's singular view of the entry (a PO entry's
        # translation is its msgstr[0]) may change with it, the same way
        form = _form_key(fix.form)
        own = [k for k in changed if len(k) == 4 and k[3] == form]
        if len(own) != 1:
            return False
        slot = own[0]
        if not all(k == slot or _singular_view(k, slot, before, after) for k in changed):
            return False
    if fix.key is not None and slot[1] != fix.key:
        return False
    if slot[0] != fix.context:
        return False
    return before[slot] == fix.before and after[slot] == fix.after


def _singular_view(
    other: tuple[Any, ...], slot: tuple[Any, ...], before: Texts, after: Texts
) -> bool:
    """Whether ``other`` is the singular text of ``slot``'s entry, changed as ``slot`` was."""
    return (
        len(other) == 3
        and other[:2] == slot[:2]
        and (before[other], after[other]) == (before[slot], after[slot])
    )


def _form_key(form: str) -> str:
    """The key of a plural form among a message's texts: PO's ``msgstr[N]`` is N."""
    if form.startswith("msgstr[") and form.endswith("]"):
        return form[len("msgstr[") : -1]
    return form


# -- regions per format ------------------------------------------------------------------------
def _line_offset(text: str, line: int | None) -> int:
    if not line or line <= 1:
        return 0
    at = 0
    for _ in range(line - 1):
        at = text.find("\n", at) + 1
        if at == 0:
            return len(text)
    return at


_PO_STRING = re.compile(r'[ \t]*"(?:[^"\\\n]|\\.)*"[ \t]*\r?\n?')
_PO_MSGSTR = re.compile(r'(msgstr(?:\[\d+\])?)([ \t]+)"(?:[^"\\\n]|\\.)*"[ \t]*(\r?\n)?')
_PO_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _po_quote(text: str) -> str:
    return '"' + "".join(_PO_ESCAPES.get(c, c) for c in text) + '"'


def _po_regions(text: str, fix: Fix) -> Iterator[Region]:
    """Each ``msgstr``/``msgstr[N]`` of the entry at ``fix.line``, with its continuation lines;
    written on one line, or wrapped after each newline when it was wrapped."""
    at = _line_offset(text, fix.line)
    seen_msgstr = False
    while at < len(text):
        end_of_line = text.find("\n", at)
        line_end = len(text) if end_of_line < 0 else end_of_line + 1
        line = text[at:line_end].strip()
        if not line or (seen_msgstr and line.startswith(("msgid", "msgctxt", "#"))):
            return
        match = _PO_MSGSTR.match(text, at)
        if match is None:
            at = line_end
            continue
        seen_msgstr = True
        end = match.end()
        wrapped = False
        while (more := _PO_STRING.match(text, end)) and more.end() > end:
            wrapped = True
            end = more.end()
        newline = match.group(3) or ""
        if end == len(text) and not text.endswith("\n"):
            newline = ""
        elif not newline:
            newline = "\n"
        keyword, blank = match.group(1), match.group(2)
        if wrapped:
            # first, the one continuation line the change falls in, the others as they were
            local = _po_piece(text, match.end(), end, fix)
            if local is not None:
                yield local
        if wrapped and "\n" in fix.after.rstrip("\n"):
            pieces = fix.after.splitlines(keepends=True)
            body = f'{keyword}{blank}""{newline}' + "".join(
                _po_quote(piece) + newline for piece in pieces
            )
        else:
            body = f"{keyword}{blank}{_po_quote(fix.after)}{newline}"
        yield at, end, body
        at = end


def _po_piece(text: str, start: int, end: int, fix: Fix) -> Region | None:
    """The region of the one continuation line (of ``text[start:end]``) that holds the whole
    change from ``fix.before`` to ``fix.after``, rewritten; None when the change spans lines."""
    before, after = fix.before, fix.after
    prefix = 0
    limit = min(len(before), len(after))
    while prefix < limit and before[prefix] == after[prefix]:
        prefix += 1
    suffix = 0
    while suffix < limit - prefix and before[-1 - suffix] == after[-1 - suffix]:
        suffix += 1
    changed_end = len(before) - suffix
    offset = 0
    for piece in _PO_STRING.finditer(text, start, end):
        quoted = piece.group(0).strip()
        try:
            decoded = json.loads(quoted)  # PO's escapes are a subset of JSON's
        except ValueError:
            return None
        if offset <= prefix and changed_end <= offset + len(decoded):
            new = decoded[: prefix - offset] + after[prefix : len(after) - suffix]
            new += decoded[changed_end - offset :]
            at = text.index('"', piece.start())
            close = text.rindex('"', piece.start(), piece.end()) + 1
            return at, close, _po_quote(new)
        offset += len(decoded)
    return None


_JSON_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"(\s*:)?')


def _json_regions(text: str, fix: Fix) -> Iterator[Region]:
    """The JSON string values from the key's line on that decode to the old translation."""
    tried = 0
    for match in _JSON_STRING.finditer(text, _line_offset(text, fix.line)):
        if match.group(1) or tried >= 8:
            continue
        token = match.group(0)
        try:
            value = json.loads(token)
        except ValueError:
            continue
        if value != fix.before:
            continue
        tried += 1
        ascii_only = token.isascii() and not fix.before.isascii()
        yield match.start(), match.end(), json.dumps(fix.after, ensure_ascii=ascii_only)


_ANDROID_ELEMENT = re.compile(r"(<(string|item)\b[^>]*>)(.*?)</\2\s*>", re.DOTALL)
_ANDROID_ESCAPES = {
    "\\": "\\\\",
    "'": "\\'",
    '"': '\\"',
    "\n": "\\n",
    "\t": "\\t",
    "&": "&amp;",
    "<": "&lt;",
}


def _android_regions(text: str, fix: Fix) -> Iterator[Region]:
    """The content of the ``<string>``/``<item>`` elements from the message's line on."""
    escaped = "".join(_ANDROID_ESCAPES.get(c, c) for c in fix.after)
    if escaped[:1] in ("@", "?"):
        escaped = "\\" + escaped
    for n, match in enumerate(_ANDROID_ELEMENT.finditer(text, _line_offset(text, fix.line))):
        if n >= 8:
            return
        yield match.start(3), match.end(3), escaped


_XLIFF_TARGET = re.compile(r"(<target\b[^>]*>)(.*?)</target\s*>", re.DOTALL)


def _xliff_regions(text: str, fix: Fix) -> Iterator[Region]:
    """The content of the ``<target>`` elements from the unit's line on."""
    escaped = fix.after.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    for n, match in enumerate(_XLIFF_TARGET.finditer(text, _line_offset(text, fix.line))):
        if n >= 4:
            return
        yield match.start(2), match.end(2), escaped


_REGIONS: dict[str, Callable[[str, Fix], Iterator[Region]]] = {
    "po": _po_regions,
    "json": _json_regions,
    "arb": _json_regions,
    "android": _android_regions,
    "xliff": _xliff_regions,
}


def _unified(path: str, old: str, new: str) -> str:
    """``diff -u`` of one file, paths under ``a/`` and ``b/`` (``patch -p1``), with GNU's mark
    for a last line without a newline."""
    lines = []
    for line in difflib.unified_diff(
        old.splitlines(keepends=True),
        new.splitlines(keepends=True),
        f"a/{path}",
        f"b/{path}",
    ):
        if not line.endswith("\n"):
            line += "\n\\ No newline at end of file\n"
        lines.append(line)
    return "".join(lines)
