"""Which suggested edits of one candidate to apply: unambiguous ones, in code-precedence order,
each kept only when the case's assertions, checked again on the edited text, agree.

A failing result may carry ``evidence.suggestions`` (``capeval.suggestions``): edits computed
on the candidate's NFC text, each repairing one defect. Here:

* a result whose suggestions overlap one another offers alternatives for one defect: it is
  *ambiguous*, and none of its edits is applied;
* the candidate's edits are taken in code-precedence order (the registry's order of
  assertions, then each assertion's ``CODES``); an edit equal to one taken already repairs
  both defects at once (one edit); one overlapping a taken edit is left out;
* a result's edits are tried together (a leading and a trailing run repair one result),
  then, when that fails, one by one; each try applies them with those kept before, all to
  the original text: an edit is kept
  when its assertion, checked again on the original, fails (the result is about this text),
  every assertion of the case that gave a kept edit now passes, and no assertion that passed
  before fails. So at most one edit per defect, and never a new finding.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from capeval import assertions
from capeval.codes import OK

# How many edits of one candidate are tried (each try checks the case once more).
MAX_EDITS = 8


@dataclass(slots=True)
class Edit:
    """One suggested edit and the defect it repairs."""

    assertion: str
    code: str
    message: str
    start: int
    end: int
    replacement: str

    def span(self) -> tuple[int, int, str]:
        return self.start, self.end, self.replacement

    def record(self) -> dict[str, Any]:
        return {
            "assertion": self.assertion,
            "code": self.code,
            "message": self.message,
            "edit": {"start": self.start, "end": self.end, "replacement": self.replacement},
        }


@dataclass(slots=True)
class Decision:
    """What became of one candidate's suggestions."""

    text: str  # the fixed text (the original when nothing was kept)
    kept: list[Edit]
    ambiguous: list[tuple[str, str]]  # (assertion, code) of results whose edits overlap
    rejected: list[tuple[Edit, str]]  # each with why it was left out


def edits_of(result: dict[str, Any]) -> tuple[list[Edit], bool]:
    """The edits a failing result suggests, and whether they are ambiguous (overlapping)."""
    evidence = result.get("evidence")
    found = evidence.get("suggestions") if isinstance(evidence, dict) else None
    if not isinstance(found, list) or result.get("passed") is not False:
        return [], False
    edits = []
    for item in found:
        edit = item.get("edit") if isinstance(item, dict) else None
        if not (
            isinstance(edit, dict)
            and type(edit.get("start")) is int
            and type(edit.get("end")) is int
            and isinstance(edit.get("replacement"), str)
            and 0 <= edit["start"] <= edit["end"]
        ):
            continue
        message = item.get("message")
        edits.append(
            Edit(
                result["assertion"],
                result["code"],
                message if isinstance(message, str) else "",
                edit["start"],
                edit["end"],
                edit["replacement"],
            )
        )
    ordered = sorted(edits, key=lambda e: (e.start, e.end))
    ambiguous = any(_overlap(a, b) for a, b in zip(ordered, ordered[1:], strict=False))
    return edits, ambiguous


def _overlap(a: Edit, b: Edit) -> bool:
    """Two edits touch the same text (two insertions at one point count: their order would
    be a guess)."""
    if a.span() == b.span():
        return False
    return a.start < b.end and b.start < a.end or a.start == b.start or (a.end == b.end)


def precedence(edit: Edit) -> tuple[int, int]:
    names = assertions.NAMES
    index = names.index(edit.assertion) if edit.assertion in names else len(names)
    try:
        codes = assertions.load(edit.assertion).CODES
        rank = codes.index(edit.code) if edit.code in codes else len(codes)
    except KeyError:
        rank = 0
    return index, rank


def apply_all(text: str, edits: list[Edit]) -> str:
    """``text`` with non-overlapping ``edits`` (offsets into ``text``) applied."""
    for edit in sorted(edits, key=lambda e: e.start, reverse=True):
        text = text[: edit.start] + edit.replacement + text[edit.end :]
    return text


