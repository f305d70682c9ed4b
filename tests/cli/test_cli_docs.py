"""Every command of the CLI is documented in the README's command list."""

from __future__ import annotations

from pathlib import Path

from deboiler_gui.cli import cli

README = Path(__file__).resolve().parents[2] / "README.md"


def test_every_command_is_in_the_readme() -> None:
    text = README.read_text(encoding="utf-8")
    missing = [name for name in cli.commands if f"deboiler-gui {name}" not in text]
    assert missing == []


def test_every_command_has_help() -> None:
    from click.testing import CliRunner

    runner = CliRunner()
    for name in cli.commands:
        result = runner.invoke(cli, [name, "--help"])
        assert result.exit_code == 0, (name, result.output)
        assert "Usage:" in result.output
