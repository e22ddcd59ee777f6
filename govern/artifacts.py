"""The one way govern loads what it (or anyone) produced: verified, read once, data-only.

Every loader verifies the artifact's signature against trusted keys, then reads each file once
(opened without following symlinks), hashes those bytes, compares them with the signed digest
and parses the same bytes; a file swapped after the check is never the file parsed. Only
safetensors, JSON and text-like data formats are parsed; an artifact holding a pickle-based
file (``.bin``, ``.pt``, ``.pth``, ``.pkl``, ``.ckpt``...) is refused even when signed, and
nothing here ever calls ``pickle`` or ``torch.load``.

Verified files are held in memory (adapters, configs, manifests, the sample data), except a
model's weights: ``load_model`` builds the model with empty weights and streams each signed
safetensors file into it (``govern.signing.tensors``), hashing the bytes it places and dropping
the model when the digest differs, so peak memory is about the model itself.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from govern.errors import InputError
from govern.manifest.build import parse_manifest
from govern.signing.formats import check_content
from govern.signing.keys import load_trusted_keys
from govern.signing.result import Reason, SignatureError, UnsafeFormatError, VerifyResult
from govern.signing.statement import SINGLE_FILE, ArtifactStatement, Kind, unsafe_path
from govern.signing.tensors import stream_safetensors
from govern.signing.tree import UnsafeFile, read_file
from govern.signing.verify import check_artifact, find_signature

if TYPE_CHECKING:
    import torch

ADAPTER_CONFIG = "adapter_config.json"
ADAPTER_WEIGHTS = "adapter_model.safetensors"
# Tokenizer settings copied from tokenizer_config.json; never a class name or auto_map, which
# could make transformers import code.
SENTENCEPIECE_MODEL = "tokenizer.model"
TOKENIZER_KEYS = ("bos_token", "eos_token", "pad_token", "unk_token", "model_max_length")


@dataclass(frozen=True, slots=True)
class VerifiedArtifact:
    """A verified artifact's kept files (name -> bytes) and signed statement.

    A one-file artifact holds one entry named after the file. ``digests`` names every signed
    file, kept or not; a file not kept was hashed, and whoever reads it later hashes it again.
    """

    path: Path
    statement: ArtifactStatement
    signed_by: str
    files: dict[str, bytes]
    digests: dict[str, str]  # name -> sha256, the same names as ``files``

    def json(self, name: str) -> Any:
        return json.loads(self._bytes(name))

    def text(self, name: str) -> str:
        return self._bytes(name).decode("utf-8")

    def tensors(self, name: str) -> dict[str, torch.Tensor]:
        """The tensors of a safetensors file, parsed from the verified bytes (never pickle)."""
        from safetensors.torch import load

        tensors: dict[str, torch.Tensor] = load(self._bytes(name))
        return tensors

    def _bytes(self, name: str) -> bytes:
        if name not in self.files:
            raise InputError(f"{self.path}: has no file {name}")
        return self.files[name]


@dataclass(frozen=True, slots=True)
class Adapter:
    """A verified LoRA adapter: its peft config (a dict) and state dict, ready for peft."""

    config: dict[str, Any]
    state_dict: dict[str, torch.Tensor]
    statement: ArtifactStatement
    digests: dict[str, str] = field(default_factory=dict)  # signed name -> sha256

    def peft_config(self) -> Any:
        """The ``peft.PeftConfig`` for ``get_peft_model(base, adapter.peft_config())``."""
        from peft import PeftConfig

        # peft declares from_peft_type(**kwargs) without annotations.
        return PeftConfig.from_peft_type(**self.config)  # type: ignore[no-untyped-call]


@dataclass(frozen=True, slots=True)
class Model:
    """A verified causal LM built from its config and safetensors, and its tokenizer if any."""

    model: Any  # a transformers PreTrainedModel
    tokenizer: Any  # a PreTrainedTokenizerFast, or None without tokenizer files
    statement: ArtifactStatement


@dataclass(frozen=True, slots=True)
class VerifiedManifest:
    """A signed data manifest, checked, with the sha256 of its exact bytes."""

    manifest: dict[str, Any]
    sha256: str
    statement: ArtifactStatement


def load_verified(
    path: Path,
    trusted_keys: Sequence[Path],
    *,
    kind: Kind | None = None,
    signature: Path | None = None,
    keep: Callable[[str], bool] = lambda name: True,
) -> VerifiedArtifact:
    """Verify ``path`` while reading every file once; the base of every loader here.

    ``keep(name)`` says which files' bytes to hold (default: all); the others are only hashed.
    Raises SignatureError (exit 1) when it is unsigned, untrusted, changed, holds symlinks or
    extra files, lacks a govern statement, or is another ``kind``; UnsafeFormatError (exit 1)
    when any file is not a data-only format; InputError (exit 2) for unreadable input.
    """
    keys = load_trusted_keys(list(trusted_keys))
    checked = check_artifact(path, keys, signature=signature, keep=keep)
    result = checked.result
    statement = result.statement
    if result.ok and statement is None:
        result.reasons.append(Reason("wrong-kind", None, "no govern statement (signed elsewhere)"))
    elif result.ok and statement is not None and kind is not None and statement.kind != kind:
        detail = f"signed as a {statement.kind}, expected a {kind}"
        result.reasons.append(Reason("wrong-kind", None, detail))
    if not result.ok or statement is None or result.signed_by is None:
        raise SignatureError(result)
    for name, data in checked.data.items():
        check_content(name, data)
    return VerifiedArtifact(path, statement, result.signed_by, checked.data, result.files)


def load_adapter(path: Path, trusted_keys: Sequence[Path]) -> Adapter:
    """Load a signed LoRA adapter folder (``adapter_config.json`` + safetensors weights).

    Use: ``model = get_peft_model(base, adapter.peft_config())`` then
    ``set_peft_model_state_dict(model, adapter.state_dict)``. Raises as ``load_verified``.
    """
    artifact = load_verified(path, trusted_keys, kind="adapter")
    for required in (ADAPTER_CONFIG, ADAPTER_WEIGHTS):
        if required not in artifact.files:
            raise InputError(f"{path}: not an adapter folder (no {required})")
    config = artifact.json(ADAPTER_CONFIG)
    if not isinstance(config, dict):
        raise InputError(f"{path}/{ADAPTER_CONFIG}: not a JSON object")
    return Adapter(config, artifact.tensors(ADAPTER_WEIGHTS), artifact.statement, artifact.digests)


def load_model(
    path: Path,
    trusted_keys: Sequence[Path],
    *,
    signature: Path | None = None,
    attn_implementation: str | None = None,
) -> Model:
    """Build a signed Hugging Face causal LM folder from its verified bytes.

    Replaces ``from_pretrained``, which would reopen the files after any check: the model is
    made from ``config.json`` (never with remote code) and every ``*.safetensors`` file, the
    tokenizer from ``tokenizer.json`` or slow BPE files (``vocab.json`` + ``merges.txt``).
    InputError when a weight is missing or unexpected.
    ``signature``: a bundle kept apart from the folder (default: ``find_signature``);
    ``attn_implementation``: transformers' attention kernel (None: its default).
    """
    artifact = load_verified(
        path,
        trusted_keys,
        kind="model",
        signature=signature,
        keep=lambda name: not is_weights(name),
    )
    return model_from_artifact(artifact, attn_implementation=attn_implementation)


def is_weights(name: str) -> bool:
    """A safetensors weights file: streamed into the model, never held as bytes."""
    return name.endswith(".safetensors")


def model_from_artifact(
    artifact: VerifiedArtifact, *, attn_implementation: str | None = None
) -> Model:
    """``load_model``'s build step, for a caller that also needs the verified files.

    The model is made with empty weights, then every signed ``*.safetensors`` file is streamed
    into it from disk (kept bytes, if a caller kept them, are not used); SignatureError when a
    weights file changed since the signature check, InputError when a weight is missing or
    unexpected.
    """
    from accelerate import init_empty_weights
    from transformers import AutoConfig, AutoModelForCausalLM

    path = artifact.path
    settings = artifact.json("config.json")
    if not isinstance(settings, dict) or not isinstance(settings.get("model_type"), str):
        raise InputError(f"{path}/config.json: no model_type")
    try:
        config = AutoConfig.for_model(settings.pop("model_type"), **settings)
    except ValueError as exc:
        raise InputError(f"{path}/config.json: {exc}") from None
    # Parameters on the meta device, buffers (rotary tables...) computed for real.
    kernel = {"attn_implementation": attn_implementation} if attn_implementation else {}
    try:
        with init_empty_weights(include_buffers=False):
            model = AutoModelForCausalLM.from_config(config, **kernel)  # type: ignore[no-untyped-call]
    except (ImportError, ValueError) as exc:  # a kernel this model or machine does not have
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise InputError(f"attn_implementation: {attn_implementation}: {first}") from None
    unexpected: list[str] = []
    for name in sorted(name for name in artifact.digests if is_weights(name)):
        _stream_weights(artifact, name, model, unexpected)
    model.tie_weights()
    # Tied weights (lm_head = embeddings) are saved once and tied above; any gap left is broken.
    missing = [key for key, tensor in model.state_dict().items() if tensor.is_meta]
    if missing or unexpected:
        found = ", ".join([*missing, *unexpected][:5])
        raise InputError(f"{path}: weights do not match config.json ({found})")
    return Model(model.eval(), _tokenizer(artifact), artifact.statement)


def _stream_weights(
    artifact: VerifiedArtifact, name: str, model: Any, unexpected: list[str]
) -> None:
    """Stream one signed safetensors file into ``model``; SignatureError if it changed since."""
    import torch

    def place(key: str, tensor: torch.Tensor) -> None:
        module_name, _, leaf = key.rpartition(".")
        try:
            module = model.get_submodule(module_name)
        except AttributeError:
            unexpected.append(key)
            return
        slots = module._parameters if leaf in module._parameters else module._buffers
        current = slots.get(leaf)
        if current is None:
            unexpected.append(key)
            return
        if current.shape != tensor.shape:
            shape = list(tensor.shape)
            raise InputError(
                f"{artifact.path}/{name}: {key} has shape {shape}, not {list(current.shape)}"
            )
        value = tensor.to(current.dtype)  # a no-op when the file holds the model's dtype
        is_parameter = slots is module._parameters
        slots[leaf] = torch.nn.Parameter(value, current.requires_grad) if is_parameter else value

    try:
        streamed = stream_safetensors(artifact.path, name, place)
    except UnsafeFile as exc:
        raise SignatureError(_failed(artifact.path, [Reason(exc.kind, name, exc.reason)])) from None
    if streamed.sha256 != artifact.digests[name]:
        reason = Reason("changed", name, "sha256 differs (changed while loading)")
        raise SignatureError(_failed(artifact.path, [reason]))


def _tokenizer(artifact: VerifiedArtifact) -> Any:
    """The tokenizer from ``tokenizer.json``, else from slow files; None without any.

    Slow files are built into a fast tokenizer from the verified bytes: byte-level BPE
    (``vocab.json`` + ``merges.txt``, as GPT-2 and Qwen ship them) or a SentencePiece
    ``tokenizer.model`` (Llama-2, Mistral v0.1, Gemma), its protobuf parsed as data and
    converted the way transformers converts it, following the model's own normalizer settings.
    Special tokens come from the config's ``added_tokens_decoder`` and its named tokens.
    """
    from tokenizers import Tokenizer
    from transformers import PreTrainedTokenizerFast

    if "tokenizer.json" in artifact.files:
        backend = Tokenizer.from_str(artifact.text("tokenizer.json"))
    elif "vocab.json" in artifact.files and "merges.txt" in artifact.files:
        backend = _byte_level_bpe(artifact)
    elif SENTENCEPIECE_MODEL in artifact.files:
        backend = _sentencepiece(artifact)
    else:
        return None

    settings = (
        artifact.json("tokenizer_config.json") if "tokenizer_config.json" in artifact.files else {}
    )
    kwargs = {key: settings[key] for key in TOKENIZER_KEYS if key in settings}
    if "chat_template.jinja" in artifact.files:
        kwargs["chat_template"] = artifact.text("chat_template.jinja")
    elif isinstance(settings.get("chat_template"), str):
        kwargs["chat_template"] = settings["chat_template"]
    # transformers declares this __init__ as (*args, **kwargs), untyped.
    return PreTrainedTokenizerFast(tokenizer_object=backend, **kwargs)  # type: ignore[no-untyped-call]


def _byte_level_bpe(artifact: VerifiedArtifact) -> Any:
    from tokenizers import AddedToken, Tokenizer, decoders, models, pre_tokenizers

    vocab = artifact.json("vocab.json")
    lines = artifact.text("merges.txt").splitlines()
    merges = [tuple(line.split(" ", 1)) for line in lines if line and not line.startswith("#v")]
    if not isinstance(vocab, dict) or any(len(pair) != 2 for pair in merges):
        raise InputError(f"{artifact.path}: vocab.json/merges.txt are not byte-level BPE files")
    backend = Tokenizer(models.BPE(vocab, merges))  # type: ignore[arg-type]
    backend.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    backend.decoder = decoders.ByteLevel()
    backend.add_special_tokens([AddedToken(token, special=True) for token in _specials(artifact)])
    return backend


def _sentencepiece(artifact: VerifiedArtifact) -> Any:
    """A fast tokenizer from a SentencePiece ``tokenizer.model`` (BPE or Unigram), via protobuf."""
    from tokenizers import AddedToken
    from transformers.convert_slow_tokenizer import SpmConverter, import_protobuf

    proto = import_protobuf().ModelProto()  # type: ignore[no-untyped-call]
    try:
        proto.ParseFromString(artifact.files[SENTENCEPIECE_MODEL])
    except Exception:  # protobuf's DecodeError; the format check already walked the bytes
        raise InputError(
            f"{artifact.path}/{SENTENCEPIECE_MODEL}: not a SentencePiece model"
        ) from None
    kind = proto.trainer_spec.model_type  # 1 unigram, 2 BPE (3 word, 4 char: not converted)
    vocab: Any
    if kind == 2:
        vocab = {piece.piece: index for index, piece in enumerate(proto.pieces)}
    elif kind == 1:
        vocab = [(piece.piece, piece.score) for piece in proto.pieces]
    else:
        raise InputError(
            f"{artifact.path}/{SENTENCEPIECE_MODEL}: SentencePiece model type {kind} is not "
            "converted (BPE and Unigram are); ship a tokenizer.json"
        )
    settings = _tokenizer_settings(artifact)
    legacy = settings.get("legacy", True) is not False
    build = SpmConverter.build_tokenizer_from_spm_proto
    backend = build(proto, vocab, legacy=legacy)  # type: ignore[no-untyped-call]
    # Unknown (2) and control (3) pieces, <unk> <s> </s> <pad>..., are never split from text.
    special = [piece.piece for piece in proto.pieces if piece.type in (2, 3)]
    tokens = dict.fromkeys([*special, *_specials(artifact)])
    backend.add_special_tokens([AddedToken(token, special=True) for token in tokens])
    return backend


def _tokenizer_settings(artifact: VerifiedArtifact) -> dict[str, Any]:
    found = (
        artifact.json("tokenizer_config.json") if "tokenizer_config.json" in artifact.files else {}
    )
    return found if isinstance(found, dict) else {}


def _specials(artifact: VerifiedArtifact) -> list[str]:
    """The config's added special tokens and its named ones (bos, eos, pad, unk)."""
    settings = _tokenizer_settings(artifact)
    added = settings.get("added_tokens_decoder") or {}
    special = [entry["content"] for entry in added.values() if isinstance(entry, dict)]
    special += [settings[key] for key in TOKENIZER_KEYS[:4] if isinstance(settings.get(key), str)]
    return list(dict.fromkeys(special))


