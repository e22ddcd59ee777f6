"""The loader verifies while reading, parses only data formats and never unpickles."""

from __future__ import annotations

import hashlib
import io
import os
import pickle
from pathlib import Path

import pytest

from govern.artifacts import load_adapter, load_dataset_files, load_manifest, load_verified
from govern.signing import ArtifactStatement, SignatureError, UnsafeFormatError, sign_artifact
from govern.signing.tree import FileRead, read_file
from tests.signing.helpers import Signed, tiny_safetensors

pytestmark = pytest.mark.usefixtures("never_unpickle")


_SYSTEM = os.system  # captured before the guards replace os.system


class RunsCommand:
    """Unpickling this runs a shell command that leaves a marker file."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (_SYSTEM, (f"touch {self.marker}",))


@pytest.fixture
def marker(tmp_path: Path) -> Path:
    return tmp_path / "pwned"


@pytest.fixture
def malicious_pickle(marker: Path) -> bytes:
    # Built at run time: the repository never holds a pickle.
    payload = pickle.dumps(RunsCommand(marker), protocol=4)
    assert b"posix" in payload and b"system" in payload  # it really would run the command
    return payload


def test_signed_artifact_loads(signed: Signed) -> None:
    artifact = load_verified(signed.folder, [signed.keys.public], kind="model")
    assert artifact.json("config.json") == {"hidden_size": 3}
    assert artifact.tensors("weights.safetensors")["weight"].shape == (2, 3)
    assert artifact.text("README.md") == "# tiny\n"
    assert artifact.statement.kind == "model"


def test_pickle_dropped_into_signed_folder_is_refused(
    signed: Signed, malicious_pickle: bytes, marker: Path
) -> None:
    (signed.folder / "pytorch_model.bin").write_bytes(malicious_pickle)
    with pytest.raises(SignatureError, match=r"pytorch_model.bin: extra file"):
        load_verified(signed.folder, [signed.keys.public])
    assert not marker.exists()


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("adapter_model.bin", r"pickle data"),
        ("weights.safetensors", r"weights.safetensors: refused: pickle data"),
        ("config.json", r"config.json: refused: pickle data"),
        ("model.ckpt", r"pickle"),
    ],
)
def test_signed_pickle_is_refused_by_name_and_content(
    signed: Signed, malicious_pickle: bytes, marker: Path, name: str, message: str
) -> None:
    (signed.folder / name).write_bytes(malicious_pickle)
    sign_artifact(signed.folder, signed.keys.private, ArtifactStatement(kind="model"))
    with pytest.raises(UnsafeFormatError, match=message):
        load_verified(signed.folder, [signed.keys.public])
    assert not marker.exists()


def test_signed_pickle_suffix_is_refused_whatever_its_content(signed: Signed) -> None:
    (signed.folder / "optimizer.pt").write_bytes(b"harmless bytes, still refused")
    sign_artifact(signed.folder, signed.keys.private, ArtifactStatement(kind="model"))
    with pytest.raises(UnsafeFormatError, match=r"optimizer.pt: refused: pickle-based format"):
        load_verified(signed.folder, [signed.keys.public])


def test_torch_zip_checkpoint_named_safetensors_is_refused(signed: Signed) -> None:
    import torch

    buffer = io.BytesIO()
    torch.save({"weight": torch.zeros(2)}, buffer)  # writing pickles is harmless; reading is not
    (signed.folder / "weights.safetensors").write_bytes(buffer.getvalue())
    sign_artifact(signed.folder, signed.keys.private, ArtifactStatement(kind="model"))
    with pytest.raises(UnsafeFormatError, match=r"zip archive"):
        load_verified(signed.folder, [signed.keys.public])


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("config.json", b"{not json", "not json: invalid JSON"),
        ("weights.safetensors", b"\xff" * 16, "header longer than the file"),
        ("README.md", b"\xff\xfe", "not UTF-8"),
        ("run.py", b"import os\n", r"unknown format \(.py\)"),
    ],
)
def test_signed_file_that_does_not_parse_is_refused(
    signed: Signed, name: str, content: bytes, message: str
) -> None:
    (signed.folder / name).write_bytes(content)
    sign_artifact(signed.folder, signed.keys.private, ArtifactStatement(kind="model"))
    with pytest.raises(UnsafeFormatError, match=message):
        load_verified(signed.folder, [signed.keys.public])


def test_file_swapped_after_the_check_is_never_loaded(
    signed: Signed, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bytes parsed are the bytes hashed: a swap on disk after the read changes nothing."""
    original = read_file
    evil = b'{"hidden_size": 666}'

    def read_then_swap(root: Path, name: str, *, keep: bool = False) -> FileRead:
        read = original(root, name, keep=keep)
        if name == "config.json":
            (root / name).write_bytes(evil)  # the attacker wins the race on disk
        return read

    monkeypatch.setattr("govern.signing.verify.read_file", read_then_swap)
    artifact = load_verified(signed.folder, [signed.keys.public])
    assert artifact.json("config.json") == {"hidden_size": 3}
    assert (signed.folder / "config.json").read_bytes() == evil


