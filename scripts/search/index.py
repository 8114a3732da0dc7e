"""Builds the compact search index (clause sections, vocabulary, script folding, synonyms) after the site is built.

`build_search_index` takes the page list from Material's stock index (so `search: exclude` is honoured) and reads
the built HTML of each page, because a clause is a `.clause` element with an id as often as it is a heading:

    sections = read_sections(site_dir, stock)        # page top, each heading, each clause: plain simplified text
    words = build_vocabulary(texts, user_dict, ...)  # jieba words of the corpus, for cutting queries in the browser
    synonyms = load_search_vocabulary(path)          # reviewed query expansions, with reasons
    fold = build_fold_map(chars, variants, words)    # traditional → simplified, one character to one character

The result keeps Material's index shape (`{"config": …, "docs": […]}`) so Material's own code can fetch it, inline
it for the offline build and pass it to the worker unchanged; our worker reads `config.rulebook` and `docs`.
"""
from __future__ import annotations

import functools
import hashlib
import html
import json
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from scripts import curated
from scripts.errors import RulebookError

from scripts.books import HAN

INDEX_VERSION = 1

# Article pages: `laws/26/`, `regulations/52-2/` (directory URLs) or `laws/26.html` (offline build).
ARTICLE_LOCATION = re.compile(
    r"^(?P<book>laws|regulations)/(?P<slug>(?P<number>[0-9]+)(?:-[0-9]+)?)(?:/|\.html)$"
)
TAG = re.compile(r"<[^>]+>")
HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
VOID_TAGS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
BLOCK_TAGS = {"p", "li", "div", "pre", "td", "th", "tr", "dd", "dt", "summary", "blockquote", "table"} | HEADINGS
# Page furniture that is not rule text: provenance notes, the breadcrumb line, the ¶ permalinks, and the penalty
# calculator widgets (their markup is a "needs JavaScript" note). `data-search-exclude` works on any element.
SKIP_CLASSES = {"provenance", "article-meta", "headerlink", "penalty-calculator"}
SPACES = re.compile(r"[\s\u00a0\u3000]+")
# The start tag of Material's content column; SectionParser ignores everything before it (header, nav, toc).
CONTENT_START = re.compile(r"<article\b[^>]*\bclass=\"[^\"]*\bmd-content__inner\b")
HAN_WORD = re.compile(rf"^[{HAN}]{{2,12}}$")
LATIN_HAN_WORD = re.compile(rf"^[A-Za-z]+[{HAN}]{{1,4}}$")  # IMP率, TP率
# The Han blocks whose characters OpenCC t2s may fold (CJK Unified, Extension A, Compatibility Ideographs).
FOLD_CANDIDATES = "".join(
    chr(c) for lo, hi in ((0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF)) for c in range(lo, hi + 1)
)


class SearchDataError(RulebookError):
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


def page_locations(stock: dict) -> list[tuple[str, str]]:
    """The pages Material indexed (it honours `search: exclude`), as (location, title), in its order."""
    pages: dict[str, str] = {}
    for n, doc in enumerate(stock.get("docs", [])):
        if "location" not in doc:
            raise SearchDataError(f"search_index.json: docs[{n}] has no 'location': {json.dumps(doc)[:120]!r}")
        path = doc["location"].split("#", 1)[0]
        if path not in pages:
            pages[path] = html.unescape(TAG.sub("", doc.get("title", ""))).replace("\u200b", "")
    return list(pages.items())


def page_file(site_dir: Path, location: str) -> Path:
    """`laws/26/` → site/laws/26/index.html; `laws/26.html` (offline build) → site/laws/26.html; `` → index.html."""
    if location == "" or location.endswith("/"):
        return site_dir / location / "index.html"
    return site_dir / location


