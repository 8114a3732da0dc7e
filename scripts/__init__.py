"""The rulebook pipeline: raw sources in rulebook_src/ → Markdown pages under docs/ (see README, "Architecture")."""
