"""``placeholder_integrity``: the source's placeholders survive translation.

Params: ``syntax`` (``auto`` default | ``printf`` | ``python`` | ``icu`` | ``custom``),
``allow_reorder`` (default true), ``style`` (python: ``auto`` | ``percent`` | ``brace``),
``tags`` (icu/auto, default true), ``pattern`` or ``preset`` (custom), ``single_count``
(default false: see below).

``single_count: true`` says the case is a plural form used for exactly one count (English
"one", German ``msgstr[0]``, Arabic "zero", "one" and "two"; not French "one", used for 0 and
1, nor Russian's, used for 1, 21, 31…): its words already say the number ("eine Datei",
"ملفان"), so the translation may leave out one of the source's placeholders, as gettext and
ICU practice allow, where the runtime lets an argument go unused: a named one (``%(n)d``,
``{n}``, ``{0}``, ``{{count}}``), the source's last one (printf's ``%d``, Python's ``{}``),
or printf's highest-numbered one (``%2$d`` beside ``%1$s``). Never Python's unnamed ``%d``
(``"eine Datei" % n`` raises TypeError), never one before other unnumbered ones (the next
would take its argument), never more than one, never a named one whose remnant is left
(``6(unused_count)s``: broken, not left out), and nothing else may be wrong. (ICU messages
keep their own rule: a plural branch may leave ``#`` out.)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from capeval.assertions import ParamsError, Subject
from capeval.codes import REGEX_TIMEOUT, REGEX_TIMEOUT_MEANING
from capeval.limits import REGEX_BUDGET_SECONDS, Deadline
from capeval.placeholders import auto as auto_syntax
from capeval.placeholders import compare as comparer
from capeval.placeholders import custom as custom_syntax
from capeval.placeholders import printf as printf_syntax
from capeval.placeholders import python as python_syntax
from capeval.placeholders.compare import Extraction, Findings, compare, outcome
from capeval.placeholders.suggest import placeholder_suggestions
from capeval.verdict import Outcome

__all__ = ["CODES", "MEANINGS", "NAME", "PARAMS", "check", "param_errors"]

NAME = "placeholder_integrity"
# A custom pattern that ran past its time bound gives no verdict, so it outranks the rest.
MEANINGS = {REGEX_TIMEOUT: REGEX_TIMEOUT_MEANING, **comparer.MEANINGS}
CODES = tuple(MEANINGS)
PARAMS = {
    "type": "object",
    "properties": {
        "syntax": {"enum": ["auto", "printf", "python", "icu", "custom"]},
        "allow_reorder": {"type": "boolean"},
        "style": {"enum": ["auto", "percent", "brace"]},
        "tags": {"type": "boolean"},
        "pattern": {"type": "string", "minLength": 1},
        "preset": {"enum": ["mustache", "ruby", "dollar", "numbered-tags", "xml"]},
        "single_count": {"type": "boolean"},
    },
    "additionalProperties": False,
}

_PASS = Outcome()
# Characters that look like '%', '{' or '}' but are not (full-width, Arabic, small forms).
_LOOKALIKES = frozenset("％﹪٪｛｝﹛﹜")

# Parsed (and scanned) sources per mode, keyed by source. Bounded: cleared when full, since
# cases stream by and the reuse that matters is one source checked for several systems in a
# row, or once per target locale of a catalog.
_SOURCE_CACHES: dict[str, dict[str, Any]] = {}
_SOURCE_CACHE_MAX = 4096


def _cached(mode: str, source: str, parse: Any) -> Any:
    cache = _SOURCE_CACHES.get(mode)
    if cache is None:
        cache = _SOURCE_CACHES[mode] = {}
    parsed = cache.get(source)
    if parsed is None:
        if len(cache) >= _SOURCE_CACHE_MAX:
            cache.clear()
        parsed = cache[source] = parse(source)
    return parsed


class _ParsedSource:
    """A source's extraction groups plus what the fast path compares against."""

    __slots__ = ("groups", "fast", "all_texts", "texts", "findall", "escapes")

    def __init__(
        self, groups: list[Extraction], source: str, findall: Any = None, escapes: Any = ()
    ) -> None:
        self.groups = groups
        self.findall = findall
        self.escapes = escapes
        # Every match of the fast regex, escapes included, and the placeholder texts alone.
        self.all_texts = findall(source) if findall is not None else []
        self.texts = [t for t in self.all_texts if t not in escapes]
        # The fast path is sound only when the source parses cleanly and the fast regex saw
        # exactly its placeholders (a brace field with brackets or nesting it cannot see).
        tokens = sorted((t for group in groups for t in group.tokens), key=lambda t: t.pos)
        self.fast = (
            findall is not None
            and not any(group.errors for group in groups)
            and self.texts == [t.text for t in tokens]
        )

    def passes(self, text: str) -> bool:
        """True when ``text`` certainly passes: the same placeholder texts in the same order."""
        if not self.fast:
            return False
        found = self.findall(text)
        if found == self.all_texts:
            return True
        escapes = self.escapes
        return [t for t in found if t not in escapes] == self.texts


