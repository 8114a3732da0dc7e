"""The print edition's front and back matter, read back from the PDFs: the title page's computed coverage sentence,
the contents to 款 level with the page each destination lands on, the subject index's terms and pages, and no word
of the build's machinery anywhere a reader sees."""

from __future__ import annotations

import re

import pytest

from scripts.books import BOOKS
from scripts.document.subject_index import subject_index
from scripts.pipeline.coverage import book_coverage, coverage_sentence
from scripts.print.inline import anchor_id
from scripts.print.matter import INDEX_ID, SUB_ENTRIES_OVER, issuing_lines
from tests.rulebook_once import load_full_rulebook
from tests.test_print_pdf import KEYS, contents_page_indexes, convert, flat

PIPELINE_WORDS = ("OpenCC", "NBSP", "JSON", "yml", "银行家", "銀行家", "⌈", "⌉", "流水线", "流水線", ".txt", ".py")
LEADER_LINE = re.compile(r"\.{3,}\s*(?P<page>[0-9]+)$")


@pytest.mark.parametrize("key", KEYS, ids=lambda k: "-".join(k))
def test_title_page_holds_the_computed_coverage_sentence(print_books, print_edition, key):
    book_key, script = key
    _book, _reader, texts = print_books[key]
    book = load_full_rulebook().books[book_key]
    title_page = flat(texts[0])
    assert flat(convert(script, coverage_sentence(book_coverage(book)))) in title_page
    assert flat(convert(script, BOOKS[book_key].title)) in title_page
    lines = issuing_lines(book)
    assert lines, "the source names who issued the book"
    for line in lines:
        assert flat(convert(script, line)) in title_page
    assert print_edition.label.replace(" ", "") in title_page


@pytest.mark.parametrize("key", KEYS, ids=lambda k: "-".join(k))
def test_title_page_lines_are_centred(print_books, print_edition, key):
    """The title page's lines above the coverage sentence stand on the page's centre line, the book's title with
    them: a rule that set headings to start at the left once moved the title (an <h1>) off it."""
    from tests.test_print_punctuation import lines_by_page

    book_key, script = key
    book, _reader, _texts = print_books[key]
    _edge, lines = lines_by_page(book.path)[0]
    stamp = next(line for line in lines if print_edition.label.replace(" ", "") in line.text)
    centre = (stamp.left + stamp.right) / 2
    title = flat(convert(script, BOOKS[book_key].title))
    centred = [line for line in lines if line.middle <= stamp.middle]
    assert any(title in flat(line.text) for line in centred), [line.text for line in centred]
    for line in centred:
        assert abs((line.left + line.right) / 2 - centre) < 2, f"{key}: {line.text} is not centred"


def contents_targets(book_key: str, anchors: dict[str, int]) -> list[str]:
    """The destinations the contents give a page for, in order: the definitions, each article and each of its 款,
    the appendices and the index."""
    targets = [f"{book_key}/definitions"] if f"{book_key}/definitions" in anchors else []
    for article in load_full_rulebook().books[book_key].articles.values():
        targets.append(anchor_id(book_key, article.slug))
        targets += [anchor_id(book_key, article.slug, clause.anchor) for clause in article.clauses]
    if f"{book_key}/front-matter" in anchors:
        targets.append(f"{book_key}/front-matter")
    return [*targets, f"{book_key}/report", f"{book_key}/{INDEX_ID}"]


@pytest.mark.parametrize("key", KEYS, ids=lambda k: "-".join(k))
def test_contents_list_every_clause_with_the_page_its_destination_lands_on(print_books, key):
    book_key, script = key
    book, reader, texts = print_books[key]
    pages = contents_page_indexes(book, book_key)
    printed = [
        int(m["page"]) for i in pages for line in texts[i].splitlines() if (m := LEADER_LINE.search(line.strip()))
    ]
    targets = contents_targets(book_key, book.anchors)
    assert printed == [book.anchors[t] for t in targets]
    destinations = {
        name: reader.get_destination_page_number(dest) + 1 for name, dest in reader.named_destinations.items()
    }
    articles = load_full_rulebook().books[book_key].articles
    for target, page in zip(targets, printed):
        assert destinations[target] == page, target
        parts = target.split("/")
        if len(parts) == 3 and parts[1] in articles:  # a 款: its label is on that page
            clause = next(c for c in articles[parts[1]].clauses if c.anchor == parts[2])
            assert flat(convert(script, clause.label)) in flat(texts[page - 1]), target


