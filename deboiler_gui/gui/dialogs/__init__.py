"""Dialogs of the desktop app: Open URL (crawl), the noise-filter editor, the crash report."""
