"""The print edition's books remembered by what they were typeset from (scripts/print/typeset_cache.py): a second
typesetting of the same HTML by the same typesetter takes the first one's PDF and pages; another text, another
typesetter or a damaged entry is typeset afresh. WeasyPrint stands in as a counting function here; that it gives the
same bytes for the same HTML is tests/test_print_pdf.py's test_the_laws_typeset_again_are_the_same_bytes."""

from __future__ import annotations

import datetime as dt
import logging
from pathlib import Path

import pytest

from scripts.edition import Edition
from scripts.print import pdf, typeset_cache
from scripts.print.typeset_cache import TypesetBook, TypesetCache, book_key, typesetter_fingerprint

EDITION = Edition(dt.date(2026, 12, 4), "3f9a1c0b")


@pytest.fixture
def typesetter(monkeypatch):
    """Books as the stand-in typesets them (the HTML's text as the PDF, two pages, an anchor), and each text it was
    given; the fingerprint stands still (no fontconfig or pango needed)."""
    typeset: list[str] = []

    def typeset_book(text: str, continued: str) -> TypesetBook:
        typeset.append(text)
        return TypesetBook(f"%PDF {text}".encode(), 2, {"law-9": 2}, text)

    monkeypatch.setattr(pdf, "typeset_book", typeset_book)
    monkeypatch.setattr(pdf, "typesetter_fingerprint", lambda families: "typesetter-1")
    monkeypatch.setattr(pdf, "book_html", lambda job, book, script, other_pages: f"<p>{job.prefix} {book}</p>")
    return typeset


def job(out_dir: Path, cache_dir: Path | None, prefix: str = "book") -> pdf.PrintJob:
    return pdf.PrintJob(None, EDITION, out_dir, prefix, None, (), None, [], cache_dir)  # type: ignore[arg-type]


def test_a_book_typeset_before_from_the_same_text_is_not_typeset_again(typesetter, tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="scripts.print")
    (tmp_path / "one").mkdir(), (tmp_path / "two").mkdir()
    first = pdf.typeset_script(job(tmp_path / "one", tmp_path / "cache"), "hans")
    assert typesetter == ["<p>book laws</p>", "<p>book regulations</p>"]
    second = pdf.typeset_script(job(tmp_path / "two", tmp_path / "cache"), "hans")
    assert len(typesetter) == 2, "the second typesetting of the same texts typeset them again"
    assert [(b.book, b.pages, b.anchors) for b in second] == [(b.book, b.pages, b.anchors) for b in first]
    for before, after in zip(first, second):
        assert after.path.read_bytes() == before.path.read_bytes() == f"%PDF <p>book {before.book}</p>".encode()
    assert sum("as typeset before from the same text" in r.getMessage() for r in caplog.records) == 2


def test_another_text_or_typesetter_is_typeset_afresh_and_no_cache_typesets_everything(
    typesetter, tmp_path, monkeypatch
):
    cache = tmp_path / "cache"
    pdf.typeset_script(job(tmp_path, cache), "hans")
    pdf.typeset_script(job(tmp_path, cache, prefix="other"), "hans")  # another text
    assert typesetter[2:] == ["<p>other laws</p>", "<p>other regulations</p>"]
    monkeypatch.setattr(pdf, "typesetter_fingerprint", lambda families: "typesetter-2")  # another WeasyPrint, font…
    pdf.typeset_script(job(tmp_path, cache), "hans")
    assert len(typesetter) == 6
    pdf.typeset_script(job(tmp_path, None), "hans")
    pdf.typeset_script(job(tmp_path, None), "hans")
    assert len(typesetter) == 10, "without a cache every book is typeset"


def test_a_damaged_entry_is_typeset_again_and_said(typesetter, tmp_path, caplog):
    cache = tmp_path / "cache"
    pdf.typeset_script(job(tmp_path, cache), "hans")
    store = TypesetCache(cache)
    store.store.set(book_key("typesetter-1", "<p>book laws</p>", "（续）"), "not a book")
    store.close()
    pdf.typeset_script(job(tmp_path, cache), "hans")
    assert typesetter[2:] == ["<p>book laws</p>"]
    assert any("is not a typeset book" in r.getMessage() and "guize" in r.getMessage() for r in caplog.records)


def test_a_cache_that_cannot_be_opened_is_said_and_the_books_are_typeset(typesetter, tmp_path, caplog):
    blocked = tmp_path / "file"
    blocked.write_text("a file where the cache's folder would be", encoding="utf-8")
    printed = pdf.typeset_script(job(tmp_path, blocked), "hans")
    assert len(printed) == 2 and len(typesetter) == 2
    assert any("typesetting without remembering it" in r.getMessage() for r in caplog.records)


def test_the_fingerprint_follows_the_print_code_the_fonts_and_the_libraries(tmp_path, monkeypatch):
    code = tmp_path / "print"
    code.mkdir()
    (code / "book.css").write_text("p { margin: 0 }", encoding="utf-8")
    monkeypatch.setattr(typeset_cache, "PRINT_CODE", code)
    monkeypatch.setattr(typeset_cache, "pango_version", lambda: 15012)
    monkeypatch.setattr(typeset_cache, "font_files", lambda families: ["/fonts/NotoSerifCJK-Regular.ttc 1 1"])
    first = typesetter_fingerprint(["Noto Serif CJK SC"])
    assert typesetter_fingerprint(["Noto Serif CJK SC"]) == first
    (code / "book.css").write_text("p { margin: 1pt }", encoding="utf-8")
    changed_css = typesetter_fingerprint(["Noto Serif CJK SC"])
    monkeypatch.setattr(typeset_cache, "font_files", lambda families: ["/fonts/NotoSerifCJK-Regular.ttc 1 2"])
    changed_font = typesetter_fingerprint(["Noto Serif CJK SC"])
    monkeypatch.setattr(typeset_cache, "pango_version", lambda: 15013)
    changed_pango = typesetter_fingerprint(["Noto Serif CJK SC"])
    assert len({first, changed_css, changed_font, changed_pango}) == 4
    assert book_key(first, "<p>a</p>", "（续）") != book_key(first, "<p>b</p>", "（续）")


def test_unknown_font_files_typeset_every_book_and_say_so(typesetter, tmp_path, monkeypatch, caplog):
    def no_fontconfig(families):
        raise FileNotFoundError(2, "No such file or directory", "fc-list")

    monkeypatch.setattr(typeset_cache, "font_files", no_fontconfig)
    monkeypatch.setattr(pdf, "typesetter_fingerprint", typesetter_fingerprint)
    pdf.typeset_script(job(tmp_path, tmp_path / "cache"), "hans")
    pdf.typeset_script(job(tmp_path, tmp_path / "cache"), "hans")
    assert len(typesetter) == 4, "a book was taken from the cache without knowing the fonts it was typeset with"
    assert any("the font files are unknown" in r.getMessage() for r in caplog.records)
