"""One check that two scans of the same inputs agree: the engines and sharding must not show."""

from __future__ import annotations

import filecmp
from pathlib import Path

from govern.scan.engine import ScanResult


def tree(root: Path) -> list[str]:
    """Every entry under ``root``, hidden ones included (a leftover parts folder shows here)."""
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*"))


def same_bytes(a: Path, b: Path) -> bool:
    files = [p for p in tree(a) if (a / p).is_file()]
    return tree(a) == tree(b) and all(filecmp.cmp(a / f, b / f, shallow=False) for f in files)


def assert_same_scan(
    result: ScanResult, out: Path, expected: ScanResult, expected_out: Path
) -> None:
    """The same findings in the same order, files, coverage, counts, read stats, per-field
    counts, candidates filtered, and redacted output (``out`` vs ``expected_out``) with the
    same paths and bytes and no parts left."""
    assert result.findings == expected.findings
    assert result.files == expected.files
    assert result.coverage == expected.coverage
    assert (result.records, result.texts, result.characters) == (
        expected.records,
        expected.texts,
        expected.characters,
    )
    assert [Path(p).relative_to(out) for p in result.redacted] == [
        Path(p).relative_to(expected_out) for p in expected.redacted
    ]
    assert same_bytes(out, expected_out)
    assert result.read_stats.to_json() == expected.read_stats.to_json()
    assert result.fields.to_json() == expected.fields.to_json()
    assert result.filtered == expected.filtered  # candidates dropped, counted per record
