"""Test-wide settings: Qt runs offscreen and, as root, without the Chromium sandbox. These must
be set before anything imports Qt."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QTWEBENGINE_DISABLE_SANDBOX", "1")
