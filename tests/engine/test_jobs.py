"""Child-process jobs (engine.jobs) and the progress drivers (engine.progress): progress with its
phase, partial results, results and typed errors cross back; cancel ends the child; a polite
stop reaches the job, which may still return."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import time
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

from deboiler_gui.engine import jobs, logs
from deboiler_gui.engine.jobs import ChildJob, StopRequested
from deboiler_gui.engine.model import Cancelled, DeboilerError, Progress, RuleError, WorkspaceError
from deboiler_gui.engine.progress import Steps, run
from deboiler_gui.engine.template.induce import InductionError


# Jobs run in the child by module and name, so they live at module level.
def counting(n: int, *, phase: str = "") -> Generator[Any, None, dict[str, Any]]:
    for i in range(n):
        yield Progress(i, n, f"step {i}", phase)
        time.sleep(0.06)  # slower than the progress throttle: each step crosses
        yield [i]
    return {"n": n, "pid": os.getpid(), "pandas": sys.modules.get("pandas", "absent") is None}


def failing(kind: str) -> Generator[Progress, None, None]:
    yield Progress(0, 1, "about to fail")
    if kind == "workspace":
        raise WorkspaceError("workspace /x.sqlite: no page 'p'")
    if kind == "rule":
        raise RuleError("bad XPath", template="t", field="f")
    if kind == "induction":  # an error class defined outside engine.model
        from deboiler_gui.engine.template.induce import InductionError

        raise InductionError("the examples come from different lists")
    raise ZeroDivisionError("a bug")


def endless(path: str) -> Generator[Any, None, dict[str, Any]]:
    n = 0
    try:
        while True:
            n += 1
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(str(n))
            yield Progress(n, None, "working")
            time.sleep(0.01)
    except StopRequested:
        yield ["last words"]
        return {"outcome": "stopped", "steps": n}


def test_progress_partials_and_result_cross_back() -> None:
    job = ChildJob(counting, (3,), {"phase": "fitting"}, what="counting")
    seen: list[Any] = []
    result = run(job.steps(), seen.append)
    progress = [s for s in seen if isinstance(s, Progress)]
    assert progress[0].message == "counting…"
    # The last report is repeated while nothing new comes (each yield is a cancel point).
    assert list(dict.fromkeys(s.message for s in progress if s.message.startswith("step"))) == [
        "step 0",
        "step 1",
        "step 2",
    ]
    assert {s.phase for s in progress if s.message.startswith("step")} == {"fitting"}
    assert [s for s in seen if isinstance(s, list)] == [[0], [1], [2]]
    assert result["n"] == 3 and result["pid"] != os.getpid()
    assert result["pandas"] is True  # the child declined the optional import


@pytest.mark.parametrize(
    ("kind", "error", "text"),
    [
        ("workspace", WorkspaceError, "no page 'p'"),
        ("rule", RuleError, "template 't', field 'f': bad XPath"),
        ("induction", InductionError, "the examples come from different lists"),
        ("bug", DeboilerError, "ZeroDivisionError: a bug"),
    ],
)
def test_errors_come_back_typed(kind: str, error: type[Exception], text: str) -> None:
    with pytest.raises(error) as info:
        run(ChildJob(failing, (kind,)).steps())
    assert text in str(info.value)
    if kind == "bug":
        assert type(info.value) is DeboilerError and "Traceback" in str(info.value)
    else:
        assert type(info.value) is error


def logging_job(n: int) -> Generator[Progress, None, int]:
    log = logging.getLogger("deboiler_gui.engine.test_job")
    log.info("child info line %d", n)
    log.warning("child warning line %d", n)
    yield Progress(1, 1, "logged")
    return os.getpid()


def test_a_child_logs_as_its_parent_does(tmp_path: Any) -> None:
    """The child repeats the parent's set-up: its info lines reach the parent's log file."""
    logger = logging.getLogger(logs.ROOT)
    file = logging.FileHandler(tmp_path / "run.log", encoding="utf-8")
    file.setLevel(logging.DEBUG)
    file.setFormatter(logging.Formatter("%(process)d %(levelname)s %(message)s"))
    old_level = logger.level
    logger.addHandler(file)
    logger.setLevel(logging.DEBUG)
    try:
        pid = run(ChildJob(logging_job, (7,)).steps())
        with jobs.pool(1) as pool:
            pool_pid = pool.submit(_log_in_pool, 8).result()
    finally:
        logger.removeHandler(file)
        logger.setLevel(old_level)
        file.close()
    lines = (tmp_path / "run.log").read_text(encoding="utf-8").splitlines()
    assert (
        f"{pid} INFO child info line 7" in lines and f"{pid} WARNING child warning line 7" in lines
    )
    assert f"{pool_pid} INFO child info line 8" in lines
    assert pid != os.getpid() and pool_pid != os.getpid()


def _log_in_pool(n: int) -> int:
    logging.getLogger("deboiler_gui.engine.test_job").info("child info line %d", n)
    return os.getpid()


def test_closing_the_relay_ends_the_child(tmp_path: Any) -> None:
    marker = tmp_path / "n"
    gen = ChildJob(endless, (str(marker),)).steps()
    while not marker.exists():
        next(gen)
    gen.close()
    time.sleep(0.3)
    frozen = marker.read_text()
    time.sleep(0.3)
    assert marker.read_text() == frozen  # nothing runs any more


def test_a_polite_stop_reaches_the_job_which_returns(tmp_path: Any) -> None:
    job = ChildJob(endless, (str(tmp_path / "n"),), stop_message="stopping now")
    seen: list[Any] = []

    def on_step(item: Any) -> None:
        seen.append(item)
        if isinstance(item, Progress) and item.done >= 3:
            job.stop()

    result = run(job.steps(), on_step)
    assert result["outcome"] == "stopped" and result["steps"] >= 3
    assert ["last words"] in seen
    assert any(isinstance(s, Progress) and s.message == "stopping now" for s in seen)


def test_only_module_level_functions_can_run_in_a_child() -> None:
    def local() -> Generator[Progress, None, None]:
        yield Progress(0)

    with pytest.raises(ValueError, match="module-level"):
        ChildJob(local)


def test_run_drives_to_the_end_and_cancels_between_steps() -> None:
    def gen() -> Generator[int, None, str]:
        try:
            yield 1
            yield 2
            return "done"
        finally:
            closed.append(True)

    closed: list[bool] = []
    seen: list[int] = []
    assert run(gen(), seen.append) == "done" and seen == [1, 2] and closed == [True]
    with pytest.raises(Cancelled):
        run(gen(), seen.append, cancelled=lambda: len(seen) >= 3)
    assert seen == [1, 2, 1] and closed == [True, True]  # closed at its yield


def test_steps_keeps_the_return_value() -> None:
    def gen() -> Generator[int, None, str]:
        yield 1
        yield 2
        return "value"

    steps = Steps(gen())
    assert [x * 10 for x in steps] == [10, 20] and steps.value == "value"


def test_a_module_named_like_a_dependency_where_the_user_stands_does_not_reach_the_children(
    tmp_path: Path,
) -> None:
    # The fork server starts as `python -c`, which puts the working directory first on its
    # path: a stray `lxml.py` there must not stand in for lxml in the page workers.
    (tmp_path / "lxml.py").write_text("raise RuntimeError('the stray lxml.py was imported')\n")
    (tmp_path / "click.py").write_text("raise RuntimeError('the stray click.py was imported')\n")
    script = (
        "import sys\n"
        "import lxml.html\n"
        "from deboiler_gui.engine.pagework import PageWorker\n"
        "if __name__ == '__main__':\n"
        "    print(PageWorker(len).run('abcd', 60))\n"
        "    print(lxml.html.__file__.startswith(sys.argv[1]))\n"
    )
    # run as the console script runs: a file in another folder (its folder first on the path)
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "run.py").write_text(script)
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    env.pop("PYTHONSAFEPATH", None)
    done = subprocess.run(
        [sys.executable, str(tmp_path / "bin" / "run.py"), str(tmp_path)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["4", "False"], done.stdout
