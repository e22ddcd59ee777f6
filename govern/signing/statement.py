"""What a signature says: an in-toto v1 statement in ``model_signing``'s v1.0 predicate.

The predicate lists every file (``resources``: name, sha256, plus our ``size``) and how they
were listed (``serialization``); the one subject is the artifact's name and the sha256 over its
file digests in listed order, which ``model_signing`` recomputes. Our statement of what the
artifact is and where it came from sits under the predicate key ``govern``; ``model_signing``
v1.0 verifiers ignore predicate keys they do not know (checked by the interop test).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import PurePosixPath
from typing import Any, Literal, get_args

from govern import __version__

STATEMENT_TYPE = "https://in-toto.io/Statement/v1"
PREDICATE_TYPE = "https://model_signing/signature/v1.0"
SINGLE_FILE = "."  # model_signing's resource name when the artifact is one file
Kind = Literal["adapter", "checkpoint", "model", "data-manifest", "dataset", "report", "other"]
_HEX64 = re.compile(r"[0-9a-f]{64}")
DIGEST_FIELDS = (
    "data_manifest_sha256",
    "base_model_digest",
    "params_sha256",
    "policy_sha256",
    "adapter_digest",
)


class StatementError(ValueError):
    """A signed payload that is not a statement we can read (a signer bug, not tampering)."""


@dataclass(frozen=True, slots=True)
class ArtifactStatement:
    """What a signed artifact is and where it came from; digests are sha256 hex or None."""

    kind: Kind
    data_manifest_sha256: str | None = None  # the data manifest it was trained on or is
    base_model_digest: str | None = None  # govern.hashing.sha256_tree of the base model
    params_sha256: str | None = None  # params_digest() of the params that produced it
    policy_sha256: str | None = None
    tool_version: str = __version__
    adapter_digest: str | None = None  # sha256_tree of the adapter merged into a model

    def __post_init__(self) -> None:
        if self.kind not in get_args(Kind):
            raise StatementError(f"unknown artifact kind {self.kind!r}")
        for name in DIGEST_FIELDS:
            value = getattr(self, name)
            if value is not None and not (isinstance(value, str) and _HEX64.fullmatch(value)):
                raise StatementError(f"{name} must be a sha256 hex digest")

    def to_json(self) -> dict[str, Any]:
        fields = asdict(self)
        version = fields.pop("tool_version")
        if fields["adapter_digest"] is None:  # added later: statements without it stay as signed
            del fields["adapter_digest"]
        return {**fields, "tool": {"name": "govern", "version": version}}

    @classmethod
    def from_json(cls, data: Any) -> ArtifactStatement:
        """Read the ``govern`` predicate block; StatementError when it is malformed."""
        tool = data.get("tool") if isinstance(data, dict) else None
        if not isinstance(tool, dict) or not isinstance(tool.get("version"), str):
            raise StatementError("the govern statement must be an object with a tool version")
        fields = {key: value for key, value in data.items() if key != "tool"}
        try:
            return cls(**fields, tool_version=tool["version"])
        except TypeError as exc:
            raise StatementError(f"govern statement: {exc}") from None


@dataclass(frozen=True, slots=True)
class Resource:
    """One signed file: its path relative to the artifact, sha256 and size."""

    name: str
    sha256: str
    size: int | None  # None in signatures made by model_signing itself


@dataclass(frozen=True, slots=True)
class SignedManifest:
    """The statement a verified signature holds: the artifact's files and what it is."""

    name: str
    resources: tuple[Resource, ...]
    ignore_paths: tuple[str, ...]
    statement: ArtifactStatement | None  # None when signed by another tool


