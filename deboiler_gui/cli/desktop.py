"""The desktop app from the shell: ``deboiler-gui`` (demo site) and ``deboiler-gui open PATH``.
Qt is imported only inside these functions, so the headless commands never load it."""

from __future__ import annotations

import click


def launch_app(path: str | None) -> int:
    """Start the workbench on ``path`` (or the bundled demo site); returns the exit code."""
    from deboiler_gui.gui.app import run

    return run(path)


@click.command("open")
@click.argument("path", type=click.Path(exists=True))
def open_command(path: str) -> None:
    """Open a workspace, a folder of HTML, a JSON-lines dump or a WARC file in the desktop app."""
    raise SystemExit(launch_app(path))


COMMANDS = [open_command]
