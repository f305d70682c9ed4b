"""The automatic domain cleaner on a synthetic site whose boilerplate is known, its contract
(provenance, keep/remove rules, JSON model, modes, processes) and its behaviour on bad pages."""

from __future__ import annotations

import json
import warnings
from typing import Any

import lxml.html
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deboiler_gui.engine.clean import cleaning
from deboiler_gui.engine.clean.boilerplate import (
    DomainCleaner,
    clean_page,
    clean_tree,
    find_boilerplate,
)
from deboiler_gui.engine.htmltree import parse_html, xpath_of
from deboiler_gui.engine.model import DomainModel, InputError, Page, RuleError
from deboiler_gui.engine.progress import run

TOPICS = [
    "apples", "pears", "plums", "cherries", "grapes", "melons", "lemons", "limes", "figs",
    "dates", "peaches", "apricots", "mangoes", "papayas", "guavas", "kiwis", "quinces",
    "olives", "berries", "currants",
]  # fmt: skip

NOTE = "Note: water the plants in the evening when the soil is dry."


def _page(i: int, n: int) -> Page:
    topic = TOPICS[i]
    prev_t, next_t = TOPICS[i - 1], TOPICS[(i + 1) % n]
    note = f"<p>{NOTE}</p>" if i in (3, 9) else ""
    html = f"""<html lang="en"><head><title>{topic.title()} | Garden</title>
<script>var page = {i};</script></head><body>
<div id="header"><a href="/">Garden</a> <a href="/about">About</a> <a href="/shop">Shop</a></div>
<nav class="crumbs"><a href="/">Home</a> &gt; <a href="/fruit">Fruit</a> &gt; {topic.title()}</nav>
<div id="main">
  <h1>Growing {topic}</h1>
  <p>{topic.title()} need about {i + 3} hours of sun and a sheltered corner of the garden.</p>
  <p>Prune {topic} in late winter; feed them with compost made from {prev_t} leaves.</p>
  {note}
  <ul><li>Plant {topic} in spring</li><li>Harvest {topic} in autumn</li></ul>
</div>
<aside><h3>Shop</h3><ul><li><a href="/s/1">Seeds</a></li><li><a href="/s/2">Tools</a></li></ul></aside>
<div class="pager"><a href="/{prev_t}">Previous: {prev_t}</a> | <a href="/{next_t}">Next: {next_t}</a></div>
<footer>Visitors today: {1000 + 37 * i}. Copyright the garden club.</footer>
</body></html>"""
    return Page(url=f"https://garden.example/fruit/{i:02d}-{topic}.html", html=html)


@pytest.fixture(scope="module")
def site() -> list[Page]:
    return [_page(i, len(TOPICS)) for i in range(len(TOPICS))]


@pytest.fixture(scope="module")
def fitted(site: list[Page]) -> DomainCleaner:
    return DomainCleaner().fit(site)


def test_improved_removes_changing_navigation_and_keeps_content(
    fitted: DomainCleaner, site: list[Page]
) -> None:
    for page, result in zip(site, fitted.transform(site), strict=True):
        assert result.status == "ok"
        text = result.cleaned_text
        topic = page.url.rsplit("-", 1)[1][:-5]
        # content, including a note repeated on two pages only
        assert f"Growing {topic}" in text
        assert f"Prune {topic} in late winter" in text
        assert f"Harvest {topic} in autumn" in text
        if page.url.endswith(("03-cherries.html", "09-figs.html")):
            assert NOTE in text
        # identical menu, aside (not a candidate for the original), prev/next with changing
        # titles, footer with a changing counter
        assert "About" not in text and "Seeds" not in text
        assert "Previous:" not in text and "Next:" not in text
        assert "Visitors today" not in text


def test_compat_reproduces_the_original_choices(site: list[Page]) -> None:
    cleaner = DomainCleaner(mode="compat").fit(site)
    results = list(cleaner.transform(site))
    text = results[5].cleaned_text
    assert "About" not in text  # identical div: removed
    assert "Seeds" in text  # aside is not one of the original's candidates
    assert "Visitors today" in text  # exact matching misses the changing counter
    assert {r.detector for res in results for r in res.removed} == {"pair"}


