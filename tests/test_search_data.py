"""The reviewed search data of rulebook_src/search_synonyms.yml, checked against the committed pages (fast tier)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from types import MappingProxyType

import pytest
import yaml

from scripts.curated.rulebook_src import rulebook_src_from_texts
from scripts.curated.everyday_sentences import everyday_problems
from scripts.search.index import MAPPING_SECTIONS, load_english_titles, load_search_vocabulary
from scripts.errors import CuratedFileError
from scripts.render.docs import render_site_pages
from tests.rulebook_once import load_full_rulebook, real_src

ROOT = Path(__file__).resolve().parent.parent
SYNONYMS = ROOT / "rulebook_src" / "search_synonyms.yml"
ENGLISH_TITLES = ROOT / "rulebook_src" / "wbf1997.yml"
MARKDOWN_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)(\{[^}]*\})?")


def page_text() -> str:
    """The article and glossary pages' Markdown with link targets and attributes taken out."""
    pages = [
        *sorted((ROOT / "docs" / "laws").glob("*.md")),
        *sorted((ROOT / "docs" / "regulations").glob("*.md")),
        ROOT / "docs" / "glossary.md",
    ]
    return "\n".join(MARKDOWN_LINK.sub(r"\1", p.read_text(encoding="utf-8")) for p in pages)


def test_every_rulebook_word_occurs_in_the_text():
    text = page_text()
    english = " ".join(load_english_titles(real_src()).values()).lower()
    vocabulary = load_search_vocabulary(real_src())
    absent = [
        f"{typed} → {word!r} ({reason})"
        for typed, rulebook, reason in vocabulary.synonyms
        for word in rulebook
        if word not in text and not (word.isascii() and word.lower() in english)
    ]
    assert not absent, "mapping targets that the pages never use:\n" + "\n".join(absent)


def test_every_section_and_group_is_reviewed():
    data = yaml.safe_load(SYNONYMS.read_text(encoding="utf-8"))
    for section in MAPPING_SECTIONS:
        assert data.get(section), f"{SYNONYMS.name}: no {section!r} entries"
    assert all(group["reason"].strip() for group in data["stopwords"])


def test_no_typed_word_is_also_a_stop_word():
    vocabulary = load_search_vocabulary(real_src())
    stop = set(vocabulary.stopwords)
    clash = sorted({t for typed, _, _ in vocabulary.synonyms for t in typed if t in stop})
    assert not clash, f"typed words that the stop list would drop: {clash}"


def test_stop_words_are_not_the_rulebook_terms_people_ask_about():
    """A stop word that is itself a title word of an article would make that article unreachable by it."""
    vocabulary = load_search_vocabulary(real_src())
    titles = [
        line[2:]
        for p in (ROOT / "docs").glob("*/*.md")
        for line in p.read_text(encoding="utf-8").splitlines()
        if line.startswith("# 第")
    ]
    title_words = {w for t in titles for w in re.split(r"[\s、，的与和及或]+", t.split(" ", 1)[-1]) if len(w) > 1}
    clash = sorted(set(vocabulary.stopwords) & title_words)
    assert not clash, f"stop words that are article title words: {clash}"


def test_english_titles_are_read_for_every_law():
    titles = load_english_titles(real_src())
    assert set(titles) == set(range(1, 94)), sorted(set(range(1, 94)) - set(titles))
    assert titles[27] == "Insufficient Bid" and "Revoke" in titles[64]


EVERYDAY = ROOT / "rulebook_src" / "search_everyday.yml"
# The penalty articles (README, 罚分计算器): each heading word of theirs has its everyday words in search_everyday.yml.
PENALTY_ARTICLES = (
    "regulations/26",
    "regulations/27",
    "regulations/28",
    "regulations/34",
    "regulations/35",
    "regulations/36",
    "regulations/37",
    "regulations/38",
    "regulations/44",
    "regulations/45",
    "laws/2",
    "laws/12",
)
CLAUSE_START = re.compile(r'<div class="clause[^"]*" id="(?P<div>[^"]+)"|^#+ .*\{#(?P<heading>[^ }]+)')


def clause_texts(page: str) -> dict[str, str]:
    """Anchor → the reader text from that clause (or heading) to the next one; '' is the article's opening text
    (after the bar under the title). Links, tags, editor notes and footnote marks taken out, spaces collapsed."""
    text = MARKDOWN_LINK.sub(r"\1", (ROOT / "docs" / f"{page}.md").read_text(encoding="utf-8"))
    text = re.sub(r"<details.*?</details>", "", text, flags=re.S)
    if "</nav>" in text:
        text = text.split("</nav>", 1)[1]
    texts, anchor, lines = {}, "", []
    for line in text.splitlines():
        match = CLAUSE_START.search(line)
        if match:
            texts[anchor] = " ".join(lines)
            anchor, lines = match["div"] or match["heading"], []
        lines.append(re.sub(r"<[^>]+>|\[\^[0-9]+\]|\{[#.][^}]*\}", "", line))
    texts[anchor] = " ".join(lines)
    return {key: re.sub(r"\s+", " ", value) for key, value in texts.items()}


def everyday_entries() -> list[dict]:
    return real_src().load(EVERYDAY.name)["entries"]


def committed_clauses(serves: list[str]) -> dict[str, str]:
    """`serves` key (book/slug#anchor, or book/slug) → that clause's reader text, for the pages the keys name."""
    clauses = {}
    for page in sorted({key.partition("#")[0] for key in serves}):
        for anchor, text in clause_texts(page).items():
            clauses[f"{page}#{anchor}" if anchor else page] = text
    return clauses


