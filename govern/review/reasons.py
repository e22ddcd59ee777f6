"""The verdict's parts: a ``Reason`` (level, section, text, source file) and the ``Verdict``."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

Level = Literal["blocking", "attention", "resolved"]
# Each level with its heading, in the order every rendering shows them.
LEVEL_TITLES: tuple[tuple[Level, str], ...] = (
    ("blocking", "Blocking"),
    ("attention", "Needs attention (does not block)"),
    ("resolved", "Found and handled"),
)


# The document section each reason's ``section`` links to.
ANCHORS: dict[str, str] = {
    "scan": "scan",
    "scan_redacted": "scan",
    "licenses": "sources",
    "split": "split",
    "leaks": "split",
    "manifest": "manifest",
    "lineage": "manifest",
    "preflight": "preflight",
    "training": "preflight",
    "campaign": "campaign",
    "artifacts": "artifacts",
    "memorization": "artifacts",
    "signatures": "signatures",
    "backup": "retention",
    "retention": "retention",
    "policy": "inputs",
}


@dataclass(frozen=True, slots=True)
class Reason:
    """One line of the verdict: which section, what, and the file it comes from; in plain words
    what it ``means`` for the data and what would ``change`` it."""

    level: Level
    section: str
    text: str
    source: str | None = None
    means: str = ""
    change: str = ""

    @property
    def anchor(self) -> str:
        return ANCHORS.get(self.section, "inputs")


@dataclass(slots=True)
class Verdict:
    """``ready`` when nothing blocks; the reasons in the order the sections appear."""

    reasons: list[Reason] = field(default_factory=list)

    @property
    def status(self) -> Literal["ready", "blocked"]:
        return "blocked" if self.blocking else "ready"

    @property
    def exit_code(self) -> int:
        return 1 if self.blocking else 0

    def of(self, level: Level) -> list[Reason]:
        return [reason for reason in self.reasons if reason.level == level]

    @property
    def blocking(self) -> list[Reason]:
        return self.of("blocking")

    def to_json(self) -> dict[str, Any]:
        levels: tuple[Level, ...] = ("blocking", "attention", "resolved")
        return {"status": self.status} | {
            level: [asdict(r) | {"anchor": r.anchor} for r in self.of(level)] for level in levels
        }


def get_path(data: Any, *keys: str) -> Any:
    """``data[k1][k2]...``, or None where a level is missing or not an object."""
    for key in keys:
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data
