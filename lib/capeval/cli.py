"""The chassis every filter shares: one Typer app factory, common options, and the run loop.

A filter is a function ``body(run: Run, **its_options)`` decorated with ``@filter_command``.
The decorator adds the common options of the contract (inputs, ``-o``, ``--diagnostics``,
``-q``, ``--progress``, ``--exit-zero``, ``--line-buffered``, ``--max-line-bytes``,
``--first-line``, ``--version``) and turns the function into ``main()``. ``Run`` opens the
streams, reads records, emits diagnostics, prints the closing summary and maps what happened
to the exit status:

* 0 all good (warnings do not count), 1 an invalid line / failed hard assertion / failed
  run-level rule (``--exit-zero`` turns it into 0), 2 usage or I/O problems;
* a closed pipe ends the process by SIGPIPE (141) without a traceback, as jq does; SIGINT
  exits 130; a failed write is one ``io.write_failed`` line and exit 2.
"""

# No ``from __future__ import annotations``: Typer reads the options' annotations at every
# start-up, and evaluated once as the module loads they are not compiled again from strings.
import inspect
import io
import os
import signal
from collections.abc import Callable
from typing import IO, Annotated, Any, get_type_hints

import typer

from capeval import __version__
from capeval.diagnostics import Diagnostics
from capeval.jsonl import DEFAULT_MAX_LINE_BYTES, Writer, widen_pipe
from capeval.paths import READS, STDIN, STDOUT, WRITES, PathRole, Use, overlap
from capeval.run import (
    _READ_BUFFER,
    STDIN_NAME,
    AtomicOutput,
    FatalInput,
    OutputOverlap,
    Run,
    StandardStreams,
    UsageError,
    _os_reason,
    in_process,
)

# What filters import from the chassis; ``Run`` and its exceptions live in ``capeval.run``.
__all__ = [
    "STDIN_NAME",
    "AtomicOutput",
    "CandidatesOption",
    "ConfigOption",
    "FatalInput",
    "NoOrphansOption",
    "OutputOverlap",
    "RosterOption",
    "Run",
    "UsageError",
    "filter_command",
    "in_process",
]

# Options several commands share, named once (a command's signature then reads in a few lines).
ConfigOption = Annotated[
    str | None,
    typer.Option(
        "--config",
        metavar="FILE",
        help="The review configuration (YAML): score_range, pass_threshold, min_reviewers, "
        "min_cases, disagreement_spread, blocking_flags, profiles, evidence_tier, "
        "privacy_as_error.",
    ),
    READS,
]
RosterOption = Annotated[
    str | None,
    typer.Option(
        "--roster",
        metavar="FILE",
        help="The reviewer roster (JSON Lines): roles, qualifications, conflicts, assignments.",
    ),
    READS,
]
NoOrphansOption = Annotated[
    bool,
    typer.Option(
        "--no-orphans", help="Do not report candidates whose case is absent (sharded runs)."
    ),
]
# Required where a command gives it no default (cap-check), a side file where it does (a report).
CandidatesOption = Annotated[
    str | None,
    typer.Option(
        "--candidates",
        metavar="FILE",
        help="Candidate records {case_id, text, ...}: the translations of the cases.",
    ),
    READS,
]


# -- the common options ----------------------------------------------------------------------
def _version_callback(value: bool) -> None:
    if value:
        print(f"capeval {__version__}")
        raise typer.Exit()


def _common_options(
    files: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[FILE]...",
            help="Input JSON Lines files, read in order; none or '-' is stdin.",
            show_default=False,
        ),
    ] = None,
    input_: Annotated[
        list[str] | None,
        typer.Option(
            "--input", "-i", metavar="PATH", help="An input file (repeatable); same as FILE."
        ),
    ] = None,
    output: Annotated[
        str | None,
        typer.Option(
            "--output", "-o", metavar="PATH", help="Write stdout to PATH (whole or not at all)."
        ),
    ] = None,
    diagnostics: Annotated[
        str | None,
        typer.Option(
            "--diagnostics", metavar="PATH", help="Also write diagnostics as JSON Lines to PATH."
        ),
    ] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="No closing summary on stderr.")
    ] = False,
    progress: Annotated[
        bool, typer.Option("--progress", help="Draw a progress line on stderr.")
    ] = False,
    exit_zero: Annotated[
        bool, typer.Option("--exit-zero", help="Exit 0 where findings would exit 1.")
    ] = False,
    line_buffered: Annotated[
        bool, typer.Option("--line-buffered", help="Flush stdout after every record.")
    ] = False,
    max_line_bytes: Annotated[
        int, typer.Option(metavar="N", help="Longest accepted input line, in bytes.", min=1)
    ] = DEFAULT_MAX_LINE_BYTES,
    first_line: Annotated[
        int,
        typer.Option(
            metavar="N",
            help="Number the first input's lines from N: a chunk of a bigger file "
            "(GNU parallel) reports the lines of the whole file.",
            min=1,
        ),
    ] = 1,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version_callback, is_eager=True, help="Print the version."
        ),
    ] = False,
) -> None:
    """Template of the options every filter has (its signature is what matters)."""


