"""Bad input: one-line errors naming the file (and line), never a traceback or a silent pass."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.errors import InputError, PolicyError
from govern.licenses import check_licenses
from govern.policy import LoadedPolicy, load_policy
from tests.licenses.conftest import TODAY, MakeSource


@pytest.mark.parametrize(
    ("card", "message"),
    [
        ("---\nlicense: mit\npretty_name: [unclosed\n---\n", r"README.md:\d+: invalid YAML front"),
        ("---\nlicense: mit\n", r"README.md:1: front matter opened with '---' is never closed"),
        ("---\n- mit\n- apache-2.0\n---\n", r"README.md:2: front matter must be a YAML mapping"),
    ],
)
def test_bad_card_front_matter(
    make_source: MakeSource, corpus: Path, default_policy: LoadedPolicy, card: str, message: str
) -> None:
    folder = make_source("bad")
    (folder / "README.md").write_text(card)
    with pytest.raises(InputError, match=message):
        check_licenses([corpus], default_policy, today=TODAY)


def test_card_without_front_matter_declares_nothing(
    make_source: MakeSource, corpus: Path, default_policy: LoadedPolicy
) -> None:
    folder = make_source("plain")
    (folder / "README.md").write_text("# Plain\n\nLicensed under MIT, says the prose.\n")
    entry = check_licenses([corpus], default_policy, today=TODAY).entries[0]
    assert entry.verdict == "review" and "no license declared" in entry.reason


def test_license_file_not_utf8(
    make_source: MakeSource, corpus: Path, default_policy: LoadedPolicy
) -> None:
    folder = make_source("binary")
    (folder / "LICENSE").write_bytes(b"\xff\xfe\x00MIT")
    with pytest.raises(InputError, match=r"binary/LICENSE: not UTF-8"):
        check_licenses([corpus], default_policy, today=TODAY)


def test_missing_path(tmp_path: Path, default_policy: LoadedPolicy) -> None:
    with pytest.raises(InputError, match="no such file or directory"):
        check_licenses([tmp_path / "nope"], default_policy, today=TODAY)


def _policy(tmp_path: Path, licenses: str) -> Path:
    path = tmp_path / "policy.yaml"
    path.write_text(f"version: 1\nname: t\nlicenses:\n{licenses}")
    return path


@pytest.mark.parametrize(
    ("licenses", "message"),
    [
        ("  allow:\n    - MIT\n    - MIT OR (Apache-2.0\n", r":6: licenses.allow.1: .*"),
        ("  allow:\n    - MIT\n    - Apache-2.0 OR MIT\n", r":6: licenses.allow.1: .*expression"),
        ("  deny: [not-a-license]\n", r":4: licenses.deny.0: .*Unknown license key"),
        ("  require_review: [CC-BY-XX-*]\n", r"licenses.require_review.0: .*matches no known"),
        (
            "  conditional:\n    - {license: MIT, obligations: []}\n",
            r":5: licenses.conditional.0.obligations",
        ),
        (
            "  waivers:\n    - {source: x, approver: a, reason: r}\n",
            r":5: licenses.waivers.0.expires: required key is missing",
        ),
        (
            "  waivers:\n    - {source: x, approver: a, reason: r, expires: soon}\n",
            r"licenses.waivers.0.expires",
        ),
        ("  use: {commercial: maybe}\n", r"licenses.use.commercial"),
        ("  review: [MIT]\n", r":4: licenses.review: unknown key"),
    ],
)
def test_invalid_policy_entries(tmp_path: Path, licenses: str, message: str) -> None:
    with pytest.raises(PolicyError, match=message):
        load_policy(_policy(tmp_path, licenses))


def test_policy_error_is_an_input_error() -> None:
    assert issubclass(PolicyError, InputError)
