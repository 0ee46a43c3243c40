"""Which files a run reads and writes, and the refusal of any overlap before anything is written.

A filter's own path options say what they are in their annotation (``READS``, ``WRITES``,
``UPDATES``); the chassis adds the inputs, ``-o``, ``--diagnostics`` and stdout, and calls
``overlap`` once, before it opens an output. Two paths are the same file when they name the
same device and inode (hard links, symlinks, ``/dev/stdin``) or, for a file not made yet, the
same real path. Refused, as usage errors:

* an output onto an input (the input would be replaced: ``cap-import x.po -o x.po``);
* two outputs onto one file (the last rename would win: ``-o out --diagnostics out``);
* one stream read twice (a pipe, a FIFO, a terminal: ``--candidates /dev/stdin`` with the
  cases on stdin would split the stream between two readers). A regular file may be read
  twice: each reader gets all of it.

Character devices as outputs (``/dev/null``, a terminal) are never a conflict.
"""

# Annotations evaluated as the module loads (no __future__ import): each NamedTuple field's
# would otherwise be compiled from its string at every start-up.

import os
import stat
from typing import NamedTuple

STDIN = "standard input"
STDOUT = "standard output"


class PathRole(NamedTuple):
    """A path option's role, put in its ``Annotated`` metadata (Typer ignores it)."""

    reads: bool
    writes: bool


READS = PathRole(reads=True, writes=False)
WRITES = PathRole(reads=False, writes=True)
# read and then rewritten in place (the id lock): both, but never in conflict with itself
UPDATES = PathRole(reads=True, writes=True)


class Use(NamedTuple):
    """One path of a run: the option that names it, the path, its role."""

    option: str
    path: str
    role: PathRole


class _Identity(NamedTuple):
    key: tuple[int, int] | None  # (device, inode) of an existing file
    real: str | None  # its real path (None for stdin and stdout)
    mode: int  # st_mode of an existing file, else 0


def _identity(use: Use, stdin_fd: int, stdout_fd: int) -> _Identity | None:
    """Who ``use.path`` is; None when it cannot be told (it will fail when opened)."""
    try:
        if use.path == "-":
            if use.option == STDOUT or use.role.writes and not use.role.reads:
                st = os.fstat(stdout_fd)
            else:
                st = os.fstat(stdin_fd)
            return _Identity((st.st_dev, st.st_ino), None, st.st_mode)
        real = os.path.realpath(use.path)
        try:
            st = os.stat(use.path)  # follows symlinks; never opens (a FIFO does not block)
        except FileNotFoundError:
            return _Identity(None, real, 0)
        return _Identity((st.st_dev, st.st_ino), real, st.st_mode)
    except OSError:
        return None


def _shown(use: Use) -> str:
    if use.path == "-":
        return use.option if use.option in (STDIN, STDOUT) else f"{use.option} - ({STDIN})"
    if use.option in (STDIN, "FILE"):
        return use.path
    return f"{use.option} {use.path}"


def _same(a: _Identity, b: _Identity) -> bool:
    if a.key is not None and a.key == b.key:
        return True
    return a.real is not None and a.real == b.real


def overlap(uses: list[Use], stdin_fd: int = 0, stdout_fd: int = 1) -> str | None:
    """The usage message for the first overlap among ``uses``, or None when there is none."""
    known = [(use, who) for use in uses if (who := _identity(use, stdin_fd, stdout_fd))]
    for index, (use, who) in enumerate(known):
        for other, them in known[:index]:
            if not _same(who, them):
                continue
            message = _conflict(other, them, use, who)
            if message:
                return message
    return None


def output_onto(uses: list[Use], paths: list[str]) -> str | None:
    """The usage message when one of ``paths`` — inputs a run finds as it goes, such as the
    catalogs ``cap-import DIR`` walks — is a file one of ``uses`` writes, or None."""
    outputs = [use for use in uses if use.role.writes and use.option != STDOUT]
    if not outputs:
        return None
    written = [(use, who) for use in outputs if (who := _identity(use, 0, 1))]
    for path in paths:
        found = Use("FILE", path, READS)
        who = _identity(found, 0, 1)
        for use, them in written:
            if who is not None and _same(who, them):
                message = _conflict(use, them, found, who)
                if message:
                    return message
    return None


def _conflict(first: Use, who: _Identity, second: Use, _them: _Identity) -> str | None:
    if stat.S_ISCHR(who.mode) and (first.role.writes or second.role.writes):
        return None  # /dev/null, a terminal: writing there replaces nothing
    if first.role.writes and second.role.writes:
        if who.mode and not stat.S_ISREG(who.mode):
            return None  # one pipe written by two: interleaved, nothing replaced
        return (
            f"{_shown(second)} is the same file as {_shown(first)}: two outputs on one file "
            "would leave only one of them; give each output its own path"
        )
    if first.role.writes or second.role.writes:
        output, source = (first, second) if first.role.writes else (second, first)
        return (
            f"{_shown(output)} is the same file as the input {_shown(source)}: writing it "
            "would replace the input; write to another path"
        )
    if stat.S_ISREG(who.mode) or stat.S_ISDIR(who.mode):
        return None  # a regular file can be read twice, each reader gets all of it
    return (
        f"{_shown(second)} is the same stream as {_shown(first)} ({_kind(who.mode)}): two "
        "readers would split it between them; give each input its own file"
    )


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode):
        return "a terminal or device"
    return "a stream"