def test_compat_matches_the_deboiler_package(site: list[Page]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the package imports the deprecated cgi module
        deboiler = pytest.importorskip("deboiler")
        from deboiler.dataset import ListDataset
    records = [
        {"url": p.url, "content": p.html, "status": 200, "content_type": "text/html"} for p in site
    ]
    theirs = deboiler.Deboiler(n_processes=1, operation_mode="memory", verbose=False)
    dataset = ListDataset(records, verbose=False)
    theirs.fit(dataset)
    ours = DomainCleaner(mode="compat").fit(site)
    assert len(ours.model_.data["exact"]) == len(theirs.boilerplate_elements)
    cleaned = {o.url: o.cleaned_text for o in theirs.transform(dataset)}
    for result in ours.transform(site):
        their_words = cleaned[result.url].replace("*", " ").split()
        assert result.cleaned_text.split() == their_words


def test_removals_name_the_subtree_and_the_reason(fitted: DomainCleaner, site: list[Page]) -> None:
    page = site[7]
    original = parse_html(page.html)
    result = clean_page(page, fitted.model_)
    assert result.removed
    for removal in result.removed:
        found = original.xpath(removal.xpath)
        assert len(found) == 1, removal
        assert removal.detector in {"exact", "slot", "frame"}
        assert removal.representation
        assert removal.chars == len("".join(found[0].text_content().split()))
    assert sum(r.chars for r in result.removed) < result.original_chars
    assert result.title == "Limes | Garden"
    assert result.breadcrumbs == ["Home", "Fruit", "Limes"]
    assert result.language == "en"
    assert "Growing limes" in result.headings
    assert ["Plant limes in spring", "Harvest limes in autumn"] in result.lists


def test_cleaned_html_leaks_no_internal_attribute(fitted: DomainCleaner, site: list[Page]) -> None:
    page = site[4]
    allowed = {
        (el.tag, name)
        for el in parse_html(page.html).iter()
        if isinstance(el.tag, str)
        for name in el.attrib
    }
    cleaned = lxml.html.document_fromstring(clean_page(page, fitted.model_).cleaned_html)
    used = {
        (el.tag, name) for el in cleaned.iter() if isinstance(el.tag, str) for name in el.attrib
    }
    assert used <= allowed
    assert "Visitors" not in clean_page(page, fitted.model_).cleaned_html


def test_find_boilerplate_does_not_touch_the_tree(fitted: DomainCleaner, site: list[Page]) -> None:
    root = parse_html(site[2].html)
    before = lxml.html.tostring(root)
    found = find_boilerplate(root, fitted.model_)
    assert lxml.html.tostring(root) == before
    assert found
    for el, removal in found:
        assert xpath_of(el) == removal.xpath
        assert root.xpath(removal.xpath) == [el]
    # outermost only: no found element inside another
    elements = {el for el, _r in found}
    assert not any(a in elements for el in elements for a in el.iterancestors())


def test_keep_protects_subtree_and_ancestors_and_remove_adds_rules(
    fitted: DomainCleaner, site: list[Page]
) -> None:
    page = site[6]
    kept = clean_page(page, fitted.model_, keep_xpaths=["//div[@class='pager']/a[1]"])
    assert "Previous:" in kept.cleaned_text
    assert "Next:" in kept.cleaned_text  # inside the kept node's ancestor
    removed = clean_page(page, fitted.model_, remove_xpaths=["//div[@id='main']/ul"])
    assert "Harvest" not in removed.cleaned_text
    rule = [r for r in removed.removed if r.detector == "rule"]
    assert [(r.xpath, r.representation) for r in rule] == [
        ("/html/body/div[2]/ul", "//div[@id='main']/ul")
    ]
    with pytest.raises(RuleError, match=r"//div\[@id="):
        clean_page(page, fitted.model_, remove_xpaths=["//div[@id="])


def test_clean_tree_works_in_place_on_a_parsed_tree(
    fitted: DomainCleaner, site: list[Page]
) -> None:
    root = parse_html(site[8].html)
    removals = clean_tree(root, fitted.model_, remove=["//h1"])
    text = root.text_content()
    assert "Growing" not in text and "Visitors" not in text and "Prune" in text
    assert any(r.detector == "rule" for r in removals)
    assert clean_tree(parse_html(site[8].html), None) == []


def test_model_is_json_and_cleans_new_pages_without_refit(
    fitted: DomainCleaner, site: list[Page]
) -> None:
    data = json.loads(json.dumps(fitted.model_.to_dict()))
    model = DomainModel.from_dict(data)
    assert model.site == "garden.example"
    new = _page(19, len(TOPICS))  # not different in kind: cleaned with the stored model
    a = clean_page(new, fitted.model_)
    b = clean_page(new, model)
    assert a.cleaned_text == b.cleaned_text
    assert [r.to_dict() for r in a.removed] == [r.to_dict() for r in b.removed]
    assert json.dumps(model.to_dict(), sort_keys=True) == json.dumps(data, sort_keys=True)


def test_performance_mode_and_processes_give_the_same_result(
    site: list[Page], fitted: DomainCleaner
) -> None:
    expected = [r.to_dict() for r in fitted.transform(site)]
    perf = DomainCleaner(operation_mode="performance").fit(site)
    assert perf.model_.data == fitted.model_.data
    assert [r.to_dict() for r in perf.transform(site)] == expected
    par = DomainCleaner(jobs=2).fit(site)
    assert par.model_.data == fitted.model_.data
    assert [r.to_dict() for r in par.transform(site)] == expected


def test_memory_mode_reuses_the_fit_analysis_only_for_the_same_html(site: list[Page]) -> None:
    cleaner = DomainCleaner().fit(site)
    assert cleaner._store is not None and len(cleaner._store.pages) == len(site)
    # same URL, same structure, other text: the analysis kept from fit no longer holds
    changed = Page(
        url=site[5].url, html=site[5].html.replace("sheltered corner", "windless corner")
    )
    pages = [*site[:5], changed, *site[6:]]
    got = [r.to_dict() for r in cleaner.transform(pages)]
    assert got == [clean_page(p, cleaner.model_).to_dict() for p in pages]
    before = clean_page(site[5], cleaner.model_).original_chars
    assert got[5]["original_chars"] == before - len("sheltered") + len("windless")
    assert not cleaner._store.pages  # each kept analysis serves one transform
    assert [r.to_dict() for r in cleaner.transform(pages)] == got


def test_fit_steps_reports_progress_and_returns_the_model(site: list[Page]) -> None:
    steps: list[Any] = []
    model = run(DomainCleaner().fit_steps(site), steps.append)
    assert isinstance(model, DomainModel)
    assert steps[0].done == 0 and steps[-1].done == len(site)
    assert all(s.total == len(site) for s in steps)


def test_bad_options_are_named() -> None:
    with pytest.raises(InputError, match="colour"):
        DomainCleaner(colour="red")
    with pytest.raises(InputError, match="fast"):
        DomainCleaner(mode="fast")
    with pytest.raises(InputError, match="jobs"):
        DomainCleaner(jobs=0)


def test_bad_pages_do_not_stop_the_run(site: list[Page], monkeypatch: pytest.MonkeyPatch) -> None:
    # 10,000 levels; libxml2 keeps the first ~2,000, which is what every walk must survive
    deep = "".join(f"<div>level{i} " for i in range(10_000))
    pages = [
        *site[:5],
        Page(url="https://garden.example/empty.html", html=""),
        Page(url="https://garden.example/junk.html", html="\x00\x01\xff<<<>>>&#0;" * 50),
        Page(url="https://garden.example/deep.html", html=f"<html><body>{deep}</body></html>"),
        Page(url="https://garden.example/gone.html", html="", status=404),
        Page(url="https://garden.example/unread.html", html="", error="cannot decode"),
    ]
    cleaner = DomainCleaner().fit(pages)
    assert cleaner.model_.stats["pages"] == 7  # empty, 404 and unreadable pages are not fitted
    assert cleaner.model_.stats["pages_seen"] == 10
    results = {r.url: r for r in cleaner.transform(pages)}
    assert results["https://garden.example/unread.html"].status == "error"
    assert results["https://garden.example/empty.html"].status == "ok"
    deep_text = results["https://garden.example/deep.html"].cleaned_text
    assert "level0" in deep_text and "level2000" in deep_text
    # a page the cleaner trips on becomes an error result, the others are cleaned
    real = cleaning.analyse

    def flaky(root, spec):  # type: ignore[no-untyped-def]
        if "Growing plums" in root.text_content():
            raise RuntimeError("boom")
        return real(root, spec)

    monkeypatch.setattr(cleaning, "analyse", flaky)
    results = {r.url: r for r in cleaner.transform(site[:5])}
    assert results[site[2].url].status == "error" and "boom" in results[site[2].url].error
    assert [r.status for u, r in results.items() if u != site[2].url] == ["ok"] * 4


def test_a_50_mb_page_is_cleaned(fitted: DomainCleaner) -> None:
    para = "<p>" + "compost " * 125_000 + "</p>"  # 1 MB each
    big = "<html><body>" + para * 50 + "</body></html>"
    assert len(big) > 50_000_000
    result = clean_page(Page(url="https://garden.example/big.html", html=big), fitted.model_)
    assert result.status == "ok"
    assert result.original_chars == 50 * 125_000 * len("compost")


def test_pages_with_too_many_elements_are_bounded_and_say_so(site: list[Page]) -> None:
    big = "<html><body>" + "<p>x</p>" * 150_000 + "</body></html>"
    pages = [*site[:4], Page(url="https://garden.example/big.html", html=big)]
    cleaner = DomainCleaner(max_elements=100_000).fit(pages)
    assert cleaner.model_.stats["pages_too_large"] == 1
    result = clean_page(pages[-1], cleaner.model_)
    assert result.status == "skipped" and "max_elements" in (result.error or "")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.binary(max_size=300), st.text(max_size=300)), min_size=1, max_size=6))
