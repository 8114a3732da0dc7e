"""mkdocs hooks for the print edition on the site: the 打印版 section of the home and about pages, and the print line
of every article page, each linking the book's PDF in the page's script with its size and the edition stamp; and the
离线压缩包 section of the same two pages, linking the venue zip (hosted site: download/, its size and date).

scripts/site/build.py typesets the PDFs first and hands them to each edition's build as `extra.print_edition`
(see `print_edition_extra`); the PDFs sit in `print/` at the root of each flavour (hosted site and venue zip),
beside the simplified edition. A plain `mkdocs build` or `mkdocs serve` has no PDFs: the section says so and the
article pages carry no print line.
"""

from __future__ import annotations

import html
import posixpath
import re
from pathlib import Path

if __package__ != "scripts.site":  # loaded by mkdocs from its file path: put the repository root on sys.path
    import project_root  # noqa: F401,E402

from scripts.books import BOOKS  # noqa: E402
from scripts.render.pages import PRINT_EDITION_PLACEHOLDER, VENUE_BUNDLE_PLACEHOLDER  # noqa: E402
from scripts.site.hook_errors import reported_by_mkdocs  # noqa: E402

PRINT_FOLDER = "print"  # inside each flavour's root, beside the simplified edition
DOWNLOAD_FOLDER = "download"  # the venue zip, at the hosted site's root (scripts/site/build.py); never in the zip
SCRIPT_NAMES = {"hans": "简体字版", "hant": "繁体字版"}  # converted with the page in the traditional edition
ARTICLE_PAGE = re.compile(r"(?P<book>laws|regulations)/(?!index\.md$)[^/]+\.md")
PRINT_LINE_CLASS = "print-edition-line"


def print_edition_extra(pdfs: list[tuple[str, str, Path, int]], edition_label: str) -> dict:
    """`extra.print_edition` for one edition's build: each book's PDF in each script (book, script, path, pages) →
    its file name, size in bytes and page count, with the edition stamp the PDFs carry."""
    books = {}
    for book, script, path, pages in pdfs:
        books.setdefault(script, {})[book] = {"file": path.name, "bytes": path.stat().st_size, "pages": pages}
    return {"edition": edition_label, "books": books}


def size_text(size: int) -> str:
    """1234567 → '1.2 MB'; 456789 → '446 KB' (1 KB = 1024 bytes)."""
    if size >= 1024 * 1024:
        return f"{size / (1024 * 1024):.1f} MB"
    return f"{max(1, round(size / 1024))} KB"


def pdf_href(page_url: str, root_prefix: str, file_name: str, folder: str = PRINT_FOLDER) -> str:
    """The PDF's URL relative to a page: 'laws/26/' (hosted) or 'laws/26.html' (offline) → '../../print/x.pdf'; the
    traditional edition's pages (root_prefix '../') reach the flavour's root one folder further up."""
    page_dir = page_url if page_url.endswith("/") else posixpath.dirname(page_url)
    depth = len([part for part in page_dir.split("/") if part])
    return "../" * depth + root_prefix + f"{folder}/{file_name}"


def venue_bundle_extra(zip_path: Path, date: str) -> dict:
    """`extra.venue_bundle` for the hosted site's builds: the zip's file name, size in bytes and edition date."""
    return {"file": zip_path.name, "bytes": zip_path.stat().st_size, "date": date}


def venue_bundle_section(config, page) -> str:
    """The 离线压缩包 section: the link with size and date (hosted site), what the zip is (in the zip), or that a
    preview build has none. Not searched: it differs between the hosted site and the zip."""
    extra = config.extra.get("venue_bundle")
    if extra and extra.get("inside"):
        return (
            '<p class="venue-bundle" data-search-exclude>你现在打开的就是离线压缩包里的网站（版本见页脚）。'
            "要换新版本，从网站首页再下载一次压缩包。</p>"
        )
    if not extra:
        return '<p class="venue-bundle" data-search-exclude>本地预览的网站不附压缩包；完整构建（make site）的网站在此提供下载。</p>'
    href = pdf_href(page.url, extra.get("root_prefix", ""), extra["file"], DOWNLOAD_FOLDER)
    return (
        f'<p class="venue-bundle" data-search-exclude><a class="venue-bundle-link" href="{html.escape(href)}" download '
        f'type="application/zip">下载离线压缩包 {html.escape(extra["file"])}</a>'
        f"（{size_text(extra['bytes'])}，{html.escape(extra['date'])}）</p>"
    )


def book_link(book: str, pdf: dict, script: str, edition: str, href: str) -> str:
    """'<a href=…>《中国桥牌竞赛规则》PDF</a>（简体字版，A5，38页，1.2 MB，版本 2026-11-29 · 3f9a1c0b）'."""
    return (
        f'<a href="{html.escape(href)}" type="application/pdf">《{html.escape(BOOKS[book].title)}》PDF</a>'
        f"（{SCRIPT_NAMES[script]}，A5，{pdf['pages']}页，{size_text(pdf['bytes'])}，版本 {html.escape(edition)}）"
    )


def _links(config, page) -> dict[str, str]:
    extra = config.extra.get("print_edition")
    if not extra:
        return {}
    script = config.extra.get("rulebook_script") or "hans"
    root_prefix = extra.get("root_prefix", "")
    return {
        book: book_link(book, pdf, script, extra["edition"], pdf_href(page.url, root_prefix, pdf["file"]))
        for book, pdf in sorted(extra["books"].get(script, {}).items(), key=lambda item: list(BOOKS).index(item[0]))
    }


@reported_by_mkdocs
def on_page_content(html_text, *, page, config, files):
    """Fill the 打印版 section (home, about) and add the print line under an article page's text."""
    links = _links(config, page)
    if VENUE_BUNDLE_PLACEHOLDER in html_text:
        html_text = html_text.replace(VENUE_BUNDLE_PLACEHOLDER, venue_bundle_section(config, page))
    if PRINT_EDITION_PLACEHOLDER in html_text:
        if links:
            items = "".join(f"<li data-search-exclude>{link}</li>" for link in links.values())
            section = (
                f'<ul class="print-edition">{items}</ul>'
                "<p data-search-exclude>打开后用浏览器或阅读器打印，选双面打印、沿长边翻页；网站的离线压缩包里也有这几份PDF。</p>"
            )
        else:
            # site furniture that differs between builds, as the article pages' print line: not searched
            section = '<p class="print-edition" data-search-exclude>本地预览的网站不附打印版；完整构建的网站在此列出各书的PDF。</p>'
        html_text = html_text.replace(PRINT_EDITION_PLACEHOLDER, section)
    match = ARTICLE_PAGE.fullmatch(page.file.src_uri)
    if match and match["book"] in links:
        html_text += (
            f'<p class="{PRINT_LINE_CLASS}" data-search-exclude>打印：本页可直接用浏览器打印；'
            f"整本书见 {links[match['book']]}。</p>"
        )
    return html_text
