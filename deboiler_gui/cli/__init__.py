"""The ``deboiler-gui`` command: no subcommand opens the desktop app; the subcommands are the
headless engine from the shell. Exit codes: 0 success, 1 failure, 2 usage error, 3 ``monitor``
found a broken template."""

from __future__ import annotations

import contextlib
import gc
import importlib
import math
import signal
import sys
from typing import Any

import click

from deboiler_gui import __version__
from deboiler_gui.cli.logs import configure_logging
from deboiler_gui.engine.model import DeboilerError, escaped_bytes

#: Modules that add commands to the group; each owns one area of the CLI.
_COMMAND_MODULES = (
    "deboiler_gui.cli.site",
    "deboiler_gui.cli.templates",
    "deboiler_gui.cli.crawl",
    "deboiler_gui.cli.review",
    "deboiler_gui.cli.scale",
    "deboiler_gui.cli.monitor",
    "deboiler_gui.cli.pagetypes",
    "deboiler_gui.cli.desktop",
)


@click.group(invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="deboiler-gui")
@click.option(
    "-v",
    "--verbose",
    count=True,
    help="More log messages: -v adds notes and tracebacks, -vv debug messages.",
)
@click.option(
    "--log-file",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Also append every log message (debug level, with tracebacks) to this file.",
)
@click.pass_context
def cli(ctx: click.Context, verbose: int, log_file: str | None) -> None:
    """Clean and structure whole web sites.

    Without a command, opens the desktop workbench on the bundled demo site.
    """
    configure_logging(verbose, log_file)
    if ctx.invoked_subcommand is None:
        from deboiler_gui.cli.desktop import launch_app

        sys.exit(launch_app(None))


def _register() -> None:
    for name in _COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue  # that area is not part of this build
            raise
        for command in getattr(module, "COMMANDS", ()):
            cli.add_command(command)


_register()


class _Text(click.ParamType):
    """Text given on the command line (a template name, a URL, a message): a string of
    undecodable bytes (not UTF-8 in a UTF-8 locale) is refused with a message naming it,
    before it reaches the workspace. Paths keep click's own type: any bytes name a file."""

    name = "text"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        value = click.STRING.convert(value, param, ctx)
        if isinstance(value, str) and any("\udc80" <= ch <= "\udcff" for ch in value):
            self.fail(f"'{escaped_bytes(value)}' is not valid UTF-8 text", param, ctx)
        return value


class _FiniteMixin:
    """Mixed into a number option's own type (plain or a range, whose help still shows its
    bounds): ``nan`` and ``inf`` are floats to Python but no time or size, and are refused."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)  # type: ignore[misc]
        if isinstance(number, float) and not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)  # type: ignore[attr-defined]
        return number


def _finite(kind: click.ParamType) -> click.ParamType:
    cls: Any = type(f"Finite{type(kind).__name__}", (_FiniteMixin, type(kind)), {})
    finite: click.ParamType = object.__new__(cls)
    finite.__dict__.update(kind.__dict__)  # the same type (its range, its name), finite
    return finite


def _text_parameters(group: click.Group) -> None:
    """Every plain string parameter of every command checks its text (:class:`_Text`), every
    number parameter its finiteness (:class:`_FiniteMixin`)."""
    for command in group.commands.values():
        if isinstance(command, click.Group):
            _text_parameters(command)
        for param in command.params:
            if isinstance(param.type, click.types.StringParamType):
                param.type = _Text()
            elif isinstance(param.type, click.types.FloatParamType):
                param.type = _finite(param.type)


_text_parameters(cli)


def _terminated(_signum: int, _frame: Any) -> None:
    raise KeyboardInterrupt


def main() -> None:
    """Console-script entry point: engine errors become one-line messages and exit code 1."""
    # A path of undecodable bytes (a file name that is not UTF-8) is printed as those bytes,
    # as ls does, instead of stopping the command.
    with contextlib.suppress(AttributeError, ValueError):
        sys.stdout.reconfigure(errors="surrogateescape")  # type: ignore[union-attr]
    # A polite kill (SIGTERM) ends a command as Ctrl-C does: outputs being written are
    # removed, nothing half-written is left.
    with contextlib.suppress(ValueError):  # not the main thread: left as it is
        if signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
            signal.signal(signal.SIGTERM, _terminated)
    # The modules and classes loaded so far live as long as the process: kept out of the cycle
    # collector's scans, which also run less often (a command makes and drops many short-lived
    # objects for every page; a parsed page holds no cycles).
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)
    try:
        # ctx.exit(n) comes back as the return value when click does not exit itself
        code = cli.main(standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        sys.exit(1)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except DeboilerError as exc:
        click.echo(f"Error: {exc}", err=True)
        sys.exit(1)
    except KeyboardInterrupt:
        click.echo("Interrupted.", err=True)
        sys.exit(1)
    sys.exit(code if isinstance(code, int) and not isinstance(code, bool) else 0)
