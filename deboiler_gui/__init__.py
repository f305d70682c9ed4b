"""deboiler-gui: clean and structure whole web sites (engine, CLI and desktop workbench).

Importing this package never loads Qt; the desktop app lives in ``deboiler_gui.gui``.
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__"]
