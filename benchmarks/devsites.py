"""Materialise the cleaner's development sites of other kinds than documentation (a forum,
a news site) from public repositories of saved pages into JSON-lines files under /work/data.

    python benchmarks/devsites.py [--out /work/data/cleaner]

The repositories are read from their bare git copies (brought here beforehand): forum pages
from FGPullen/webStructure at commit efc0ac6 (ubuntuforums.org and forums.asp.net, 2015),
news articles from rodricios/crawl-to-the-future (news.bbc.co.uk Wayback copies, with the
repository's hand-checked article text next to each page).
"""

from __future__ import annotations

import argparse
import json
import subprocess
from pathlib import Path

MIRRORS = Path("/work/.mirror")

#: (name, git directory, commit, folder, URL of a file name)
SOURCES = [
    ("ubuntu-forum", "FGPullen+webStructure/repo", "efc0ac6", "Crawler/crawl_data/Ubuntu"),
    ("asp-forum", "FGPullen+webStructure/repo", "efc0ac6", "Crawler/crawl_data/ASP"),
    ("bbc-news", "rodricios+crawl-to-the-future/repo", "a983345", "dataset/news.bbc.co.uk"),
]


def _git(gitdir: Path, *args: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(gitdir), *args], capture_output=True, check=True
    ).stdout


def _gitdir(rel: str) -> Path:
    path = MIRRORS / rel
    return path / ".git" if (path / ".git").is_dir() else path


def _url(name: str, file: str) -> str:
    base = file.rsplit("/", 1)[-1]
    if name == "bbc-news":  # 20000608054457_news.bbc.co.uk_hi_english_..._780947.stm
        return "http://" + base.split("_", 1)[1].replace("_", "/")
    # http:__ubuntuforums.org_showthread.php?t=1.html
    url = base.removesuffix(".html").replace("http:__", "http://", 1)
    host, _, rest = url.removeprefix("http://").partition("_")
    return f"http://{host}/{rest}"


def materialise(name: str, repo: str, commit: str, folder: str, out: Path) -> int:
    gitdir = _gitdir(repo)
    files = _git(gitdir, "ls-tree", "-r", "-z", "--name-only", commit, folder).decode().split("\0")
    gold = {f for f in files if f.endswith(".txt")}
    pages = [
        f
        for f in files
        if f.count("/") == folder.count("/") + 1
        and not f.endswith((".txt", ".DS_Store", ".js", ".css", ".png", ".gif", ".jpg"))
    ]
    out.mkdir(parents=True, exist_ok=True)
    n = 0
    tmp = out / (name + ".jsonl.tmp")
    with tmp.open("w", encoding="utf-8") as fh:
        for f in sorted(pages):
            html = _git(gitdir, "show", f"{commit}:{f}").decode("utf-8", errors="replace")
            record = {
                "url": _url(name, f),
                "html": html,
                "status": 200,
                "content_type": "text/html",
            }
            if f + ".txt" in gold:
                record["gold_text"] = _git(gitdir, "show", f"{commit}:{f}.txt").decode(
                    "utf-8", errors="replace"
                )
            fh.write(json.dumps(record) + "\n")
            n += 1
    tmp.replace(out / (name + ".jsonl"))
    return n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/work/data/cleaner"))
    args = parser.parse_args()
    for name, repo, commit, folder in SOURCES:
        print(name, materialise(name, repo, commit, folder, args.out), "pages", flush=True)


if __name__ == "__main__":
    main()
