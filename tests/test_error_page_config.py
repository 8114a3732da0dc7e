"""The hosted 404 page's `__config.base` is the site root's path (issue 46): Material resolves it against the page's
address (not its <base>) to fetch sitemap.xml and the search index, and a host serves the page at any depth."""

from __future__ import annotations

import json
import re

import pytest

from scripts.site.mkdocs_hooks import CONFIG_SCRIPT, config_base_at_root

PAGE = '<head></head><body><script id="__config" type="application/json">{"base": ".", "search": "./w.js"}</script>'


@pytest.mark.parametrize(
    "site_url,base", [("http://127.0.0.1:8000/", "/"), ("https://x.org/rules/", "/rules/"), (None, "/")]
)
def test_the_base_is_the_site_roots_path(site_url, base):
    app = json.loads(CONFIG_SCRIPT.search(config_base_at_root(PAGE, site_url))["json"])
    assert app == {"base": base, "search": "./w.js"}


def test_a_value_never_closes_the_script():
    page = PAGE.replace('"./w.js"', '"\\u003c/script\\u003e"')  # as Jinja's tojson writes a "<"
    out = config_base_at_root(page, "http://h/")
    assert len(re.findall("</script>", out)) == 1
