"""The main window's controllers: picking, noise-filter editing, saving, template edits and
the site-wide counts service."""
