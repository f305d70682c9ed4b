"""Progress on stderr: every line ends with a newline (on a terminal and in a pipe), a message
logged while a bar is drawn starts a line of its own, and quiet prints nothing."""

from __future__ import annotations

import io
import logging
import re
import sys
from collections.abc import Generator
from pathlib import Path

import pytest
from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.cli.common import drive
from deboiler_gui.cli.logs import configure_logging
from deboiler_gui.engine.model import Progress
from deboiler_gui.engine.sources import DEMO_BASE_URL, demo_site_path


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def steps() -> Generator[Progress, None, int]:
    for i in range(1, 4):
        yield Progress(i * 10, None, phase="reading")  # a total not known yet
    logging.getLogger("deboiler_gui.test").warning("a page could not be read")
    for i in range(1, 4):
        yield Progress(i, 3, phase="cleaning")
    return 7


PHASES = {"reading": "Counting", "cleaning": "Cleaning"}


def test_on_a_terminal_each_bar_and_message_ends_its_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    term = Terminal()
    monkeypatch.setattr(sys, "stderr", term)
    configure_logging()
    assert drive(steps(), "Work", phases=PHASES) == 7
    out = term.getvalue()
    assert out.endswith("\n")
    # the warning is on a line of its own, not glued to the bar it interrupted
    lines = [line.split("\r")[-1] for line in out.split("\n")]
    assert "warning: a page could not be read" in lines
    # a count without a total is shown as a count, not as "10/1"
    assert "30" in out and "/1 " not in out and "30/1" not in out
    assert "3/3" in out
    # no empty line: each line is the bar, the message, or the bar drawn again
    assert "" not in [line.strip() for line in lines[:-1]]


def test_in_a_pipe_every_line_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    pipe = io.StringIO()
    monkeypatch.setattr(sys, "stderr", pipe)
    configure_logging()
    drive(steps(), "Work", phases=PHASES)
    assert pipe.getvalue() == "Counting\nwarning: a page could not be read\nCleaning\n"


def test_quiet_prints_no_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    term = Terminal()
    monkeypatch.setattr(sys, "stderr", term)
    configure_logging()
    assert drive(steps(), "Work", quiet=True, phases=PHASES) == 7
    # no bar at all; a warning is still said, on its own line
    assert term.getvalue() == "warning: a page could not be read\n"


@pytest.mark.parametrize(
    "args",
    [
        ["import", str(demo_site_path()), "--base-url", DEMO_BASE_URL],
        ["pagetypes"],
        ["clean", "--demo", "-o", "{tmp}/out.jsonl"],
    ],
)
def test_commands_end_their_progress_lines_and_quiet_is_silent(
    tmp_path: Path, args: list[str]
) -> None:
    ws = tmp_path / "ws.sqlite"
    runner = CliRunner()
    first = runner.invoke(
        cli, ["import", str(demo_site_path()), "-w", str(ws), "--base-url", DEMO_BASE_URL, "-q"]
    )
    assert first.exit_code == 0 and first.output == ""
    argv = [a.replace("{tmp}", str(tmp_path)) for a in args]
    if argv[0] != "clean":
        argv += ["-w", str(ws)]
    loud = runner.invoke(cli, argv)
    assert loud.exit_code == 0, loud.output
    assert loud.stderr and loud.stderr.endswith("\n")
    quiet = runner.invoke(cli, [*argv, "-q"])
    assert quiet.exit_code == 0, quiet.output
    assert quiet.stderr == ""
    if argv[0] != "pagetypes":
        assert quiet.stdout == ""
    else:  # the site's progress is named by the whole site, not its first eight letters
        assert loud.stderr.startswith("hillside-garden.example\n")


LONG_SITE = "www.some-very-long-documentation-site.example.com"


def site_steps() -> Generator[Progress, None, int]:
    for i in [*range(1, 1168, 100), 1167]:
        yield Progress(i, 1167, phase="clustering")
    return 1


@pytest.mark.parametrize("columns", [60, 80, 120])
def test_a_long_site_name_is_elided_in_the_middle_within_the_terminal(
    monkeypatch: pytest.MonkeyPatch, columns: int
) -> None:
    term = Terminal()
    monkeypatch.setattr(sys, "stderr", term)
    monkeypatch.setenv("COLUMNS", str(columns))
    drive(site_steps(), LONG_SITE)
    out = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", term.getvalue())  # cursor hide/show
    drawn = [d for line in out.split("\n") for d in line.split("\r") if d.strip()]
    assert drawn
    for line in drawn:
        assert len(line.rstrip()) < columns  # the line never wraps
        label = line.split("  [")[0].strip()
        # the start and the host's end are kept, never a name cut at its end
        assert label.startswith("www.") and label.endswith("example.com")
        assert ("…" in label) == (columns < 100)
    assert "1167/1167" in drawn[-1]


def test_a_site_name_that_fits_is_shown_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    term = Terminal()
    monkeypatch.setattr(sys, "stderr", term)
    monkeypatch.setenv("COLUMNS", "100")
    drive(site_steps(), "docs.python.org")
    assert "docs.python.org  [" in term.getvalue()
    pipe = io.StringIO()
    monkeypatch.setattr(sys, "stderr", pipe)
    monkeypatch.setenv("COLUMNS", "40")
    drive(site_steps(), LONG_SITE)
    assert pipe.getvalue() == LONG_SITE + "\n"  # in a pipe, once and whole


def test_elide_middle() -> None:
    from deboiler_gui.cli.common import elide_middle

    assert elide_middle("docs.python.org", 20) == "docs.python.org"
    assert elide_middle("docs.python.org", 12) == "d…python.org"
    assert elide_middle(LONG_SITE, 30) == "www.some-very…site.example.com"
    for width in range(1, len(LONG_SITE) + 1):
        assert len(elide_middle(LONG_SITE, width)) <= width