# (mode, the source's matched texts) -> whether that sequence parses cleanly.
_SHAPES: dict[tuple[str, tuple[str, ...]], bool] = {}


def _same_clean_placeholders(mode: str, source: str, text: str, parse: Any, findall: Any) -> bool:
    """True when ``text`` certainly passes, decided without parsing the whole source.

    Both sides must have the same matched texts (placeholders, escapes, stray characters) in
    the same order, and that sequence must parse cleanly. Whether it does depends only on the
    sequence, not on the literal text around it, so it is parsed once per distinct sequence
    (joined by NUL, which no placeholder can contain): most sources share a handful of shapes
    such as ``%s … %d``, while the sources themselves rarely repeat.
    """
    found = findall(source)
    return found == findall(text) and _clean_shape(mode, found, parse)


def _clean_shape(mode: str, found: list[str], parse: Any) -> bool:
    """Whether the matched texts ``found`` of a string parse cleanly (memoised per mode and
    sequence; see ``_same_clean_placeholders``)."""
    key = (mode, tuple(found))
    clean = _SHAPES.get(key)
    if clean is None:
        if len(_SHAPES) >= _SOURCE_CACHE_MAX:
            _SHAPES.clear()
        probe = parse("\x00".join(found))
        # the probe must scan back to the same texts (a stray '{' of '{a[0]}' would not)
        clean = _SHAPES[key] = probe.fast and probe.all_texts == found
    return clean


def _parse_printf(source: str) -> _ParsedSource:
    groups = [printf_syntax.extract_printf_placeholders(source)]
    return _ParsedSource(groups, source, printf_syntax.DIRECTIVE_TEXTS.findall, ("%%",))


def _parse_percent(source: str) -> _ParsedSource:
    groups = [python_syntax.extract_python_percent_placeholders(source)]
    return _ParsedSource(groups, source, python_syntax.PERCENT_TEXTS.findall, ("%%",))


def _parse_brace(source: str) -> _ParsedSource:
    groups = [python_syntax.extract_python_brace_placeholders(source)]
    return _ParsedSource(groups, source, python_syntax.BRACE_TEXTS.findall, ("{{", "}}"))


def _parse_auto(source: str) -> _ParsedSource:
    groups = list(auto_syntax.extract_auto_placeholders(source))
    return _ParsedSource(groups, source, auto_syntax.AUTO_TEXTS.findall, auto_syntax.AUTO_ESCAPES)


def _python_style(source: str) -> str:
    """the contract's ``style: auto``: brace fields and/or ``%`` directives found in the source.

    ``%`` directives are counted by auto's conservative rule, so a literal ``50% de`` in a
    brace-style source does not make it percent style. A ``%%`` escape counts as a directive:
    only a string passed through ``%``-formatting needs it, so ``12%% string`` is percent style
    and ``12% string`` is a broken translation of it (``% s`` is a directive), as msgfmt's
    python-format check says. With neither, brace fields are read as Python does and ``%``
    directives by auto's rule: invented placeholders of either style are reported without
    treating a literal ``%`` as broken syntax (``100 % sûr`` stays text, ``{x}`` is extra).
    """
    has_brace = bool(python_syntax.extract_python_brace_placeholders(source).tokens)
    has_percent = "%%" in source or bool(auto_syntax.extract_auto_placeholders(source)[2].tokens)
    if has_brace and has_percent:
        return "both"
    if has_brace:
        return "brace"
    if has_percent:
        return "percent"
    return "neither"


def _python_neither_groups(text: str) -> list[Extraction]:
    return [
        python_syntax.extract_python_brace_placeholders(text),
        auto_syntax.extract_auto_placeholders(text)[2],
    ]


