"""Builds the compact search index (clause sections, vocabulary, script folding, synonyms) after the site is built.

`build_search_index` takes the page list from Material's stock index (so `search: exclude` is honoured) and reads
the built HTML of each page, because a clause is a `.clause` element with an id as often as it is a heading:

    sections = read_sections(site_dir, stock)        # page top, each heading, each clause: plain simplified text
    words = build_vocabulary(texts, user_entries, ...)  # jieba words of the corpus, for cutting queries in the browser
    synonyms = load_search_vocabulary(src)              # reviewed query expansions, with reasons
    fold = build_fold_map(chars, variants, words)    # traditional → simplified, one character to one character

The result keeps Material's index shape (`{"config": …, "docs": […]}`) so Material's own code can fetch it, inline
it for the offline build and pass it to the worker unchanged; our worker reads `config.rulebook` and `docs`. Both are
written in a compact form the worker expands at load (scripts/search/packing.py: sections as rows, a section's
location after its page's, the folding table as steps between codes, each vocabulary word the text holds as its place
in the text); `packing.unpack_index` reads a built index back as objects and words.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from scripts.curated.everyday_names import names_by_article
from scripts.curated.rulebook_src import RulebookSrc
from scripts.books import BOOKS, EVERYDAY_NAMES_LABEL, HAN, NOT_IN_SOURCES
from scripts.errors import RulebookError
from scripts.curated.everyday_sentences import everyday_problems, first_problem_line
from scripts.search.everyday import clause_key, load_everyday_vocabulary
from scripts.search.packing import pack_index
from scripts.search.pinyin import pinyin_table
from scripts.search.sections import (  # noqa: F401  (SectionParser and read_sections are used through this module)
    PARSED_PAGES,
    Section,
    SectionParser,
    page_file,
    page_locations,
    parsed_page_sections,
    read_pages,
    read_sections,
)

INDEX_VERSION = 4

# Article pages: `laws/26/`, `regulations/52-2/` (directory URLs) or `laws/26.html` (offline build).
ARTICLE_LOCATION = re.compile(r"^(?P<book>laws|regulations)/(?P<slug>(?P<number>[0-9]+)(?:-[0-9]+)?)(?:/|\.html)$")
ARTICLE_FILES = ("laws/*/index.html", "regulations/*/index.html", "laws/*.html", "regulations/*.html")
# Pages about the site (build report, performance notes): editor material, never search results.
EDITOR_PAGES = ("about/",)
HAN_WORD = re.compile(rf"^[{HAN}]{{2,12}}$")
LATIN_HAN_WORD = re.compile(rf"^[A-Za-z]+[{HAN}]{{1,4}}$")  # IMP率, TP率
# The Han blocks whose characters OpenCC t2s may fold (CJK Unified, Extension A, Compatibility Ideographs).
FOLD_CANDIDATES = "".join(
    chr(c) for lo, hi in ((0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF)) for c in range(lo, hi + 1)
)


class SearchDataError(RulebookError):
    """The curated search data in rulebook_src/ is malformed; the message names the file and quotes the entry."""


@dataclass
class SearchVocabulary:
    """The reviewed data of rulebook_src/search_synonyms.yml."""

    synonyms: list[tuple[list[str], list[str], str]] = field(default_factory=list)  # (typed, rulebook, reason)
    variants: dict[str, str] = field(default_factory=dict)  # one character → one character
    stopwords: list[str] = field(default_factory=list)


def article_of(location: str) -> dict | None:
    """`laws/26/` → {'book': 'laws', 'slug': '26', 'number': 26}; None for pages that are not articles."""
    match = ARTICLE_LOCATION.match(location.split("#", 1)[0])
    if not match:
        return None
    return {"book": match["book"], "slug": match["slug"], "number": int(match["number"])}


SYNONYMS_FILE, ENGLISH_TITLES_FILE, USER_DICT_FILE = "search_synonyms.yml", "wbf1997.yml", "jieba_user_dict.txt"
MAPPING_SECTIONS = ("synonyms", "regional", "english")  # typed → rulebook; each entry with its reason


def load_search_vocabulary(src: RulebookSrc) -> SearchVocabulary:
    """Read and check rulebook_src/search_synonyms.yml; every problem is reported with the entry it is in.

    `synonyms` (everyday words), `regional` (Taiwan / Hong Kong bridge terms) and `english` (terms directors use)
    are all `{typed: [...], rulebook: [...], reason}`; `stopwords` are groups `{words: [...], reason}`;
    `variants` are one-character foldings `{from, to, reason}`."""
    data = src.load(SYNONYMS_FILE) or {}
    path = f"{src.where}/{SYNONYMS_FILE}"  # for messages
    problems = []
    vocabulary = SearchVocabulary()
    for section in MAPPING_SECTIONS:
        for n, entry in enumerate(data.get(section) or []):
            where = f"{path}: {section}[{n}]"
            if not isinstance(entry, dict):
                problems.append(f"{where}: needs a mapping with 'typed', 'rulebook' and 'reason', got {entry!r}")
                continue
            typed, rulebook, reason = entry.get("typed"), entry.get("rulebook"), entry.get("reason")
            if not typed or not isinstance(typed, list) or not rulebook or not isinstance(rulebook, list):
                problems.append(f"{where}: needs non-empty lists 'typed' and 'rulebook', got {entry!r}")
                continue
            if not reason or not str(reason).strip():
                problems.append(f"{where}: {typed!r} → {rulebook!r} has no 'reason'")
                continue
            vocabulary.synonyms.append(([str(t) for t in typed], [str(r) for r in rulebook], str(reason)))
    for n, entry in enumerate(data.get("variants") or []):
        where = f"{path}: variants[{n}]"
        source, target, reason = str(entry.get("from", "")), str(entry.get("to", "")), entry.get("reason")
        if len(source) != 1 or len(target) != 1:
            problems.append(f"{where}: 'from' and 'to' must be one character each, got {source!r} → {target!r}")
        elif not reason:
            problems.append(f"{where}: {source!r} → {target!r} has no 'reason'")
        else:
            vocabulary.variants[source] = target
    for n, group in enumerate(data.get("stopwords") or []):
        where = f"{path}: stopwords[{n}]"
        if not isinstance(group, dict) or not isinstance(group.get("words"), list) or not group["words"]:
            problems.append(f"{where}: needs a non-empty list 'words' and a 'reason', got {group!r}")
        elif not str(group.get("reason") or "").strip():
            problems.append(f"{where}: {group['words']!r} has no 'reason'")
        else:
            vocabulary.stopwords.extend(str(w) for w in group["words"])
    if problems:
        raise SearchDataError("\n".join(problems))
    return vocabulary


def build_fold_map(corpus_chars: set[str], variants: dict[str, str], words: list[str]) -> dict[str, str]:
    """Traditional → simplified, one character each, for every traditional form of a character the site uses.

    OpenCC t2s is applied character by character to the Han blocks; a pair is kept when either side occurs in the
    corpus (so `遲`→`迟`, the over-converted `製`→`制` found in the sources, and, for the traditional edition whose
    text is traditional, every character of that text). Full-width ASCII and
    Latin capitals are folded too, so the worker can treat `２６`, `ＩＭＰ` and `imp` alike.
    """
    import opencc

    converted = opencc.OpenCC("t2s").convert(FOLD_CANDIDATES)
    if len(converted) != len(FOLD_CANDIDATES):
        raise SearchDataError("OpenCC t2s changed the length of a single-character run; cannot build a 1:1 map")
    fold = {
        trad: simp
        for trad, simp in zip(FOLD_CANDIDATES, converted)
        if trad != simp and (simp in corpus_chars or trad in corpus_chars or simp in variants.values())
    }
    fold.update(variants)
    # Characters t2s keeps because they are ambiguous out of context (瞭解 → 了解 but 瞭望 stays): fold them
    # the way the corpus's own words need. Text and query are folded alike, so this never hides a match.
    to_traditional = opencc.OpenCC("s2t")
    for word in words:
        for trad, simp in zip(to_traditional.convert(word), word):
            if trad != simp and fold.get(trad, trad) != fold.get(simp, simp) and trad not in fold:
                fold[trad] = fold.get(simp, simp)
    return fold


@functools.lru_cache(maxsize=4)
def jieba_tokenizer(user_entries: tuple[tuple[str, ...], ...]):
    """A jieba tokenizer with the user dictionary's entries (word, [frequency], [part of speech]) added, kept for the
    process: loading jieba's dictionary takes about a second, which every rebuild of `mkdocs serve` paid again.
    Keyed by the entries, so an edit reloads it."""
    import logging

    import jieba

    jieba.setLogLevel(logging.WARNING)
    tokenizer = jieba.Tokenizer()
    for word, *rest in user_entries:  # what jieba's load_userdict does per line, from the checked rows
        tokenizer.add_word(word, *rest)
    return tokenizer


def user_dictionary_entries(rows) -> tuple[tuple[str, ...], ...]:
    """The entries of a jieba user dictionary from its checked rows (`src.load_rows("jieba_user_dict.txt")`, or
    the traditional copy's)."""
    return tuple(tuple(fields) for _, fields in rows)


def build_vocabulary(texts: list[str], user_entries: tuple[tuple[str, ...], ...], extra_words: list[str]) -> list[str]:
    """The words the browser may cut a query into: jieba's words of the corpus (search mode), user dictionary first."""
    tokenizer = jieba_tokenizer(user_entries)
    words = {entry[0] for entry in user_entries} | set(extra_words)
    for text in texts:
        words.update(text_words(tokenizer, text))
    return sorted(words, key=lambda w: (len(w), w))


@functools.lru_cache(maxsize=200_000)
def text_words(tokenizer, text: str) -> frozenset[str]:
    """The vocabulary words jieba cuts from one section text (cached: a rebuild re-reads mostly unchanged texts)."""
    return frozenset(w for w in tokenizer.cut_for_search(text) if HAN_WORD.match(w) or LATIN_HAN_WORD.match(w))


# A word the rulebook uses less often than everyday Chinese does (就是, 一直, 出去, 时候) says little about what a question
# is about, however few pages hold it: its weight is its IDF times its rate in the corpus over its rate in jieba's
# general dictionary, at least COMMON_FLOOR. Rates per word: corpus occurrences per CHARS_PER_WORD characters.
COMMON_FLOOR = 0.2
CHARS_PER_WORD = 1.5


@functools.lru_cache(maxsize=1)
def general_frequencies() -> tuple[dict[str, int], int]:
    """jieba's general dictionary (the word's frequency in its general corpus, and the total), without the user
    dictionary's bridge words (whose frequencies are ours, not the language's)."""
    import jieba

    frequencies: dict[str, int] = {}
    with jieba.get_dict_file() as lines:
        for line in lines:
            word, frequency, *_ = line.decode("utf-8").split(" ")
            frequencies[word] = int(frequency)
    return frequencies, sum(frequencies.values())


def common_words(corpus: str, words: list[str], fold: dict[str, str]) -> dict[str, str]:
    """The vocabulary words everyday Chinese uses more often than the rulebook, by their weight factor (< 1, in
    tenths): {"0.2": "一切 一定 …", …}, folded to simplified as the worker folds queries. `corpus`: every section's
    title and text."""
    frequencies, total = general_frequencies()
    table = str.maketrans(fold)
    corpus = corpus.translate(table)
    corpus_words = max(1.0, len(corpus) / CHARS_PER_WORD)
    factors: dict[str, set[str]] = {}
    for word in words:
        simplified = word.translate(table)
        general, here = frequencies.get(simplified, 0), corpus.count(simplified)
        if not general or not here:
            continue
        ratio = (here / corpus_words) / (general / total)
        factor = max(COMMON_FLOOR, round(ratio, 1))
        if factor < 1:
            factors.setdefault(f"{factor:.1f}", set()).add(simplified)
    return {factor: " ".join(sorted(found)) for factor, found in sorted(factors.items())}


BOOK_LABELS = {
    key: book.cite_prefix for key, book in BOOKS.items()
}  # how the text itself names the books (规则第27条, 裁判法第26条)
ARTICLE_LABEL = "第%s条"


def load_english_titles(src: RulebookSrc) -> dict[int, str]:
    """Law number → the 1997 WBF English title, from rulebook_src/wbf1997.yml (`laws.<N>.title`)."""
    data = src.load(ENGLISH_TITLES_FILE) or {}
    titles = {}
    for number, law in (data.get("laws") or {}).items():
        title = (law or {}).get("title") if isinstance(law, dict) else None
        if not isinstance(number, int) or not isinstance(title, str) or not title.strip():
            raise SearchDataError(
                f"{src.where}/{ENGLISH_TITLES_FILE}: laws.{number}: needs an integer Law number and a 'title', got "
                f"{law!r}"
            )
        titles[number] = title.strip()
    return titles


def indexed_pages(site_dir: Path, stock: dict) -> list[tuple[str, str]]:
    """Material's page list without the pages about the site, plus every article page the site has (a page under
    laws/ or regulations/ is always searchable, even one that says its text is missing from the sources)."""
    pages = [(location, title) for location, title in page_locations(stock) if not location.startswith(EDITOR_PAGES)]
    known = {location for location, _ in pages}
    offline = any(location.endswith(".html") for location in known)
    for pattern in ARTICLE_FILES:
        for path in sorted(site_dir.glob(pattern)):
            rel = path.relative_to(site_dir).as_posix()
            location = rel.removesuffix("index.html") if rel.endswith("/index.html") else rel
            if (location.endswith(".html") == offline) and location not in known and article_of(location):
                pages.append((location, ""))
                known.add(location)
    return pages


def section_docs(
    sections: list, breadcrumb: str, english: dict[int, str], names: dict, edition_text: Callable[[str], str]
) -> list[dict]:
    """One page's sections as index documents; its top, when it is an article, with `article`, `context`,
    `english` and `names` (a missing Law's page prints its names after 牌手常说的: sent once, in its text)."""
    docs = []
    for section in sections:
        doc = {"location": section.location, "title": section.title, "text": section.text}
        article = article_of(section.location) if "#" not in section.location else None
        if article:  # the worker reads the book and number from the location
            parts = breadcrumb.split(" · ")[1:]  # the first part names the book
            # a page for an article the sources lack (来源缺): its line says so in the edition's script
            if parts and parts[-1] == edition_text(NOT_IN_SOURCES):
                doc["missing"] = 1
                parts = parts[:-1]
            context = " ".join(parts)
            if context:
                doc["context"] = context
            if article["book"] == "laws" and article["number"] in english:
                doc["english"] = english[article["number"]]
            if own := names.get(f"{article['book']}/{article['slug']}"):
                own = [edition_text(name) for name in own]
                if edition_text(EVERYDAY_NAMES_LABEL) + "、".join(own) + "。" not in section.text:
                    doc["names"] = own
        docs.append(doc)
    return docs


def build_search_index(
    site_dir: Path,
    stock: dict,
    *,
    src: RulebookSrc,
    user_rows=None,
    book_labels: dict[str, str] | None = None,
    article_label: str = ARTICLE_LABEL,
    check_quotes: bool = True,
    edition_text: Callable[[str], str] = str,
) -> dict:
    """Our index in Material's shape: `config` (with a `rulebook` block for our worker) and `docs` (sections), in the
    compact form of scripts/search/packing.py.

    The page top of an article (its book and number are in its location) carries `missing` (1: the sources lack
    it), `context` (the names of the chapter, part
    and section it stands in, from its breadcrumb line), `names` (its everyday names, rulebook_src/everyday_names.yml,
    in the edition's script by `edition_text`) and, for a Law, `english` (its 1997 WBF title).
    `src` is rulebook_src/ (synonyms, English titles, the word list); `user_rows` the rows of another word list
    (the traditional edition's copy) instead of its own. `check_quotes`: every search_everyday.yml sentence must
    stand in the section it serves (the simplified editions; the traditional one's text is converted)."""
    pages = read_pages(site_dir, indexed_pages(site_dir, stock))
    vocabulary = load_search_vocabulary(src)
    vocabulary.synonyms.extend(load_everyday_vocabulary(src))
    english = load_english_titles(src)
    names = names_by_article(src)
    user_entries = user_dictionary_entries(src.load_rows(USER_DICT_FILE) if user_rows is None else user_rows)
    docs = [
        doc
        for sections, breadcrumb in pages
        for doc in section_docs(sections, breadcrumb, english, names, edition_text)
    ]
    if check_quotes:
        clauses = {clause_key(d["location"]): d["title"] + " " + d["text"] for d in docs}
        if problems := everyday_problems(src, clauses.get):
            raise SearchDataError(first_problem_line(problems))  # one line, as every stopped build
    texts = [d["title"] + " " + d["text"] + " " + d.get("context", "") for d in docs]
    corpus_chars = set("".join(texts))
    synonym_words = [w for typed, rulebook, _ in vocabulary.synonyms for w in typed + rulebook]
    words = build_vocabulary(texts, user_entries, [w for w in synonym_words if HAN_WORD.match(w)])
    fold = build_fold_map(corpus_chars | set("".join(synonym_words)), vocabulary.variants, words)
    # The worker makes every everyday name and every synonym (both sides) a known word itself: the vocabulary it is
    # sent holds the other words (compared folded, as the worker folds them).
    folded = str.maketrans(fold)
    known_anyway = {word.translate(folded) for own in names.values() for word in map(edition_text, own)} | {
        word.translate(folded) for word in synonym_words
    }

    config = {key: stock.get("config", {}).get(key) for key in ("lang", "pipeline", "fields")}
    config["separator"] = r"[\s\u200b\-]+"  # Material's highlighter splits the `h` parameter with it
    config["rulebook"] = {
        "version": INDEX_VERSION,
        "vocabulary": [word for word in words if word.translate(folded) not in known_anyway],
        "fold": "".join(trad + simp for trad, simp in sorted(fold.items())),
        "synonyms": [[typed, rulebook] for typed, rulebook, _ in vocabulary.synonyms],
        "stopwords": vocabulary.stopwords,
        "common": common_words("\n".join(texts), words, fold),
        "names_label": edition_text(EVERYDAY_NAMES_LABEL),
        "books": book_labels or BOOK_LABELS,
        "article_label": article_label,
        # homophones (scripts/search/pinyin.py): the hosted site moves this table to a file of its own
        "pinyin_table": pinyin_table(corpus_chars),
    }
    return pack_index({"config": config, "docs": docs})


def split_pinyin_table(index: dict, table_url: str) -> dict:
    """The index without its pinyin table, naming where the worker fetches it (relative to the site root) when a
    query needs it; returns the table."""
    rulebook = index["config"]["rulebook"]
    table = rulebook.pop("pinyin_table")
    rulebook["pinyin"] = table_url
    return table


def index_stub(index: dict, full_index_url: str) -> dict:
    """What Material fetches at page load on the hosted site: the config, no documents, and where the worker finds
    the full index (relative to the site root; the worker sits two folders below it) when search is wanted."""
    config = {**index["config"], "rulebook": {"version": INDEX_VERSION, "index": full_index_url, "base": "../../"}}
    return {"config": config, "docs": []}


def write_search_index(index: dict, path: Path) -> None:
    """Write the index as compact UTF-8 JSON (Chinese as characters, not \\uXXXX escapes)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
