"""gettext ``Plural-Forms`` expressions (``plural=(n%10==1 && n%100!=11 ? 0 : …)``).

Parsed by a small recursive-descent parser of gettext's C subset (``?:``, ``|| && == != < >
<= >= + - * / % !``, parentheses, ``n`` and integers) into a Python function — never
``eval``. ``numbers_per_form`` tells which counts each ``msgstr[i]`` is used for, which is how
the importer knows whether a form translates the singular (used for 1 alone) or the plural.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from capeval.limits import MAX_PLURAL_DEPTH, MAX_PLURAL_TOKENS

__all__ = ["PluralExpressionError", "compile_expression", "numbers_per_form"]

_TOKEN = re.compile(r"\s*(?:(\d+)|(n)|(\|\||&&|==|!=|<=|>=|[-+*/%<>!?:()]))")
SAMPLE = range(0, 1001)  # counts looked at: every form of the usual rules shows up below 1000

Function = Callable[[int], int]


class PluralExpressionError(ValueError):
    """Not a gettext plural expression."""


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens: list[str] = []
        position = 0
        text = text.strip()
        while position < len(text):
            found = _TOKEN.match(text, position)
            if found is None or found.end() == position:
                # the character's position, not the text: a header may hold anything (a key)
                raise PluralExpressionError(
                    f"unexpected character at offset {position} of the expression"
                )
            self.tokens.append(found.group(found.lastindex or 0))
            if len(self.tokens) > MAX_PLURAL_TOKENS:
                raise PluralExpressionError(f"longer than {MAX_PLURAL_TOKENS} tokens")
            position = found.end()
            while position < len(text) and text[position].isspace():
                position += 1
        self.index = 0
        self.depth = 0  # nesting of the part being parsed (bounded: MAX_PLURAL_DEPTH)

    def nest(self) -> None:
        self.depth += 1
        if self.depth > MAX_PLURAL_DEPTH:
            raise PluralExpressionError(f"nested deeper than {MAX_PLURAL_DEPTH} levels")

    def peek(self) -> str | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def take(self, expected: str | None = None) -> str:
        token = self.peek()
        if token is None or (expected is not None and token != expected):
            raise PluralExpressionError(f"expected {expected or 'more'}, found {token!r}")
        self.index += 1
        return token

    def parse(self) -> Function:
        function = self.conditional()
        if self.peek() is not None:
            raise PluralExpressionError(f"unexpected {self.peek()!r}")
        return function

    def conditional(self) -> Function:
        test = self.binary(0)
        if self.peek() != "?":
            return test
        self.take("?")
        self.nest()
        yes = self.conditional()
        self.take(":")
        no = self.conditional()
        self.depth -= 1
        return lambda n: yes(n) if test(n) else no(n)

    # precedence levels, lowest first
    _LEVELS = (("||",), ("&&",), ("==", "!="), ("<", ">", "<=", ">="), ("+", "-"), ("*", "/", "%"))

    def binary(self, level: int) -> Function:
        if level == len(self._LEVELS):
            return self.unary()
        left = self.binary(level + 1)
        while self.peek() in self._LEVELS[level]:
            operator = self.take()
            right = self.binary(level + 1)
            left = _combine(operator, left, right)
        return left

    def unary(self) -> Function:
        token = self.take()
        if token == "!":
            self.nest()
            inner = self.unary()
            self.depth -= 1
            return lambda n: int(not inner(n))
        if token == "(":
            self.nest()
            inner = self.conditional()
            self.take(")")
            self.depth -= 1
            return inner
        if token == "n":
            return lambda n: n
        if token.isdigit():
            value = int(token)
            return lambda n: value
        raise PluralExpressionError(f"unexpected {token!r}")


def _combine(operator: str, left: Function, right: Function) -> Function:
    if operator == "||":
        return lambda n: int(bool(left(n)) or bool(right(n)))
    if operator == "&&":
        return lambda n: int(bool(left(n)) and bool(right(n)))
    if operator == "/":
        return lambda n: _c_division(left(n), right(n))[0]
    if operator == "%":
        return lambda n: _c_division(left(n), right(n))[1]
    table: dict[str, Callable[[int, int], int]] = {
        "==": lambda a, b: int(a == b),
        "!=": lambda a, b: int(a != b),
        "<": lambda a, b: int(a < b),
        ">": lambda a, b: int(a > b),
        "<=": lambda a, b: int(a <= b),
        ">=": lambda a, b: int(a >= b),
        "+": lambda a, b: a + b,
        "-": lambda a, b: a - b,
        "*": lambda a, b: a * b,
    }
    apply = table[operator]
    return lambda n: apply(left(n), right(n))


def _c_division(a: int, b: int) -> tuple[int, int]:
    """C's quotient and remainder (truncated towards zero); a zero divisor is an error, as
    msgfmt reports it ("plural expression can produce division by zero")."""
    if b == 0:
        raise ZeroDivisionError
    quotient = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)
    return quotient, a - b * quotient


def compile_expression(text: str) -> Function:
    """The plural expression as a function of n (PluralExpressionError when it is not one)."""
    return _Parser(text).parse()


@lru_cache(maxsize=64)
def numbers_per_form(expression: str, nplurals: int) -> list[frozenset[int]]:
    """For each form index, the counts in ``SAMPLE`` that select it. An expression that
    divides by zero, or gives a negative index or one of ``nplurals`` or more for a count of
    ``SAMPLE``, is a PluralExpressionError, as msgfmt rejects it. (Cached: a tree's catalogs
    share a few expressions; the caller does not change the list.)"""
    function = compile_expression(expression)
    forms: list[set[int]] = [set() for _ in range(nplurals)]
    for n in SAMPLE:
        try:
            index = function(n)
        except ZeroDivisionError:
            raise PluralExpressionError(f"divides by zero for n = {n}") from None
        if index < 0:
            raise PluralExpressionError(f"gives a negative value ({index}) for n = {n}")
        if index >= nplurals:
            raise PluralExpressionError(f"gives {index} for n = {n}, beyond nplurals = {nplurals}")
        forms[index].add(n)
    return [frozenset(numbers) for numbers in forms]