class SectionParser(HTMLParser):
    """Splits a page's content into sections: the page top, each heading with an id, each `.clause` with an id.

    `<h2 id="b">B. 其他的取消叫牌</h2><p>…</p>` opens section `#b` titled `B. 其他的取消叫牌`;
    `<div class="clause level-2" id="一-1"><p><a class="clause-label">1.</a> 在循环赛…</p></div>` opens `#一-1`
    titled `<last heading> 1.`, and text after the div goes back to the heading's section.
    Elements of SKIP_CLASSES (provenance notes, the breadcrumb), `data-search-exclude`, scripts and the ¶ permalinks
    are left out.
    """

    def __init__(self, location: str, page_title: str):
        super().__init__(convert_charrefs=True)
        self.location = location
        self.sections = [Section(location, page_title, "")]
        self.heading_section = self.sections[0]  # section of the last heading (text after a clause ends goes here)
        self.stack: list[tuple[str, str]] = []  # (tag, role) of open elements; role: skip | heading | clause | label | ""
        self.in_content = False
        self.depth = 0
        self.label = ""
        self.buffer: list[str] = []

    # -- where text goes
    def _current(self) -> Section:
        for tag, role in reversed(self.stack):
            if role.startswith("clause:"):
                return self._by_anchor(role[len("clause:"):])
        return self.heading_section

    def _by_anchor(self, anchor: str) -> Section:
        location = f"{self.location}#{anchor}"
        for section in reversed(self.sections):
            if section.location == location:
                return section
        raise KeyError(location)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        if not self.in_content:
            if tag == "article" and "md-content__inner" in classes:
                self.in_content = True
                self.depth = 0
            return
        if tag in VOID_TAGS:
            if tag == "br":
                self._text(" ")
            return
        self.depth += 1
        if any(role == "skip" for _, role in self.stack):
            self.stack.append((tag, "skip"))
            return
        if tag in ("script", "style") or "data-search-exclude" in attrs or SKIP_CLASSES.intersection(classes):
            self.stack.append((tag, "skip"))
            return
        anchor = attrs.get("id")
        if tag in HEADINGS and anchor and tag != "h1":
            section = Section(f"{self.location}#{anchor}", "", "")
            self.sections.append(section)
            self.heading_section = section
            self.stack.append((tag, "heading"))
            return
        if tag == "h1":
            self.stack.append((tag, "title"))
            return
        if anchor and "clause" in classes:
            base = self.heading_section.title if self.heading_section is not self.sections[0] else ""
            self.sections.append(Section(f"{self.location}#{anchor}", base, ""))
            self.stack.append((tag, f"clause:{anchor}"))
            return
        if "clause-label" in classes:
            self.stack.append((tag, "label"))
            return
        self.stack.append((tag, ""))

    def handle_endtag(self, tag):
        if not self.in_content or tag in VOID_TAGS:
            return
        if self.depth == 0:
            if tag == "article":
                self.in_content = False
            return
        # close up to the matching open tag (tolerates unclosed <p>/<li>)
        while self.stack:
            open_tag, role = self.stack.pop()
            self.depth -= 1
            if open_tag == tag:
                break
        if tag in BLOCK_TAGS:
            self._text(" ")

    def handle_data(self, data):
        if not self.in_content:
            return
        roles = [role for _, role in self.stack]
        if "skip" in roles:
            return
        if "label" in roles:
            section = self._current()
            section.title = f"{section.title} {data.strip()}".strip()
            return
        if "heading" in roles or "title" in roles:
            section = self.heading_section if "heading" in roles else self.sections[0]
            section.title += data
            return
        self._text(data)

    def _text(self, data: str) -> None:
        section = self._current()
        section.text += data


def read_sections(site_dir: Path, stock: dict) -> list[Section]:
    """The sections of every page Material indexed, read from the built HTML, in Material's page order."""
    sections = []
    for location, title in page_locations(stock):
        path = page_file(site_dir, location)
        if not path.is_file():
            raise SearchDataError(f"{path}: page {location!r} is in Material's search index but was not built")
        parsed = [Section(*fields) for fields in parsed_page_sections(location, path.read_text(encoding="utf-8"))]
        if not parsed[0].title:
            parsed[0].title = title
        for n, section in enumerate(parsed):
            section.title = SPACES.sub(" ", section.title).strip()
            section.text = SPACES.sub(" ", section.text).strip()
            if n == 0 or section.text or section.title:
                sections.append(section)
    return sections


@dataclass
class ParsedPageCache:
    """Sections of built pages by (location, SHA-1 of the HTML): `mkdocs serve` rebuilds every page, but an edit changes
    few of them, so the rest are not parsed again. Bounded; entries are immutable tuples."""

    limit: int = 50_000
    entries: dict[tuple[str, bytes], tuple[tuple[str, str, str], ...]] = field(default_factory=dict)


