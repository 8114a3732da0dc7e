"""What issue 44 asked of the pages and the build, without a browser: the second stage of the service worker's
download, the venue zip's section on the home and about pages, the site_url line of `make site`, the 索引's letter
row and players' words, and the missing-Law pages' order (what to do first, the English title below)."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from scripts.curated.rulebook_src import rulebook_src_from_texts
from scripts.document.subject_index import IndexWordError, index_words
from scripts.site import build
from scripts.site.print_hooks import venue_bundle_section
from scripts.site.pwa import ON_DEMAND_MARK, later_lists, precache_lists, render_service_worker
from tests.rulebook_once import load_rulebook, real_src


def page_file(root, url: str, text: str) -> None:
    path = root / url / "index.html"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_the_pages_left_out_of_the_first_download_are_its_second_stage(tmp_path):
    page_file(tmp_path, "", '<footer><time datetime="2026-12-07">')
    page_file(tmp_path, "laws/9", "<p>rule text</p>")
    page_file(tmp_path, "laws/64", f"<p {ON_DEMAND_MARK}>…</p>")
    page_file(tmp_path, "zh-hant/laws/64", f"<p {ON_DEMAND_MARK}>…</p>")
    page_file(tmp_path, "about", "<p>report</p>")
    (tmp_path / "download").mkdir()
    (tmp_path / "download" / "zhongguo-qiaopai-guize-20261207.zip").write_bytes(b"PK")
    first = precache_lists(tmp_path)
    assert first["hans"] == ["./", "laws/9/"] and first["hant"] == []
    assert later_lists(tmp_path) == {"hans": ["about/", "laws/64/"], "hant": ["zh-hant/laws/64/"]}
    worker = render_service_worker(tmp_path)
    assert "__LATER__" not in worker and '"zh-hant/laws/64/"' in worker and "download/" not in worker


def config(extra: dict) -> SimpleNamespace:
    return SimpleNamespace(extra=extra)


def test_the_venue_zip_section_links_the_zip_with_its_size_and_date():
    hosted = {"file": "zhongguo-qiaopai-guize-20261207.zip", "bytes": 5 * 1024 * 1024 + 1, "date": "2026-12-07"}
    about = venue_bundle_section(config({"venue_bundle": hosted}), SimpleNamespace(url="about/"))
    assert 'href="../download/zhongguo-qiaopai-guize-20261207.zip" download' in about
    assert "（5.0 MB，2026-12-07）" in about
    home_hant = venue_bundle_section(
        config({"venue_bundle": {**hosted, "root_prefix": "../"}}), SimpleNamespace(url="")
    )
    assert 'href="../download/zhongguo-qiaopai-guize-20261207.zip"' in home_hant
    inside = venue_bundle_section(config({"venue_bundle": {"inside": True}}), SimpleNamespace(url="index.html"))
    assert "href" not in inside and "离线压缩包里的网站" in inside
    assert "make site" in venue_bundle_section(config({}), SimpleNamespace(url=""))


@pytest.mark.parametrize(
    ("site_url", "warned"),
    [("https://bridge.example.org/rules/", False), ("http://127.0.0.1:8000/", True), ("http://localhost:8000/", True)],
)
def test_make_site_says_in_one_line_when_site_url_is_no_real_address(monkeypatch, site_url, warned):
    monkeypatch.setenv("RULEBOOK_SITE_URL", site_url)
    line = build.site_url_warning()
    assert (line is not None) == warned
    if warned:
        assert "\n" not in line and site_url in line and "RULEBOOK_SITE_URL" in line and "mkdocs.yml" in line


def test_a_players_word_leads_to_a_page_of_the_site():
    books = load_rulebook()
    words = {w.word: w for w in index_words(books, real_src())}
    assert {"藏牌", "摊牌", "手机", "长考"} <= set(words)
    assert [(p.label, p.missing) for p in words["藏牌"].places][0] == ("规则第61条", True)
    assert words["手机"].places[0].label == "裁判法第38条" and not words["手机"].places[0].missing
    bad = rulebook_src_from_texts(
        {"index_words.yml": "words:\n  - word: 藏牌\n    places: [regulations/99]\n    reason: a test.\n"}
    )
    with pytest.raises(IndexWordError, match=r"^rulebook_src/index_words.yml:2: 藏牌: regulations/99 is no page"):
        index_words(books, bad)


def test_the_index_page_has_a_letter_row_and_the_players_words():
    from pathlib import Path

    text = (Path(__file__).parent.parent / "docs" / "subject-index.md").read_text(encoding="utf-8")
    row = re.search(r'<nav class="index-letters"[^>]*>(?P<links>.*?)</nav>', text)
    assert row, "no letter row"
    letters = re.findall(r'href="#letter-([a-z])"', row["links"])
    headings = re.findall(r"^## ([A-Z]) \{#letter-([a-z])\}$", text, re.M)
    assert letters == [anchor for _, anchor in headings] and len(letters) >= 15
    for word in ("藏牌", "摊牌", "手机", "长考"):
        assert re.search(rf"^\*\*{word}\*\*<span class=\"index-players-word\">（牌手的说法", text, re.M), word
    assert "[规则第61条（来源缺）](laws/61.md)" in text


def test_a_missing_law_page_leads_with_what_to_do():
    from pathlib import Path

    for number in (14, 64, 93):
        text = (Path(__file__).parent.parent / "docs" / "laws" / f"{number}.md").read_text(encoding="utf-8")
        title, step, english = text.index("\n# 第"), text.index("missing-next-step"), text.index("article-english")
        assert title < step < english, number
