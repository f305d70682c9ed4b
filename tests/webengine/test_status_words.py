"""The status bar names background work in the user's words. Opening the Asciidoctor RDoc
reference (`deboiler-gui open /usr/share/doc/asciidoctor-doc/html`) showed "import_steps
starting", "fit_steps starting", then "analyse_steps starting" with a progress bar at start
and after every save: the names of the functions the jobs run."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from test_template_merge import asciidoctor_folder  # noqa: E402

#: What the code calls its jobs and steps: never to be read in the status bar.
INTERNAL = re.compile(r"_steps|_job\b|\bstarting\b|^(import|fit|analyse|list pages)$")


def test_the_status_bar_says_what_is_done_in_words_from_opening_to_a_save(
    qtbot: Any, window: Any, tmp_path: Path
) -> None:
    shown: list[str] = []
    label = window.jobs.label
    set_text = label.setText

    def record(text: str) -> None:
        if text and (not shown or shown[-1] != text):
            shown.append(text)
        set_text(text)

    label.setText = record  # every text the job bar shows, however briefly
    finished: list[tuple[str, str]] = []
    window.job_finished.connect(lambda name, outcome: finished.append((name, outcome)))
    window.open_path(str(asciidoctor_folder(tmp_path)))
    qtbot.waitUntil(lambda: ("analyse", "finished") in finished, timeout=180000)
    assert [s for s in shown if INTERNAL.search(s)] == [], shown
    assert shown[0] == "importing pages"
    # (the fit's step per site, "fitting the cleaner on html.local", may be shown too briefly
    # to pass the progress throttle on a fast run: its words are checked below)
    for words in ("fitting the cleaner", "analysing pages"):
        assert words in shown, shown
    # the analysis counts its pages when it shows them (how often depends on the throttle)
    analysing = [s for s in shown if s.startswith("analysing")]
    assert all(re.fullmatch(r"analysing pages(…| \(\d+/111\))?", s) for s in analysing), shown
    # A save starts the analysis again: in words too.
    shown.clear()
    window.editor.add_rule("remove", "//div[@id='search-section']")
    window.save_action.trigger()
    qtbot.waitUntil(lambda: finished.count(("analyse", "finished")) == 2, timeout=180000)
    assert shown and shown[0] == "analysing pages", shown
    assert [s for s in shown if INTERNAL.search(s)] == [], shown


def test_the_fit_of_each_site_is_told_in_words() -> None:
    from deboiler_gui.app.session import _fit_words

    assert _fit_words("fitting html.local") == "fitting the cleaner on html.local"
    assert _fit_words("fitted html.local") == "cleaner fitted on html.local"
    assert _fit_words("fitting") == "fitting the cleaner"
