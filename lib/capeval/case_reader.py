"""The valid EvalCase records of a check run's inputs, in order.

``valid_cases`` reads the inputs line by line (``Run.records``: the reader's diagnostics and
counts) and checks each case against the compiled schema; an invalid case is reported and
handed to ``on_invalid`` (its candidates are then not orphans).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from capeval import accel, schemas
from capeval.run import Run

# (line number, case, what ``derive`` made of it: None when the core validated it)
ValidCase = tuple[int, dict[str, Any], Any]


def valid_cases(
    run: Run,
    on_invalid: Callable[[dict[str, Any]], None],
    derive: Callable[[dict[str, Any]], Any] | None = None,
) -> Iterator[ValidCase]:
    """Every valid case of the run's inputs; each invalid one reported, then ``on_invalid``.

    With ``derive`` (which reads only what ``accel.valid_record`` allows), a case the speed
    layer proves valid comes with what ``derive`` made of its values; any other with None."""
    accepts = accel.valid_record("evalcase", derive)
    for line_no, _raw, case in run.records():
        if accepts is not None:
            derived = accepts(case)
            if derived is not None:
                yield line_no, case, derived
                continue
        found = schemas.problem("evalcase", case)
        if found is None:
            yield line_no, case, None
            continue
        run.emit_problems([found], case, line=line_no)
        run.count("invalid cases")
        on_invalid(case)