def _parse_python_neither(source: str) -> _ParsedSource:
    return _ParsedSource(_python_neither_groups(source), source)


def _parse_python_both(source: str) -> _ParsedSource:
    return _ParsedSource(python_syntax.extract_python_placeholders(source, "both"), source)


def _compare_groups(
    source: str,
    text: str,
    source_groups: list[Extraction],
    candidate_groups: list[Extraction] | tuple[Extraction, ...],
    allow_reorder: bool,
    syntax: str,
) -> Outcome:
    return _with_text_evidence(
        _compared(source, text, source_groups, candidate_groups, allow_reorder), text, syntax
    )


def _compared(
    source: str,
    text: str,
    source_groups: list[Extraction],
    candidate_groups: list[Extraction] | tuple[Extraction, ...],
    allow_reorder: bool,
) -> Outcome:
    """The comparer's outcome, before the evidence that depends on the syntax or the text."""
    findings = Findings()
    for source_group, candidate_group in zip(source_groups, candidate_groups, strict=True):
        findings.merge(compare(source_group.tokens, candidate_group.tokens, allow_reorder))
    result = outcome(source, text, source_groups, list(candidate_groups), findings)
    return _PASS if result.passed else result


def _with_text_evidence(core: Outcome, text: str, syntax: str) -> Outcome:
    """A failing ``core`` with the syntax and the text's look-alike characters (a new
    Outcome: a memoised core is never changed)."""
    if core.passed:
        return _PASS
    evidence = {**core.evidence, "syntax": syntax}
    # every look-alike is non-ASCII: an ASCII text (most) is not walked character by character
    lookalikes = [] if text.isascii() else sorted(_LOOKALIKES.intersection(text))
    if lookalikes:
        evidence["lookalikes"] = lookalikes
    return Outcome(core.code, core.message, evidence)


@dataclass(frozen=True, slots=True)
class _TokenMode:
    """How one token syntax is parsed, scanned for the fast paths and extracted."""

    parse: Any  # source -> _ParsedSource
    findall: Any  # the fast scan's findall
    extract: Any  # candidate text -> extraction groups
    scanned: str  # the name of the memo of sources' scans (``_cached``)


_TOKEN_MODES = {
    "printf": _TokenMode(
        _parse_printf,
        printf_syntax.DIRECTIVE_TEXTS.findall,
        lambda text: [printf_syntax.extract_printf_placeholders(text)],
        "printf-scan",
    ),
    "percent": _TokenMode(
        _parse_percent,
        python_syntax.PERCENT_TEXTS.findall,
        lambda text: [python_syntax.extract_python_percent_placeholders(text)],
        "percent-scan",
    ),
    "brace": _TokenMode(
        _parse_brace,
        python_syntax.BRACE_TEXTS.findall,
        lambda text: [python_syntax.extract_python_brace_placeholders(text)],
        "brace-scan",
    ),
    "auto": _TokenMode(
        _parse_auto,
        auto_syntax.AUTO_TEXTS.findall,
        auto_syntax.extract_auto_placeholders,
        "auto-scan",
    ),
}


def _check_tokens(mode: str, source: str, text: str, allow_reorder: bool, syntax: str) -> Outcome:
    """The same placeholder texts in the same order, parsing cleanly, pass at once; any
    other pair is compared in full."""
    how = _TOKEN_MODES[mode]
    findall = how.findall
    # Every match of every mode's scan starts with '%', '{' or '}': a string with none of them
    # (most) has no match, told by three substring tests instead of a regex call (whose set-up
    # alone costs several times as much).
    # A source is scanned once (memoised like its parse): catalogs repeat each source once
    # per target locale, and a scan costs several times the lookup.
    found_source = (
        _cached(how.scanned, source, findall)
        if "%" in source or "{" in source or "}" in source
        else []
    )
    found_text = findall(text) if "%" in text or "{" in text or "}" in text else []
    # (no text on either side is a clean shape: nothing to parse)
    if found_source == found_text and (
        not found_source or _clean_shape(mode, found_source, how.parse)
    ):
        return _PASS
    parsed = _cached(mode, source, how.parse)
    if parsed.passes(text):
        core = _PASS
    else:
        core = _compared(source, text, parsed.groups, how.extract(text), allow_reorder)
    return _with_text_evidence(core, text, syntax)


