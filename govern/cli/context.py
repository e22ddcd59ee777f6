"""What every command shares: the global options in effect, the policy they name, printing.

The global callback (``govern.cli``) fills ``settings``; a command reads the policy through
``settings.policy()`` and prints through ``emit``, which adds the policy it used.
"""

from __future__ import annotations

import json
import sys
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

if TYPE_CHECKING:
    from govern.backup import KeyStore
    from govern.policy import LoadedPolicy, PolicyChoice
    from govern.records import ReaderOptions


@dataclass(slots=True)
class Settings:
    """The global options of this invocation and the policy they select, loaded on first use."""

    policy_path: Path | None = None
    debug: bool = False
    _loaded: LoadedPolicy | None = None
    _choice: PolicyChoice | None = None

    def reset(self, policy_path: Path | None, debug: bool) -> None:
        """Start an invocation: these options, no policy loaded yet."""
        self.policy_path = policy_path
        self.debug = debug
        self._loaded = None
        self._choice = None

    def policy(self) -> LoadedPolicy:
        """The policy in effect (``find_policy``'s rule), loaded once."""
        from govern.policy import find_policy, load_policy

        if self._loaded is None:
            self._choice = find_policy(self.policy_path)
            self._loaded = load_policy(self._choice.path)
        return self._loaded

    def policy_used(self) -> dict[str, str] | None:
        """Which policy this command used and by which rule; None when it read none."""
        if self._loaded is None or self._choice is None:
            return None
        return {**self._loaded.provenance(), "source": self._choice.source}


settings = Settings()


def emit(payload: dict[str, Any], as_json: bool, human: list[str]) -> None:
    """Print ``payload`` as JSON or ``human`` as lines, both naming the policy the command used."""
    used = settings.policy_used()
    if used is not None:
        payload = {"policy_in_effect": used, **payload}
        human = [*human, f"policy: {used['path']} ({used['source']}, sha256 {used['sha256'][:12]})"]
    if as_json:
        typer.echo(json.dumps(payload, indent=2, sort_keys=True, ensure_ascii=False))
    else:
        for line in human:
            typer.echo(line)


def reader_options(
    id_field: str | None, text_fields: list[str] | None, skip_invalid: bool
) -> ReaderOptions:
    """Reader options: the policy's ``dataset`` section, overridden by command-line flags."""
    return settings.policy().policy.dataset.reader_options(id_field, text_fields, skip_invalid)


def stdin_as_file(paths: list[Path], stack: ExitStack) -> list[Path]:
    """``-`` among ``paths`` becomes a private temporary copy of standard input (JSONL, or a
    JSON array when it starts with ``[``), named ``stdin.jsonl``/``stdin.json``."""
    if Path("-") not in paths:
        return paths
    import shutil
    import tempfile

    folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="govern-stdin-")))
    data = sys.stdin.buffer
    head = data.peek(64)[:64] if hasattr(data, "peek") else b""
    copy = folder / ("stdin.json" if head.lstrip().startswith(b"[") else "stdin.jsonl")
    with copy.open("wb") as handle:
        shutil.copyfileobj(data, handle)
    return [copy if path == Path("-") else path for path in paths]


def open_key_store(path: Path | None) -> KeyStore:
    """The backup key store at ``path``, else the policy's ``backup.key_store``."""
    from govern.backup import KeyStore

    configured = str(path) if path else settings.policy().policy.backup.key_store
    return KeyStore.default(configured)
