"""The desktop commands from the shell: documented, and Qt stays unloaded until the app runs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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


def test_install_desktop_writes_the_menu_entry_and_icon_without_loading_qt(tmp_path: Path) -> None:
    from deboiler_gui import assets

    target = tmp_path / "share"
    probe = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from deboiler_gui.cli import cli\n"
        f"r = CliRunner().invoke(cli, ['install-desktop', '--data-dir', {str(target)!r}])\n"
        "print(r.exit_code)\n"
        "print(any(m.startswith(('PySide6', 'shiboken6')) for m in sys.modules))\n"
        "print(r.output)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    code, qt_loaded, *written = out.stdout.split("\n")
    assert (code, qt_loaded) == ("0", "False"), out.stdout + out.stderr
    entry = target / "applications" / "deboiler-gui.desktop"
    icon = target / "icons" / "hicolor" / "scalable" / "apps" / "deboiler-gui.svg"
    assert [w for w in written if w] == [f"wrote {entry}", f"wrote {icon}"]
    assert icon.read_bytes() == assets.path("icons/deboiler-gui.svg").read_bytes()
    lines = entry.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    assert "Type=Application" in lines and "Icon=deboiler-gui" in lines
    # Exec starts this installation's command (the script beside the interpreter), by path.
    (exec_line,) = [line for line in lines if line.startswith("Exec=")]
    command = exec_line.removeprefix("Exec=")
    assert command == str(Path(sys.executable).parent / "deboiler-gui")
    version = subprocess.run([command, "--version"], capture_output=True, text=True, check=True)
    assert version.stdout.startswith("deboiler-gui")
    assert not [p for p in target.rglob(".*")]  # no temporary file left behind


def test_install_desktop_quotes_an_exec_path_with_spaces(tmp_path: Path) -> None:
    from deboiler_gui.app import desktopentry

    entry, _icon = desktopentry.install(tmp_path, '/opt/my apps/"x"/deboiler-gui')
    assert 'Exec="/opt/my apps/\\"x\\"/deboiler-gui"' in entry.read_text(encoding="utf-8")


def test_install_desktop_names_the_place_it_cannot_write(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    result = CliRunner().invoke(cli, ["install-desktop", "--data-dir", str(blocker / "share")])
    assert result.exit_code == 1
    assert "could not install the menu entry" in result.output and str(blocker) in result.output
