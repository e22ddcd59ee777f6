"""``leaks --against``: exact copies, one-word edits and long passages of training texts in an
evaluation set are all found; unrelated texts cut from the same template are not."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from govern.splits.leaks import check_leaks
from govern.splits.options import LeakOptions
from tests.splits.helpers import BY_ID, chat, policy, shown, split_folder, write_jsonl

TEMPLATES = [
    "the patient {a} said the {b} started after {c} and asked whether {d} would help",
    "please book {a} for a {b} review next {c} and remind them to bring {d} along with the forms",
    "our order {a} arrived without the {b} so I would like a refund to {c} or a new {d} today",
    "can you explain why {a} is slower than {b} when both run on {c} with {d} enabled",
]


def text(template: int, slot: int) -> str:
    """A template filled with slot words no other instance uses: instances share only it."""
    values = {name: f"{name}{slot}{name}" for name in "abcd"}
    return TEMPLATES[template].format(**values)


def one_word_edit(sentence: str, rng: random.Random) -> str:
    words = sentence.split()
    words[rng.randrange(len(words))] = "edited"
    return " ".join(words)


def test_exact_copies_and_one_word_edits_are_all_found_near_misses_are_not(
    tmp_path: Path,
) -> None:
    rng = random.Random(17)
    training = [text(i % 4, i) for i in range(80)]  # 12 to 22 words each
    assert all(12 <= len(t.split()) <= 22 for t in training)
    train = [chat(f"t{i}", t, conversation_id=f"c{i}") for i, t in enumerate(training[:60])]
    test = [chat(f"s{i}", t, conversation_id=f"d{i}") for i, t in enumerate(training[60:])]
    folder = split_folder(tmp_path / "splits", train=train, test=test)
    exact = [{"id": f"exact-{i}", "text": training[i * 3]} for i in range(20)]
    edited = [
        {"id": f"edit-{i}", "text": one_word_edit(training[i * 3 + 1], rng)} for i in range(20)
    ]
    # Near misses: the same templates, every slot different from every training text.
    unrelated = [{"id": f"other-{i}", "text": text(i % 4, 1000 + i)} for i in range(20)]
    evals = write_jsonl(tmp_path / "eval.jsonl", exact + edited + unrelated)
    report = check_leaks(folder, policy(tmp_path), LeakOptions(against=(evals,), reader=BY_ID))
    leaks = [leak for leak in report.leaks if leak["check"] == "contamination"]
    flagged: dict[str, list[dict[str, Any]]] = {}
    for leak in leaks:
        flagged.setdefault(leak["eval"]["id"], []).append(leak)
    assert sorted(flagged) == sorted(
        [f"exact-{i}" for i in range(20)] + [f"edit-{i}" for i in range(20)]
    )
    for i in range(20):
        (copy,) = flagged[f"exact-{i}"]
        expected = (shown(f"t{i * 3}"), shown(f"s{i * 3 - 60}"))
        assert copy["a"]["id"] in expected and "exact" in copy["match"]
        (edit,) = flagged[f"edit-{i}"]
        assert edit["a"]["id"] in (shown(f"t{i * 3 + 1}"), shown(f"s{i * 3 + 1 - 60}"))
        assert "near_duplicate" in edit["match"] and edit["similarity"] >= 0.5
    # Named by their own id field, located by file and line.
    assert flagged["edit-0"][0]["eval"]["at"].endswith("eval.jsonl:21")
    counts = report.checks["contamination"]["matches"]
    assert counts["exact"] == 20 and counts["near_duplicate"] == 20 and counts["ngram"] >= 20


def test_a_long_passage_shares_a_13_gram_and_ids_fall_back_to_the_line(tmp_path: Path) -> None:
    rng = random.Random(3)
    words = [f"w{rng.randrange(10_000)}" for _ in range(200)]
    passage = " ".join(words[50:120])
    folder = split_folder(tmp_path / "splits", train=[chat("long", passage, conversation_id="c")])
    # An eval item quoting 13 words of it inside other text: no near-duplicate, a 13-gram.
    quoted = "intro words " + " ".join(words[70:83]) + " and more unrelated words " * 5
    near_miss = "intro words " + " ".join(words[70:82]) + " and more unrelated words " * 5
    evals = write_jsonl(tmp_path / "eval.jsonl", [{"text": quoted}, {"text": near_miss}])
    report = check_leaks(folder, policy(tmp_path), LeakOptions(against=(evals,), reader=BY_ID))
    (leak,) = [leak for leak in report.leaks if leak["check"] == "contamination"]
    assert leak["match"] == ["ngram"] and leak["eval"]["id"] == "eval.jsonl:1"
