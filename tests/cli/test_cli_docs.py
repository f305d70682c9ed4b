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


def _quick_start_commands() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = section.split("```bash\n")[1:]
    return [block.split("```", 1)[0].strip() for block in blocks]


def test_quick_start_is_two_commands_and_ci_runs_the_second() -> None:
    commands = _quick_start_commands()
    assert len(commands) == 2 and all("\n" not in c for c in commands)
    demo, tests = commands
    assert demo.startswith("pip install -e . ") and "deboiler-gui clean --demo" in demo
    assert tests.startswith('pip install -e ".[test]"') and "pytest" in tests
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert any(line.strip() == tests for line in ci.splitlines()), (
        ".ci/run must run the README's test command word for word"
    )
    constraints = README.parent / "constraints.txt"
    assert "-c constraints.txt" in demo and "-c constraints.txt" in tests and constraints.is_file()
