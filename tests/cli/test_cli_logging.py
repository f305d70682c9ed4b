"""Logging is configured once by the command: quiet by default, warnings as one line each,
tracebacks and notes with -v, everything in --log-file."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.cli.logs import ROOT, configure_logging
from deboiler_gui.engine.sources import demo_site_path


@pytest.fixture(autouse=True)
def _reset() -> Iterator[None]:
    yield
    configure_logging(0, None)  # leave the product's loggers as a default run does


def test_verbose_shows_the_engines_notes_and_the_log_file_keeps_them(tmp_path: Path) -> None:
    log = tmp_path / "run.log"
    out = tmp_path / "o.jsonl"
    quiet = CliRunner().invoke(cli, ["clean", str(demo_site_path()), "-o", str(out), "-q"])
    assert quiet.exit_code == 0, quiet.output
    assert "fitted" not in quiet.stderr
    loud = CliRunner().invoke(
        cli, ["-v", "--log-file", str(log), "clean", str(demo_site_path()), "-o", str(out), "-q"]
    )
    assert loud.exit_code == 0, loud.output
    assert "INFO deboiler_gui.engine.clean.boilerplate: fitted" in loud.stderr
    text = log.read_text(encoding="utf-8")
    assert "deboiler_gui.engine.clean.boilerplate: fitted" in text


def test_a_warning_is_one_line_unless_verbose(capsys: pytest.CaptureFixture[str]) -> None:
    logger = logging.getLogger(f"{ROOT}.engine.example")
    configure_logging(0, None)
    try:
        raise ValueError("bad byte")
    except ValueError:
        logger.warning("page https://a.example/x failed", exc_info=True)
    err = capsys.readouterr().err
    assert (
        err.strip()
        == "warning: page https://a.example/x failed (ValueError: bad byte; run with -v for the traceback)"
    )
    configure_logging(1, None)
    try:
        raise ValueError("bad byte")
    except ValueError:
        logger.warning("page https://a.example/x failed", exc_info=True)
    err = capsys.readouterr().err
    assert "WARNING deboiler_gui.engine.example: page https://a.example/x failed" in err
    assert "Traceback (most recent call last)" in err
    assert len(logging.getLogger(ROOT).handlers) == 1  # configured again, not twice
