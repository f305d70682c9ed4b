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
