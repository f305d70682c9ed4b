"""The desktop commands from the shell: documented, and Qt stays unloaded until the app runs."""

from __future__ import annotations

import subprocess
import sys

from click.testing import CliRunner

from deboiler_gui.cli import cli


def test_open_command_is_listed_and_documented() -> None:
    result = CliRunner().invoke(cli, ["--help"])
    assert result.exit_code == 0 and "open" in result.output
    result = CliRunner().invoke(cli, ["open", "--help"])
    assert result.exit_code == 0
    assert "workspace" in result.output and "WARC" in result.output


def test_open_rejects_a_missing_path_before_loading_qt(tmp_path: object) -> None:
    probe = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from deboiler_gui.cli import cli\n"
        "r = CliRunner().invoke(cli, ['open', '/no/such/place'])\n"
        "print(r.exit_code)\n"
        "print(any(m.startswith(('PySide6', 'shiboken6')) for m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["2", "False"]
