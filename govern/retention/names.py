"""How retention records name files: keyed hashes of paths, keyed digests of contents.

File names are personal data often enough (``patient-john-doe-1957-03-02.jsonl``) that plans,
logs and reports name files by ``value_hash`` (HMAC-SHA256 under the project's hash key) unless
the policy says paths are not personal. Contents are pinned by an HMAC digest, never a plain
sha256: a plain digest of a small file confirms a guess of its contents.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from govern.findings import value_hash


@dataclass(frozen=True, slots=True)
class Names:
    """The hash key and whether paths are personal: how a record shows a path."""

    key: bytes
    paths_personal: bool = True

    def show(self, path: str) -> str:
        """``path`` as records keep it: its keyed hash, or itself where paths are not personal."""
        return value_hash(self.key, path) if self.paths_personal else path

    def digests(self, paths: Sequence[Path]) -> list[str]:
        """``hmac-sha256:<hex>`` of each file's bytes under the key, in order (threads)."""
        if len(paths) < 2:
            return [self.digest(path) for path in paths]
        with ThreadPoolExecutor(min(8, len(paths)), thread_name_prefix="hmac") as pool:
            return list(pool.map(self.digest, paths))

    def digest(self, path: Path) -> str:
        mac = hmac.new(self.key, digestmod=hashlib.sha256)
        with open(path, "rb") as handle:
            while block := handle.read(1 << 20):
                mac.update(block)
        return f"hmac-sha256:{mac.hexdigest()}"
