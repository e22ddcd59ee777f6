"""Keys and a small signed artifact folder for signing tests, in a temp folder."""

from __future__ import annotations

import os
import pickle
from collections.abc import Iterator
from pathlib import Path

import pytest

from govern.signing import ArtifactStatement, generate_keys, sign_artifact
from tests.signing.helpers import KeyPair, Signed, write_artifact


@pytest.fixture
def keys(tmp_path: Path) -> KeyPair:
    private, public = generate_keys(tmp_path / "keys" / "signing.key")
    return KeyPair(private, public)


@pytest.fixture
def other_keys(tmp_path: Path) -> KeyPair:
    private, public = generate_keys(tmp_path / "keys" / "other.key")
    return KeyPair(private, public)


@pytest.fixture
def signed(tmp_path: Path, keys: KeyPair) -> Signed:
    folder = write_artifact(tmp_path / "artifact")
    signature = sign_artifact(folder, keys.private, ArtifactStatement(kind="model"))
    return Signed(folder, signature, keys)


@pytest.fixture
def never_unpickle(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Any unpickling, torch.load or shell command during a test fails it."""
    import torch

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the loader tried to unpickle or run a command")

    for owner, name in [
        (pickle, "load"),
        (pickle, "loads"),
        (pickle, "Unpickler"),
        (torch, "load"),
        (torch.serialization, "load"),
        (os, "system"),
    ]:
        monkeypatch.setattr(owner, name, refuse)
    yield
