"""Record leaves and their paths, skip patterns, per-field counts (govern.fields)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from govern import fields
from govern.errors import PolicyError
from govern.fields import MAX_REPORTED_PATTERNS, FieldCounts, FieldSkipper, leaves, set_leaf
from govern.policy import load_policy

RECORD = {
    "id": "r1",
    "messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "yo"}],
    "meta": {"note": "n", "score": 3, "deep": {"flag": True, "none": None}},
    "tags": ["a", ["b"]],
    "empty": {},
    "also_empty": [],
}


def test_every_leaf_in_document_order_with_readable_paths_and_patterns() -> None:
    found = [(leaf.raw, leaf.pattern, leaf.value) for leaf in leaves(RECORD)]
    assert found == [
        ("id", "id", "r1"),
        ("messages.0.role", "messages.*.role", "user"),
        ("messages.0.content", "messages.*.content", "hi"),
        ("messages.1.role", "messages.*.role", "assistant"),
        ("messages.1.content", "messages.*.content", "yo"),
        ("meta.note", "meta.note", "n"),
        ("meta.score", "meta.score", 3),
        ("meta.deep.flag", "meta.deep.flag", True),
        ("meta.deep.none", "meta.deep.none", None),
        ("tags.0", "tags.*", "a"),
        ("tags.1.0", "tags.*.*", "b"),
    ]


def test_paths_stay_the_same_when_records_repeat_them_and_keys_are_not_strings() -> None:
    # Paths seen before are remembered: the same parts must give the same paths again, and a
    # key equal to an index it is not (True == 1) its own.
    first = [(leaf.parts, leaf.raw, leaf.pattern) for leaf in leaves(RECORD)]
    assert [(leaf.parts, leaf.raw, leaf.pattern) for leaf in leaves(RECORD)] == first
    mixed: dict[str, object] = {"a": {1: "index-like"}, "b": [["x", "y"]]}
    assert [(leaf.parts, leaf.raw, leaf.pattern) for leaf in leaves(mixed)] == [
        (("a", 1), "a.1", "a.*"),
        (("b", 0, 0), "b.0.0", "b.*.*"),
        (("b", 0, 1), "b.0.1", "b.*.*"),
    ]
    odd = {"a": {True: "t", 2.5: "f", None: "n"}, "b": [{"a@b.example": "v"}]}
    assert [(leaf.raw, leaf.pattern) for leaf in leaves(odd)] == [  # type: ignore[arg-type]
        ("a.True", "a.*"),
        ("a.2.5", "a.<key>"),
        ("a.None", "a.None"),
        ("b.0.a@b.example", "b.*.<key>"),
    ]
    # 1.0 == 1 too: under a parent whose index 1 is remembered, still a key of its own
    assert [(leaf.parts, leaf.raw, leaf.pattern) for leaf in leaves({"a": {1.0: "f"}})] == [
        (("a", "1.0"), "a.1.0", "a.<key>")
    ]


def test_paths_stay_the_same_when_the_remembered_paths_start_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = [(leaf.parts, leaf.raw, leaf.pattern) for leaf in leaves(RECORD)]
    monkeypatch.setattr(fields, "_MAX_KNOWN_PATHS", 2)  # full after any two new paths
    sizes = []
    for index in range(6):  # a dataset of ever new keys: the table starts over, never grows
        key = f"k{index}"
        assert [(leaf.parts, leaf.raw) for leaf in leaves({key: "v"})] == [((key,), key)]
        assert [(leaf.parts, leaf.raw, leaf.pattern) for leaf in leaves(RECORD)] == first
        sizes.append(fields._known_paths)
    assert len(set(sizes)) == 1  # new keys, yet the same size after each record


def test_keys_that_are_not_field_names_never_show_in_patterns() -> None:
    data = {"scores": {"jane.doe@example.com": "x", "Jane Doe": "y", "ok_name-2": "z"}}
    assert [leaf.pattern for leaf in leaves(data)] == [
        "scores.<key>",
        "scores.<key>",
        "scores.ok_name-2",
    ]
    # the raw path and parts still locate the leaf exactly
    first = leaves(data)[0]
    assert first.parts == ("scores", "jane.doe@example.com")


def test_deeply_nested_record_does_not_hit_the_recursion_limit() -> None:
    data: dict[str, object] = {"text": "t"}
    node = data
    for _ in range(5000):
        child: dict[str, object] = {}
        node["n"] = child
        node = child
    node["leaf"] = "x"
    found = leaves(data)
    assert found[-1].value == "x" and len(found[-1].parts) == 5001


def test_set_leaf_replaces_by_parts_even_with_dotted_keys() -> None:
    data = {"a.b": {"c": ["x", "y"]}}
    set_leaf(data, ("a.b", "c", 1), "Z")
    assert data == {"a.b": {"c": ["x", "Z"]}}


@pytest.mark.parametrize(
    ("pattern", "parts", "excluded"),
    [
        ("meta.note", ("meta", "note"), True),
        ("meta.note", ("meta", "notes"), False),  # near miss: segments match whole
        ("meta", ("meta", "deep", "flag"), True),  # a parent excludes everything below
        ("meta", ("metadata",), False),
        ("messages.*.role", ("messages", 3, "role"), True),
        ("messages.*.role", ("messages", 3, "content"), False),
        ("messages.0.content", ("messages", 0, "content"), True),
        ("messages.0.content", ("messages", 1, "content"), False),
        ("**.note", ("a", "b", "note"), True),
        ("**.note", ("note",), True),
        ("**.note", ("a", "note_b"), False),
        ("*", ("anything", "below"), True),
    ],
)
def test_skip_patterns(pattern: str, parts: tuple[str | int, ...], excluded: bool) -> None:
    assert (FieldSkipper([pattern]).excluded_by(parts) == pattern) is excluded


def test_first_matching_skip_pattern_is_credited() -> None:
    skipper = FieldSkipper(["meta.*", "meta"])
    assert skipper.excluded_by(("meta", "note")) == "meta.*"
    assert not FieldSkipper([])


@pytest.mark.parametrize("bad", ["", "meta..note", ".meta", "meta."])
def test_policy_refuses_empty_segments(tmp_path: Path, bad: str) -> None:
    policy = tmp_path / "p.yaml"
    policy.write_text(f'version: 1\nname: x\nscan:\n  skip_fields: ["ok", "{bad}"]\n')
    with pytest.raises(PolicyError, match=r"p.yaml:4: scan.skip_fields.1: .*empty segment"):
        load_policy(policy)


def test_counts_merge_and_report_every_metric_and_cap_the_table() -> None:
    first, second = FieldCounts(), FieldCounts()
    first.add("id", "read")
    first.add("meta.note", "skipped")
    first.skipped_by["meta.*"] += 1
    second.add("id", "read", 2)
    second.add("id", "findings")
    second.add("meta.score", "not_strings")
    first.merge(second)
    report = first.to_json(["meta.*", "unused"])
    assert report["by_path"]["id"] == {
        "read": 3,
        "text": 0,
        "findings": 1,
        "not_strings": 0,
        "skipped": 0,
    }
    assert report["skip_fields"] == [
        {"pattern": "meta.*", "values": 1},
        {"pattern": "unused", "values": 0},
    ]
    assert (report["total_read"], report["total_skipped"], report["total_not_strings"]) == (3, 1, 1)
    many = FieldCounts({f"f{i:05d}": Counter(read=1) for i in range(MAX_REPORTED_PATTERNS + 5)})
    capped = many.to_json()
    assert len(capped["by_path"]) == MAX_REPORTED_PATTERNS
    assert capped["other_paths"]["paths"] == 5 and capped["other_paths"]["read"] == 5
    assert capped["total_read"] == MAX_REPORTED_PATTERNS + 5
