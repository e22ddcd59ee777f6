"""Tiny datasets, model folders and policies for the license tests."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest
import yaml

from govern.policy import LoadedPolicy, load_policy

TODAY = date(2025, 6, 1)
POLICIES = Path(__file__).resolve().parents[2] / "policies"


def shipped_policy(tmp_path: Path, name: str, **licenses: Any) -> LoadedPolicy:
    """The ``dataset`` and ``licenses`` sections of ``policies/<name>.yaml`` (plus overrides).

    Only these sections: the license tests must not break when another section changes.
    """
    shipped = yaml.safe_load((POLICIES / f"{name}.yaml").read_text())
    document = {
        "version": 1,
        "name": f"{name}-licenses",
        "dataset": shipped.get("dataset", {}),
        "licenses": {**shipped["licenses"], **licenses},
    }
    path = tmp_path / f"{name}-licenses.yaml"
    path.write_text(yaml.safe_dump(document, sort_keys=False))
    return load_policy(path)


def chat_records(source: str, count: int, **extra: Any) -> list[dict[str, Any]]:
    return [
        {
            "id": f"{source}-{i}",
            "source": source,
            "messages": [
                {"role": "user", "content": f"question {i}"},
                {"role": "assistant", "content": f"answer {i}"},
            ],
            **extra,
        }
        for i in range(count)
    ]


def card_text(front: dict[str, Any] | str) -> str:
    body = front if isinstance(front, str) else yaml.safe_dump(front, sort_keys=False)
    return f"---\n{body}---\n\n# A dataset\n"


MakeSource = Callable[..., Path]


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    root = tmp_path / "corpus"
    root.mkdir()
    return root


@pytest.fixture
def make_source(corpus: Path) -> MakeSource:
    """Write ``corpus/<name>/data.jsonl`` with an optional card and license files."""

    def make(
        name: str,
        card: dict[str, Any] | str | None = None,
        license_text: str | None = None,
        records: list[dict[str, Any]] | None = None,
        files: dict[str, str] | None = None,
    ) -> Path:
        folder = corpus / name
        folder.mkdir()
        rows = records if records is not None else chat_records(name, 3)
        (folder / "data.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
        if card is not None:
            (folder / "README.md").write_text(card_text(card))
        if license_text is not None:
            (folder / "LICENSE").write_text(license_text)
        for file_name, text in (files or {}).items():
            (folder / file_name).write_text(text)
        return folder

    return make


def make_model_card(folder: Path, card: dict[str, Any], license_text: str | None = None) -> Path:
    """A model folder as the license check sees it: config.json, a card, maybe a LICENSE."""
    folder.mkdir(parents=True)
    (folder / "config.json").write_text(json.dumps({"model_type": "llama"}))
    (folder / "README.md").write_text(card_text(card))
    if license_text is not None:
        (folder / "LICENSE").write_text(license_text)
    return folder


@pytest.fixture
def make_model(tmp_path: Path) -> Callable[..., Path]:
    def make(card: dict[str, Any], license_text: str | None = None) -> Path:
        return make_model_card(tmp_path / "model", card, license_text)

    return make


@pytest.fixture
def default_policy(tmp_path: Path) -> LoadedPolicy:
    return shipped_policy(tmp_path, "default")


@pytest.fixture
def research_policy(tmp_path: Path) -> LoadedPolicy:
    return shipped_policy(tmp_path, "research-noncommercial")
