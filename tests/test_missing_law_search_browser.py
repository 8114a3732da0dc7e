"""Search reaches the Laws our sources lack by the words players use for their matter (their everyday names,
rulebook_src/everyday_names.yml): the Law's page is among the first three results and its title carries the 来源缺
label, marked as on the page (not a word glued to the title)."""

from __future__ import annotations

import re


from conftest import ROOT, read_yaml
from reader_steps import open_ready
from test_search import RESULT_ITEM, SearchBox

ENTRIES = [
    {"number": int(entry["article"].split("/")[1]), "words": entry["names"]}
    for entry in read_yaml(ROOT / "rulebook_src" / "everyday_names.yml")["articles"]
    if entry["article"] in {f"laws/{n}" for n in (14, 15, 16, *range(41, 94))}
]
# The text of the pages that hold an article: a word found there rightly ranks those articles first, so each Law is
# searched by the first of its words that no such page has.
HELD_TEXT = "".join(
    path.read_text(encoding="utf-8")
    for book in ("laws", "regulations")
    for path in sorted((ROOT / "docs" / book).glob("[0-9]*.md"))
    if 'class="missing-badge"' not in path.read_text(encoding="utf-8")
)
# Ten Laws spread over the whole list (every fifth entry that has such a word).
CHOSEN = [
    (entry["number"], next(w for w in entry["words"] if w not in HELD_TEXT))
    for entry in ENTRIES[::5]
    if any(w not in HELD_TEXT for w in entry["words"])
][:10]

# A result item: its link, its text, and the 来源缺 label in its title (marked as the page marks it, with a background).
ITEM_BADGE = """li => {
  const badge = li.querySelector('a h1 .missing-badge, a h2 .missing-badge');
  return { href: li.querySelector('a').href, text: li.innerText, badge: badge ? badge.textContent : null,
           background: badge ? getComputedStyle(badge).backgroundColor : null };
}"""
TRANSPARENT = (None, "transparent", "rgba(0, 0, 0, 0)")


def test_ten_laws_are_chosen_from_the_reviewed_vocabulary():
    assert len(CHOSEN) == 10 and len({number for number, _ in CHOSEN}) == 10


def test_the_words_players_use_find_the_missing_law_in_the_top_three_labelled(browser, site_url):
    context = browser.new_context()
    page = context.new_page()
    misses = []
    try:
        open_ready(page, site_url)
        box = SearchBox(page)
        for number, word in CHOSEN:
            box.type(word)
            tops = page.eval_on_selector_all(RESULT_ITEM, f"items => items.slice(0, 3).map({ITEM_BADGE})")
            found = [item for item in tops if re.search(rf"/laws/{number}/(\?[^#]*)?(#.*)?$", item["href"])]
            if not found:
                misses.append(f"{word!r}: 规则第{number}条 not in the top 3: {[item['href'] for item in tops]}")
            elif "来源缺" not in found[0]["text"]:
                misses.append(f"{word!r}: the item of 规则第{number}条 does not say 来源缺: {found[0]['text'][:80]!r}")
            elif found[0]["badge"] != "来源缺" or found[0]["background"] in TRANSPARENT:
                misses.append(
                    f"{word!r}: 来源缺 in the item of 规则第{number}条 is not a label as on its page: {found[0]}"
                )
    finally:
        context.close()
    assert not misses, "\n".join(misses)


def test_the_law_of_a_matter_and_the_article_with_text_on_it_both_lead_the_results(browser, site_url):
    """首攻 is the matter of Laws 41 and 54 (missing: their pages name it and say where to read on) and, as 首引, stands in
    the text of articles we hold (规则第20、24、26条, 裁判法第21条八、). Issue 43: at equal share of the query, a page the
    sources lack counts as an article (a question about its matter is answered by it), so the Law comes first and the
    articles with text on it follow among the first results."""
    context = browser.new_context()
    page = context.new_page()
    try:
        open_ready(page, site_url)
        box = SearchBox(page)
        box.type("首攻")
        links = page.eval_on_selector_all(RESULT_ITEM, "items => items.map(li => li.querySelector('a').href)")
    finally:
        context.close()
    missing = [i for i, href in enumerate(links) if re.search(r"/laws/(1[4-6]|4[1-9]|[5-8][0-9]|9[0-3])/", href)]
    assert missing[:1] == [0] and re.search(r"/laws/(41|54)/", links[0]), links[:6]
    held = [i for i, href in enumerate(links) if i not in missing]
    assert held and min(held) < 6, links[:6]
