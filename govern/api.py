"""The Python API: what the CLI commands do, as functions for notebooks and scripts.

Each function takes the same inputs as its command, finds the policy by the command line's rule
(``policy=None``: ``$GOVERN_POLICY``, the project's file found upward, else the packaged
default), writes the same report files when asked, and returns a typed result whose
``to_json()`` is what ``govern COMMAND --json`` prints (less ``policy_in_effect``)::

    import govern

    scanned = govern.scan(["data/raw"], report="scan.json")
    if scanned.verdict == "fail":
        print(scanned.summary["by_type"])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from govern.policy import LoadedPolicy, find_policy, load_policy
from govern.records import ReaderOptions

if TYPE_CHECKING:
    from govern.licenses.report import LicenseReport
    from govern.splits.leaks import LeakReport
    from govern.splits.report import SplitReport

PolicyArg = str | Path | LoadedPolicy | None


def _policy(policy: PolicyArg) -> LoadedPolicy:
    if isinstance(policy, LoadedPolicy):
        return policy
    return load_policy(find_policy(Path(policy) if policy is not None else None).path)


def _reader(loaded: LoadedPolicy, id_field: str | None, skip_invalid: bool) -> ReaderOptions:
    return loaded.policy.dataset.reader_options(id_field, None, skip_invalid)


@dataclass(frozen=True)
class ScanReport:
    """A scan's verdict, reasons, summary and findings (keyed hashes, never values)."""

    verdict: Literal["pass", "fail"]
    reasons: list[str]
    summary: dict[str, Any]
    findings: list[dict[str, Any]]
    report: dict[str, Any] = field(repr=False)

    @property
    def exit_code(self) -> int:
        """What ``govern scan`` exits with: 1 when the policy blocks what was found."""
        return 1 if self.verdict == "fail" else 0

    def to_json(self) -> dict[str, Any]:
        return self.report


@dataclass(frozen=True)
class Manifest:
    """A written manifest: its path, content id and totals; ``data`` is the whole document."""

    path: Path
    id: str
    totals: dict[str, Any]
    data: dict[str, Any] = field(repr=False)

    def to_json(self) -> dict[str, Any]:
        return {"path": str(self.path), "id": self.id, "totals": self.totals}


def scan(
    paths: Sequence[str | Path],
    *,
    policy: PolicyArg = None,
    report: str | Path | None = None,
    sarif: str | Path | None = None,
    redact_to: str | Path | None = None,
    redact_mode: Literal["placeholder", "pseudonym"] = "placeholder",
    workers: int = 1,
    hash_key_file: str | Path | None = None,
    id_field: str | None = None,
    skip_invalid: bool = False,
    baseline: str | Path | None = None,
) -> ScanReport:
    """``govern scan``: secrets and PII in datasets and artifact trees."""
    from govern.engines import get_engine
    from govern.findings import load_hash_key
    from govern.scan.engine import ScanOptions

    loaded = _policy(policy)
    options = ScanOptions(
        workers=workers,
        redact_to=Path(redact_to) if redact_to is not None else None,
        redact_mode=redact_mode,
        reader=_reader(loaded, id_field, skip_invalid),
        baseline=Path(baseline) if baseline is not None else None,
    )
    payload = get_engine("local", workers=workers).scan(
        [Path(p) for p in paths],
        loaded,
        options,
        load_hash_key(Path(hash_key_file) if hash_key_file is not None else None),
        report_path=Path(report) if report is not None else None,
        sarif_path=Path(sarif) if sarif is not None else None,
    )
    return ScanReport(
        verdict=payload["verdict"],
        reasons=payload["reasons"],
        summary=payload["summary"],
        findings=payload["findings"],
        report=payload,
    )


def check_licenses(
    paths: Sequence[str | Path], *, policy: PolicyArg = None, report: str | Path | None = None
) -> LicenseReport:
    """``govern licenses``: one verdict with evidence per source and model."""
    from govern.contract import write_report
    from govern.licenses import check_licenses as check
    from govern.licenses.contract import LicenseReport as Model

    checked = check([Path(p) for p in paths], _policy(policy))
    if report is not None:
        write_report(Path(report), Model, checked.to_json())
    return checked


def split(
    source: str | Path,
    out: str | Path,
    *,
    policy: PolicyArg = None,
    by: Sequence[str] | None = None,
    ratios: Sequence[float] | None = None,
    ledger: str | Path | None = None,
    id_field: str | None = None,
    skip_invalid: bool = False,
) -> SplitReport:
    """``govern split``: train/validation/test with every group in one split."""
    from govern.engines import get_engine
    from govern.splits.options import SplitOptions, parse_keys, parse_ratios

    loaded = _policy(policy)
    options = SplitOptions(
        by=parse_keys(",".join(by)) if by else None,
        ratios=parse_ratios(",".join(str(r) for r in ratios)) if ratios else None,
        ledger=Path(ledger) if ledger is not None else None,
        reader=_reader(loaded, id_field, skip_invalid),
    )
    return get_engine("local").split(Path(source), Path(out), loaded, options)


def check_leaks(
    split_dir: str | Path,
    *,
    policy: PolicyArg = None,
    against: Sequence[str | Path] = (),
    fix: bool = False,
    report: str | Path | None = None,
    id_field: str | None = None,
) -> LeakReport:
    """``govern leaks``: shared keys, duplicates, near-duplicates and contamination."""
    from govern.splits.fix import fix_leaks
    from govern.splits.leaks import check_leaks as check
    from govern.splits.options import LeakOptions

    loaded = _policy(policy)
    options = LeakOptions(
        against=tuple(Path(p) for p in against), reader=_reader(loaded, id_field, False)
    )
    result = (fix_leaks if fix else check)(Path(split_dir), loaded, options)
    if report is not None:
        result.write(Path(report))
    return result


def build_manifest(
    roots: Sequence[str | Path],
    out: str | Path,
    *,
    policy: PolicyArg = None,
    reports: Mapping[str, str | Path] | None = None,
    parents: Sequence[str | Path] = (),
    base: str | Path = ".",
) -> Manifest:
    """``govern manifest build``: every file pinned by sha256, with the reports' summaries."""
    from govern.engines import get_engine
    from govern.manifest import write_manifest

    manifest = get_engine("local").manifest(
        [Path(r) for r in roots],
        _policy(policy),
        base=Path(base),
        reports={kind: Path(path) for kind, path in (reports or {}).items()},
        parents=[Path(p) for p in parents],
    )
    written = write_manifest(manifest, Path(out))
    return Manifest(path=written, id=manifest["id"], totals=manifest["totals"], data=manifest)
