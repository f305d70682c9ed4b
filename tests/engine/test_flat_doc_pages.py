"""A flat documentation site (Apache Ant's manual): no block around a page's text, which sits
in the body beside a table of parameters holding most of it. The body is the content, so its
sentences and the table's value cells (Yes, No, a version note) stay, however many pages
repeat them."""

from __future__ import annotations

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import CleanResult, Page

TASKS = ["javacc", "jjtree", "netrexxc", "scp", "sshexec", "verifyjar", "fixcrlf", "ear"]
WORDS = ["grammar", "compiler", "archive", "remote", "channel", "signature", "newline", "manifest"]


def _rows(i: int) -> str:
    rows = []
    for r in range(8):
        needed = "Yes" if r < 2 else "No"
        rows.append(
            f"<tr><td>{WORDS[r]}{i}</td><td>The {WORDS[(r + i) % 8]} setting number {r} of the "
            f"{TASKS[i]} task: it tells the task where to look for its {WORDS[r]} files and how "
            f"long to wait ({i * 10 + r} seconds) before it gives up.</td><td>{needed}</td></tr>"
        )
    return "\n".join(rows)


def _page(i: int) -> Page:
    other = TASKS[(i + 1) % len(TASKS)]
    html = f"""<!DOCTYPE html><html lang="en"><head><title>{TASKS[i]} Task</title></head>
<body>
<h2 id="{TASKS[i]}">{TASKS[i]}</h2>
<p><em>Since Apache Ant 1.6</em></p>
<h3>Description</h3>
<p>Invokes the <a href="https://tools.example/{TASKS[i]}">{TASKS[i]}</a> tool on a
{WORDS[i]} file, once for each file named by its nested sets.</p>
<p>The {TASKS[i]} task only runs when the {WORDS[i]} file is newer than what it made the last
time; set <var>force</var> to run it every time.</p>
<p>See also the <a href="{other}.html">{other}</a> task</p>
<h3>Parameters</h3>
<table class="attr">
<tr><th scope="col">Attribute</th><th scope="col">Description</th><th scope="col">Required</th></tr>
{_rows(i)}
</table>
</body></html>"""
    return Page(url=f"https://manual.example/Tasks/{TASKS[i]}.html", html=html)


def _clean(pages: list[Page]) -> list[CleanResult]:
    return list(DomainCleaner().fit(pages).transform(pages))


def test_a_flat_pages_body_is_its_content() -> None:
    pages = [_page(i) for i in range(len(TASKS))]
    for i, result in enumerate(_clean(pages)):
        text = " ".join(result.cleaned_text.split())
        assert result.content is not None and result.content["path"] == "body", i
        assert result.removed == [], (i, result.removed)
        assert f"Invokes the {TASKS[i]} tool on a {WORDS[i]} file" in text, i
        assert "Since Apache Ant 1.6" in text, i
        assert f"See also the {TASKS[(i + 1) % len(TASKS)]} task" in text, i
        assert text.count("Yes") == 2 and text.count("No ") + text.endswith("No") == 6, i


def test_a_table_alone_in_the_body_stays_the_content() -> None:
    # no heading and prose of the page beside it: the table is the content, as before
    pages = []
    for i in range(len(TASKS)):
        html = (
            f"<html><body><p>Menu: <a href='/'>Home</a></p><table class='attr'>{_rows(i)}"
            "</table></body></html>"
        )
        pages.append(Page(url=f"https://manual.example/t{i}.html", html=html))
    for i, result in enumerate(_clean(pages)):
        assert result.content is not None and result.content["path"] == "table.attr", i
