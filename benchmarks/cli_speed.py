"""End-to-end speed of cleaning one site through the command line, next to the original
deboiler package doing fit+transform on the same pages from the same file, in the same run:
each runner is a fresh process (start-up, reading the JSON lines, writing the output all
count), CPU seconds and peak RSS from the child's rusage. Also the Python-API view (fit+clean
timed inside the process, pages already loaded) and lxml's parse-only floor.

    python benchmarks/cli_speed.py SITE.jsonl [SITE.jsonl ...] [--repeat 1]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent
RUNNERS = ("lxml-parse", "ours-cli", "deboiler-cli", "ours-api", "deboiler-api")

_LOAD = """
import json, sys
from deboiler_gui.engine.model import Page
pages = [Page(url=r["url"], html=r["html"]) for r in map(json.loads, open(sys.argv[1], encoding="utf-8"))]
"""

SCRIPTS = {
    # lxml's parse of every page, after reading the file: the floor
    "lxml-parse": """
import json, sys
import lxml.html
for r in map(json.loads, open(sys.argv[1], encoding="utf-8")):
    lxml.html.document_fromstring(r["html"])
""",
    # the original package, end to end: read, fit, transform, write one JSON line per page
    "deboiler-cli": """
import json, logging, sys, warnings
warnings.simplefilter("ignore")
from deboiler import Deboiler
from deboiler.dataset import ListDataset
logging.disable(logging.INFO)
records = [
    {"url": r["url"], "content": r["html"], "status": 200, "content_type": "text/html"}
    for r in map(json.loads, open(sys.argv[1], encoding="utf-8"))
]
dataset = ListDataset(records, verbose=False)
model = Deboiler(n_processes=1, operation_mode="memory", verbose=False)
model.fit(dataset)
with open(sys.argv[2], "w", encoding="utf-8") as out:
    for o in model.transform(dataset):
        out.write(json.dumps({"url": o.url, "cleaned_text": o.cleaned_text}) + "\\n")
""",
    # Python API, pages loaded: fit+clean only is timed (printed as CPU seconds)
    "ours-api": _LOAD
    + """
import resource, time
from deboiler_gui.engine.clean.boilerplate import DomainCleaner
u = resource.getrusage(resource.RUSAGE_SELF); c0 = u.ru_utime + u.ru_stime
for _ in DomainCleaner().fit(pages).transform(pages):
    pass
u = resource.getrusage(resource.RUSAGE_SELF); print(u.ru_utime + u.ru_stime - c0)
""",
    "deboiler-api": """
import json, logging, resource, sys, warnings
warnings.simplefilter("ignore")
from deboiler import Deboiler
from deboiler.dataset import ListDataset
logging.disable(logging.INFO)
records = [
    {"url": r["url"], "content": r["html"], "status": 200, "content_type": "text/html"}
    for r in map(json.loads, open(sys.argv[1], encoding="utf-8"))
]
dataset = ListDataset(records, verbose=False)
u = resource.getrusage(resource.RUSAGE_SELF); c0 = u.ru_utime + u.ru_stime
model = Deboiler(n_processes=1, operation_mode="memory", verbose=False)
model.fit(dataset)
for _ in model.transform(dataset):
    pass
u = resource.getrusage(resource.RUSAGE_SELF); print(u.ru_utime + u.ru_stime - c0)
""",
}


def run(runner: str, site: Path, out: Path) -> dict[str, float]:
    """One runner in a child process: its CPU seconds, wall seconds, peak RSS and (API
    runners) the CPU seconds it timed itself."""
    if runner == "ours-cli":
        cmd = [str(BIN / "deboiler-gui"), "clean", str(site), "-o", str(out), "-q"]
    else:
        cmd = [sys.executable, "-c", SCRIPTS[runner], str(site), str(out)]
    pid_wall = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - pid_wall
    stdout = proc.stdout.read() if proc.stdout else ""
    stderr = proc.stderr.read() if proc.stderr else ""
    if status != 0:
        raise SystemExit(f"{runner} failed on {site}: {stderr[-2000:]}")
    timed = float(stdout.strip().splitlines()[-1]) if runner.endswith("-api") else None
    return {
        "cpu": usage.ru_utime + usage.ru_stime,
        "wall": wall,
        "rss": usage.ru_maxrss / 1024,
        "timed": timed if timed is not None else float("nan"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sites", nargs="+", type=Path)
    parser.add_argument("--runners", default=",".join(RUNNERS), help="comma-separated subset")
    args = parser.parse_args()
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    print(
        "| site | pages | runner | CPU s (process) | wall s | peak RSS MB | fit+clean CPU s (timed inside) |"
    )
    print("|---|---:|---|---:|---:|---:|---:|")
    ratios = []
    for site in args.sites:
        pages = sum(1 for _ in site.open(encoding="utf-8"))
        res = {}
        with tempfile.TemporaryDirectory() as tmp:
            for runner in args.runners.split(","):
                res[runner] = m = run(runner, site, Path(tmp) / f"{runner}.jsonl")
                timed = f"{m['timed']:.2f}" if m["timed"] == m["timed"] else "-"
                print(
                    f"| {site.stem} | {pages} | {runner} | {m['cpu']:.2f} | {m['wall']:.2f} | {m['rss']:.0f} | {timed} |",
                    flush=True,
                )
        if set(RUNNERS) - set(res):
            continue
        ratios.append(
            (
                site.stem,
                res["deboiler-cli"]["cpu"] / res["ours-cli"]["cpu"],
                res["deboiler-api"]["timed"] / res["ours-api"]["timed"],
                res["ours-cli"]["cpu"] / res["lxml-parse"]["cpu"],
                res["ours-cli"]["rss"],
                res["deboiler-cli"]["rss"],
            )
        )
    print()
    print(
        "| site | CLI: deboiler CPU / ours | API: deboiler fit+clean / ours | ours CLI / lxml parse-only | peak RSS ours / deboiler MB |"
    )
    print("|---|---:|---:|---:|---:|")
    for name, cli, api, floor, rss_o, rss_d in ratios:
        print(f"| {name} | {cli:.1f}× | {api:.1f}× | {floor:.1f}× | {rss_o:.0f} / {rss_d:.0f} |")
    json.dump(ratios, sys.stderr)


if __name__ == "__main__":
    main()
