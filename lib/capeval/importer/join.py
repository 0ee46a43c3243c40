"""Messages of a source catalog and its translations → EvalCase and Candidate records.

One case per source message and target locale (per plural form for a plural message: PO's
``msgstr[N]`` by index, the other formats by the CLDR categories the target locale uses); one
candidate per translated form. What is wrong with the catalogs as a whole is a ``catalog.*``
diagnostic on the target's line: keys only the target has (``key_extra``), keys it lacks
(``key_missing``: no candidate, so cap-check reports ``candidate_missing``), plural forms it
lacks (``plural_incomplete``), empty translations (``untranslated``), fuzzy ones (``fuzzy``:
no candidate unless ``--include-fuzzy``) and repeated keys (``duplicate_key``).

Memory: the source catalog and one target catalog at a time.
"""

from __future__ import annotations

import gc
import io
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, BinaryIO

from capeval import catalogs
from capeval.catalogs import AUTO, ICU, CatalogInfo, Message
from capeval.cli import STDIN_NAME, FatalInput, Run, StandardStreams, UsageError
from capeval.importer import ids, locales
from capeval.importer.dialects import (
    assertions_for,
    covering_source,
    given_for,
    icu_plural_lacks,
    source_syntax_problem,
)
from capeval.jsonl import dumps
from capeval.limits import DEFAULT_MAX_CATALOG_BYTES
from capeval.records import completeness_record
from capeval.secrets import may_contain_secret, secret_problems
from capeval.slotted import Slotted

Key = tuple[str | None, str]


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Reading a catalog allocates its messages and makes no reference cycles: the cyclic
    collector's passes over the growing heap were ~7% of cap-import's instructions on a PO
    catalog of 50,000 messages. What a reader leaves for it is collected once it resumes."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


class Catalog(Slotted):
    """A catalog read whole: its messages in order, indexed by (context, key)."""

    __slots__ = (
        "path",
        "display",
        "format",
        "bilingual",
        "info",
        "messages",
        "by_key",
        "path_locale",  # the locale the catalog's path names
        "prefix",  # its id prefix (a tree's catalogs: from its path)
    )

    def __init__(
        self, path: str, display: str, format: str, bilingual: bool, info: CatalogInfo
    ) -> None:
        self.path = path
        self.display = display
        self.format = format
        self.bilingual = bilingual
        self.info = info
        self.messages: list[Message] = []
        self.by_key: dict[Key, Message] = {}
        self.path_locale: str | None = None
        self.prefix: str | None = None


class Unreadable(Exception):
    """A catalog of a tree that cannot be read: one diagnostic, and the tree goes on."""


class Settings(Slotted):
    """What the command line says of every catalog of a run."""

    __slots__ = (
        "provenance",
        "domain",
        "format",
        "source_locale",
        "target_locale",
        "id_prefix",
        "system",
        "include_fuzzy",
        "assertions",  # --assertions: for every case
        "plural_separator",  # --plural-separator: "a|b" forms in one string
        "max_catalog_bytes",  # --max-catalog-bytes
        "missing",  # --missing: an untranslated message's case is skipped or written
        "verbose",  # -v: each catalog warning on stderr, not a summary per catalog
        "glossary",  # --glossary: a terminology assertion for the cases naming its terms
    )

    def __init__(
        self,
        provenance: dict[str, Any],
        domain: str,
        format: str | None,
        source_locale: str | None,
        target_locale: str | None,
        id_prefix: str | None,
        system: str | None,
        include_fuzzy: bool,
        assertions: list[dict[str, Any]] | None,
        plural_separator: str | None = None,
        max_catalog_bytes: int = DEFAULT_MAX_CATALOG_BYTES,
        missing: str = "skip",
        verbose: bool = False,
        glossary: Any = None,
    ) -> None:
        self.provenance = provenance
        self.domain = domain
        self.format = format
        self.source_locale = source_locale
        self.target_locale = target_locale
        self.id_prefix = id_prefix
        self.system = system
        self.include_fuzzy = include_fuzzy
        self.assertions = assertions
        self.plural_separator = plural_separator
        self.max_catalog_bytes = max_catalog_bytes
        self.missing = missing
        self.verbose = verbose
        self.glossary = glossary


