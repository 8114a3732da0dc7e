"""Proofreads the published pages against the sources: every run of source text must reach a page exactly once.

For each raw source the normalised text (after the reviewed errata, without the paragraphs a named drop rule removed)
is compared, character by character with whitespace ignored, against the visible text of the pages that publish it,
in source order: article pages (heading and body; a variant source's 异文 items), the book indexes (chapter headings,
front matter, contents) and the glossary. Every difference is a lost or duplicated run that nothing explains.
Run `python -m scripts.render.proofread` to list them.
"""

from __future__ import annotations

import difflib
import re
import sys
from itertools import accumulate
from dataclasses import dataclass
from html.parser import HTMLParser

import markdown
import yaml

from scripts.pipeline.decode import decode_source
from scripts.pipeline.errata import apply_errata, load_errata
from scripts.pipeline.model import Paragraph
from scripts.pipeline.normalise import LAYOUT_LINE, LineNormaliser, load_script_postmap, normalise_source
from scripts.pipeline.parse import match_marker
from scripts.pipeline.run import Rulebook
from scripts.paths import ROOT


def mkdocs_markdown_extensions() -> tuple[list[str], dict[str, dict]]:
    """The Markdown extensions and their settings, as mkdocs.yml gives them to the site (its !ENV tags read as null)."""

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)
    names, settings = [], {}
    for item in config.get("markdown_extensions") or []:
        name, options = next(iter(item.items())) if isinstance(item, dict) else (item, None)
        names.append(name)
        if options:
            settings[name] = options
    return names, settings


MARKDOWN_EXTENSIONS, MARKDOWN_EXTENSION_CONFIGS = mkdocs_markdown_extensions()
# Elements whose text is the editors' apparatus, not the rulebook's text: page metadata, notes, the 来源 box,
# calculators and the line announcing them, permalink and footnote back-reference signs, editors' tap notes.
# (a clause marker the editors restored and the English title are not the source's text either)
APPARATUS_CLASSES = {
    "article-meta",
    "article-bar",
    "article-foot",
    "provenance",
    "admonition",
    "penalty-calculator",
    "tie-break-sheet",
    "penalty-notice-top",
    "headerlink",
    "footnote-backref",
    "footnote-ref",
    "editor-note",
    "variant-place",
    "restored-marker",
    "article-english",
}
WHITESPACE = re.compile(r"\s+")
# Markup in the corrected source text that is not text: footnote marks and labels ('[^1]', '[^1]: ').
FOOTNOTE_MARKUP = re.compile(r"\[\^[0-9]+\]:?")
FOOTNOTE_DEFINITION = re.compile(r"^\[\^[0-9]+\]:")
# The separator a source writes between an article number and its title ('第6条：洗牌与发牌'); the page sets a space.
ARTICLE_HEADING_SEPARATOR = re.compile(r"^(第[0-9]+条)[：:]")
# Repairs the parse stage makes after the errata (the difference lies inside the repair's original and replacement).
REBUILT_AFTER_ERRATA = {"broken-formula"}
# Restored content that the page renders from rulebook_src/restored/ (shown as a notice, outside the text).
RESTORED_PLACEHOLDER = re.compile(r"^\{\{restored:[a-z0-9-]+\}\}$")


@dataclass(frozen=True)
class Difference:
    """A run of source text that did not reach its page (lost), or page text that is not in the source (added)."""

    file: str
    line: int
    kind: str  # 'lost' | 'added'
    text: str
    context: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.kind} {self.text!r} near {self.context!r}"


