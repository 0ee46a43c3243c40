"""cap-import: translation catalogs → EvalCase records (stdout) and candidates (--candidates).

The readers are ``capeval.catalogs.<format>``; ``join`` turns their messages into records and
reports what is wrong with the catalogs as a whole; ``ids`` makes stable case ids;
``dialects`` maps a message's placeholder dialect onto assertions.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from capeval.cli import OutputOverlap, Run, UsageError, filter_command
from capeval.limits import DEFAULT_MAX_CATALOG_BYTES
from capeval.paths import READS, WRITES, output_onto

PROVENANCE_KINDS = ("synthetic", "public-domain", "compatible-licensed", "authorized-regression")
# Synthetic data needs no licence of its own: the project's convention for it.
SYNTHETIC_LICENSE = "CC0-1.0"


CandidatesOutputOption = Annotated[
    str | None,
    typer.Option(
        "--candidates",
        metavar="PATH",
        help="Write a candidate for each translated message of each TARGET here "
        "('-': onto stdout, each after its case).",
    ),
    WRITES,
]

CompletenessOption = Annotated[
    str | None,
    typer.Option(
        "--completeness",
        metavar="PATH",
        help="Write a completeness record per target catalog here (its messages, translated, "
        "untranslated, missing, fuzzy): cap-render-report --completeness shows translated "
        "shares per locale.",
    ),
    WRITES,
]

SystemOption = Annotated[
    str | None, typer.Option(metavar="NAME", help="The candidates' system name.")
]

FormatOption = Annotated[
    str | None,
    typer.Option(
        "--format",
        metavar="NAME",
        help="Catalog format (default: from the file's name/content).",
    ),
]

LicenseOption = Annotated[
    str | None,
    typer.Option("--license", metavar="SPDX", help="The catalogs' licence (SPDX expression)."),
]

OriginOption = Annotated[
    str | None,
    typer.Option(
        "--source",
        metavar="URL",
        help="Where the catalogs come from (a URL, or a package's purl: pkg:pypi/django@5.2.19).",
    ),
]

ProvenanceKindOption = Annotated[
    str,
    typer.Option(
        metavar="KIND",
        help=f"Provenance kind: {', '.join(PROVENANCE_KINDS)} (synthetic needs no "
        "--license/--source).",
    ),
]

SourceLocaleOption = Annotated[
    str | None,
    typer.Option(metavar="TAG", help="The source language (default: catalog, path, or en)."),
]

TargetLocaleOption = Annotated[
    str | None,
    typer.Option(metavar="TAG", help="The target language (default: the catalog's or path's)."),
]

DomainOption = Annotated[str, typer.Option(metavar="SLUG", help="The cases' domain.")]

IdPrefixOption = Annotated[
    str | None,
    typer.Option(metavar="PREFIX", help="First id segment(s) (default: the catalog's name)."),
]

AssertionsOption = Annotated[
    str | None,
    typer.Option(
        metavar="FILE",
        help="A JSON/YAML list of assertions for every case (instead of the dialect's).",
    ),
    READS,
]

GlossaryOption = Annotated[
    str | None,
    typer.Option(
        metavar="FILE",
        help="A glossary (JSON Lines or CSV): each case whose source names a term gets a "
        "terminology assertion with those entries.",
    ),
]
PluralSeparatorOption = Annotated[
    str | None,
    typer.Option(
        metavar="SEP",
        help="Plural forms in one string, split by SEP in the locale's CLDR order "
        "(Docusaurus, vue-i18n and Symfony's XLIFF use '|').",
    ),
]

MaxCatalogBytesOption = Annotated[
    int,
    typer.Option(
        "--max-catalog-bytes",
        metavar="N",
        min=1,
        help="Largest catalog file read, in bytes (catalog.too_large past it).",
    ),
]

IncludeFuzzyOption = Annotated[
    bool, typer.Option("--include-fuzzy", help="Fuzzy translations are candidates too.")
]

MISSING_POLICIES = ("skip", "case")
MissingOption = Annotated[
    str,
    typer.Option(
        "--missing",
        metavar="POLICY",
        help="An untranslated, missing or fuzzy message: 'skip' writes no case for it "
        "(completeness, counted per catalog), 'case' writes its case without a candidate "
        "(cap-check: candidate_missing).",
    ),
]

ExcludeOption = Annotated[
    list[str] | None,
    typer.Option(
        "--exclude",
        metavar="GLOB",
        help="Skip files and folders of a tree whose path below the root or name matches "
        "(repeatable).",
    ),
]

VerboseOption = Annotated[
    bool,
    typer.Option(
        "--verbose",
        "-v",
        help="Each per-message catalog warning on stderr (default: one line per catalog "
        "and code; --diagnostics has each).",
    ),
]


@filter_command(
    "cap-import",
    inputs_metavar="SOURCE [TARGET]... | DIR|CATALOG...",
    inputs_help="One group: the source catalog (monolingual or a .pot), then its translations "
    "(none for a PO, XLIFF or xcstrings file, which holds both sides). A tree: directories "
    "(walked) and/or catalogs, the first one bilingual.",
)
def main(
    run: Run,
    candidates: CandidatesOutputOption = None,
    completeness: CompletenessOption = None,
    system: SystemOption = None,
    format_: FormatOption = None,
    license_: LicenseOption = None,
    origin: OriginOption = None,
    provenance_kind: ProvenanceKindOption = "compatible-licensed",
    source_locale: SourceLocaleOption = None,
    target_locale: TargetLocaleOption = None,
    domain: DomainOption = "ui",
    id_prefix: IdPrefixOption = None,
    assertions: AssertionsOption = None,
    glossary: GlossaryOption = None,
    plural_separator: PluralSeparatorOption = None,
    include_fuzzy: IncludeFuzzyOption = False,
    missing: MissingOption = "skip",
    exclude: ExcludeOption = None,
    verbose: VerboseOption = False,
    max_catalog_bytes: MaxCatalogBytesOption = DEFAULT_MAX_CATALOG_BYTES,
) -> None:
    """Turn translation catalogs into EvalCase v1 records and candidates.

    Reads SOURCE [TARGET...] catalogs: gettext PO/POT, JSON (i18next, vue-i18n, FormatJS),
    Flutter ARB, .xcstrings, Android strings.xml, XLIFF 1.2/2.x, Apple .strings/.stringsdict.
    SOURCE's messages become EvalCases on stdout; each TARGET's translations become candidates
    (--candidates). A PO file holds both sides: its msgids are the sources, its msgstrs the
    candidates.

    A tree: given a directory, or several inputs the first of which is bilingual, every
    catalog found is imported, each PO/XLIFF/xcstrings file on its own and the monolingual ones
    grouped by name across locale folders (the source locale's one is SOURCE); ids get a
    prefix from each catalog's path.

    Example: cap-import --license BSD-3-Clause --source pkg:pypi/django@5.2.19 django/
    --candidates c.jsonl | cap-validate | cap-check --candidates c.jsonl
    """
    from capeval.importer import ids
    from capeval.importer.join import Importer, Settings

    tree = is_tree(run.inputs)
    run.counts = {"messages": 0, "cases": 0, "candidates": 0}
    if tree:
        run.counts = {"catalogs": 0, "skipped": 0, "refused": 0, **run.counts}
    if missing not in MISSING_POLICIES:
        raise UsageError(f"--missing must be one of {', '.join(MISSING_POLICIES)}")

    if format_ is not None:
        from capeval.catalogs import FORMATS

        if format_ not in FORMATS:
            raise UsageError(f"--format must be one of {', '.join(FORMATS)}")
    if id_prefix is not None:
        id_prefix = id_prefix.replace("_", "-")  # as a tree's prefixes are made
    if id_prefix is not None and (problem := ids.prefix_problem(id_prefix)):
        raise UsageError(problem)
    settings = Settings(
        provenance=_provenance(provenance_kind, license_, origin),
        domain=domain,
        format=format_,
        source_locale=source_locale,
        target_locale=target_locale,
        id_prefix=id_prefix,
        system=system,
        include_fuzzy=include_fuzzy,
        plural_separator=plural_separator or None,
        assertions=_assertions(assertions) if assertions else None,
        missing=missing,
        verbose=verbose,
        max_catalog_bytes=max_catalog_bytes,
    )
    if glossary is not None:
        settings.glossary = _glossary(run, glossary)
    importer_run = Importer(run, settings)
    if completeness == "-":
        raise UsageError("--completeness needs a file (stdout carries the cases)")
    if completeness is not None:
        # renamed into place when the run completes, before cap-import's stdout closes: a
        # cap-render-report at the end of the same pipeline reads it after its stream
        importer_run.write_completeness = run.side_output(completeness).write_record
    if tree:
        jobs = _tree_jobs(run, settings, exclude or [])

        def import_all() -> None:
            importer_run.import_tree(jobs)
    else:
        source, *targets = run.inputs

        def import_all() -> None:
            importer_run.import_catalogs(source, targets)

    if candidates is None:
        del run.counts["candidates"]
        import_all()
    elif candidates == "-":
        importer_run.write_candidate = run.out.write_bytes
        import_all()
    else:
        _import_with_candidates_file(run, importer_run, candidates, import_all)


def is_tree(inputs: list[str]) -> bool:
    """Whether the inputs are a tree (each catalog imported on its own or in its group) or
    one SOURCE [TARGET…] group: a tree when a directory is among them, or when there are
    several and the first is a bilingual catalog (PO, XLIFF, xcstrings: its own source)."""
    import os

    if any(path != "-" and os.path.isdir(path) for path in inputs):
        return True
    if len(inputs) < 2 or inputs[0] == "-":
        return False
    from capeval import catalogs

    name = catalogs.suffix(inputs[0])
    return name in ("po", "xlf", "xliff", "xcstrings")


def _tree_jobs(run: Run, settings: Any, excludes: list[str]) -> list[Any]:
    from capeval.importer import tree

    def skip(reason: str, path: str) -> None:
        run.counts["skipped"] += 1
        run.diag.emit("catalog.skipped", reason, file=path)

    if "-" in run.inputs:
        raise UsageError("a tree is read from files and directories, not stdin ('-')")
    found = tree.collect(run.inputs, excludes, settings.format, skip)
    # an output inside the walked tree must not replace one of its catalogs (-o fr.json)
    clash = output_onto(run.uses, [catalog.path for catalog in found])
    if clash:
        raise OutputOverlap(clash)
    return tree.plan(found, settings.source_locale or "en", skip)


def _import_with_candidates_file(run: Run, importer_run: Any, path: str, import_all: Any) -> None:
    """Cases are spooled and reach stdout only after the candidates file is in place.

    So `cap-import … --candidates F | cap-validate | cap-check --candidates F` works: cap-check
    reads F once the first case arrives, and by then F is complete (never a stale one).
    """
    import tempfile

    from capeval.cli import AtomicOutput
    from capeval.jsonl import Writer

    try:
        side = AtomicOutput(path)
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror}") from exc
    with tempfile.TemporaryFile(prefix="capeval-import-") as spool:
        cases = Writer(spool.fileno())
        importer_run.write_candidate = side.writer.write_bytes
        importer_run.write_case = cases.write_bytes
        try:
            import_all()
            cases.flush()
        except BaseException:
            side.discard()
            raise
        if run.diag.fatal:
            side.discard()
            return
        side.commit()
        spool.seek(0)
        while chunk := spool.read(1 << 20):
            run.out.write_bytes(chunk)


def _provenance(kind: str, license_: str | None, origin: str | None) -> dict[str, Any]:
    if kind not in PROVENANCE_KINDS:
        raise UsageError(f"--provenance-kind must be one of {', '.join(PROVENANCE_KINDS)}")
    if kind != "synthetic" and not (license_ and origin):
        raise UsageError(
            "--license and --source are required (say where the catalogs come from and under "
            "which licence), unless --provenance-kind synthetic"
        )
    provenance: dict[str, Any] = {"kind": kind, "license": license_ or SYNTHETIC_LICENSE}
    if origin:
        provenance["source"] = origin
    provenance["transformation"] = "cap-import"
    return provenance


def _glossary(run: Run, path: str) -> Any:
    """The glossary of --glossary; its rows are counted as a side input's."""
    from capeval.importer import glossary

    def on_problem(code: str, line: int, message: str) -> None:
        run.diag.emit(code, message, file=path, line=line)

    loaded, rows, refused = glossary.load(path, on_problem)
    tally = run.side_tally(path)
    tally["read"], tally["invalid"], tally["applied"] = rows, refused, 0
    loaded.tally = tally
    return loaded


def _assertions(path: str) -> list[dict[str, Any]]:
    import yaml

    try:
        with open(path, encoding="utf-8") as stream:
            loaded = yaml.safe_load(stream)
    except OSError as exc:
        raise UsageError(f"cannot read --assertions {path}: {exc.strerror}") from exc
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        raise UsageError(f"--assertions {path} is not JSON or YAML: {exc}") from exc
    if (
        not isinstance(loaded, list)
        or not loaded
        or not all(isinstance(item, dict) and isinstance(item.get("name"), str) for item in loaded)
    ):
        raise UsageError(f"--assertions {path} must be a non-empty list of {{name, severity}}")
    return loaded
