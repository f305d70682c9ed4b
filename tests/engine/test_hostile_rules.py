"""Hostile rule files and expressions: refused at import with a message naming file, template
and expression, never a traceback, never read without bound."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from deboiler_gui.cli import cli as main
from deboiler_gui.engine.model import RuleError
from deboiler_gui.engine.template import rulefile
from deboiler_gui.engine.template.extract import check_template
from deboiler_gui.engine.template.model import Template
from deboiler_gui.engine.template.xpathcheck import xpath_problem


def doc(name: str = "t", xpath: str = "//h1") -> dict:
    return {
        "format": "deboiler-gui-rules",
        "version": 1,
        "templates": [
            {
                "name": name,
                "urls": ["http://a.test/"],
                "fields": [{"id": "title", "xpaths": [xpath]}],
            }
        ],
    }


@pytest.mark.parametrize(
    ("xpath", "words"),
    [
        ('document("x")', "document()"),
        ('//p[document("x")]', "document()"),
        ('doc("x")', "doc()"),
        ('unparsed-text("x")', "unparsed-text()"),
        ('//p[matches(., "a")]', "matches()"),
        ('//p[re:test(., "a")]', "'re'"),
        ("//svg:rect", "'svg'"),
        ("//p[$x]", "$x"),
        ("//q[foo()]", "foo()"),
    ],
)
def test_functions_that_never_work_here_are_refused_at_import(xpath: str, words: str) -> None:
    with pytest.raises(RuleError) as err:
        rulefile.loads(json.dumps(doc(xpath=xpath)), source="rules.json")
    assert (
        "rules.json" in str(err.value)
        and "template 't'" in str(err.value)
        and words in str(err.value)
    )


@pytest.mark.parametrize(
    "xpath",
    [
        "//p[lang('en')]", "//div/node()", "(//p)[last()]", "count(//p) div (2)", "//p[. = 'doc(x)']",
        "//p[position() mod (2) = 0]", "//a[@href and (@id)]", "string(//title)", "//li[%d]/a",
        "div.a > p:nth-child(2)", "a[href^='http']", "p:contains('x')", "li:nth-of-type(3n+1)", "h1:not(.x)",
        "//div[@class='a']/following-sibling::p[1]", "//*[local-name()='x']", "//p[normalize-space(text())!='']",
    ],
)  # fmt: skip
def test_ordinary_xpath_and_css_pass(xpath: str) -> None:
    check_template(Template.from_dict(doc(xpath=xpath)["templates"][0]))


@pytest.mark.parametrize("xpath", ["\ufffe", "//p[.='\x01']", "//h1\x1b"])
def test_control_characters_in_an_xpath_are_a_rule_error(xpath: str) -> None:
    with pytest.raises(RuleError, match="template 't'"):
        rulefile.loads(json.dumps(doc(xpath=xpath)), source="rules.json")


def test_check_reads_tokens_not_string_literals() -> None:
    assert xpath_problem("//p[contains(., \"doc('x')\")]") is None
    assert xpath_problem("//p[. = 'a:b(']") is None


@pytest.mark.parametrize("depth", [65, 1_000, 50_000, 100_000])
def test_deep_nesting_is_a_message(depth: int) -> None:
    text = (
        '{"format": "deboiler-gui-rules", "version": 1, "templates": [{"name": "t", "x": '
        + "[" * depth
        + "]" * depth
        + "}]}"
    )
    with pytest.raises(RuleError, match="nested deeper"):
        rulefile.loads(text, source="deep.json")


@pytest.mark.parametrize("where", ["name", "xpath"])
def test_surrogate_in_name_or_xpath_is_a_message(where: str) -> None:
    text = json.dumps(doc(name="t\udfff") if where == "name" else doc(xpath="//h1[.='\ud800']"))
    with pytest.raises(RuleError, match="lone surrogate"):
        rulefile.loads(text, source="s.json")
    with pytest.raises(RuleError, match="lone surrogate"):
        rulefile.from_paper_xml(
            "<template name='t\udfff'><site>a</site></template>", source="s.xml"
        )


def test_endless_file_is_refused_not_read_to_the_end() -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero on this system")
    with pytest.raises(RuleError, match="too large"):
        rulefile.read_file("/dev/zero")


def test_cli_import_gives_a_message_and_writes_nothing(tmp_path: Path) -> None:
    ws = tmp_path / "w.sqlite"
    runner = CliRunner()
    for i, content in enumerate(
        [
            json.dumps(doc(xpath='document("x")')),
            "[" * 100_000 + "]" * 100_000,
            json.dumps(doc(name="a\udfff")),
        ]
    ):
        path = tmp_path / f"r{i}.json"
        path.write_text(content, encoding="utf-8", errors="surrogatepass")
        result = runner.invoke(main, ["templates", "import", "-w", str(ws), str(path)])
        assert result.exit_code == 1, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert f"r{i}.json" in result.output
    assert (
        not ws.exists()
        or "saved" not in runner.invoke(main, ["templates", "list", "-w", str(ws)]).output
    )


@pytest.mark.parametrize(
    ("xpath", "name"),
    [
        ("exsl:node-set(//p)", "exsl:node-set()"),
        ('str:tokenize("a b")', "str:tokenize()"),
        ("math:max(//p)", "math:max()"),
        ("//p[exsl:node-set(.)]", "exsl:node-set"),
    ],
)
def test_exslt_functions_are_named_as_xpath_not_css(tmp_path: Path, xpath: str, name: str) -> None:
    path = tmp_path / "rules.json"
    path.write_text(json.dumps(doc(xpath=xpath)), encoding="utf-8")
    res = CliRunner().invoke(
        main, ["templates", "import", "-w", str(tmp_path / "w.sqlite"), str(path)]
    )
    assert res.exit_code == 1
    assert name in res.output and "CSS" not in res.output
    assert not (tmp_path / "w.sqlite").exists()


def test_css_pseudo_classes_are_still_css() -> None:
    from deboiler_gui.engine.template.selectors import to_xpath

    assert "count(preceding-sibling" in to_xpath("li:nth-child(2)")
    assert "contains(" in to_xpath('p:contains("x")')


@pytest.mark.parametrize(
    ("pattern", "words"),
    [
        ("x" * 1_000_000, "over the 65,536-character limit"),
        ("(" * 30_000 + "a" + ")" * 30_000, "nested too deeply"),
    ],
)
def test_a_huge_or_deep_regex_is_refused_at_import(
    tmp_path: Path, pattern: str, words: str
) -> None:
    rules = doc()
    rules["templates"][0]["filters"] = [{"name": "n", "kind": "text", "pattern": pattern}]
    path = tmp_path / "rules.json"
    path.write_text(json.dumps(rules), encoding="utf-8")
    res = CliRunner().invoke(
        main, ["templates", "import", "-w", str(tmp_path / "w.sqlite"), str(path)]
    )
    assert res.exit_code == 1 and "Traceback" not in res.output
    assert words in res.output and "rule 'n'" in res.output
    assert len(res.output) < 600  # the expression is named by its start and length


def test_xpaths_returning_numbers_strings_and_booleans_give_xpath_strings(
    tmp_path: Path,
) -> None:
    exprs = {
        "count": ("count(//p)", "2"),
        "string": ("string(//h1)", "Roses"),
        "inf": ("1 div 0", "Infinity"),
        "neginf": ("-1 div 0", "-Infinity"),
        "nan": ("0 div 0", "NaN"),
        "bool": ("true()", "true"),
        "sum": ("sum(//li)", "3"),
        "half": ("count(//p) div 4", "0.5"),
        "literal": ("'plain'", "plain"),
    }
    rules = doc()
    rules["templates"][0]["fields"] = [{"id": k, "xpaths": [x]} for k, (x, _want) in exprs.items()]
    path = tmp_path / "rules.json"
    path.write_text(json.dumps(rules), encoding="utf-8")
    src = tmp_path / "in.jsonl"
    html = "<html><body><h1>Roses</h1><p>a</p><p>b</p><ul><li>1</li><li>2</li></ul></body></html>"
    src.write_text(json.dumps({"url": "http://a.test/1", "html": html}) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    res = CliRunner().invoke(main, ["extract", "-q", str(src), "-t", str(path), "-o", str(out)])
    assert res.exit_code == 0, res.output
    rec = json.loads(out.read_text(encoding="utf-8"))
    assert {k: rec[k] for k in exprs} == {k: want for k, (_x, want) in exprs.items()}
