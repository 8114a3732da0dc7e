"""Build driver: rulebook_src/ → the generated Markdown under docs/ (run: python -m scripts.render [--check])."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

from scripts.curated.rulebook_src import read_rulebook_src
from scripts.errors import CuratedFileError, RulebookError, run_entry_point
from scripts.pipeline.link import LinkIndex, link_rulebook
from scripts.render.links import (
    MISSING_PAGE,
    PREVIEWS_SCRIPT,
    ReferenceSpans,
    backlinks_markdown,
    missing_references_page,
    previews_script,
    reference_report_section,
)
from scripts.render.article_nav import foot_links, reading_order, top_bar
from scripts.render.missing import missing_article_page, missing_articles
from scripts.render.pages import about_page, book_index_page, glossary_page, home_page, navigation
from scripts.penalties.export import DATA_JS, plan_texts, widget_data_text
from scripts.penalties.invariants import check_quotes_in_articles, penalty_places
from scripts.pipeline.places import check_places
from scripts.curated.everyday_sentences import everyday_problems, first_problem_line
from scripts.penalties.tables import penalty_data
from scripts.penalties.widgets import (
    calculator_links,
    calculator_notice_for,
    missing_law_calculators,
    widget_markup_for,
)
from scripts.pipeline.run import Rulebook, build_rulebook
from scripts.document.headings import heading_corrections
from scripts.render.articles import PageRenderer
from scripts.render.markup import GENERATED
from scripts.render.concordance_report import concordance_report_section
from scripts.render.report import report_page
from scripts.render.subject_index_page import SUBJECT_INDEX_PAGE, subject_index_page
from scripts.document.subject_index import index_words, subject_index
from scripts.paths import ROOT
from scripts.cli import ArgumentParser

DOCS = ROOT / "docs"


def render_site_pages(rulebook: Rulebook, links: LinkIndex | None = None) -> dict[str, str]:
    """Every generated page: docs-relative path → text. Pure: reads no file (rulebook_src/ comes as `rulebook.src`),
    writes nothing.

    `links` is the link stage's index (made here when not given); it names paragraphs by stable keys, so it may come
    from another copy of the same rulebook."""
    links = links if links is not None else link_rulebook(rulebook)
    reference_spans = ReferenceSpans(links)
    src = rulebook.src  # the rulebook_src/ value the tree was built from
    penalties = penalty_data(src)  # its penalty tables and calculator spec, checked
    check_places(rulebook.books, penalty_places(penalties))  # every article and clause they name exists
    renderer = PageRenderer(
        rulebook.books,
        rulebook.glossary,
        src,
        extra_spans=reference_spans,
        heading_corrections=heading_corrections(rulebook.headings),
        unresolved=rulebook.unresolved,
    )
    missing = missing_articles(rulebook.books, links, rulebook.concordance, src)
    order = reading_order(rulebook.books, missing)
    pages: dict[str, str] = {
        "index.md": home_page(rulebook, order, calculator_links(penalties)),
        "glossary.md": glossary_page(rulebook, reference_spans.paragraph_markdown),
        SUBJECT_INDEX_PAGE: subject_index_page(
            subject_index(rulebook.books, [entry.term for entry in rulebook.glossary], src),
            index_words(rulebook.books, src),
        ),
    }
    for key, book in rulebook.books.items():
        pages[f"{key}/index.md"] = book_index_page(rulebook, key, missing)
        for slug, article in book.articles.items():
            pages[f"{key}/{slug}.md"] = renderer.article_page(
                article,
                widget_markup=widget_markup_for(penalties, key, slug),
                calculator_notice=calculator_notice_for(penalties, key, slug),
                backlinks=backlinks_markdown(links, rulebook.books, article),
                top=top_bar(order, key, slug),
                bottom=foot_links(order, key, slug),
            )
    for gap in missing:  # a page for every number the sources lack (laws/64/): a place, not a hole
        pages[gap.page] = missing_article_page(
            gap,
            links,
            rulebook.books,
            top_bar(order, gap.book, gap.slug),
            foot_links(order, gap.book, gap.slug),
            missing_law_calculators(penalties, gap.book, gap.slug),
        )
    structure = concordance_report_section(rulebook.books["laws"], rulebook.concordance)
    pages["about/build-report.md"] = report_page(
        rulebook, extra_sections=[structure, reference_report_section(links, rulebook.books)]
    )
    pages[MISSING_PAGE] = missing_references_page(links, rulebook.books)
    pages[PREVIEWS_SCRIPT] = previews_script(links, rulebook.books)
    # every table's quote stands in its article
    check_quotes_in_articles(penalties.tables, penalties.table_lines, rulebook.books)
    # and every everyday search word's sentence in the article it serves (the index build checks the clause)
    if problems := everyday_problems(src, article_texts(rulebook), unit="article"):
        raise CuratedFileError(first_problem_line(problems))
    pages[DATA_JS.as_posix()] = widget_data_text(penalties)  # the penalty widgets' tables (rulebook_src/penalties/)
    pages.update(plan_texts(penalties))  # each calculator's rulings by case, from the Python rules (plan.py)
    # about/performance.md is written by bench/build (make bench) and committed; it is not generated here
    # the editor pages hang off 关于本站 (mkdocs.yml: not_in_nav), not off the player's navigation
    pages["about/index.md"] = about_page(
        [
            ("构建报告", "about/build-report.md", "来源文本的修复、校勘、未解决的缺陷和来源中缺失的条文"),
            ("缺失条文的引用", MISSING_PAGE, "被引用却不在来源中的条文，以及引用它们的句子"),
            ("性能测量", "about/performance.md", "构建与加载速度的测量"),
        ]
    )
    pages[".nav.yml"] = navigation(rulebook, missing)
    return pages


def generated_files(docs: Path) -> set[str]:
    """Files under docs/ that an earlier build generated (they carry the GENERATED marker)."""
    found = set()
    for path in docs.rglob("*"):
        if path.is_file() and path.suffix in (".md", ".yml") and "assets" not in path.parts:
            head = path.read_text(encoding="utf-8", errors="replace")[:400]
            if GENERATED in head or head.startswith("# generated by scripts/render/docs.py"):
                found.add(path.relative_to(docs).as_posix())
    return found


def write_whole(path: Path, text: str) -> None:
    """Writes a page whole or not at all (a full disk leaves the previous page, not half of the new one)."""
    partial = path.with_name(f".{path.name}.partial")
    try:
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)


def write_pages(pages: dict[str, str], docs: Path) -> list[str]:
    """Writes pages that changed and removes stale generated ones; returns the paths touched."""
    touched = []
    for rel, text in sorted(pages.items()):
        path = docs / rel
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_whole(path, text)
            touched.append(rel)
    for rel in sorted(generated_files(docs) - set(pages)):
        (docs / rel).unlink()
        touched.append(rel)
    return touched


def stale_pages(pages: dict[str, str], docs: Path) -> list[str]:
    """Generated pages whose committed text differs from what the sources give now."""
    stale = [
        rel
        for rel, text in sorted(pages.items())
        if not (docs / rel).exists() or (docs / rel).read_text(encoding="utf-8") != text
    ]
    return stale + sorted(generated_files(docs) - set(pages))


def article_texts(rulebook: Rulebook) -> Callable[[str], str | None]:
    """`serves` (book/slug#anchor, or glossary#term) → the plain text of that article, or of the glossary's headings
    and definitions; None for an article the site does not have."""
    glossary_text = " ".join(
        paragraph.text for entry in rulebook.glossary for paragraph in [entry.heading, *entry.definition] if paragraph
    )

    def text_of(serves: str) -> str | None:
        if serves.startswith("glossary"):
            return glossary_text
        book, _, rest = serves.partition("/")
        article = rulebook.books[book].articles.get(rest.partition("#")[0]) if book in rulebook.books else None
        return article.plain_text() if article is not None else None

    return text_of


def main(argv: list[str] | None = None) -> int:
    parser = ArgumentParser(
        prog="python -m scripts.render", description="由 rulebook_src/ 重新生成 docs/ 下的 Markdown。"
    )
    parser.add_argument("--check", action="store_true", help="已提交的 docs/ 与重新生成的不同则失败")
    parser.add_argument("--src", type=Path, help="读取这个文件夹，而不是项目的 rulebook_src/")
    args = parser.parse_args(argv)
    try:
        # every file of rulebook_src/, read and checked once, also those only the site reads
        src = read_rulebook_src() if args.src is None else read_rulebook_src(args.src)
        pages = render_site_pages(build_rulebook(src))
    except RulebookError as exc:  # a fault in a source or curated file: one message naming file:line
        print(exc, file=sys.stderr)
        return 2
    if args.check:
        stale = stale_pages(pages, DOCS)
        for rel in stale:
            print(f"docs/{rel}: stale: run `make docs` and commit", file=sys.stderr)
        return 1 if stale else 0
    touched = write_pages(pages, DOCS)
    print(f"{len(pages)} pages generated, {len(touched)} written or removed")
    return 0


if __name__ == "__main__":
    sys.exit(run_entry_point(main, "python -m scripts.render"))
