"""A page named in a narrow column or one line of a report by the end of its path, the part
that tells it from its neighbours (the page list, the value preview, evaluate --signals)."""

from __future__ import annotations

from urllib.parse import unquote, urlsplit

#: Characters of a page's path shown where a page is named in a narrow column or a line.
SHORT_PAGE = 40


def short_page(url: str, root: str = "", limit: int = SHORT_PAGE) -> str:
    """A page named by what tells it apart, its end: the path below ``root`` (the scheme and
    host when there is no root), and when longer than ``limit`` its first folder, "…" and as
    many of its last segments as fit — the last one (the file name and query) always whole.
    ``org/apache/commons/lang3/builder/ToStringBuilder.html`` reads
    ``org/…/builder/ToStringBuilder.html``, never ``ocal/org/apache/commons/…``."""
    below = root and url.startswith(root)
    text = (unquote(url[len(root) :]) or "/") if below else url
    if "://" in text:
        parts = urlsplit(text)
        text = unquote(parts.path.lstrip("/") + (f"?{parts.query}" if parts.query else ""))
        text = text or parts.netloc
    if len(text) <= limit:
        return text
    # The query belongs to the last segment: a "/" inside it does not split the path.
    path, query = (text.split("?", 1) + [""])[:2]
    segments = path.split("/")
    last = segments.pop() + (f"?{query}" if query else "")
    if not segments:
        return last
    head = segments.pop(0) + "/"
    tail = last
    while segments and len(head) + 2 + len(segments[-1]) + 1 + len(tail) <= limit:
        tail = f"{segments.pop()}/{tail}"
    if not segments:
        return head + tail
    return head + "…/" + tail if len(head) + 2 + len(tail) <= limit else "…/" + tail


def common_folder(urls: list[str]) -> str:
    """The longest ``scheme://host/folder/`` the URLs share ("" when they share no host)."""
    if not urls:
        return ""
    common = urls[0]
    for url in urls[1:]:
        while not url.startswith(common):
            common = common[:-1]
    root = common[: common.rfind("/") + 1]
    return root if "://" in root and root.count("/") >= 3 else ""


__all__ = ["common_folder", "short_page"]
