"""value_hash: the keyed hash reports carry instead of a value is standard HMAC-SHA256."""

from __future__ import annotations

import hashlib
import hmac

from hypothesis import given, settings
from hypothesis import strategies as st

from govern.findings import value_hash


@settings(max_examples=200, deadline=None)
@given(key=st.binary(min_size=16, max_size=200), value=st.text(max_size=80))
def test_value_hash_is_hmac_sha256(key: bytes, value: str) -> None:
    # keys shorter than, equal to and longer than SHA-256's 64-byte block (hashed first)
    expected = hmac.new(key, value.encode("utf-8"), hashlib.sha256).hexdigest()
    assert value_hash(key, value) == f"hmac-sha256:{expected}"


def test_value_hash_depends_on_key_and_value_and_keeps_no_state() -> None:
    first, second = b"k" * 32, b"j" * 32
    one = value_hash(first, "alice@example.org")
    assert one != value_hash(second, "alice@example.org")
    assert one != value_hash(first, "alice@example.com")
    # interleaved keys and repeated calls: no value leaks into the next hash
    assert value_hash(second, "x") == value_hash(second, "x")
    assert value_hash(first, "alice@example.org") == one
    assert value_hash(first, "") != value_hash(first, "\x00")
