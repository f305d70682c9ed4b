"""The data behind docs/features.md, rebuilt from Debian doc packages, and the cost of the
Markdown converter next to lxml's parse of the same pages (measured in the same run).

    python benchmarks/features_bench.py [--out /work/data/features] [--pages 300]

It writes OUT/pg-v1 (the first PAGES pages of postgresql-doc-15) and OUT/pg-v2 (the same pages
with DocBook's ``programlisting`` class renamed ``code-sample`` and table captions'
``p class="title"`` renamed ``caption``: the "redesign" the monitoring example checks), then
prints a table: per documentation site, pages, ms per page to parse with lxml, ms per page to
write Markdown from the parsed tree, and the ratio.
"""

from __future__ import annotations

import argparse
import re
import shutil
import time
from pathlib import Path

from deboiler_gui.engine.clean.markdown import to_markdown
from deboiler_gui.engine.htmltree import parse_html

SITES = {
    "python3.11-doc (Sphinx)": ("/usr/share/doc/python3.11/html", "https://docs.python.org/3.11/"),
    "postgresql-doc-15 (DocBook)": (
        "/usr/share/doc/postgresql-doc-15/html",
        "https://www.postgresql.org/docs/15/",
    ),
    "git-doc (asciidoc)": ("/usr/share/doc/git-doc", "https://git-scm.com/docs/"),
    "sqlite3-doc": ("/usr/share/doc/sqlite3", "https://sqlite.org/"),
}


def build_monitoring_sites(out: Path, pages: int) -> None:
    source = Path(SITES["postgresql-doc-15 (DocBook)"][0])
    files = sorted(source.glob("*.html"))[:pages]
    for name in ("pg-v1", "pg-v2"):
        shutil.rmtree(out / name, ignore_errors=True)
        (out / name).mkdir(parents=True)
    for f in files:
        text = f.read_text(encoding="utf-8", errors="replace")
        (out / "pg-v1" / f.name).write_text(text, encoding="utf-8")
        v2 = re.sub(r'class="programlisting"', 'class="code-sample"', text)
        v2 = v2.replace('<p class="title"><strong>', '<p class="caption"><strong>')
        (out / "pg-v2" / f.name).write_text(v2, encoding="utf-8")
    print(f"wrote {len(files)} pages each to {out / 'pg-v1'} and {out / 'pg-v2'}")


def markdown_speed(limit: int) -> None:
    print(f"{'site':<30} {'pages':>6} {'parse ms/page':>14} {'markdown ms/page':>17} {'ratio':>6}")
    for label, (folder, base) in SITES.items():
        root = Path(folder)
        if not root.is_dir():
            print(f"{label:<30} (not installed)")
            continue
        files = sorted(root.rglob("*.html"))[:limit]
        texts = [(f, f.read_text(encoding="utf-8", errors="replace")) for f in files]
        t0 = time.perf_counter()
        trees = [parse_html(t) for _f, t in texts]
        t1 = time.perf_counter()
        for (f, _t), tree in zip(texts, trees, strict=True):
            to_markdown(tree, base + f.relative_to(root).as_posix())
        t2 = time.perf_counter()
        n = max(1, len(texts))
        parse_ms, md_ms = (t1 - t0) * 1000 / n, (t2 - t1) * 1000 / n
        print(
            f"{label:<30} {len(texts):>6} {parse_ms:>14.2f} {md_ms:>17.2f} {md_ms / parse_ms if parse_ms else 0:>6.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/work/data/features"))
    parser.add_argument("--pages", type=int, default=300)
    args = parser.parse_args()
    build_monitoring_sites(args.out, args.pages)
    markdown_speed(args.pages)


if __name__ == "__main__":
    main()
