"""Placeholder syntaxes: turn a string into placeholder tokens, and compare two token lists.

Parsing here knows nothing of cases, candidates or results; the ``placeholder_integrity``
assertion (``capeval.assertions.placeholder_integrity``) dispatches on its params and wraps
what these modules find into an ``Outcome``.

* ``printf`` — C/POSIX/glibc directives (``%1$-10.3lld``, ``%m``, ``%<PRId64>``).
* ``python`` — ``%``-formatting (``%(name)s``) and ``str.format`` fields (``{0!r:>10}``),
  following CPython's own parser.
* ``custom`` — a user's regular expression (``regex`` module, time-bounded) or a preset
  (``mustache``, ``ruby``, ``dollar``, ``numbered-tags``, ``xml``), with tag nesting checks.
* ``auto`` — mustache tokens, brace fields and conservative ``%`` directives in one scan, so
  that ``100% complete`` stays text; ICU sources are handed to ``icu``.
* ``icu`` — ICU MessageFormat (a separate parser and comparer with its own branch rules).
* ``compare`` — the reference semantics for token lists (identity, multiplicity,
  unnumbered binding, order), shared by printf, python, custom and auto, and the
  ``Outcome`` builder whose evidence names what is missing, extra and mutated.

Every extractor returns an ``Extraction(tokens, errors)``: the placeholders in order and the
syntax errors met (with their positions); it recovers after an error, so one verdict can list
every defect. Regular expressions are compiled once, at import.
"""
