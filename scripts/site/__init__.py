"""Builds the site from docs/ with mkdocs: the hooks, both script editions, the service worker and the venue zip."""