# Warnings about one message each: kept off stderr (--diagnostics has them; -v shows them),
# which gets one line per catalog and code instead.
PER_MESSAGE_WARNINGS = frozenset(
    {"catalog.untranslated", "catalog.key_missing", "catalog.key_extra", "catalog.fuzzy"}
)


class Importer:
    def __init__(self, run: Run, settings: Settings) -> None:
        self.run = run
        self.settings = settings
        # where records go: cases to stdout, candidates nowhere unless --candidates
        # each takes a record's line (jsonl.dumps), made once for the secret check and the write
        self.write_case: Callable[[bytes], None] = run.out.write_bytes
        self.write_candidate: Callable[[bytes], None] | None = None
        # --completeness: each target catalog's record (records.completeness_record)
        self.write_completeness: Callable[[dict[str, Any]], None] | None = None
        self.strict = True  # one SOURCE TARGET… group: an unreadable catalog ends the run
        self._kept_off: dict[str, int] = {}  # this catalog's per-message warnings, by code
        self._prefixes: dict[tuple[str, str], str] = {}  # (prefix, locale) -> its catalog
        self._bad_sources: set[tuple[str, str | None, str]] = set()  # source_not_format said
        # --assertions completed for each (dialect, single_count): dialects.given_for
        self._given: dict[tuple[str, bool], list[dict[str, Any]]] = {}
        # each catalog path written: (as JSON quotes it, whether the prefilter may flag it)
        self._path_verdicts: dict[str, tuple[bytes, bool]] = {}

    # -- reading ---------------------------------------------------------------------------
    def load(
        self, path: str, wanted_locale: str | None = None, format_: str | None = None
    ) -> Catalog:
        display = STDIN_NAME if path == "-" else path
        try:
            if path == "-":
                with open(StandardStreams.stdin, "rb", closefd=False) as stdin:
                    stream: BinaryIO = io.BytesIO(stdin.read(self.settings.max_catalog_bytes + 1))
            else:
                if os.path.isdir(path):
                    raise IsADirectoryError(21, "is a directory")
                stream = open(path, "rb")  # noqa: SIM115 (closed below)
        except OSError as exc:
            if not self.strict:
                raise Unreadable(f"cannot open: {exc.strerror}") from exc
            self.run.diag.emit("io.unreadable", f"cannot open: {exc.strerror}", file=display)
            raise FatalInput(path) from exc
        with stream:
            # read whole (no catalog format is line-based), up to the bound: /dev/zero or a
            # runaway file is refused, not read into memory
            limit = self.settings.max_catalog_bytes
            try:
                data = stream.read(limit + 1)
            except OSError as exc:
                if not self.strict:
                    raise Unreadable(f"cannot read: {exc.strerror}") from exc
                self.run.diag.emit("io.unreadable", f"cannot read: {exc.strerror}", file=display)
                raise FatalInput(path) from exc
        if len(data) > limit:
            self._problem(
                "catalog.too_large",
                f"larger than {limit} bytes (--max-catalog-bytes): not imported",
                display,
                None,
            )
            name = format_ or self.settings.format or catalogs.detect_format(path) or "po"
            module = catalogs.reader(name)
            return Catalog(path, display, name, module.BILINGUAL, CatalogInfo())
        stream = io.BytesIO(data)
        with stream:
            name = format_ or self.settings.format or catalogs.detect_format(path, stream)
            if name is None:
                raise UsageError(
                    f"{display}: cannot tell the catalog format; give --format "
                    f"({', '.join(catalogs.FORMATS)})"
                )
            module = catalogs.reader(name)
            catalog = Catalog(path, display, name, module.BILINGUAL, CatalogInfo())
            catalog.info.wanted_locale = wanted_locale or self.settings.target_locale

            def on_problem(code: str, line: int | None, message: str) -> None:
                self._problem(code, message, display, line)

            try:
                with _collector_paused():
                    self._read_messages(
                        module.read(display, stream, on_problem, catalog.info), catalog
                    )
            except OSError as exc:
                if not self.strict:
                    raise Unreadable(f"cannot read: {exc.strerror}") from exc
                self.run.diag.emit("io.unreadable", f"cannot read: {exc.strerror}", file=display)
                raise FatalInput(path) from exc
        if catalog.info.obsolete:
            self.run.count("obsolete", catalog.info.obsolete)
        return catalog

    def _read_messages(self, messages: Iterator[Message], catalog: Catalog) -> None:
        for message in messages:
            key = (message.context, message.key)
            first = catalog.by_key.get(key)
            if first is not None:
                self._problem(
                    "catalog.duplicate_key",
                    f"key {_short(message.key)!r} repeats the message of line "
                    f"{first.line}; the first is kept",
                    catalog.display,
                    message.line,
                )
                continue
            catalog.by_key[key] = message
            catalog.messages.append(message)

    def _problem(
        self, code: str, message: str, file: str, line: int | None, case_id: str | None = None
    ) -> None:
        echo = self.settings.verbose or code not in PER_MESSAGE_WARNINGS
        if not echo:
            self._kept_off[code] = self._kept_off.get(code, 0) + 1
        self.run.diag.emit(code, message, file=file, line=line, case_id=case_id, echo=echo)

    def _summarise(self, catalog: Catalog, messages: int) -> None:
        """One stderr line per code of the per-message warnings kept off it for ``catalog``."""
        kept, self._kept_off = self._kept_off, {}
        if self.run.quiet:
            return
        for code, count in kept.items():
            self.run.diag.note(
                catalog.display,
                "warning",
                code,
                f"{count} of {messages} messages (each in --diagnostics; -v prints them)",
            )

    # -- a tree ------------------------------------------------------------------------------
    def import_tree(self, jobs: list[Any]) -> None:
        """Each bilingual catalog alone, each monolingual group with its source; a catalog
        that cannot be read is one ``catalog.unreadable`` and the rest goes on."""
        self.strict = False
        counts = self.run.counts
        for job in jobs:
            try:
                source = self.load(job.source.path, format_=job.source.format)
            except Unreadable as exc:
                self._unreadable(job.source.path, str(exc))
                counts["refused"] += 1 + len(job.targets)
                continue
            except UsageError as exc:
                self._unreadable(job.source.path, str(exc).split(": ", 1)[-1])
                counts["refused"] += 1 + len(job.targets)
                continue
            source.path_locale = job.source.locale
            source.prefix = job.prefix
            counts["catalogs"] += 1
            self.run.count("messages", len(source.messages))
            if source.bilingual:
                self._import_bilingual(source)
                continue
            for found in job.targets:
                try:
                    target = self.load(found.path, format_=found.format)
                except (Unreadable, UsageError) as exc:
                    self._unreadable(found.path, str(exc).split(": ", 1)[-1])
                    counts["refused"] += 1
                    continue
                target.path_locale = found.locale
                counts["catalogs"] += 1
                self._import(source, target)
            source.messages.clear()
            source.by_key.clear()

    def _unreadable(self, path: str, reason: str) -> None:
        self.run.diag.emit("catalog.unreadable", reason, file=path)

    def _import_bilingual(self, source: Catalog) -> None:
        if source.info.wanted_locale is None and source.info.locales:
            # a catalog of every language (xcstrings): each of them in turn
            for locale in source.info.locales:
                target = self.load(source.path, locale, source.format)
                target.path_locale, target.prefix = source.path_locale, source.prefix
                self._import(source, target)
            return
        self._import(source, source)

    # -- the run ---------------------------------------------------------------------------
    def import_catalogs(self, source_path: str, target_paths: list[str]) -> None:
        source = self.load(source_path)
        self.run.count("messages", len(source.messages))
        if not target_paths and source.bilingual:
            self._import_bilingual(source)
            return
        if not target_paths:
            if not self.settings.target_locale:
                raise UsageError(
                    f"{source.display} holds one language: give TARGET catalogs, "
                    "or --target-locale to write cases without candidates"
                )
            self._import(source, None)
            return
        for path in target_paths:
            target = source if path == source_path and source.bilingual else self.load(path)
            self._import(source, target)
            target.messages.clear()
            target.by_key.clear()

    def _locales(self, source: Catalog, target: Catalog | None) -> tuple[str, str]:
        given = self.settings
        source_tag = given.source_locale or source.info.source_locale
        if source_tag is None and not source.bilingual:
            source_tag, _ = locales.resolve(source.info.locale, self._path_locale(source))
        target_tag = given.target_locale
        if target_tag is None and target is not None:
            target_tag, disagreement = locales.resolve(
                target.info.locale, self._path_locale(target)
            )
            if disagreement:
                self._problem("catalog.locale_mismatch", disagreement, target.display, 1)
        if not target_tag:
            name = target.display if target is not None else source.display
            raise UsageError(f"{name}: cannot tell the target locale; give --target-locale")
        return locales.canonical(source_tag or "en"), locales.canonical(target_tag)

    def _path_locale(self, catalog: Catalog) -> str | None:
        if catalog.path_locale is not None or catalog.prefix is not None:
            return catalog.path_locale  # a tree's catalog: its path below the root
        return locales.guess_from_path(catalog.path)

    def _prefix(self, source: Catalog, target_locale: str) -> str:
        if source.prefix is None:
            if self.settings.id_prefix:
                return self.settings.id_prefix
            stem = os.path.splitext(os.path.basename(source.path))[0]
            if source.path == "-":
                stem = "catalog"
            return ids.default_prefix(locales.without_locale(stem), locales.looks_like_locale(stem))
        prefix = source.prefix
        if self.settings.id_prefix:
            prefix = f"{self.settings.id_prefix}.{prefix}"
        owner = self._prefixes.setdefault((prefix, target_locale), source.path)
        if owner != source.path:
            # two catalogs of one tree with one prefix and locale: the second's gets its path
            # hashed in, so its ids are its own (and the same tomorrow)
            prefix += "-" + ids.key_hash(None, source.path)[:6]
            self._prefixes.setdefault((prefix, target_locale), source.path)
        return prefix

    def _import(self, source: Catalog, target: Catalog | None) -> None:
        if not source.messages:
            return  # nothing to import (and no locale to tell)
        try:
            source_locale, target_locale = self._locales(source, target)
        except UsageError as exc:
            if self.strict:
                raise
            self._unreadable((target or source).path, str(exc).split(": ", 1)[-1])
            self.run.counts["refused"] += 1
            self.run.counts["catalogs"] -= 1  # read, but refused
            return
        prefix = self._prefix(source, target_locale)
        before = {name: self.run.counts.get(name, 0) for name in _TALLIED}
        if (target is None or target.format != "po") and not locales.has_cldr_data(target_locale):
            # a PO catalog's Plural-Forms says its forms; the other formats need CLDR's
            self.run.count("without CLDR data")
            self._problem(
                "catalog.locale_without_cldr",
                f"{target_locale} has no CLDR plural rules: its messages are checked, but not "
                "whether its plural forms are the ones the locale needs",
                (target or source).display,
                None,
            )
        same_file = target is source
        for message in source.messages:
            translated = message if same_file else None
            if target is not None and not same_file:
                translated = target.by_key.get((message.context, message.key))
            if self.settings.plural_separator and not source.bilingual:
                message = self._split_forms(message, source_locale, source.display)
                if translated is not None and target is not None and not target.bilingual:
                    translated = self._split_forms(translated, target_locale, target.display)
            elif self.settings.plural_separator and same_file and source.format != "po":
                # XLIFF (Symfony's "One choice.|%count% choices."): both sides, each in its
                # locale's categories; a PO catalog has plurals of its own
                message = translated = self._split_sides(
                    message, source_locale, target_locale, source.display
                )
            self._message(message, translated, target, prefix, source_locale, target_locale)
        if target is not None and not same_file:
            for key, extra in target.by_key.items():
                if key not in source.by_key:
                    self.run.count("extra")
                    self._problem(
                        "catalog.key_extra",
                        f"key {_short(extra.key)!r} is not in {source.display}",
                        target.display,
                        extra.line,
                    )
        self._summarise(target or source, len(source.messages))
        if target is not None and self.write_completeness is not None:
            counts = {name: self.run.counts.get(name, 0) - before[name] for name in _TALLIED}
            if self.settings.include_fuzzy:
                counts["fuzzy"] = 0  # candidates: counted as translated
            counts["messages"] = len(source.messages)
            self.write_completeness(
                completeness_record(
                    target.display, source.display, source_locale, target_locale, counts
                )
            )

    def _split_forms(self, message: Message, locale: str, display: str) -> Message:
        """``"One post|{count} posts"``: plural forms in the CLDR order of the locale's
        categories (Docusaurus, vue-i18n); a form a locale needs but the text lacks is the last
        one given, as those libraries do."""
        separator = self.settings.plural_separator
        if message.plurals or not separator or separator not in message.text:
            return message
        forms = self._separated(message.text, separator, locale, message, display)
        return message.replace(plurals=forms, text=forms["other"])

    def _split_sides(
        self, message: Message, source_locale: str, target_locale: str, display: str
    ) -> Message:
        """A bilingual message whose source or translation holds the separator: the source
        in the source locale's categories, its translation in the target's (a source of one
        form, "%minutes% minutes.", may be translated in several: each is compared with it)."""
        separator = self.settings.plural_separator
        if message.plurals or message.translation_plurals or not separator:
            return message
        if separator not in message.text and separator not in (message.translation or ""):
            return message
        forms = self._separated(message.text, separator, source_locale, message, display)
        translated = None
        if message.translation:
            translated = self._separated(
                message.translation, separator, target_locale, message, display
            )
        return message.replace(
            plurals=forms,
            text=forms["other"],
            translation_plurals=translated,
            translation=translated["other"] if translated else message.translation,
        )

    def _separated(
        self, text: str, separator: str, locale: str, message: Message, display: str
    ) -> dict[str, str]:
        parts = text.split(separator)
        categories = locales.plural_categories(locale) or ("one", "other")
        if len(parts) > len(categories):
            self._problem(
                "catalog.plural_incomplete",
                f"{_short(message.key)!r} has {len(parts)} forms; {locale} has "
                f"{len(categories)} ({', '.join(categories)})",
                display,
                message.line,
            )
        return {category: parts[min(i, len(parts) - 1)] for i, category in enumerate(categories)}

    def _message(
        self,
        message: Message,
        translated: Message | None,
        target: Catalog | None,
        prefix: str,
        source_locale: str,
        target_locale: str,
    ) -> None:
        forms = _forms(message, target, source_locale, target_locale)
        base = ids.case_id(prefix, target_locale, message.context, message.key, None)
        if forms[0][0] is None:  # a singular message: its one form, with the base id
            case_ids = [base]
        else:
            case_ids = [f"{base}.{ids.form_segment(form[0])}" for form in forms]
        texts = self._texts(message, translated, target, forms, case_ids[0], target_locale)
        dialect = self._dialect(message, prefix, case_ids[0])
        if texts is None and target is not None and self.settings.missing == "skip":
            return  # not translated: completeness, counted, not a case to fail
        cases: list[tuple[dict[str, Any], bytes]] = []
        lines: list[bytes] = []  # the message's, cases then candidates: judged together
        for (form, _lookup, source_text, others, single), case_id, text in zip(
            forms, case_ids, texts or [""] * len(forms), strict=True
        ):
            if not text and texts is not None and self.settings.missing == "skip":
                continue  # a plural form left empty: catalog.plural_incomplete says so
            source_text = covering_source(dialect, source_text, others, text)
            record = self._case_record(
                message, case_id, form, source_text, source_locale, target_locale, dialect, single
            )
            line = dumps(record)
            cases.append((record, line))
            lines.append(line)
        candidates: list[tuple[dict[str, Any], bytes]] = []
        write_candidate = self.write_candidate
        if (
            target is not None
            and texts is not None
            and translated is not None
            and write_candidate is not None
        ):
            for case_id, text in zip(case_ids, texts, strict=True):
                if text:
                    record = self._candidate_record(case_id, text, target.display, translated.line)
                    line = dumps(record)
                    candidates.append((record, line))
                    lines.append(line)
        counts = self.run.counts
        files = (message.file, target.display if candidates and target is not None else None)
        if not self._may_hold_secret(lines, files):
            for _, line in cases:
                self.write_case(line)
            counts["cases"] += len(cases)
            if candidates and write_candidate is not None:
                for _, line in candidates:
                    write_candidate(line)
                counts["candidates"] += len(candidates)
            return
        written = True
        for record, line in cases:
            if self._refused(record, line, message.file, message.line):
                written = False
                continue
            self.write_case(line)
            counts["cases"] += 1
        if not written or target is None or translated is None or write_candidate is None:
            return  # a refused case (a credential in it) gets no candidates either
        for record, line in candidates:
            if not self._refused(record, line, target.display, translated.line):
                write_candidate(line)
                counts["candidates"] += 1

    def _dialect(self, message: Message, prefix: str, case_id: str) -> str:
        """The message's dialect, or ``auto`` when its source does not parse in the one its
        flag names: one ``catalog.source_not_format`` per message (not per locale: the
        source is the same in each), and its translations checked as plain text would be."""
        dialect = message.dialect
        if dialect == AUTO:
            return dialect
        texts = tuple(message.plurals.values()) if message.plurals else (message.text,)
        for text in texts:
            problem = source_syntax_problem(dialect, text)
            if problem is None:
                continue
            seen = (prefix, message.context, message.key)
            if seen not in self._bad_sources:
                if len(self._bad_sources) > 65536:
                    self._bad_sources.clear()
                self._bad_sources.add(seen)
                flag = next((f for f in sorted(message.flags) if f.endswith("-format")), dialect)
                self._problem(
                    "catalog.source_not_format",
                    f"{_short(message.key)!r} is flagged {flag} but is not one ({problem}); "
                    "its translations are checked with syntax auto",
                    message.file,
                    message.line,
                    case_id,
                )
            return AUTO
        return dialect

    def _texts(
        self,
        message: Message,
        translated: Message | None,
        target: Catalog | None,
        forms: list[Form],
        case_id: str,
        target_locale: str,
    ) -> list[str] | None:
        """The candidate texts of a message's forms (empty: a form not translated), or None
        when it has none: no translation, an empty one, or a fuzzy one (a catalog warning)."""
        if target is None:
            return None
        if translated is None:
            self.run.count("missing")
            self._problem(
                "catalog.key_missing",
                f"key {_short(message.key)!r} has no translation in {target.display}",
                target.display,
                None,
                case_id,
            )
            return None
        texts = _translations(translated, target, forms)
        if not any(texts):
            self.run.count("untranslated")
            self._problem(
                "catalog.untranslated",
                f"{_short(message.key)!r} is not translated",
                target.display,
                translated.line,
                case_id,
            )
            return None
        if "fuzzy" in translated.flags:
            self.run.count("fuzzy")
            self._problem(
                "catalog.fuzzy",
                f"{_short(message.key)!r} is marked fuzzy"
                + ("" if self.settings.include_fuzzy else "; not a candidate (--include-fuzzy)"),
                target.display,
                translated.line,
                case_id,
            )
            if not self.settings.include_fuzzy:
                return None
        lacking = (
            [] if all(texts) else [f[0] for f, text in zip(forms, texts, strict=True) if not text]
        )
        if lacking and target.format != "po" and not locales.has_cldr_data(target_locale):
            lacking = []  # which forms it needs is not known (catalog.locale_without_cldr)
        if lacking:
            self._problem(
                "catalog.plural_incomplete",
                f"{_short(message.key)!r} lacks the plural form"
                + ("s " if len(lacking) > 1 else " ")
                + ", ".join(_form_name(form) for form in lacking)
                + f" that {target_locale} needs",
                target.display,
                translated.line,
                case_id,
            )
        if not target.bilingual or target.format != "po":
            self._icu_plurals(message, translated, texts, target, case_id, target_locale)
        self.run.count("translated")
        return texts

    def _icu_plurals(
        self,
        message: Message,
        translated: Message,
        texts: list[str],
        target: Catalog,
        case_id: str,
        target_locale: str,
    ) -> None:
        """An ICU plural inside a translation (JSON, ARB, xcstrings, XLIFF) must have the
        categories its locale uses, as i18next's key suffixes must: Polish ``one``/``other``
        only is ``catalog.plural_incomplete``."""
        if message.dialect != ICU:
            return

        def categories(ordinal: bool) -> tuple[str, ...] | None:
            return locales.plural_categories(target_locale, ordinal)

        for text in texts:
            for name, lacking in icu_plural_lacks(text, categories):
                self._problem(
                    "catalog.plural_incomplete",
                    f"{_short(message.key)!r}: {{{name}, plural}} lacks "
                    + ", ".join(lacking)
                    + f" that {target_locale} needs",
                    target.display,
                    translated.line,
                    case_id,
                )

    # -- records ---------------------------------------------------------------------------
    def _case_record(
        self,
        message: Message,
        case_id: str,
        form: str | None,
        source_text: str,
        source_locale: str,
        target_locale: str,
        dialect: str,
        single_count: bool = False,
    ) -> dict[str, Any]:
        # "file_ref": a path is a reference, which cap-validate's high-entropy scan exempts
        # (a long path such as …/locale/pt_BR/LC_MESSAGES/django.po reads as a token)
        origin: dict[str, Any] = {
            "file_ref": message.file,
            "line": message.line,
            "key": message.key,
        }
        if message.context is not None:
            origin["context"] = message.context
        if form is not None:
            origin["form"] = _form_name(form)
        if message.note:
            origin["note"] = message.note
        if message.flags:
            origin["flags"] = sorted(message.flags)
        record = {
            "schema_version": 1,
            "id": case_id,
            "source_locale": source_locale,
            "target_locale": target_locale,
            "domain": self.settings.domain,
            "source": source_text,
            "assertions": self._assertions(
                dialect, source_text, source_locale, target_locale, single_count
            ),
            "provenance": self.settings.provenance,
            "x-catalog": origin,
        }
        return record

    def _assertions(
        self,
        dialect: str,
        source: str,
        source_locale: str,
        target_locale: str,
        single_count: bool = False,
    ) -> list[dict[str, Any]]:
        """--assertions' list (its placeholder_integrity completed by the dialect's params,
        dialects.given_for) or the dialect's (``single_count``: of a plural form used for
        one count alone); with --glossary, a ``terminology`` assertion with the entries the
        source names (its severity and matching params from --assertions' ``terminology``
        when it names one, else ``hard``)."""
        listed = self.settings.assertions
        if listed is None:
            chosen = assertions_for(dialect, single_count)
        else:
            chosen = self._given.get((dialect, single_count))
            if chosen is None:
                chosen = self._given[dialect, single_count] = given_for(
                    listed, dialect, single_count
                )
        glossary = self.settings.glossary
        if glossary is None:
            return chosen
        given = next((a for a in chosen if a.get("name") == "terminology"), None)
        rest = [a for a in chosen if a is not given]
        params = dict((given or {}).get("params") or {})
        entries = glossary.entries_for(source, target_locale, params, source_locale)
        if not entries:
            return rest
        glossary.tally["applied"] += 1
        params["entries"] = entries
        return [
            *rest,
            {"name": "terminology", "severity": "hard", **(given or {}), "params": params},
        ]

    def _candidate_record(
        self, case_id: str, text: str, file: str, line: int | None
    ) -> dict[str, Any]:
        record: dict[str, Any] = {"case_id": case_id, "text": text}
        if self.settings.system is not None:
            record["system"] = self.settings.system
        record["x-catalog"] = {"file_ref": file, "line": line}
        return record

    def _may_hold_secret(self, lines: list[bytes], files: tuple[str, str | None]) -> bool:
        """The secret prefilter over one message's lines together (it is sound on a block of
        lines), each catalog path in them judged once per catalog: every line carries one
        (``file_ref``), a run of token characters the prefilter would look up on each.
        False: no line holds anything the walk finds (tests/test_import_secrets_block.py)."""
        block = b"".join(lines)
        for file in files:
            if file is None:
                continue
            judged = self._path_verdicts.get(file)
            if judged is None:
                judged = self._path_verdicts[file] = _path_verdict(file)
            quoted, maybe = judged
            if maybe:
                return True
            block = block.replace(quoted, b'""')
        return may_contain_secret(block)

    def _refused(self, record: dict[str, Any], raw: bytes, file: str, line: int | None) -> bool:
        """A record with a credential in it is not written (cap-validate would refuse it):
        ``secret.detected`` at the catalog's line, the value never shown."""
        if not may_contain_secret(raw):
            return False
        found = secret_problems(record, raw)
        for problem in found:
            # no case id: it is made of the key's words, which may be the credential's
            self.run.diag.emit(
                problem.code, problem.message, file=file, line=line, path=problem.pointer
            )
        if found:
            self.run.count("refused (credential)")
        return bool(found)


