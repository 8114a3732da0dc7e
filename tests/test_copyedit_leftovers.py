"""Issue 20's copy-edit leftovers: what the restored markers of Law 36 follow, Law 1's recovered mojibake marked as a
correction, laws/6 E.2 and laws/30 C headed like their siblings, a 原文 quote kept in the source's own characters in the
traditional edition."""

from __future__ import annotations

import re

from scripts.traditional import load_fixes, to_traditional_markdown


def test_law_36s_restored_markers_say_they_follow_the_texts_own_order_not_1997_law_36(rulebook):
    """1997 Law 36 has no lettered clauses; the source printed Law 35's text there, and the A–C follow it."""
    notes = [c.restored for c in rulebook.books["laws"].articles["36"].walk_clauses() if c.restored]
    assert len(notes) == 3 and all("第35条" in note and "第36条" not in note for note in notes), notes
    assert rulebook.concordance.laws[36].markers[0].follows == 35


def test_law_1s_recovered_mojibake_is_marked_as_a_correction(pages):
    line = next(line for line in pages["laws/1.md"].splitlines() if "花色等级从高级到低" in line)
    mark = re.search(
        r'<ins class="erratum" tabindex="0" data-original="原文：(?P<quote>[^｜"]+)｜(?P<why>[^"]+)">(?P<text>[^<]+)</ins>',
        line,
    )
    assert mark and mark["text"] == "。花色等级从高级到低依次为黑桃(" and mark["quote"].startswith("?；ㄉ")
    assert mark["why"].startswith("繁体文字的GBK字节错位")


def test_laws_6_e2_and_30_c_are_headings_like_their_siblings(pages):
    six = pages["laws/6.md"]
    assert re.search(r"^### 2\. <ins [^>]*>由裁判发牌</ins> \{#e-2 \.clause-heading\}$", six, re.M)
    assert '<div class="clause level-2" id="e-2"' not in six
    thirty = pages["laws/30.md"]
    assert re.search(r"^## C\. <ins [^>]*>约定性的越序不叫</ins> \{#c \.clause-heading\}$", thirty, re.M)
    assert "（补入的内容，不见于来源）" in next(line for line in thirty.splitlines() if line.startswith("## C."))


def test_a_source_quote_keeps_the_sources_own_characters_in_the_traditional_edition(rulebook):
    simplified_source = '<ins class="erratum" data-original="原文：２．由裁判发牌。｜小标题后误加句号">由裁判发牌</ins>'
    converted = to_traditional_markdown(simplified_source, load_fixes(rulebook.src))
    assert 'data-original="原文：２．由裁判发牌。｜小標題後誤加句號"' in converted and ">由裁判發牌</ins>" in converted


def test_every_source_quote_of_the_pages_survives_the_traditional_edition(rulebook, pages):
    fixes = load_fixes(rulebook.src)
    quotes = {
        path: re.findall(r'data-original="原文：([^｜"]*)｜', text)
        for path, text in pages.items()
        if path.endswith(".md")
    }
    for path, found in quotes.items():
        if found:
            converted = re.findall(r'data-original="原文：([^｜"]*)｜', to_traditional_markdown(pages[path], fixes))
            assert converted == found, path
