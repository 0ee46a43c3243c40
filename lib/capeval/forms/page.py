"""The review form as one self-contained HTML page, from the parts in ``templates/review-form``.

The page fetches nothing: its Content-Security-Policy (a ``<meta>`` at the top of the page)
is ``default-src 'none'`` and allows exactly the page's own ``<style>`` and ``<script>``
blocks, by the SHA-256 of their text. The style and script are static files; the data the
script needs (case ids, case hashes, the reviewer) is in ``data-*`` attributes, and every
value from the cases or the roster is HTML-escaped on its way into a part, so no case text
can ever become markup or script.

The parts are plain HTML with ``$name`` placeholders, not Jinja2 templates: the form is a
fixed shape (a page, a section per case, a fieldset per criterion), and importing Jinja2
alone costs more start-up than the command's whole budget. Every placeholder must be
given a value. One alone on its line stands for whole lines: an optional part or a list of
parts, each ending in its own newline, or nothing at all.
"""

from __future__ import annotations

import binascii
import re
from functools import cache
from pathlib import Path
from typing import Any

from capeval.records import sha256

PARTS = Path(__file__).resolve().parent / "templates" / "review-form"

# what an HTML text or a quoted attribute value may not hold as itself (MarkupSafe's choice
# of entities, so pages stay byte-identical to the Jinja2-rendered ones this replaced)
_ENTITIES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "'": "&#39;", '"': "&#34;"})
_PLACEHOLDER = re.compile(r"(?m)^\$(\w+)\n|\$(\w+)")


def escape(value: Any) -> str:
    """``value`` as HTML text, safe in element content and in quoted attribute values."""
    return str(value).translate(_ENTITIES)


def csp_hash(text: str) -> str:
    """The CSP source expression that allows an inline block whose text is ``text``."""
    digest = sha256(text.encode("utf-8")).digest()
    # binascii, not base64: the same encoding without base64's imports at start-up
    return "'sha256-" + binascii.b2a_base64(digest, newline=False).decode("ascii") + "'"


@cache
def _static(name: str) -> str:
    return (PARTS / name).read_text(encoding="utf-8")


def _fill(part: str, /, **values: Any) -> str:
    """The part named ``part`` with each placeholder replaced by its value."""
    return _PLACEHOLDER.sub(
        lambda found: str(values[found.group(1) or found.group(2)]), _static(part)
    )


def render_form(view: dict[str, Any]) -> str:
    """The page for ``view`` (as ``capeval.forms.view.form_view`` makes it)."""
    cases = view["cases"]
    count = len(cases)
    style, script = _static("style.css"), _static("script.js")
    items = "".join(
        _fill("case-list-item.html", n=n, case_id=escape(case["case_id"]))
        for n, case in enumerate(cases, 1)
    )
    conflicted = view["left_out"]["conflicted"]
    return _fill(
        "page.html",
        style_hash=csp_hash(style),
        script_hash=csp_hash(script),
        style=style,
        script=script,
        reviewer_id=escape(view["reviewer_id"]),
        reviewer_role=escape(view["reviewer_role"]),
        storage_key=escape(view["storage_key"]),
        export_name=escape(view["export_name"]),
        draft_name=escape(view["draft_name"]),
        case_count=count,
        case_noun="case" if count == 1 else "cases",
        score_low=escape(view["score_low"]),
        score_high=escape(view["score_high"]),
        # a key press is one digit: the legend names the scores a digit can give
        key_high=escape(min(view["score_high"], 9)),
        pass_threshold=escape(view["pass_threshold"]),
        conflicted_note=(
            _fill("conflicted-note.html", conflicted=escape(conflicted)) if conflicted else ""
        ),
        case_list=_fill("case-list.html", items=items) if cases else _fill("no-cases.html"),
        cases="".join(
            _case_section(n, case, count, view["scores"]) for n, case in enumerate(cases, 1)
        ),
        closing=_fill("closing.html") if cases else "",
    )


def _case_section(n: int, case: dict[str, Any], count: int, scores: list[dict[str, Any]]) -> str:
    def codes(values: list[Any]) -> str:
        return ", ".join(f"<code>{escape(value)}</code>" for value in values)

    criteria = []
    for index, criterion in enumerate(case["criteria"], 1):
        c = f"c{n}-{index}"
        choices = "".join(
            _fill("choice.html", c=c, value=escape(score["value"]), label=escape(score["label"]))
            for score in scores
        )
        criteria.append(
            _fill(
                "criterion.html",
                c=c,
                name=escape(criterion["name"]),
                label=escape(criterion["label"]),
                focus=escape(criterion["focus"]),
                choices=choices,
                anchors="".join(
                    _fill("anchor.html", value=escape(a["value"]), text=escape(a["text"]))
                    for a in criterion["anchors"]
                ),
            )
        )
    flag_parts = "".join(
        _fill(
            "flag.html",
            f=f"c{n}-flag-{index}",
            name=escape(flag["name"]),
            label=escape(flag["label"]),
            meaning=escape(flag["meaning"]),
        )
        for index, flag in enumerate(case["flags"], 1)
    )
    lang = case.get("output_lang")
    refs = case["evidence_refs"]
    return _fill(
        "case.html",
        n=n,
        case_count=count,
        case_id=escape(case["case_id"]),
        case_sha256=escape(case["case_sha256"]),
        synthetic_review="true" if case["synthetic_review"] else "false",
        synthetic_case="yes (onboarding example only)" if case["synthetic_case"] else "no",
        profile=escape(case["profile"]),
        domain=escape(case["domain"]),
        privacy_labels=codes(case["privacy_labels"]) or "none",
        evidence_refs=_fill("evidence-refs.html", refs=codes(refs)) if refs else "",
        scenario=escape(case["scenario"]),
        input_summary=escape(case["input_summary"]),
        candidate_output=escape(case["candidate_output"]),
        output_lang="" if lang is None else f' lang="{escape(lang)}"',
        expected_quality_notes=escape(case["expected_quality_notes"]),
        criteria="".join(criteria),
        flags=flag_parts or _fill("no-flags.html"),
    )
