"""Crawling a live site into a workspace: the runner, its configuration, HTTP, link rules, resumable state and WARC export."""