def test_wrong_kind_is_refused(signed: Signed) -> None:
    with pytest.raises(SignatureError, match="signed as a model, expected a adapter"):
        load_adapter(signed.folder, [signed.keys.public])


def test_signature_without_govern_statement_is_refused(signed: Signed) -> None:
    pytest.importorskip("model_signing")
    import model_signing

    config = model_signing.signing.Config().use_elliptic_key_signer(  # type: ignore[no-untyped-call]
        private_key=str(signed.keys.private)
    )
    config.sign(signed.folder, signed.signature)
    with pytest.raises(SignatureError, match="no govern statement"):
        load_verified(signed.folder, [signed.keys.public])


@pytest.fixture
def signed_manifest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, signed: Signed
) -> tuple[Path, Signed]:
    from govern.manifest import build_manifest, write_manifest
    from govern.policy import load_policy
    from tests.manifest.conftest import write_project

    monkeypatch.chdir(tmp_path)
    write_project(tmp_path)
    (tmp_path / "policy.yaml").write_text("name: test\n")
    manifest = build_manifest([Path("data")], load_policy(Path("policy.yaml")))
    path = write_manifest(manifest, Path("manifest.json"))
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    statement = ArtifactStatement(kind="data-manifest", data_manifest_sha256=digest)
    sign_artifact(path, signed.keys.private, statement)
    return path, signed


def test_signed_manifest_and_its_data_load(signed_manifest: tuple[Path, Signed]) -> None:
    path, signed = signed_manifest
    verified = load_manifest(path, [signed.keys.public])
    assert verified.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
    assert verified.statement.data_manifest_sha256 == verified.sha256
    files = load_dataset_files(path, [signed.keys.public])
    assert sorted(files) == sorted(entry["path"] for entry in verified.manifest["files"])
    assert files["data/chats/README.md"] == b"# chats\n"


def test_changed_data_file_is_refused(signed_manifest: tuple[Path, Signed]) -> None:
    path, signed = signed_manifest
    Path("data/chats/README.md").write_text("# changed\n")
    with pytest.raises(SignatureError, match=r"data/chats/README.md: sha256 differs"):
        load_dataset_files(path, [signed.keys.public])


def test_symlinked_data_file_is_refused(signed_manifest: tuple[Path, Signed]) -> None:
    path, signed = signed_manifest
    target = Path("data/chats/README.md")
    target.rename("elsewhere.md")
    target.symlink_to(Path("elsewhere.md").resolve())
    with pytest.raises(SignatureError, match=r"README.md: symlink"):
        load_dataset_files(path, [signed.keys.public])


def test_edited_manifest_is_refused(signed_manifest: tuple[Path, Signed]) -> None:
    path, signed = signed_manifest
    path.write_text(path.read_text().replace('"rows"', '"rows" ', 1))
    with pytest.raises(SignatureError, match=r"sha256 differs"):
        load_manifest(path, [signed.keys.public])


def test_unsigned_manifest_is_refused(signed_manifest: tuple[Path, Signed]) -> None:
    path, signed = signed_manifest
    Path(f"{path}.sig").unlink()
    with pytest.raises(SignatureError, match=r"no signature at"):
        load_manifest(path, [signed.keys.public])


def test_safetensors_bytes_fixture_is_valid() -> None:
    assert tiny_safetensors()[8:9] == b"{"
