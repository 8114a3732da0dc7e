"""The subject index (索引): the rulebook's terms and the clauses that use them, one list for the site's 索引 page and
the print edition's index (our sources keep only four of the Laws' definitions, so a reader who knows a word but not
its article comes in here).

The terms are the glossary's, the words the search vocabulary maps everyday words onto (rulebook_src/
search_synonyms.yml `rulebook`, search_everyday.yml `term`) and the search's own word list (jieba_user_dict.txt); a
term is kept only where it stands in clause text as a word of its own (not inside a longer term: 约定 in 约定卡 is 约定卡).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from scripts.books import BOOKS, HAN
from scripts.curated.rulebook_src import RulebookSrc
from scripts.errors import RulebookError
from scripts.pipeline.assemble import missing_numbers
from scripts.pipeline.model import Article, Book

TERM_SHAPE = re.compile(rf"[{HAN}]{{2,8}}")  # a term of two to eight Han characters: no English word, no phrase


@dataclass(frozen=True)
class IndexPlace:
    """A clause (or an article's opening text, anchor '') whose text uses a term."""

    book: str  # 'laws' | 'regulations'
    slug: str  # the article's slug ('27', '52-2')
    number: int  # the article's number
    anchor: str  # the clause's anchor within its article ('' = the text before the first clause)
    label: str  # the clause's path of labels ('B1', '一'), '' for the opening text


@dataclass(frozen=True)
class IndexTerm:
    term: str
    reading: str  # toneless pinyin, the sort key ('an shi')
    places: tuple[IndexPlace, ...]  # in the books' reading order

    @property
    def initial(self) -> str:
        """The letter the term is filed under ('A')."""
        return self.reading[:1].upper()

    def articles(self, book: str) -> list[IndexPlace]:
        """The first place in each article of `book` that uses the term (a printed index lists an article once)."""
        seen: dict[str, IndexPlace] = {}
        for place in self.places:
            if place.book == book:
                seen.setdefault(place.slug, place)
        return list(seen.values())


def candidate_terms(glossary_terms: list[str], src: RulebookSrc) -> list[str]:
    """The glossary's terms, the search vocabulary's rulebook words and the search word list, each once."""
    words = list(glossary_terms)
    synonyms = src.load("search_synonyms.yml")
    for group in ("synonyms", "regional", "english"):
        for entry in synonyms.get(group) or []:
            words += [str(w) for w in entry.get("rulebook") or []]
    words += [str(entry["term"]) for entry in src.load("search_everyday.yml").get("entries") or []]
    words += [fields[0] for _, fields in src.load_rows("jieba_user_dict.txt")]
    return [w for w in dict.fromkeys(words) if TERM_SHAPE.fullmatch(w)]


def stands_alone(text: str, term: str, longer: list[str]) -> bool:
    """Whether `term` stands somewhere in `text` outside every longer term that holds it."""
    covered = [False] * len(text)
    for word in longer:
        start = text.find(word)
        while start >= 0:
            for i in range(start, start + len(word)):
                covered[i] = True
            start = text.find(word, start + 1)
    start = text.find(term)
    while start >= 0:
        if not all(covered[start : start + len(term)]):
            return True
        start = text.find(term, start + 1)
    return False


def clause_texts(article: Article) -> list[tuple[str, str, str]]:
    """(anchor, label path, text) for the article's opening text and each clause (its title and own paragraphs)."""
    out = [("", "", "\n".join(p.text for p in article.intro))]

    def walk(clauses, path: str) -> None:
        for clause in clauses:
            label = path + clause.label.strip("（）()、. ")
            text = "\n".join([clause.title, *(p.text for p in clause.paragraphs)])
            out.append((clause.anchor, label, text))
            walk(clause.children, label)

    walk(article.clauses, "")
    return [item for item in out if item[2].strip()]


def reading_of(term: str) -> str:
    from pypinyin import lazy_pinyin

    return " ".join(lazy_pinyin(term))


def subject_index(books: dict[str, Book], glossary_terms: list[str], src: RulebookSrc) -> list[IndexTerm]:
    """Every candidate term that clause text uses, with its places, sorted by pinyin (then by the term)."""
    terms = candidate_terms(glossary_terms, src)
    texts = [
        (book.key, article, anchor, label, text)
        for book in books.values()
        for article in book.articles.values()
        for anchor, label, text in clause_texts(article)
    ]
    out = []
    for term in terms:
        longer = [w for w in terms if w != term and term in w]
        places = tuple(
            IndexPlace(book, article.slug, article.number, anchor, label)
            for book, article, anchor, label, text in texts
            if term in text and stands_alone(text, term, longer)
        )
        if places:
            out.append(IndexTerm(term, reading_of(term), places))
    return sorted(out, key=lambda t: (t.reading, t.term))


INDEX_WORDS_FILE = "index_words.yml"


class IndexWordError(RulebookError):
    """A players' word of the 索引 leads to a page the site does not have."""


@dataclass(frozen=True)
class WordPlace:
    """An article a players' word leads to: one of the sources, or the page of a Law they lack."""

    book: str
    slug: str
    missing: bool  # the sources lack it: its page says so and what to do

    @property
    def label(self) -> str:
        return f"{BOOKS[self.book].cite_prefix}第{self.slug}条"


@dataclass(frozen=True)
class IndexWord:
    """A word players say that the text does not use (rulebook_src/index_words.yml), filed among the terms."""

    word: str
    reading: str
    means: str  # the rulebook's own word for it ('' if none is given)
    places: tuple[WordPlace, ...]

    @property
    def initial(self) -> str:
        return self.reading[:1].upper()


def index_words(books: dict[str, Book], src: RulebookSrc) -> list[IndexWord]:
    """The players' words of rulebook_src/index_words.yml, each place checked to be a page of the site (an article of
    the sources, or a Law they lack, which has its own page), sorted by pinyin."""
    data, lines = src.load_with_lines(INDEX_WORDS_FILE)
    out = []
    for i, entry in enumerate(data.get("words") or []):
        places = []
        for target in entry["places"]:
            key, _, slug = target.partition("/")
            book = books.get(key)
            missing = book is not None and key == "laws" and slug.isdigit() and int(slug) in missing_numbers(book)
            if book is None or (slug not in book.articles and not missing):
                raise IndexWordError(
                    f"{lines.at('words', i)}: {entry['word']}: {target} is no page of the site "
                    "(neither an article of the sources nor a Law they lack)"
                )
            places.append(WordPlace(key, slug, missing))
        out.append(IndexWord(entry["word"], reading_of(entry["word"]), entry.get("means", ""), tuple(places)))
    return sorted(out, key=lambda w: (w.reading, w.word))