def load_manifest(path: Path, trusted_keys: Sequence[Path]) -> VerifiedManifest:
    """Load a data manifest signed as one file (``MANIFEST.json`` + ``MANIFEST.json.sig``)."""
    artifact = load_verified(path, trusted_keys, kind="data-manifest")
    if len(artifact.files) != 1 or path.name not in artifact.files:
        raise InputError(f"{path}: a signed data manifest is one signed JSON file")
    raw = artifact.files[path.name]
    manifest = parse_manifest(raw, path)
    return VerifiedManifest(manifest, artifact.digests[path.name], artifact.statement)


def load_dataset_files(
    manifest_path: Path, trusted_keys: Sequence[Path], *, base: Path | None = None
) -> dict[str, bytes]:
    """The bytes of every file a signed data manifest lists, each checked against it.

    Trust flows signature -> manifest -> files: each file is read once without following
    symlinks, its size and sha256 compared with the manifest, its format checked. Paths are
    relative to ``base`` (default: the manifest's own base). Files present but not listed
    are never read. Raises SignatureError naming every file that differs.
    """
    verified = load_manifest(manifest_path, trusted_keys)
    base_dir = base if base is not None else Path(verified.manifest["base"])
    loaded: dict[str, bytes] = {}
    problems = []
    for entry in verified.manifest["files"]:
        name = entry["path"]
        if (why := unsafe_path(name)) is not None or name == SINGLE_FILE:
            problems.append(
                Reason("unsafe-path", name, f"unsafe path in the manifest ({why or 'empty'})")
            )
            continue
        try:
            read = read_file(base_dir, name, keep=True)
        except UnsafeFile as exc:
            problems.append(Reason(exc.kind, name, exc.reason))
            continue
        if read.sha256 != entry["sha256"] or read.size != entry["size"]:
            problems.append(Reason("changed", name, "sha256 differs from the signed manifest"))
        elif read.data is not None:
            loaded[name] = read.data
    if problems:
        raise SignatureError(_failed(manifest_path, problems))
    for name, data in loaded.items():
        check_content(name, data)
    return loaded


def verified_bytes(path: Path, trusted_keys: Sequence[Path]) -> dict[str, bytes]:
    """Every file of a signed artifact of any kind, verified; name -> bytes."""
    return load_verified(path, trusted_keys).files


def _failed(path: Path, reasons: list[Reason]) -> VerifyResult:
    return VerifyResult(artifact=str(path), signature=str(find_signature(path)), reasons=reasons)


__all__ = [
    "Adapter",
    "Model",
    "UnsafeFormatError",
    "VerifiedArtifact",
    "VerifiedManifest",
    "load_adapter",
    "load_dataset_files",
    "load_manifest",
    "load_model",
    "is_weights",
    "load_verified",
    "model_from_artifact",
    "verified_bytes",
]
