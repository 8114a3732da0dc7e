"""Runs the stages from raw files to the article tree, and checks that every raw line is accounted for."""

from __future__ import annotations

from dataclasses import dataclass, field

from scripts.pipeline.assemble import Assembly, assemble_books, load_overlaps
from scripts.pipeline.concordance import Concordance, ConcordanceError, load_concordance
from scripts.pipeline.decode import decode_source
from scripts.pipeline.errata import Erratum, apply_errata, check_unresolved_quotes, load_errata, mark_mojibake
from scripts.errors import ErratumError, ProblemList
from scripts.pipeline.glossary import GlossaryEntry, extract_glossary
from scripts.pipeline.model import Book, Drop, Provenance, Repair
from scripts.pipeline.normalise import normalise_source
from scripts.pipeline.parse import parse_articles
from scripts.pipeline.reparent import reparent_paragraphs
from scripts.pipeline.sources import SourceEntry, load_manifest
from scripts.curated.rulebook_src import RulebookSrc


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
