"""Renders the link stage's output: reference links in paragraphs, back-links, the missing-references page, previews,
report counts."""

from __future__ import annotations

import json
import re
from collections import Counter

from scripts.books import BOOKS
from scripts.paths import DOCS, GENERATED_ASSETS
from scripts.pipeline.link import Citation, LinkIndex, citing_sentence, target_label, target_text
from scripts.pipeline.model import Article, Book, Paragraph
from scripts.document.report_names import LINKED, STATUS_NAMES
from scripts.render.markup import GENERATED, Span, erratum_spans, escape_markdown, relative_link, render_inline

MISSING_PAGE = "about/missing-references.md"
PREVIEWS_SCRIPT = (GENERATED_ASSETS / "ref-previews.js").relative_to(DOCS).as_posix()  # a page path under docs/
FOOTNOTE_MARK = re.compile(
    r"\[\^[0-9]+\]:?\s*"
)  # footnote marks and a footnote's own label, kept out of quoted sentences


def reference_href(page: str, citation: Citation) -> str:
    """Relative link from `page` to where the citation lands: '../laws/12.md#c-1'."""
    resolution = citation.resolution
    href = relative_link(page, resolution.page)
    return href + (f"#{resolution.fragment}" if resolution.fragment else "")


def reference_link(inner: str, page: str, citation: Citation) -> str:
    """Markdown for one reference: a link classed `ref` (plus `ref-missing` / `ref-book`) keyed to its preview."""
    status = citation.resolution.status
    classes = ".ref" + {"missing": " .ref-missing", "book": " .ref-book"}.get(status, "")
    return f'[{inner}]({reference_href(page, citation)}){{{classes} data-ref="{citation.resolution.key}"}}'


class ReferenceSpans:
    """The `extra_spans` of PageRenderer: a link span for every resolved reference of a paragraph.

    A reference that overlaps a corrected span (an erratum mark) takes the whole stretch and keeps the mark inside its
    link
    (`第72条B款1` corrected from `B款l`), so neither the link nor the correction is lost.
    """

    def __init__(self, index: LinkIndex):
        self.index = index

    def __call__(self, key: str, para: Paragraph, page: str) -> list[Span]:
        """Link spans for the paragraph whose stable key (model.paragraph_key) is `key`."""
        spans = []
        marks = erratum_spans(para)
        for citation in self.index.by_paragraph.get(key, []):
            ref = citation.reference
            if ref.implied or citation.resolution.status not in LINKED:
                continue
            inside = [m for m in marks if m.start < ref.end and ref.start < m.end]
            if not inside:
                spans.append(Span(ref.start, ref.end, 1, lambda inner, c=citation: reference_link(inner, page, c)))
                continue
            start, end = min([ref.start] + [m.start for m in inside]), max([ref.end] + [m.end for m in inside])

            def wrap(_inner: str, c=citation, start=start, end=end, inside=inside, text=para.text) -> str:
                pieces, pos = [], start
                for mark in sorted(inside, key=lambda found: found.start):
                    pieces.append(escape_markdown(text[pos : mark.start]))
                    pieces.append(mark.render(escape_markdown(text[mark.start : mark.end])))
                    pos = mark.end
                pieces.append(escape_markdown(text[pos:end]))
                return reference_link("".join(pieces), page, c)

            spans.append(Span(start, end, -1, wrap))
        return spans

    def paragraph_markdown(self, key: str, para: Paragraph, page: str) -> str:
        """A paragraph outside the articles (a glossary definition) with its reference links."""
        return render_inline(para.text, self(key, para, page))


def sentence_markdown(citation: Citation) -> str:
    """The citing sentence, escaped, with the reference in bold."""
    ref, text = citation.reference, citation.text
    sentence = FOOTNOTE_MARK.sub("", citing_sentence(text, ref.start, ref.end))
    at = sentence.find(ref.text)
    if at < 0:
        return escape_markdown(sentence)
    return (
        escape_markdown(sentence[:at])
        + f"**{escape_markdown(ref.text)}**"
        + escape_markdown(sentence[at + len(ref.text) :])
    )


def citing_link(page: str, citation: Citation) -> str:
    href = relative_link(page, citation.page) + (f"#{citation.fragment}" if citation.fragment else "")
    return f"[{escape_markdown(citation.label)}]({href})"


def citation_items(page: str, citations: list[Citation], books: dict[str, Book], show_target: bool) -> list[str]:
    """One list item per citing sentence (a sentence citing the same target twice is listed once)."""
    items, seen = [], set()
    for citation in citations:
        key = (
            citation.place,
            citing_sentence(citation.text, citation.reference.start, citation.reference.end),
            citation.resolution.key,
        )
        if key in seen:
            continue
        seen.add(key)
        target = ""
        if show_target and citation.resolution.status == "clause":
            target = f"（引 {escape_markdown(target_label(books, citation.resolution).split(' · ')[-1])}）"
        citing = books[citation.book].articles.get(citation.slug) if citation.book in books else None
        copied = (
            f"（此句出自来源在第{citing.number}条下误载的第{citing.copy_of}条正文，并非第{citing.number}条本身的引用）"
            if citing is not None and citing.copy_of is not None
            else ""
        )
        items.append(f"- {citing_link(page, citation)}{target}：{sentence_markdown(citation)}{copied}")
    return items


