"""The one way to read a bundled resource (picker script, report CSS, rule-file schema, demo
site, icons): from the installed wheel first, from the source tree's resources/ otherwise."""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def root() -> Path:
    """The resources folder: ``deboiler_gui/resources`` inside a built wheel, the repository's
    top-level ``resources/`` in a source checkout or an editable install."""
    for candidate in (_PACKAGE / "resources", _PACKAGE.parent / "resources"):
        if (candidate / "rulefile.schema.json").is_file():
            return candidate
    raise FileNotFoundError(
        f"the bundled resources are missing (looked in {_PACKAGE / 'resources'} and {_PACKAGE.parent / 'resources'})"
    )


def path(name: str) -> Path:
    """A resource file or folder by its path under resources/, e.g. ``report/report.css``."""
    target = root() / name
    if not target.exists():
        raise FileNotFoundError(f"bundled resource {name!r} is missing from {root()}")
    return target


def text(name: str) -> str:
    """A text resource, read as UTF-8."""
    return path(name).read_text(encoding="utf-8")
