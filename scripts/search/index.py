"""Builds the compact search index (sections, vocabulary, script folding, synonyms) from Material's stock index.

Material's search plugin already splits every page into sections (page top + one per heading with an id, so a
clause heading gives a clause anchor).  `build_search_index` reads that stock index and turns it into ours:

    sections = read_sections(stock)                  # plain simplified text per section, tags and U+200B removed
    vocabulary = build_vocabulary(texts, user_dict)  # jieba words of the corpus, for segmenting queries in the browser
    fold = build_fold_map(corpus_chars, variants)    # traditional → simplified, one character to one character
    synonyms = load_search_vocabulary(path)          # reviewed query expansions, with reasons

The result keeps Material's index shape (`{"config": …, "docs": […]}`) so Material's own code can fetch it, inline
it for the offline build and pass it to the worker unchanged; our worker reads `config.rulebook` and `docs`.
"""
from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

INDEX_VERSION = 1

# Article pages: `laws/26/`, `regulations/52-2/` (directory URLs) or `laws/26.html` (offline build).
ARTICLE_LOCATION = re.compile(
    r"^(?P<book>laws|regulations)/(?P<slug>(?P<number>[0-9]+)(?:-[0-9]+)?)(?:/|\.html)$"
)
TAG = re.compile(r"<[^>]+>")
BLOCK_END = re.compile(r"</(?:p|li|pre|h[1-6]|td|th|tr|dd|dt)>|<br\s*/?>", re.IGNORECASE)
SPACES = re.compile(r"[\s\u00a0\u3000]+")
HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
HAN_WORD = re.compile(rf"^[{HAN}]{{2,12}}$")
LATIN_HAN_WORD = re.compile(rf"^[A-Za-z]+[{HAN}]{{1,4}}$")  # IMP率, TP率
# The Han blocks whose characters OpenCC t2s may fold (CJK Unified, Extension A, Compatibility Ideographs).
FOLD_CANDIDATES = "".join(
    chr(c) for lo, hi in ((0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF)) for c in range(lo, hi + 1)
)


class SearchDataError(Exception):
    """The curated search data in rulebook_src/ is malformed; the message names the file and quotes the entry."""


@dataclass
class Section:
    """One searchable unit: a page top or a headed section (clause) of a page."""

    location: str  # as Material writes it: 'laws/26/' or 'laws/26/#c-1'
    title: str
    text: str


@dataclass
class SearchVocabulary:
    """The reviewed data of rulebook_src/search_synonyms.yml."""

    synonyms: list[tuple[list[str], list[str], str]] = field(default_factory=list)  # (typed, rulebook, reason)
    variants: dict[str, str] = field(default_factory=dict)  # one character → one character
    stopwords: list[str] = field(default_factory=list)


def plain_text(markup: str) -> str:
    """Material's section markup as one line of text: `<p>迟到\u200b罚分</p><p>…` → `迟到罚分 …`."""
    text = BLOCK_END.sub(" ", markup)
    text = html.unescape(TAG.sub("", text)).replace("\u200b", "")
    return SPACES.sub(" ", text).strip()


def read_sections(stock: dict) -> list[Section]:
    """The sections of Material's stock index, in its order (each page top before its headed sections)."""
    sections = []
    for n, doc in enumerate(stock.get("docs", [])):
        if "location" not in doc:
            raise SearchDataError(f"search_index.json: docs[{n}] has no 'location': {json.dumps(doc)[:120]!r}")
        sections.append(Section(doc["location"], plain_text(doc.get("title", "")), plain_text(doc.get("text", ""))))
    return sections


def article_of(location: str) -> dict | None:
    """`laws/26/` → {'book': 'laws', 'slug': '26', 'number': 26}; None for pages that are not articles."""
    match = ARTICLE_LOCATION.match(location.split("#", 1)[0])
    if not match:
        return None
    return {"book": match["book"], "slug": match["slug"], "number": int(match["number"])}


