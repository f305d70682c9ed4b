"""Entry point of the renderer process: ``python -m deboiler_gui.render``."""

from __future__ import annotations

import sys

from deboiler_gui.render.worker import main

if __name__ == "__main__":
    sys.exit(main())
