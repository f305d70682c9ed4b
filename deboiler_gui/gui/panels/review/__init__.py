"""Review panels of the desktop app: before/after, per-rule impact, boilerplate groups, template
health and export. Plain QWidgets over the review engine; see docs/review.md for mounting."""

from __future__ import annotations

from deboiler_gui.gui.panels.review.beforeafter import BeforeAfterPanel
from deboiler_gui.gui.panels.review.export import ExportPanel
from deboiler_gui.gui.panels.review.groups import GroupsPanel
from deboiler_gui.gui.panels.review.health import HealthPanel
from deboiler_gui.gui.panels.review.impact import ImpactPanel

__all__ = ["BeforeAfterPanel", "ExportPanel", "GroupsPanel", "HealthPanel", "ImpactPanel"]
