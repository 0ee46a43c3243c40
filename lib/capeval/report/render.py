"""Turning a view into a document: Jinja2 templates (Markdown, HTML, a user's) and GitHub
annotation lines.

Jinja2 is imported here only, and this module only when there is something to render, so an
empty input never pays for it. Templates are strict (an undefined name is an error, not an
empty string): a typo in a user's ``--template`` is reported, never silently rendered away.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

from capeval.report.views.common import system_name

TEMPLATES = Path(__file__).resolve().parent / "templates"
_NEWLINES = re.compile(r"\r\n|\r|\n")
# Markdown inline syntax a table cell must not trigger: backslash escapes make each literal.
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>|~&])")
_BACKTICKS = re.compile(r"`+")
_BLANK_RUNS = re.compile(r"\n{3,}")
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Zs", "Zl", "Zp", "Co", "Cs", "Cn"})
_SEPARATORS = re.compile(r"([._\-/:])")


class TemplateProblem(Exception):
    """A template that cannot be loaded or rendered (reported as a usage error)."""


# -- filters ---------------------------------------------------------------------------------
def md(value: Any) -> str:
    """Text for a Markdown table cell or line: inline syntax escaped, newlines as <br>."""
    if value is None:
        return "—"
    text = _MARKDOWN_SPECIAL.sub(r"\\\1", str(value))
    return _NEWLINES.sub("<br>", text)


def md_code(value: Any, in_table: bool = True) -> str:
    """A Markdown code span of ``value`` (inside a table, pipes are escaped as GFM asks)."""
    if value is None:
        return "—"
    text = _NEWLINES.sub(" ", str(value))
    if not text:
        return "—"
    if in_table:
        if "\\|" in text:
            # a backslash before a pipe cannot be written in a GFM table's code span
            return md(value)
        text = text.replace("|", "\\|")
    longest = max((len(run) for run in _BACKTICKS.findall(text)), default=0)
    fence = "`" * (longest + 1)
    # CommonMark strips one space each side when both are there: pad to keep the text intact
    pad = " " if text[0] in "` " or text[-1] in "` " else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _visible_lines(text: str) -> list[str]:
    """The lines of ``text`` with whitespace at either end of a line and tabs shown (``␣``
    ``⇥``) and a last line break marked ``↵`` (a code block hides it)."""
    lines = []
    for line in _NEWLINES.sub("\n", visible(text)).split("\n"):
        body = line.strip(" ")
        lead = len(line) - len(line.lstrip(" "))
        trail = len(line) - len(line.rstrip(" ")) if body else 0
        lines.append(("␣" * lead + body + "␣" * trail).replace("\t", "⇥"))
    if len(lines) > 1 and lines[-1] == "":
        lines[-1] = "↵"
    return lines


def _fence(text: str) -> str:
    longest = max((len(run) for run in _BACKTICKS.findall(text)), default=0)
    return "`" * max(3, longest + 1)


def fenced(value: Any) -> str:
    """A Markdown code block of ``value``: its line breaks kept, whitespace at either end of a
    line and tabs shown (``␣`` ``⇥``), a last line break marked ``↵`` (a block hides it)."""
    if value is None:
        return "—"
    lines = _visible_lines(str(value))
    fence = _fence("\n".join(lines))
    return f"{fence}text\n" + "\n".join(lines) + f"\n{fence}"


def md_diff(before: Any, after: Any) -> str:
    """A Markdown ``diff`` block of ``before`` against ``after``, line by line (``-`` the
    baseline's line, ``+`` the current one), whitespace shown as ``fenced`` shows it."""
    import difflib

    if before is None or after is None:
        return "—"
    old, new = _visible_lines(str(before)), _visible_lines(str(after))
    lines = []
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for op, old_start, old_end, new_start, new_end in matcher.get_opcodes():
        if op == "equal":
            lines.extend(f"  {line}" for line in new[new_start:new_end])
            continue
        lines.extend(f"- {line}" for line in old[old_start:old_end])
        lines.extend(f"+ {line}" for line in new[new_start:new_end])
    fence = _fence("\n".join(lines))
    return f"{fence}diff\n" + "\n".join(lines) + f"\n{fence}"


def md_codes(values: Any, in_table: bool = True) -> str:
    """A list of identifiers as comma-separated code spans; an empty list → '—'."""
    if not values:
        return "—"
    return ", ".join(md_code(value, in_table) for value in values)


def percent(value: float | None) -> str:
    """0.3226 → '32.3%'; None (nothing to divide) → '—'."""
    return "—" if value is None else f"{value * 100:.1f}%"


def number(value: Any) -> str:
    """A figure as the records give it (rounded to 4 places upstream); None → '—'."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def fixed(value: Any, places: int = 2, sign: str = "") -> str:
    """A figure to ``places`` decimals with thousands separators and a true minus sign
    (``1,234.50``, ``−0.17``; one precision for a kind of figure); ``sign="+"`` shows a
    positive sign too; None → '—'. A figure that rounds to zero is ``0.00``, unsigned."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return number(value)
    text = f"{value:{sign},.{places}f}"
    if float(text.replace(",", "")) == 0:
        return f"{0:.{places}f}"
    return text.replace("-", "−")


def signed(value: Any, places: int = 2) -> str:
    """A deviation with its sign always shown (``+0.14``, ``−0.07``, ``0.00``); None → '—'."""
    return fixed(value, places, "+")


def yes_no(value: Any) -> str:
    if value is None:
        return "—"
    return "yes" if value else "no"


def json_bool(value: Any) -> str:
    if value is None:
        return "—"
    return "true" if value else "false"


def bar(value: float | None, scale: float, width: int = 300) -> str:
    """Length in pixels (one decimal) of a bar for ``value`` out of ``scale``."""
    if value is None or not scale:
        return "0.0"
    share = min(max(value / scale, 0.0), 1.0)
    return f"{share * width:.1f}"


def shorten(value: Any, limit: int = 32) -> str:
    text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _invisible(char: str) -> bool:
    if char in "\n\t" or char == " ":
        return False
    # controls, format characters (U+200F, U+200B, U+FEFF, bidi controls, soft hyphen),
    # separators other than the space (no-break and narrow spaces look like a space),
    # private use, surrogates, unassigned
    return unicodedata.category(char) in _INVISIBLE_CATEGORIES


def visible(value: Any) -> Any:
    """Text with invisible and look-alike characters shown as ``\\u200f``-style escapes
    (other values unchanged): what a reviewer must see is never rendered as nothing."""
    if not isinstance(value, str) or hasattr(value, "__html__"):
        return value  # markup built by a filter has been through visible() already
    if value.isascii() and value.isprintable():
        return value
    return "".join(
        (f"\\u{ord(char):04x}" if ord(char) <= 0xFFFF else f"\\U{ord(char):08x}")
        if _invisible(char)
        else char
        for char in value
    )


def breakable(value: Any) -> Any:
    """An identifier for HTML that may wrap after ``.``, ``_``, ``-``, ``/`` or ``:`` but is
    never broken inside a word (``<wbr>`` after each separator; the text is escaped)."""
    from markupsafe import Markup, escape

    if value is None:
        return "—"
    return Markup(_SEPARATORS.sub(r"\1<wbr>", str(escape(visible(str(value))))))


def worst_first(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rate rows sorted by pass rate, lowest first (no rate last), then by name."""
    return sorted(
        rows,
        key=lambda row: (row["pass_rate"] is None, row["pass_rate"] or 0.0, str(row["name"])),
    )


def thousands(value: Any) -> str:
    """A count with thousands separators (``75,642``); None → '—'."""
    if value is None:
        return "—"
    return f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else str(value)


FILTERS = {
    "md": md,
    "code": md_code,
    "codes": md_codes,
    "fenced": fenced,
    "md_diff": md_diff,
    "percent": percent,
    "num": number,
    "fixed": fixed,
    "signed": signed,
    "yesno": yes_no,
    "tf": json_bool,
    "bar": bar,
    "shorten": shorten,
    "system": system_name,
    "vis": visible,
    "ids": breakable,
    "worst_first": worst_first,
    "thousands": thousands,
    "rate_status": None,  # set below (palette)
    "shown": None,  # set below (marks)
    "diff": None,  # set below (marks)
}


# -- templates -------------------------------------------------------------------------------
def _environment(
    directory: Path, autoescape: Any, finalize: Any = None, *, sandboxed: bool = False
) -> Any:
    from capeval.report import palette
    from capeval.templating import environment

    env = environment(directory, autoescape, finalize, sandboxed=sandboxed)
    env.filters.update(FILTERS)
    env.filters["rate_status"] = palette.rate_status
    env.filters["shown"] = _shown
    env.filters["diff"] = _diff
    env.globals.update(palette_css=palette.css(), STATUS=palette.STATUS)
    return env


def _shown(value: Any, terms: Any = (), ranges: Any = ()) -> Any:
    from capeval.report.marks import shown

    return shown(value, terms, ranges)


def _diff(before: Any, after: Any) -> Any:
    from capeval.report.marks import diff

    return diff(before, after)


def page_script(name: str) -> tuple[Any, str] | None:
    """The inline script of an HTML template (``results.html.j2`` → ``results.js``) and the
    CSP source that allows exactly it, or None when the page has none."""
    from markupsafe import Markup

    from capeval.forms.page import csp_hash

    path = TEMPLATES / name.replace(".html.j2", ".js")
    if not name.endswith(".html.j2") or not path.is_file():
        return None
    text = path.read_text(encoding="utf-8")
    return Markup(text), Markup(csp_hash(text))


def render_builtin(name: str, view: dict[str, Any]) -> str:
    """Render one of the shipped templates (``review.md.j2``, ``report.html.j2``…)."""
    # every value shown by a shipped template goes through visible(): U+200F is never blank
    env = _environment(TEMPLATES, autoescape=name.endswith(".html.j2"), finalize=visible)
    script = page_script(name)
    env.globals.update(
        page_script=script[0] if script else None, page_script_hash=script[1] if script else ""
    )
    text = env.get_template(name).render(view=view, **view)
    # Template whitespace only (values never hold a raw newline in Markdown): at most one
    # blank line in a row, one newline at the end.
    return _BLANK_RUNS.sub("\n\n", text).strip("\n") + "\n"


def render_user_template(path: str, view: dict[str, Any]) -> str:
    """Render a user's template with the same view (HTML/XML names are autoescaped)."""
    import jinja2

    template_path = Path(path)
    if not template_path.is_file():
        raise TemplateProblem(f"--template {path}: no such file")
    name = template_path.name
    autoescape = any(
        name.endswith(suffix) for suffix in (".html", ".htm", ".xml", ".html.j2", ".htm.j2")
    )
    real = template_path.resolve()  # the template itself may be a link; its folder is its own
    env = _environment(real.parent, autoescape, sandboxed=True)
    try:
        template = env.get_template(real.name)
    except jinja2.TemplateSyntaxError as exc:
        raise TemplateProblem(f"--template {path}:{exc.lineno}: {exc.message}") from None
    except jinja2.TemplateError as exc:
        raise TemplateProblem(f"--template {path}: {exc}") from None
    except UnicodeDecodeError as exc:
        raise TemplateProblem(f"--template {path}: not UTF-8 ({exc.reason})") from None
    try:
        return template.render(view=view, **view)
    except Exception as exc:  # the template's own error (1/0, an unsafe attribute): its line
        line = _template_line(exc, template.filename)
        where = f"{path}:{line}" if line else path
        raise TemplateProblem(f"--template {where}: {exc}") from None


def _template_line(exc: BaseException, filename: str | None) -> int | None:
    """The template line a render error came from (Jinja2 maps its frames to the template)."""
    import traceback

    lines = [
        frame.lineno for frame in traceback.extract_tb(exc.__traceback__)
        if filename is not None and frame.filename == filename
    ]  # fmt: skip
    return lines[-1] if lines else None