_COMMON = inspect.signature(_common_options).parameters
_COMMON_HINTS = get_type_hints(_common_options, include_extras=True)


def filter_command(
    tool: str, *, inputs_metavar: str | None = None, inputs_help: str | None = None
) -> Callable[[Callable[..., None]], Callable[[], None]]:
    """Turn ``body(run, **options)`` into the ``main()`` of filter ``tool``.

    The body's docstring is the ``--help`` text; its own options are Typer-annotated
    parameters after ``run``. ``inputs_metavar``/``inputs_help`` describe the positional
    inputs of a filter that reads something other than JSON Lines (cap-import's catalogs).
    """

    def decorate(body: Callable[..., None]) -> Callable[[], None]:
        # The Typer app is built at the first call, not at import: a module holding several
        # commands (cap-check and its siblings) then pays for the one that runs.
        built: list[Any] = []

        def typer_app() -> Any:
            if not built:
                built.append(_typer_app(tool, body, inputs_metavar, inputs_help))
            return built[0]

        def main(argv: list[str] | None = None) -> None:
            typer_app()(args=argv, prog_name=tool)

        main.__doc__ = body.__doc__
        main.typer_app = typer_app  # type: ignore[attr-defined]  # for docs made from --help
        return main

    return decorate


def _typer_app(
    tool: str, body: Callable[..., None], inputs_metavar: str | None, inputs_help: str | None
) -> Any:
    """The Typer app of filter ``tool``: the common options, then the body's own."""
    own_hints = get_type_hints(body, include_extras=True)
    own = [p for name, p in inspect.signature(body).parameters.items() if name != "run"]
    parameters = [p.replace(annotation=_COMMON_HINTS[p.name]) for p in _COMMON.values()]
    if inputs_help is not None:
        argument = typer.Argument(
            metavar=inputs_metavar or "[FILE]...", help=inputs_help, show_default=False
        )
        parameters[0] = parameters[0].replace(annotation=Annotated[list[str] | None, argument])
    parameters[1:1] = [
        p.replace(annotation=own_hints[p.name], kind=inspect.Parameter.KEYWORD_ONLY) for p in own
    ]
    parameters = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in parameters]

    roles = _path_roles(own, own_hints)

    def command(**options: Any) -> None:
        common = {name: options.pop(name) for name in _COMMON}
        status = _execute(tool, body, common, options, roles)
        raise typer.Exit(status)

    command.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in parameters}
    command.__doc__ = body.__doc__
    command.__name__ = tool

    app = typer.Typer(
        add_completion=False,
        rich_markup_mode=None,
        pretty_exceptions_enable=False,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    app.command(name=tool)(command)
    return app


def _path_roles(
    own: list[inspect.Parameter], hints: dict[str, Any]
) -> list[tuple[str, str, PathRole]]:
    """(parameter, --flag, role) of each of a body's options that names a file it reads or
    writes (``capeval.paths``)."""
    roles = []
    for parameter in own:
        metadata = getattr(hints[parameter.name], "__metadata__", ())
        role = next((item for item in metadata if isinstance(item, PathRole)), None)
        if role is None:
            continue
        info = next((item for item in metadata if hasattr(item, "param_decls")), None)
        flags = [d for d in (getattr(info, "param_decls", None) or ()) if d.startswith("--")]
        flag = flags[0] if flags else "--" + parameter.name.strip("_").replace("_", "-")
        roles.append((parameter.name, flag, role))
    return roles


def _uses(
    common: dict[str, Any], options: dict[str, Any], roles: list[tuple[str, str, PathRole]]
) -> list[Use]:
    """Every path this run reads or writes, for ``capeval.paths.overlap``."""
    inputs = list(common["files"] or []) + list(common["input_"] or [])
    uses = [Use(STDIN if path == "-" else "FILE", path, READS) for path in inputs or ["-"]]
    for name, flag, role in roles:
        path = options.get(name)
        if isinstance(path, str) and path and not (path == "-" and role.writes):
            uses.append(Use(flag, path, role))  # an output named '-' is stdout, by design
    for flag, key in (("-o", "output"), ("--diagnostics", "diagnostics")):
        if common[key]:
            uses.append(Use(flag, common[key], WRITES))
    if not common["output"]:
        uses.append(Use(STDOUT, "-", WRITES))
    return uses


def _execute(
    tool: str,
    body: Callable[..., None],
    common: dict[str, Any],
    options: dict[str, Any],
    roles: list[tuple[str, str, PathRole]] = (),  # type: ignore[assignment]
) -> int:
    """Run ``body`` as filter ``tool``; its exit status."""
    execution = _Execution(tool, common)
    try:
        # before anything is opened for writing: no output may replace an input or another
        uses = _uses(common, options, roles)
        clash = overlap(uses, StandardStreams.stdin, StandardStreams.stdout)
        if clash:
            raise UsageError(clash)
        execution.open_outputs()
        execution.start_run()
        assert execution.run is not None
        execution.run.uses = uses
        execution.run_body(body, options)
        execution.commit_outputs()
    except UsageError as exc:
        execution.diagnostics.emit("usage", str(exc))
    except BrokenPipeError:
        execution.discard_outputs()
        _die_of_sigpipe(execution.stderr)
    except KeyboardInterrupt:
        execution.discard_outputs()
        return execution.interrupted()
    except OSError as exc:
        execution.discard_outputs(keep_diagnostics=True)
        execution.diagnostics.emit("io.write_failed", f"cannot write output: {_os_reason(exc)}")
    return execution.close()


class _Execution:
    """One run's streams and side files, from opening to the exit status."""

    def __init__(self, tool: str, common: dict[str, Any]) -> None:
        self.tool = tool
        self.common = common
        self.stderr = _stderr()
        self.diagnostics = Diagnostics(tool, self.stderr)
        self.out_file: AtomicOutput | None = None
        self.diag_file: AtomicOutput | None = None
        self.run: Run | None = None

    def open_outputs(self) -> None:
        """``--diagnostics`` and ``-o``, as temporary files renamed into place at the end."""
        common = self.common
        try:
            if common["diagnostics"]:
                self.diag_file = AtomicOutput(common["diagnostics"])
                self.diagnostics = Diagnostics(self.tool, self.stderr, self.diag_file)
            if common["output"]:
                self.out_file = AtomicOutput(common["output"])
        except OSError as exc:
            raise UsageError(f"cannot write output: {_os_reason(exc)}") from exc

    def start_run(self) -> None:
        common = self.common
        stdout_fd = StandardStreams.stdout
        terminal = self.out_file is None and os.isatty(stdout_fd)
        line_buffered = common["line_buffered"] or terminal
        if self.out_file is None and not line_buffered:
            widen_pipe(stdout_fd)
        writer = self.out_file.writer if self.out_file else Writer(stdout_fd, line_buffered)
        inputs = list(common["files"] or []) + list(common["input_"] or [])
        self.run = Run(
            self.tool,
            inputs or ["-"],
            writer,
            self.diagnostics,
            self.stderr,
            max_line_bytes=common["max_line_bytes"],
            first_line=common["first_line"],
            progress=common["progress"],
            line_buffered=line_buffered,
        )
        self.run.quiet = common["quiet"]

    def run_body(self, body: Callable[..., None], options: dict[str, Any]) -> None:
        assert self.run is not None
        try:
            body(self.run, **options)
        except OutputOverlap as exc:
            # --diagnostics may be the very file: it is not written (the message goes to stderr)
            if self.diag_file is not None:
                self.diag_file.discard()
                self.diag_file = None
                self.diagnostics.drop_sink()
            self.diagnostics.emit("usage", str(exc))
        except UsageError as exc:
            self.diagnostics.emit("usage", str(exc))
        except FatalInput:
            pass  # already reported as io.unreadable
        self.run.out.flush()

    def commit_outputs(self) -> None:
        """Rename ``-o`` and the side files into place, or drop them after a fatal problem."""
        assert self.run is not None
        fatal = self.diagnostics.fatal
        if self.out_file is not None:
            _finish(self.out_file, fatal)
            self.out_file = None
        for side in self.run._side_outputs:
            _finish(side, fatal)
        self.run._side_outputs.clear()

    def discard_outputs(self, keep_diagnostics: bool = False) -> None:
        sides = self.run._side_outputs if self.run else []
        diagnostics = None if keep_diagnostics else self.diag_file
        for output in [self.out_file, diagnostics, *sides]:
            if output is not None:
                output.discard()

    def interrupted(self) -> int:
        """Ctrl-C: say so, with the counts so far; exit 130."""
        self.stderr.write(f"{self.tool}: interrupted\n")
        if self.run is not None and not self.common["quiet"]:
            self.stderr.write(self.run.summary() + "\n")
        self.stderr.flush()
        return 130

    def close(self) -> int:
        """The diagnostics file, the closing summary, and the exit status."""
        diagnostics, run = self.diagnostics, self.run
        if self.diag_file is not None:
            if diagnostics.sink_failed:
                self.diag_file.discard()
            else:
                diagnostics.commit_sink()
        if run is not None and not self.common["quiet"] and (run.counts or run.summary_extra):
            self.stderr.write(run.summary() + "\n")
        self.stderr.flush()
        if diagnostics.fatal:
            return 2
        if diagnostics.errors or (run is not None and run.failed):
            return 0 if self.common["exit_zero"] else 1
        return 0


def _finish(output: AtomicOutput, fatal: bool) -> None:
    if fatal:
        output.discard()
    else:
        output.commit()


def _die_of_sigpipe(stderr: IO[str]) -> None:
    # Downstream closed the pipe (`| head`): end as jq and csvkit do, by the signal itself.
    try:
        stderr.flush()
    except OSError:
        pass
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGPIPE)


def _stderr() -> IO[str]:
    # Diagnostics can be many: buffer them (line by line on a terminal).
    raw = open(StandardStreams.stderr, "wb", buffering=_READ_BUFFER, closefd=False)  # noqa: SIM115
    return io.TextIOWrapper(
        raw,
        encoding="utf-8",
        errors="backslashreplace",
        line_buffering=os.isatty(StandardStreams.stderr),
    )
