"""Imported once by the server that forks the app's worker processes, so each worker starts
with the engine already loaded (a fresh import costs about a second per job)."""

from __future__ import annotations

import sys

# Workers store plain values: sqlite-utils need not import pandas and numpy (about 1.2 s).
sys.modules.setdefault("pandas", None)  # type: ignore[arg-type]
sys.modules.setdefault("numpy", None)  # type: ignore[arg-type]

import deboiler_gui.app.session  # noqa: E402, F401
import deboiler_gui.engine.clean.boilerplate  # noqa: E402, F401
import deboiler_gui.engine.clean.pipeline  # noqa: E402, F401
import deboiler_gui.engine.store  # noqa: E402, F401
import deboiler_gui.engine.template.extract  # noqa: E402, F401
