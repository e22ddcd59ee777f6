"""``govern --help`` (and each group's help) starts without the libraries commands use.

Help is what a user runs most often while learning the tool; what it imports decides how fast
it answers, and that is asserted here instead of a time. A command that works still imports
what it needs (the last test), so the check below can tell the two apart.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
# Third-party libraries no help text needs (typer itself brings pydantic to read a command's
# options); govern modules below the CLI load with the command that uses them.
HEAVY = ("yaml", "presidio_analyzer", "detect_secrets", "cryptography", "torch", "transformers")
BELOW_CLI = ("govern.policy", "govern.records", "govern.review", "govern.backup", "govern.train")

RUN = """
import json, sys
from govern.cli import main
try:
    main(sys.argv[1:])
except SystemExit as exit:
    code = exit.code
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def imported_by(*argv: str) -> set[str]:
    """The modules a fresh interpreter imported to run ``govern ARGV`` (which must exit 0)."""
    done = subprocess.run(
        [sys.executable, "-c", RUN, *argv],
        capture_output=True,
        text=True,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        check=False,
    )
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["code"] == 0, done.stderr[-2000:]
    return set(result["modules"])


def heavy_among(modules: set[str]) -> list[str]:
    return sorted(
        name
        for name in modules
        if name.split(".")[0] in HEAVY or any(name.startswith(stage) for stage in BELOW_CLI)
    )


@pytest.mark.parametrize(
    "argv", [["--help"], ["scan", "--help"], ["backup", "create", "--help"], ["review", "--help"]]
)
def test_help_imports_no_library_a_command_uses(argv: list[str]) -> None:
    assert heavy_among(imported_by(*argv)) == []


def test_a_command_imports_what_it_uses() -> None:
    found = heavy_among(imported_by("policy", "check", "policies/default.yaml"))
    assert "govern.policy" in found and "yaml" in found
