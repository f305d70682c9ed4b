"""Entry point of a review job's child process: kept free of engine imports, so the child can
decline sqlite-utils' optional pandas import (about half a second per job) before loading
the engine, then runs the job by name and sends progress and the result back."""

from __future__ import annotations

import contextlib
import os
import sys
from typing import Any


def main(conn: Any, job: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    # The child stores plain values only: sqlite-utils does not need pandas for them.
    sys.modules.setdefault("pandas", None)  # type: ignore[arg-type]
    # Background work yields the processor to the app on a small machine.
    with contextlib.suppress(OSError):
        os.nice(10)
    from deboiler_gui.engine.review import jobs as review_jobs

    review_jobs.run_child(conn, job, args, kwargs)