class VisibleText(HTMLParser):
    """Collects the text a reader sees, outside the apparatus; the items of a 异文 note are collected apart."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool, str]] = []  # (tag, apparatus, summary-kind)
        self.main: list[str] = []
        self.variant_items: list[str] = []
        self.front_items: list[str] = []
        self.toc_items: list[str] = []
        self.summary: str = ""
        self.in_summary = False
        self.block_kind = ""  # the kind of the open details block: '异文', '来源前言', '原书目录' or ''
        self.source_text_depth = 0  # inside an element classed `source-text`: source lines shown inside a notice

    def handle_starttag(self, tag, attrs):
        if tag in ("br", "hr", "img", "input", "meta", "link"):
            return
        classes = set((dict(attrs).get("class") or "").split())
        apparatus = bool(classes & APPARATUS_CLASSES) or tag in ("details", "script", "style")
        self.stack.append((tag, apparatus, "source-text" if "source-text" in classes else ""))
        if tag == "summary":
            self.in_summary = True
            self.summary = ""

    def handle_endtag(self, tag):
        if tag == "summary":
            self.in_summary = False
            self.block_kind = next((k for k in ("异文", "来源前言", "原书目录") if self.summary.startswith(k)), "")
        while any(t == tag for t, _, _ in self.stack):
            open_tag, _, _ = self.stack.pop()
            if open_tag == tag:
                break
        if tag == "details":
            self.block_kind = ""
        if tag in ("li", "p") and self.block_kind:
            self._items().append("\n")

    def _items(self) -> list[str]:
        return {"异文": self.variant_items, "来源前言": self.front_items, "原书目录": self.toc_items}[self.block_kind]

    def handle_data(self, data):
        if self.in_summary:
            self.summary += data
            return
        inside_apparatus = [t for t, apparatus, _ in self.stack if apparatus]
        if not inside_apparatus or any(kind == "source-text" for _, _, kind in self.stack):
            self.main.append(data)
        elif (
            self.block_kind
            and inside_apparatus == ["details"]
            and (self.block_kind != "异文" or any(t == "li" for t, _, _ in self.stack))
        ):
            self._items().append(data)


def visible_text(markdown_text: str) -> VisibleText:
    """The page's Markdown → HTML → the visible text, back-links section left out."""
    body = re.sub(r"^---\n.*?\n---\n", "", markdown_text, count=1, flags=re.S)
    body = body.split("\n## 引用本条的条文", 1)[0]
    html = markdown.markdown(body, extensions=MARKDOWN_EXTENSIONS, extension_configs=MARKDOWN_EXTENSION_CONFIGS)
    parser = VisibleText()
    parser.feed(html)
    return parser


def squeeze(text: str) -> str:
    return WHITESPACE.sub("", text)


def source_paragraphs(rulebook: Rulebook) -> tuple[dict[str, list[Paragraph]], list[Difference]]:
    """Each source's paragraphs after normalisation and the reviewed errata (what the pages should show), and the
    differences between its normalised lines and its paragraphs (joining wrapped lines and splitting glued headings
    must neither lose nor repeat text; a heading repeated in its body is the one named removal)."""
    errata, mojibake, _ = load_errata(rulebook.src)
    postmap = load_script_postmap(rulebook.src)
    out = {}
    differences: list[Difference] = []
    for entry in rulebook.sources:
        lines, decode_repairs = decode_source(entry)
        normaliser = LineNormaliser(entry, postmap, mojibake)
        line_texts = [
            (normaliser.normalise_line(line), line.prov.line) for line in lines if not LAYOUT_LINE.match(line.text)
        ]
        normalised = normalise_source(entry, lines, decode_repairs, mojibake, rulebook.src)
        # a duplicate-heading repair records (copy + what follows, what follows): the copy is what it removed
        removed = [
            squeeze(r.original[: len(r.original) - len(r.replacement)])
            for r in normalised.repairs
            if r.kind == "duplicate-heading"
        ]
        before = "".join(squeeze(text) for text, _ in line_texts)
        before_lines = [line for text, line in line_texts for _ in squeeze(text)]
        after = "".join(squeeze(p.text) for p in normalised.paragraphs)
        for difference in diff_runs(entry.file, before, before_lines, after):
            if not (difference.kind == "lost" and difference.text in removed):
                differences.append(difference)
        out[entry.file], _ = apply_errata(entry.file, normalised.paragraphs, errata)
    return out, differences


# Where the texts are cut into sentences for the first, coarse pass of the diff (the mark stays with its sentence).
SENTENCE_END = re.compile(r"(?<=[。；：！？])")


def sentences(text: str) -> list[str]:
    return [piece for piece in SENTENCE_END.split(text) if piece]


