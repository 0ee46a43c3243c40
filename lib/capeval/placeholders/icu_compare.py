"""ICU MessageFormat placeholders compared: the ``icu`` syntax of ``placeholder_integrity``.

Both sides are parsed by ``icu_parser``; arguments are scoped by branch: each candidate branch
is compared with the source branch of the same key, else the source's ``other``. The codes are
the comparer's (``placeholders.compare.CODES``); plural categories of the target locale come
from CLDR (Babel) and are reported as evidence, never as a failure.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any

from capeval.placeholders.compare import (
    CODES,
    COUNT_MISMATCH,
    EXTRA,
    MISSING,
    MUTATED,
    REORDERED,
    SYNTAX,
)
from capeval.placeholders.icu_parser import (
    BRANCHING_TYPES,
    CLDR_PLURAL_CATEGORIES,
    PLURAL_TYPES,
    Argument,
    Branching,
    IcuSyntaxError,
    Literal,
    Node,
    Pound,
    Tag,
    parse,
)
from capeval.plurals import CATEGORIES
from capeval.verdict import Outcome

__all__ = ["check_icu", "plural_categories", "render"]

# --- CLDR plural categories ------------------------------------------------------------------


@lru_cache(maxsize=256)
def plural_categories(locale_tag: str, ordinal: bool = False) -> frozenset[str] | None:
    """CLDR plural categories of ``locale_tag`` (``other`` included), or None when unknown.

    Babel's ``plural_form.tags`` leaves ``other`` out; it is always a category.
    """
    if not locale_tag:
        return None
    from babel import Locale, UnknownLocaleError  # lazily: ~20 ms, paid only by plurals

    candidates = [locale_tag]
    language = locale_tag.split("-", 1)[0]
    if language != locale_tag:
        candidates.append(language)
    for tag in candidates:
        try:
            locale = Locale.parse(tag, sep="-")
        except (UnknownLocaleError, ValueError, TypeError):
            continue
        rule = locale.ordinal_form if ordinal else locale.plural_form
        return frozenset(rule.tags) | {"other"}
    return None


# --- analysis: what each scope of a message holds --------------------------------------------

# An identity is (kind, name, type, style): kind "arg" or "tag"; for plural and selectordinal
# the style is "offset:N" when N is not 0. Identities are what must match across the sides.
Identity = tuple[str, str, str | None, str | None]
POUND_MARK: Identity = ("pound", "#", None, None)


def _identity(node: Argument | Branching | Tag) -> Identity:
    if isinstance(node, Argument):
        return ("arg", node.name, node.type, node.style)
    if isinstance(node, Branching):
        return ("arg", node.name, node.type, f"offset:{node.offset}" if node.offset else None)
    return ("tag", node.name, None, None)


def render(identity: Identity) -> str:
    """How an identity is written in evidence: ``{n, number, ::percent}``, ``<b>…</b>``."""
    kind, name, arg_type, style = identity
    if kind == "tag":
        return f"<{name}>…</{name}>"
    if kind == "pound":
        return "#"
    if arg_type is None:
        return f"{{{name}}}"
    if style is None:
        return f"{{{name}, {arg_type}}}"
    if len(style) > 60:
        style = style[:59] + "…"
    return f"{{{name}, {arg_type}, {style}}}"


class _Scope:
    """One message or branch: its identities (looking through tags, not into branches)."""

    __slots__ = ("counts", "order", "branchings")

    def __init__(self) -> None:
        self.counts: Counter[Identity] = Counter()
        self.order: list[Identity] = []  # order of appearance, '#' included
        self.branchings: list[tuple[Branching, dict[str, _Scope]]] = []


class _Analysis:
    """A parsed message: its scope tree and what it holds anywhere."""

    __slots__ = ("root", "identities", "keys", "counted")

    def __init__(self, root: _Scope, identities: set[Identity], counted: set[str]) -> None:
        self.root = root
        self.identities = identities  # every identity anywhere in the message
        self.keys = {(identity[0], identity[1]) for identity in identities}  # (kind, name)
        self.counted = counted  # names of plural/selectordinal arguments


def _scope(nodes: tuple[Node, ...], every: set[Identity], counted: set[str]) -> _Scope:
    scope = _Scope()
    _collect(nodes, scope, every, counted)
    return scope


def _collect(nodes: tuple[Node, ...], scope: _Scope, every: set[Identity], counted: set[str]):
    for node in nodes:
        if isinstance(node, Literal):
            continue
        if isinstance(node, Pound):
            scope.order.append(POUND_MARK)
            continue
        identity = _identity(node)
        scope.counts[identity] += 1
        scope.order.append(identity)
        every.add(identity)
        if isinstance(node, Tag):
            _collect(node.children, scope, every, counted)
        elif isinstance(node, Branching):
            if node.type in PLURAL_TYPES:
                counted.add(node.name)
            branches = {key: _scope(message, every, counted) for key, message in node.branches}
            scope.branchings.append((node, branches))


def _analyse(nodes: tuple[Node, ...]) -> _Analysis:
    every: set[Identity] = set()
    counted: set[str] = set()
    root = _scope(nodes, every, counted)
    return _Analysis(root, every, counted)


@lru_cache(maxsize=4096)
def _analysed_source(source: str, tags: bool) -> _Analysis | IcuSyntaxError:
    # Sources repeat across candidates and systems; candidates are parsed afresh.
    try:
        return _analyse(parse(source, tags=tags))
    except IcuSyntaxError as error:
        return error


# --- comparison ------------------------------------------------------------------------------


class _Findings:
    """Everything wrong (and the plural facts worth reporting) across all scopes."""

    def __init__(self, source: _Analysis, target_locale: str, allow_reorder: bool) -> None:
        self.source = source
        self.target_locale = target_locale
        self.allow_reorder = allow_reorder
        self.codes: set[str] = set()
        self.evidence: dict[str, list[Any]] = {}

    def add(self, code: str | None, key: str, entry: Any) -> None:
        if code:
            self.codes.add(code)
        self.evidence.setdefault(key, []).append(entry)


def _where(path: str, text: str) -> str:
    """``{x}`` at the top level, ``count[few]: {x}`` inside a branch."""
    return f"{path}: {text}" if path else text


def _in_branch(path: str, entry: dict[str, Any]) -> dict[str, Any]:
    return {"branch": path, **entry} if path else entry


# A branch may name the plural's count as a plain or number argument ("{n} товар").
_COUNT_TYPES = (None, "number")
_KNOWN_TYPES = frozenset(
    {None, "number", "date", "time", "spellout", "ordinal", "duration", *BRANCHING_TYPES}
)


def _compare_scope(src: _Scope, cand: _Scope, path: str, found: _Findings) -> None:
    """One branch (or the whole message) against its source counterpart, then its branches."""
    source = found.source
    unmatched: dict[tuple[str, str], list[Identity]] = {}
    for identity, count in src.counts.items():
        got = cand.counts.get(identity, 0)
        if got == 0:
            unmatched.setdefault(identity[:2], []).append(identity)
        elif got != count:
            entry = {"placeholder": render(identity), "expected": count, "actual": got}
            found.add(COUNT_MISMATCH, "count_mismatch", _in_branch(path, entry))
    for identity in cand.counts:
        if identity in src.counts:
            continue
        key = identity[:2]
        lost = unmatched.get(key)
        if lost:
            # Same argument (or tag) name, other type or style: one mutation, not two defects.
            was = lost.pop(0)
            found.add(
                MUTATED,
                "mutated",
                [_where(path, render(was)), _where(path, render(identity))],
            )
            if identity[0] == "arg" and identity[2] not in _KNOWN_TYPES:
                found.add(None, "unknown_types", identity[2])
        elif identity in source.identities:
            continue  # the message has it elsewhere; a branch may add it
        elif key not in source.keys:
            found.add(EXTRA, "extra", _where(path, render(identity)))
        elif identity[0] == "arg" and identity[1] in source.counted and identity[2] in _COUNT_TYPES:
            continue  # naming the plural's count, e.g. a singular "{n} товар"
        else:
            # The name is the message's, the type or style is one the source never gives it.
            elsewhere = min(render(i) for i in source.identities if i[:2] == key)
            found.add(MUTATED, "mutated", [elsewhere, _where(path, render(identity))])
            if identity[0] == "arg" and identity[2] not in _KNOWN_TYPES:
                found.add(None, "unknown_types", identity[2])
    for lost in unmatched.values():
        for identity in lost:
            found.add(MISSING, "missing", _where(path, render(identity)))

    if not found.allow_reorder:
        _compare_order(src, cand, path, found)

    # Pair branching arguments by (name, type), in order of appearance, and compare branches.
    pending: dict[tuple[str, str], list[tuple[Branching, dict[str, _Scope]]]] = {}
    for node, branches in src.branchings:
        pending.setdefault((node.name, node.type), []).append((node, branches))
    for node, branches in cand.branchings:
        queue = pending.get((node.name, node.type))
        if queue:
            _src_node, src_branches = queue.pop(0)
            _compare_branching(node, src_branches, branches, path, found)


def _compare_order(src: _Scope, cand: _Scope, path: str, found: _Findings) -> None:
    # Only what both sides have the same number of times can be out of order.
    common = {i for i, n in src.counts.items() if cand.counts.get(i) == n}
    if POUND_MARK in src.order and POUND_MARK in cand.order:
        common.add(POUND_MARK)
    src_order = [i for i in src.order if i in common]
    cand_order = [i for i in cand.order if i in common]
    if POUND_MARK in common and src_order.count(POUND_MARK) != cand_order.count(POUND_MARK):
        # '#' may be repeated or dropped; compare where the first one stands.
        src_order = _first_pound_only(src_order)
        cand_order = _first_pound_only(cand_order)
    if src_order != cand_order:
        entry = {
            "expected": [render(i) for i in src_order],
            "actual": [render(i) for i in cand_order],
        }
        found.add(REORDERED, "reordered", _in_branch(path, entry))


def _first_pound_only(order: list[Identity]) -> list[Identity]:
    first = order.index(POUND_MARK)
    return [i for n, i in enumerate(order) if i != POUND_MARK or n == first]


def _compare_branching(
    node: Branching,
    src_branches: dict[str, _Scope],
    branches: dict[str, _Scope],
    path: str,
    found: _Findings,
) -> None:
    here = f"{path}/{node.name}" if path else node.name
    if node.type in PLURAL_TYPES:
        for key in branches:
            # A key the source itself uses is the author's choice, not the translator's.
            if key.startswith("=") or key in CLDR_PLURAL_CATEGORIES or key in src_branches:
                continue
            found.add(MUTATED, "invalid_plural_keys", f"{here}[{key}]")
        lost = [key for key in src_branches if key.startswith("=") and key not in branches]
        categories = plural_categories(found.target_locale, node.type == "selectordinal")
        if categories is not None:
            for key in branches:
                if key in CLDR_PLURAL_CATEGORIES and key not in categories:
                    found.add(None, "unused_plural_keys", f"{here}[{key}]")
            for key in CATEGORIES:
                if key in categories and key not in branches:
                    found.add(None, "missing_plural_categories", f"{here}[{key}]")
    else:
        lost = [key for key in src_branches if key not in branches]
        for key in branches:
            if key not in src_branches:
                found.add(None, "added_branches", f"{here}[{key}]")
    for key in lost:
        found.add(MUTATED, "missing_branches", f"{here}[{key}]")
    fallback = src_branches["other"]  # the parser guarantees it
    for key, scope in branches.items():
        _compare_scope(src_branches.get(key, fallback), scope, f"{here}[{key}]", found)


# Evidence keys in a stable order: the defects first, then facts that never fail a result.
_EVIDENCE_ORDER = (
    "mutated",
    "unknown_types",
    "invalid_plural_keys",
    "missing_branches",
    "missing",
    "extra",
    "count_mismatch",
    "reordered",
    "added_branches",
    "unused_plural_keys",
    "missing_plural_categories",
)


def _message(evidence: dict[str, Any]) -> str:
    parts = []
    if "mutated" in evidence:
        parts.append("mutated " + ", ".join(f"{a} → {b}" for a, b in evidence["mutated"]))
    if "invalid_plural_keys" in evidence:
        parts.append("not a CLDR plural key " + ", ".join(evidence["invalid_plural_keys"]))
    if "missing_branches" in evidence:
        parts.append("branch dropped " + ", ".join(evidence["missing_branches"]))
    if "missing" in evidence:
        parts.append("missing " + ", ".join(evidence["missing"]))
    if "extra" in evidence:
        parts.append("extra " + ", ".join(evidence["extra"]))
    if "count_mismatch" in evidence:
        parts.append(
            "count differs for "
            + ", ".join(
                f"{_where(e.get('branch', ''), e['placeholder'])} ({e['expected']} → {e['actual']})"
                for e in evidence["count_mismatch"]
            )
        )
    if "reordered" in evidence:
        parts.append("placeholders reordered where reordering is not allowed")
    return "; ".join(parts)


def _flat(scope: _Scope) -> list[str]:
    """Every argument and tag of a message in order of appearance, branches included."""
    out: list[str] = []
    branchings = iter(scope.branchings)
    for identity in scope.order:
        if identity is POUND_MARK:
            continue
        out.append(render(identity))
        if identity[2] in BRANCHING_TYPES:
            _node, branches = next(branchings)
            for branch in branches.values():
                out.extend(_flat(branch))
    return out


def check_icu(
    source: str,
    text: str,
    *,
    allow_reorder: bool = True,
    tags: bool = True,
    target_locale: str = "",
) -> Outcome:
    """Compare the ICU placeholders of ``source`` and candidate ``text``.

    ``target_locale`` (BCP 47) selects the CLDR plural categories reported in evidence.
    """
    analysed = _analysed_source(source, tags)
    if isinstance(analysed, IcuSyntaxError):
        return _syntax_outcome("source", source, analysed)
    try:
        candidate = _analyse(parse(text, tags=tags))
    except IcuSyntaxError as error:
        return _syntax_outcome("candidate", text, error)
    found = _Findings(analysed, target_locale, allow_reorder)
    _compare_scope(analysed.root, candidate.root, "", found)
    evidence = {key: found.evidence[key] for key in _EVIDENCE_ORDER if key in found.evidence}
    if not found.codes:
        return Outcome(evidence=evidence)
    evidence = {"expected": _flat(analysed.root), "actual": _flat(candidate.root), **evidence}
    code = min(found.codes, key=CODES.index)
    return Outcome(code, _message(evidence), evidence)


def _syntax_outcome(side: str, text: str, error: IcuSyntaxError) -> Outcome:
    near = text[error.position : error.position + 20]
    return Outcome(
        SYNTAX,
        f"{side} placeholder syntax: {error.message} at {error.position}",
        {
            "side": side,
            "errors": [
                {"side": side, "position": error.position, "message": error.message, "near": near}
            ],
        },
    )
