"""``check_licenses``: every source under the paths given, judged against the policy."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime
from pathlib import Path

from govern.licenses.decide import apply_waivers, decide
from govern.licenses.evidence import Evidence
from govern.licenses.knowledge import knowledge
from govern.licenses.report import LicenseReport, SourceEntry, obligations_for
from govern.licenses.resolve import resolve
from govern.licenses.sources import Source, collect_sources
from govern.policy import LoadedPolicy
from govern.progress import progress
from govern.provenance import provenance


def check_licenses(
    paths: Sequence[Path], loaded: LoadedPolicy, *, today: date | None = None
) -> LicenseReport:
    """Check datasets and model folders; one report entry per source.

    ``today`` is the date checked (default: today in UTC); waivers expiring before it do not
    apply. Raises InputError for unreadable inputs or bad card front matter.
    """
    checked = today or datetime.now(UTC).date()
    inputs = [Path(p) for p in paths]
    sources = collect_sources(inputs, loaded.policy)
    entries = tuple(
        _judge(source, loaded, checked) for source in progress(sources, "Licenses: sources")
    )
    params = {"checked": checked.isoformat()}
    return LicenseReport(entries, checked, loaded, provenance(loaded, inputs, params))


def _judge(source: Source, loaded: LoadedPolicy, checked: date) -> SourceEntry:
    policy = loaded.policy.licenses
    evidence = source.evidence(policy.license_field)
    resolution = resolve(evidence)
    decision = apply_waivers(decide(resolution, policy), source.name, resolution, policy, checked)
    return SourceEntry(
        source=source.name,
        kind=source.kind,
        root=str(source.root),
        records=source.records,
        declared=tuple(e.declared for e in evidence if e.decisive and e.declared is not None),
        spdx=resolution.spdx,
        evidence=tuple(evidence),
        attribution=_attribution(evidence, decision.licenses),
        obligations=obligations_for(decision.licenses, decision.conditions, policy.use),
        verdict=decision.verdict,
        reason=decision.reason,
        waiver=decision.waiver,
        checked=checked,
        policy_sha256=loaded.sha256,
    )


def _attribution(evidence: list[Evidence], licenses: tuple[str, ...]) -> tuple[str, ...]:
    """Credit lines from cards, copyright lines, NOTICE files and notices a license prescribes."""
    lines = [line for item in evidence for line in item.attribution]
    lines += [knowledge().notices[key] for key in licenses if key in knowledge().notices]
    return tuple(dict.fromkeys(lines))
