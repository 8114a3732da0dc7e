"""Renders the linked article tree as the Markdown pages under docs/ (articles, indexes, report, links)."""
