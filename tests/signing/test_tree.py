"""Files are listed and read without following a symlink anywhere on their path."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from govern.signing.tree import UnsafeFile, list_artifact, read_file, read_head


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "root"
    (root / "sub").mkdir(parents=True)
    (root / "sub" / "file.txt").write_text("inside\n")
    (root / ".hidden").write_text("hidden\n")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "file.txt").write_text("outside\n")
    return root


def test_listing_includes_hidden_files_and_names_links(tree: Path) -> None:
    (tree / "link").symlink_to(tree.parent / "outside", target_is_directory=True)
    listing = list_artifact(tree)
    assert listing.files == [".hidden", "sub/file.txt"]  # hidden files are signed too
    assert listing.symlinks == ["link"]


def test_read_keeps_exactly_the_hashed_bytes(tree: Path) -> None:
    read = read_file(tree, "sub/file.txt", keep=True)
    assert read.data == b"inside\n"
    assert read.sha256 == hashlib.sha256(b"inside\n").hexdigest() and read.size == 7
    assert read_head(tree, "sub/file.txt", 3) == (b"ins", 7)


def test_symlinked_folder_on_the_path_is_never_followed(tree: Path) -> None:
    # The race a verifier must survive: a checked folder swapped for a link elsewhere.
    (tree / "sub").rename(tree.parent / "checked")
    (tree / "sub").symlink_to(tree.parent / "outside", target_is_directory=True)
    with pytest.raises(UnsafeFile) as caught:
        read_file(tree, "sub/file.txt")
    assert caught.value.kind == "symlink"


def test_symlinked_file_and_missing_file(tree: Path) -> None:
    (tree / "link.txt").symlink_to(tree / "sub" / "file.txt")
    with pytest.raises(UnsafeFile) as link:
        read_file(tree, "link.txt")
    with pytest.raises(UnsafeFile) as gone:
        read_file(tree, "sub/nope.txt")
    assert (link.value.kind, gone.value.kind) == ("symlink", "missing")


def test_single_file_root(tree: Path) -> None:
    file = tree / "sub" / "file.txt"
    assert list_artifact(file).files == ["."]
    assert read_file(file, ".", keep=True).data == b"inside\n"
