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


@click.command("check-install")
@click.option(
    "--timeout",
    type=float,
    default=60.0,
    show_default=True,
    help="Seconds to wait for the first page.",
)
def check_install_command(timeout: float) -> None:
    """Start the workbench offscreen on the demo site and check it shows its first page.

    Prints how long the main window and the first page with highlights took; exits 1 when
    the app cannot start (a missing library, a broken install) or shows nothing in time.
    """
    from deboiler_gui.gui.app import check_install

    raise SystemExit(check_install(timeout))


@click.command("install-desktop")
@click.option(
    "--data-dir",
    type=click.Path(file_okay=False, writable=True),
    default=None,
    help="Where to install (default: $XDG_DATA_HOME, or ~/.local/share).",
)
def install_desktop_command(data_dir: str | None) -> None:
    """Add the workbench to the desktop's application menu for the current user.

    Writes applications/deboiler-gui.desktop (starting this installation's deboiler-gui) and
    its icon under icons/hicolor/scalable/apps/.
    """
    from pathlib import Path

    from deboiler_gui.app import desktopentry

    try:
        written = desktopentry.install(Path(data_dir) if data_dir else None)
    except OSError as exc:
        raise click.ClickException(f"could not install the menu entry: {exc}") from exc
    for path in written:
        click.echo(f"wrote {path}")


COMMANDS = [open_command, check_install_command, install_desktop_command]
