"""Random bytes through every loader and the cleaner: each gives pages or recorded errors,
never an exception or a hang."""

from __future__ import annotations

import functools
import gzip
import io
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.clean.pipeline import result_record
from deboiler_gui.engine.model import DomainModel, InputError, Page
from deboiler_gui.engine.sources import (
    decode_html,
    iter_demo_pages,
    iter_jsonl,
    iter_warc,
    page_from_bytes,
)


@functools.cache
def demo_model() -> DomainModel:
    model = DomainCleaner().fit(list(iter_demo_pages())).model_
    assert model is not None
    return model


FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Bytes that look like pages more often than pure noise: markup, declarations, multi-byte runs.
_pieces = st.sampled_from(
    [b"<html>", b"<body>", b"<div>", b"</div>", b"<p>", b"<meta charset=gb2312>", b"<meta charset='shift_jis'>",
     b"<?xml version='1.0' encoding='big5'?>", b"\xef\xbb\xbf", b"\xff\xfe", b"\x00", "荷花".encode("gb18030"),
     "東京".encode("shift_jis"), "中文".encode(), b"\xe4\xb8", b"<!--", b"<script>", b"&#x0;", b"]]>"]
)  # fmt: skip
page_bytes = st.one_of(
    st.binary(max_size=2000),
    st.lists(st.one_of(_pieces, st.binary(max_size=20)), max_size=60).map(b"".join),
)


@FAST
@given(
    data=page_bytes,
    header=st.one_of(
        st.none(),
        st.sampled_from(
            ["text/html; charset=gbk", "text/html; charset=bogus", "text/html; charset=utf-16"]
        ),
    ),
)
def test_decoding_gives_text_or_input_error(data: bytes, header: str | None) -> None:
    try:
        text, codec = decode_html(data, header)
    except InputError as exc:
        assert "binary" in str(exc)
        return
    assert isinstance(text, str) and codec


@FAST
@given(data=page_bytes)
def test_page_from_bytes_never_raises_and_cleaning_never_raises(data: bytes) -> None:
    page = page_from_bytes("https://hillside-garden.example/p", data)
    assert isinstance(page, Page)
    record = result_record(page, demo_model())
    assert record["url"] == "https://hillside-garden.example/p"
    assert record["status"] in ("ok", "error", "skipped")
    assert (record["status"] == "error") == (page.error is not None)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    lines=st.lists(
        st.one_of(
            st.binary(max_size=200),
            st.builds(
                lambda u, h: json.dumps({"url": u, "html": h}).encode(),
                st.text(max_size=30),
                st.text(max_size=60),
            ),
        ),
        max_size=20,
    )
)
def test_jsonl_loader_yields_a_page_per_nonblank_line(lines: list[bytes]) -> None:
    data = b"\n".join(line.replace(b"\n", b" ").replace(b"\r", b" ") for line in lines)
    pages = list(iter_jsonl(io.BytesIO(data), "fuzz.jsonl"))
    expected = sum(1 for line in data.split(b"\n") if line.strip())
    assert len(pages) == expected
    assert all(isinstance(p, Page) for p in pages)


_WARC_HEAD = (
    b"WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: https://fuzz.example/\r\n"
    b"Content-Type: application/http; msgtype=response\r\nContent-Length: "
)


@FAST
@given(
    body=st.binary(max_size=600),
    length=st.integers(0, 800),
    gz=st.booleans(),
    noise=st.binary(max_size=300),
    cut=st.floats(0.0, 1.0),
)
def test_warc_loader_never_raises(
    body: bytes, length: int, gz: bool, noise: bytes, cut: float
) -> None:
    data = (
        _WARC_HEAD
        + str(length).encode()
        + b"\r\n\r\nHTTP/1.1 200 OK\r\n\r\n"
        + body
        + b"\r\n\r\n"
        + noise
    )
    if gz:
        data = gzip.compress(data)
    data = data[: max(1, int(len(data) * cut))]
    pages = list(iter_warc(io.BytesIO(data), "fuzz.warc"))
    assert all(isinstance(p, Page) for p in pages)


@FAST
@given(data=st.binary(max_size=400))
def test_warc_loader_on_pure_noise(data: bytes) -> None:
    pages = list(iter_warc(io.BytesIO(data), "noise.warc"))
    assert all(isinstance(p, Page) for p in pages)
    assert len(pages) <= 1 or all(p.error is None for p in pages[:-1])