def test_every_everyday_mapping_leads_to_a_clause_with_its_term():
    """No mapping sends a word to a clause that does not contain its target term: the quoted sentence stands in
    the clause `serves` names, and holds the term (the check the search index build runs on the site's sections)."""
    clauses = committed_clauses([entry["serves"] for entry in everyday_entries()])
    assert everyday_problems(real_src(), clauses.get) == []


WRONG_CLAUSE = """entries:
  - term: 迟到
    from: heading
    serves: regulations/26#一-1
    sentence: "迟到5+—10分钟：扣1VP；"
    typed: [晚到]
    reason: the right clause.
  - term: 迟到
    from: heading
    serves: regulations/27#一
    sentence: "迟到5+—10分钟：扣1VP；"
    typed: [来晚]
    reason: sent to 裁判法第27条一, which has no 迟到.
  - term: 错误
    from: heading
    serves: regulations/26#一-1
    sentence: "迟到5+—10分钟：扣1VP；"
    typed: [搞错了]
    reason: the sentence stands in the clause but does not hold its term.
  - term: 迟到
    from: heading
    serves: regulations/26#九十九
    sentence: "迟到5+—10分钟：扣1VP；"
    typed: [晚来]
    reason: no such clause.
"""


def test_a_mapping_to_a_clause_without_its_term_is_refused_with_file_and_line():
    src = rulebook_src_from_texts({EVERYDAY.name: WRONG_CLAUSE})
    clauses = committed_clauses(["regulations/26", "regulations/27"])
    assert "迟到" not in clauses["regulations/27#一"]
    problems = everyday_problems(src, clauses.get)
    lines = WRONG_CLAUSE.splitlines()
    sentence_line = [n for n, line in enumerate(lines, 1) if line.strip().startswith("sentence:")][1]
    term_line = [n for n, line in enumerate(lines, 1) if line.strip() == "- term: 错误"][0]
    serves_line = [n for n, line in enumerate(lines, 1) if "九十九" in line][0]
    assert problems == [
        f"rulebook_src/search_everyday.yml:{sentence_line}: 迟到 → regulations/27#一: the clause does not have "
        "“迟到5+—10分钟：扣1VP；”",
        f"rulebook_src/search_everyday.yml:{term_line}: 错误 → regulations/26#一-1: “迟到5+—10分钟：扣1VP；” does not "
        "hold the term",
        f"rulebook_src/search_everyday.yml:{serves_line}: 迟到 → regulations/26#九十九: the site has no such clause",
    ]


def test_the_docs_build_refuses_a_sentence_its_article_lacks_in_one_line():
    """The same check, run by `python -m scripts.render` on each entry's article before any site is built: the entry
    sent to 裁判法第27条 and the one whose sentence lacks its term stop it, in one line with the count (the anchor
    九十九 is the index build's to refuse: the article, 第26条, does have the sentence)."""
    real = real_src()
    wrong = rulebook_src_from_texts({EVERYDAY.name: WRONG_CLAUSE})
    src = dataclasses.replace(real, yaml_files=MappingProxyType({**real.yaml_files, **wrong.yaml_files}))
    with pytest.raises(CuratedFileError) as stopped:
        render_site_pages(dataclasses.replace(load_full_rulebook(), src=src))
    sentence_line = [n for n, line in enumerate(WRONG_CLAUSE.splitlines(), 1) if "sentence:" in line][1]
    assert str(stopped.value) == (
        f"rulebook_src/search_everyday.yml:{sentence_line}: 迟到 → regulations/27#一: the article does not have "
        "“迟到5+—10分钟：扣1VP；” (and 1 more)"
    )


def test_the_everyday_vocabulary_covers_the_glossary_and_the_penalty_articles():
    entries = everyday_entries()
    glossary = re.findall(r"^## (\S+) \(", (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8"), flags=re.M)
    terms = {entry["term"] for entry in entries if entry["from"] == "glossary"}
    assert glossary and not set(glossary) - terms, f"glossary terms without everyday words: {set(glossary) - terms}"
    served = {entry["serves"].split("#")[0] for entry in entries if entry["from"] == "heading"}
    missing = [page for page in PENALTY_ARTICLES if page not in served]
    assert not missing, f"penalty articles whose heading words have no everyday words: {missing}"


def test_no_everyday_word_is_a_stop_word_or_a_rulebook_term_of_another_entry():
    stop = set(load_search_vocabulary(real_src()).stopwords)
    entries = everyday_entries()
    terms = {entry["term"] for entry in entries}
    typed = [t for entry in entries for t in entry["typed"]]
    assert not set(typed) & stop, f"typed words the stop list would drop: {set(typed) & stop}"
    assert not set(typed) & terms, f"typed words that are another entry's rulebook term: {set(typed) & terms}"


@pytest.mark.parametrize("script", ["hans", "hant"])
def test_a_missing_laws_page_top_is_marked_missing_in_either_script(script):
    """The page of a Law the sources lack counts as such in the search index of either edition: its breadcrumb line
    ends with 本条不在来源中 in the edition's own script (本條不在來源中), and the index reads it so."""
    from scripts.books import NOT_IN_SOURCES
    from scripts.search.index import section_docs
    from scripts.search.sections import Section
    from scripts.traditional import to_traditional_text

    edition_text = str if script == "hans" else (lambda text: to_traditional_text(text, ()))
    breadcrumb = edition_text(f"规则 · 第八章 计分 · {NOT_IN_SOURCES}")
    (top,) = section_docs([Section("laws/79/", "第79条 赢得的墩数", "")], breadcrumb, {}, {}, edition_text)
    assert top["missing"] == 1
    assert top["context"] == edition_text("第八章 计分"), "the line's last part is not the page's context"
