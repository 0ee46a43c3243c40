"""Measure script_fidelity, language_fidelity and untranslated on real translations.

Two corpora of real, human translations:

* the real pairs of the shared placeholder corpus (``kind: real``; $CAPEVAL_REALDATA, default
  ``../shared/realdata/pairs.jsonl.gz`` beside the repository): de, fr, ja, ru, zh from six
  open-source projects;
* every non-fuzzy msgstr of Django's ``django.po`` catalogs (about 100 locales), read with
  Babel's PO reader from Django's sdist, fetched with ``pip download`` into
  ``${CAPEVAL_CACHE:-/work/cache}/django`` when absent (never into the repository).

For each assertion it prints the false alarms (real pairs that fail) and the share of
generated defects of its kind that are caught, per corpus and per target script:

* script swap (script_fidelity): the candidate replaced by the translation of the same source
  into a locale of another script;
* language swap (language_fidelity): the translation into another language of the same
  script (languages accepted as close to the target excluded);
* source copy (untranslated): the candidate replaced by the source, and by the source with
  one word in five replaced by a word of the real translation ("mostly copied").

Usage: .venv/bin/python tools/measure_llm_failures.py [--django-version 5.1.*] [--json]
Deterministic (seeded); takes about a minute on two cores.
"""

from __future__ import annotations

import argparse
import contextlib
import glob
import gzip
import io
import json
import os
import random
import subprocess
import sys
import tarfile
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from capeval import scripts
from capeval.assertions import (
    ParamsError,
    Subject,
    language_fidelity,
    script_fidelity,
    untranslated,
)

ROOT = Path(__file__).resolve().parent.parent
REALDATA = Path(
    os.environ.get("CAPEVAL_REALDATA", ROOT.parent / "shared" / "realdata" / "pairs.jsonl.gz")
)
CACHE = Path(os.environ.get("CAPEVAL_CACHE", "/work/cache"))
SCRIPT_GROUPS = {"Hans": "Han", "Hant": "Han", "Jpan": "Han", "Kore": "Han"}


def script_group(locale: str) -> str:
    """The target's script for the tables (Han for Chinese, Japanese and Korean)."""
    try:
        script = scripts.locale_scripts(locale)[0]
    except scripts.UnknownScript:
        return "?"
    return SCRIPT_GROUPS.get(script, script)


# --- corpora -------------------------------------------------------------------------------


def realdata_pairs() -> list[dict[str, Any]]:
    if not REALDATA.exists():
        print(f"measure: {REALDATA} not found; realdata skipped", file=sys.stderr)
        return []
    pairs = []
    with gzip.open(REALDATA, "rt", encoding="utf-8") as stream:
        for line in stream:
            record = json.loads(line)
            if record["kind"] != "real":
                continue
            pairs.append(
                {
                    "corpus": "realdata",
                    "group": (record["project"], record["source"], record.get("plural_index")),
                    "locale": record["locale"].replace("_", "-"),
                    "source": record["source"],
                    "candidate": record["candidate"],
                }
            )
    return pairs


def django_root(version: str) -> Path:
    folder = CACHE / "django"
    trees = sorted(folder.glob("django-*/django"))
    if trees:
        return trees[-1].parent
    folder.mkdir(parents=True, exist_ok=True)
    if not list(folder.glob("django-*.tar.gz")):
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:"]
            + ["-d", str(folder), f"django=={version}"],
            check=True,
        )
    archive = sorted(folder.glob("django-*.tar.gz"))[-1]
    with tarfile.open(archive) as tar:
        members = [m for m in tar.getmembers() if m.name.endswith("/LC_MESSAGES/django.po")]
        tar.extractall(folder, members=members, filter="data")
    return sorted(folder.glob("django-*/django"))[-1].parent


def django_pairs(version: str) -> list[dict[str, Any]]:
    from babel.messages.pofile import read_po

    root = django_root(version)
    pairs = []
    pattern = str(root / "django" / "**" / "locale" / "*" / "LC_MESSAGES" / "django.po")
    for path in sorted(glob.glob(pattern, recursive=True)):
        locale = path.split("/locale/")[-1].split("/")[0].replace("_", "-")
        app = os.path.relpath(path, root).split("/locale/")[0]
        # Babel prints a warning per plural form beyond a catalog's nplurals: not ours to fix
        with open(path, "rb") as stream, contextlib.redirect_stdout(io.StringIO()):
            catalog = read_po(stream)
        for message in catalog:
            if not message.id or message.fuzzy:
                continue
            ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
            texts = (
                message.string if isinstance(message.string, (list, tuple)) else (message.string,)
            )
            for index, text in enumerate(texts):
                if not text:
                    continue
                source = ids[min(index, len(ids) - 1)]
                pairs.append(
                    {
                        "corpus": "django",
                        "group": (app, source, index),
                        "locale": locale,
                        "source": source,
                        "candidate": text,
                    }
                )
    return pairs


