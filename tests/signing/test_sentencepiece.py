"""A model folder with only a SentencePiece ``tokenizer.model`` (Llama-2, Mistral v0.1, Gemma
style) loads through the verified loader and tokenizes as SentencePiece itself does."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from govern.artifacts import load_model
from govern.signing import ArtifactStatement, SignatureError, UnsafeFormatError, sign_artifact
from govern.signing.formats import check_content
from tests.signing.helpers import KeyPair

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
LlamaForCausalLM = transformers.LlamaForCausalLM

WORDS = (
    "router modem reset lights cable power network switch restart firmware update account "
    "password printer screen battery charger office kitchen garden window weather morning "
    "evening quickly slowly carefully always never please thanks hello world today tomorrow"
).split()
LINES = [
    f"Ticket {i}: the {WORDS[i % n]} and {WORDS[i * 7 % n]} {WORDS[i * 11 % n]}; café {i % 13}"
    for n in [len(WORDS)]
    for i in range(400)
]
SAMPLES = [
    "hello world",
    "Ticket 12: the router restarts",
    "  two  spaces and trailing ",
    "café ünïcode 😀 never seen",  # bytes the vocabulary lacks: byte fallback for BPE
    "line one\nline two",
    "",
]


def trained_model(kind: str) -> bytes:
    """A SentencePiece model trained here, with Llama's settings (byte fallback, <unk> <s> </s>)."""
    spm = pytest.importorskip("sentencepiece")
    out = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(LINES), model_writer=out, model_type=kind, vocab_size=400,
        byte_fallback=kind == "bpe", character_coverage=1.0, num_threads=1,
        unk_id=0, bos_id=1, eos_id=2, pad_id=-1, hard_vocab_limit=False,
    )  # fmt: skip
    return out.getvalue()


def model_folder(root: Path, spm_model: bytes, vocab_size: int) -> Path:
    folder = root / "model"
    config = transformers.LlamaConfig(
        hidden_size=16, intermediate_size=32, num_hidden_layers=1, num_attention_heads=2,
        num_key_value_heads=1, vocab_size=vocab_size, bos_token_id=1, eos_token_id=2,
    )  # fmt: skip
    LlamaForCausalLM(config).save_pretrained(folder)
    (folder / "tokenizer.model").write_bytes(spm_model)
    settings = {"bos_token": "<s>", "eos_token": "</s>", "unk_token": "<unk>", "legacy": True}
    (folder / "tokenizer_config.json").write_text(json.dumps(settings))
    return folder


@pytest.mark.parametrize("kind", ["bpe", "unigram"])
def test_tokenizer_model_alone_tokenizes_as_sentencepiece(
    tmp_path: Path, keys: KeyPair, kind: str
) -> None:
    spm = pytest.importorskip("sentencepiece")
    data = trained_model(kind)
    reference = spm.SentencePieceProcessor(model_proto=data)
    folder = model_folder(tmp_path, data, reference.get_piece_size())
    sign_artifact(folder, keys.private, ArtifactStatement(kind="model"))
    tokenizer = load_model(folder, [keys.public]).tokenizer
    assert tokenizer is not None and len(tokenizer) == reference.get_piece_size()
    for text in SAMPLES:
        ids = tokenizer.encode(text, add_special_tokens=False)
        assert ids == reference.encode(text), text
        if reference.unk_id() not in ids:  # SentencePiece shows <unk> as " ⁇ ", we as "<unk>"
            assert tokenizer.decode(ids) == reference.decode(ids), text
    assert tokenizer.eos_token == "</s>" and tokenizer.eos_token_id == 2
    # Control pieces are special: "</s>" in a template is one token, not its characters.
    assert tokenizer.encode("hi</s>", add_special_tokens=False)[-1] == 2


def test_a_changed_tokenizer_model_is_refused(tmp_path: Path, keys: KeyPair) -> None:
    data = trained_model("bpe")
    folder = model_folder(tmp_path, data, 512)
    sign_artifact(folder, keys.private, ArtifactStatement(kind="model"))
    changed = bytearray(data)
    changed[-3] ^= 1
    (folder / "tokenizer.model").write_bytes(bytes(changed))
    with pytest.raises(SignatureError, match="tokenizer.model: sha256 differs"):
        load_model(folder, [keys.public])


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b"\x80\x04\x95 pickle", "pickle data"),
        (b"\x0a\xff\xff\xff\xff\x0f", "not a protobuf message"),  # a length past the end
        (b"\x08\x01", "no pieces"),  # a well-formed message without field 1
        (b"\x07\x00", "not a protobuf message"),  # wire type 7 does not exist
    ],
)
def test_only_a_protobuf_with_pieces_passes_as_tokenizer_model(data: bytes, problem: str) -> None:
    with pytest.raises(UnsafeFormatError, match=problem):
        check_content("tokenizer.model", data)


def test_a_real_sentencepiece_model_passes_the_format_check() -> None:
    found: Any = check_content("tokenizer.model", trained_model("unigram"))
    assert found.format == "sentencepiece" and found.loadable
    # Near miss: the same bytes under another name are an unknown format, never parsed.
    with pytest.raises(UnsafeFormatError, match="unknown format"):
        check_content("weights.model", trained_model("unigram"))
