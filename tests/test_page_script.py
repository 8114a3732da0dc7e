"""The page's small scripts as two files (scripts/site/page_script.py): which part goes in which, from mkdocs.yml."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from mkdocs.config.config_options import ExtraScriptValue

from scripts.site.page_script import (
    AFTER_LOAD_PLACEHOLDER,
    PLACEHOLDER,
    SERVICE_WORKER_REGISTRATION,
    bundle_scripts,
    write_page_script,
)


def config_with(scripts: list[str], after_load: list[str], pwa: bool = False):
    extra = {"after_load_javascript": after_load}
    if pwa:
        extra["pwa"] = {"root_prefix": ""}
    return SimpleNamespace(extra=extra, extra_javascript=[ExtraScriptValue(path) for path in scripts])


def test_the_listed_parts_and_the_worker_registration_wait_for_the_load_event():
    config = config_with(["a.js", "popup.js", "b.js"], ["popup.js"], pwa=True)
    assert bundle_scripts(config) == (["a.js", "b.js"], ["popup.js", SERVICE_WORKER_REGISTRATION])
    assert [str(script) for script in config.extra_javascript] == [PLACEHOLDER]
    assert bundle_scripts(config) == (["a.js", "b.js"], ["popup.js", SERVICE_WORKER_REGISTRATION])  # serve again


def test_an_after_load_entry_that_is_no_script_of_the_page_stops_the_build():
    with pytest.raises(ValueError, match=r"after_load_javascript names no extra_javascript entry: \['popup\.js'\]"):
        bundle_scripts(config_with(["a.js"], ["popup.js"]))


def test_each_page_is_pointed_at_both_files_and_the_parts_are_gone(tmp_path):
    (tmp_path / "assets" / "js").mkdir(parents=True)
    for name, text in (("a.js", "(function(){a()})()"), ("popup.js", "(function(){p()})()")):
        (tmp_path / name).write_text(text, encoding="utf-8")
    page = tmp_path / "index.html"
    page.write_text(
        f'<head></head><script type="rulebook/after-paint" data-src="{PLACEHOLDER}"></script>'
        f'<script type="rulebook/after-load" data-src="{AFTER_LOAD_PLACEHOLDER}"></script>',
        encoding="utf-8",
    )
    early, late = write_page_script(tmp_path, ["a.js"], ["popup.js"])
    html = page.read_text(encoding="utf-8")
    assert (tmp_path / early).read_text(encoding="utf-8") == "(function(){a()})();\n"
    assert (tmp_path / late).read_text(encoding="utf-8") == "(function(){p()})();\n"
    assert f'<link rel="preload" as="script" href="{early}">' in html  # the early file only is preloaded
    assert f'rel="preload" as="script" href="{late}"' not in html and f'data-src="{late}"' in html
    assert not (tmp_path / "a.js").exists() and not (tmp_path / "popup.js").exists()
