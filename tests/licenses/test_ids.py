from __future__ import annotations

import fnmatch

import pytest

from govern.licenses import ids
from govern.licenses.knowledge import fingerprints, knowledge

LLAMA_31 = "LicenseRef-scancode-llama-3.1-license-2024"
LLAMA_3 = "LicenseRef-govern-llama-3-license-2024"


@pytest.mark.parametrize(
    ("declared", "spdx"),
    [
        ("mit", "MIT"),
        ("apache-2.0", "Apache-2.0"),
        ("cc-by-4.0", "CC-BY-4.0"),
        ("cc-by-sa-4.0", "CC-BY-SA-4.0"),
        ("cc-by-nc-4.0", "CC-BY-NC-4.0"),
        ("llama3", LLAMA_3),
        ("llama3.1", LLAMA_31),
        ("LLaMA3.1", LLAMA_31),
        ("bigscience-openrail-m", "LicenseRef-scancode-bigscience-open-rail-m"),
        ("llama-3.1-license-2024", LLAMA_31),  # a bare ScanCode key
        ("apache-2.0 or cc-by-nc-4.0", "Apache-2.0 OR CC-BY-NC-4.0"),
    ],
)
def test_known_ids_map_to_spdx(declared: str, spdx: str) -> None:
    assert ids.map_declared(declared) == ids.Mapped(spdx=spdx)


def test_llama_versions_stay_apart() -> None:
    assert ids.map_declared("llama3").spdx != ids.map_declared("llama3.1").spdx


@pytest.mark.parametrize(
    ("declared", "problem"),
    [
        ("openrail", "OpenRAIL family"),
        ("gemma", "without a version"),
        ("my-custom-license", "not a known SPDX, ScanCode or Hugging Face license id"),
        ("mit or", "not a known"),
        (42, "int, not text"),
    ],
)
def test_unmapped_ids_carry_a_problem(declared: object, problem: str) -> None:
    mapped = ids.map_declared(declared)
    assert mapped.spdx is None and mapped.problem is not None and problem in mapped.problem
    assert not mapped.unknown


@pytest.mark.parametrize("declared", ["unknown", "UNKNOWN", "", "none"])
def test_unknown_values(declared: str) -> None:
    mapped = ids.map_declared(declared)
    assert mapped.unknown and mapped.spdx is None


def test_other_needs_a_link_or_a_known_name() -> None:
    assert "without a license_link" in str(ids.map_declared("other").problem)
    linked = ids.map_declared("other", "acme-data-license", "https://acme.example/terms")
    assert linked.spdx is None and "https://acme.example/terms" in str(linked.problem)
    assert ids.map_declared("other", "llama3.1", "LICENSE").spdx == LLAMA_31


@pytest.mark.parametrize("entry", ["MIT", "mit", "CC-BY-NC-*", "llama-3.1-license-2024", LLAMA_3])
def test_policy_entries_accepted(entry: str) -> None:
    assert ids.check_pattern(entry) == entry


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("MIT OR Apache-2.0", "is an expression"),
        ("MIT AND", "requires two or more"),
        ("not-a-license", "Unknown license key"),
        ("CC-BY-XX-*", "matches no known license id"),
    ],
)
def test_policy_entries_rejected(entry: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ids.check_pattern(entry)


def test_globs_match_spdx_ids_and_scancode_keys() -> None:
    assert ids.matches("CC-BY-NC-4.0", "cc-by-nc-*")
    assert ids.matches(LLAMA_31, "llama-3.1-*")
    assert not ids.matches("CC-BY-4.0", "CC-BY-NC-*")


def test_every_id_in_the_data_files_is_known() -> None:
    facts = knowledge()
    for spdx in [*facts.hf_ids.values(), *facts.notices, *fingerprints().licenses]:
        assert ids.normalize(spdx) == spdx
    for ambiguous in facts.ambiguous_ids.values():
        assert all(ids.normalize(key) == key for key in ambiguous.family)
    globs = [*facts.noncommercial, *(rule.license for rule in facts.obligations)]
    globs += [rule.license for rule in facts.upstream]
    for glob in globs:
        assert fnmatch.filter(ids.known_ids(), glob.lower()), glob
