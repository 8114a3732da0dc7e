"""Runs the stages from raw files to the article tree, and checks that every raw line is accounted for."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from scripts.pipeline.assemble import Assembly, assemble_books, load_overlaps
from scripts.pipeline.concordance import Concordance, ConcordanceError, load_concordance
from scripts.pipeline.decode import decode_source
from scripts.pipeline.errata import Erratum, apply_errata, check_unresolved_quotes, load_errata, mark_mojibake
from scripts.errors import ErratumError, ProblemList, SourceFormatError
from scripts.pipeline.glossary import GlossaryEntry, extract_glossary
from scripts.pipeline.model import Article, Book, Drop, Provenance, Repair, SourceLine
from scripts.pipeline.normalise import normalise_source
from scripts.pipeline.parse import ParsedSource, parse_articles
from scripts.pipeline.reparent import reparent_paragraphs
from scripts.pipeline.sources import SourceEntry, article_numbers, load_manifest
from scripts.curated.rulebook_src import RulebookSrc


DIGITS = str.maketrans("０１２３４５６７８９", "0123456789")


@dataclass
class Rulebook:
    """Everything the render stage and the build report need."""

    books: dict[str, Book]
    sources: list[SourceEntry]
    glossary: list[GlossaryEntry]
    toc: dict[str, list]
    repairs: list[Repair] = field(default_factory=list)
    drops: list[Drop] = field(default_factory=list)
    defects: list[str] = field(default_factory=list)
    errata: list[Erratum] = field(default_factory=list)
    unresolved: list[dict] = field(default_factory=list)
    mojibake: list[dict] = field(default_factory=list)
    line_counts: dict[str, int] = field(default_factory=dict)
    headings: list = field(default_factory=list)
    concordance: Concordance = field(default_factory=Concordance)
    src: RulebookSrc | None = field(default=None, repr=False)  # the value it was built from (link reads its aliases)


def build_rulebook(src: RulebookSrc) -> Rulebook:
    """raw files → decoded lines → normalised paragraphs → errata → parsed sources → two books."""
    sources = load_manifest(src)
    errata, mojibake, unresolved = load_errata(src)
    concordance = load_concordance(src)
    check_errata_files(src, {entry.file for entry in sources})
    stale_unresolved: list[str] = []
    repairs: list[Repair] = []
    drops: list[Drop] = []
    defects: list[str] = []
    parsed = []
    all_lines: dict[str, set[Provenance]] = {}
    errata_by_file: dict[str, list[Erratum]] = {}  # grouped once: apply_errata would scan every erratum per source
    for erratum in errata:
        errata_by_file.setdefault(erratum.file, []).append(erratum)
    for entry in sources:
        lines, decode_repairs = decode_source(entry)
        all_lines[entry.file] = {line.prov for line in lines}
        normalised = normalise_source(entry, lines, decode_repairs, mojibake, src)
        paragraphs, errata_repairs = apply_errata(entry.file, normalised.paragraphs, errata_by_file.get(entry.file, []))
        paragraphs = mark_mojibake(entry.file, paragraphs, mojibake)
        stale_unresolved += check_unresolved_quotes(entry.file, paragraphs, unresolved)
        source = parse_articles(entry.file, entry.book, paragraphs, concordance)
        check_source_articles(entry, source, lines, src.where)
        repairs += normalised.repairs + errata_repairs + source.repairs
        drops += normalised.drops
        defects += source.defects
        parsed.append(source)
    check_every_marker_used(concordance, parsed)
    assembly: Assembly = assemble_books(parsed, load_overlaps(src))
    for article in assembly.books["laws"].articles.values():
        if article.number in concordance.laws:
            article.english = concordance.laws[article.number].english_heading
    drops += assembly.drops
    defects += assembly.defects
    repairs += reparent_paragraphs(assembly.books, src)
    glossary, laws_front = extract_glossary(assembly.books["laws"].front_matter)
    assembly.books["laws"].front_matter = laws_front
    if stale_unresolved:
        raise ErratumError("\n".join(stale_unresolved))
    rulebook = Rulebook(
        books=assembly.books,
        sources=sources,
        glossary=glossary,
        toc=assembly.toc,
        repairs=repairs,
        drops=drops,
        defects=defects,
        errata=errata,
        unresolved=unresolved,
        mojibake=mojibake,
        line_counts={f: len(v) for f, v in all_lines.items()},
        headings=assembly.headings,
        concordance=concordance,
        src=src,
    )
    check_every_line_accounted(rulebook, all_lines)
    return rulebook


def check_errata_files(src: RulebookSrc, files: set[str]) -> None:
    """Every entry of errata.yml (mojibake, errata, unresolved) names a source of the manifest: one for another file
    would never be applied, and its correction would be lost without a word."""
    data, lines = src.load_with_lines("errata.yml")
    problems = [
        f"{lines.at(section, i, 'file')}: {item['file']} is not a source in manifest.yml"
        f" (sources: {', '.join(sorted(files))})"
        for section in ("mojibake", "errata", "unresolved")
        for i, item in enumerate(data.get(section) or [])
        if item["file"] not in files
    ]
    if problems:
        raise ErratumError("\n".join(problems))


def source_articles(entry: SourceEntry, src: RulebookSrc) -> list[Article]:
    """The articles one source holds by itself, read as the build reads it but with no errata (a source being added
    has none yet): what `make add-source` writes into its manifest entry."""
    lines, decode_repairs = decode_source(entry)
    normalised = normalise_source(entry, lines, decode_repairs, [], src)
    return parse_articles(entry.file, entry.book, normalised.paragraphs, load_concordance(src)).articles


def check_source_articles(entry: SourceEntry, source: ParsedSource, lines: list[SourceLine], where: str) -> None:
    """Fails the build, a line per article, when the articles read from a source are not those its manifest entry
    lists: a listed article whose heading was not read (named at the line that holds its heading in some form, else
    the line after the article before it) or a heading read that the entry does not list."""
    listed = set(article_numbers(entry.articles))
    read = {article.number: article for article in source.articles}
    problems = [
        f"{where}/raw/{entry.file}:{expected_heading_line(n, lines, source.articles)}: 清单 manifest.yml 说这份来源有"
        f"第{n}条，但这里没有读到它的标题（标题行应以“第{n}条”开头）"
        for n in sorted(listed - set(read))
    ]
    problems += [
        f"{where}/raw/{entry.file}:{min(lines_of(read[n]), default=1)}: 读到了第{n}条的标题，但清单 manifest.yml 的 articles 没有列出它"
        f"（列出的是 {entry.articles}）"
        for n in sorted(set(read) - listed)
    ]
    if problems:
        raise SourceFormatError("\n".join(problems))


def expected_heading_line(number: int, lines: list[SourceLine], read: list[Article]) -> int:
    """Where the heading of 第{number}条 should stand, between the headings of the articles read before and after it
    (its text may have run into the one before): the last line there that starts with 第 and the number, or the number
    and 条 (once invisible characters and spaces are set aside and
    full-width digits folded: a contents list comes before the heading); else the line after the article before it,
    else the first line of the article after it."""
    spans = [(a.number, min(lines_of(a)), max(lines_of(a))) for a in read if lines_of(a)]
    start = max((first for n, first, _ in spans if n < number), default=0)
    low = max((last for n, _, last in spans if n < number), default=0)
    high = min((first for n, first, _ in spans if n > number), default=len(lines) + 1)
    heading = re.compile(rf"^(?:第{number}(?![0-9])|{number}[条條])")
    found = [
        line.prov.line
        for line in lines
        if start < line.prov.line < high
        and heading.match("".join(ch for ch in line.text if ch.isprintable() and not ch.isspace()).translate(DIGITS))
    ]
    if found:
        return found[-1]
    return low + 1 if low else min(high, len(lines)) or 1


def lines_of(article: Article) -> list[int]:
    return [p.line for para in article.paragraphs() for p in para.provs]


def check_every_marker_used(concordance: Concordance, parsed: list) -> None:
    """Fails the build for a clause_markers.yml entry that starts no paragraph of its Law (the text changed under
    it)."""
    used = {id(entry) for source in parsed for entry in source.markers_used}
    unused = [entry for law in concordance.laws.values() for entry in law.markers if id(entry) not in used]
    if unused:
        raise ConcordanceError(
            "\n".join(f"{entry.where}: starts no paragraph of the Law (clause {entry.clause})" for entry in unused)
        )


def output_provenance(rulebook: Rulebook) -> set[Provenance]:
    """Every raw line that reaches a page: articles (variants included), front matter, contents, headings, glossary."""
    provs: set[Provenance] = set()
    for book in rulebook.books.values():
        for article in book.articles.values():
            provs.update(p for para in article.paragraphs() for p in para.provs)
            provs.update(p for variant in article.variants for para in variant.paragraphs for p in para.provs)
        provs.update(p for para in book.front_matter for p in para.provs)
    provs.update(p for paras in rulebook.toc.values() for para in paras for p in para.provs)
    provs.update(p for para in rulebook.headings for p in para.provs)
    for entry in rulebook.glossary:
        provs.update(entry.heading.provs)
        provs.update(p for para in entry.definition for p in para.provs)
    return provs


def check_every_line_accounted(rulebook: Rulebook, all_lines: dict[str, set[Provenance]]) -> None:
    """Fails the build, naming file and line, for any raw line that is neither on a page nor under a named drop rule."""
    accounted = output_provenance(rulebook) | {d.prov for d in rulebook.drops}
    problems = []
    for lines in all_lines.values():
        for prov in sorted(lines - accounted):
            problems.append(f"{prov}: raw line reaches no page and no drop rule names it")
    if problems:
        raise ProblemList(problems)
