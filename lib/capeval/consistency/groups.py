"""Groups of translations of one source, folded a record at a time, and the findings they give.

A *group* is every candidate of one normalised source, in one target locale, context and
plural form, of one system. It keeps, per distinct normalised translation, how many candidates
wrote it and the smallest ``EVIDENCE_LIST_ITEMS`` case ids among them (the evidence shows no
more), so its memory grows with the distinct sources and translations, never with the lines.
Everything it keeps is order-free (counts, the least ids, the least raw text), so groups folded
from shards (``--partial``, then ``--merge``) equal the groups of one run.

* ``inconsistent_translation``: a group with two or more distinct translations;
* ``reused_translation``: one translation (per locale and system) of two or more distinct
  sources, two of which say more than one thing (not ``AM``/``a.m.``, ``Jan``/``January``, a
  plural ``Field``/``Fields``, words in another order, single letters; ``strict_reuse``
  counts those too).
  The context does not count (one source in two contexts may share its translation;
  nor do plural forms, which a language may write alike for a message's singular and plural).
"""

from __future__ import annotations

import bisect
from typing import Any

from capeval.codes import INCONSISTENT_TRANSLATION as INCONSISTENT
from capeval.codes import REUSED_TRANSLATION as REUSED
from capeval.limits import EVIDENCE_LIST_ITEMS
from capeval.slotted import Slotted

NAME = "consistency"

# (target_locale, context, form, normalised source)
GroupKey = tuple[str, str | None, str | None, str]


class Variant(Slotted):
    """One distinct (normalised) translation of a group."""

    __slots__ = (
        "text",  # the least raw text written this way (canonical whatever the order read)
        "count",
        "case_ids",  # the least ids, sorted
    )

    def __init__(self, text: str) -> None:
        self.text = text
        self.count = 0
        self.case_ids: list[str] = []

    def add(self, case_id: str, text: str, count: int = 1) -> None:
        self.count += count
        if text < self.text:
            self.text = text
        ids = self.case_ids
        if len(ids) < EVIDENCE_LIST_ITEMS or case_id < ids[-1]:
            at = bisect.bisect_left(ids, case_id)
            if at == len(ids) or ids[at] != case_id:
                ids.insert(at, case_id)
                del ids[EVIDENCE_LIST_ITEMS:]


class Group(Slotted):
    """The candidates of one source (``GroupKey``), per system."""

    __slots__ = (
        "key",
        "source",  # the least raw source
        "systems",  # system -> normalised translation -> Variant
    )

    def __init__(self, key: GroupKey, source: str) -> None:
        self.key = key
        self.source = source
        self.systems: dict[str | None, dict[str, Variant]] = {}

    def add(self, system: str | None, normal: str, case_id: str, text: str, count: int = 1) -> None:
        variants = self.systems.setdefault(system, {})
        variant = variants.get(normal)
        if variant is None:
            variant = variants[normal] = Variant(text)
        variant.add(case_id, text, count)

    def ordered(self, system: str | None) -> list[tuple[str, Variant]]:
        """The variants of ``system``, most candidates first (ties: by normalised text)."""
        return sorted(self.systems[system].items(), key=lambda kv: (-kv[1].count, kv[0]))


class Groups:
    """Every group of a run, in the order their first case was read."""

    def __init__(self) -> None:
        self.groups: dict[GroupKey, Group] = {}

    def group(self, key: GroupKey, source: str) -> Group:
        found = self.groups.get(key)
        if found is None:
            found = self.groups[key] = Group(key, source)
        elif source < found.source:
            found.source = source
        return found

    # -- partial records (--partial writes them, --merge folds them) -----------------------
    def partials(self, normalisation: str) -> list[dict[str, Any]]:
        out = []
        for group in self.groups.values():
            locale, context, form, normal = group.key
            record: dict[str, Any] = {
                "kind": "consistency_partial",
                "normalisation": normalisation,
                "target_locale": locale,
                "context": context,
                "form": form,
                "key": normal,
                "source": group.source,
                "systems": [
                    {
                        "system": system,
                        "translations": [
                            {"key": k, "text": v.text, "count": v.count, "case_ids": v.case_ids}
                            for k, v in sorted(variants.items())
                        ],
                    }
                    for system, variants in sorted(
                        group.systems.items(), key=lambda kv: (kv[0] is not None, kv[0] or "")
                    )
                ],
            }
            out.append(record)
        return out

    def merge(self, record: dict[str, Any]) -> None:
        """Fold one partial record (already checked by ``partial_problem``)."""
        key = (record["target_locale"], record["context"], record["form"], record["key"])
        group = self.group(key, record["source"])
        for entry in record["systems"]:
            system = entry["system"]
            group.systems.setdefault(system, {})
            for item in entry["translations"]:
                ids = item["case_ids"]
                if not ids:
                    continue
                group.add(system, item["key"], ids[0], item["text"], item["count"])
                variant = group.systems[system][item["key"]]
                for case_id in ids[1:]:
                    variant.add(case_id, item["text"], 0)

    # -- findings --------------------------------------------------------------------------
    def findings(
        self, strict_reuse: bool = False
    ) -> list[tuple[str, str | None, str, str, dict[str, Any]]]:
        """(case_id, system, code, message, evidence) of every finding: inconsistent groups
        in the order of their first case, then reused translations in the order of the
        first group that wrote them."""
        found = []
        # (locale, system, normalised translation) -> normalised source -> (group, variant)
        uses: dict[tuple[str, str | None, str], dict[str, list[tuple[Group, Variant]]]] = {}
        for group in self.groups.values():
            locale, context, form, normal = group.key
            for system in _systems(group):
                variants = group.ordered(system)
                if len(variants) > 1:
                    found.append(_inconsistent(group, system, variants))
                if form is not None:
                    continue  # plural forms of one message may be written alike
                for translation, variant in variants:
                    sources = uses.setdefault((locale, system, translation), {})
                    sources.setdefault(normal, []).append((group, variant))
        for (locale, system, _translation), sources in uses.items():
            if len(sources) > 1 and (strict_reuse or _unrelated(list(sources))):
                found.append(_reused(locale, system, sources))
        return found


