"""The verdict one comparison produces: a stable code, a human message, minimal evidence.

Shared by the placeholder comparers (which know nothing of cases) and the assertions (which
wrap them); the check engine turns it into an AssertionResult record.
"""

from __future__ import annotations

from typing import Any

from capeval.codes import OK


class Outcome:
    """``code`` is ``ok`` or a failure code of the assertion's ``CODES``.

    A plain class with slots (a dataclass costs ~0.8 ms to create at every start-up).
    ``passed`` is set once, with ``code``: it is read several times per pair, and an
    attribute costs less than a property's call (nothing changes an outcome's code)."""

    __slots__ = ("code", "message", "evidence", "passed")

    def __init__(
        self, code: str = OK, message: str = "ok", evidence: dict[str, Any] | None = None
    ) -> None:
        self.code = code
        self.passed = code == OK
        self.message = message
        self.evidence: dict[str, Any] = {} if evidence is None else evidence

    def __repr__(self) -> str:
        return f"Outcome({self.code!r}, {self.message!r}, {self.evidence!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Outcome):
            return NotImplemented
        return (self.code, self.message, self.evidence) == (
            other.code,
            other.message,
            other.evidence,
        )

    __hash__ = None  # type: ignore[assignment]  # mutable, as the dataclass was
