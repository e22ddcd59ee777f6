from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from govern.errors import PolicyError
from govern.policy import Policy, load_policy

POLICY_FILES = sorted((Path(__file__).parent.parent / "policies").glob("*.yaml"))


def test_policies_folder_is_not_empty() -> None:
    assert any(p.name == "default.yaml" for p in POLICY_FILES)


@pytest.mark.parametrize("path", POLICY_FILES, ids=lambda p: p.name)
def test_every_shipped_policy_loads(path: Path) -> None:
    loaded = load_policy(path)
    assert loaded.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
    assert loaded.policy.name


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "policy.yaml"
    path.write_text(text)
    return path


def test_minimal_policy_gets_defaults(tmp_path: Path) -> None:
    loaded = load_policy(write(tmp_path, "version: 1\nname: tiny\n"))
    assert loaded.policy.splits.ratios == (0.8, 0.1, 0.1)
    assert "UsLicenseRecognizer" in loaded.policy.pii.disabled_recognizers


def test_misspelt_key_names_key_file_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, "version: 1\nname: x\npii:\n  enabled: true\n  entitis: [EMAIL]\n")
    with pytest.raises(PolicyError) as caught:
        load_policy(path)
    assert str(caught.value) == f"{path}:5: pii.entitis: unknown key"


def test_misspelt_top_level_section(tmp_path: Path) -> None:
    path = write(tmp_path, "version: 1\nname: x\nlicences: {}\n")
    with pytest.raises(PolicyError, match=r":3: licences: unknown key"):
        load_policy(path)


def test_wrong_type_names_path(tmp_path: Path) -> None:
    path = write(tmp_path, "version: 1\nname: x\npii:\n  score_threshold: high\n")
    with pytest.raises(PolicyError, match=r"policy.yaml:4: pii.score_threshold: "):
        load_policy(path)


def test_signatures_cannot_be_switched_off(tmp_path: Path) -> None:
    # Loading is always signature-checked; a policy asking otherwise is refused, not ignored.
    path = write(tmp_path, "version: 1\nname: x\nsigning:\n  require_signatures: false\n")
    with pytest.raises(PolicyError, match=r"policy.yaml:4: signing.require_signatures: "):
        load_policy(path)
    kept = write(tmp_path, "version: 1\nname: x\nsigning:\n  require_signatures: true\n")
    assert load_policy(kept).policy.signing.require_signatures is True


def test_out_of_range_probability(tmp_path: Path) -> None:
    path = write(tmp_path, "version: 1\nname: x\npii:\n  score_threshold: 1.5\n")
    with pytest.raises(PolicyError, match=r"pii.score_threshold"):
        load_policy(path)


def test_ratios_must_sum_to_one(tmp_path: Path) -> None:
    path = write(tmp_path, "version: 1\nname: x\nsplits:\n  ratios: [0.5, 0.1, 0.1]\n")
    with pytest.raises(PolicyError, match=r":4: splits.ratios: .*sum to 1"):
        load_policy(path)


def test_list_item_error_points_at_item(tmp_path: Path) -> None:
    text = "version: 1\nname: x\nretention:\n  rules:\n    - {pattern: a}\n"
    with pytest.raises(PolicyError, match=r":5: retention.rules.0.max_age_days: required key"):
        load_policy(write(tmp_path, text))


def test_unsupported_version(tmp_path: Path) -> None:
    with pytest.raises(PolicyError, match="version"):
        load_policy(write(tmp_path, "version: 2\nname: x\n"))


def test_missing_name(tmp_path: Path) -> None:
    with pytest.raises(PolicyError, match="name: required key is missing"):
        load_policy(write(tmp_path, "version: 1\n"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("- a\n- b\n", "must be a YAML mapping"),
        ("", "must be a YAML mapping"),
        ("name: [unclosed\n", "invalid YAML"),
    ],
)
def test_not_a_policy(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(PolicyError, match=message):
        load_policy(write(tmp_path, text))


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(PolicyError, match="policy file not found"):
        load_policy(tmp_path / "nope.yaml")


def test_sha256_changes_with_any_byte(tmp_path: Path) -> None:
    first = load_policy(write(tmp_path, "version: 1\nname: x\n")).sha256
    second = load_policy(write(tmp_path, "version: 1\nname: x\n# comment\n")).sha256
    assert first != second


def test_policy_models_are_frozen() -> None:
    policy = Policy(name="x")
    with pytest.raises(Exception, match="frozen"):
        policy.pii.enabled = False  # type: ignore[misc]