# --- running the assertions ----------------------------------------------------------------

TWO_WORD_COPIES = {"min_copy_words": 2}
CHECKS = {
    "script_fidelity": script_fidelity.check,
    "language_fidelity": language_fidelity.check,
    "untranslated": untranslated.check,
}


def verdict(name: str, pair: dict[str, Any], text: str, params: dict | None = None) -> Any:
    case = {"source_locale": "en", "target_locale": pair["locale"], "source": pair["source"]}
    subject = Subject.of(case, {"text": text})
    try:
        return CHECKS[name](subject, params or {})
    except ParamsError:  # a locale CLDR gives no likely script: not judged
        return None


class Tally:
    """failed/total per (corpus, script) and overall."""

    def __init__(self) -> None:
        self.total: Counter = Counter()
        self.hit: Counter = Counter()

    def add(self, corpus: str, script: str, hit: bool) -> None:
        for key in ((corpus, script), (corpus, "all"), ("all", script), ("all", "all")):
            self.total[key] += 1
            self.hit[key] += hit

    def rows(self) -> list[tuple[str, str, int, int]]:
        return [(c, s, self.hit[(c, s)], n) for (c, s), n in sorted(self.total.items())]


def measure(pairs: list[dict[str, Any]], seed: int = 12) -> dict[str, Any]:
    rng = random.Random(seed)
    by_group: dict[Any, list[dict[str, Any]]] = defaultdict(list)
    for pair in pairs:
        pair["script"] = script_group(pair["locale"])
        pair["language"] = language_fidelity.model_language(pair["locale"])
        by_group[(pair["corpus"], pair["group"])].append(pair)

    false_alarms = {name: Tally() for name in CHECKS}
    caught = {name: Tally() for name in CHECKS}
    partial = Tally()
    copies = Tally()  # untranslated_copy alarms by the copy's length
    accuracy = Tally()  # the identifier right (target or accepted), by letters
    lenient_alarms, lenient_caught = Tally(), Tally()  # untranslated with min_copy_words 2
    language_per_locale: dict[str, Counter] = defaultdict(Counter)
    alarms: dict[str, Counter] = {name: Counter() for name in CHECKS}

    for pair in pairs:
        corpus, script = pair["corpus"], pair["script"]
        siblings = by_group[(corpus, pair["group"])]
        for name in CHECKS:
            outcome = verdict(name, pair, pair["candidate"])
            if outcome is None:
                continue
            judged = outcome.evidence.get("judged", True) and "exempt" not in outcome.evidence
            if name == "language_fidelity":
                if judged:
                    language_per_locale[pair["locale"]]["judged"] += 1
                    language_per_locale[pair["locale"]]["failed"] += not outcome.passed
                else:
                    continue  # unjudged pairs are neither alarms nor passes of the identifier
            false_alarms[name].add(corpus, script, not outcome.passed)
            if not outcome.passed:
                detail = outcome.evidence.get("detected") or outcome.code
                alarms[name][(pair["locale"], detail)] += 1
                if outcome.code == "untranslated_copy":
                    copies.add(corpus, "1 word" if outcome.evidence["words"] == 1 else "2+", True)

        # the identifier alone, at every length (what min_letters is chosen from)
        if pair["language"] in language_fidelity.LABELS and pair["candidate"] != pair["source"]:
            words = language_fidelity.prose_words(pair["candidate"], pair["source"])
            letters = sum(map(len, words))
            if letters:
                detected, _ = language_fidelity.identify(" ".join(words))
                right = detected in language_fidelity.accepted(pair["language"])
                accuracy.add(corpus, length_bucket(letters), right)

        # script swap: the same source's translation into a locale of another script, written
        # in that script (not a kept copy of the source, not only placeholders)
        others = [p for p in siblings if p["script"] not in (script, "?") and own_script(p)]
        if others and script != "?":
            swap = rng.choice(others)
            outcome = verdict("script_fidelity", pair, swap["candidate"])
            if outcome is not None:
                caught["script_fidelity"].add(corpus, script, not outcome.passed)

        # language swap: another language of the same script, not accepted for the target
        ok_languages = language_fidelity.accepted(pair["language"])
        same = [
            p
            for p in siblings
            if p["script"] == script
            and p["language"] not in ok_languages
            and p["language"] != "en"
            and p["candidate"] != p["source"]
        ]
        if same and pair["language"] in language_fidelity.LABELS:
            swap = rng.choice(same)
            outcome = verdict("language_fidelity", pair, swap["candidate"])
            if outcome is not None and outcome.evidence.get("judged", True):
                caught["language_fidelity"].add(corpus, script, not outcome.passed)

        # source copy, whole and mostly
        if pair["language"] != "en" and untranslated.words(pair["source"]):
            outcome = verdict("untranslated", pair, pair["source"])
            caught["untranslated"].add(corpus, script, not outcome.passed)
            outcome = verdict("untranslated", pair, pair["source"], TWO_WORD_COPIES)
            lenient_caught.add(corpus, script, not outcome.passed)
            outcome = verdict("untranslated", pair, pair["candidate"], TWO_WORD_COPIES)
            lenient_alarms.add(corpus, script, not outcome.passed)
            mostly = mostly_copied(pair["source"], pair["candidate"], rng)
            if mostly is not None:
                outcome = verdict("untranslated", pair, mostly)
                partial.add(corpus, script, not outcome.passed)

    return {
        "false_alarms": false_alarms,
        "caught": caught,
        "partial": partial,
        "copies": copies,
        "accuracy": accuracy,
        "lenient_alarms": lenient_alarms,
        "lenient_caught": lenient_caught,
        "language_per_locale": language_per_locale,
        "alarms": alarms,
    }