def backlinks_markdown(index: LinkIndex, books: dict[str, Book], article: Article) -> str:
    """The '引用本条的条文' section closing an article page ('' when nothing cites it)."""
    citations = index.backlinks(article.book, article.slug)
    if not citations:
        return ""
    page = f"{article.book}/{article.slug}.md"
    items = citation_items(page, citations, books, show_target=True)
    # kept out of the search index: the sentences belong to the citing pages, where search already finds them
    return "\n".join(["## 引用本条的条文 {#cited-by .backlinks-heading data-search-exclude}", "", *items])


def missing_anchor_heading(book: str, number: int) -> str:
    return f"### {BOOKS[book].cite_prefix}第{number}条 {{#{book}-{number}}}"


def missing_references_page(index: LinkIndex, books: dict[str, Book]) -> str:
    """about/missing-references.md: every cited article the sources do not contain, and who cites it."""
    missing = index.missing_targets()
    out = [
        "---",
        "title: 缺失条文的引用",
        "search:",
        "  exclude: true",
        "---",
        GENERATED,
        "",
        "# 被引用但不在来源中的条文",
        "",
        f"本版来源只收录了两部书的部分条文。下列 {len(missing)} 条被其他条文引用，却不在来源中，无法链接到原文；"
        "正文里这类引用以虚线标出，点按可见说明。每条下面列出引用它的条文和引用的句子。",
        "",
    ]
    for key in books:
        numbers = [(k, v) for k, v in missing.items() if k[0] == key]
        if not numbers:
            continue
        out += [f"## {BOOKS[key].title}", ""]
        for (book, number), citations in numbers:
            written = [c for c in citations if not c.reference.implied]
            out += [
                missing_anchor_heading(book, number),
                "",
                f"本条的页面：[{BOOKS[book].cite_prefix}第{number}条](../{book}/{number}.md)。被引用 {len(written)} 次：",
                "",
            ]
            out += citation_items(MISSING_PAGE, citations, books, show_target=False)
            out.append("")
    return "\n".join(out)


def previews_script(index: LinkIndex, books: dict[str, Book]) -> str:
    """assets/generated/ref-previews.js: the text a reference's preview shows, keyed by `data-ref` (embedded: works from
    file://)."""
    previews = {}
    for citation in index.citations:
        resolution = citation.resolution
        if resolution.status in LINKED and resolution.key not in previews:
            previews[resolution.key] = {
                "label": target_label(books, resolution),
                "text": target_text(books, resolution),
                "missing": resolution.status == "missing",
            }
    body = json.dumps(dict(sorted(previews.items())), ensure_ascii=False, indent=0)
    return f"/* {GENERATED[5:-4]} */\nwindow.RULEBOOK_REF_PREVIEWS = {body};\n"


def reference_report_section(index: LinkIndex, books: dict[str, Book]) -> str:
    """The build report's section on cross-references: counts by outcome, and the cases a person should look at."""
    counts = index.counts()
    out = ["## 交叉引用", "", "| 类别 | 数量 |", "|---|---:|"]
    out += [f"| {name} | {counts[key]} |" for key, name in STATUS_NAMES]
    out += [f"| 范围中隐含的条号（如“规则25-32”中的26–31：计入反向链接，不单独成链） | {counts['implied']} |", ""]
    not_found = [
        c
        for c in index.citations
        if c.resolution.status == "article" and c.resolution.cited_anchor and not c.reference.implied
    ]
    if not_found:
        out += [
            f"所引款项在来源的条文结构中找不到、改链到整条的引用（{len(not_found)} 处；多为来源丢失了款项标记）：",
            "",
        ]
        for c in not_found:
            out.append(
                f"- {escape_markdown(c.label)}：“{escape_markdown(c.reference.text)}” → "
                f"{escape_markdown(target_label(books, c.resolution))}（缺 `#{c.resolution.cited_anchor}`）"
            )
        out.append("")
    outside = [c for c in index.citations if c.resolution.status == "outside"]
    if outside:
        out += [f"条号超出本书范围、不加链接的引用（{len(outside)} 处）：", ""]
        out += [
            f"- {escape_markdown(c.label)}：“{escape_markdown(c.reference.text)}”——"
            f"{escape_markdown(c.resolution.reason)}"
            for c in outside
        ]
        out.append("")
    unparsed = [c for c in index.citations if c.resolution.status == "unparsed"]
    out += [f"**未能解析的引用：{len(unparsed)}**" + ("（应为零）" if unparsed else "。"), ""]
    for c in unparsed:
        out.append(
            f"- {escape_markdown(c.label)}：“{escape_markdown(c.reference.text)}”——"
            f"{escape_markdown(c.resolution.reason)}"
        )
    missing = index.missing_targets()
    by_book = Counter(book for book, _ in missing)
    out += [
        "",
        "被引用但不在来源中的条文："
        + "、".join(f"{BOOKS[b].cite_prefix} {n} 条" for b, n in by_book.items())
        + "，明细见[缺失条文的引用](missing-references.md)。",
    ]
    return "\n".join(out)