def _path_verdict(path: str) -> tuple[bytes, bool]:
    """A catalog path as JSON writes it (with its quotes), and whether a record's line may
    hold a secret because of it: the prefilter's verdict on the path alone, or maybe when it
    has an ``=`` or a non-ASCII character (the prefilter's look at the word before an ``=``
    may reach across a path's quotes, and a non-ASCII byte there is a maybe)."""
    quoted = dumps(path)[:-1]
    return quoted, "=" in path or not path.isascii() or may_contain_secret(quoted)


# the run's counts a catalog's completeness record is the difference of
_TALLIED = ("translated", "untranslated", "missing", "fuzzy")


# (id segment, key of the target's form, source text, the other source forms whose counts
# the target form is used for too: a translation may carry their placeholders instead, whether
# the form is used for one count alone: its translation may leave the count out)
Form = tuple[str | None, str | None, str, tuple[str, ...], bool]


def _forms(
    message: Message, target: Catalog | None, source_locale: str, target_locale: str
) -> list[Form]:
    """The cases of one message: one per plural form the target needs, each compared with
    the source form that covers most of the counts the target form is used for (ties: the
    form of the same category; in gettext, msgid). So Russian "one" (1, 21, 31…) translates
    English "other", Arabic "zero" too, and French "one" (0 and 1) English "one"."""
    plurals = message.plurals
    if not plurals:
        return [(None, None, message.text, (), False)]
    ordinal = "ordinal" in message.flags
    source_numbers = locales.category_numbers(source_locale, ordinal)
    if target is not None and target.format == "po":
        return _po_forms(plurals, message.text, target.info, source_numbers)
    target_numbers = locales.category_numbers(target_locale, ordinal)
    categories = tuple(target_numbers) if target_numbers else tuple(plurals)
    forms: list[Form] = []
    for category in categories:
        numbers = target_numbers.get(category, frozenset()) if target_numbers else frozenset()
        chosen = _closest(numbers, category, plurals, source_numbers)
        others = tuple(
            text
            for name, text in plurals.items()
            if name != chosen
            and text != plurals[chosen]
            and source_numbers
            and numbers & source_numbers.get(name, frozenset())
        )
        forms.append((category, category, plurals[chosen], others, len(numbers) == 1))
    return forms


