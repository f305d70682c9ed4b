"""Materialise the quality benchmark's non-Debian sites into /work/data/<site>/ from local git mirrors.

    python benchmarks/datasets.py [--mirrors /work/.mirror] [--out /work/data] [--site NAME ...]

Each site becomes ``<out>/<site>/pages.jsonl`` (one ``{url, html, status, content_type}`` per
page, the format ``deboiler-gui clean`` and deboiler's ``JsonDataset`` read) and, where the
source has hand-checked article text, ``<out>/<site>/gold.jsonl`` (``{url, text}``). The pages
are read from bare git mirrors of public repositories (``git cat-file``), never from the network,
and are never part of this project's repository. See docs/quality.md for sources and licences.

Sites kept in a mirror only as 7-Zip archives are unpacked with the ``7z`` command (Debian's
``p7zip-full``). A site whose mirror, archive or tool is missing is reported and left out; the
other sites are still built, and the exit status is 1.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

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


class Unavailable(Exception):
    """A site cannot be built here: its mirror, a file in it or a tool is missing."""


def _git_dir(mirrors: Path, repo: str) -> Path:
    base = mirrors / repo / "repo"
    for candidate in (base / ".git", base):
        if (candidate / "objects").is_dir():
            return candidate
    raise Unavailable(f"no git mirror of {repo} under {base} (bring it with the fetch tool first)")


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


_SCHEME_NAME = re.compile(r"^(https?):__([^_#?/]+)(.*)$")


def _webstructure_url(stem: str) -> str:
    """A page's URL from its file name: the URL with every "/" written as "_"
    ("http:__www.zhihu.com_question_123" is http://www.zhihu.com/question/123). The host ends at
    the first "_": every page of a site is on one host, as on the site."""
    m = _SCHEME_NAME.match(stem)
    if not m:
        return stem
    return f"{m.group(1)}://{m.group(2)}{m.group(3).replace('_', '/')}"


def build_webstructure(src: Source, git_dir: Path) -> tuple[list[dict], list[dict]]:
    blobs = _Blobs(git_dir)
    pages = []
    for sha, path in _tree(git_dir, src.commit, src.arg):
        rel = path[len(src.arg) + 1 :]
        if "/" in rel or not rel.endswith(".html"):
            continue  # the page's saved resources live in sub-folders
        url = _webstructure_url(rel[: -len(".html")])
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
        # written as "_"; the time stays in the URL, the same article was saved more than once.
        # A name whose URL part starts with "_" ("20000304001851__www.bbc.com_", the URL saved
        # as "/www.bbc.com/") still names its host first; where the crawl saved the page under
        # both names at the same time, it is one page
        path = m.group(2).lstrip("_")
        if path != m.group(2) and f"{m.group(1)}_{path}" in files:
            continue
        url = f"http://{path.replace('_', '/')}?wayback={m.group(1)}"
        pages.append(_record(url, _decode(blobs.read(sha))))
        if name + ".txt" in files:
            gold.append({"url": url, "text": _decode(blobs.read(files[name + ".txt"]))})
    blobs.close()
    return pages[: src.limit], gold


# The collection's other sites are whole only in ``dataset/<host>.7z`` at its last commit: one
# folder per year, each page ``<name>.html`` with its article text in ``<name>.txt``. A page's
# name is either the crawl's (crawl time, "_", the URL with "/" -- and on some sites "." too --
# written as "_") or the article's title.


def _unpack_7z(data: bytes, into: Path) -> Path:
    """Unpack a 7-Zip archive's bytes into the folder ``into``; the folder of its files."""
    tool = shutil.which("7z")
    if tool is None:
        raise Unavailable(
            "the 7z command is not installed (apt-get install p7zip-full); it unpacks the .7z archives"
        )
    archive = into / "archive.7z"
    archive.write_bytes(data)
    files = into / "files"
    done = subprocess.run(
        [tool, "x", "-y", "-bd", f"-o{files}", str(archive)], capture_output=True, check=False
    )
    if done.returncode != 0:
        said = (done.stderr.strip() or done.stdout.strip()).decode("utf-8", "replace")
        last = said.splitlines()[-1] if said else f"exit status {done.returncode}"
        raise Unavailable(f"7z could not unpack the archive: {last}")
    archive.unlink()
    return files


def _archive_url(host: str, year: str, stem: str) -> str:
    m = _WAYBACK_NAME.match(stem)
    if not m:
        # a title for a name: the site, the year's folder and the title stand for the address
        return f"http://{host}/{year}/{quote(stem)}"
    parts = m.group(2).split("_")
    # "www_latimes_com_news_..." writes the host's dots as "_" too: it ends at the site's
    # top-level label
    tld = host.rsplit(".", 1)[-1]
    if "." not in parts[0] and tld in parts[1:4]:
        end = parts.index(tld, 1) + 1
        parts[:end] = [".".join(parts[:end])]
    return f"http://{quote('/'.join(parts), safe='/,')}?wayback={m.group(1)}"


def build_crawl_to_the_future_7z(src: Source, git_dir: Path) -> tuple[list[dict], list[dict]]:
    got = subprocess.run(
        ["git", f"--git-dir={git_dir}", "cat-file", "blob", f"{src.commit}:{src.arg}"],
        capture_output=True,
        check=False,
    )
    if got.returncode != 0:
        raise Unavailable(f"no {src.arg} at {src.commit} in the mirror {git_dir}")
    host = src.arg.rsplit("/", 1)[-1].removesuffix(".7z")
    pages: dict[str, dict] = {}
    gold = []
    with tempfile.TemporaryDirectory(prefix="datasets-7z-") as tmp:
        files = _unpack_7z(got.stdout, Path(tmp))
        for path in sorted(files.glob(f"{host}/*/*.html")):
            year = path.parent.name
            url = _archive_url(host, year, path.stem)
            if url in pages:
                raise ValueError(f"{src.arg}: two pages for {url}")
            pages[url] = _record(url, _decode(path.read_bytes()))
            text = path.with_suffix(".txt")
            if text.is_file():
                gold.append({"url": url, "text": _decode(text.read_bytes())})
    rows = [pages[u] for u in sorted(pages)][: src.limit]
    kept = {r["url"] for r in rows}
    return rows, sorted((g for g in gold if g["url"] in kept), key=lambda g: g["url"])


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


# -- atsmanufacturing/oldat: a WooCommerce shop exported to static pages (GitHub Pages) --------


_REFRESH = re.compile(rb"<meta[^>]+http-equiv=[\"']?refresh", re.IGNORECASE)


def build_static_shop(src: Source, git_dir: Path) -> tuple[list[dict], list[dict]]:
    """The catalogue of a WordPress shop saved as ``<path>/index.html`` files (one per address):
    the product pages and the pages that list them (categories, tags, the shop's own pages),
    from the folders named in ``src.arg``. The export's redirect stubs (a page that only sends
    the browser to another address) and the products' oEmbed views are not pages of the site."""
    base = "https://atsmanufacturing.github.io/oldat/"
    blobs = _Blobs(git_dir)
    pages = []
    for folder in src.arg.split():
        for sha, path in _tree(git_dir, src.commit, folder):
            if not path.endswith("/index.html") or "/embed/" in f"/{path}":
                continue
            data = blobs.read(sha)
            if len(data) < 4096 and _REFRESH.search(data):
                continue
            pages.append(_record(base + quote(path.removesuffix("index.html")), _decode(data)))
    blobs.close()
    pages.sort(key=lambda r: r["url"])
    return pages[: src.limit], []


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
    # the collection's other sites, from their archives at its last commit
    *(
        Source(
            name,
            "rodricios+crawl-to-the-future",
            build_crawl_to_the_future_7z,
            f"dataset/{host}.7z",
        )
        for name, host in (
            ("msn-news", "entertainment.msn.com"),
            ("thenation-news", "thenation.com"),
            ("esquire-news", "www.esquire.com"),
            ("foxnews-news", "www.foxnews.com"),
            ("latimes-news", "www.latimes.com"),
            ("nymag-news", "www.nymag.com"),
        )
    ),
    Source(
        "uci-informatics", "RithwikKerur+CS121Project3", build_cs121, "DEV/www_informatics_uci_edu"
    ),
    Source(
        "atsurgical-shop",
        "atsmanufacturing+oldat",
        build_static_shop,
        "product product-category product-tag shop",
        "40cb401",
    ),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirrors", type=Path, default=DEFAULT_MIRRORS)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--site", action="append", help="only these sites")
    args = parser.parse_args()
    missing = []
    for src in SOURCES:
        if args.site and src.name not in args.site:
            continue
        try:
            pages, gold = src.build(src, _git_dir(args.mirrors, src.repo))
        except Unavailable as exc:
            # the other sites are still built
            print(f"{src.name}: not built: {exc}", file=sys.stderr)
            missing.append(src.name)
            continue
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
    if missing:
        sys.exit(f"not built: {', '.join(missing)}")


if __name__ == "__main__":
    main()
