"""The splits of benchmarks/pii.py that no learned judge may be trained or evaluated on.

One set for every trainer (person, username, identifier, date): a split is written blind to
the detector, measured once at first sight, and stays here for one round so that the round's
tuning is measured on text it never saw. When a round is over, its blind split leaves this set
and may be trained on; the next round's split (written before the round starts) takes its place.

Round of session 10: fresh12 and fresh13 are tuned on; fresh14 is the round's blind measure;
fresh15 is written for the round after it. A split is refused by name, whether or not it
exists on the branch.
"""

from __future__ import annotations

BLIND: frozenset[str] = frozenset({"fresh14", "fresh15"})
