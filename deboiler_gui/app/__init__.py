"""The workbench's Qt-free logic: sessions and drafts, page state, stamping and the crawl job; the Qt layer drives it."""