_TRAILING = ".:… "


def _word_characters(text: str) -> str:
    return "".join(c for c in text if c.isalnum())


def _unrelated(sources: list[str]) -> bool:
    """Whether two of the normalised ``sources`` say more than one thing. Not: the same letters
    and digits (``am``, ``a.m.``), one begins
    with the other once a trailing ``.`` or ``:`` is dropped (``jan``, ``jan.``, ``january``;
    ``field``, ``fields``), the same words in another order (``password change``, ``change
    password``), or single letters (weekday initials). A translation may well write those
    alike."""
    stems = sorted({source.rstrip(_TRAILING) for source in sources})
    return any(not _related(a, b) for i, a in enumerate(stems) for b in stems[i + 1 :])


def _related(a: str, b: str) -> bool:
    return (
        _word_characters(a) == _word_characters(b)
        or a.startswith(b)
        or b.startswith(a)
        or sorted(a.split()) == sorted(b.split())
        or (len(a) <= 1 and len(b) <= 1)
    )


def _systems(group: Group) -> list[str | None]:
    return sorted(group.systems, key=lambda s: (s is not None, s or ""))


def _inconsistent(
    group: Group, system: str | None, variants: list[tuple[str, Variant]]
) -> tuple[str, str | None, str, str, dict[str, Any]]:
    locale, context, form, _normal = group.key
    # the result names a case of the rarest translation: the likeliest one to fix
    rarest = variants[-1][1]
    evidence: dict[str, Any] = {"source": group.source, "target_locale": locale}
    if context is not None:
        evidence["context"] = context
    if form is not None:
        evidence["form"] = form
    evidence["translations"] = [
        {"text": v.text, "count": v.count, "case_ids": v.case_ids} for _, v in variants
    ]
    shown = ", ".join(f"{v.text!r} ({v.count})" for _, v in variants[:5])
    more = f" and {len(variants) - 5} more" if len(variants) > 5 else ""
    message = f"{group.source!r} is translated {len(variants)} ways in {locale}: {shown}{more}"
    return rarest.case_ids[0], system, INCONSISTENT, message, evidence


def _reused(
    locale: str, system: str | None, sources: dict[str, list[tuple[Group, Variant]]]
) -> tuple[str, str | None, str, str, dict[str, Any]]:
    entries = []
    for uses in sources.values():
        count = sum(variant.count for _, variant in uses)
        ids = sorted({i for _, variant in uses for i in variant.case_ids})[:EVIDENCE_LIST_ITEMS]
        source = min(group.source for group, _ in uses)
        text = min(variant.text for _, variant in uses)
        entries.append((source, text, count, ids))
    entries.sort(key=lambda e: (-e[2], e[0]))
    text = min(e[1] for e in entries)
    evidence: dict[str, Any] = {
        "translation": text,
        "target_locale": locale,
        "sources": [{"source": s, "count": n, "case_ids": ids} for s, _, n, ids in entries],
    }
    shown = ", ".join(f"{s!r} ({n})" for s, _, n, _ in entries[:5])
    more = f" and {len(entries) - 5} more" if len(entries) > 5 else ""
    message = f"{text!r} translates {len(entries)} different sources in {locale}: {shown}{more}"
    rarest = entries[-1]
    return rarest[3][0], system, REUSED, message, evidence


def partial_problem(record: dict[str, Any], normalisation: str) -> tuple[str, str, str] | None:
    """(code, pointer, message) of what makes ``record`` no partial record of this run."""
    if record.get("kind") != "consistency_partial":
        return "kind.unknown", "/kind", 'not a partial record (kind "consistency_partial")'
    if record.get("normalisation") != normalisation:
        return (
            "usage",
            "/normalisation",
            f"made with normalisation {record.get('normalisation')!r}, this run uses "
            f"{normalisation!r} (give --merge the options of --partial)",
        )
    strings = {"target_locale": False, "key": False, "source": False, "context": True}
    for name, nullable in (*strings.items(), ("form", True)):
        value = record.get(name)
        if not (isinstance(value, str) or (nullable and value is None)):
            return "schema.type", f"/{name}", "must be a string" + (" or null" if nullable else "")
    systems = record.get("systems")
    if not isinstance(systems, list):
        return "schema.type", "/systems", "must be an array"
    for i, entry in enumerate(systems):
        if not isinstance(entry, dict) or not isinstance(entry.get("translations"), list):
            return "schema.type", f"/systems/{i}", "must be {system, translations: [...]}"
        if not (entry.get("system") is None or isinstance(entry.get("system"), str)):
            return "schema.type", f"/systems/{i}/system", "must be a string or null"
        for j, item in enumerate(entry["translations"]):
            where = f"/systems/{i}/translations/{j}"
            if not (
                isinstance(item, dict)
                and isinstance(item.get("key"), str)
                and isinstance(item.get("text"), str)
                and type(item.get("count")) is int
                and item["count"] >= 0
                and isinstance(item.get("case_ids"), list)
                and all(isinstance(c, str) for c in item["case_ids"])
            ):
                return "schema.type", where, "must be {key, text, count >= 0, case_ids: [str]}"
    return None
