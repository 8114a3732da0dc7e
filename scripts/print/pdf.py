"""Writes the print edition: each book, in simplified and in traditional characters, as a PDF typeset by WeasyPrint."""

from __future__ import annotations

import logging
import multiprocessing
import os
import re
import signal
from dataclasses import dataclass
from pathlib import Path

from scripts.edition import Edition, current_edition
from scripts.errors import RulebookError
from scripts.pipeline.link import LinkIndex, link_rulebook
from scripts.curated.rulebook_src import RulebookSrc
from scripts.pipeline.run import Rulebook, build_rulebook
from scripts.document.subject_index import IndexTerm, subject_index
from scripts.print.appendix import report_appendix
from scripts.print.book import RUNNING_HEAD, BookDocument, TitleInfo
from scripts.print.inline import BookLinks, InlineRenderer, compress_punctuation_runs
from scripts.print.notes import ErratumNotes
from scripts.print.page_numbers import with_pages
from scripts.print.table_pages import (
    carried_over_rows,
    keep_whole,
    mark_table_rows,
    short_tables,
    split_before_rows,
    table_heights,
    table_of,
)
from scripts.print.typeset_cache import TypesetBook, book_key, open_typeset_cache, typesetter_fingerprint
from scripts.traditional import TraditionalFix, load_fixes, to_traditional_markdown, to_traditional_text

LOG = logging.getLogger("scripts.print")
BOOK_FILE_NAMES = {"laws": "guize", "regulations": "caipanfa"}  # ASCII: 规则, 裁判法
SCRIPT_FILE_SUFFIXES = {"hans": "", "hant": "-fanti"}  # ASCII: 繁体
# Noto CJK from Debian (fonts-noto-cjk), embedded; the TC cut draws the traditional characters in their usual forms
FONTS = {
    "hans": ('"Noto Serif CJK SC", "Noto Sans CJK SC", serif', "zh-Hans"),
    "hant": ('"Noto Serif CJK TC", "Noto Sans CJK TC", serif', "zh-Hant"),
}
# the laws first: the regulations cite them (规则N) and print the page where the cited clause stands
BOOK_ORDER = ("laws", "regulations")


class PrintEditionError(RulebookError):
    """The print edition cannot be typeset on this machine (WeasyPrint or its system libraries are missing)."""


@dataclass(frozen=True)
class PrintedBook:
    book: str
    script: str
    path: Path
    pages: int
    anchors: dict[str, int]  # id (article, clause) → 1-based page number


def pdf_name(prefix: str, book: str, script: str, edition: Edition) -> str:
    """'zhongguo-qiaopai-guize-caipanfa-fanti-20261129.pdf': the venue zip's prefix and date."""
    return f"{prefix}-{BOOK_FILE_NAMES[book]}{SCRIPT_FILE_SUFFIXES[script]}-{edition.compact_date}.pdf"


def other_book(book: str) -> str:
    return next(key for key in BOOK_ORDER if key != book)


@dataclass(frozen=True)
class PrintJob:
    """What typesetting either script's two books needs, prepared once (the link index, the notes, the index terms)."""

    rulebook: Rulebook
    edition: Edition
    out_dir: Path
    prefix: str
    links: LinkIndex
    fixes: tuple[TraditionalFix, ...]
    notes: ErratumNotes
    index_terms: list[IndexTerm]
    cache_dir: Path | None = None  # books typeset before, by what they were typeset from (typeset_cache.py)


def print_job(
    rulebook: Rulebook, edition: Edition, out_dir: Path, prefix: str, cache_dir: Path | None = None
) -> PrintJob:
    return PrintJob(
        rulebook,
        edition,
        out_dir,
        prefix,
        link_rulebook(rulebook),
        load_fixes(rulebook.src),  # for the traditional PDFs
        ErratumNotes(rulebook.errata, rulebook.unresolved, rulebook.mojibake),
        subject_index(rulebook.books, [entry.term for entry in rulebook.glossary], rulebook.src),
        cache_dir,
    )


