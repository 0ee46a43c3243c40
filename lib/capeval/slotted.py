"""Plain slotted record classes: what a dataclass gives them, made at no start-up cost.

A dataclass is generated as its module loads (2–10 M instructions each), so classes made at
a command's start-up are written out instead. ``Slotted`` gives such a class what the rest
of the code and the tests use of a dataclass: equality, a readable ``repr``, ``values()``
(as ``dataclasses.astuple``, one level deep) and ``replace(**changes)``.
"""

from __future__ import annotations

from typing import Any, TypeVar

_Record = TypeVar("_Record", bound="Slotted")


class Slotted:
    """A record class whose fields are its ``__slots__``, in order."""

    __slots__ = ()

    def values(self) -> tuple[Any, ...]:
        """The field values, in field order."""
        return tuple(getattr(self, name) for name in self.__slots__)

    def replace(self: _Record, **changes: Any) -> _Record:
        """A copy with ``changes`` made (a field it lacks is a TypeError)."""
        unknown = set(changes).difference(self.__slots__)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {sorted(unknown)[0]!r}")
        copy = object.__new__(type(self))
        for name in self.__slots__:
            setattr(copy, name, changes[name] if name in changes else getattr(self, name))
        return copy

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.values() == other.values()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]  # mutable, as a dataclass is

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"
