"""Imported first by the fork server that starts job processes (see jobs.context): declines
pandas and numpy before the engine modules preloaded after it import sqlite-utils."""

from __future__ import annotations

from deboiler_gui.engine.jobs import decline_optional_imports

decline_optional_imports()