def _check_python(source: str, text: str, allow_reorder: bool, style: str) -> Outcome:
    if style == "auto":
        style = _cached("python-style", source, _python_style)
    if style in ("percent", "brace"):
        return _check_tokens(style, source, text, allow_reorder, "python")
    if style == "both":
        groups = _cached("python-both", source, _parse_python_both)
        candidate = python_syntax.extract_python_placeholders(text, "both")
    else:  # neither: brace fields strictly, '%' directives by auto's conservative rule
        groups = _cached("python-neither", source, _parse_python_neither)
        candidate = _python_neither_groups(text)
    return _compare_groups(source, text, groups.groups, candidate, allow_reorder, "python")


def _check_icu(subject: Subject, params: dict[str, Any], allow_reorder: bool) -> Outcome:
    from capeval.placeholders.icu_compare import check_icu

    return check_icu(
        subject.source,
        subject.text,
        allow_reorder=allow_reorder,
        tags=params.get("tags", True),
        target_locale=subject.case.get("target_locale", ""),
    )


def _check_custom(source: str, text: str, params: dict[str, Any], allow_reorder: bool) -> Outcome:
    pattern = params.get("pattern")
    preset = None if pattern is not None else params.get("preset")
    if pattern is not None:
        try:
            custom_syntax.compile_pattern(pattern)
        except Exception as exc:  # an unvalidated case; cap-validate reports it as params
            raise ParamsError(f"pattern does not compile: {exc}") from exc
    side = "source"
    deadline = Deadline(REGEX_BUDGET_SECONDS)  # one budget for both sides of the check
    try:
        parsed = _cached(
            f"custom:{preset}" if pattern is None else "custom-pattern:" + pattern,
            source,
            lambda s: custom_syntax.extract_custom_placeholders(s, pattern, preset, deadline),
        )
        side = "candidate"
        candidate = custom_syntax.extract_custom_placeholders(text, pattern, preset, deadline)
    except custom_syntax.PatternTimeout:
        return Outcome(
            REGEX_TIMEOUT,
            f"the custom pattern ran longer than its time bound on the {side}",
            {"side": side, "timeout_ms": round(REGEX_BUDGET_SECONDS * 1000)},
        )
    if [t.text for t in parsed.tokens] == [t.text for t in candidate.tokens]:
        return _PASS  # same tokens in the same order (tag nesting is then the source's)
    parsed, candidate = custom_syntax.with_tag_structure(preset, parsed, candidate)
    return _compare_groups(source, text, [parsed], [candidate], allow_reorder, "custom")


def check(subject: Subject, params: dict[str, Any]) -> Outcome:
    """The placeholder verdict for one case × candidate, with fix suggestions when failing."""
    result = _compared_verdict(subject, params)
    if not result.passed:
        result = _single_count_verdict(subject, params, result)
        if not result.passed:
            return _with_suggestions(subject, params, result)
    source = subject.case.get("source", "")
    text = subject.candidate.get("text", "")
    if source == subject.source and text == subject.text:
        return result  # both were NFC already (nearly every pair): the verdict stands
    return _exact_names(subject, params, source, text) or result  # a pass may carry evidence


def _exact_names(
    subject: Subject, params: dict[str, Any], source: str, text: str
) -> Outcome | None:
    """The verdict on the texts as written, when NFC changed either of them.

    The texts are compared after NFC (``Subject``), but no runtime normalises a placeholder's
    name: Python's ``format``, printf, ICU and i18next look a name up code point for code
    point, so ``{café}`` written with a combining accent (NFD) is another name than the
    source's ``{café}`` (NFC), and the message fails at run time. A pair that passes after NFC
    is therefore checked once more on the raw texts; a failure there is the result, its
    message saying that the names differ only in their Unicode form (None: no failure).
    ``source`` and ``text`` are the texts as written, one of them not NFC.
    """
    exact = _verdict(replace(subject, source=source, text=text), params)
    if exact.passed:
        return None
    return Outcome(
        exact.code,
        f"{exact.message} (placeholder names are compared as written: they differ only in "
        "their Unicode form, NFC and NFD, which the runtime does not equate)",
        {**exact.evidence, "unicode_forms_differ": True},
    )


def _with_suggestions(subject: Subject, params: dict[str, Any], result: Outcome) -> Outcome:
    """``result`` (the pair's verdict), with the fixes that make it pass when it fails."""
    if result.passed or result.code == REGEX_TIMEOUT:
        return result

    def passes(fixed: str) -> bool:
        return _verdict(replace(subject, text=fixed), params).passed

    fixes = placeholder_suggestions(subject.text, result.evidence, passes)
    if fixes:
        result.evidence["suggestions"] = fixes
    return result


