"""What verification found, and the errors raised when an artifact is refused."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from govern.errors import PolicyViolation
from govern.signing.statement import ArtifactStatement

ReasonKind = Literal[
    "unsigned",  # no signature file
    "changed",  # a signed file's bytes differ
    "missing",  # a signed file is not there
    "extra",  # a file is there that the signature does not list
    "renamed",  # a signed file is there under another name (missing + extra, same digest)
    "symlink",  # a symlink anywhere under the artifact (never followed)
    "not-regular",  # a FIFO, socket or device under the artifact
    "unsafe-path",  # the signature lists an absolute path or one with '..'
    "untrusted-key",  # signed by a key not in the trusted list
    "bad-signature",  # the signature does not match the statement: it was changed
    "bad-statement",  # the signed payload is not a statement we can read
    "wrong-kind",  # a valid signature over another kind of artifact than the one asked for
]


@dataclass(frozen=True, slots=True)
class Reason:
    """One reason an artifact failed verification; ``str()`` is the line the CLI prints."""

    kind: ReasonKind
    path: str | None
    detail: str

    def __str__(self) -> str:
        return f"{self.path}: {self.detail}" if self.path is not None else self.detail


@dataclass(slots=True)
class VerifyResult:
    """The outcome of ``verify_artifact``: ``ok`` only when there is no reason to refuse."""

    artifact: str
    signature: str
    reasons: list[Reason] = field(default_factory=list)
    statement: ArtifactStatement | None = None  # set once the signature verified
    signed_by: str | None = None  # path of the trusted public key that verified it
    files: dict[str, str] = field(default_factory=dict)  # signed name -> sha256, once verified

    @property
    def ok(self) -> bool:
        return self.signed_by is not None and not self.reasons

    @property
    def exit_code(self) -> int:
        """0 when verified, 1 (a policy violation) otherwise."""
        return 0 if self.ok else 1

    def to_json(self) -> dict[str, Any]:
        return {
            "artifact": self.artifact,
            "signature": self.signature,
            "ok": self.ok,
            "signed_by": self.signed_by,
            "statement": self.statement.to_json() if self.statement else None,
            "files": self.files,
            "reasons": [{"kind": r.kind, "path": r.path, "detail": r.detail} for r in self.reasons],
        }

    def describe(self) -> list[str]:
        """One line per reason, then a verdict line, for the command line."""
        lines = [str(reason) for reason in self.reasons]
        if self.ok:
            lines.append(
                f"ok: {self.artifact}: {len(self.files)} files, signed by {self.signed_by}"
            )
        else:
            lines.append(f"FAILED: {self.artifact}: {len(self.reasons)} problems")
        return lines


class SignatureError(PolicyViolation):
    """An artifact was refused: unsigned, signed by an untrusted key, or changed (exit 1)."""

    def __init__(self, result: VerifyResult) -> None:
        reasons = "; ".join(str(reason) for reason in result.reasons) or "not verified"
        super().__init__(f"{result.artifact}: refused: {reasons}")
        self.result = result


class UnsafeFormatError(PolicyViolation):
    """A verified file is in a format that can run code or that we do not parse (exit 1)."""
