"""capeval: streaming Unix filters for the EvalCase v1 contract and domain review scores.

A record flows one way::

    bytes ─► jsonl (read) ─► validate | check | scores ─► jsonl (write) / diagnostics

* ``jsonl`` reads and writes JSON Lines; the only module that touches orjson.
* ``diagnostics`` is the Diagnostic record, its stderr line, the JSONL sink and the counts.
* ``cli`` is the chassis: the Typer app factory, the common options and the exit status;
  ``run`` is one run's services every filter shares (records, side files, the review
  configuration, problems as diagnostics, side outputs).
* ``records`` is what filters know about each other's records (problems, pointers, case ids,
  the AssertionResult builder, statuses); no filter imports another filter's package.
* ``codes`` defines every stable code once.
* ``config`` is the review configuration (YAML) that validate, scores and report read.
* ``schemas`` holds the JSON Schemas of every record kind and their compiled validators.
* ``validate`` is cap-validate: kind detection, schema, contract rules.
* ``placeholders`` turns strings into placeholder tokens, one module per syntax, and compares.
* ``assertions`` is the registry of the vocabulary, one module of one shape per assertion.
* ``check`` joins cases and candidates and runs the selected assertions (cap-check and its
  single-assertion siblings).
* ``scores`` is cap-aggregate-scores.
* ``report`` is cap-render-report: view models and Jinja2 templates.
"""

__version__ = "0.1.0"
