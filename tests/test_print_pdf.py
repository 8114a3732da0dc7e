"""The print edition's PDFs, read back with pypdf: pages, headings and clause labels in order, contents, links,
fonts."""

from __future__ import annotations

import re
import subprocess
from html.parser import HTMLParser

import pytest
from pypdf import PdfReader

from scripts.edition import BUNDLE_PREFIX
from scripts.pipeline.link import link_rulebook
from tests.rulebook_once import load_full_rulebook
from scripts.print.appendix import report_appendix
from scripts.print.book import BookDocument, TitleInfo
from scripts.print.inline import BookLinks, InlineRenderer
from scripts.print.notes import ErratumNotes
from scripts.print.pdf import FONTS, to_traditional
from scripts.traditional import to_traditional_text
from scripts.traditional import load_fixes
from tests.rulebook_once import real_src

SPACE = re.compile(r"\s+")
CIRCLED = re.compile(r"[①-⑳]")
# a contents line as the text layer gives it: '第26条 对迟到的判罚 ........ 10'
# (at a line's start: a 款's line below it may quote another article in its opening words)
CONTENTS_LINE = re.compile(r"(?:^|\n)第(?P<number>[0-9]+)[条條](?P<title>[^.…]*?)\.{3,}\s*(?P<page>[0-9]+)")


def flat(text: str) -> str:
    """Text without whitespace or footnote calls, for matching across line breaks."""
    return CIRCLED.sub("", SPACE.sub("", text))


def convert(script: str, text: str) -> str:
    return to_traditional_text(text, load_fixes(real_src())) if script == "hant" else text


KEYS = [("laws", "hans"), ("regulations", "hans"), ("laws", "hant"), ("regulations", "hant")]


@pytest.mark.parametrize("key", KEYS, ids=lambda k: "-".join(k))
def test_page_count_is_plausible(print_books, key):
    book, reader, _texts = print_books[key]
    articles = len(load_full_rulebook().books[key[0]].articles)
    assert len(reader.pages) == book.pages
    assert articles // 2 + 3 <= book.pages <= articles * 3, (articles, book.pages)
    assert book.path.name.isascii() and book.path.name.startswith(BUNDLE_PREFIX + "-")


@pytest.mark.parametrize("key", KEYS, ids=lambda k: "-".join(k))
def test_every_heading_and_clause_label_in_order(print_books, key):
    book_key, script = key
    _book, _reader, texts = print_books[key]
    body = flat("".join(texts))
    position = 0
    for article in load_full_rulebook().books[book_key].articles.values():
        heading = flat(convert(script, f"第{article.number}条{article.title}"))
        found = body.find(heading, position)
        assert found >= 0, f"{heading} not found after position {position}"
        position = found + len(heading)
        for clause in article.walk_clauses():
            first = clause.title or next((p.text for p in clause.paragraphs if p.text), "")
            # converted whole, then cut: OpenCC converts by phrase (复制 → 複製, 复 alone → 復)
            expected = flat(convert(script, clause.label + first))[: len(flat(clause.label)) + 3]
            found = body.find(expected, position)
            assert found >= 0, f"{article.slug} {clause.anchor}: {expected} not found in order"
            position = found + len(expected)


def contents_page_indexes(book, book_key: str) -> range:
    """0-based indexes of the contents' pages: from its heading's page to the page before the text begins."""
    first_text = min(page for name, page in book.anchors.items() if name.startswith(f"{book_key}/chapter-"))
    if f"{book_key}/definitions" in book.anchors:
        first_text = min(first_text, book.anchors[f"{book_key}/definitions"])
    return range(book.anchors[f"{book_key}/contents"] - 1, first_text - 1)


@pytest.mark.parametrize("key", KEYS, ids=lambda k: "-".join(k))
def test_contents_lists_every_article_with_the_page_of_its_heading(print_books, key):
    book_key, script = key
    book, _reader, texts = print_books[key]
    articles = list(load_full_rulebook().books[book_key].articles.values())
    contents_pages = contents_page_indexes(book, book_key)
    entries = [m for i in contents_pages for m in CONTENTS_LINE.finditer(texts[i])]
    assert [int(m["number"]) for m in entries] == [a.number for a in articles]
    for article, entry in zip(articles, entries):
        page = int(entry["page"])
        assert page == book.anchors[f"{book_key}/{article.slug}"]
        heading = flat(convert(script, f"第{article.number}条{article.title}"))
        assert heading in flat(texts[page - 1]), f"contents say {heading} is on page {page}"