def test_random_input_never_breaks_fit_or_transform(blobs: list[bytes | str]) -> None:
    pages = []
    for i, blob in enumerate(blobs):
        html = blob.decode("utf-8", errors="replace") if isinstance(blob, bytes) else blob
        pages.append(Page(url=f"https://junk.example/{i}.html", html=html))
    for mode in ("improved", "compat"):
        cleaner = DomainCleaner(mode=mode).fit(pages)
        results = list(cleaner.transform(pages))
        assert [r.url for r in results] == [p.url for p in pages]
        assert all(r.status == "ok" for r in results)


def test_a_page_of_links_keeps_the_site_main_content_place_and_loses_its_side_bars() -> None:
    from deboiler_gui.engine.clean.boilerplate import DomainCleaner
    from deboiler_gui.engine.model import Page

    names = [
        "soil",
        "water",
        "seed",
        "leaf",
        "root",
        "stem",
        "bloom",
        "fruit",
        "garden",
        "season",
        "rain",
        "sun",
        "frost",
        "mulch",
        "compost",
        "harvest",
    ]

    def title(i: int) -> str:  # titles differ in words, not only in digits
        return f"{names[i % 16].title()} and {names[(i * 5 + 3) % 16]} {names[(i * 7 + 1) % 16]}"

    def page(i: int, body: str) -> Page:
        # The side bar's text changes from page to page (the neighbours' titles) and it is
        # mostly links: only its place in the page marks it as navigation.
        side = f"<div class='side'><h3>Previous topic</h3><a href='/p{i - 1}'>{title(i - 1)}</a><h3>Next topic</h3><a href='/p{i + 1}'>{title(i + 1)}</a></div>"
        return Page(
            url=f"https://docs.example/p{i}.html",
            html=f"<html><body><div class='doc'><div class='main'>{body}</div>{side}</div></body></html>",
        )

    prose = [
        page(
            i,
            f"<h1>Topic {i}</h1><p>{' '.join(f'word{(i * 13 + k) % 89}x' for k in range(80))}.</p>",
        )
        for i in range(1, 30)
    ]
    # A chapter page: its content is a list of links, so the text outside links is tiny.
    chapter = page(
        30,
        "<h1>Chapter</h1><ul>"
        + "".join(f"<li><a href='/p{k}'>Topic {k} of the chapter</a></li>" for k in range(1, 12))
        + "</ul>",
    )
    cleaner = DomainCleaner(mode="improved").fit([*prose, chapter])
    assert cleaner.model_.data["main_slots"], "no slot holds the content on most pages"
    (result,) = list(cleaner.transform([chapter]))
    assert "Topic 5 of the chapter" in result.cleaned_text
    assert "Previous topic" not in result.cleaned_text and "Next topic" not in result.cleaned_text


