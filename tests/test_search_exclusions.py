"""Report pages about the build stay out of the search index, so they never outrank an article."""

from __future__ import annotations

import json

import pytest

from scripts.search.packing import unpack_index


@pytest.mark.parametrize("page", ["about/build-report/", "about/missing-references/"])
def test_about_pages_are_not_indexed(built_site, page):
    assert (built_site / page / "index.html").is_file()
    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    if index["config"].get("rulebook", {}).get("index"):  # the stub Material loads names the full index
        index = json.loads((built_site / index["config"]["rulebook"]["index"]).read_text(encoding="utf-8"))
    locations = {doc["location"].split("#")[0] for doc in unpack_index(index)["docs"]}
    assert page not in locations
    assert "regulations/26/" in locations