def params_digest(params: Mapping[str, Any]) -> str:
    """sha256 of the canonical JSON of ``params``: the ``params_sha256`` of a statement."""
    canonical = json.dumps(dict(params), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def root_digest(resources: Sequence[Resource]) -> str:
    """sha256 over the raw file digests in listed order, as model_signing's subject digest."""
    hasher = hashlib.sha256()
    for resource in resources:
        hasher.update(bytes.fromhex(resource.sha256))
    return hasher.hexdigest()


def sort_key(name: str) -> tuple[str, ...]:
    """model_signing orders resources by path components, not by the path string."""
    return PurePosixPath(name).parts


def build_payload(manifest: SignedManifest) -> bytes:
    """The in-toto statement as canonical JSON bytes (sorted keys, no spaces): what is signed."""
    resources = sorted(manifest.resources, key=lambda r: sort_key(r.name))
    serialization: dict[str, Any] = {"method": "files", "hash_type": "sha256"}
    serialization["allow_symlinks"] = False
    if manifest.ignore_paths:
        serialization["ignore_paths"] = list(manifest.ignore_paths)
    predicate: dict[str, Any] = {
        "serialization": serialization,
        "resources": [
            {"name": r.name, "algorithm": "sha256", "digest": r.sha256, "size": r.size}
            for r in resources
        ],
    }
    if manifest.statement is not None:
        predicate["govern"] = manifest.statement.to_json()
    statement = {
        "_type": STATEMENT_TYPE,
        "subject": [{"name": manifest.name, "digest": {"sha256": root_digest(resources)}}],
        "predicateType": PREDICATE_TYPE,
        "predicate": predicate,
    }
    return json.dumps(statement, sort_keys=True, separators=(",", ":")).encode("utf-8")


def parse_payload(payload: bytes) -> SignedManifest:
    """Read a verified payload; StatementError naming the first thing that is malformed.

    Resource names are returned as signed; ``unsafe_path`` must vet them before any is used.
    """
    try:
        statement = json.loads(payload)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise StatementError("payload is not JSON") from None
    if not isinstance(statement, dict) or statement.get("_type") != STATEMENT_TYPE:
        raise StatementError(f"not an in-toto statement ({STATEMENT_TYPE})")
    if statement.get("predicateType") != PREDICATE_TYPE:
        raise StatementError(f"predicate type is not {PREDICATE_TYPE}")
    subjects, predicate = statement.get("subject"), statement.get("predicate")
    if not isinstance(subjects, list) or len(subjects) != 1 or not isinstance(predicate, dict):
        raise StatementError("a statement needs one subject and a predicate")
    serialization = predicate.get("serialization")
    if not isinstance(serialization, dict) or serialization.get("method") != "files":
        raise StatementError("only the 'files' serialization is supported")
    if serialization.get("hash_type") != "sha256":
        raise StatementError("only sha256 file digests are supported")
    resources = tuple(_resource(item) for item in predicate.get("resources") or [])
    names = [resource.name for resource in resources]
    if len(set(names)) != len(names):
        raise StatementError("a file is listed twice")
    subject = subjects[0] if isinstance(subjects[0], dict) else {}
    digest = subject.get("digest")
    if not isinstance(digest, dict) or digest.get("sha256") != root_digest(resources):
        raise StatementError("the subject digest does not match the listed files")
    ignore = serialization.get("ignore_paths") or []
    if not isinstance(ignore, list) or not all(isinstance(path, str) for path in ignore):
        raise StatementError("ignore_paths must be a list of paths")
    govern_block = predicate.get("govern")
    return SignedManifest(
        name=str(subject.get("name", "")),
        resources=resources,
        ignore_paths=tuple(ignore),
        statement=None if govern_block is None else ArtifactStatement.from_json(govern_block),
    )


def unsafe_path(name: str) -> str | None:
    """Why a signed file name must not be used as a path, or None when it is safe.

    Names are POSIX, relative and normalised; ``"."`` is allowed only as a one-file artifact.
    """
    if name == SINGLE_FILE:
        return None
    if not name:
        return "empty path"
    if name.startswith("/"):
        return "absolute path"
    if "\\" in name or "\0" in name:
        return "backslash or NUL in path"
    parts = name.split("/")
    if ".." in parts:
        return "path with '..'"
    if any(part in ("", ".") for part in parts):
        return "path not normalised (empty or '.' component)"
    return None


def _resource(item: Any) -> Resource:
    if not isinstance(item, dict) or not isinstance(item.get("name"), str):
        raise StatementError("every resource needs a name")
    if item.get("algorithm") != "sha256":
        raise StatementError(f"{item['name']}: only sha256 digests are supported")
    digest, size = item.get("digest"), item.get("size")
    if not (isinstance(digest, str) and _HEX64.fullmatch(digest)):
        raise StatementError(f"{item['name']}: digest is not sha256 hex")
    if size is not None and (type(size) is not int or size < 0):
        raise StatementError(f"{item['name']}: size is not a byte count")
    return Resource(item["name"], digest, size)
