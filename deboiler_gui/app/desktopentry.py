"""The desktop menu entry: the bundled .desktop file and icon installed for the current user."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

from deboiler_gui import assets

DESKTOP_FILE = "deboiler-gui.desktop"
ICON_FILE = "icons/deboiler-gui.svg"
ICON_NAME = "deboiler-gui"


def data_home() -> Path:
    """``$XDG_DATA_HOME``, or ``~/.local/share`` when it is unset (the freedesktop default)."""
    value = os.environ.get("XDG_DATA_HOME")
    return Path(value) if value else Path.home() / ".local" / "share"


def launcher() -> str:
    """The ``deboiler-gui`` command of this installation: the script next to the running
    interpreter (a virtual environment's bin/), else whatever ``deboiler-gui`` is on PATH."""
    beside = Path(sys.executable).parent / "deboiler-gui"
    if beside.is_file():
        return str(beside)
    return shutil.which("deboiler-gui") or "deboiler-gui"


def desktop_entry(exec_path: str) -> str:
    """The bundled entry with its Exec line pointing at ``exec_path``."""
    lines = []
    for line in assets.text(DESKTOP_FILE).splitlines():
        if line.startswith("Exec="):
            line = f"Exec={_quote(exec_path)}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def _quote(arg: str) -> str:
    """A path as one argument of an Exec line (the Desktop Entry Specification's quoting)."""
    if not any(c in arg for c in " \t\n\"'\\><~|&;$*?#()`"):
        return arg
    escaped = arg.replace("\\", "\\\\").replace('"', '\\"').replace("`", "\\`").replace("$", "\\$")
    return f'"{escaped}"'


def _write_atomically(target: Path, data: bytes) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def install(data_dir: Path | None = None, exec_path: str | None = None) -> list[Path]:
    """Install the menu entry and its icon under ``data_dir`` (default: :func:`data_home`);
    returns the files written. Running it again replaces them."""
    base = data_dir if data_dir is not None else data_home()
    entry = base / "applications" / DESKTOP_FILE
    icon = base / "icons" / "hicolor" / "scalable" / "apps" / f"{ICON_NAME}.svg"
    _write_atomically(icon, assets.path(ICON_FILE).read_bytes())
    _write_atomically(entry, desktop_entry(exec_path or launcher()).encode("utf-8"))
    return [entry, icon]