@pytest.mark.parametrize("key", KEYS, ids=lambda k: "-".join(k))
def test_internal_links_point_at_the_page_of_their_target(print_books, key):
    book_key, script = key
    book, reader, texts = print_books[key]
    articles = load_full_rulebook().books[book_key].articles
    checked = 0
    for page in reader.pages:
        for annotation in page.get("/Annots") or []:
            link = annotation.get_object()
            name = link.get("/Dest")
            if not isinstance(name, str) or not name.startswith(book_key + "/"):
                continue
            target_page = reader.get_destination_page_number(reader.named_destinations[name]) + 1
            assert target_page == book.anchors[name]
            parts = name.split("/")
            if len(parts) >= 2 and parts[1] in articles:
                article = articles[parts[1]]
                if len(parts) == 2:  # an article: its heading is on that page
                    assert flat(convert(script, f"第{article.number}条{article.title}")) in flat(texts[target_page - 1])
                else:  # a clause: its label is on that page
                    clause = next(c for c in article.walk_clauses() if c.anchor == "/".join(parts[2:]))
                    assert flat(convert(script, clause.label)) in flat(texts[target_page - 1]), name
                checked += 1
    assert checked >= 30


def test_references_into_the_other_book_name_its_pdf_and_page(print_books):
    laws, _, _ = print_books[("laws", "hans")]
    _, reader, texts = print_books[("regulations", "hans")]
    uris = [
        a.get_object()["/A"]["/URI"]
        for page in reader.pages
        for a in page.get("/Annots") or []
        if "/A" in a.get_object() and "/URI" in a.get_object()["/A"]
    ]
    assert uris and all(uri.startswith(laws.path.name + "#nameddest=laws/") for uri in uris)
    named = {uri.split("#nameddest=")[1] for uri in uris}
    from urllib.parse import unquote

    assert {unquote(n) for n in named} <= set(laws.anchors)
    marks = re.findall(r"〔竞赛规则第([0-9]+)页〕", flat("".join(texts)))
    assert marks and all(1 <= int(n) <= laws.pages for n in marks)


@pytest.mark.parametrize("key", KEYS, ids=lambda k: "-".join(k))
def test_fonts_are_embedded_noto_cjk(print_books, key):
    _book, reader, _texts = print_books[key]
    names = set()
    for page in reader.pages:
        fonts = page["/Resources"].get("/Font") or {}
        for font in fonts.values():
            font = font.get_object()
            names.add(str(font["/BaseFont"]))
            descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            descriptor = descendant["/FontDescriptor"].get_object()
            assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), font["/BaseFont"]
    wanted = "Noto-Serif-CJK-TC" if key[1] == "hant" else "Noto-Serif-CJK-SC"
    assert any(wanted in name for name in names), names


@pytest.mark.parametrize("key", KEYS, ids=lambda k: "-".join(k))
def test_title_page_notes_appendix_and_missing_marks(print_books, print_edition, key):
    book_key, script = key
    _book, _reader, texts = print_books[key]
    assert print_edition.label.replace(" ", "") in flat(texts[0])
    everything = flat("".join(texts))
    for text in ("附录校勘记", "凡例", "索引"):
        assert flat(convert(script, text)) in everything
    if book_key == "laws":
        for text in ("（来源缺）", "校勘：“入”误作“人”", "异文：繁体百科本作", "原注1："):
            assert flat(convert(script, text)) in everything, text
    else:
        assert flat(convert(script, "判罚对照表：迟到的判罚（第26条）")) in everything


def test_render_pages_to_png(print_books, artifacts_dir):
    """The title page, the contents, 规则第27条 and 裁判法第26条 as PNGs in tests/artifacts/ (a person looks at them)."""
    laws, _, _ = print_books[("laws", "hans")]
    regulations, _, regulation_texts = print_books[("regulations", "hans")]
    laws_hant, _, _ = print_books[("laws", "hant")]
    shots = {
        "print-title": (laws.path, 1),
        "print-conventions": (laws.path, 2),
        "print-contents": (regulations.path, regulations.anchors["regulations/contents"]),
        "print-index": (laws.path, laws.anchors["laws/subject-index"]),
        "print-law-27": (laws.path, laws.anchors["laws/27"]),
        "print-regulation-26": (regulations.path, regulations.anchors["regulations/26"]),
        "print-law-13-fanti": (laws_hant.path, laws_hant.anchors["laws/13"]),
    }
    for name, (path, page) in shots.items():
        prefix = artifacts_dir / name
        subprocess.run(
            ["pdftoppm", "-r", "110", "-png", "-singlefile", "-f", str(page), "-l", str(page), str(path), str(prefix)],
            check=True,
        )
        png = prefix.with_suffix(".png")
        assert png.stat().st_size > 20_000, f"{png} looks blank"


