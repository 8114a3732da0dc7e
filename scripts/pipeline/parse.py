"""Parses one source's paragraphs into articles: chapter/节 headings, 条, and nested 款/项/目 clauses."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from scripts.books import CN_DIGITS, HAN, SHORT_HEADING
from scripts.errors import StructureError
from scripts.pipeline.concordance import ClauseMarker, Concordance, ConcordanceError
from scripts.pipeline.model import Article, Clause, Paragraph, Repair

HEADING = re.compile(rf"^(?P<kind>第[{CN_DIGITS}]+(?:章|节|部分))\s*(?P<title>\S.*)?$")
TOC_TITLE = re.compile(r"^目\s*录$")
ARTICLE = re.compile(r"^第(?P<n>[0-9]{1,4})条[：:\s]*(?P<title>.*)$")
# A clause marker at the start of a paragraph; the family decides nesting, the label is the anchor part.
MARKERS = [
    ("cn", re.compile(rf"^(?P<label>[{CN_DIGITS}]{{1,3}})、\s*")),
    ("paren-cn", re.compile(rf"^（(?P<label>[{CN_DIGITS}]{{1,3}})）\s*")),
    ("upper", re.compile(r"^(?:(?P<label>[A-H])[.、](?![0-9])|[（(](?P<label2>[A-H])[）)])\s*")),
    ("number", re.compile(r"^(?P<label>[0-9]{1,2})[.、](?![0-9])\s*")),
    ("paren-number", re.compile(r"^[（(](?P<label>[0-9]{1,2})[）)]\s*")),
    ("paren-lower", re.compile(r"^[（(](?P<label>[a-h])[）)]\s*")),
    ("paren-circled", re.compile(r"^(?P<label>[⑴-⒇])\s*")),
    ("circled", re.compile(r"^(?P<label>[①-⑳])\s*")),
]
# Nesting rank of each marker family per book: a marker closes every open clause of equal or lower rank.
# Ranks (not the order markers happen to appear in) keep the tree right where the source lost a marker.
FAMILY_RANK = {
    "laws": {
        "upper": 1,
        "cn": 1,
        "number": 2,
        "paren-lower": 3,
        "paren-number": 4,
        "paren-circled": 4,
        "circled": 5,
        "paren-cn": 2,
    },
    "regulations": {
        "cn": 1,
        "paren-cn": 2,
        "number": 3,
        "paren-number": 4,
        "paren-circled": 4,
        "upper": 5,
        "circled": 6,
        "paren-lower": 7,
    },
}
CIRCLED_VALUE = {**{chr(0x2474 + i): str(i + 1) for i in range(20)}, **{chr(0x2460 + i): str(i + 1) for i in range(20)}}
# A clause text that is only a title: short, with no sentence punctuation.
FORMULA_FRACTION_LABEL = re.compile(r"^(?P<label>\S{1,12})=$")
FORMULA_OPERAND_WORDS = re.compile(rf"^[A-Z]*[{HAN}]+$")
# An operand of a fraction whose bar was lost is a short term ('IMP总胜分'); a longer line is a sentence of its own.
FORMULA_OPERAND_MAX_CHARS = 12
# The longest article title of either book has 18 characters (裁判法第38条); a longer text after 第N条 at a line's
# start is a sentence that opens with a reference, not a heading.
ARTICLE_TITLE_MAX_CHARS = 30


@dataclass
class ParsedSource:
    """What one source contributes to its book."""

    file: str
    book: str
    front_matter: list[Paragraph] = field(default_factory=list)
    toc: list[Paragraph] = field(default_factory=list)
    headings: list[tuple[str, Paragraph]] = field(default_factory=list)  # (chapter path, heading paragraph)
    articles: list[Article] = field(default_factory=list)
    repairs: list[Repair] = field(default_factory=list)
    defects: list[str] = field(default_factory=list)
    markers_used: list[ClauseMarker] = field(default_factory=list)  # concordance entries that started a clause here


def match_marker(text: str) -> tuple[str, str, str, str] | None:
    """(family, label as printed, anchor label, rest) for a paragraph starting with a clause marker."""
    for family, pattern in MARKERS:
        m = pattern.match(text)
        if m:
            label = m.group("label") or (m.groupdict().get("label2") or "")
            anchor = CIRCLED_VALUE.get(label, label).lower()
            return family, text[: m.end()].strip(), anchor, text[m.end() :]
    return None


def repair_fraction_formulas(paragraphs: list[Paragraph], repairs: list[Repair], defects: list[str]) -> list[Paragraph]:
    """Rebuilds a fraction whose bar was lost: ['IMP总胜分', 'IMP率=', 'IMP总负分'] → 'IMP率 = IMP总胜分 ÷ IMP总负分'.

    Operands that are not words ('MQ AB' over 'ES') cannot be rebuilt: they are kept as they stand and reported.
    """
    out: list[Paragraph] = []
    i = 0
    while i < len(paragraphs):
        window = paragraphs[i : i + 3]
        if (
            len(window) == 3
            and FORMULA_FRACTION_LABEL.match(window[1].text)
            and len(window[0].text) <= FORMULA_OPERAND_MAX_CHARS
            and len(window[2].text) <= FORMULA_OPERAND_MAX_CHARS
        ):
            top, label, bottom = (p.text for p in window)
            provs = [prov for p in window for prov in p.provs]
            if FORMULA_OPERAND_WORDS.match(top) and FORMULA_OPERAND_WORDS.match(bottom):
                text = f"{label[:-1]} = {top} ÷ {bottom}"
                repairs.append(Repair("broken-formula", provs[0], f"{top}⏎{label}⏎{bottom}", text))
                out.append(Paragraph(text, provs))
            else:
                text = f"{top}\n{label}\n{bottom}"
                defects.append(
                    f"{provs[0]}: 公式排版损坏（运算符和分数线丢失），照录未改：“{top}”／“{label}”／“{bottom}”"
                )
                out.append(Paragraph(text, provs))
            i += 3
            continue
        out.append(paragraphs[i])
        i += 1
    return out


class ArticleParser:
    """Walks the paragraphs of one source in order, keeping the open chapter path, article and clause stack."""

    def __init__(self, file: str, book: str, concordance: Concordance | None = None):
        self.result = ParsedSource(file, book)
        self.concordance = concordance or Concordance()
        self.pending_markers: list[ClauseMarker] = []  # the open article's concordance entries not yet matched
        self.chapter_path: dict[str, str] = {}
        self.article: Article | None = None
        self.stack: list[tuple[str, Clause]] = []
        self.anchors: set[str] = set()  # anchors of the open article's clauses (kept here, not re-walked per clause)
        self.in_toc = False
        self.toc_entries: set[str] = set()
        self.pending_title = False

    @property
    def chapter(self) -> str:
        order = {"章": 0, "部分": 1, "节": 2}
        return " · ".join(v for k, v in sorted(self.chapter_path.items(), key=lambda kv: order[kv[0]]))

    def parse(self, paragraphs: list[Paragraph]) -> ParsedSource:
        paragraphs = repair_fraction_formulas(paragraphs, self.result.repairs, self.result.defects)
        for para in paragraphs:
            self.read(para)
        self.close_article()
        return self.result

    def read(self, para: Paragraph) -> None:
        text = para.text
        if TOC_TITLE.match(text):
            self.in_toc = True
            self.result.toc.append(para)
            return
        heading = HEADING.match(text)
        if heading:
            normalised = re.sub(r"\s+", "", text)
            if self.in_toc and normalised not in self.toc_entries:
                self.toc_entries.add(normalised)
                self.result.toc.append(para)
                return
            self.in_toc = False
            self.close_article()
            kind = heading["kind"]
            level = "部分" if kind.endswith("部分") else kind[-1]
            heading_title = re.sub(r"\s+", "", heading["title"] or "")
            title = f"{kind} {heading_title}".strip()
            if level == "章":
                self.chapter_path = {"章": title}
            elif level == "部分":
                self.chapter_path = {k: v for k, v in self.chapter_path.items() if k == "章"} | {"部分": title}
            else:
                self.chapter_path = {k: v for k, v in self.chapter_path.items() if k != "节"} | {"节": title}
            self.result.headings.append((self.chapter, para))
            return
        article = ARTICLE.match(text)
        if article and len(article["title"]) <= ARTICLE_TITLE_MAX_CHARS and "。" not in article["title"]:
            self.open_article(int(article["n"]), article["title"].strip(), para)
            return
        if article and (self.article is None or int(article["n"]) > self.article.number):
            # shaped like the next article's heading (第N条, with or without a space after 条: source 003 writes
            # 第17條競叫過程), but no title can be read from it: never let the article vanish into the one before
            changed = "; the line was changed by an erratum in rulebook_src/errata.yml" if para.corrections else ""
            raise StructureError(
                f"{para.provs[0]}: “{text[:24]}…” starts like the heading of 第{article['n']}条, but the"
                f" rest is not a title (over 30 characters or a full stop){changed}; fix the line or add an erratum"
            )
        if self.article is None:
            (self.result.toc if self.in_toc else self.result.front_matter).append(para)
            return
        if self.pending_title:
            self.pending_title = False
            if SHORT_HEADING.match(text) and not match_marker(text):
                self.article.title = text
                self.article.intro.append(
                    Paragraph("", para.provs, para.corrections)
                )  # title line: provenance kept, no text
                return
        self.read_body(para)

    def open_article(self, number: int, title: str, para: Paragraph) -> None:
        self.close_article()
        self.in_toc = False
        self.article = Article(self.result.book, number, str(number), title, self.chapter, sources=[self.result.file])
        self.article.intro.append(Paragraph("", para.provs, para.corrections))  # the heading line itself
        self.pending_title = not title
        self.stack = []
        self.anchors = set()
        self.pending_markers = list(self.concordance.markers_for(self.result.book, number))

    def close_article(self) -> None:
        if self.article is not None:
            self.article.intro = [p for p in self.article.intro if p.text or p.provs]
            self.result.articles.append(self.article)
        self.article = None
        self.stack = []

    def read_body(self, para: Paragraph) -> None:
        marker = match_marker(para.text)
        entry = self.take_concordance_entry(marker[3] if marker else para.text)
        if entry is not None:
            self.open_concordance_clause(entry, marker, para)
            return
        if marker is None:
            target = self.stack[-1][1].paragraphs if self.stack else self.article.intro
            target.append(para)
            return
        family, printed, anchor_label, rest = marker
        ranks = FAMILY_RANK[self.result.book]
        while self.stack and ranks[self.stack[-1][0]] >= ranks[family]:
            self.stack.pop()
        parent = self.stack[-1][1] if self.stack else None
        siblings = parent.children if parent else self.article.clauses
        anchor = f"{parent.anchor}-{anchor_label}" if parent else anchor_label
        taken = self.anchors
        if anchor in taken:
            self.result.defects.append(
                f"{para.provs[0]}: 第{self.article.number}条：款项编号“{printed}”与前面的重复，锚点加后缀区分"
            )
            k = 2
            while f"{anchor}_{k}" in taken:
                k += 1
            anchor = f"{anchor}_{k}"
        clause = Clause(label=printed, level=len(self.stack) + 1, anchor=anchor, title="")
        if rest and SHORT_HEADING.match(rest) and not rest.endswith(("：", "。")):
            clause.title = rest
            clause.paragraphs.append(Paragraph("", para.provs, para.corrections))
        elif rest:
            clause.paragraphs.append(Paragraph(rest, para.provs, para.corrections))
        else:
            clause.paragraphs.append(Paragraph("", para.provs, para.corrections))
        siblings.append(clause)
        self.anchors.add(anchor)
        self.stack.append((family, clause))

    # --- clause markers from the concordance (rulebook_src/clause_markers.yml) ----------------------------
    def take_concordance_entry(self, text: str) -> ClauseMarker | None:
        """The open article's first unmatched concordance entry whose opening words start `text` (consumed)."""
        for i, entry in enumerate(self.pending_markers):
            if text.startswith(entry.starts):
                del self.pending_markers[i]
                self.result.markers_used.append(entry)
                return entry
        return None

    def open_concordance_clause(
        self, entry: ClauseMarker, marker: tuple[str, str, str, str] | None, para: Paragraph
    ) -> None:
        """Opens the clause an entry names, under its parent clause: a printed marker is kept (and must agree with the
        skeleton, unless the entry names the printed label it overrides); a lost one is restored with the editor's note;
        the heading is split from the sentence glued to it."""
        where = f"{para.provs[0]}: {entry.where}"
        last = entry.steps[-1]
        printed, rest = (marker[1], marker[3]) if marker else ("", para.text)
        agrees = marker is not None and marker[2] == last.label and family_group(marker[0]) == last.family
        if entry.source_label != ("" if agrees or marker is None else printed):
            if marker is None or agrees:
                raise ConcordanceError(
                    f"{where}: source_label {entry.source_label!r} given, but the source prints "
                    f"{printed or 'no marker'} there"
                )
            raise ConcordanceError(
                f"{where}: the source prints {printed!r} where the skeleton has {entry.clause}; add source_label: "
                f"{printed!r} to the entry to confirm the relabelling"
            )
        law = f"1997年WBF规则第{entry.law}条{entry.clause}".replace("(", "（").replace(")", "）")
        if entry.follows:  # the source printed another Law's text here: its labels follow that text, not this Law
            law = (
                (
                    f"这段文字自身的次序（来源此处印的是第{entry.follows}条的文字，"
                    f"编号同第{entry.follows}条{entry.clause}）"
                )
                .replace("(", "（")
                .replace(")", "）")
            )
        if agrees:
            label, note = printed, ""
        elif marker is not None:
            label, note = last.printed, f"来源作“{printed}”；款项编号据{law}改"
        else:
            label, note = last.printed, f"款项编号据{law}补（来源无此编号）"
        parent_anchor = "-".join(step.label for step in entry.steps[:-1])
        chain = self.clause_chain(parent_anchor)
        if parent_anchor and not chain:
            raise ConcordanceError(
                f"{where}: clause {entry.clause} needs its parent #{parent_anchor}, which the text has not opened yet"
            )
        if entry.anchor in self.anchors:
            raise ConcordanceError(
                f"{where}: clause {entry.clause} (#{entry.anchor}) is already open in 第{self.article.number}条"
            )
        clause = Clause(label=label, level=len(entry.steps), anchor=entry.anchor, title="", restored=note)
        body, corrections = rest, list(para.corrections)
        if entry.heading:
            if not rest.startswith(entry.heading):
                raise ConcordanceError(
                    f"{where}: the paragraph does not start with the heading “{entry.heading}”: {rest[:30]!r}"
                )
            clause.title, body = entry.heading, rest[len(entry.heading) :]
            clause.heading_split = bool(body)
            # corrections inside the heading stay with it, on the text-less title line (as for a heading on its own
            # line)
            in_heading = [c for c in corrections if c[0] in entry.heading and c[0] not in body]
            if body and in_heading:
                corrections = [c for c in corrections if c not in in_heading]
                clause.paragraphs.append(Paragraph("", para.provs, in_heading))
        clause.paragraphs.append(
            Paragraph(body, para.provs, corrections) if body else Paragraph("", para.provs, corrections)
        )
        (chain[-1].children if chain else self.article.clauses).append(clause)
        self.anchors.add(entry.anchor)
        self.stack = [(step.family, c) for step, c in zip(entry.steps, chain + [clause])]

    def clause_chain(self, anchor: str) -> list[Clause]:
        """The open article's clauses from the top level down to `anchor` ([] if none has it, or anchor is '')."""
        chain: list[Clause] = []
        clauses = self.article.clauses
        parts = anchor.split("-") if anchor else []
        for depth in range(1, len(parts) + 1):
            wanted = "-".join(parts[:depth])
            found = next((c for c in reversed(clauses) if c.anchor == wanted), None)
            if found is None:
                return []
            chain.append(found)
            clauses = found.children
        return chain


def family_group(family: str) -> str:
    """Marker families that number alike: ⑴ and （1） are both 'paren-number'; （一） and 一、 are both 'cn'."""
    return {"paren-circled": "paren-number", "paren-cn": "cn"}.get(family, family)


def parse_articles(
    file: str, book: str, paragraphs: list[Paragraph], concordance: Concordance | None = None
) -> ParsedSource:
    """One source's paragraphs → front matter, table of contents, chapter headings and articles.

    `concordance` (rulebook_src/clause_markers.yml) names paragraphs that start a clause whose marker the source lost
    or whose heading is glued to the sentence."""
    return ArticleParser(file, book, concordance).parse(paragraphs)
