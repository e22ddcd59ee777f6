"""Progress bars: drawn on stderr when it is a terminal, never in piped output."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.conftest import run_govern

RECORDS = 3000


def run_on_terminal(*args: str, cwd: Path) -> tuple[int, str, str]:
    """``python -m govern ARGS`` with stderr on a pseudo-terminal and stdout piped.

    Returns (exit code, stdout, what the terminal received).
    """
    master, slave = pty.openpty()
    received: list[bytes] = []

    def drain() -> None:
        # The pty buffer is small: read while the command runs, until its side closes.
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO once the child's end is closed
                return
            if not chunk:
                return
            received.append(chunk)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "120"}
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "govern", *args],
            cwd=cwd,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=slave,
            env=env,
            text=True,
        )
        os.close(slave)
        stdout, _ = process.communicate(timeout=300)
        reader.join(timeout=30)
    finally:
        os.close(master)
    return process.returncode, stdout, b"".join(received).decode("utf-8", "replace")


@pytest.fixture(scope="module")
def instructions(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("progress")
    lines = [
        json.dumps(
            {
                "instruction": f"Write a short note number {i} about topic {i % 97}.",
                "input": "",
                "output": f"Note {i}: the topic {i % 97} matters for reason {i * 7 % 13}.",
            }
        )
        for i in range(RECORDS)
    ]
    (root / "data.jsonl").write_text("\n".join(lines) + "\n")
    return root


def test_split_and_leaks_draw_progress_on_a_terminal(instructions: Path) -> None:
    code, stdout, terminal = run_on_terminal(
        "split", "data.jsonl", "--out", "tty-out", "--json", cwd=instructions
    )
    assert code == 0, terminal
    assert "Split: reading keys (1/2)" in terminal and "Split: writing (2/2)" in terminal
    # stdout stays clean: the report only, no bar and no terminal control codes.
    assert json.loads(stdout)["groups"]["total"] == RECORDS
    assert "\x1b[" not in stdout and "Split:" not in stdout
    code, stdout, terminal = run_on_terminal("leaks", "tty-out", "--json", cwd=instructions)
    assert code in (0, 1), terminal
    for step in ("Leaks: reading", "Leaks: MinHash", "Leaks: candidate pairs"):
        assert step in terminal, step
    assert "Leaks:" not in stdout and json.loads(stdout)["records"]
    code, stdout, terminal = run_on_terminal("licenses", "data.jsonl", "--json", cwd=instructions)
    assert code in (0, 1), terminal  # no license declared: awaiting review
    assert "Licenses: reading" in terminal and "Licenses: sources" in terminal
    assert "Licenses:" not in stdout


def test_piped_output_has_no_progress(instructions: Path) -> None:
    result = run_govern("split", "data.jsonl", "--out", "pipe-out", cwd=instructions)
    assert result.returncode == 0, result.stderr
    leaks = run_govern("leaks", "pipe-out", cwd=instructions)
    assert leaks.returncode in (0, 1), leaks.stderr
    for output in (result.stdout, result.stderr, leaks.stdout, leaks.stderr):
        assert "Split:" not in output and "Leaks:" not in output
        assert "\x1b[" not in output
    assert "groups:" in result.stdout  # near miss: the report itself is printed
