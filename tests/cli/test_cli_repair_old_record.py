"""A template learned before learning recorded whether a field's rule selected one node per page
(``one_node``) and the pages where it had a value (``present``, ``present_count``) still gets
repair's precision checks: what is missing is told from the learned pages where the old rule
still gives the learned value; when no page tells, the report says to learn the template again
and a rule that takes the first of several nodes is not accepted on agreement alone.

The template travels as a rule file, written as the older version wrote it: the same search
rules without those keys. The site: a blog whose new theme drops the teaser's class (the post's
first paragraph), set five ways by post (test_repair_several_nodes): no queue of a rule per kind
of page covers them, and every rule that agrees takes the first of several paragraphs."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.store import Workspace

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from test_repair_several_nodes import SITE, blog, post  # noqa: E402

runner = CliRunner()
OLDER = ("one_node", "present", "present_count")


def older_rule_file(path: Path) -> tuple[Path, list[Page]]:
    """The learned blog template as a rule file of the older version, and the changed posts."""
    learned, changed = blog()
    work = path / "learned.sqlite"
    with Workspace(work) as w:
        w.save_template(learned)
    out = path / "blog.json"
    r = runner.invoke(cli, ["templates", "export", "blog", "-w", str(work), "-o", str(out)])
    assert r.exit_code == 0, r.output
    doc = json.loads(out.read_text(encoding="utf-8"))
    for fld in doc["templates"][0]["fields"]:
        fp = fld["search"]["fingerprint"]
        assert fp["one_node"] is True and "present" in fp
        for key in OLDER:
            fp.pop(key)
    out.write_text(json.dumps(doc, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return out, changed


def repair(path: Path, rules: Path, pages: list[Page], *extra: str) -> str:
    work = path / "changed.sqlite"
    with Workspace(work) as w:
        w.add_pages(pages)
    r = runner.invoke(cli, ["templates", "import", str(rules), "-w", str(work), "-q"])
    assert r.exit_code == 0, r.output
    with Workspace(work) as w:
        fp = w.load_template("blog").field("teaser").search.fingerprint
        assert not set(OLDER) & set(fp) and fp["samples"]
    out = runner.invoke(cli, ["templates", "repair", "blog", "-w", str(work), "-q", *extra])
    assert out.exit_code == 0, out.output
    return out.output


def number(url: str) -> int:
    return int(url.rsplit("/", 1)[1].removesuffix(".html"))


def test_one_node_is_told_from_learned_pages_the_change_left_alone(tmp_path: Path) -> None:
    # The new theme reached every post but the first six and the last three: there the old
    # rule still gives the learned teaser, one paragraph; so it did when learned, and a rule
    # taking the first of several paragraphs is not accepted. The last three posts (not
    # learned) are pages where the field has a value: the proposal is read on them.
    rules, changed = older_rule_file(tmp_path)
    kept = [Page(p.url, post(number(p.url))) for p in changed if not 6 <= number(p.url) < 27]
    new = [p for p in changed if 6 <= number(p.url) < 27]
    out = repair(tmp_path, rules, [*kept, *new], "--accept-repairs")
    assert "teaser: unsure (broken)" in out, out
    assert (
        "selects several nodes with different values on 20 of 20 learned pages where the old "
        "rule selected one" in out
    )
    assert "learn again" not in out
    assert "nothing saved" in out


def test_without_a_page_that_tells_the_report_says_to_learn_again(tmp_path: Path) -> None:
    # Every post changed: no learned page shows what the old rule selected. The rule that
    # agrees takes the first of several paragraphs: it is not accepted on agreement alone,
    # and the report says why and what to do.
    rules, changed = older_rule_file(tmp_path)
    out = repair(tmp_path, rules, changed, "--accept-repairs")
    assert "teaser: unsure (broken)" in out, out
    assert (
        "the best rule selects several nodes with different values on 20 of 20 learned pages "
        f"({'https://' + SITE}/post/0.html: 3 nodes" in out
    )
    assert "whether the old rule selected one node is not known" in out
    (line,) = [x for x in out.splitlines() if "learn again for teaser" in x]
    assert line.startswith("    learn again for teaser (templates learn blog): it was learned ")
    assert "whether its rule selected one node per page" in line
    assert "the pages where it had a value" in line
    assert f"look at: https://{SITE}/post/0.html" in out
    assert "nothing saved" in out
