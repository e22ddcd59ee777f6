"""Check a manifest against the files on disk: missing, changed (size or sha256) and extra."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from govern.errors import InputError
from govern.hashing import sha256_files
from govern.manifest.build import load_manifest, manifest_id
from govern.manifest.entries import list_files, relative_path


@dataclass(slots=True, frozen=True)
class Change:
    """A listed file whose ``what`` (size, or sha256 at equal size) differs from the manifest."""

    path: str
    what: Literal["size", "sha256"]
    expected: int | str
    found: int | str


@dataclass(slots=True)
class VerifyResult:
    """What verify found; ``ok`` only when nothing is missing, changed or extra."""

    manifest: str
    base: str
    checked: int
    missing: list[str] = field(default_factory=list)
    changed: list[Change] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)
    # False when the manifest's content no longer matches its id: it was edited after the build.
    id_matches: bool = True

    @property
    def ok(self) -> bool:
        return self.id_matches and not (self.missing or self.changed or self.extra)

    @property
    def exit_code(self) -> int:
        return 0 if self.ok else 1

    def to_json(self) -> dict[str, Any]:
        return {
            "manifest": self.manifest,
            "base": self.base,
            "ok": self.ok,
            "checked": self.checked,
            "id_matches": self.id_matches,
            "missing": self.missing,
            "changed": [asdict(change) for change in self.changed],
            "extra": self.extra,
        }

    def describe(self) -> list[str]:
        """One line per problem, then a verdict line, for the command line."""
        lines = [f"missing: {path}" for path in self.missing]
        lines += [f"changed: {c.path} ({c.what} {c.expected} -> {c.found})" for c in self.changed]
        lines += [f"extra: {path}" for path in self.extra]
        if not self.id_matches:
            lines.append(f"{self.manifest}: content does not match its id (edited after build)")
        verdict = "ok" if self.ok else "FAILED"
        lines.append(
            f"{verdict}: {self.checked} files checked, {len(self.missing)} missing, "
            f"{len(self.changed)} changed, {len(self.extra)} extra"
        )
        return lines


def verify_manifest(path: Path, *, base: Path | None = None, workers: int = 0) -> VerifyResult:
    """Re-list and re-hash the files of the manifest at ``path``.

    ``base`` defaults to the base recorded in the manifest, read from the current folder (as
    the build did). Files whose size changed are not hashed. Raises InputError when ``path``
    is not a usable manifest or a file cannot be read.
    """
    manifest = load_manifest(path)
    base_dir = base if base is not None else Path(manifest["base"])
    recorded = {entry["path"]: entry for entry in manifest["files"]}
    roots = [base_dir / root for root in manifest["roots"]]
    present = list_files(roots, base_dir, missing_ok=True)
    # The manifest may sit inside a root (written there by hand); it is not one of its files.
    present.pop(_relative_or_none(path, base_dir) or "", None)

    result = VerifyResult(
        manifest=path.as_posix(),
        base=base_dir.as_posix(),
        checked=len(recorded),
        missing=sorted(name for name in recorded if name not in present),
        extra=sorted(name for name in present if name not in recorded),
        id_matches=manifest_id(manifest) == manifest["id"],
    )
    same_size = []
    try:
        for name, entry in recorded.items():
            if name not in present:
                continue
            size = present[name].stat().st_size
            if size != entry["size"]:
                result.changed.append(Change(name, "size", entry["size"], size))
            else:
                same_size.append(name)
        digests = sha256_files([present[name] for name in same_size], workers)
    except OSError as exc:
        raise InputError(f"{exc.filename}: cannot read ({exc.strerror})") from None
    for name, digest in zip(same_size, digests, strict=True):
        if digest != recorded[name]["sha256"]:
            result.changed.append(Change(name, "sha256", recorded[name]["sha256"], digest))
    result.changed.sort(key=lambda change: change.path)
    return result


def _relative_or_none(path: Path, base: Path) -> str | None:
    try:
        return relative_path(path, base)
    except InputError:
        return None
