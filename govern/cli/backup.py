"""``govern backup``: encrypted, tamper-evident backups and their data keys."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from govern.cli.context import emit, open_key_store, settings
from govern.cli.options import JsonFlag, KeyFile, KeyStoreOpt
from govern.errors import InputError

if TYPE_CHECKING:
    from govern.backup import KeySource

app = typer.Typer(help="Encrypted, tamper-evident backups.", no_args_is_help=True)
key_app = typer.Typer(
    help="Move a backup's wrapped data key between key stores.", no_args_is_help=True
)
app.add_typer(key_app, name="key")


def _backup_key(key_file: Path | None) -> KeySource:
    from govern.backup import KeySource, kdf_from_policy

    if key_file is not None:
        return KeySource.from_file(key_file)
    return KeySource.from_passphrase_env(kdf=kdf_from_policy(settings.policy().policy.backup))


@app.command("create")
def backup_create(
    sources: Annotated[list[Path], typer.Argument(help="Files or folders to back up.")],
    out: Annotated[Path, typer.Option("--out", help="Backup file to write.")],
    key_file: KeyFile = None,
    key_store: KeyStoreOpt = None,
    digest: Annotated[
        str | None,
        typer.Option(
            "--digest",
            help="Per-file digest: blake3 (fast) or sha256 (to compare with a manifest); "
            "default from the policy's backup.digest.",
        ),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Encrypt files into one backup (AES-256-GCM segments); its data key goes to the key store."""
    from govern.backup import create_backup

    policy = settings.policy().policy.backup
    info = create_backup(
        sources,
        out,
        _backup_key(key_file),
        open_key_store(key_store),
        segment_bytes=policy.segment_bytes,
        digest=digest or policy.digest,
    )
    human = [f"{out}: {info.total_bytes} bytes in {len(info.entries)} entries, key {info.key_id}"]
    emit(info.to_json(), as_json, human)


@app.command("keygen")
def backup_keygen(
    out: Annotated[Path, typer.Option("--out", help="Key file to create (0600, never replaced).")],
) -> None:
    """Create a backup key file: 64 hex characters (32 random bytes) and a newline."""
    from govern.backup import generate_key_file

    typer.echo(f"backup key file: {generate_key_file(out)} (keep it apart from the backups)")


@key_app.command("export")
def backup_key_export(
    out: Annotated[Path, typer.Option("--out", help="File to write (0600, never replaced).")],
    key_id: Annotated[str | None, typer.Option("--key-id", help="Data key id.")] = None,
    backup: Annotated[
        Path | None, typer.Option("--backup", help="Backup file whose key to export.")
    ] = None,
    key_store: KeyStoreOpt = None,
) -> None:
    """Copy a backup's data key entry out of the key store, still wrapped under its KEK."""
    from govern.backup import read_header

    if (key_id is None) == (backup is None):
        raise InputError("give exactly one of --key-id and --backup")
    chosen = key_id if key_id is not None else read_header(backup).key_id  # type: ignore[arg-type]
    open_key_store(key_store).export(chosen, out)
    typer.echo(f"exported data key {chosen} to {out} (still wrapped; shred it with the backup)")


@key_app.command("import")
def backup_key_import(
    file: Annotated[Path, typer.Argument(help="File written by `backup key export`.")],
    key_store: KeyStoreOpt = None,
) -> None:
    """Add an exported data key entry to this machine's key store."""
    store = open_key_store(key_store)
    key_id = store.import_entry(file)
    typer.echo(f"imported data key {key_id} into {store.root}")


@app.command("verify")
def backup_verify(
    file: Annotated[Path, typer.Argument(help="Backup file.")],
    key_file: KeyFile = None,
    key_store: KeyStoreOpt = None,
    as_json: JsonFlag = False,
) -> None:
    """Decrypt and check every segment and file hash, writing nothing; exit 1 if tampered."""
    from govern.backup import verify_backup

    info = verify_backup(file, _backup_key(key_file), open_key_store(key_store))
    emit(info.to_json(), as_json, [f"{file}: ok, {len(info.entries)} entries verified"])


@app.command("restore")
def backup_restore(
    file: Annotated[Path, typer.Argument(help="Backup file.")],
    to: Annotated[Path, typer.Option("--to", help="New (or empty) folder to restore into.")],
    key_file: KeyFile = None,
    key_store: KeyStoreOpt = None,
) -> None:
    """Restore names, sizes and modes; nothing appears unless every check passes."""
    from govern.backup import restore_backup

    info = restore_backup(file, to, _backup_key(key_file), open_key_store(key_store))
    typer.echo(f"restored {len(info.entries)} entries into {to}")


@app.command("rotate-key")
def backup_rotate_key(
    targets: Annotated[list[str], typer.Argument(help="Backup files or key ids.")],
    key_file: KeyFile = None,
    new_key_file: Annotated[
        Path | None,
        typer.Option("--new-key-file", help="New key file; else $GOVERN_BACKUP_NEW_PASSPHRASE."),
    ] = None,
    key_store: KeyStoreOpt = None,
) -> None:
    """Rewrap data keys under a new key without re-encrypting the backups."""
    from govern.backup import KeySource, kdf_from_policy, rotate_key

    old = _backup_key(key_file)
    kdf = kdf_from_policy(settings.policy().policy.backup)
    new = (
        KeySource.from_file(new_key_file)
        if new_key_file
        else KeySource.from_passphrase_env("GOVERN_BACKUP_NEW_PASSPHRASE", kdf)
    )
    store = open_key_store(key_store)
    for target in targets:
        typer.echo(f"rewrapped {rotate_key(target, old, new, store)}")


@app.command("shred")
def backup_shred(
    target: Annotated[str, typer.Argument(help="Backup file or key id.")],
    key_store: KeyStoreOpt = None,
) -> None:
    """Destroy a backup's data key: every copy of that backup becomes unreadable for good."""
    from govern.backup import shred

    shred(target, open_key_store(key_store))
    typer.echo(f"shredded the data key of {target}")