def test_make_site_writes_the_print_edition_beside_the_zip(shipped_site):
    """`python -m scripts.site.build` (make site) leaves the four PDFs in dist/ with the zip's prefix and date."""
    _site_dir, zip_path = shipped_site
    date = zip_path.stem.rsplit("-", 1)[1]
    names = sorted(path.name for path in zip_path.parent.glob("*.pdf"))
    assert names == sorted(
        f"{BUNDLE_PREFIX}-{book}{script}-{date}.pdf" for book in ("guize", "caipanfa") for script in ("", "-fanti")
    )
    for name in names:
        reader = PdfReader(zip_path.parent / name)
        assert len(reader.pages) > 10 and reader.named_destinations


# The shipped build's laws (simplified) typeset again in a process of its own, in this checkout: their HTML as that
# build's last pass gave it to WeasyPrint (kept beside the PDF in the run's shared print cache), found by the key this
# checkout computes for the book. What the run's second build no longer checks for the PDFs, since it takes the four
# books from that cache when their HTML is the same (scripts/print/typeset_cache.py): that WeasyPrint gives the same
# bytes for the same HTML, whatever process and folder.
TYPESET_LAWS_AGAIN = """
import sys
from pathlib import Path
from scripts.curated.rulebook_src import read_rulebook_src
from scripts.edition import BUNDLE_PREFIX, current_edition
from scripts.pipeline.run import build_rulebook
from scripts.print import cjk_justify
from scripts.print.pdf import book_html, font_families, print_job
from scripts.print.typeset_cache import TypesetCache, book_key, typesetter_fingerprint
from weasyprint import HTML
out, cache = Path(sys.argv[1]), Path(sys.argv[2])
job = print_job(build_rulebook(read_rulebook_src()), current_edition(), out.parent, BUNDLE_PREFIX)
key = book_key(typesetter_fingerprint(font_families("hans")), book_html(job, "laws", "hans", {}), "（续）")
book = TypesetCache(cache).get(key, out.name)
if book is None:
    sys.exit("the laws' HTML here is not the shipped build's: no book in its print cache under this checkout's key")
cjk_justify.install()
out.write_bytes(HTML(string=book.html).write_pdf(pdf_tags=True))
"""


def test_the_laws_typeset_again_are_the_same_bytes(shipped_build, shipped_site, print_edition, tmp_path):
    """The laws (simplified) typeset afresh here, from the HTML of the shipped build's last pass: the bytes of the
    shipped PDF, typeset in another folder by another process (the print cache's assumption)."""
    import sys

    from scripts.paths import ROOT
    from scripts.print.pdf import pdf_name
    from scripts.site.print_hooks import PRINT_FOLDER
    from shared_builds import print_cache

    name = pdf_name(BUNDLE_PREFIX, "laws", "hans", print_edition)
    again = tmp_path / name
    typeset = subprocess.run(
        [sys.executable, "-c", TYPESET_LAWS_AGAIN, str(again), str(print_cache(shipped_build))],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert typeset.returncode == 0, typeset.stderr[-2000:]
    assert again.read_bytes() == (shipped_site[0] / PRINT_FOLDER / name).read_bytes(), "the laws typeset again differ"


# --- page by page, from poppler's layout text (the running head is a page's first line, its notes its last)
# ------------
A5_POINTS = (419.53, 595.28)  # 148 × 210 mm
NOTE_LABELS = (
    "补入",
    "校勘",
    "异文",
    "原注",
    "未解决的缺陷",
)  # how each kind of footnote begins (scripts/print/notes.py)


def layout_pages(path) -> list[str]:
    """Each page's text as `pdftotext -layout` lays it out (pages end with a form feed)."""
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True).stdout
    return text.split("\f")[:-1]


def lines_of(page: str) -> list[str]:
    return [line.strip() for line in page.splitlines() if line.strip()]


@pytest.mark.parametrize("key", KEYS, ids=lambda k: "-".join(k))
def test_pages_are_a5_portrait(print_books, key):
    _book, reader, _texts = print_books[key]
    for page in reader.pages:
        size = (float(page.mediabox.width), float(page.mediabox.height))
        assert abs(size[0] - A5_POINTS[0]) < 1 and abs(size[1] - A5_POINTS[1]) < 1, size


