"""Headings in the tree: the corrections made on their lines, where each one stands, and the lost sub-heading."""

from __future__ import annotations

import re

from scripts.pipeline.model import Article, Clause, Paragraph

ARTICLE_NUMBER_PREFIX = re.compile(r"^第[0-9]+条\s*")
SUBHEADING = re.compile(r"[^。；，：,;.（）()]{2,20}")  # short, without sentence punctuation


def heading_stretch(text: str, correction: tuple) -> tuple[int, int] | None:
    """Where an erratum stands in a heading or title: the corrected words where they stand in it, else the whole
    heading, or None (an erratum on the line '第24条竞叫期间' marks 竞叫期间 in the title; a restored heading is
    marked whole). `correction` is a (replacement, original, reason) of a paragraph's corrections."""
    replacement = correction[0]
    squeezed = re.sub(r"\s+", "", text)
    candidates = [replacement, ARTICLE_NUMBER_PREFIX.sub("", replacement)]
    found = next(((text.find(c), len(c)) for c in candidates if c and c in text), None)
    if found is None and squeezed and squeezed in re.sub(r"\s+", "", replacement):
        found = (0, len(text))
    if found is None and ARTICLE_NUMBER_PREFIX.sub("", re.sub(r"\s+", "", replacement)) in squeezed:
        found = (0, len(text))
    return None if found is None else (found[0], found[0] + found[1])


def heading_corrections(headings: list[Paragraph]) -> dict[str, list]:
    """Chapter / 节 headings (whitespace removed) → the corrections made on their lines."""
    out: dict[str, list] = {}
    for para in headings:
        if para.corrections:
            out.setdefault(re.sub(r"\s+", "", para.text), []).extend(para.corrections)
    return out


def title_corrections(article: Article) -> list:
    """Corrections made on the article's heading line(s) (the intro paragraphs that carry no text)."""
    return [c for para in article.intro if not para.text for c in para.corrections]


def clause_title_corrections(clause: Clause) -> list:
    """Corrections made on a clause's title line (its paragraphs that carry no text)."""
    return [c for para in clause.paragraphs if not para.text for c in para.corrections]


def is_subheading(text: str) -> bool:
    """A short paragraph without sentence punctuation stands as a sub-heading whose marker the source lost."""
    return bool(SUBHEADING.fullmatch(text)) and not text[0].isdigit()