def test_a_part_of_the_content_area_with_the_same_shape_everywhere_is_not_a_frame() -> None:
    from deboiler_gui.engine.clean.boilerplate import DomainCleaner
    from deboiler_gui.engine.model import Page

    levels = ["Deprecated", "Experimental", "Stable", "Legacy"]
    words = [
        "soil",
        "water",
        "seed",
        "leaf",
        "root",
        "stem",
        "bloom",
        "fruit",
        "garden",
        "season",
        "rain",
        "sun",
        "frost",
        "mulch",
        "compost",
        "harvest",
    ]

    def page(i: int) -> Page:
        prose = " ".join(words[(i * 7 + k * 3) % 16] + words[(k + i) % 16] for k in range(120))
        # An API page: a stability note with a link (same shape on every page, changing text),
        # then the sections; the side menu outside the content area.
        return Page(
            url=f"https://api.example/m{i}.html",
            html=(
                f"<html><body><div class='side'><a href='/'>Index</a> <a href='/m{i - 1}.html'>{words[i % 16]} module</a></div>"
                f"<div id='api'><p class='stability'>Stability: {i % 4} - <a href='/doc#stability'>{levels[i % 4]}</a> since {words[i % 16]} {words[(i // 16) % 16]}</p>"
                f"<section><h2>{words[i % 16]} {words[(i + 3) % 16]}</h2><p>{prose}.</p></section>"
                f"<section><h3>More</h3><p>{words[(i + 1) % 16]} only.</p></section></div></body></html>"
            ),
        )

    pages = [page(i) for i in range(1, 40)]
    cleaner = DomainCleaner(mode="improved").fit(pages)
    assert cleaner.model_.data["frame_slots"], "the stability note's place is not a frame slot"
    results = list(cleaner.transform(pages))
    assert all("Stability:" in r.cleaned_text for r in results)
    assert not any("module" in r.cleaned_text for r in results)
