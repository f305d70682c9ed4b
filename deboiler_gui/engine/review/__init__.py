"""Reviewing a site's cleaning: per-rule impact, boilerplate groups, template health, the report and the review jobs."""
