"""The shipped site and venue zip say the coverage before any gap, and keep a source quote in its own characters in
the traditional edition (full build: slow tier)."""

from __future__ import annotations

import html
import re

from scripts.pipeline.coverage import coverage_sentences


def page_text(path) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", path.read_text(encoding="utf-8")))


def test_the_zips_start_page_states_the_builds_coverage_before_the_number_grid(rulebook, bundle_dir):
    start = bundle_dir / "index.html"  # what the venue opens first from file://
    text = page_text(start)
    sentence = "".join(coverage_sentences(rulebook.books))
    assert sentence in text
    raw = start.read_text(encoding="utf-8")
    assert raw.index('class="coverage-note"') < raw.index('class="article-grid"')


def test_the_hosted_home_and_indexes_state_it_in_both_scripts(rulebook, shipped_site):
    site = shipped_site[0]
    laws, regulations = coverage_sentences(rulebook.books)
    assert laws + regulations in page_text(site / "index.html")
    assert laws in page_text(site / "laws" / "index.html")
    assert regulations in page_text(site / "regulations" / "index.html")
    assert "本版收錄《中國橋牌競賽規則》93條中的" in page_text(site / "zh-hant" / "index.html")


def test_a_source_quote_stays_in_the_sources_characters_in_the_traditional_edition(shipped_site):
    page = (shipped_site[0] / "zh-hant" / "laws" / "6" / "index.html").read_text(encoding="utf-8")
    assert 'data-original="原文：２．由裁判发牌。｜' in page  # the source (004) is simplified: not converted
    assert ">由裁判發牌</ins>" in page  # the page text is
