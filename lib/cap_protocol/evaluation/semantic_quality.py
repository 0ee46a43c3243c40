"""The review protocol's harness command, a thin alias of ``cap-aggregate-scores --format json``.

    python -m cap_protocol.evaluation.semantic_quality --cases CASES.jsonl --scores SCORES.jsonl

``--scores FILE`` (repeatable) becomes an input file of ``cap-aggregate-scores``; every other
argument (``--cases``, ``--roster``, ``--config``, ``--fail-on-gate``, ``-q``…) is passed on
unchanged, and ``--format json`` is added unless a format is given. The document printed is
the review protocol's report shape: separate_from_cap_conformance, synthetic_only,
external_expert_validation, per-case status, per-criterion averages and blocking flags.
"""

from __future__ import annotations

import sys


def aggregate_scores_argv(argv: list[str]) -> list[str]:
    """The ``cap-aggregate-scores`` arguments that do what the harness arguments ``argv`` ask."""
    translated: list[str] = []
    scores: list[str] = []
    has_format = False
    args = iter(argv)
    for arg in args:
        if arg == "--scores":
            value = next(args, None)
            if value is None:
                # let cap-aggregate-scores report the usage error in its own words
                translated.append("--scores")
            else:
                scores.append(value)
        elif arg.startswith("--scores="):
            scores.append(arg.removeprefix("--scores="))
        else:
            has_format = has_format or arg == "--format" or arg.startswith("--format=")
            translated.append(arg)
    prefix = [] if has_format else ["--format", "json"]
    # "--" keeps a scores path that starts with "-" a path
    return prefix + translated + (["--", *scores] if scores else [])


def main(argv: list[str] | None = None) -> None:
    from capeval.scores import main as aggregate_scores

    arguments = aggregate_scores_argv(sys.argv[1:] if argv is None else argv)
    sys.argv = ["cap-aggregate-scores", *arguments]
    aggregate_scores()


if __name__ == "__main__":
    main()
