"""The page list's order: names as a person reads them."""

from __future__ import annotations


def test_page_names_sort_as_a_person_reads_them() -> None:
    from deboiler_gui.app.pagelist import natural_key

    names = ["maxima_139.html", "maxima_14.html", "maxima_140.html", "maxima_2.html", "a/b10/c"]
    assert sorted([*names, "a/b9/c"], key=natural_key) == [
        "a/b9/c",
        "a/b10/c",
        "maxima_2.html",
        "maxima_14.html",
        "maxima_139.html",
        "maxima_140.html",
    ]
    # a run of digits too long for an int comparison of its whole still sorts, and ties break
    assert natural_key("p" + "9" * 400) > natural_key("p1")


def test_short_page_keeps_the_first_folder_and_the_end_of_a_long_path() -> None:
    from deboiler_gui.app.pagelist import short_page

    root = "http://docs.local/"
    url = root + "org/apache/commons/lang3/builder/ToStringBuilder.html"
    assert short_page(url, root) == "org/…/lang3/builder/ToStringBuilder.html"
    assert short_page(url) == "org/…/lang3/builder/ToStringBuilder.html"  # no root: no host
    assert short_page(root + "guides/a.html", root) == "guides/a.html"  # short: whole
    assert short_page(root, root) == "/"
    # The last segment is whole however long, its query with it ("/" in it is no folder).
    long_name = "x" * 50 + ".html"
    assert short_page(f"{root}a/b/{long_name}?q=c/d", root) == f"…/{long_name}?q=c/d"