class TextOutsideNotes(HTMLParser):
    """The text of a book's HTML without its footnotes (elements of class `note`) and its stylesheet."""

    def __init__(self):
        super().__init__()
        self.skip_depth, self.parts = 0, []

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if self.skip_depth or "note" in classes or tag == "style":
            self.skip_depth += 1

    def handle_endtag(self, tag):
        if self.skip_depth:
            self.skip_depth -= 1

    def handle_data(self, data):
        if not self.skip_depth:
            self.parts.append(data)


def circled_in_text(book_key: str, script: str) -> set[str]:
    """Circled numbers that are the book's own text, not footnote calls, each with the three characters after it
    ('①非弃权', a clause label of 裁判法第28条, a cell of a band table): the page check takes them out."""
    rulebook = load_full_rulebook()
    links = link_rulebook(rulebook)
    inline = InlineRenderer(
        BookLinks(links, book_key, "other.pdf"), ErratumNotes(rulebook.errata, rulebook.unresolved, rulebook.mojibake)
    )
    document = BookDocument(rulebook, book_key, inline, report_appendix(rulebook, links, book_key)).html(
        TitleInfo("", script), *FONTS[script]
    )
    parser = TextOutsideNotes()
    parser.feed(to_traditional(document, load_fixes(real_src())) if script == "hant" else document)
    text = SPACE.sub("", "".join(parser.parts))
    return {text[m.start() : m.start() + 4] for m in CIRCLED.finditer(text)}


@pytest.mark.parametrize("key", KEYS, ids=lambda k: "-".join(k))
def test_every_footnote_is_at_the_foot_of_the_page_of_its_call(print_books, key):
    """On each page the circled calls in the text are the notes at its foot (a note used to slip to the next page:
    Law 7's ④, 第25条's ⑧, 第26条's ①; footnote-policy: line in book.css keeps it with its call)."""
    book, _reader, _texts = print_books[key]
    labels = "|".join(convert(key[1], label) for label in NOTE_LABELS)
    note_line = re.compile(rf"(?P<mark>[①-⑳])\s*(?:{labels})")
    own = circled_in_text(*key)
    pages, total = layout_pages(book.path), 0
    assert len(pages) == book.pages
    for number, page in enumerate(pages, 1):
        notes, body = [], []
        for line in lines_of(page):
            note = note_line.match(line)
            if note:
                notes.append(note["mark"])
                line = line[1:]
            body.append(line)
        text = SPACE.sub("", "".join(body))
        for words in own:
            text = text.replace(words, words[1:])
        calls = CIRCLED.findall(text)
        assert len(set(notes)) == len(notes), f"page {number}: a footnote number twice: {''.join(notes)}"
        assert sorted(calls) == sorted(notes), (
            f"page {number}: calls {''.join(sorted(calls))}, notes {''.join(sorted(notes))}"
        )
        total += len(notes)
    assert total >= (80 if key[0] == "laws" else 10)


@pytest.mark.parametrize("script", ["hans", "hant"])
def test_other_book_page_marks_name_the_page_of_the_named_destination(print_books, script):
    """A reference into the other book reads 〔竞赛规则第N页〕 and N is the page its link lands on in that PDF."""
    from urllib.parse import unquote

    _laws, laws_reader, _ = print_books[("laws", script)]
    regulations, reader, _ = print_books[("regulations", script)]
    landing = {
        name: laws_reader.get_destination_page_number(dest) + 1 for name, dest in laws_reader.named_destinations.items()
    }
    pages = layout_pages(regulations.path)
    mark = re.compile(re.escape(convert(script, "〔竞赛规则第")) + r"([0-9]+)" + re.escape(convert(script, "页〕")))
    linked_pages = set()
    for number, page in enumerate(reader.pages, 1):
        for annotation in page.get("/Annots") or []:
            action = annotation.get_object().get("/A")
            if not action or "/URI" not in action:
                continue
            target = unquote(str(action["/URI"]).split("#nameddest=", 1)[1])
            expected = landing[target]
            linked_pages.add(expected)
            nearby = flat(
                pages[number - 1] + (pages[number] if number < len(pages) else "")
            )  # a mark may wrap to the next page
            assert str(expected) in mark.findall(nearby), (
                f"page {number}: link to {target} (page {expected}) without its page mark"
            )
    printed = {int(n) for page in pages for n in mark.findall(flat(page))}
    assert printed and printed <= linked_pages, printed - linked_pages


