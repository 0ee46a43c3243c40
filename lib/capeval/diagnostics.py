"""Diagnostics: one compiler-style line on stderr each, optionally JSON Lines too.

    cap-validate: cases.jsonl:12: placeholder.printf.001: error: schema.enum: \
        /assertions/0/severity must be one of hard, report

The ``--diagnostics PATH`` records carry
``{"tool","file","line","case_id","severity","code","path","message"}``. Counts of errors and
warnings decide the exit status; codes come from ``capeval.codes``.

Every diagnostic passes the secret scan on its way out: a credential in a message, a case id or
a pointer (a value a rule quotes, an unknown key) is written as ``[redacted:<kind>]``, so no
diagnostic echoes what ``secret.detected`` reports without its value.
"""

# Annotations evaluated as the module loads (no __future__ import): each NamedTuple field's
# would otherwise be compiled from its string at every start-up.

from typing import IO, Any, NamedTuple

from capeval.codes import DIAGNOSTIC_CODES, ERROR, FATAL_CODES, WARNING
from capeval.secrets import redact


class Diagnostic(NamedTuple):
    tool: str
    file: str | None
    line: int | None
    case_id: str | None
    severity: str
    code: str
    path: str | None
    message: str

    def stderr_line(self) -> str:
        parts = [self.tool]
        if self.file is not None:
            file = _one_line(self.file)
            parts.append(f"{file}:{self.line}" if self.line is not None else file)
        if self.case_id:
            parts.append(_one_line(self.case_id))
        parts.append(self.severity)
        parts.append(self.code)
        message = _one_line(self.message)
        # a pointer names keys, and a key may hold a line break too
        parts.append(f"{_one_line(self.path)} {message}" if self.path else message)
        return ": ".join(parts)

    def as_record(self) -> dict[str, Any]:
        return {
            "tool": self.tool,
            "file": self.file,
            "line": self.line,
            "case_id": self.case_id,
            "severity": self.severity,
            "code": self.code,
            "path": self.path,
            "message": self.message,
        }


def _one_line(text: str) -> str:
    # A diagnostic is one line on stderr, whatever a record's id or message holds: line
    # breaks and other control characters (a terminal escape, U+2028) are shown escaped.
    if text.isprintable():
        return text
    return text.translate(_CONTROLS)


_CONTROLS = {
    code: ("\\r" if code == 13 else "\\n" if code == 10 else f"\\u{code:04x}")
    for code in [*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029]
    if code != 9  # a tab is harmless
}


def default_severity(code: str) -> str:
    if code.startswith("schema."):
        return ERROR
    return DIAGNOSTIC_CODES[code][0]


class Diagnostics:
    """Emits diagnostics to stderr (and a JSON Lines sink) and counts them."""

    def __init__(self, tool: str, stderr: IO[str], sink: Any = None) -> None:
        self.tool = tool
        self._stderr = stderr
        self._sink = sink  # an object with write_record(), or None
        self.errors = 0
        self.warnings = 0
        self.fatal = False
        self.sink_failed = False
        self.by_code: dict[str, int] = {}

    def emit(
        self,
        code: str,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        case_id: str | None = None,
        path: str | None = None,
        severity: str | None = None,
        echo: bool = True,
    ) -> Diagnostic:
        """Count and record a diagnostic; ``echo=False`` keeps it off stderr (the
        ``--diagnostics`` file still has it: a filter then prints a summary of such)."""
        diagnostic = Diagnostic(
            tool=self.tool,
            file=file,
            line=line,
            case_id=redact(case_id) if case_id else case_id,
            severity=severity or default_severity(code),
            code=code,
            path=redact(path) if path else path,
            message=redact(message),
        )
        if diagnostic.severity == WARNING:
            self.warnings += 1
        else:
            self.errors += 1
        if code in FATAL_CODES:
            self.fatal = True
        self.by_code[code] = self.by_code.get(code, 0) + 1
        if echo:
            self._stderr.write(diagnostic.stderr_line() + "\n")
        if self._sink is not None:
            try:
                self._sink.write_record(diagnostic.as_record())
            except OSError as exc:  # --diagnostics cannot be written: one line, exit 2
                self._sink_failed(exc)
        return diagnostic

    def note(self, file: str | None, severity: str, code: str, message: str) -> None:
        """A line on stderr in a diagnostic's shape that is not one (a summary of diagnostics
        kept off stderr): neither counted nor recorded."""
        line = Diagnostic(self.tool, file, None, None, severity, code, None, redact(message))
        self._stderr.write(line.stderr_line() + "\n")

    def _sink_failed(self, exc: OSError) -> None:
        sink, self._sink = self._sink, None  # never written again
        self.sink_failed = True
        name = getattr(sink, "path", "--diagnostics")
        self.emit("io.write_failed", f"cannot write {name}: {exc.strerror or exc}")

    def drop_sink(self) -> None:
        """Write no ``--diagnostics`` file: from now on, stderr only."""
        self._sink = None

    def commit_sink(self) -> None:
        """Write out the ``--diagnostics`` file (a failure is one ``io.write_failed``)."""
        sink = self._sink
        if sink is None:
            return
        try:
            sink.commit()
        except OSError as exc:
            sink.discard()
            self._sink_failed(exc)
