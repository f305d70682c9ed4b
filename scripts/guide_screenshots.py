"""Screenshots of the getting-started guide and of the demo site opened with its example
template (the guide's button), written to docs/screenshots/guide.png and demo-example.png.

    python scripts/guide_screenshots.py
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QTWEBENGINE_DISABLE_SANDBOX", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))

import screenshots as shots  # noqa: E402  (the helpers of the other screenshots)


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="shots-guide-"))
    os.environ["XDG_DATA_HOME"] = str(tmp / "data")
    import shiboken6
    from PySide6.QtCore import QSettings

    from deboiler_gui.gui.app import build_window, create_application

    app = create_application()
    window, profile = build_window()
    window.resize(1500, 940)
    window.show()
    settings = QSettings(str(tmp / "settings.ini"), QSettings.Format.IniFormat)
    window.guide.show_on_first_start(settings)
    dialog = window.guide.dialog
    assert dialog is not None
    shots._settle(app, 0.8)
    written = [shots._save(dialog, "guide.png", width=None)]

    finished: list[str] = []
    window.job_finished.connect(lambda name, outcome: finished.append(f"{name}:{outcome}"))
    opened: list[str] = []
    window.guide.example_opened.connect(opened.append)
    dialog.example_button.click()
    shots._wait(app, lambda: bool(opened), 300)
    shots._wait(app, lambda: any(f.startswith("analyse") for f in finished), 300)
    dialog.close()
    shots._pick(app, window, "//article/h1")
    shots._settle(app, 1.5)
    written.append(shots._save(window, "demo-example.png"))

    window.shutdown()
    window.close()
    shiboken6.delete(window)
    shiboken6.delete(profile)
    shutil.rmtree(tmp, ignore_errors=True)
    for path in written:
        print(f"{path}: {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
