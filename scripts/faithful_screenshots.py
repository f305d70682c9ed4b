"""Screenshots of faithful rendering for the docs: one page of the Python documentation installed
by Debian (python3.11-doc), shown in the plain view (the site's styles off, as the workbench
showed every page before) and with the site's own style sheets and images served from the
folder. Writes docs/screenshots/faithful-plain.png and faithful-styled.png, then
pages-tree.png (the page list as a folder tree) and group-rule.png (a boilerplate group's
minimal rule proposed with its site count).

    python scripts/faithful_screenshots.py [--docs /usr/share/doc/python3.11-doc/html]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QTWEBENGINE_DISABLE_SANDBOX", "1")

sys.path.insert(0, str(Path(__file__).resolve().parent))

from screenshots import _open, _save, _settle, _wait  # noqa: E402

PAGE = "library/pathlib.html"


def _copy(docs: Path, into: Path) -> Path:
    """Part of the library section, the tutorial, reference and how-to sections, and their style
    sheets and images, in the same layout: a smaller site
    to import and fit, whose pages refer to ../_static as in the package."""
    site = into / "python-docs"
    (site / "library").mkdir(parents=True)
    for folder in ("_static", "_images"):
        if (docs / folder).is_dir():
            shutil.copytree(
                docs / folder, site / folder, symlinks=False, ignore_dangling_symlinks=True
            )
    for page in sorted((docs / "library").glob("*.html"))[:120]:
        shutil.copy(page, site / "library" / page.name)
    for section in ("tutorial", "reference", "howto"):
        if (docs / section).is_dir():
            shutil.copytree(docs / section, site / section)
    shutil.copy(docs / PAGE, site / PAGE)
    return site


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--docs", default="/usr/share/doc/python3.11-doc/html")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="shots-"))
    os.environ["XDG_DATA_HOME"] = str(tmp / "data")
    site = _copy(Path(args.docs), tmp)

    import shiboken6
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QDockWidget

    from deboiler_gui.gui.app import build_window, create_application

    app = create_application()
    window, profile = build_window()
    window.resize(1500, 940)
    window.show()
    _open(app, window, str(site), "/" + PAGE)
    # A remove rule and a keep rule on what the first screen shows: their outlines must stay
    # visible over the site's style sheets.
    window.editor.add_rule("remove", "//p[strong[normalize-space(.)='Source code:']]")
    window.editor.add_rule("keep", "//img[contains(@src, 'pathlib-inheritance')]")
    window.plain_action.setChecked(True)
    _wait(app, lambda: window.view.ready, 60)
    _settle(app, 1.5)
    written = [_save(window, "faithful-plain.png")]
    window.plain_action.setChecked(False)
    _wait(app, lambda: window.view.ready, 60)
    _settle(app, 2.5)
    written.append(_save(window, "faithful-styled.png"))
    window.pages_panel.show_tree(True)
    window.filter_edit.clear()
    _settle(app, 0.5)
    window.pages_panel.tree.collapseAll()
    window.pages_panel.tree.expand(window.pages_panel.tree_model.index(0, 0))
    window.pages_panel.tree.scrollToTop()
    _settle(app, 0.3)
    written.append(_save(window.findChild(QDockWidget, "dock-pages"), "pages-tree.png", None))
    window.review_action.trigger()
    dock = window.review
    _wait(app, lambda: bool(dock.panels), 30)
    dock.tabs.setCurrentIndex(dock.TABS.index("Boilerplate groups"))
    panel = dock.panels["Boilerplate groups"]
    _wait(app, lambda: bool(panel.groups), 600)
    row = max(
        range(len(panel.groups)),
        key=lambda r: 0 < panel.groups[r]["pages"] < len(window.page_model.rows()),
    )
    panel.table.selectRow(row)
    panel.reject_button.click()
    _wait(app, lambda: panel.proposed is not None, 600)
    # Tall enough for the proposal line and the buttons under the table.
    window.resizeDocks([dock], [470], Qt.Orientation.Vertical)
    _settle(app, 0.5)
    written.append(_save(dock, "group-rule.png", None))
    served = sorted({u.rsplit("/", 1)[-1] for u in profile.handler.served})
    print("served from the folder:", ", ".join(served))
    print("blocked requests:", len(window.view.interceptor.blocked))
    window.editor.mark_saved()
    window.shutdown()
    shiboken6.delete(window)
    shiboken6.delete(profile)
    for path in written:
        print(f"{path} ({path.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    sys.exit(main())