PARSED_PAGES = ParsedPageCache()


def content_column(page_html: str) -> str:
    """The page from the start tag of its content column on; the whole page where that tag might stand inside a
    comment or a script (an unclosed `<!--` or `<script` before it)."""
    start = CONTENT_START.search(page_html)
    if start is None:
        return page_html
    head = page_html[: start.start()]
    if head.count("<!--") != head.count("-->") or head.count("<script") != head.count("</script>"):
        return page_html
    return page_html[start.start():]


def parsed_page_sections(location: str, page_html: str) -> tuple[tuple[str, str, str], ...]:
    """(location, title, text) of each section of one page, as SectionParser reads them."""
    key = (location, hashlib.sha1(page_html.encode("utf-8")).digest())
    cached = PARSED_PAGES.entries.get(key)
    if cached is None:
        parser = SectionParser(location, "")
        # Only the content column is read, so the page is fed from its start: the nav in front of it grows with the
        # number of pages, which made parsing every page quadratic in the size of the site.
        parser.feed(content_column(page_html))
        parser.close()
        cached = tuple((s.location, s.title, s.text) for s in parser.sections)
        if len(PARSED_PAGES.entries) >= PARSED_PAGES.limit:
            PARSED_PAGES.entries.clear()
        PARSED_PAGES.entries[key] = cached
    return cached


def article_of(location: str) -> dict | None:
    """`laws/26/` → {'book': 'laws', 'slug': '26', 'number': 26}; None for pages that are not articles."""
    match = ARTICLE_LOCATION.match(location.split("#", 1)[0])
    if not match:
        return None
    return {"book": match["book"], "slug": match["slug"], "number": int(match["number"])}


def load_search_vocabulary(path: Path) -> SearchVocabulary:
    """Read and check rulebook_src/search_synonyms.yml; every problem is reported with the entry it is in."""
    data = curated.load(path)
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
def jieba_tokenizer(user_dict: str | None, user_dict_text: str):
    """A jieba tokenizer with the user dictionary loaded, kept for the process: loading jieba's dictionary takes about
    a second, which every rebuild of `mkdocs serve` paid again. Keyed by the dictionary's text, so an edit reloads it."""
    import logging

    import jieba

    jieba.setLogLevel(logging.WARNING)
    tokenizer = jieba.Tokenizer()
    if user_dict is not None:
        tokenizer.load_userdict(user_dict)
    return tokenizer


def build_vocabulary(texts: list[str], user_dict: Path | None, extra_words: list[str]) -> list[str]:
    """The words the browser may cut a query into: jieba's words of the corpus (search mode), user dictionary first."""
    user_text = user_dict.read_text(encoding="utf-8") if user_dict is not None else ""
    tokenizer = jieba_tokenizer(str(user_dict) if user_dict is not None else None, user_text)
    user_words = []
    if user_dict is not None:
        user_words = [line.split()[0] for line in user_text.splitlines() if line.strip()]
    words = set(user_words) | set(extra_words)
    for text in texts:
        words.update(text_words(tokenizer, text))
    return sorted(words, key=lambda w: (len(w), w))


@functools.lru_cache(maxsize=200_000)
def text_words(tokenizer, text: str) -> frozenset[str]:
    """The vocabulary words jieba cuts from one section text (cached: a rebuild re-reads mostly unchanged texts)."""
    return frozenset(w for w in tokenizer.cut_for_search(text) if HAN_WORD.match(w) or LATIN_HAN_WORD.match(w))


def build_search_index(site_dir: Path, stock: dict, *, user_dict: Path | None, synonyms_path: Path) -> dict:
    """Our index in Material's shape: `config` (with a `rulebook` block for our worker) and `docs` (sections)."""
    sections = read_sections(site_dir, stock)
    vocabulary = load_search_vocabulary(synonyms_path)
    texts = [s.title + " " + s.text for s in sections]
    corpus_chars = set("".join(texts))
    synonym_words = [w for typed, rulebook, _ in vocabulary.synonyms for w in typed + rulebook]
    words = build_vocabulary(texts, user_dict, synonym_words)
    fold = build_fold_map(corpus_chars | set("".join(synonym_words)), vocabulary.variants, words)

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
