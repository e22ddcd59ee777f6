"""Hugging Face cache snapshots (symlinks into ../../blobs) sign and load by content; a symlink
leading outside the cached repo stays refused."""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

import pytest
import torch

from govern.artifacts import load_model
from govern.errors import InputError
from govern.signing import ArtifactStatement, SignatureError, sign_artifact, verify_artifact
from govern.signing.tree import list_artifact
from tests.signing.helpers import KeyPair

REVISION = "0123456789abcdef0123456789abcdef01234567"


def as_cache(model: Path, cache: Path) -> Path:
    """The HF hub cache layout of ``model``: blobs named by digest, a snapshot of symlinks."""
    repo = cache / "models--local--tiny"
    snapshot = repo / "snapshots" / REVISION
    (repo / "blobs").mkdir(parents=True)
    snapshot.mkdir(parents=True)
    for path in sorted(model.iterdir()):
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        shutil.copyfile(path, repo / "blobs" / digest)
        os.symlink(f"../../blobs/{digest}", snapshot / path.name)
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text(REVISION, encoding="utf-8")
    return snapshot


@pytest.fixture(scope="module")
def model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from govern.sample.model import build_tiny_model

    out = tmp_path_factory.mktemp("model") / "model"
    return build_tiny_model(out, ["hello world", "the quick brown fox"] * 20, vocab_size=300)


def test_a_cache_snapshot_signs_and_loads_the_blobs_it_names(
    model: Path, keys: KeyPair, tmp_path: Path
) -> None:
    snapshot = as_cache(model, tmp_path / "hub")
    assert all(path.is_symlink() for path in snapshot.iterdir())
    sign_artifact(snapshot, keys.private, ArtifactStatement(kind="model"))
    assert verify_artifact(snapshot, [keys.public]).ok
    loaded = load_model(snapshot, [keys.public])
    signed_plain = tmp_path / "plain"
    shutil.copytree(model, signed_plain)
    sign_artifact(signed_plain, keys.private, ArtifactStatement(kind="model"))
    reference = load_model(signed_plain, [keys.public])
    for name, tensor in reference.model.state_dict().items():
        assert torch.equal(tensor, loaded.model.state_dict()[name])
    assert (
        loaded.tokenizer("hello world")["input_ids"]
        == reference.tokenizer("hello world")["input_ids"]
    )


def test_a_changed_blob_fails_verification(model: Path, keys: KeyPair, tmp_path: Path) -> None:
    snapshot = as_cache(model, tmp_path / "hub")
    sign_artifact(snapshot, keys.private, ArtifactStatement(kind="model"))
    blob = (snapshot / "config.json").resolve()
    blob.write_text(blob.read_text(encoding="utf-8").replace("64", "65", 1), encoding="utf-8")
    result = verify_artifact(snapshot, [keys.public])
    assert not result.ok and any(reason.path == "config.json" for reason in result.reasons)


def test_a_symlink_leading_outside_the_cached_repo_is_refused(
    model: Path, keys: KeyPair, tmp_path: Path
) -> None:
    snapshot = as_cache(model, tmp_path / "hub")
    outside = tmp_path / "outside.md"
    outside.write_text("not from the cache\n", encoding="utf-8")
    os.symlink(outside, snapshot / "NOTES.md")
    assert list_artifact(snapshot).symlinks == ["NOTES.md"]
    with pytest.raises(InputError, match="NOTES.md: symlink"):
        sign_artifact(snapshot, keys.private, ArtifactStatement(kind="model"))
    # Signed before the link was planted: verifying names it and loading refuses.
    os.remove(snapshot / "NOTES.md")
    sign_artifact(snapshot, keys.private, ArtifactStatement(kind="model"))
    os.symlink(outside, snapshot / "NOTES.md")
    with pytest.raises(SignatureError, match="NOTES.md"):
        load_model(snapshot, [keys.public])


def test_the_same_symlinks_outside_a_cache_layout_stay_refused(
    model: Path, keys: KeyPair, tmp_path: Path
) -> None:
    snapshot = as_cache(model, tmp_path / "hub")
    # A folder not named as a snapshot (no <repo>/snapshots/<rev>): symlinks are never followed.
    elsewhere = tmp_path / "hub" / "models--local--tiny" / "copy"
    elsewhere.mkdir()
    os.symlink("../blobs/" + (snapshot / "config.json").resolve().name, elsewhere / "config.json")
    assert list_artifact(elsewhere).symlinks == ["config.json"]
    with pytest.raises(InputError, match="symlink"):
        sign_artifact(elsewhere, keys.private, ArtifactStatement(kind="model"))


def test_a_folder_with_slow_bpe_files_and_no_tokenizer_json_loads_the_same_tokenizer(
    model: Path, keys: KeyPair, tmp_path: Path
) -> None:
    import json

    folder = tmp_path / "slow"
    shutil.copytree(model, folder)
    fast = json.loads((folder / "tokenizer.json").read_text(encoding="utf-8"))
    (folder / "vocab.json").write_text(json.dumps(fast["model"]["vocab"]), encoding="utf-8")
    merges = ["#version: 0.2", *(" ".join(pair) for pair in fast["model"]["merges"])]
    (folder / "merges.txt").write_text("\n".join(merges) + "\n", encoding="utf-8")
    os.remove(folder / "tokenizer.json")
    # Slow tokenizers list their special tokens in tokenizer_config.json.
    config = json.loads((folder / "tokenizer_config.json").read_text(encoding="utf-8"))
    config["added_tokens_decoder"] = {
        str(token["id"]): {"content": token["content"], "special": True}
        for token in fast["added_tokens"]
    }
    (folder / "tokenizer_config.json").write_text(json.dumps(config), encoding="utf-8")
    sign_artifact(folder, keys.private, ArtifactStatement(kind="model"))
    slow = load_model(folder, [keys.public]).tokenizer
    sign_artifact(model, keys.private, ArtifactStatement(kind="model"))
    reference = load_model(model, [keys.public]).tokenizer
    text = "<|bos|>hello world, the quick fox<|eos|>"
    assert slow(text)["input_ids"] == reference(text)["input_ids"]
    assert slow.convert_tokens_to_ids("<|eos|>") == reference.eos_token_id == slow.eos_token_id
    chat = [{"role": "user", "content": "hello"}, {"role": "assistant", "content": "world"}]
    assert slow.apply_chat_template(chat) == reference.apply_chat_template(chat)
    # Near miss: a folder with neither tokenizer.json nor both BPE files has no tokenizer.
    os.remove(folder / "merges.txt")
    sign_artifact(folder, keys.private, ArtifactStatement(kind="model"))
    assert load_model(folder, [keys.public]).tokenizer is None
