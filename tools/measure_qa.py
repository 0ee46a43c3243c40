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

Nothing is written into the repository. Usage:
    .venv/bin/python tools/measure_qa.py [NAME ...] [--examples K] [--seed N] [--by script|locale]
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
        REDUPLICATING,
        _words,
    )

    # Only what the assertion's rules call a defect: no phrase across a line break or a "|"
    # (a list, plural forms), no doubled word where doubling is grammar.
    language = _LOCALE[0].split("-")[0]
    defects: list[Defect] = []
    tokens = _words(text)
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


# --- pofilter ---------------------------------------------------------------------------------

_checkers: dict[str, Any] = {}


def pofilter_fails(tests: tuple[str, ...], source: str, text: str, locale: str) -> bool:
    """Whether any of translate-toolkit's pofilter ``tests`` fails the pair."""
    from translate.filters import checks

    checker = _checkers.get(locale)
    if checker is None:
        config = checks.CheckerConfig(targetlanguage=locale.split("-")[0])
        checker = _checkers[locale] = checks.StandardChecker(config)
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
    ) -> None:
        self.pofilter = pofilter
        self.defects = defects
        self.inserted = inserted


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
    for item in pairs:
        source, text, locale = item["source"], item["text"], item["locale"]
        totals[item["origin"]] += 1
        key = group(item)
        by_group[key]["pairs"] += 1
        outcome = fails(name, source, text, locale, params)
        po = pofilter_fails(spec.pofilter, source, text, locale)
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
                if pofilter_fails(spec.pofilter, defect_source, defective, locale):
                    po_caught[operation] += 1
                    by_group[key]["po_caught"] += 1
    n = sum(totals.values())
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
    args = parser.parse_args()
    pairs = [*realdata_pairs(), *django_pairs(), *docusaurus_pairs()]
    if args.only:
        pairs = [p for p in pairs if p["origin"].startswith(args.only)]
    print(f"{len(pairs):,} real pairs")
    for name in args.names:
        measure(name, pairs, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