def differing_spans(expected: str, published: str) -> list[tuple[int, int, int, int]]:
    """(i1, i2, j1, j2) of every run that differs, in order: sentences first, then characters within the
    sentences that differ (a character diff of two whole sources takes seconds; of the few sentences that differ,
    milliseconds). Where a repeated run could be placed at either copy, the sentence pass decides which."""
    ours, theirs = sentences(expected), sentences(published)
    starts_ours, starts_theirs = ([0, *accumulate(map(len, pieces))] for pieces in (ours, theirs))
    spans = []
    coarse = difflib.SequenceMatcher(None, ours, theirs, autojunk=False)
    for tag, s1, s2, t1, t2 in coarse.get_opcodes():
        if tag == "equal":
            continue
        i0, j0 = starts_ours[s1], starts_theirs[t1]
        block, other = expected[i0 : starts_ours[s2]], published[j0 : starts_theirs[t2]]
        fine = difflib.SequenceMatcher(None, block, other, autojunk=False)
        spans += [(i0 + i1, i0 + i2, j0 + j1, j0 + j2) for op, i1, i2, j1, j2 in fine.get_opcodes() if op != "equal"]
    return spans


def diff_runs(
    file: str, expected: str, lines: list[int], published: str, explained=lambda lost, added: False
) -> list[Difference]:
    """The runs that differ between two texts, each placed at the source line of the expected side."""
    differences = []
    for i1, i2, j1, j2 in differing_spans(expected, published):
        if explained(expected[i1:i2], published[j1:j2]):
            continue
        line = lines[min(i1, len(lines) - 1)] if lines else 0
        if i2 > i1:
            differences.append(Difference(file, line, "lost", expected[i1:i2], expected[max(0, i1 - 12) : i2 + 12]))
        if j2 > j1:
            differences.append(Difference(file, line, "added", published[j1:j2], published[max(0, j1 - 12) : j2 + 12]))
    return differences


def expected_text(file: str, paragraphs: list[Paragraph], rulebook: Rulebook) -> tuple[str, list[int]]:
    """The source's text as it should be published: dropped paragraphs out, markup out; with a line per character."""
    dropped = {
        (d.prov.line, ARTICLE_HEADING_SEPARATOR.sub(r"\1", squeeze(d.text)))
        for d in rulebook.drops
        if d.prov.file == file and d.text
    }
    chars: list[str] = []
    lines: list[int] = []
    footnotes: list[tuple[str, int]] = []  # a footnote is published at the end of its article

    def add(text: str, line: int) -> None:
        chars.append(text)
        lines.extend([line] * len(text))

    for para in paragraphs:
        for piece in para.text.split("\n"):
            text = ARTICLE_HEADING_SEPARATOR.sub(r"\1", squeeze(piece))
            marker = match_marker(text)
            unmarked = marker[3] if marker else text
            if not text or any((prov.line, text) in dropped or (prov.line, unmarked) in dropped for prov in para.provs):
                continue
            if RESTORED_PLACEHOLDER.match(text):
                continue
            if re.match(r"^第[0-9]+条", text):
                for note, line in footnotes:
                    add(note, line)
                footnotes.clear()
            if FOOTNOTE_DEFINITION.match(text):
                footnotes.append((FOOTNOTE_MARKUP.sub("", text), para.provs[0].line))
                continue
            add(FOOTNOTE_MARKUP.sub("", text), para.provs[0].line)
    for note, line in footnotes:
        add(note, line)
    return "".join(chars), lines