def load_search_vocabulary(path: Path) -> SearchVocabulary:
    """Read and check rulebook_src/search_synonyms.yml; every problem is reported with the entry it is in."""
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    problems = []
    vocabulary = SearchVocabulary()
    for n, entry in enumerate(data.get("synonyms") or []):
        where = f"{path}: synonyms[{n}]"
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
    vocabulary.stopwords = [str(w) for w in data.get("stopwords") or []]
    if problems:
        raise SearchDataError("\n".join(problems))
    return vocabulary


def build_fold_map(corpus_chars: set[str], variants: dict[str, str]) -> dict[str, str]:
    """Traditional → simplified, one character each, for every traditional form of a character the site uses.

    OpenCC t2s is applied character by character to the Han blocks; a pair is kept when its simplified side occurs
    in the corpus (so `遲`→`迟`, and the over-converted `製`→`制` found in the sources). Full-width ASCII and
    Latin capitals are folded too, so the worker can treat `２６`, `ＩＭＰ` and `imp` alike.
    """
    import opencc

    converted = opencc.OpenCC("t2s").convert(FOLD_CANDIDATES)
    if len(converted) != len(FOLD_CANDIDATES):
        raise SearchDataError("OpenCC t2s changed the length of a single-character run; cannot build a 1:1 map")
    fold = {
        trad: simp
        for trad, simp in zip(FOLD_CANDIDATES, converted)
        if trad != simp and (simp in corpus_chars or simp in variants.values())
    }
    fold.update(variants)
    return fold


def build_vocabulary(texts: list[str], user_dict: Path | None, extra_words: list[str]) -> list[str]:
    """The words the browser may cut a query into: jieba's words of the corpus (search mode), user dictionary first."""
    import logging

    import jieba

    jieba.setLogLevel(logging.WARNING)
    tokenizer = jieba.Tokenizer()
    user_words = []
    if user_dict is not None:
        tokenizer.load_userdict(str(user_dict))
        user_words = [line.split()[0] for line in user_dict.read_text(encoding="utf-8").splitlines() if line.strip()]
    words = set(user_words) | set(extra_words)
    for text in texts:
        for word in tokenizer.cut_for_search(text):
            if HAN_WORD.match(word) or LATIN_HAN_WORD.match(word):
                words.add(word)
    return sorted(words, key=lambda w: (len(w), w))


def build_search_index(stock: dict, *, user_dict: Path | None, synonyms_path: Path) -> dict:
    """Our index in Material's shape: `config` (with a `rulebook` block for our worker) and `docs` (sections)."""
    sections = read_sections(stock)
    vocabulary = load_search_vocabulary(synonyms_path)
    texts = [s.title + " " + s.text for s in sections]
    corpus_chars = set("".join(texts))
    synonym_words = [w for typed, rulebook, _ in vocabulary.synonyms for w in typed + rulebook]
    words = build_vocabulary(texts, user_dict, synonym_words)
    fold = build_fold_map(corpus_chars | set("".join(synonym_words)), vocabulary.variants)

    docs = []
    for section in sections:
        doc = {"location": section.location, "title": section.title, "text": section.text}
        if "#" not in section.location:
            article = article_of(section.location)
            if article:
                doc["article"] = article
        docs.append(doc)

    config = {key: stock.get("config", {}).get(key) for key in ("lang", "pipeline", "fields")}
    config["separator"] = r"[\s\u200b\-]+"  # Material's highlighter splits the `h` parameter with it
    config["rulebook"] = {
        "version": INDEX_VERSION,
        "vocabulary": " ".join(words),
        "fold": "".join(trad + simp for trad, simp in sorted(fold.items())),
        "synonyms": [[typed, rulebook] for typed, rulebook, _ in vocabulary.synonyms],
        "stopwords": vocabulary.stopwords,
    }
    return {"config": config, "docs": docs}


def write_search_index(index: dict, path: Path) -> None:
    """Write the index as compact UTF-8 JSON (Chinese as characters, not \\uXXXX escapes)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