def _closest(
    numbers: frozenset[int],
    preferred: str,
    plurals: dict[str, str],
    source_numbers: dict[str, frozenset[int]] | None,
) -> str:
    """The source category (among ``plurals``) whose counts overlap ``numbers`` most."""

    def score(category: str) -> tuple[int, bool, bool]:
        overlap = len(numbers & source_numbers.get(category, frozenset())) if source_numbers else 0
        return overlap, category == preferred, category == "other"

    return max(plurals, key=score)


def _po_forms(
    plurals: dict[str, str],
    text: str,
    info: CatalogInfo,
    source_numbers: dict[str, frozenset[int]] | None,
) -> list[Form]:
    """gettext forms by index: msgid is the source's "one" (the counts 1 alone, in English),
    msgid_plural all its other counts; each msgstr[N] translates the one of the two that
    covers most of the counts the form is used for (the plural expression says which), a tie
    going to msgid. Without a readable expression: msgstr[0] is msgid, the others plural."""
    singular, other = plurals.get("one", text), plurals.get("other", text)
    one = source_numbers.get("one", frozenset({1})) if source_numbers else frozenset({1})
    count = info.nplurals or 2
    numbers = info.form_numbers
    forms: list[Form] = []
    for index in range(count):
        covers_both = single = False
        if numbers is not None and index < len(numbers):
            single = len(numbers[index]) == 1
            in_one = len(numbers[index] & one)
            is_singular = in_one > 0 and in_one >= len(numbers[index] - one)
            covers_both = in_one > 0 and len(numbers[index] - one) > 0 and singular != other
        else:
            is_singular = index == 0 and count > 1
        chosen, rest = (singular, other) if is_singular else (other, singular)
        forms.append((f"f{index}", str(index), chosen, (rest,) if covers_both else (), single))
    return forms


def _translations(translated: Message, target: Catalog, forms: list[Form]) -> list[str]:
    text = translated.translation if target.bilingual else translated.text
    plurals = translated.translation_plurals if target.bilingual else translated.plurals
    if forms[0][1] is None:  # a singular message
        return [text or ""]
    if not plurals:  # a plural source translated as one string: its one form, if any
        return [(text or "") if index == 0 else "" for index in range(len(forms))]
    return [plurals.get(lookup, "") for _, lookup, *_ in forms]


def _form_name(form: str | None) -> str:
    if form is not None and form.startswith("f") and form[1:].isdigit():
        return f"msgstr[{form[1:]}]"
    return str(form)


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