def published_units(rulebook: Rulebook, pages: dict[str, str]) -> dict[str, list[tuple[int, str]]]:
    """Per source file: (first source line, visible text) of every published unit that carries its text."""
    units: dict[str, list[tuple[int, str]]] = {}
    for key, book in rulebook.books.items():
        index = visible_text(pages[f"{key}/index.md"])
        index_text = squeeze("".join(index.main))
        for article in book.articles.values():
            page = visible_text(pages[f"{key}/{article.slug}.md"])
            main = article.sources[0]
            lines = [p.line for p in article.provenance() if p.file == main]
            units.setdefault(main, []).append(
                (min(lines) + 0.5, "".join(page.main))
            )  # after a heading on the same line
            items = [item for item in "".join(page.variant_items).split("\n") if item.strip()]
            for variant in article.variants:
                first = min((p.line for para in variant.paragraphs for p in para.provs), default=None)
                if first is not None:
                    units.setdefault(variant.source, []).append((first + 0.5, "".join(items)))
        for para in rulebook.headings:
            if para.provs and para.provs[0].file in {a.sources[0] for a in book.articles.values()} | {
                v.source for a in book.articles.values() for v in a.variants
            }:
                text = squeeze(para.text)
                published = text if text in index_text else ""
                units.setdefault(para.provs[0].file, []).append((para.provs[0].line, published))
        front = "".join(index.front_items)
        for para in book.front_matter:
            if para.text and para.provs:
                units.setdefault(para.provs[0].file, []).append(
                    (para.provs[0].line, para.text if squeeze(para.text) in squeeze(front) else "")
                )
        toc = squeeze("".join(index.toc_items))
        for para in rulebook.toc.get(key, []):
            if para.text and para.provs:
                units.setdefault(para.provs[0].file, []).append(
                    (para.provs[0].line, para.text if squeeze(para.text) in toc else "")
                )
    glossary = visible_text(pages["glossary.md"])
    glossary_text = "".join(glossary.main)
    for entry in rulebook.glossary:
        first = entry.heading.provs[0]
        published = squeeze(glossary_text)
        heading = squeeze(entry.heading.text)
        body = "".join(squeeze(p.text) for p in entry.definition)
        units.setdefault(first.file, []).append(
            (first.line, (heading if heading in published else "") + (body if body in published else ""))
        )
    return units


MARKER_ONLY = re.compile(r"^(?:[A-Za-z0-9]{1,2}[.、]|[（(][A-Za-z0-9]{1,2}[）)])$")


def relabelled_lines(rulebook: Rulebook, file: str) -> set[int]:
    """Source lines of clauses whose marker the editors restored (Clause.restored, the concordance's note)."""
    return {
        prov.line
        for book in rulebook.books.values()
        for article in book.articles.values()
        for clause in article.walk_clauses()
        if getattr(clause, "restored", "")
        for para in clause.paragraphs[:1]
        for prov in para.provs
        if prov.file == file
    }


def proofread(rulebook: Rulebook, pages: dict[str, str]) -> list[Difference]:
    """Every lost or added run of text between each source and its published pages."""
    paragraphs, differences = source_paragraphs(rulebook)
    units = published_units(rulebook, pages)
    for entry in rulebook.sources:
        expected, lines = expected_text(entry.file, paragraphs[entry.file], rulebook)
        published = "".join(squeeze(text) for _, text in sorted(units.get(entry.file, []), key=lambda u: u[0]))
        rebuilt = [
            (squeeze(r.original.replace("⏎", "")), squeeze(r.replacement))
            for r in rulebook.repairs
            if r.prov.file == entry.file and r.kind in REBUILT_AFTER_ERRATA
        ]

        def explained(lost: str, added: str, rebuilt: list[tuple[str, str]] = rebuilt) -> bool:
            return any(lost in original and added in replacement for original, replacement in rebuilt)

        # a marker the source printed wrongly ('B款1。1.' for B3) that the editors' restored marker replaces, with its
        # note
        relabelled = relabelled_lines(rulebook, entry.file)
        differences += [
            d
            for d in diff_runs(entry.file, expected, lines, published, explained)
            if not (d.kind == "lost" and MARKER_ONLY.match(d.text) and d.line in relabelled)
        ]
    return differences


def main() -> int:
    from scripts.curated.rulebook_src import read_rulebook_src
    from scripts.pipeline.run import build_rulebook
    from scripts.render.docs import render_site_pages

    rulebook = build_rulebook(read_rulebook_src())
    differences = proofread(rulebook, render_site_pages(rulebook))
    for difference in differences:
        print(difference)
    print(f"{len(differences)} difference(s)")
    return 1 if differences else 0


if __name__ == "__main__":
    from scripts.errors import run_entry_point

    sys.exit(run_entry_point(main, "python -m scripts.render.proofread"))
