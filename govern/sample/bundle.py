"""``govern sample``: the bundled corpus plus a tiny model whose tokenizer is trained on it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from govern.hashing import sha256_file
from govern.io import atomic_write_json
from govern.provenance import provenance
from govern.records import ReaderOptions, read_records, text_fields
from govern.sample.corpus import CorpusSummary, write_corpus
from govern.sample.model import build_tiny_model


@dataclass(frozen=True, slots=True)
class SampleWritten:
    """Where the sample went and what is in it."""

    root: Path
    corpus: CorpusSummary
    model: Path | None

    def to_json(self) -> dict[str, Any]:
        return {
            "root": str(self.root),
            "corpus": str(self.root / "corpus"),
            "labels": str(self.root / "labels"),
            "model": str(self.model) if self.model else None,
            "records": dict(self.corpus.counts),
        }

    def describe(self) -> list[str]:
        lines = [f"sample written to {self.root}"]
        lines += [f"  corpus/{name}: {count} records" for name, count in self.corpus.counts.items()]
        if self.model is not None:
            lines.append(f"  model: {self.model}")
        return lines


PRETRAIN_STEPS = 200  # about 25 s on one CPU thread; the demo then starts from a model that learned


def write_sample(
    out: Path, *, seed: int = 0, with_model: bool = True, pretrain_steps: int = PRETRAIN_STEPS
) -> SampleWritten:
    """Write the sample corpus, its labels and (optionally) the tiny model under ``out``.

    The model is pre-trained for ``pretrain_steps`` updates on a second, non-personal corpus
    (``govern.sample.pretrain``; 0: random weights).

    Deterministic: the same seed and package versions give the same bytes. A
    ``sample.json`` beside them records the tool version, seed and every file's sha256.
    """
    corpus = write_corpus(out, seed=seed)
    model = (
        build_tiny_model(
            out / "model", _corpus_texts(out / "corpus"), seed=seed, pretrain_steps=pretrain_steps
        )
        if with_model
        else None
    )
    files = sorted(p for p in out.rglob("*") if p.is_file() and p.name != "sample.json")
    atomic_write_json(
        out / "sample.json",
        {
            **provenance(
                None,
                params={"seed": seed, "with_model": with_model, "pretrain_steps": pretrain_steps},
            ),
            "files": {p.relative_to(out).as_posix(): sha256_file(p) for p in files},
        },
    )
    return SampleWritten(root=out, corpus=corpus, model=model)


def _corpus_texts(corpus: Path) -> Iterator[str]:
    for record in read_records([corpus], ReaderOptions(id_field="id")):
        for field in text_fields(record):
            yield field.text
