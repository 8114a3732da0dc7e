"""An article heading line carrying HTML (issue 10): with a space after 条 its title is shown only escaped, in the
page's front matter, the navigation and the h1; glued to 条 and too long to be a title, the build stops naming
file:line instead of moving the article's text into the article before (and the page to another source's text)."""

from __future__ import annotations

import hashlib
import html
import re
from pathlib import Path

import pytest
import yaml

from conftest import copy_project
from scripts.pipeline.run import build_rulebook
from scripts.curated.rulebook_src import RulebookSrc
from scripts.errors import RulebookError
from scripts.render.docs import render_site_pages
from tests.rulebook_once import real_src, src_with_raw

SOURCE = "004_96643fa00b38aa24.txt"  # the main text of Laws 1–13 (overlaps.yml); writes digits full-width
HEADING = "第５条 排定座位"


def with_heading(new: str) -> RulebookSrc:
    """The real rulebook_src with Law 5's heading line in source 004 rewritten (its hash in the manifest updated), in
    memory."""
    src = real_src()
    before = src.raw(f"raw/{SOURCE}")
    assert before.count(HEADING.encode()) == 1
    return src_with_raw(src, SOURCE, before.replace(HEADING.encode(), new.encode()))


def change_heading(src_dir: Path, new: str) -> None:
    """Rewrite Law 5's heading line in source 004 and the manifest's hash to match (a deliberate edit)."""
    raw = src_dir / "raw" / SOURCE
    before = raw.read_bytes()
    assert before.count(HEADING.encode()) == 1
    after = before.replace(HEADING.encode(), new.encode())
    raw.write_bytes(after)
    manifest = src_dir / "manifest.yml"
    manifest.write_text(
        manifest.read_text(encoding="utf-8").replace(
            hashlib.sha256(before).hexdigest(), hashlib.sha256(after).hexdigest()
        ),
        encoding="utf-8",
    )


def front_matter(page: str) -> dict:
    return yaml.safe_load(page.split("---\n")[1])


def test_html_in_a_heading_shows_only_escaped_in_front_matter_navigation_and_h1():
    pages = render_site_pages(build_rulebook(with_heading("第５条 <svg/onload=alert(1)>排定座位")))
    law5 = pages["laws/5.md"]
    raw_tag = "<svg/onload=alert(1)>"
    escaped = html.escape(raw_tag, quote=True)
    title = front_matter(law5)["title"]
    assert raw_tag not in title and escaped in title, title
    h1 = next(line for line in law5.splitlines() if line.startswith("# "))
    assert raw_tag not in h1 and "&lt;svg/onload=alert(1)&gt;" in h1, h1
    nav_titles = [line for line in pages[".nav.yml"].splitlines() if "laws/5.md" in line]
    assert nav_titles and all(raw_tag not in line and escaped in line for line in nav_titles), nav_titles
    assert not [path for path, page in pages.items() if path.endswith((".md", ".yml")) and raw_tag in page]
    # Law 5 is still source 004's text, and Law 4 did not take it in
    assert "参赛者（个人、双人或队）在一节比赛开始时的座位" in law5
    assert "参赛者（个人、双人或队）在一节比赛开始时的座位" not in pages["laws/4.md"]


GLUED_HTML_HEADING = "第５条<img src=x onerror=alert(document.domain)>排定座位"


def test_html_glued_to_a_heading_stops_the_pipeline_naming_file_and_line():
    with pytest.raises(RulebookError) as stopped:
        build_rulebook(with_heading(GLUED_HTML_HEADING))
    assert re.match(rf"^\S*{re.escape(SOURCE)}:10: .*第5条", str(stopped.value)), str(stopped.value)
    assert "\n" not in str(stopped.value)


def test_html_glued_to_a_heading_stops_the_render_command_naming_file_and_line(tmp_path, entry_point_process):
    project = copy_project(tmp_path / "project")
    change_heading(project / "rulebook_src", GLUED_HTML_HEADING)
    docs_before = {p: p.read_bytes() for p in (project / "docs").rglob("*") if p.is_file()}
    result = entry_point_process("scripts.render", cwd=project)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert re.match(rf"^\S*{re.escape(SOURCE)}:10: .*第5条", lines[0]), lines[0]
    assert {p: p.read_bytes() for p in (project / "docs").rglob("*") if p.is_file()} == docs_before


def test_a_heading_glued_to_its_number_with_a_short_title_still_opens_the_article():
    """Source 003's form (第17條競叫過程): no space after 条 is a heading when the rest reads as a title."""
    pages = render_site_pages(build_rulebook(with_heading("第５条排定座位")))
    assert front_matter(pages["laws/5.md"])["title"] == "第5条 排定座位"
    assert "参赛者（个人、双人或队）在一节比赛开始时的座位" in pages["laws/5.md"]
