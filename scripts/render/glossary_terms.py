"""Where a glossary term may be linked (a word of its own, not part of a longer word) and what its tooltip must add."""

from __future__ import annotations

from scripts.curated.rulebook_src import RulebookSrc
from scripts.pipeline.glossary import GlossaryEntry


def load_vocabulary(src: RulebookSrc) -> list[str]:
    """The rulebook's words (jieba_user_dict.txt, first field per line): a glossary term inside one is not the term."""
    return [fields[0] for _, fields in src.load_rows("jieba_user_dict.txt")]


def whole_word_at(text: str, term: str, vocabulary: list[str]) -> int:
    """The first place where `term` stands as a word of its own, not inside a longer word of the vocabulary
    ('约定' in '约定卡', '引牌' in '首引牌张' are skipped); -1 if none."""
    longer = [w for w in vocabulary if w != term and len(w) > 1]
    start = text.find(term)
    while start >= 0:
        end = start + len(term)
        inside = False
        for word in longer:
            pos = text.find(word, max(0, start - len(word) + 1))
            while 0 <= pos < end:
                if pos + len(word) > start and (pos < start or pos + len(word) > end):
                    inside = True
                    break
                pos = text.find(word, pos + 1)
            if inside:
                break
        if not inside:
            return start
        start = text.find(term, start + 1)
    return -1


def glossary_defect_note(entry: GlossaryEntry, unresolved: list[dict]) -> str:
    """A note for a definition that an unresolved defect cuts short (庄家), shown with every copy of its text."""
    text = "".join(p.text for p in entry.definition)
    return "".join(f"（{item['reason']}）" for item in unresolved if item["quote"] in text)
