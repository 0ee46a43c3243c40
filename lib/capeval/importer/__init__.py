"""cap-import: translation catalogs → EvalCase records (stdout) and candidates (--candidates).

The readers are ``capeval.catalogs.<format>``; ``join`` turns their messages into records and
reports what is wrong with the catalogs as a whole; ``ids`` makes stable case ids;
``dialects`` maps a message's placeholder dialect onto assertions.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from capeval.cli import Run, UsageError, filter_command

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
    typer.Option("--source", metavar="URL", help="Where the catalogs come from."),
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
]

PluralSeparatorOption = Annotated[
    str | None,
    typer.Option(
        metavar="SEP",
        help="Plural forms in one string, split by SEP in the locale's CLDR order "
        "(Docusaurus and vue-i18n use '|').",
    ),
]

IncludeFuzzyOption = Annotated[
    bool, typer.Option("--include-fuzzy", help="Fuzzy translations are candidates too.")
]


@filter_command(
    "cap-import",
    inputs_metavar="SOURCE [TARGET]...",
    inputs_help="The source catalog, then its translations (none for a PO, XLIFF or xcstrings "
    "file, which holds both sides).",
)
def main(
    run: Run,
    candidates: CandidatesOutputOption = None,
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
    plural_separator: PluralSeparatorOption = None,
    include_fuzzy: IncludeFuzzyOption = False,
) -> None:
    """Turn translation catalogs into EvalCase v1 records and candidates.

    Reads SOURCE [TARGET...] catalogs: gettext PO/POT, JSON (i18next, vue-i18n, FormatJS),
    Flutter ARB, .xcstrings, Android strings.xml, XLIFF 1.2/2.x, Apple .strings/.stringsdict.
    SOURCE's messages become EvalCases on stdout; each TARGET's translations become candidates
    (--candidates). A PO file holds both sides: its msgids are the sources, its msgstrs the
    candidates.

    Example: cap-import --license BSD-3-Clause --source https://example.org fr.po
    --candidates fr.cands.jsonl | cap-validate | cap-check --candidates fr.cands.jsonl
    """
    from capeval.importer import ids
    from capeval.importer.join import Importer, Settings

    run.counts = {"messages": 0, "cases": 0, "candidates": 0}

    if format_ is not None:
        from capeval.catalogs import FORMATS

        if format_ not in FORMATS:
            raise UsageError(f"--format must be one of {', '.join(FORMATS)}")
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
    )
    importer_run = Importer(run, settings)
    source, *targets = run.inputs
    if candidates is None:
        del run.counts["candidates"]
        importer_run.import_catalogs(source, targets)
    elif candidates == "-":
        importer_run.write_candidate = run.out.write_bytes
        importer_run.import_catalogs(source, targets)
    else:
        _import_with_candidates_file(run, importer_run, candidates, source, targets)


def _import_with_candidates_file(
    run: Run, importer_run: Any, path: str, source: str, targets: list[str]
) -> None:
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
            importer_run.import_catalogs(source, targets)
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
