"""What both report views share: labels, the boundary statement, ratios, orderings."""

from __future__ import annotations

UNNAMED_SYSTEM = "(unnamed)"
NOT_IN_CASES = "(case not in --cases)"
NO_DOMAIN = "(no domain)"
# Texts kept per case/candidate for the drill-down: enough to read, bounded per record.
SHOWN_TEXT = 4000
# what --fail-on may name: the gate of a results report
FAIL_ON = ("regression", "hard", "any", "none")

BOUNDARY = (
    "This review judges whether outputs are useful, bounded and appropriate for a domain task. "
    "It is separate from CAP structural conformance (it does not check CAPEnvelope validity, "
    "signatures, PEP/PDP, registry or audit mechanics) and claims no clinical, regulated, "
    "production or broad domain validity. Synthetic fixtures are onboarding examples only."
)

TIER_MEANING = {
    "synthetic_onboarding": (
        "exercises reviewer forms and harness parsing without sensitive data; "
        "does not close external expert gates"
    ),
    "expert_authored_challenge": (
        "cases and expected quality notes written by domain experts without real user data; "
        "can support a domain-quality review if reviewers are independent and documented"
    ),
    "consent_governed_pilot": (
        "real or deployment-representative cases under consent, minimisation, access control "
        "and review governance; stronger external evidence when privacy controls and reviewer "
        "qualifications are documented"
    ),
}


def ratio(part: int, whole: int) -> float | None:
    """``part / whole`` rounded to 4 places, None when there is nothing to divide."""
    return round(part / whole, 4) if whole else None


def system_name(system: str | None) -> str:
    return UNNAMED_SYSTEM if system is None else system


def _system_order(system: str | None) -> tuple[int, str]:
    return (0, "") if system is None else (1, system)


def _label_order(label: str) -> tuple[int, str]:
    # the "(…)" buckets after the real names
    return (1, label) if label.startswith("(") else (0, label)
