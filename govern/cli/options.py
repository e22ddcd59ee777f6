"""Options that more than one command takes, typed once (``Annotated``) with their help."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

JsonFlag = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON to stdout.")]
ReportOpt = Annotated[Path | None, typer.Option("--report", help="Write the JSON report here.")]
ConfigOpt = Annotated[Path, typer.Option("--config", help="Training config YAML.")]

# Reading records (inspect, scan, split, leaks): each overrides the policy's dataset section.
IdField = Annotated[
    str | None, typer.Option("--id-field", help="Record field with a stable id (policy default).")
]
TextFieldOpt = Annotated[
    list[str] | None,
    typer.Option("--text-field", help="Field path holding text, repeatable (messages.*.content)."),
]
SkipInvalid = Annotated[
    bool, typer.Option("--skip-invalid", help="Skip and count invalid records instead of failing.")
]

# Who runs the work (scan, split, manifest build).
EngineOpt = Annotated[
    str,
    typer.Option("--engine", help="local (this machine) or ray (pip install 'govern-data[ray]')."),
]
RayAddress = Annotated[
    str | None,
    typer.Option("--ray-address", help="Ray cluster (default: $RAY_ADDRESS, else a local Ray)."),
]

# Keys: trusted public keys (verify, export) and backup data keys (backup, retention apply).
TrustedOpt = Annotated[
    list[Path] | None, typer.Option("--trusted", help="Trusted public key, repeatable.")
]
KeyFile = Annotated[
    Path | None,
    typer.Option("--key-file", help="Key file; else the passphrase in $GOVERN_BACKUP_PASSPHRASE."),
]
KeyStoreOpt = Annotated[
    Path | None, typer.Option("--key-store", help="Where data keys live (policy default).")
]
