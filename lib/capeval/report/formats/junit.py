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
from typing import Any

from capeval.report.formats import Context, rules

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


def render(view: dict[str, Any], context: Context) -> str:
    suites: dict[str, list[tuple[tuple[str, str], ET.Element]]] = {}
    for case_id, system, assertion, _severity in view.get("passes") or []:
        element = ET.Element(
            "testcase", {"name": _case_name(case_id, system), "classname": xml_text(assertion)}
        )
        suites.setdefault(assertion, []).append(((case_id, system or ""), element))
    for row in view["failures"]:
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
        else:
            prefix = {"regression": "regression: ", "new": "new failure: "}.get(
                row["change"] or "", ""
            )
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
        suites.setdefault(row["assertion"], []).append(
            ((row["case_id"], row["system"] or ""), element)
        )

    root = ET.Element("testsuites", {"name": "capeval"})
    totals = {"tests": 0, "failures": 0, "skipped": 0}
    for assertion in sorted(suites):
        cases = [element for _key, element in sorted(suites[assertion], key=lambda item: item[0])]
        failed = sum(1 for case in cases if case.find("failure") is not None)
        skipped = sum(1 for case in cases if case.find("skipped") is not None)
        _suite(root, assertion, cases, failed, skipped, totals)
    findings = view.get("waiver_findings") or []
    if findings:
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
        _suite(root, "waivers", cases, len(cases), 0, totals)
    root.set("tests", str(totals["tests"]))
    root.set("failures", str(totals["failures"]))
    root.set("errors", "0")
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _suite(
    root: ET.Element,
    name: str,
    cases: list[ET.Element],
    failed: int,
    skipped: int,
    totals: dict[str, int],
) -> None:
    suite = ET.SubElement(
        root,
        "testsuite",
        {
            "name": xml_text(name),
            "tests": str(len(cases)),
            "failures": str(failed),
            "errors": "0",
            "skipped": str(skipped),
        },
    )
    suite.extend(cases)
    totals["tests"] += len(cases)
    totals["failures"] += failed
    totals["skipped"] += skipped
