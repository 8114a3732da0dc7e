"""The reviewed search data of rulebook_src/search_synonyms.yml, checked against the committed pages (fast tier)."""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from scripts.search.index import MAPPING_SECTIONS, load_english_titles, load_search_vocabulary
from tests.rulebook_once import real_src

ROOT = Path(__file__).resolve().parent.parent
SYNONYMS = ROOT / "rulebook_src" / "search_synonyms.yml"
ENGLISH_TITLES = ROOT / "rulebook_src" / "wbf1997.yml"
MARKDOWN_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)(\{[^}]*\})?")


def page_text() -> str:
    """The article and glossary pages' Markdown with link targets and attributes taken out."""
    pages = [*sorted((ROOT / "docs" / "laws").glob("*.md")), *sorted((ROOT / "docs" / "regulations").glob("*.md")),
             ROOT / "docs" / "glossary.md"]
    return "\n".join(MARKDOWN_LINK.sub(r"\1", p.read_text(encoding="utf-8")) for p in pages)


def test_every_rulebook_word_occurs_in_the_text():
    text = page_text()
    english = " ".join(load_english_titles(real_src()).values()).lower()
    vocabulary = load_search_vocabulary(real_src())
    absent = [f"{typed} → {word!r} ({reason})" for typed, rulebook, reason in vocabulary.synonyms for word in rulebook
              if word not in text and not (word.isascii() and word.lower() in english)]
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
    titles = [line[2:] for p in (ROOT / "docs").glob("*/*.md")
              for line in p.read_text(encoding="utf-8").splitlines() if line.startswith("# 第")]
    title_words = {w for t in titles for w in re.split(r"[\s、，的与和及或]+", t.split(" ", 1)[-1]) if len(w) > 1}
    clash = sorted(set(vocabulary.stopwords) & title_words)
    assert not clash, f"stop words that are article title words: {clash}"


def test_english_titles_are_read_for_every_law():
    titles = load_english_titles(real_src())
    assert set(titles) == set(range(1, 94)), sorted(set(range(1, 94)) - set(titles))
    assert titles[27] == "Insufficient Bid" and "Revoke" in titles[64]
