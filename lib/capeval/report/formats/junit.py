"""JUnit XML (``--format junit``): what CI test-report views read (Jenkins, GitLab, …).

One ``<testsuite>`` per assertion, one ``<testcase>`` per case × system × assertion (``name``
the case id and system, ``classname`` the assertion), sorted by case and system. A failing
result is a ``<failure>`` (``type`` its code, ``message`` its message, the evidence as text); a
waived one is ``<skipped>`` with the waiver's reason, owner and expiry. Expired and unused
waivers are failures of a last suite, ``waivers``. Valid against the JUnit schema the Jenkins
xUnit plugin documents (``junit-10.xsd``).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

from capeval.report.formats import Context, rules
from capeval.report.spool import SortedSpool, key

NAME = "junit"
STREAMS = ("results",)
DOCUMENT = False
PASSES = True
TITLE = "JUnit XML"
MAX_BYTES = 0
# Characters XML 1.0 cannot carry at all, even as references: shown as \uXXXX escapes.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def xml_text(text: str) -> str:
    return _NOT_XML.sub(lambda match: f"\\u{ord(match.group()):04x}", text)


def _case_name(case_id: str, system: str | None) -> str:
    return xml_text(case_id if system is None else f"{case_id} [{system}]")


def _file_and_line(location: dict[str, Any] | None) -> dict[str, str]:
    if location is None:
        return {}
    found = {"file": xml_text(location["file"])}
    if location["line"] is not None:
        found["line"] = str(location["line"])
    return found


class Writer:
    """Test cases spooled to a temporary SQLite table as they come (bounded memory), then
    written suite by suite, each sorted by case and system, with the counts it needs first."""

    def __init__(self, context: Context) -> None:
        self.context = context
        self.spool = SortedSpool(
            "assertion BLOB, case_id BLOB, system BLOB, kind INTEGER, seq INTEGER,"
            " failed INTEGER, skipped INTEGER",
            context.clean,
        )
        self.seq = 0

    def passed(self, case_id: str, system: str | None, assertion: str, _severity: str) -> None:
        element = ET.Element(
            "testcase", {"name": _case_name(case_id, system), "classname": xml_text(assertion)}
        )
        self._add(assertion, case_id, system, _PASSED, element)

    def failure(self, row: dict[str, Any]) -> None:
        self._add(row["assertion"], row["case_id"], row["system"], _FAILED, _failure_case(row))

    def finish(self, view: dict[str, Any], write: Callable[[bytes], Any]) -> None:
        spool = self.spool
        findings = _waiver_cases(view.get("waiver_findings") or [])
        tests, failed = next(spool.rows("SELECT count(*), coalesce(sum(failed), 0) FROM entries"))
        tests += len(findings)
        failed += len(findings)
        root = {"name": "capeval", "tests": str(tests), "failures": str(failed), "errors": "0"}
        clean = self.context.clean

        def text(part: str) -> None:
            write(clean(part).encode("utf-8"))

        text('<?xml version="1.0" encoding="UTF-8"?>\n')
        if not tests:
            text(ET.tostring(ET.Element("testsuites", root), encoding="unicode") + "\n")
            return
        text(_open_tag("testsuites", root) + "\n")
        cases = spool.rows(
            "SELECT text FROM entries ORDER BY assertion, case_id, system, kind, seq"
        )
        suites = spool.rows(
            "SELECT assertion, count(*), sum(failed), sum(skipped) FROM entries"
            " GROUP BY assertion ORDER BY assertion"
        )
        for assertion, count, suite_failed, skipped in suites:
            name = assertion.decode("utf-8", "surrogatepass")
            text(_suite_tag(name, count, suite_failed, skipped))
            for _ in range(count):
                write(next(cases)[0].encode("utf-8"))
            text("  </testsuite>\n")
        if findings:
            text(_suite_tag("waivers", len(findings), len(findings), 0))
            text("".join(_indented_case(element) for element in findings))
            text("  </testsuite>\n")
        text("</testsuites>\n")
        spool.close()

    def _add(
        self, assertion: str, case_id: str, system: str | None, kind: int, element: ET.Element
    ) -> None:
        self.seq += 1
        self.spool.add(
            key(assertion),
            key(case_id),
            key(system),
            kind,
            self.seq,
            int(element.find("failure") is not None),
            int(element.find("skipped") is not None),
            _indented_case(element),
        )


# passing results first where a case and system sort alike (None and "" systems), as a stable
# sort of the passes then the failures put them
_PASSED, _FAILED = 0, 1
# where an element's content goes in its serialised text (no XML value holds a NUL)
_CONTENT = "\x00"


def _failure_case(row: dict[str, Any]) -> ET.Element:
    element = ET.Element(
        "testcase",
        {
            "name": _case_name(row["case_id"], row["system"]),
            "classname": xml_text(row["assertion"]),
            # the catalog line of an imported case (read by CI test reporters)
            **_file_and_line(row.get("location")),
        },
    )
    waiver = row["waiver"]
    if waiver is not None:
        ET.SubElement(
            element,
            "skipped",
            {
                "type": "waived",
                "message": xml_text(
                    f"waived until {waiver['expires']} (owner {waiver['owner']}): "
                    f"{waiver['reason']}"
                ),
            },
        ).text = xml_text(f"{row['code']}: {row['message']}")
        return element
    prefix = {"regression": "regression: ", "new": "new failure: "}.get(row["change"] or "", "")
    failure = ET.SubElement(
        element,
        "failure",
        {
            "type": xml_text(row["code"]),
            "message": xml_text(f"{prefix}[{row['severity']}] {row['message']}"),
        },
    )
    text = f"evidence: {row['evidence']}\n{rules.help_text(row['code'], row['assertion'])}"
    if row["suggestion"] is not None:
        text += f"\nsuggestion: {row['suggestion']['description']}"
    failure.text = xml_text(text)
    return element


def _waiver_cases(findings: list[dict[str, Any]]) -> list[ET.Element]:
    """Expired and unused waivers: failures of the last suite, ``waivers``."""
    cases = []
    for finding in findings:
        element = ET.Element(
            "testcase",
            {
                "name": xml_text(f"line {finding['line']}: {finding['case_id']}"),
                "classname": "waivers",
            },
        )
        ET.SubElement(
            element,
            "failure",
            {"type": finding["code"], "message": xml_text(finding["message"])},
        ).text = xml_text(rules.help_text(finding["code"]))
        cases.append(element)
    return cases


def _indented_case(element: ET.Element) -> str:
    """A test case as it is written inside its suite (two levels deep, two spaces a level)."""
    ET.indent(element, level=2)
    return "    " + ET.tostring(element, encoding="unicode") + "\n"


def _open_tag(tag: str, attributes: dict[str, str]) -> str:
    element = ET.Element(tag, attributes)
    element.text = _CONTENT
    return ET.tostring(element, encoding="unicode").split(_CONTENT)[0]


def _suite_tag(name: str, tests: int, failed: int, skipped: int) -> str:
    attributes = {
        "name": xml_text(name),
        "tests": str(tests),
        "failures": str(failed),
        "errors": "0",
        "skipped": str(skipped),
    }
    return "  " + _open_tag("testsuite", attributes) + "\n"
