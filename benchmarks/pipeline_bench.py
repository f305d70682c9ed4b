"""Whole-run speed on real sites: `deboiler-gui clean` (read, decode, stage, fit, clean, write)
next to the floor (read + lxml parse of every page) and the original deboiler package's
fit + transform on the same pages, each in a fresh process, measured in the same run.

    python benchmarks/pipeline_bench.py [--sites django-docs sqlite-docs] [--no-peer]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sites import iter_sites  # noqa: E402

# Each measurement runs in its own interpreter so peak memory is that run's alone.
_FLOOR = """
import sys, time, resource, lxml.html
files = sys.argv[1:]
t = time.perf_counter()
for f in files:
    lxml.html.document_fromstring(open(f, 'rb').read())
print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""

_OURS = """
import sys, time, resource
from deboiler_gui.cli import cli
folder, out, jobs, opmode = sys.argv[1:5]
t = time.perf_counter()
try:
    cli.main(["clean", folder, "-o", out, "-q", "--jobs", jobs, "--operation-mode", opmode, "--base-url", "https://bench.example/"], standalone_mode=False)
finally:
    rss = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    print(time.perf_counter() - t, rss)
"""

_PEER = """
import sys, time, resource, warnings, logging
warnings.simplefilter("ignore")
from deboiler import Deboiler
from deboiler.dataset import ListDataset
logging.getLogger("deboiler").setLevel(logging.WARNING)
files = sys.argv[1:]
t = time.perf_counter()
records = [{"url": "https://bench.example/" + str(i), "content": open(f, 'rb').read().decode('utf-8', 'replace'),
            "status": 200, "content_type": "text/html"} for i, f in enumerate(files)]
model = Deboiler(n_processes=1, operation_mode="memory", verbose=False)
dataset = ListDataset(records, verbose=False)
model.fit(dataset)
n = sum(1 for _ in model.transform(dataset))
print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def _run(code: str, *args: str) -> tuple[float, float]:
    # GNU time reports the peak RSS of the process itself (a fork inherits its parent's
    # high-water mark, so the process's own getrusage would not).
    cmd = [sys.executable, "-c", code, *args]
    if os.path.exists("/usr/bin/time"):
        cmd = ["/usr/bin/time", "-f", "maxrss %M", *cmd]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=1800)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr[-2000:])
    seconds, rss_kb = proc.stdout.strip().splitlines()[-1].split()
    for line in proc.stderr.splitlines():
        if line.startswith("maxrss "):
            rss_kb = line.split()[1]
    return float(seconds), int(rss_kb) / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sites", nargs="*", default=None)
    ap.add_argument("--no-peer", action="store_true", help="skip the original deboiler package")
    args = ap.parse_args()
    rows = []
    for site in iter_sites(args.sites):
        files = site.files()
        size = sum(f.stat().st_size for f in files) / 1e6
        with tempfile.TemporaryDirectory(prefix="pipeline-bench-") as tmp:
            folder = Path(tmp) / "site"
            for f in files:  # the site's pages only, at their relative paths
                link = folder / f.relative_to(site.root)
                link.parent.mkdir(parents=True, exist_ok=True)
                os.symlink(f, link)
            out = Path(tmp) / "out.jsonl"
            floor, floor_rss = _run(_FLOOR, *map(str, files))
            runs = {}
            for jobs, opmode in ((1, "memory"), (2, "memory"), (1, "performance")):
                runs[(jobs, opmode)] = _run(_OURS, str(folder), str(out), str(jobs), opmode)
            statuses: dict[str, int] = {}
            for line in out.read_text(encoding="utf-8").splitlines():
                status = json.loads(line)["status"]
                statuses[status] = statuses.get(status, 0) + 1
            peer = None if args.no_peer else _run(_PEER, *map(str, files))
        rows.append((site.name, len(files), size, floor, runs, peer, statuses))

    print("\nWhole clean runs (seconds; each in a fresh process; 2 cores)\n")
    head = f"{'site':<22}{'pages':>6}{'MB':>6}{'floor':>7}{'ours j1':>9}{'pages/s':>8}{'×floor':>7}{'ours j2':>9}{'perf':>7}{'deboiler':>9}{'ours/deb':>9}{'RSS j1':>8}{'RSS deb':>8}  statuses"
    print(head)
    print("-" * len(head))
    for name, n, size, floor, runs, peer, statuses in rows:
        j1, rss1 = runs[(1, "memory")]
        j2, _ = runs[(2, "memory")]
        perf, _ = runs[(1, "performance")]
        deb = f"{peer[0]:>9.1f}" if peer else f"{'-':>9}"
        ratio = f"{j1 / peer[0]:>9.2f}" if peer else f"{'-':>9}"
        rss_deb = f"{peer[1]:>8.0f}" if peer else f"{'-':>8}"
        print(
            f"{name:<22}{n:>6}{size:>6.1f}{floor:>7.2f}{j1:>9.1f}{n / j1:>8.1f}{j1 / floor:>7.1f}{j2:>9.1f}{perf:>7.1f}"
            f"{deb}{ratio}{rss1:>8.0f}{rss_deb}  {json.dumps(statuses, sort_keys=True)}"
        )
    print(
        "\nfloor = read + lxml parse of every page; ours = `deboiler-gui clean` end to end (read,"
    )
    print("decode, stage in SQLite, fit, clean, write JSON lines); deboiler = its fit + transform")
    print("(memory mode, 1 process) on the same pages; ours/deb < 1 means we are faster; perf =")
    print("ours with --operation-mode performance. RSS = peak MB of the main process.")


if __name__ == "__main__":
    main()