def length_bucket(letters: int) -> str:
    for limit in (10, 20, 40, 80):
        if letters < limit:
            return f"<{limit}"
    return ">=80"


def own_script(pair: dict[str, Any]) -> bool:
    """Whether a translation has a letter in its own locale's script outside source terms."""
    if "own_script" not in pair:
        expected = scripts.locale_scripts(pair["locale"])
        counts = script_fidelity.letter_counts(pair["source"], pair["candidate"], expected)
        pair["own_script"] = counts[1] > 0
    return pair["own_script"]


def mostly_copied(source: str, translation: str, rng: random.Random) -> str | None:
    """The source's words with one in five (at least one) replaced by a word of the real
    translation that the source lacks: a candidate that copies 80% of the source's words."""
    words = untranslated.words(source)
    if len(words) < 5:
        return None
    fresh = [word for word in untranslated.words(translation) if word not in set(words)]
    if not fresh:
        return None
    for position in rng.sample(range(len(words)), len(words) // 5):
        words[position] = rng.choice(fresh)
    return " ".join(words)


# --- printing ------------------------------------------------------------------------------


def table(title: str, tally: Tally, rate: str) -> None:
    print(f"\n{title}")
    print(f"  {'corpus':9} {'script':6} {rate:>10} {'count':>14}")
    for corpus, script, hit, total in tally.rows():
        if total:
            print(f"  {corpus:9} {script:6} {hit / total:10.2%} {hit:>6}/{total:<7}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--django-version", default="5.1.*")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    pairs = realdata_pairs() + django_pairs(args.django_version)
    figures = measure(pairs)
    if args.json:
        out = {
            kind: {name: tally.rows() for name, tally in figures[kind].items()}
            for kind in ("false_alarms", "caught")
        }
        out["partial"] = figures["partial"].rows()
        out["language_per_locale"] = figures["language_per_locale"]
        json.dump(out, sys.stdout, indent=1, default=list)
        print()
        return 0
    print(f"# {len(pairs)} real pairs ({Counter(p['corpus'] for p in pairs)})")
    for name in CHECKS:
        table(f"## {name}: false alarms on real pairs", figures["false_alarms"][name], "alarms")
        defect = {
            "script_fidelity": "script swap",
            "language_fidelity": "language swap (same script)",
            "untranslated": "source copied whole",
        }[name]
        table(f"## {name}: generated defects caught ({defect})", figures["caught"][name], "caught")
        if name == "untranslated":
            table(
                "## untranslated: caught (80% of the source's words)", figures["partial"], "caught"
            )
            print(
                "  untranslated_copy alarms by length: "
                + ", ".join(
                    f"{corpus} {size} {hit}" for corpus, size, hit, _ in figures["copies"].rows()
                )
            )
            table(
                "## untranslated with min_copy_words 2: false alarms (non-English targets)",
                figures["lenient_alarms"],
                "alarms",
            )
            table("## ... and whole copies caught", figures["lenient_caught"], "caught")
        top = figures["alarms"][name].most_common(8)
        print("  most alarms: " + ", ".join(f"{loc} {code} {n}" for (loc, code), n in top))
    table(
        "## the identifier alone: right (target or accepted) by letters, unjudged included",
        figures["accuracy"],
        "right",
    )
    print("\n## language_fidelity per locale (judged pairs, failed share), worst first")
    rows = [
        (counts["failed"] / counts["judged"], locale, counts["failed"], counts["judged"])
        for locale, counts in figures["language_per_locale"].items()
        if counts["judged"]
    ]
    for share, locale, failed, judged in sorted(rows, reverse=True)[:25]:
        print(f"  {locale:8} {share:7.2%} {failed:>5}/{judged}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
