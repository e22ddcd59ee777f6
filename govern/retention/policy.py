"""The ``retention`` section of a policy: rules per class of artifact, legal holds, protection."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from govern.schema import Section


def _inside_root(patterns: list[str]) -> list[str]:
    for pattern in patterns:
        if pattern.startswith("/") or ".." in pattern.split("/") or not pattern.strip("/"):
            raise ValueError(f"{pattern!r}: globs are relative to the project root, without '..'")
    return patterns


ArtifactClass = Literal["raw", "redacted", "cache", "logs", "checkpoints", "adapters", "backups"]


class RetentionRule(Section):
    name: str = Field(min_length=1, description="Names the rule in plans and the deletion log.")
    artifact: ArtifactClass = Field(description="The class of artifact the rule governs.")
    paths: list[str] = Field(
        min_length=1,
        description="Globs relative to the project root: '*' within a name, '**' any depth "
        "(.dvc/cache/files/**). Symlinks are never matched.",
    )
    unit: Literal["file", "folder"] = Field(
        default="file",
        description="What one match is: a file, or a folder deleted whole (a checkpoint).",
    )
    max_age_days: int | None = Field(
        ge=0,
        description="Required: delete what was last modified more than this many days before "
        "now; null keeps everything for age (keep_last alone decides).",
    )
    keep_last: int | None = Field(
        default=None, ge=0, description="Always keep the N newest matches, whatever their age."
    )
    method: Literal["unlink", "crypto-shred"] = Field(
        default="unlink",
        description="crypto-shred (backups only): destroy the backup's data key, then unlink, "
        "so every copy of it becomes unreadable.",
    )
    allow_signed: bool = Field(
        default=False,
        description="Also delete files a signed release depends on (see protected, "
        "protected_manifests); off by default.",
    )

    _relative_paths = field_validator("paths")(_inside_root)

    @model_validator(mode="after")
    def _decides_something(self) -> RetentionRule:
        if self.max_age_days is None and self.keep_last is None:
            raise ValueError("a rule needs max_age_days or keep_last (or both)")
        if self.method == "crypto-shred" and self.artifact != "backups":
            raise ValueError("method crypto-shred applies to artifact backups only")
        return self


class LegalHold(Section):
    paths: list[str] = Field(min_length=1, description="Globs never deleted while held.")
    reason: str = Field(min_length=1, description="Matter or ticket id; no personal data.")


class RetentionPolicy(Section):
    rules: list[RetentionRule] = Field(
        default=[],
        description="Tried in order: a file belongs to the first rule whose paths match it.",
    )
    legal_holds: list[LegalHold] = Field(default=[], description="Win over every rule.")
    protected: list[str] = Field(
        default=[], description="Globs of files a signed release depends on."
    )
    protected_manifests: list[str] = Field(
        default=[],
        description="Globs of release manifests (JSON); every file they list under 'files' "
        "(govern manifest format, paths relative to its 'base') is protected, and so are they.",
    )
    audit_log: str = Field(
        default="audit/retention.jsonl", description="The hash-chained deletion log."
    )
    signing_key: str = Field(
        default=".govern/signing.key",
        description="Private key (`govern keys generate`) that signs the log's head after "
        "every append; the audit checks the head with KEY.pub beside it.",
    )
    anchor: str = Field(
        default=".govern/retention-anchor.json",
        description="Copy of each log's signed head, kept beside the keys and not the log: a "
        "log deleted or cut back where one existed is then an error, not a fresh start.",
    )
    paths_personal: bool = Field(
        default=True,
        description="Paths may hold personal data (names, birth dates): plans, the log and "
        "reports name files by keyed hash (the scan's hash key). false keeps clear paths.",
    )

    _relative_manifests = field_validator("protected_manifests")(_inside_root)

    @model_validator(mode="after")
    def _unique_rule_names(self) -> RetentionPolicy:
        names = [rule.name for rule in self.rules]
        duplicates = sorted({name for name in names if names.count(name) > 1})
        if duplicates:
            raise ValueError(f"rule names must be unique: {', '.join(duplicates)}")
        return self