def verdicts(case: dict[str, Any], candidate: dict[str, Any], text: str) -> dict[str, str]:
    """assertion name -> the code its check gives ``text`` as the candidate's text."""
    subject = assertions.Subject.of(case, {**candidate, "text": text})
    found = {}
    for item in case.get("assertions", []):
        name = item.get("name")
        try:
            module = assertions.load(name)
            found[name] = module.check(subject, item.get("params") or {}).code
        except Exception:  # noqa: BLE001  bad params or a bug: cap-check reports those
            found[name] = "unchecked"
    return found


def decide(
    case: dict[str, Any], candidate: dict[str, Any], results: list[dict[str, Any]]
) -> Decision:
    """The edits to apply to ``candidate`` of ``case`` from its failing ``results``."""
    original = assertions.nfc(candidate["text"])
    # a result's edits repair its defects together (a leading and a trailing run): each
    # result is one unit, tried whole, then edit by edit
    units: list[list[Edit]] = []
    ambiguous: list[tuple[str, str]] = []
    for result in results:
        edits, overlapping = edits_of(result)
        if overlapping:
            ambiguous.append((result["assertion"], result["code"]))
        elif edits:
            units.append(sorted(edits, key=lambda e: e.start))
    units.sort(key=lambda unit: precedence(unit[0]))
    state = _State(case, candidate, original)
    tried = 0
    for unit in units:
        fresh = []
        for edit in unit:
            if tried >= MAX_EDITS:
                state.rejected.append((edit, f"only {MAX_EDITS} edits a candidate are tried"))
            elif edit.end > len(original):
                state.rejected.append((edit, "its edit is outside the candidate's text"))
            elif any(edit.span() == k.span() for k in state.kept):
                state.kept.append(edit)  # the same edit repairs this defect too
            elif any(_overlap(edit, k) for k in state.kept):
                state.rejected.append((edit, "it overlaps an edit of higher precedence"))
            else:
                fresh.append(edit)
                tried += 1
        if not fresh:
            continue
        why = state.why_not(fresh)
        if why is None:
            state.kept.extend(fresh)
        elif len(fresh) == 1:
            state.rejected.append((fresh[0], why))
        else:
            for edit in fresh:
                alone = state.why_not([edit])
                if alone is None:
                    state.kept.append(edit)
                else:
                    state.rejected.append((edit, alone))
    kept = state.kept
    text = apply_all(original, _distinct(kept)) if kept else candidate["text"]
    return Decision(text, kept, ambiguous, state.rejected)


class _State:
    """The edits of one candidate kept so far, and the check that keeps more."""

    def __init__(self, case: dict[str, Any], candidate: dict[str, Any], original: str) -> None:
        self.case, self.candidate, self.original = case, candidate, original
        self.kept: list[Edit] = []
        self.rejected: list[tuple[Edit, str]] = []
        self._before: dict[str, str] | None = None

    def why_not(self, edits: list[Edit]) -> str | None:
        """None when ``edits`` may join the kept ones; else why not."""
        if self._before is None:
            self._before = verdicts(self.case, self.candidate, self.original)
        before = self._before
        assertion = edits[0].assertion
        if before.get(assertion) == OK:  # a stale result, or not this candidate's
            return f"checked again, {assertion} passes without it"
        trial = [*self.kept, *edits]
        after = verdicts(self.case, self.candidate, apply_all(self.original, _distinct(trial)))
        still = sorted({e.assertion for e in trial if after.get(e.assertion) != OK})
        if still:
            return f"checked again, {', '.join(still)} still fails"
        anew = sorted(n for n, code in before.items() if code == OK and after.get(n) != OK)
        if anew:
            return f"checked again, {', '.join(anew)} fails anew"
        return None


def _distinct(edits: list[Edit]) -> list[Edit]:
    seen, out = set(), []
    for edit in edits:
        if edit.span() not in seen:
            seen.add(edit.span())
            out.append(edit)
    return out
