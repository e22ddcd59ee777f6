"""The license report: one entry per source with its verdict and the evidence behind it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from datetime import date
from pathlib import Path
from typing import Any

from govern.licenses import ids
from govern.licenses.decide import RANK, Verdict
from govern.licenses.evidence import Evidence
from govern.licenses.knowledge import knowledge
from govern.licenses.policy import UseContext
from govern.licenses.sources import SourceKind, source_of
from govern.policy import LoadedPolicy
from govern.records import Record


@dataclass(frozen=True, slots=True)
class Obligation:
    """A duty a license (or the policy's ``conditional`` rule) attaches to using a source."""

    license: str
    id: str
    text: str
    when: str
    applies: bool

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def obligations_for(
    keys: tuple[str, ...], conditions: tuple[tuple[str, str], ...], use: UseContext
) -> tuple[Obligation, ...]:
    """The license's obligations (``applies`` under the policy's use) and the policy's own."""
    found: list[Obligation] = []
    for key in keys:
        for rule in knowledge().obligations:
            if ids.matches(key, rule.license):
                found.extend(
                    Obligation(key, item.id, item.text, item.when, _applies(item.when, use))
                    for item in rule.items
                )
        found.extend(
            Obligation(key, "policy", text, "always", True)
            for licensed, text in conditions
            if licensed == key
        )
    return tuple(found)


def _applies(when: str, use: UseContext) -> bool:
    return when == "always" or use.distribute_model


@dataclass(frozen=True, slots=True)
class SourceEntry:
    """The verdict on one source: what was declared, what it means, and why."""

    source: str
    kind: SourceKind
    root: str
    records: int
    declared: tuple[str, ...]
    spdx: str | None
    evidence: tuple[Evidence, ...]
    attribution: tuple[str, ...]
    obligations: tuple[Obligation, ...]
    verdict: Verdict
    reason: str
    waiver: dict[str, Any] | None
    checked: date
    policy_sha256: str

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "kind": self.kind,
            "root": self.root,
            "records": self.records,
            "declared": list(self.declared),
            "spdx": self.spdx,
            "evidence": [item.to_json() for item in self.evidence],
            "attribution": list(self.attribution),
            "obligations": [item.to_json() for item in self.obligations],
            "verdict": self.verdict,
            "reason": self.reason,
            "waiver": self.waiver,
            "checked": self.checked.isoformat(),
            "policy_sha256": self.policy_sha256,
        }


@dataclass(frozen=True, slots=True)
class LicenseReport:
    """Entries per source, the overall verdict and what produced them.

    ``exit_code`` is 1 when any source is denied or awaits review, else 0.
    """

    entries: tuple[SourceEntry, ...]
    checked: date
    loaded: LoadedPolicy
    provenance: Mapping[str, Any]

    @property
    def verdict(self) -> Verdict:
        return max((e.verdict for e in self.entries), key=RANK.__getitem__, default="allow")

    @property
    def exit_code(self) -> int:
        return 0 if self.verdict == "allow" else 1

    @property
    def allowed_sources(self) -> frozenset[str]:
        return frozenset(e.source for e in self.entries if e.verdict == "allow")

    def entry(self, source: str) -> SourceEntry | None:
        return next((e for e in self.entries if e.source == source), None)

    def approves(self, record: Record, root: Path) -> bool:
        """Is ``record`` (read from ``root``) from a source whose verdict is allow?"""
        field = self.loaded.policy.licenses.source_field
        return source_of(record, root, field) in self.allowed_sources

    def to_json(self) -> dict[str, Any]:
        counts = {v: sum(e.verdict == v for e in self.entries) for v in ("allow", "review", "deny")}
        held = {e.source: e.records for e in self.entries if e.verdict != "allow" and e.records}
        return {
            "kind": "licenses",
            "checked": self.checked.isoformat(),
            "policy_sha256": self.loaded.sha256,
            "use": self.loaded.policy.licenses.use.model_dump(),
            "verdict": self.verdict,
            "exit_code": self.exit_code,
            "summary": {
                "sources": len(self.entries),
                **counts,
                "records_approved": sum(e.records for e in self.entries if e.verdict == "allow"),
                "records_left_out": held,
                "awaiting_review": [e.source for e in self.entries if e.verdict == "review"],
                "denied": [e.source for e in self.entries if e.verdict == "deny"],
            },
            "sources": [e.to_json() for e in self.entries],
            "provenance": dict(self.provenance),
        }
