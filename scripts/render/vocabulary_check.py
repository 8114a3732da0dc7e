"""The docs build's check of the everyday search vocabulary (rulebook_src/search_everyday.yml), so that a sentence
that no longer stands in its article stops `python -m scripts.render` in one line, not only the later site build
(scripts/search/everyday.py checks each sentence against its own clause when the index is built)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from scripts.curated.rulebook_src import RulebookSrc
from scripts.errors import CuratedFileError

EVERYDAY_FILE = "search_everyday.yml"
SPACES = re.compile(r"\s+")


def check_everyday_sentences_in_articles(src: RulebookSrc, books: Mapping, glossary_text: str) -> None:
    """The docs build's check, before any site is built: each entry's `sentence` stands in the article its `serves`
    names (books: the rulebook's books by key; glossary_text: the glossary's headings and definitions) and holds its
    `term`. The first fault stops the build in one 'file:line: …' line; the index build then checks each
    sentence against its own clause."""
    data, lines = src.load_with_lines(EVERYDAY_FILE)
    for n, entry in enumerate(data["entries"]):
        term, serves, sentence = str(entry["term"]), str(entry["serves"]), str(entry["sentence"])
        book, _, rest = serves.partition("/")
        article = books[book].articles.get(rest.partition("#")[0]) if book in books else None
        if article is None and not serves.startswith("glossary"):
            raise CuratedFileError(
                f"{lines.at('entries', n, 'serves')}: {term} → {serves}: the site has no such article"
            )
        text = article.plain_text() if article is not None else glossary_text
        if SPACES.sub("", sentence) not in SPACES.sub("", text):
            raise CuratedFileError(
                f"{lines.at('entries', n, 'sentence')}: {term} → {serves}: the article does not have “{sentence}”"
            )
        if term not in sentence:
            raise CuratedFileError(
                f"{lines.at('entries', n, 'term')}: {term} → {serves}: “{sentence}” does not hold the term"
            )
