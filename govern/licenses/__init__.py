"""License checks of datasets, sources and base models against the policy.

``check_licenses`` gathers the evidence per source (card fields, record fields, LICENSE texts),
normalizes it to SPDX, judges it against the policy's ``licenses`` section and returns a
``LicenseReport``; ``write_approved`` writes the records of allowed sources only.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from govern.licenses.approve import ApprovedCounts, LicenseRun, run_licenses, write_approved
    from govern.licenses.check import check_licenses
    from govern.licenses.report import LicenseReport, SourceEntry
    from govern.licenses.sources import source_of

# Exported lazily: govern.policy imports govern.licenses.policy, and importing the checker here
# eagerly would import govern.policy back before it is defined.
_EXPORTS = {
    "ApprovedCounts": "govern.licenses.approve",
    "write_approved": "govern.licenses.approve",
    "LicenseRun": "govern.licenses.approve",
    "run_licenses": "govern.licenses.approve",
    "check_licenses": "govern.licenses.check",
    "LicenseReport": "govern.licenses.report",
    "SourceEntry": "govern.licenses.report",
    "source_of": "govern.licenses.sources",
}

__all__ = [
    "ApprovedCounts",
    "LicenseReport",
    "LicenseRun",
    "SourceEntry",
    "check_licenses",
    "run_licenses",
    "source_of",
    "write_approved",
]


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'govern.licenses' has no attribute {name!r}")
    return getattr(import_module(_EXPORTS[name]), name)
