"""View models of cap-render-report: plain dicts computed from the records.

Two streams, two views:

* ``ReviewTally`` folds the records of ``cap-aggregate-scores`` (``case_verdict``, ``finding``,
  ``run_summary``) and ``review_view`` turns them, with the optional manifest, roster and
  configuration, into the view of the review report (the sections of
  ``examples/domain_semantic_quality/report_template.md``);
* ``ResultsTally`` folds AssertionResult records (pass rates by assertion, code, system, and by
  domain and tag when the cases are known; failing results; the comparison with a baseline)
  and ``ResultsTally.view`` returns the view of the results report.

A view is made of dicts, lists, strings, numbers, booleans and None only, so a user's
``--template`` sees exactly what the shipped templates see, and ``json.dumps(view)`` works.
Ordering is deterministic: input order where the input has a meaningful order (cases,
findings, failing results), otherwise sorted. Nothing depends on the clock.
"""

from typing import Any

from capeval.records import LOW_AGREEMENT
from capeval.report.views.common import (
    NO_DOMAIN,
    NOT_IN_CASES,
    SHOWN_TEXT,
    UNNAMED_SYSTEM,
    system_name,
)

# The two views load when first named: a results report never imports the review view, and
# what both share (``common``, the filters' helpers) costs neither.
_LAZY = {
    "BaselineEntry": "results",
    "CandidateInfo": "results",
    "CaseInfo": "results",
    "ResultsTally": "results",
    "ReviewTally": "review",
    "review_view": "review",
}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    globals()[name] = value
    return value


__all__ = [
    "LOW_AGREEMENT",
    "NOT_IN_CASES",
    "NO_DOMAIN",
    "SHOWN_TEXT",
    "UNNAMED_SYSTEM",
    "BaselineEntry",
    "CandidateInfo",
    "CaseInfo",
    "ResultsTally",
    "ReviewTally",
    "review_view",
    "system_name",
]
