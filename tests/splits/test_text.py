"""Hashed words, shingle sets and the exact Jaccard behind the near-duplicate check."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from govern.errors import InputError
from govern.records import ReaderOptions, Record, read_records
from govern.splits.neardup import ShingleSets, _jaccard, _rows_per_band
from govern.splits.text import record_text, words

texts = st.lists(st.text(alphabet="ab cD,é!", max_size=30), min_size=1, max_size=20)


def test_record_text_joins_the_fields_the_reader_resolved(tmp_path: Path) -> None:
    path = tmp_path / "items.jsonl"
    rows = [
        {"messages": [{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "Yo"}]},
        {"question": "Q?", "answer": "A.", "meta": {"note": "not text"}},
    ]
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    chat, qa = read_records([path], ReaderOptions())
    assert chat.texts is not None and qa.texts is not None
    assert [record_text(chat, None), record_text(qa, None)] == ["Hi\nYo", "Q?\nA."]
    # The reader's resolution is what counts: the same data built by hand resolves alike...
    by_hand = Record("q", dict(qa.data), str(path), 2)
    assert by_hand.texts is None and record_text(by_hand, None) == "Q?\nA."
    # ...and a configured field the record lacks is refused with its location, not skipped.
    with pytest.raises(InputError, match=r"items\.jsonl:2: configured text field 'prompt'"):
        record_text(by_hand, ("prompt",))


def test_normalized_texts_hash_alike() -> None:
    hashed = words(["Hello, World!", "hello   world", "HELLO\tworld?", "hello worlds", "", "!!"])
    identity = hashed.text_hashes().tolist()
    assert identity[0] == identity[1] == identity[2] != identity[3]
    assert hashed.lengths.tolist() == [2, 2, 2, 2, 0, 0]
    assert identity[4] == identity[5]  # texts without words: the exact check skips them


def test_unicode_is_folded_before_hashing() -> None:
    hashed = words(["Grüße aus Köln", "grüsse AUS köln", "ﬁne"])
    assert hashed.text_hashes()[0] == hashed.text_hashes()[1]
    assert hashed.text_hashes()[2] == words(["fine"]).text_hashes()[0]  # NFKC ligature


@settings(max_examples=50, deadline=None)
@given(texts)
def test_words_and_ngrams_hash_by_content_not_position(batch: list[str]) -> None:
    hashed = words(batch)
    split = [text.casefold().replace(",", " ").replace("!", " ").split() for text in batch]
    assert hashed.lengths.tolist() == [len(w) for w in split]
    by_word: dict[str, int] = {}
    for word, value in zip([w for ws in split for w in ws], hashed.hashes.tolist(), strict=True):
        assert by_word.setdefault(word, value) == value
    grams, owner = hashed.ngrams(2)
    assert len(grams) == sum(max(0, len(ws) - 1) for ws in split)
    assert owner.tolist() == sorted(owner.tolist())


@settings(max_examples=50, deadline=None)
@given(st.lists(st.sets(st.integers(0, 40), max_size=15), min_size=2, max_size=8))
def test_jaccard_is_exact(sets: list[set[int]]) -> None:
    owner = np.repeat(np.arange(len(sets)), [len(s) for s in sets])
    values = np.concatenate([np.sort(np.array(sorted(s), dtype=np.uint64)) for s in sets])
    shingles = ShingleSets.of(values.astype(np.uint64), owner.astype(np.int64), len(sets))
    left = np.array([i for i in range(len(sets)) for j in range(len(sets)) if i < j], np.int64)
    right = np.array([j for i in range(len(sets)) for j in range(len(sets)) if i < j], np.int64)
    similarity, differing = _jaccard(shingles, left, right)
    for k, (i, j) in enumerate(zip(left.tolist(), right.tolist(), strict=True)):
        union = len(sets[i] | sets[j])
        assert similarity[k] == (len(sets[i] & sets[j]) / union if union else 0.0)
        assert differing[k] == len(sets[i] ^ sets[j])


def test_bands_catch_a_pair_at_the_threshold() -> None:
    for threshold in (0.5, 0.8, 0.9):
        rows = _rows_per_band(threshold, 32)
        assert 1 - (1 - threshold**rows) ** (32 // rows) >= 0.98
        assert 1 - (1 - threshold ** (rows + 1)) ** (32 // (rows + 1)) < 0.98
