"""The page renderer: QtWebEngine in a process of its own (``python -m deboiler_gui.render``),
driven over stdin/stdout JSON lines by ``engine.crawl.render.Renderer``; never imported."""
