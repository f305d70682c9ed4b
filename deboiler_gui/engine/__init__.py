"""The headless engine: loading, cleaning, templates and the workspace. Never imports Qt or click."""
