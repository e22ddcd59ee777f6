"""The command line as a user and a CI script see it: exit codes, one-line errors, JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import run_govern as govern


def test_help_lists_commands() -> None:
    result = govern("--help")
    assert result.returncode == 0
    for command in ("policy", "inspect", "sample"):
        assert command in result.stdout


@pytest.mark.parametrize("command", [["policy", "check"], ["inspect"], ["sample"], ["policy"]])
def test_every_command_has_help(command: list[str]) -> None:
    result = govern(*command, "--help")
    assert result.returncode == 0, result.stderr
    assert "Usage" in result.stdout


def test_console_script_is_installed() -> None:
    script = Path(sys.executable).parent / "govern"
    result = subprocess.run([str(script), "--version"], capture_output=True, text=True)
    assert result.returncode == 0
    assert result.stdout.startswith("govern ")


def test_policy_check_default_passes() -> None:
    result = govern("policy", "check", "policies/default.yaml", "--json")
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    assert payload["valid"] is True and len(payload["sha256"]) == 64


def test_policy_check_misspelt_key_exit_2_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("version: 1\nname: x\nsecrets:\n  enabeld: true\n")
    result = govern("policy", "check", str(bad))
    assert result.returncode == 2
    assert result.stderr.strip() == f"govern: error: {bad}:4: secrets.enabeld: unknown key"
    assert "Traceback" not in result.stderr


def test_debug_shows_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("version: 1\nname: x\nsecrets:\n  enabeld: true\n")
    result = govern("--debug", "policy", "check", str(bad))
    assert result.returncode != 0
    assert "Traceback" in result.stderr


def test_unknown_command_and_option_are_usage_errors() -> None:
    assert govern("frobnicate").returncode == 2
    assert govern("inspect", "--no-such-flag", "x").returncode == 2


def test_inspect_broken_jsonl_exit_2_names_file_and_line(tmp_path: Path) -> None:
    data = tmp_path / "d.jsonl"
    data.write_text('{"id": "1", "text": "a"}\n{"id": "2", "text": \n{"id": "3", "text": "c"}\n')
    result = govern("inspect", str(data))
    assert result.returncode == 2
    assert result.stderr.strip().startswith(f"govern: error: {data}:2: invalid JSON")
    assert len(result.stderr.strip().splitlines()) == 1


def test_inspect_skip_invalid_json_counts(tmp_path: Path) -> None:
    data = tmp_path / "d.jsonl"
    data.write_text('{"id": "1", "text": "a"}\n{"id": "2", "text": \n{"id": "3", "text": "c"}\n')
    result = govern("inspect", str(data), "--skip-invalid", "--json")
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    assert payload["records"] == 2 and payload["skipped"] == 1
    assert payload["kinds"] == {"text": 2}


def test_inspect_uses_policy_id_field(tmp_path: Path) -> None:
    data = tmp_path / "d.jsonl"
    data.write_text('{"text": "no id here"}\n')
    # the default policy uses `id` when a record has one, file:line otherwise
    assert govern("inspect", str(data)).returncode == 0
    policy = tmp_path / "p.yaml"
    policy.write_text("version: 1\nname: ids\ndataset:\n  id_field: id\n  id_required: true\n")
    result = govern("--policy", str(policy), "inspect", str(data))
    assert result.returncode == 2
    assert "id field 'id' is missing" in result.stderr


def test_missing_policy_is_input_error(tmp_path: Path) -> None:
    data = tmp_path / "d.jsonl"
    data.write_text('{"id": "1", "text": "a"}\n')
    result = govern("--policy", str(tmp_path / "none.yaml"), "inspect", str(data))
    assert result.returncode == 2
    assert "policy file not found" in result.stderr


def test_no_progress_output_when_not_a_terminal(tmp_path: Path) -> None:
    data = tmp_path / "d.jsonl"
    data.write_text('{"id": "1", "text": "a"}\n')
    result = govern("inspect", str(data), "--json")
    assert result.stderr == ""
    json.loads(result.stdout)


def _command_paths(command: Any, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    paths = [prefix]
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        paths += _command_paths(sub, (*prefix, name))
    return paths


def test_help_text_has_no_type_metavars_or_lost_markup(capsys: pytest.CaptureFixture[str]) -> None:
    import typer

    from govern.cli import app, main

    commands = _command_paths(typer.main.get_command(app))
    assert len(commands) > 20
    for path in commands:
        with pytest.raises(SystemExit) as exited:
            main([*path, "--help"])
        assert exited.value.code == 0
        text = capsys.readouterr().out
        assert "Usage: govern" in text, path
        for typed in ("<bool>", "<str>", "<path>", "<int>", "<list["):
            assert typed not in text, (path, typed)
    main_help = _help(capsys, ["scan", "--help"])
    # "[ray]" survives rich's markup; the help may wrap after "govern-", so compare unspaced
    assert "pipinstall'govern-data[ray]'" in "".join(main_help.split())
    assert "--report PATH" in main_help and "--workers N" in main_help


def _help(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    from govern.cli import main

    with pytest.raises(SystemExit):
        main(argv)
    return capsys.readouterr().out
