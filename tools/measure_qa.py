"""Measure the translators' QA assertions against pofilter on the same real pairs.

For each assertion (``literal_fidelity``, ``punctuation_fidelity``, ...) at its defaults:

* **false alarms**: the share of real (source, translation) pairs it fails. The pairs:
  ``$CAPEVAL_REALDATA`` (default ``/work/shared/realdata/pairs.jsonl.gz``), every translated,
  non-fuzzy message of the Django PO catalogs and every Docusaurus theme translation in
  ``${CAPEVAL_CACHE:-~/.cache/capeval}`` (``make realdata``);
* **detection**: the share of defects generated from the real pairs it passes that it
  catches (a URL, e-mail, path or option dropped or altered; end punctuation dropped or
  changed; a bracket unbalanced; ...);
* the same two figures for translate-toolkit's corresponding pofilter tests (``pofilter -t``),
  called on the same pairs (a pair fails when any of the tests fails it).

``terminology`` needs glossaries: they are built from one half of the pairs (per project and
locale: the nouns the translations render consistently, see ``build_glossaries``) and it is
measured on the other half, pofilter's ``musttranslatewords`` and ``notranslatewords`` given
the same glossaries. ``--speed RUNS`` times cap-check on Django's imported tree with the five
QA assertions and without them instead.

Nothing is written into the repository. Usage:
    .venv/bin/python tools/measure_qa.py [NAME ...] [--examples K] [--seed N] [--by script|locale]
    .venv/bin/python tools/measure_qa.py --speed RUNS
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import io
import json
import os
import random
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from capeval.assertions import Subject, load

REALDATA = Path(os.environ.get("CAPEVAL_REALDATA", "/work/shared/realdata/pairs.jsonl.gz"))
CACHE = Path(os.environ.get("CAPEVAL_CACHE", Path.home() / ".cache" / "capeval"))

# --- real pairs -------------------------------------------------------------------------------


def realdata_pairs() -> Iterator[dict]:
    if not REALDATA.exists():
        print(f"measure: {REALDATA} not found; skipped", file=sys.stderr)
        return
    with gzip.open(REALDATA, "rt", encoding="utf-8") as stream:
        for line in stream:
            record = json.loads(line)
            if record["kind"] == "real":
                yield pair("realdata/" + record["project"], record["locale"], record)


def pair(origin: str, locale: str, record: dict) -> dict:
    return {
        "origin": origin,
        "locale": locale.replace("_", "-"),
        "source": record["source"],
        "text": record["candidate"],
    }


_CATALOG = re.compile(r"/locale/([^/]+)/LC_MESSAGES/django(?:js)?\.po$")


def django_pairs() -> Iterator[dict]:
    from babel.messages.pofile import read_po

    files = sorted(CACHE.glob("django-*/**/LC_MESSAGES/*.po"))
    if not files:
        print(f"measure: no Django catalogs in {CACHE} (make realdata); skipped", file=sys.stderr)
    for path in files:
        match = _CATALOG.search(str(path))
        if match is None or match.group(1) in ("en", "xxx"):
            continue
        with path.open("rb") as stream, contextlib.redirect_stdout(io.StringIO()):
            catalog = read_po(stream)
        locale = match.group(1)
        for message in catalog:
            if not message.id or message.fuzzy:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for index, text in enumerate(strings):
                if text:
                    source = ids[0] if index == 0 or len(ids) == 1 else ids[1]
                    origin = path.relative_to(CACHE).parts[0]  # django-5.2.19, django-allauth-…
                    yield pair(origin, locale, {"source": source, "candidate": text})


def docusaurus_pairs() -> Iterator[dict]:
    roots = sorted(CACHE.glob("docusaurus-theme-translations-*/locales"))
    for root in roots:
        base = {
            path.name: json.loads(path.read_text(encoding="utf-8"))
            for path in (root / "base").glob("*.json")
        }
        for folder in sorted(root.iterdir()):
            if folder.name == "base" or not folder.is_dir():
                continue
            for path in sorted(folder.glob("*.json")):
                source = base.get(path.name, {})
                for key, text in json.loads(path.read_text(encoding="utf-8")).items():
                    if key.endswith("___DESCRIPTION") or key not in source or not text:
                        continue
                    record = {"source": source[key], "candidate": text}
                    yield pair(root.parent.name, folder.name, record)


_scripts: dict[str, str] = {}


def script_of(locale: str) -> str:
    script = _scripts.get(locale)
    if script is None:
        import langcodes

        try:
            tag = langcodes.standardize_tag(locale)
            script = langcodes.Language.get(tag).maximize().script or "Zyyy"
        except ValueError:
            script = "Zyyy"
        _scripts[locale] = script
    return script


# --- generated defects ------------------------------------------------------------------------

Defect = tuple[str, str]  # (operation, defective candidate)


def _literal_defects(source: str, text: str, rng: random.Random) -> list[Defect]:
    from capeval.assertions.literal_fidelity import literals

    in_source = {(lit.kind, lit.key) for lit in literals(source)}
    found = [lit for lit in literals(text) if (lit.kind, lit.key) in in_source]
    defects: list[Defect] = []
    for lit in found[:3]:
        value = text[lit.start : lit.end]
        before, after = text[: lit.start], text[lit.end :]
        defects.append((f"{lit.kind}: dropped", (before + after).replace("  ", " ")))
        if lit.kind == "option":
            altered = value[:-1] + ("x" if value[-1] != "x" else "y")
        elif lit.kind == "code":
            altered = value.replace(value[1:-1], value[1:-1][::-1]) if len(value) > 3 else "``"
            if altered == value:
                altered = value[:1] + "x" + value[1:]
        else:
            cut = rng.randrange(len(value) // 2, len(value))
            altered = value[:cut] + value[cut + 1 :]
        if altered != value:
            defects.append((f"{lit.kind}: altered", before + altered + after))
    return defects


def _inserted_literal_defects(source: str, text: str, rng: random.Random) -> list[Defect]:
    """Literals put into a pair with none (both sides), then dropped or altered in the
    candidate: every pair gets one kind, so each kind is measured on thousands of pairs."""
    kind, literal, altered = rng.choice(
        [
            ("url", "https://example.com/docs/setup", "https://example.com/doc/setup"),
            ("url", "https://docs.example.org/en/latest/", "https://docs.example.org/"),
            ("email", "support@example.com", "support@exemple.com"),
            ("path", "/etc/fstab", "/etc/fstabs"),
            ("path", "~/.config/app/settings.json", "~/.config/app/paramètres.json"),
            ("option", "--dry-run", "--essai-à-blanc"),
            ("option", "--help", "--aide"),
            ("code", "`make install`", "`make installer`"),
        ]
    )
    stripped = text.rstrip()
    made = stripped + " " + literal + text[len(stripped) :]
    return (
        [
            (f"{kind}: inserted then dropped", text),
            (f"{kind}: inserted then altered", stripped + " " + altered + text[len(stripped) :]),
        ],
        source.rstrip() + " " + literal + source[len(source.rstrip()) :],
        made,
    )


_END_SWAP = {
    "?": ".",
    "？": "。",
    "؟": ".",
    "!": ".",
    "！": "。",
    ".": "!",
    "。": "！",
    ":": ".",
    "：": "。",
}


def _punctuation_defects(source: str, text: str, rng: random.Random) -> list[Defect]:
    from capeval.assertions.punctuation_fidelity import end_mark

    defects: list[Defect] = []
    mark = end_mark(text)
    if mark is not None and end_mark(source) is not None:
        kind, form, at = mark
        defects.append(("end punctuation dropped", text[:at] + text[at + len(form) :]))
        swap = _END_SWAP.get(form[-1])
        if swap is not None:
            defects.append(("end punctuation changed", text[:at] + swap + text[at + len(form) :]))
        # "……" is one ellipsis in Chinese, Japanese and Korean: doubling "…" makes no defect
        language = _LOCALE[0].split("-")[0]
        if not (form == "…" and language in ("zh", "yue", "ja", "ko")):
            defects.append(("end punctuation doubled", text[:at] + form + text[at:]))
    for opener, closer in (("(", ")"), ("[", "]"), ("（", "）")):
        if opener in text and closer in text:
            at = text.rindex(closer)
            defects.append(("bracket unbalanced", text[:at] + text[at + 1 :]))
            break
    else:
        words = text.split(" ")
        if len(words) > 2:
            i = rng.randrange(1, len(words))
            defects.append(
                ("bracket unbalanced", " ".join(words[:i] + ["(" + words[i]] + words[i + 1 :]))
            )
    if " " in text.strip():
        at = text.index(" ", len(text) - len(text.lstrip()))
        defects.append(("double space", text[:at] + " " + text[at:]))
    return defects


_LOCALE = ["und"]  # the locale of the pair whose defects are being made


def _repetition_defects(source: str, text: str, rng: random.Random) -> list[Defect]:
    from capeval.assertions.repetition import (
        _GRAMMATICAL_DOUBLES,
        _NO_SPACE,
        _WORD,
        REDUPLICATING,
        _without_placeholders,
    )

    # Only what the assertion's rules call a defect: no phrase across a line break or a "|"
    # (a list, plural forms), no doubled word where doubling is grammar.
    language = _LOCALE[0].split("-")[0]
    defects: list[Defect] = []
    tokens = list(_WORD.finditer(_without_placeholders(text)))  # the words the assertion reads
    if len(tokens) >= 3 and not _NO_SPACE.search(text):
        size = rng.randint(2, min(4, len(tokens)))
        i = rng.randrange(0, len(tokens) - size + 1)
        start, end = tokens[i].start(), tokens[i + size - 1].end()
        phrase = text[start:end]
        if "\n" not in phrase and "|" not in phrase:
            defects.append(("phrase repeated twice", text[:end] + " " + phrase + text[end:]))
            looped = text[:end] + (" " + phrase) * 2 + text[end:]
            defects.append(("phrase looped (3 times)", looped))
        word = tokens[rng.randrange(len(tokens))]
        grammatical = _GRAMMATICAL_DOUBLES.get(language, set())
        if (
            len(word.group()) > 1
            and not word.group().isdigit()
            and language not in REDUPLICATING
            and word.group().casefold() not in grammatical
        ):
            doubled = text[: word.end()] + " " + word.group() + text[word.end() :]
            defects.append(("word doubled", doubled))
    elif _NO_SPACE.search(text):
        chars = [i for i, c in enumerate(text) if _NO_SPACE.match(c)]
        if len(chars) >= 4:
            size = rng.randint(3, min(6, len(chars)))
            i = rng.randrange(0, len(chars) - size + 1)
            start, end = chars[i], chars[i + size - 1] + 1
            unit = text[start:end]
            defects.append(("phrase repeated twice", text[:end] + unit + text[end:]))
            defects.append(("phrase looped (3 times)", text[:end] + unit * 2 + text[end:]))
    return defects


_COMMENTARY = (
    " (Note: this translation uses the formal register and keeps the product's technical "
    "terms in English, as the style guide asks.)"
)


def _length_defects(source: str, text: str, rng: random.Random) -> list[Defect]:
    stripped = text.strip()
    if not stripped:
        return []
    cut = max(1, round(len(stripped) * rng.uniform(0.4, 0.7)))
    return [
        ("truncated to 40–70%", stripped[:cut]),
        ("commentary appended", stripped + _COMMENTARY),
        ("output looped (3 times)", " ".join([stripped] * 3)),
    ]


# --- terminology: a glossary built from the real pairs ----------------------------------------

# English words too common to be glossary terms (function words and the like).
_STOP = frozenset(
    """this that with from have your will been were they them which there their what when
    where must should would could into than then only also more most some such each other
    these those does here about after before over under please cannot none does doesn
    being just very many much same both between while whether because through during
    without within upon onto like make made need needs want using used uses following
    only given give gives first last next either neither another""".split()
)
_SOURCE_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*[A-Za-z]")
_TARGET_WORD = None  # compiled on first use (regex module)
# glossaries are built per project and locale from the pairs whose source hashes even; the
# false alarms and defects are measured on the others (a held-out half)
MIN_PAIRS = 8  # a term must occur in this many build pairs of its project and locale
MIN_COVERAGE = 0.95  # its rendering in this share of them
MAX_ELSEWHERE = 0.05  # and in at most this share of the pairs without the term
# A glossary holds nouns: a term is taken when at least this share of its occurrences in the
# project's sources follow a determiner ("the page", "your password", "an e-mail address")
MIN_AFTER_DETERMINER = 0.3
_DETERMINED = re.compile(
    r"\b(?:the|a|an|this|that|these|those|your|my|our|its|their|each|every|any|no|all|new)"
    r"\s+([A-Za-z][A-Za-z'-]*[A-Za-z])",
    re.IGNORECASE,
)


def project_of(origin: str) -> str:
    return origin.split("/", 1)[1] if origin.startswith("realdata/") else origin


def held_out(item: dict) -> bool:
    import zlib

    return zlib.crc32(item["source"].encode()) % 2 == 1


def _target_units(text: str) -> set[str]:
    import regex

    global _TARGET_WORD
    if _TARGET_WORD is None:
        _TARGET_WORD = regex.compile(
            r"(?P<ns>[\p{Han}\p{Hiragana}\p{Katakana}\p{Thai}\p{Lao}\p{Khmer}\p{Myanmar}]+)"
            r"|[\p{L}\p{M}\p{N}]+"
        )
    units = set()
    for match in _TARGET_WORD.finditer(text.casefold()):
        word = match.group()
        if match.group("ns"):
            units.update(word[i : i + n] for n in (2, 3, 4) for i in range(len(word) - n + 1))
        elif len(word) >= 3 and not word.isdigit():
            units.add(word)
    return units


def build_glossaries(pairs: list[dict]) -> dict[tuple[str, str], list[dict]]:
    """(project, locale) -> glossary entries: the source words of 4+ letters that the build
    half renders consistently, each with its dominant rendering (a target word or a stem of
    one, picked by how many of the term's pairs it covers less how many others it matches);
    the source word itself is forbidden when the rendering differs and the build half never
    keeps it."""
    from capeval import terms

    groups: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for item in pairs:
        if not held_out(item):
            groups[(project_of(item["origin"]), item["locale"])].append(item)
    nounish: dict[str, Counter] = defaultdict(Counter)  # project -> word -> after a determiner
    counts: dict[str, Counter] = defaultdict(Counter)
    seen_sources: set[tuple[str, str]] = set()
    for (project, _), items in groups.items():
        for item in items:
            if (project, item["source"]) in seen_sources:
                continue
            seen_sources.add((project, item["source"]))
            text = terms.prose(item["source"])
            counts[project].update(w.lower() for w in _SOURCE_WORD.findall(text))
            nounish[project].update(w.lower() for w in _DETERMINED.findall(text))
    glossaries = {}
    for key, items in groups.items():
        project = key[0]
        sources = [terms.prose(i["source"]) for i in items]
        targets = [terms.prose(i["text"]) for i in items]
        words: Counter = Counter()
        for text in sources:
            words.update(sorted({w.lower() for w in _SOURCE_WORD.findall(text)}))
        entries = []
        for term, df in words.most_common():
            if df < MIN_PAIRS:
                break
            if len(term) < 4 or term in _STOP or "'" in term:
                continue
            if nounish[project][term] < MIN_AFTER_DETERMINER * counts[project][term]:
                continue
            inside = [
                k for k, s in enumerate(sources) if terms.first(term, s, False, terms.ENGLISH)
            ]
            if len(inside) < MIN_PAIRS:
                continue
            entry = _dominant(term, inside, sources, targets, key[1])
            if entry is not None:
                entries.append(entry)
            if len(entries) >= 60:
                break
        if entries:
            glossaries[key] = entries
    return glossaries


def _rendered_at(rendering: str, text: str, locale: str) -> list:
    """Where ``text`` has ``rendering`` as the terminology assertion finds an approved one at
    its defaults for ``locale`` (suffix, proclitics, compounds)."""
    from capeval import terms
    from capeval.assertions import terminology as tm

    language = locale.split("-", 1)[0].lower()
    suffix = tm.LONG_SUFFIX if language in tm.AGGLUTINATIVE else tm.SUFFIX
    prefix = tm.PROCLITIC if language in tm.PROCLITIC_LANGUAGES else 0
    part = language in tm.COMPOUNDING
    return terms.spans(rendering, text, False, suffix, prefix, part)


def _renders(rendering: str, text: str, locale: str) -> bool:
    return bool(_rendered_at(rendering, text, locale))


def _dominant(
    term: str, inside: list[int], sources: list, targets: list, locale: str
) -> dict | None:
    from capeval import terms

    units: Counter = Counter()
    for k in inside:
        units.update(sorted(_target_units(targets[k])))  # sorted: ties, the same each run
    if not units:
        return None
    inside_set = set(inside)
    outside = [k for k in range(len(targets)) if k not in inside_set][:200]
    candidates = set()
    for unit, count in units.most_common(5):
        if count < 0.5 * len(inside):
            break
        candidates.add(unit)
        if unit.isalpha() and not _is_no_space(unit):
            candidates.update(unit[:-n] for n in (1, 2, 3) if len(unit) - n >= 3)
    best = None
    for candidate in sorted(candidates):  # sorted: ties go the same way every run
        cov_in = sum(1 for k in inside if _renders(candidate, targets[k], locale)) / len(inside)
        cov_out = sum(1 for k in outside if _renders(candidate, targets[k], locale)) / max(
            1, len(outside)
        )
        score = (cov_in - cov_out, len(candidate))
        if (
            cov_in >= MIN_COVERAGE
            and cov_out <= MAX_ELSEWHERE
            and (best is None or score > best[0])
        ):
            best = (score, candidate)
    if best is None:
        return None
    rendering = best[1]
    entry: dict = {"source": term, "targets": [rendering]}
    kept = terms.first(term, rendering, False, 3) or terms.first(rendering, term, False, 3)
    if not kept and not any(terms.first(term, targets[k], False, 3) for k in inside):
        entry["forbidden"] = [term]
    return entry


def _is_no_space(text: str) -> bool:
    return any(
        "\u0e00" <= c <= "\u0eff"
        or "\u1000" <= c <= "\u109f"
        or "\u1780" <= c <= "\u17ff"
        or "\u3040" <= c <= "\u30ff"
        or "\u3400" <= c <= "\u9fff"
        for c in text
    )


_GLOSSARIES: dict[tuple[str, str], list[dict]] = {}


def glossary_params(item: dict) -> dict | None:
    """The terminology params cap-import would give this pair's case: the entries of its
    project's and locale's glossary whose source term the source names (None: no case)."""
    from capeval import terms

    entries = _GLOSSARIES.get((project_of(item["origin"]), item["locale"]))
    if not entries:
        return None
    source = terms.prose(item["source"])
    named = [e for e in entries if terms.first(e["source"], source, False, terms.ENGLISH)]
    return {"entries": named} if named else None


def _terminology_defects(source: str, text: str, rng: random.Random) -> list[Defect]:
    from capeval import terms

    params = _PAIR_PARAMS[0]
    if params is None:
        return []
    entries = params["entries"]
    entry = rng.choice(entries)
    masked = terms.prose(text)
    locale = _PAIR_KEY[0][1]
    spans = sorted(s for target in entry["targets"] for s in _rendered_at(target, masked, locale))
    if not spans:
        return []
    others = [
        t
        for e in _GLOSSARIES.get(_PAIR_KEY[0], [])
        for t in e["targets"]
        if not any(_renders(t2, t, locale) or _renders(t, t2, locale) for t2 in entry["targets"])
    ]

    def swapped(word: str) -> str:
        out, at = [], 0
        for start, end in spans:
            if start < at:
                continue
            out.append(text[at:start] + word)
            at = end
        return "".join(out) + text[at:]

    defects: list[Defect] = []
    if others:
        defects.append(("rendering swapped for another term's", swapped(rng.choice(others))))
    if not any(
        _renders(entry["source"], t, locale) or _renders(t, entry["source"], locale)
        for t in entry["targets"]
    ):
        word = source[
            slice(*terms.spans(entry["source"], terms.prose(source), False, terms.ENGLISH)[0])
        ]
        defects.append(("term left untranslated", swapped(word)))
    return defects


_PAIR_PARAMS: list[dict | None] = [None]
_PAIR_KEY: list[tuple[str, str]] = [("", "")]


# --- pofilter ---------------------------------------------------------------------------------

_checkers: dict[str, Any] = {}


def pofilter_fails(
    tests: tuple[str, ...], source: str, text: str, locale: str, glossary: Any = None
) -> bool:
    """Whether any of translate-toolkit's pofilter ``tests`` fails the pair; ``glossary``:
    the (project, locale) whose glossary gives its must-translate and no-translate words."""
    from translate.filters import checks

    checker = _checkers.get((locale, glossary))
    if checker is None:
        words: dict[str, list[str]] = {}
        if glossary is not None:
            words = {"musttranslatewords": [], "notranslatewords": []}
            for entry in _GLOSSARIES.get(glossary, []):
                term = entry["source"]
                kind = "musttranslatewords" if "forbidden" in entry else "notranslatewords"
                words[kind] += [term, term.capitalize(), term.upper()]
        config = checks.CheckerConfig(targetlanguage=locale.split("-")[0], **words)
        checker = _checkers[(locale, glossary)] = checks.StandardChecker(config)
    for test in tests:
        try:
            if not getattr(checker, test)(source, text):
                return True
        except checks.FilterFailure:
            return True
        except Exception:  # noqa: BLE001 - a pofilter bug on one pair: no verdict, no alarm
            continue
    return False


# --- the measure ------------------------------------------------------------------------------


class Spec:
    def __init__(
        self,
        pofilter: tuple[str, ...],
        defects: Callable[[str, str, random.Random], list[Defect]],
        inserted: Callable | None = None,
        params_for: Callable[[dict], dict | None] | None = None,
    ) -> None:
        self.pofilter = pofilter
        self.defects = defects
        self.inserted = inserted
        # the pair's own params (None: the pair gets no such assertion and is not measured)
        self.params_for = params_for


SPECS: dict[str, Spec] = {
    "literal_fidelity": Spec(
        ("urls", "emails", "filepaths", "options"), _literal_defects, _inserted_literal_defects
    ),
    "punctuation_fidelity": Spec(
        (
            "endpunc",
            "startpunc",
            "brackets",
            "doublequoting",
            "singlequoting",
            "puncspacing",
            "doublespacing",
        ),
        _punctuation_defects,
    ),
    "repetition": Spec(("doublewords",), _repetition_defects),
    "length_ratio": Spec(("short", "long"), _length_defects),
    "terminology": Spec(
        ("musttranslatewords", "notranslatewords"),
        _terminology_defects,
        params_for=glossary_params,
    ),
}


def fails(name: str, source: str, text: str, locale: str, params: dict | None = None) -> Any:
    case = {"source": source, "source_locale": "en", "target_locale": locale}
    outcome = load(name).check(Subject.of(case, {"text": text}), params or {})
    return None if outcome.passed else outcome


def measure(name: str, pairs: list[dict], args: argparse.Namespace) -> None:
    spec = SPECS[name]
    params = json.loads(args.params) if args.params else {}
    rng = random.Random(args.seed)
    group = (lambda p: script_of(p["locale"])) if args.by == "script" else (lambda p: p["locale"])
    alarms: Counter = Counter()
    po_alarms: Counter = Counter()
    totals: Counter = Counter()
    caught: Counter = Counter()
    po_caught: Counter = Counter()
    generated: Counter = Counter()
    by_group: dict[str, Counter] = defaultdict(Counter)
    examples: list[tuple[dict, Any]] = []
    misses: list[tuple[str, dict, str]] = []
    skipped = 0
    for item in pairs:
        source, text, locale = item["source"], item["text"], item["locale"]
        glossary = None
        if spec.params_for is not None:
            if not held_out(item) or (pair_params := spec.params_for(item)) is None:
                skipped += held_out(item)
                continue
            params = _PAIR_PARAMS[0] = pair_params
            glossary = _PAIR_KEY[0] = (project_of(item["origin"]), locale)
        totals[item["origin"]] += 1
        key = group(item)
        by_group[key]["pairs"] += 1
        outcome = fails(name, source, text, locale, params)
        po = pofilter_fails(spec.pofilter, source, text, locale, glossary)
        po_alarms[item["origin"]] += po
        by_group[key]["pofilter"] += po
        if outcome is not None:
            alarms[item["origin"]] += 1
            by_group[key]["alarms"] += 1
            examples.append((item, outcome))
            continue
        _LOCALE[0] = locale
        defects = spec.defects(source, text, rng)
        kinds = [(source, defects)]
        if spec.inserted is not None and rng.random() < 0.25:
            made_defects, made_source, made_text = spec.inserted(source, text, rng)
            if fails(name, made_source, made_text, locale, params) is None:
                kinds.append((made_source, made_defects))
        for defect_source, found in kinds:
            for operation, defective in found:
                if defective == text and defect_source == source:
                    continue
                generated[operation] += 1
                by_group[key]["defects"] += 1
                if fails(name, defect_source, defective, locale, params) is not None:
                    caught[operation] += 1
                    by_group[key]["caught"] += 1
                elif len(misses) < 200:
                    misses.append((operation, item, defective))
                if pofilter_fails(spec.pofilter, defect_source, defective, locale, glossary):
                    po_caught[operation] += 1
                    by_group[key]["po_caught"] += 1
    n = sum(totals.values())
    if spec.params_for is not None:
        params = {}
        print(f"\n{skipped:,} held-out pairs name no glossary term (no case: not counted)")
    print(f"\n## {name} {json.dumps(params)} (pofilter: {', '.join(spec.pofilter)})\n")
    print("| pairs | n | capeval false alarms | pofilter false alarms |")
    print("|---|---|---|---|")
    for origin in sorted(totals):
        print(
            f"| {origin} | {totals[origin]:,} | {_rate(alarms[origin], totals[origin])} | "
            f"{_rate(po_alarms[origin], totals[origin])} |"
        )
    print(
        f"| all | {n:,} | {_rate(sum(alarms.values()), n)} | {_rate(sum(po_alarms.values()), n)} |"
    )
    print("\n| generated defect | n | capeval caught | pofilter caught |")
    print("|---|---|---|---|")
    for operation in sorted(generated):
        g = generated[operation]
        print(
            f"| {operation} | {g:,} | {_rate(caught[operation], g)} | "
            f"{_rate(po_caught[operation], g)} |"
        )
    g = sum(generated.values())
    print(
        f"| all | {g:,} | {_rate(sum(caught.values()), g)} | {_rate(sum(po_caught.values()), g)} |"
    )
    print(
        f"\n| {args.by} | pairs | capeval false alarms · caught | pofilter false alarms · caught |"
    )
    print("|---|---|---|---|")
    for key in sorted(by_group, key=lambda k: -by_group[k]["pairs"]):
        row = by_group[key]
        if row["pairs"] < args.min_group:
            continue
        print(
            f"| {key} | {row['pairs']:,} | {_pct(row['alarms'], row['pairs'])} · "
            f"{_pct(row['caught'], row['defects'])} | {_pct(row['pofilter'], row['pairs'])} · "
            f"{_pct(row['po_caught'], row['defects'])} |"
        )
    if args.examples:
        print(f"\nfalse alarms (a sample of {args.examples}):")
        for item, outcome in random.Random(args.seed).sample(
            examples, min(args.examples, len(examples))
        ):
            print(f"  [{item['origin']} {item['locale']}] {outcome.code}: {outcome.message}")
            print(f"      source: {item['source'][:300]!r}")
            print(f"      text:   {item['text'][:300]!r}")
        print(f"\nmissed defects (a sample of {args.examples}):")
        for operation, item, defective in misses[: args.examples]:
            print(
                f"  [{item['locale']}] {operation}: {item['source'][:200]!r} -> {defective[:200]!r}"
            )


# --- speed: cap-check with the five QA assertions against without them -------------------------

_QA_ASSERTIONS = """\
- {name: placeholder_integrity, severity: hard}
- {name: literal_fidelity, severity: hard}
- {name: punctuation_fidelity, severity: report}
- {name: repetition, severity: hard}
- {name: length_ratio, severity: report}
"""
_DJANGO_ORIGIN = ["--license", "BSD-3-Clause", "--source", "pkg:pypi/django@5.2.19"]


def import_qa_sets(folder: Path) -> dict[str, tuple[Path, Path]] | None:
    """Django's tree imported into ``folder`` twice, as make bench imports it: with
    placeholder_integrity alone ("without"), and with the five QA assertions too ("with the
    five"; terminology from ``--glossary``: the Django glossary ``build_glossaries`` makes of
    the real pairs). name -> (cases, candidates); None without the tree (make realdata)."""
    import subprocess

    roots = sorted(CACHE.glob("django-5.*/django"))
    if not roots:
        return None
    if not any(project.startswith("django-5.") for project, _ in _GLOSSARIES):
        _GLOSSARIES.update(build_glossaries(list(django_pairs())))
    bin_dir = Path(sys.executable).parent
    glossary = folder / "glossary.jsonl"
    with glossary.open("w", encoding="utf-8") as out:
        for (project, locale), entries in sorted(_GLOSSARIES.items()):
            if project.startswith("django-5."):
                for entry in entries:
                    out.write(json.dumps({**entry, "locales": [locale]}) + "\n")
    (folder / "base.yaml").write_text(_QA_ASSERTIONS.splitlines()[0] + "\n")
    (folder / "qa.yaml").write_text(_QA_ASSERTIONS)
    sets = {
        "without": ["--assertions", "base.yaml"],
        "with the five": ["--assertions", "qa.yaml", "--glossary", "glossary.jsonl"],
    }
    found = {}
    for name, options in sets.items():
        tag = name.split()[0]
        cases, candidates = folder / f"qa-{tag}.jsonl", folder / f"qa-{tag}.cands.jsonl"
        subprocess.run(
            [bin_dir / "cap-import", "-q", "--exit-zero", *_DJANGO_ORIGIN, *options,
             str(roots[-1].parent), "--candidates", candidates.name, "-o", cases.name],
            cwd=folder, stderr=subprocess.DEVNULL, check=True,
        )  # fmt: skip
        found[name] = (cases, candidates)
    return found


def speed(runs: int) -> None:
    """cap-check on the two imports of ``import_qa_sets``, interleaved ``runs`` times. Prints
    cases/s (wall and CPU: the machine is shared, CPU time is the steadier figure), min and
    median."""
    import resource
    import shutil
    import statistics
    import subprocess
    import tempfile
    import time

    bin_dir = Path(sys.executable).parent
    folder = Path(tempfile.mkdtemp(prefix="measure-qa-"))
    try:
        sets = import_qa_sets(folder)
        if sets is None:
            print("speed: no Django tree in the cache (make realdata)", file=sys.stderr)
            return
        with_cases = sets["with the five"][0]
        cases = sum(1 for _ in sets["without"][0].open())
        terms = sum('"terminology"' in line for line in with_cases.open())
        print(f"\n## speed: cap-check on Django's imported tree, {cases:,} cases")
        print(f"({terms:,} of them name a glossary term and carry terminology)\n")
        wall: dict[str, list[float]] = defaultdict(list)
        cpu: dict[str, list[float]] = defaultdict(list)
        for _ in range(runs):
            for name, (case_file, candidate_file) in sets.items():
                argv = [bin_dir / "cap-check", "-q", "--exit-zero"]
                argv += ["--candidates", str(candidate_file), str(case_file)]
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                start = time.perf_counter()
                subprocess.run(argv, stdout=subprocess.DEVNULL, check=True)
                wall[name].append(time.perf_counter() - start)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu[name].append(
                    after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
                )
        print("| cap-check | wall: min · median (cases/s) | CPU: min · median (cases/s) |")
        print("|---|---|---|")
        for name in sets:
            print(
                f"| {name} | {min(wall[name]):.2f} s · {statistics.median(wall[name]):.2f} s "
                f"({cases / min(wall[name]):,.0f}) | {min(cpu[name]):.2f} s · "
                f"{statistics.median(cpu[name]):.2f} s ({cases / min(cpu[name]):,.0f}) |"
            )
        names = list(sets)
        for label, times in (("wall", wall), ("CPU", cpu)):
            ratios = [a / b for a, b in zip(times[names[0]], times[names[1]], strict=True)]
            print(
                f"\nspeed with the five / without ({label}): min-to-min "
                f"{min(times[names[0]]) / min(times[names[1]]):.2f}, median of the "
                f"interleaved pairs {statistics.median(ratios):.2f} (goal >= 0.7)"
            )
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _rate(k: int, n: int) -> str:
    return f"{k:,} ({_pct(k, n)})"


def _pct(k: int, n: int) -> str:
    return f"{100 * k / n:.2f}%" if n else "–"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", default=list(SPECS))
    parser.add_argument("--examples", type=int, default=0)
    parser.add_argument("--seed", type=int, default=30)
    parser.add_argument("--by", choices=("script", "locale"), default="script")
    parser.add_argument("--min-group", type=int, default=300)
    parser.add_argument("--params", help="the assertion's params as JSON (default: none)")
    parser.add_argument("--only", help="origin prefix (realdata, django, docusaurus)")
    parser.add_argument("--glossary-out", help="write the glossaries built (JSONL) here")
    parser.add_argument(
        "--speed",
        type=int,
        metavar="RUNS",
        help="instead: cap-check's speed on Django with the five QA assertions and without",
    )
    args = parser.parse_args()
    if args.speed:
        speed(args.speed)
        return 0
    pairs = [*realdata_pairs(), *django_pairs(), *docusaurus_pairs()]
    if args.only:
        pairs = [p for p in pairs if p["origin"].startswith(args.only)]
    print(f"{len(pairs):,} real pairs")
    if "terminology" in args.names:
        _GLOSSARIES.update(build_glossaries(pairs))
        sizes = [len(e) for e in _GLOSSARIES.values()]
        print(f"{len(sizes)} glossaries (project x locale), {sum(sizes):,} entries")
        if args.glossary_out:
            with open(args.glossary_out, "w", encoding="utf-8") as out:
                for (project, locale), entries in sorted(_GLOSSARIES.items()):
                    for entry in entries:
                        row = {**entry, "locales": [locale], "x-project": project}
                        out.write(json.dumps(row, ensure_ascii=False) + "\n")
    for name in args.names:
        measure(name, pairs, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