def index_text(book, texts: list[str]) -> str:
    """The index pages' text without each page's running head and folio (its last two lines)."""
    first = book.anchors[f"{book.book}/{INDEX_ID}"] - 1
    return "".join(flat("\n".join(text.splitlines()[:-2])) for text in texts[first:])


def link_destinations(reader, pages: range) -> list[str]:
    """The named destinations of the links on `pages`, in the order the pages draw them (a link drawn as two boxes,
    its page number and its words, or broken over two lines, counts once)."""
    names: list[str] = []
    for i in pages:
        for annotation in reader.pages[i].get("/Annots") or []:
            name = annotation.get_object().get("/Dest")
            if isinstance(name, str) and (not names or names[-1] != name):
                names.append(name)
    return names


@pytest.mark.parametrize("key", KEYS, ids=lambda k: "-".join(k))
def test_index_has_a_hundred_terms_and_each_page_holds_its_term(print_books, key):
    """Each term's entry reads term, then page and article per article of this book (a term used in more than five
    articles: a sub-entry per article, with the article's title), then the other book's articles after its short
    title (另见规则, 另见裁判法); the page printed is the page the link's destination lands on, and that page holds
    the term."""
    book_key, script = key
    book, reader, texts = print_books[key]
    rulebook = load_full_rulebook()
    terms = subject_index(rulebook.books, [entry.term for entry in rulebook.glossary], rulebook.src)
    assert len(terms) >= 100
    printed = index_text(book, texts)
    first = book.anchors[f"{book_key}/{INDEX_ID}"] - 1
    destinations = [book.anchors[name] for name in link_destinations(reader, range(first, len(texts)))]
    other = next(key for key in BOOKS if key != book_key)
    position, pages, sub_entries = 0, [], 0
    for term in terms:
        places, there = term.articles(book_key), term.articles(other)
        word = flat(convert(script, term.term))
        subs = len(places) > SUB_ENTRIES_OVER
        titles = [rulebook.books[book_key].articles[p.slug].title if subs else "" for p in places]
        see = f"另见{BOOKS[other].cite_prefix}第{there[0].number}" if there else ""
        see = "；" + see if see and places and not subs else see
        entry = re.compile(
            re.escape(word)
            + ("" if subs else "；").join(
                r"([0-9]+)" + re.escape(flat(convert(script, f"第{p.number}条{p.label}{title}")))
                for p, title in zip(places, titles)
            )
            + re.escape(flat(convert(script, see)))
        )
        sub_entries += subs
        found = entry.search(printed, position)
        assert found, f"index entry {term.term} not found in order"
        position = found.end()
        for place, page in zip(places, map(int, found.groups())):
            assert word in flat(texts[page - 1]), (term.term, place, page)
            assert page in (
                book.anchors[anchor_id(place.book, place.slug, place.anchor)],
                book.anchors[anchor_id(place.book, place.slug, place.anchor)] + 1,
            )
            pages.append(page)
    assert len(pages) >= 300 and sub_entries >= 5
    assert pages == destinations


@pytest.mark.parametrize("key", KEYS, ids=lambda k: "-".join(k))
def test_no_word_of_the_build_machinery_in_the_text(print_books, key):
    _book, _reader, texts = print_books[key]
    for number, text in enumerate(texts, 1):
        found = [word for word in PIPELINE_WORDS if word in text]
        assert not found, f"page {number}: {found}"