def _verdict(subject: Subject, params: dict[str, Any]) -> Outcome:
    result = _compared_verdict(subject, params)
    return result if result.passed else _single_count_verdict(subject, params, result)


def _single_count_verdict(subject: Subject, params: dict[str, Any], result: Outcome) -> Outcome:
    """A failing ``result``, or a pass when the case is a single-count form whose translation
    may leave the one placeholder it lacks out (see the module's docstring)."""
    if not params.get("single_count") or result.code != comparer.MISSING:
        return result
    syntax = params.get("syntax", "auto")
    if syntax == "icu" or (syntax == "auto" and auto_syntax.looks_like_icu(subject.source)):
        return result  # ICU's own rule: a plural branch may leave '#' out, nothing more
    return _PASS if _may_leave_out(result.evidence, params, subject.text) else result


# A placeholder that names its argument: %(n)d, {n}, {0}, {{count}} (not printf's %1$d: a
# numbered format must use every argument below the highest it names).
_NAMED = re.compile(r"^%\(|^\{(?!\})|^\{\{")
_PRINTF_NUMBER = re.compile(r"^%(\d+)\$")


def _may_leave_out(evidence: dict[str, Any], params: dict[str, Any], text: str) -> bool:
    """Whether a single-count form's translation that lacks one placeholder is right: one
    missing and nothing else wrong, and one the runtime lets go unused (see the docstring),
    not one broken rather than left out (``6(unused_count)s``: its remnant is in the text)."""
    missing = evidence.get("missing", ())
    if len(missing) != 1 or any(
        key in evidence for key in ("extra", "mutated", "count_mismatch", "errors")
    ):
        return False
    token = missing[0]
    if _NAMED.match(token):
        return token[1:] not in text
    if params.get("syntax") == "python" and token.startswith("%"):
        return False  # "eine Datei" % n: TypeError, not all arguments converted
    expected = evidence.get("expected", ())
    numbered = _PRINTF_NUMBER.match(token)
    if numbered:  # the highest number: a numbered format uses every argument below it
        numbers = [int(m.group(1)) for t in expected if (m := _PRINTF_NUMBER.match(t))]
        return int(numbered.group(1)) == max(numbers) and expected.count(token) == 1
    return bool(expected) and expected[-1] == token and expected.count(token) == 1


def _compared_verdict(subject: Subject, params: dict[str, Any]) -> Outcome:
    syntax = params.get("syntax", "auto")
    allow_reorder = params.get("allow_reorder", True)
    source = subject.source
    text = subject.text
    if syntax == "auto":
        if auto_syntax.looks_like_icu(source):
            return _check_icu(subject, params, allow_reorder)
        return _check_tokens("auto", source, text, allow_reorder, "auto")
    if syntax == "printf":
        return _check_tokens("printf", source, text, allow_reorder, "printf")
    if syntax == "python":
        return _check_python(source, text, allow_reorder, params.get("style", "auto"))
    if syntax == "icu":
        return _check_icu(subject, params, allow_reorder)
    if syntax == "custom":
        return _check_custom(source, text, params, allow_reorder)
    raise ParamsError(f"unknown placeholder syntax {syntax!r}")


def param_errors(case: dict, params: dict) -> list[str]:
    """Contract rules on params beyond the JSON Schema."""
    errors: list[str] = []
    syntax = params.get("syntax", "auto")
    has_pattern = "pattern" in params
    has_preset = "preset" in params
    if syntax == "custom":
        if has_pattern == has_preset:
            errors.append("syntax custom needs exactly one of pattern or preset")
    else:
        for name in ("pattern", "preset"):
            if name in params:
                errors.append(f"{name} is only allowed with syntax custom")
    if "style" in params and syntax != "python":
        errors.append("style is only allowed with syntax python")
    if "tags" in params and syntax not in ("icu", "auto"):
        errors.append("tags is only allowed with syntax icu or auto")
    pattern = params.get("pattern")
    if isinstance(pattern, str):
        try:
            compiled = custom_syntax.compile_pattern(pattern)
        except Exception as exc:  # regex.error, and overflow for absurd repeat counts
            errors.append(f"pattern does not compile: {exc}")
        else:
            if compiled.fullmatch("") is not None:
                errors.append("pattern matches the empty string")
    return errors