def typeset(
    rulebook: Rulebook, edition: Edition, out_dir: Path, prefix: str, cache_dir: Path | None = None
) -> list[PrintedBook]:
    """Every book in both scripts into out_dir; returns what was written, with each anchor's page. The two scripts'
    books are independent of each other, so on a machine with more than one core each script is typeset in a process
    of its own (forked, sharing what was prepared): the print edition takes about half the time on two cores. With a
    cache_dir, a book typeset there before from the same HTML by the same typesetter is taken from it."""
    try:  # imported here: its system libraries are only needed when printing
        from weasyprint import HTML  # noqa: F401 - checked here, used by typeset_script
    except (ImportError, OSError) as exc:
        raise PrintEditionError(
            f"WeasyPrint cannot start ({str(exc).splitlines()[0]}): run `make system-deps` and `make install`"
        ) from exc
    from scripts.print import cjk_justify, footnote_policy

    cjk_justify.install()  # Chinese lines justified between their characters, not only at spaces
    footnote_policy.install()  # a note kept on its call's page when the page runs full

    job = print_job(rulebook, edition, out_dir, prefix, cache_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    scripts = list(SCRIPT_FILE_SUFFIXES)
    if (os.cpu_count() or 1) < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return [book for script in scripts for book in typeset_script(job, script)]
    global _FORKED_JOB
    _FORKED_JOB = job  # the children see it as it is at the fork (nothing is pickled but the script's name)
    try:
        with multiprocessing.get_context("fork").Pool(len(scripts), initializer=quiet_when_stopped) as pool:
            return [book for books in pool.map(typeset_forked_script, scripts) for book in books]
    finally:
        _FORKED_JOB = None


_FORKED_JOB: PrintJob | None = None


def quiet_when_stopped() -> None:
    """A typesetting child ends silently when it is stopped: the pool terminates it (SIGTERM) when the other child
    failed or the build was interrupted, and Ctrl-C (SIGINT, sent to the whole process group) is the parent's to
    report (scripts/errors.py run_entry_point); the child inherited the parent's handlers, which print a traceback."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def typeset_forked_script(script: str) -> list[PrintedBook]:
    assert _FORKED_JOB is not None, "typeset_forked_script runs in a child forked by typeset"
    return typeset_script(_FORKED_JOB, script)


def book_html(job: PrintJob, book: str, script: str, other_pages: dict[str, int]) -> str:
    """One book's HTML as the typesetter gets it, in `script`, citing the other book's pages `other_pages` (anchor →
    page; empty for the laws, which are typeset first)."""
    other = other_book(book)
    book_links = BookLinks(job.links, book, pdf_name(job.prefix, other, script, job.edition), other_pages)
    document = BookDocument(
        job.rulebook,
        book,
        InlineRenderer(book_links, job.notes),
        report_appendix(job.rulebook, job.links, book),
        job.index_terms,
    )
    font, lang = FONTS[script]
    text = document.html(TitleInfo(job.edition.label, script), font, lang)
    if script == "hant":
        text = to_traditional(text, job.fixes)
    return mark_table_rows(compress_punctuation_runs(text))


def font_families(script: str) -> list[str]:
    """FONTS[script]'s families as fontconfig names them ('Noto Serif CJK SC', …, 'serif')."""
    return [family.strip().strip('"') for family in FONTS[script][0].split(",")]


def typeset_book(text: str, continued: str) -> TypesetBook:
    """One book's HTML typeset by WeasyPrint (render_with_notes_on_their_page), as PDF bytes with its pages and the
    HTML of the pass that gave them."""
    from weasyprint import HTML

    given: list[str] = []

    def typesetter(*, string: str):
        given.append(string)
        return HTML(string=string)

    rendered = render_with_notes_on_their_page(typesetter, text, continued)
    anchors: dict[str, int] = {}
    for number, page in enumerate(rendered.pages, 1):
        for name in page.anchors:  # an article spanning pages is listed on each: its page is the first
            anchors.setdefault(name, number)
    pdf = rendered.write_pdf(pdf_tags=True)  # tagged: headings, paragraphs, tables for screen readers
    return TypesetBook(pdf, len(rendered.pages), anchors, given[-1])


def typeset_script(job: PrintJob, script: str) -> list[PrintedBook]:
    """Both books in one script, the laws first (the regulations print the page of a cited Law); a book the job's
    cache holds (same HTML, same typesetter) is taken from it, one it does not is typeset and remembered there."""
    printed = []
    pages_by_book: dict[str, dict[str, int]] = {}
    continued = "（续）" if script == "hans" else to_traditional_text("（续）", job.fixes)
    cache = open_typeset_cache(job.cache_dir)
    fingerprint = typesetter_fingerprint(font_families(script)) if cache is not None else None
    if fingerprint is None and cache is not None:  # the fonts could not be named: nothing is taken or remembered
        cache.close()
        cache = None
    try:
        for book in BOOK_ORDER:
            text = book_html(job, book, script, pages_by_book.get(other_book(book), {}))
            path = job.out_dir / pdf_name(job.prefix, book, script, job.edition)
            key = book_key(fingerprint or "", text, continued)
            typeset = cache.get(key, path.name) if cache is not None else None
            if typeset is None:
                typeset = typeset_book(text, continued)
                if cache is not None:
                    cache.put(key, typeset, path.name)
                LOG.info("print edition: %s (%d pages)", path, typeset.pages)
            else:
                LOG.info("print edition: %s (%d pages, as typeset before from the same text)", path, typeset.pages)
            path.write_bytes(typeset.pdf)
            pages_by_book[book] = typeset.anchors
            printed.append(PrintedBook(book, script, path, typeset.pages, typeset.anchors))
    finally:
        if cache is not None:
            cache.close()
    return printed


NOTE_START = re.compile(r'<span class="note ')
BLOCK_START = re.compile(r"<(?:h[1-6]|p|li|td|th)\b")
CIRCLED_NUMBERS = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"  # book.css @counter-style circled
MAX_PASSES = 8  # each pass numbers the notes and pages, keeps tables whole or splits them (a table once a pass)


def render_with_notes_on_their_page(html_class, text: str, continued: str):
    """WeasyPrint's document, with every footnote on the page of its call and numbered afresh on every page. WeasyPrint
    70 moves a page's notes to the next page to make room for a line that overflows (scripts/print/footnote_policy.py
    keeps it from moving the `footnote-policy: line` notes); should a note still land on another page than its call
    (each call gets an anchor beside it, each note an id), the block holding the call starts a new page and the book
    is typeset again (a last resort: it leaves the rest of the page empty, and tests/test_print_pdf.py fails on a page
    left a quarter empty). In the same passes a band table carried over to the next page is kept whole when it is
    shorter than half a page, else split there, its second part captioned with `continued` （续）
    (scripts/print/table_pages.py); a table is split only by a pass whose pages nothing else will move (its notes' and
    pages' numbers are those it laid out, no table was newly kept whole), as a split is never undone.

    Every pass is typeset with the notes numbered per page as the pass before laid them out (see numbered_per_page;
    the first with ①–⑳ over and over): the document is done when nothing moved and the numbers it shows are
    those its own pages call for, so a pass that only confirms the last move is also the numbered book (a typesetting
    fewer than checking first and numbering after)."""
    calls = list(NOTE_START.finditer(text))
    pieces, last = [], 0
    for number, call in enumerate(calls):
        pieces += [text[last : call.start()], f'<span id="note-call-{number}"></span><span id="note-body-{number}" ']
        last = call.start() + len("<span ")
    text = "".join(pieces) + text[last:]
    # the numbers a pass is typeset with: at first a guess, but circled (WeasyPrint's count through the book would
    # reach 21, whose decimal fallback is wider than ①–⑳ and would move the lines)
    ordinals = [n % len(CIRCLED_NUMBERS) + 1 for n in range(len(calls))]
    slipped: list[int] = []
    carried: list = []
    for _ in range(MAX_PASSES):
        rendered = html_class(string=numbered_per_page(text, ordinals)).render()
        page_of: dict[str, int] = {}
        for number, page in enumerate(rendered.pages):
            for name in page.anchors:
                page_of.setdefault(name, number)
        slipped = [n for n in range(len(calls)) if page_of.get(f"note-call-{n}") != page_of.get(f"note-body-{n}")]
        carried = carried_over_rows(text, page_of)
        short = short_tables(text, carried, table_heights(rendered.pages)) if carried else []  # kept whole
        carried = [row for row in carried if table_of(text, row) not in short]
        wanted = per_page_ordinals([page_of.get(f"note-call-{n}", -1) for n in range(len(calls))])
        paged = with_pages(text, page_of)  # the pages this pass laid out, printed by the next
        settled = not short and ordinals == wanted and paged == text
        if not slipped and not carried and settled:
            return rendered
        ordinals, text = wanted, keep_whole(paged, short)
        if settled:  # a table is split where the pages stand once nothing else moves them (a split is never undone)
            text = split_before_rows(text, carried, continued)
        for n in slipped:
            call_at = text.index(f'<span id="note-call-{n}">')
            block = [m for m in BLOCK_START.finditer(text, 0, call_at)][-1]
            text = text[: block.end()] + ' style="break-before: page"' + text[block.end() :]
    raise PrintEditionError(
        f"the print edition: {len(slipped)} footnote(s) still land on another page than their call,"
        f" {len(carried)} table(s) still run on without （续）, or the notes' numbers still change the pages"
    )


def per_page_ordinals(call_pages: list[int]) -> list[int]:
    """Each note's number on its page (①② on one page, ① again on the next), from the pages of the calls in order."""
    ordinals, last_page, count = [], None, 0
    for page in call_pages:
        count = count + 1 if page == last_page else 1
        ordinals.append(count)
        last_page = page
    return ordinals


def numbered_per_page(text: str, ordinals: list[int]) -> str:
    """The book's HTML with note n numbered ordinals[n], so that no page shows one number twice.
    WeasyPrint's footnote counter does not reset per page, so each note sets it (counter-set, applied before the
    call's increment); the circled numbers are one width, so renumbering keeps the lines where they were."""
    for n, ordinal in enumerate(ordinals):
        body = f'<span id="note-body-{n}" '
        text = text.replace(body, f'{body}style="counter-set: footnote {ordinal - 1}" ', 1)
    return text


RUNNING_HEAD_VALUE = re.compile(rf'((?:{RUNNING_HEAD}|data-book)=")([^"]*)(")')  # the heads' texts: the part, the book


def to_traditional(document: str, fixes: tuple[TraditionalFix, ...]) -> str:
    """The typeset HTML in traditional characters: its text and the running heads' texts (目录 → 目錄, 第26条 →
    第26條); ids, links and the stylesheet stay as they are."""
    converted = to_traditional_markdown(document, fixes)
    return RUNNING_HEAD_VALUE.sub(lambda m: m[1] + to_traditional_text(m[2], fixes) + m[3], converted)


def remove_old_editions(out_dir: Path, prefix: str) -> None:
    """PDFs of earlier editions (another date) in out_dir, so that the folder holds one edition."""
    names = re.compile(rf"{re.escape(prefix)}-(?:{'|'.join(BOOK_FILE_NAMES.values())})(?:-fanti)?-[0-9]{{8}}\.pdf")
    for path in out_dir.glob(f"{prefix}-*.pdf"):
        if names.fullmatch(path.name):
            path.unlink()


def write_print_books(
    out_dir: Path, edition: Edition | None, prefix: str, src: RulebookSrc, cache_dir: Path | None = None
) -> list[PrintedBook]:
    """The print edition into out_dir (what `make site` writes into dist/ beside the venue zip); books typeset before
    are taken from cache_dir (typeset_cache.py) when given."""
    edition = edition or current_edition()
    if out_dir.is_dir():
        remove_old_editions(out_dir, prefix)
    return typeset(build_rulebook(src), edition, out_dir, prefix, cache_dir)
