"""The breadth engine for secrets: the Kingfisher SDK's ~490 rules in one Vectorscan pass.

Kingfisher (``kingfisher-secret-scanner`` on PyPI, Apache-2.0, MongoDB) ships the gitleaks-derived
"betterleaks" rules and Google's Veles rules compiled into one Vectorscan database; it scans a
batch of fields joined into one buffer at hundreds of MB/s. It keeps up with the published rule
sets, which govern's own plugins (``secret_plugins.py``) and detect-secrets cannot; those stay
for what users know and for the ML-stack formats the rules miss.

Offline by construction: govern uses only ``Rules`` and ``Scanner.scan``, which compile rules and
match bytes in-process. The SDK's ``Validator`` and ``Revoker`` (the calls that contact
providers) are never imported here; ``tests/scan/test_breadth.py`` scans with sockets banned and
both classes made to raise. Findings come back with the secret's byte offsets into the scanned
buffer (``location.start_offset/end_offset``, the capture, not the whole rule match), which map
back to character offsets in each field. Only *visible* findings count: invisible ones are the
SDK's supporting matches (e.g. an AWS secret waiting for its key id) kept for validation.

Compiling the rules costs ~3 CPU-seconds, so it happens on first use (the scan warms detectors
before forking workers) and the compiled database is cached by the SDK in the user's cache
directory (~0.3 s to load), never beside the data.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from govern.policy import Policy
from govern.scan.base import Detector, Hit

_SEPARATOR = b"\n\n"
_BATCH_BYTES = 32 * 1024
_SCORES = {"high": 1.0, "medium": 0.9, "low": 0.7}
# Rule families whose subtype govern's plugins name differently.
_SUBTYPES = {
    "gcp": "google_api_key",
    "aws": "aws_access_key",
    "private": "private_key",
    "hugging": "huggingface",
    "gitlab": "gitlab",
    "github": "github",
}


def _subtype(rule_id: str) -> str:
    """``betterleaks.github-pat`` -> ``github``; ``veles.stripe/...`` -> ``stripe``."""
    name = rule_id.split(".", 1)[-1]
    family = name.replace("/", "-").replace("_", "-").split("-")[0].lower()
    return _SUBTYPES.get(family, family)


class BreadthDetector(Detector):
    """Secrets in the formats of gitleaks' and trufflehog's rules, via the Kingfisher SDK."""

    name = "kingfisher"
    section = "secrets"

    def __init__(self, policy: Policy) -> None:
        super().__init__(policy)
        self._scanner: Any = None  # built on first use: compiling the rules is the slow part

    @classmethod
    def enabled(cls, policy: Policy) -> bool:
        """On with the secrets section unless ``secrets.breadth_engine`` is false."""
        return policy.secrets.enabled and policy.secrets.breadth_engine

    def _ready(self) -> Any:
        if self._scanner is None:
            import kingfisher_sdk

            rules = kingfisher_sdk.Rules()
            # redact=False: govern needs the value only to find its span and hash it in memory;
            # base64 on: a JWT or key wrapped in base64 is still that secret.
            self._scanner = kingfisher_sdk.Scanner(rules, base64=True, redact=False)
        return self._scanner

    def detect(self, text: str) -> list[Hit]:
        """Every visible Kingfisher finding in ``text``, offsets into ``text``."""
        return self.detect_many([text])[0]

    def detect_many(self, texts: Sequence[str]) -> list[list[Hit]]:
        """``detect`` on each text; consecutive texts are scanned together, ~32 KB at a time."""
        results: list[list[Hit]] = [[] for _ in texts]
        encoded = [text.encode("utf-8", "surrogatepass") for text in texts]
        first = 0
        while first < len(encoded):
            # The SDK's cost per byte grows with the buffer (70-150 MB per CPU-second up to
            # ~64 KB, 34 at 1 MB): scan batches of about _BATCH_BYTES.
            last, size = first, 0
            while last < len(encoded) and (last == first or size < _BATCH_BYTES):
                size += len(encoded[last]) + len(_SEPARATOR)
                last += 1
            if size > len(_SEPARATOR) * (last - first):
                self._scan_batch(texts, encoded, range(first, last), results)
            first = last
        for hits in results:
            if len(hits) > 1:
                hits.sort(key=lambda h: (h.start, h.end, h.detector))
        return results

    def _scan_batch(
        self, texts: Sequence[str], encoded: list[bytes], batch: range, results: list[list[Hit]]
    ) -> None:
        """Scan ``encoded[batch]`` joined as one buffer; add each hit to its text's list."""
        starts: list[int] = []
        offset = 0
        for index in batch:
            starts.append(offset)
            offset += len(encoded[index]) + len(_SEPARATOR)
        buffer = _SEPARATOR.join(encoded[index] for index in batch)
        crossing: set[int] = set()
        for finding in self._ready().scan(buffer):
            if not finding.visible:
                continue
            location = finding.location
            begin, end = location["start_offset"], location["end_offset"]
            position = _index_of(starts, begin)
            index = batch[position]
            local_begin, local_end = begin - starts[position], end - starts[position]
            if local_end > len(encoded[index]):
                crossing.add(index)  # a multi-line rule ran into the next field: rescan alone
                continue
            hit = self._hit(texts[index], encoded[index], local_begin, local_end, finding)
            results[index].append(hit)
        for index in crossing:
            data = encoded[index]
            results[index] = [
                self._hit(
                    texts[index], data, f.location["start_offset"], f.location["end_offset"], f
                )
                for f in self._ready().scan(data)
                if f.visible and f.location["end_offset"] <= len(data)
            ]

    def _hit(self, text: str, data: bytes, begin: int, end: int, finding: Any) -> Hit:
        start, stop = _char_offset(text, data, begin), _char_offset(text, data, end)
        return Hit(
            start,
            stop,
            "SECRET",
            f"kingfisher:{finding.rule_id}",
            _SCORES.get(str(finding.confidence).lower(), 0.8),
            _subtype(finding.rule_id),
        )


def _index_of(starts: list[int], offset: int) -> int:
    """The field whose bytes start at or before ``offset`` (binary search over ``starts``)."""
    low, high = 0, len(starts) - 1
    while low < high:
        middle = (low + high + 1) // 2
        if starts[middle] <= offset:
            low = middle
        else:
            high = middle - 1
    return low


def _char_offset(text: str, data: bytes, byte_offset: int) -> int:
    """The character offset in ``text`` of UTF-8 byte offset ``byte_offset`` of ``data``."""
    if len(data) == len(text):
        return byte_offset  # ASCII
    return len(data[:byte_offset].decode("utf-8", "ignore"))
