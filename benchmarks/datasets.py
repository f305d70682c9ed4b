"""Materialise the quality benchmark's non-Debian sites into /work/data/<site>/ from local git mirrors.

    python benchmarks/datasets.py [--mirrors /work/.mirror] [--out /work/data] [--site NAME ...]

Each site becomes ``<out>/<site>/pages.jsonl`` (one ``{url, html, status, content_type}`` per
page, the format ``deboiler-gui clean`` and deboiler's ``JsonDataset`` read) and, where the
source has hand-checked article text, ``<out>/<site>/gold.jsonl`` (``{url, text}``). The pages
are read from bare git mirrors of public repositories (``git cat-file``), never from the network,
and are never part of this project's repository. See docs/quality.md for sources and licences.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

DEFAULT_MIRRORS = Path("/work/.mirror")
DEFAULT_OUT = Path("/work/data")


@dataclass(frozen=True)
class Source:
    name: str
    repo: str  # owner+name folder under the mirrors
    build: Callable[[Source, Path], tuple[list[dict], list[dict]]]
    arg: str = ""  # what the builder reads (a folder inside the repository)
    commit: str = "HEAD"
    limit: int | None = None


def _git_dir(mirrors: Path, repo: str) -> Path:
    base = mirrors / repo / "repo"
    for candidate in (base / ".git", base):
        if (candidate / "objects").is_dir():
            return candidate
    raise SystemExit(f"{repo}: no git mirror under {base} (bring it with the fetch tool first)")


def _git(git_dir: Path, *args: str) -> str:
    return subprocess.run(
        ["git", f"--git-dir={git_dir}", *args], capture_output=True, check=True
    ).stdout.decode("utf-8", errors="replace")


class _Blobs:
    """Reads many blobs through one ``git cat-file --batch`` process."""

    def __init__(self, git_dir: Path) -> None:
        self.proc = subprocess.Popen(
            ["git", f"--git-dir={git_dir}", "cat-file", "--batch"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )

    def read(self, sha: str) -> bytes:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(sha.encode() + b"\n")
        self.proc.stdin.flush()
        header = self.proc.stdout.readline().split()
        if len(header) < 3:
            raise KeyError(sha)
        size = int(header[2])
        data = self.proc.stdout.read(size)
        self.proc.stdout.read(1)
        return data

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        if self.proc.stdout:
            self.proc.stdout.close()
        self.proc.wait()


def _tree(git_dir: Path, commit: str, folder: str) -> Iterator[tuple[str, str]]:
    """(blob sha, path) of every file under ``folder`` at ``commit``."""
    out = _git(git_dir, "ls-tree", "-r", "-z", commit, "--", folder)
    for entry in out.split("\0"):
        if not entry:
            continue
        meta, path = entry.split("\t", 1)
        parts = meta.split()
        if parts[1] == "blob":
            yield parts[2], path


def _decode(data: bytes) -> str:
    # The pages are stored as bytes with their own meta charset; the benchmark reads text.
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _record(url: str, html: str) -> dict:
    return {"url": url, "html": html, "status": 200, "content_type": "text/html"}


# -- FGPullen/webStructure: forums and Q&A saved in 2015 (commit efc0ac6) ---------------------


def build_webstructure(src: Source, git_dir: Path) -> tuple[list[dict], list[dict]]:
    blobs = _Blobs(git_dir)
    pages = []
    for sha, path in _tree(git_dir, src.commit, src.arg):
        rel = path[len(src.arg) + 1 :]
        if "/" in rel or not rel.endswith(".html"):
            continue  # the page's saved resources live in sub-folders
        # file names are the URL with "/" written as "_" (and ".html" added)
        url = (
            rel[: -len(".html")].replace("http:__", "http://", 1).replace("https:__", "https://", 1)
        )
        pages.append(_record(url, _decode(blobs.read(sha))))
    blobs.close()
    pages.sort(key=lambda r: r["url"])
    return pages[: src.limit], []


# -- rodricios/crawl-to-the-future: news pages from the Wayback Machine, with article text ----


def _history_files(git_dir: Path, prefix: str) -> dict[str, str]:
    """file name -> blob of every file ever under ``prefix`` (pages were moved and deleted)."""
    found: dict[str, str] = {}
    for commit in _git(git_dir, "rev-list", "--all").split():
        for sha, path in _tree(git_dir, commit, prefix):
            found.setdefault(path.rsplit("/", 1)[-1], sha)
    return found


_WAYBACK_NAME = re.compile(r"^(\d{14})_(.+)$")


def build_crawl_to_the_future(src: Source, git_dir: Path) -> tuple[list[dict], list[dict]]:
    files = _history_files(git_dir, src.arg)
    blobs = _Blobs(git_dir)
    pages, gold = [], []
    for name, sha in sorted(files.items()):
        if name.endswith((".txt", ".7z", ".png", ".md")):
            continue
        m = _WAYBACK_NAME.match(name)
        if not m:
            continue
        # "20000608054457_news.bbc.co.uk_hi_english_..." : the crawl time and the URL with "/"
        # written as "_"; the time stays in the URL, the same article was saved more than once
        url = f"http://{m.group(2).replace('_', '/')}?wayback={m.group(1)}"
        pages.append(_record(url, _decode(blobs.read(sha))))
        if name + ".txt" in files:
            gold.append({"url": url, "text": _decode(blobs.read(files[name + ".txt"]))})
    blobs.close()
    return pages[: src.limit], gold


# -- opendcl/forum-archive: a forum rebuilt into static pages ----------------------------------


def build_opendcl(src: Source, git_dir: Path) -> tuple[list[dict], list[dict]]:
    blobs = _Blobs(git_dir)
    pages = []
    for sha, path in _tree(git_dir, src.commit, src.arg):
        if path.endswith(".html"):
            pages.append(
                _record(f"https://opendcl.github.io/forum-archive/{path}", _decode(blobs.read(sha)))
            )
    blobs.close()
    # an evenly spread sample of the topics, so that all boards and years are in it
    pages.sort(key=lambda r: r["url"])
    if src.limit and len(pages) > src.limit:
        pages = [pages[i * len(pages) // src.limit] for i in range(src.limit)]
    return pages, []


# -- RithwikKerur/CS121Project3: one crawl of a university's sites, JSON per page -------------


def build_cs121(src: Source, git_dir: Path) -> tuple[list[dict], list[dict]]:
    blobs = _Blobs(git_dir)
    pages = []
    for sha, _path in _tree(git_dir, src.commit, src.arg):
        try:
            record = json.loads(blobs.read(sha))
        except ValueError:
            continue
        html = record.get("content") or ""
        if "<html" not in html[:2000].lower():
            continue  # the crawl also saved PDFs, text files and images as text
        # the crawl saved some pages twice, with and without a "#content" fragment
        pages.append(_record(record["url"].split("#", 1)[0], html))
    blobs.close()
    pages.sort(key=lambda r: r["url"])
    seen: set[str] = set()
    unique = []
    for r in pages:
        if r["url"] not in seen:
            seen.add(r["url"])
            unique.append(r)
    if src.limit and len(unique) > src.limit:
        unique = [unique[i * len(unique) // src.limit] for i in range(src.limit)]
    return unique, []


SOURCES = [
    Source(
        "asp-forums",
        "FGPullen+webStructure",
        build_webstructure,
        "Crawler/crawl_data/ASP",
        "efc0ac6",
    ),
    Source(
        "ubuntu-forums",
        "FGPullen+webStructure",
        build_webstructure,
        "Crawler/crawl_data/Ubuntu",
        "efc0ac6",
    ),
    Source(
        "android-se",
        "FGPullen+webStructure",
        build_webstructure,
        "Crawler/crawl_data/Questions",
        "efc0ac6",
    ),
    Source("opendcl-forum", "opendcl+forum-archive", build_opendcl, "topics", limit=600),
    Source(
        "bbc-news",
        "rodricios+crawl-to-the-future",
        build_crawl_to_the_future,
        "dataset/news.bbc.co.uk",
    ),
    Source(
        "yahoo-news",
        "rodricios+crawl-to-the-future",
        build_crawl_to_the_future,
        "dataset/news.yahoo.com",
    ),
    Source(
        "cnn-news",
        "rodricios+crawl-to-the-future",
        build_crawl_to_the_future,
        "dataset/www.cnn.com",
    ),
    Source(
        "forbes-news",
        "rodricios+crawl-to-the-future",
        build_crawl_to_the_future,
        "dataset/www.forbes.com",
    ),
    Source(
        "uci-informatics", "RithwikKerur+CS121Project3", build_cs121, "DEV/www_informatics_uci_edu"
    ),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirrors", type=Path, default=DEFAULT_MIRRORS)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--site", action="append", help="only these sites")
    args = parser.parse_args()
    for src in SOURCES:
        if args.site and src.name not in args.site:
            continue
        git_dir = _git_dir(args.mirrors, src.repo)
        pages, gold = src.build(src, git_dir)
        folder = args.out / src.name
        folder.mkdir(parents=True, exist_ok=True)
        for filename, rows in (("pages.jsonl", pages), ("gold.jsonl", gold)):
            target = folder / filename
            if not rows:
                target.unlink(missing_ok=True)
                continue
            tmp = target.with_suffix(".tmp")
            with tmp.open("w", encoding="utf-8") as f:
                for row in rows:
                    f.write(json.dumps(row, ensure_ascii=False) + "\n")
            tmp.replace(target)  # never a half-written file
        print(
            f"{src.name}: {len(pages)} pages, {len(gold)} with article text -> {folder}",
            file=sys.stderr,
        )


if __name__ == "__main__":
    main()
