"""Spark on local[2] against the local engine with --jobs 2, on the same 10,000+ pages.

Builds one JSON-lines crawl from the HTML documentation sites installed on this machine
(each doc site is one web site; copies under other host names make it many sites, as a real
crawl is), cleans it with both engines, checks the outputs agree, and prints a table plus an
estimate of the cluster needed for one billion pages from the measured per-page cost.

    python3 benchmarks/spark_bench.py [--pages 10500] [--workdir /tmp/spark-bench]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from pathlib import Path

SITES = [
    ("/usr/share/doc/python-django-doc/html", "docs.djangoproject.test"),
    ("/usr/share/doc/sqlite3", "sqlite.test"),
    ("/usr/share/doc/postgresql-doc-15/html", "postgresql.test"),
    ("/usr/share/doc/python3.11/html", "docs.python.test"),
    ("/usr/share/doc/gcc-12-base/libstdc++", "gcc.test"),
    ("/usr/share/debian-reference", "debian-reference.test"),
]


def build_corpus(target: Path, pages: int) -> tuple[int, int]:
    """Write up to ``pages`` pages; returns (pages, sites)."""
    files: list[tuple[str, Path, Path]] = []
    for folder, host in SITES:
        root = Path(folder)
        if root.is_dir():
            files.extend((host, root, f) for f in sorted(root.rglob("*.htm*")) if f.is_file())
    if not files:
        sys.exit(
            "no documentation sites installed (apt-get install python-django-doc sqlite3-doc postgresql-doc-15)"
        )
    written = 0
    copy = 0
    sites: set[str] = set()
    with target.open("w", encoding="utf-8") as out:
        while written < pages:
            for host, root, f in files:
                if written >= pages:
                    break
                name = host if copy == 0 else f"mirror{copy}.{host}"
                html = f.read_bytes().decode("utf-8", errors="replace")
                rel = f.relative_to(root).as_posix()
                out.write(
                    json.dumps(
                        {
                            "url": f"http://{name}/{rel}",
                            "html": html,
                            "status": 200,
                            "content_type": "text/html",
                        }
                    )
                    + "\n"
                )
                sites.add(name)
                written += 1
            copy += 1
    return written, len(sites)


def run_local(corpus: Path, out: Path, jobs: int) -> float:
    from deboiler_gui.engine.clean.pipeline import CleanOptions, run_steps

    start = time.perf_counter()
    for _ in run_steps([corpus], out, options=CleanOptions(jobs=jobs)):
        pass
    return time.perf_counter() - start


def run_spark(corpus: Path, out: Path, master: str) -> tuple[float, float]:
    from deboiler_gui.scale import spark as sj

    t0 = time.perf_counter()
    session = sj.get_session(master, "deboiler-gui-bench")
    session.sparkContext.setLogLevel("ERROR")
    t1 = time.perf_counter()
    sj.run_clean([str(corpus)], str(out), spark=session, overwrite=True)
    t2 = time.perf_counter()
    session.stop()
    return t1 - t0, t2 - t1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--pages", type=int, default=10_500)
    ap.add_argument("--workdir", default="/tmp/deboiler-spark-bench")
    ap.add_argument("--master", default="local[2]")
    args = ap.parse_args()
    work = Path(args.workdir)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    corpus = work / "crawl.jsonl"
    n, n_sites = build_corpus(corpus, args.pages)
    size_mb = corpus.stat().st_size / 1e6

    local_s = run_local(corpus, work / "local.jsonl", jobs=2)
    start_s, spark_s = run_spark(corpus, work / "spark-out", args.master)

    from deboiler_gui.scale.spark import read_output

    # split on "\n" only: records may hold U+2028 and other characters splitlines() breaks at
    lines = (work / "local.jsonl").read_text(encoding="utf-8").split("\n")
    local = {r["url"]: r for r in map(json.loads, filter(None, lines))}
    remote = {r["url"]: r for r in read_output(str(work / "spark-out"))}
    same = sum(1 for u, r in local.items() if remote.get(u) == r)

    per_page_core_s = spark_s * 2 / n  # two executor cores were busy for spark_s
    print(
        f"\nCorpus: {n} pages, {n_sites} sites, {size_mb:.0f} MB of JSON lines; cores: {os.cpu_count()}\n"
    )
    print("| engine | wall time (s) | pages/s | ratio to local --jobs 2 |")
    print("|---|---:|---:|---:|")
    print(f"| local engine, --jobs 2 | {local_s:.1f} | {n / local_s:.1f} | 1.00 |")
    print(
        f"| Spark {args.master} (job only) | {spark_s:.1f} | {n / spark_s:.1f} | {local_s / spark_s:.2f} |"
    )
    print(
        f"| Spark {args.master} (with JVM start, {start_s:.1f} s) | {spark_s + start_s:.1f} | {n / (spark_s + start_s):.1f} | {local_s / (spark_s + start_s):.2f} |"
    )
    print(
        f"\nOutputs identical page by page: {same} of {len(local)} (Spark wrote {len(remote)} records)"
    )
    print(
        f"\nMeasured cost: {per_page_core_s * 1000:.1f} ms of one core per page (fit + clean, Spark overhead included)."
    )
    billion = 1e9 * per_page_core_s
    core_hours = billion / 3600
    print(f"One billion pages: {core_hours:,.0f} core-hours.")
    for cores in (200, 1000, 4000):
        print(
            f"  {cores:>5} cores ({cores // 16} nodes of 16 cores): {core_hours / cores:,.1f} h (+ reading and writing the WARCs)"
        )


if __name__ == "__main__":
    main()
