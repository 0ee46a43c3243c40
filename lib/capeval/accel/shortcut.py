"""What the layer registers for its property test (``accel.shortcuts``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple


class Shortcut(NamedTuple):
    """A registered shortcut: on every input of ``domain`` (a kind of input the property
    test knows how to generate) ``fast`` answers as ``plain`` does, or falsy (no answer)."""

    name: str
    domain: str
    fast: Callable[..., Any]
    plain: Callable[..., Any]