@pytest.mark.parametrize("key", KEYS, ids=lambda k: "-".join(k))
def test_running_heads_name_the_book_and_the_article_at_the_top_of_each_page(print_books, key):
    """Every page after the title names the book and, on the right, 目录 / 定义 / 附录 or the article in force at the
    top of the page: the one whose heading (or its chapter's heading) opens the page, else the one continued from
    the page before (a page that opens with 第26条's tail and later begins 第27条 is headed 第26条)."""
    book_key, script = key
    book, _reader, _texts = print_books[key]
    rulebook = load_full_rulebook()
    articles = list(rulebook.books[book_key].articles.values())
    opening: dict[int, list] = {}
    for article in articles:
        opening.setdefault(book.anchors[f"{book_key}/{article.slug}"], []).append(article)
    divisions = {
        flat(convert(script, part)) for article in articles for part in article.chapter.split(" · ") if article.chapter
    }
    back = min(
        page for name, page in book.anchors.items() if name in (f"{book_key}/front-matter", f"{book_key}/report")
    )
    front = min(
        page
        for name, page in book.anchors.items()
        if name in (f"{book_key}/definitions", f"{book_key}/{articles[0].slug}")
    )
    pages = layout_pages(book.path)
    book_title = flat(convert(script, rulebook.books[book_key].title))
    in_force = convert(script, "定义") if book_key == "laws" else None
    continued = 0
    for number, page in enumerate(pages, 1):
        lines = lines_of(page)
        if number == 1:
            assert not flat(lines[0]).startswith(book_title)  # the title page has no running head
            continue
        head = lines[0].split()
        assert flat(head[0]) == book_title, (number, lines[0])
        if number < book.anchors[f"{book_key}/contents"]:
            expected = convert(script, "凡例")
        elif number < front:
            expected = convert(script, "目录")
        elif number >= book.anchors[f"{book_key}/subject-index"]:
            expected = convert(script, "索引")
        elif number >= back:
            expected = convert(script, "附录")
        else:
            starting = opening.get(number, [])
            top = flat(lines[1])
            if starting and (top.startswith(flat(convert(script, f"第{starting[0].number}条"))) or top in divisions):
                expected = convert(script, f"第{starting[0].number}条")
            else:
                assert in_force, f"page {number} opens with no article"
                expected = in_force
                continued += bool(starting)
            if starting:
                in_force = convert(script, f"第{starting[-1].number}条")
        assert head[-1] == expected, f"page {number}: running head {lines[0]!r}, expected {expected}"
    assert continued >= 1, "no page opens with an article's tail and begins another: the case the heads must get right"


@pytest.mark.parametrize("book_key", ["laws", "regulations"])
def test_traditional_pdfs_read_no_simplified_running_heads(print_books, book_key):
    book, _reader, _texts = print_books[(book_key, "hant")]
    text = "".join(layout_pages(book.path))
    for simplified in ("目录", "附录", "定义"):
        assert simplified not in text, simplified
    assert "目錄" in text and "附錄" in text


MM = 72 / 25.4


@pytest.mark.parametrize("key", KEYS, ids=lambda k: "-".join(k))
def test_text_keeps_clear_of_the_binding_and_the_outer_edge(print_books, key, tmp_path):
    """A binder's mirrored margins: on every page, running head and page number included, no ink stands nearer than
    20 mm to the binding edge (the left of an odd page, the right of an even one: ISO 838 holes reach 15 mm) nor
    nearer than 12 mm to the outer edge. Read from the pages drawn at 72 dpi (a pixel a point, 0.35 mm), not from
    pdftotext's word boxes, which give a mark set at half width by the font's `halt` (a line's closing ，) its full cell
    and so put a justified line's last mark 4.75 pt past the margin."""
    from PIL import Image

    book, _reader, _texts = print_books[key]
    subprocess.run(["pdftoppm", "-r", "72", "-gray", "-png", str(book.path), str(tmp_path / "page")], check=True)
    drawn = sorted(tmp_path.glob("page-*.png"), key=lambda path: int(path.stem.rsplit("-", 1)[1]))
    assert len(drawn) == book.pages
    for number, path in enumerate(drawn, 1):
        with Image.open(path) as page:
            ink = page.point(lambda value: 255 if value < 128 else 0).getbbox()  # darker than mid-grey
            width = page.width
        assert ink or number > 1, f"page {number} holds no text"
        if not ink:
            continue
        left, right = ink[0] / MM, (width - ink[2]) / MM
        binding, outer = (left, right) if number % 2 else (right, left)
        assert binding >= 20 and outer >= 12, f"page {number}: {binding:.1f} mm from the binding, {outer:.1f} outside"
