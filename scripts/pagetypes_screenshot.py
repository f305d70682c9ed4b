"""Screenshot of the Page types panel for the docs: the workbench on the Django documentation
installed by Debian, its types computed, the release notes split off the largest type by URL
pattern and named, that type selected so the page list shows only its pages, and a new
template for it in the editor with the number of pages its URL pattern takes. Writes
docs/screenshots/page-types.png.

    python scripts/pagetypes_screenshot.py [--django DIR]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QTWEBENGINE_DISABLE_SANDBOX", "1")

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screenshots import _save, _settle, _wait  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--django", default="/usr/share/doc/python-django-doc/html")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="shots-"))
    os.environ["XDG_DATA_HOME"] = str(tmp / "data")

    import shiboken6
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QDockWidget

    from deboiler_gui.gui.app import build_window, create_application

    app = create_application()
    window, profile = build_window()
    window.resize(1700, 960)
    window.show()
    done: list[str] = []
    window.job_finished.connect(lambda name, outcome: done.append(f"{name}:{outcome}"))
    window.open_path(args.django)
    _wait(app, lambda: any(d.startswith("analyse") or d.endswith("failed") for d in done), 900)
    types = window.page_types
    outcomes: list[str] = []
    types.computed.connect(outcomes.append)
    types.view_action.trigger()
    _wait(app, lambda: bool(outcomes), 300)
    if outcomes != ["finished"]:
        raise SystemExit(f"page types: {outcomes}")
    largest = types.types.types[0]
    types.split(largest.key, types.types.pages_matching(largest.key, "/releases/"))
    notes = types.types.type_of(f"http://{window.site}/releases/1.0.html")
    if notes is None:
        raise SystemExit("no release notes in this documentation")
    types.rename(notes.key, "Release notes")
    types.panel.tree.clearSelection()
    types.panel.select_keys([notes.key])
    window.select_url(sorted(notes.urls)[0])
    _wait(app, lambda: window.view.ready and window.page is not None, 60)
    types.panel.template_button.click()  # the type's template, a draft in the editor
    pattern = window.editor.template.urls[0]
    _wait(app, lambda: window.site_state.get(pattern, "").endswith("pages"), 60)
    window.findChild(QDockWidget, "dock-messages").hide()
    for column, width in enumerate((240, 75, 80, 60, 50, 110)):
        window.page_table.setColumnWidth(column, width)
    window.resizeDocks([types.dock], [700], Qt.Orientation.Horizontal)
    _settle(app, 2.0)
    path = _save(window, "page-types.png")
    window.editor.mark_saved()
    window.shutdown()
    shiboken6.delete(window)
    shiboken6.delete(profile)
    print(f"{path} ({path.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    sys.exit(main())
