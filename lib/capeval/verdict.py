"""The verdict one comparison produces: a stable code, a human message, minimal evidence.

Shared by the placeholder comparers (which know nothing of cases) and the assertions (which
wrap them); the check engine turns it into an AssertionResult record.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from capeval.codes import OK


@dataclass(slots=True)
class Outcome:
    """``code`` is ``ok`` or a failure code listed in ``capeval.codes.RESULT_CODES``."""

    code: str = OK
    message: str = "ok"
    evidence: dict[str, Any] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        return self.code == OK
