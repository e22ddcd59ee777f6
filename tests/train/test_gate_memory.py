"""Per-phase memory: RSS before and after each phase and its peak within the phase, not the
process's all-time peak."""

from __future__ import annotations

import sys

import numpy as np
import pytest

from govern.train.gates import GateTable
from govern.train.report import gate_markdown


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="VmHWM resets only on Linux")
def test_each_phase_reports_its_own_peak_and_rss_before_and_after() -> None:
    table = GateTable()
    with table.phase("allocates 400 MB and frees it", 0):
        block = np.ones(50_000_000)  # 400 MB, touched
        block += 1
        del block
    with table.phase("allocates almost nothing", 0):
        small = np.ones(1000)
        small += 1
    with table.phase("keeps 160 MB", 0):
        kept = np.ones(20_000_000)
        kept += 1
    big, small_row, kept_row = table.to_json()
    assert big["host_peak_scope"] == "phase"
    assert big["host_peak_rss_mb"] - big["host_rss_before_mb"] > 300
    # Near miss: an all-time peak would report the first phase's 400 MB here again.
    assert small_row["host_peak_rss_mb"] < big["host_peak_rss_mb"] - 300
    assert kept_row["host_rss_after_mb"] - kept_row["host_rss_before_mb"] > 120
    assert kept_row["host_peak_rss_mb"] >= kept_row["host_rss_after_mb"]
    assert "->" in gate_markdown(table.to_json()).splitlines()[2]
    del kept
