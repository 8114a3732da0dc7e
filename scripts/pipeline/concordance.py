"""The concordance with the 1997 WBF Laws: English titles and clause skeleton (rulebook_src/wbf1997.yml), and which of
our paragraphs starts which clause (rulebook_src/clause_markers.yml), checked when loaded."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from scripts.errors import StructureError
from scripts.curated.rulebook_src import RulebookSrc

SKELETON_FILE = "wbf1997.yml"
MARKERS_FILE = "clause_markers.yml"
# One step of a clause path in WBF notation (B2(b)(1)): the level decides which form a step must have.
PATH_STEP = re.compile(r"[A-Z]|[0-9]{1,2}|\([a-z]\)|\([0-9]{1,2}\)")
STEP_FORMS = [re.compile(r"[A-Z]"), re.compile(r"[0-9]{1,2}"), re.compile(r"\([a-z]\)"), re.compile(r"\([0-9]{1,2}\)")]
# The parser's marker family for each level of the Laws' numbering (parse.FAMILY_RANK 'laws'), and how a restored
# marker of that level is printed (as the surviving markers of source 003 print it: 'C.', '1.', '（c）').
LEVEL_FAMILIES = ["upper", "number", "paren-lower", "paren-number"]
LEVEL_LABELS = ["{}.", "{}.", "（{}）", "（{}）"]


class ConcordanceError(StructureError):
    """wbf1997.yml or clause_markers.yml is malformed, or an entry does not fit the text."""


@dataclass(frozen=True)
class ClauseStep:
    family: str  # the parser's marker family of this level
    label: str  # anchor part: 'b', '1', 'a'
    printed: str  # how a restored marker of this step is printed: 'B.', '1.', '（a）'


def parse_clause_path(path: str, where: str) -> tuple[ClauseStep, ...]:
    """'B2(b)(1)' → steps B / 2 / (b) / (1); fails naming `where` for anything else."""
    tokens = PATH_STEP.findall(path)
    if "".join(tokens) != path or not tokens or len(tokens) > len(STEP_FORMS):
        raise ConcordanceError(f"{where}: clause {path!r} is not a WBF clause path such as B, B1, B1(a), B2(b)(1)")
    steps = []
    for level, token in enumerate(tokens):
        if not STEP_FORMS[level].fullmatch(token):
            raise ConcordanceError(
                f"{where}: clause {path!r}: step {level + 1} {token!r} should look like {STEP_FORMS[level].pattern}"
            )
        label = token.strip("()")
        steps.append(ClauseStep(LEVEL_FAMILIES[level], label.lower(), LEVEL_LABELS[level].format(label)))
    return tuple(steps)


def clause_anchor(steps: tuple[ClauseStep, ...]) -> str:
    return "-".join(step.label for step in steps)


@dataclass(frozen=True)
class ClauseMarker:
    """One paragraph of a Law that starts a clause of the 1997 skeleton (an entry of clause_markers.yml)."""

    law: int
    starts: str
    clause: str  # WBF notation, 'B1(a)'
    steps: tuple[ClauseStep, ...]
    heading: str = ""
    source_label: str = ""  # the marker the source prints where it disagrees with the skeleton
    at: str = MARKERS_FILE  # where the entry stands: 'rulebook_src/clause_markers.yml:120'
    follows: int = 0  # the Law whose text (and clause order) the source printed here instead (Law 36 ← 35), else 0

    @property
    def anchor(self) -> str:
        return clause_anchor(self.steps)

    @property
    def where(self) -> str:
        return f"{self.at}: 第{self.law}条 “{self.starts}”"


@dataclass
class LawConcordance:
    """What the concordance says of one Law."""

    number: int
    title: str  # English title, 1997 code
    read_at: str  # where the skeleton was read (an id of wbf1997.yml's source_copies)
    verified: bool
    title_checked: bool = False  # the English title was seen in a stored 1997 copy (verified, or `title_read_at`)
    skeleton: dict[str, str] = field(default_factory=dict)  # anchor ('b-1-a') → English heading ('' if none)
    skeleton_labels: dict[str, str] = field(default_factory=dict)  # anchor → WBF notation ('B1(a)')
    markers: list[ClauseMarker] = field(default_factory=list)
    reason: str = ""  # why the markers were needed (Chinese, shown in the build report)
    note: str = ""  # where the Chinese text and the skeleton disagree and how (Chinese, shown in the build report)
    uncovered: list[str] = field(default_factory=list)  # skeleton clauses the Chinese text has no clause for (anchors)
    untitled: list[str] = field(
        default_factory=list
    )  # skeleton clauses with a heading the Chinese clause lacks (anchors)

    @property
    def english_heading(self) -> str:
        """'Law 27 · Insufficient Bid (WBF 1997)'."""
        return f"Law {self.number} · {self.title} (WBF 1997)"


@dataclass
class Concordance:
    laws: dict[int, LawConcordance] = field(default_factory=dict)

    def markers_for(self, book: str, number: int) -> list[ClauseMarker]:
        if book != "laws" or number not in self.laws:
            return []
        return self.laws[number].markers


def skeleton_clauses(
    clauses: list, prefix: str, where: str, out: dict[str, str], labels: dict[str, str], level: int = 0
) -> None:
    """Flattens a Law's nested clause list into anchor → English heading (and anchor → WBF notation)."""
    for clause in clauses or []:
        if not isinstance(clause, dict) or "label" not in clause:
            raise ConcordanceError(f"{where}: clause entry {clause!r} has no label")
        label = str(clause["label"])
        token = f"({label})" if level >= 2 else label
        notation = prefix + token
        steps = parse_clause_path(notation, where)
        out[clause_anchor(steps)] = str(clause.get("heading", "") or "")
        labels[clause_anchor(steps)] = notation
        skeleton_clauses(clause.get("clauses"), notation, where, out, labels, level + 1)


def load_concordance(src: RulebookSrc) -> Concordance:
    """Both files, checked: every Law named in clause_markers.yml is in wbf1997.yml, every clause it names is in the
    skeleton (or the Law's note says why the Chinese text departs from it), every field has its expected type."""
    concordance = Concordance()
    data, lines = src.load_with_lines(SKELETON_FILE)
    for number, law in (data.get("laws") or {}).items():
        where = f"{lines.at('laws', str(number))}: Law {number}"
        if not isinstance(number, int) or not isinstance(law, dict) or not law.get("title"):
            raise ConcordanceError(f"{where}: each Law needs an integer number and a title")
        entry = LawConcordance(
            number,
            str(law["title"]),
            str(law.get("read_at", "")),
            bool(law.get("verified", False)),
            title_checked=bool(law.get("verified", False) or law.get("title_read_at")),
        )
        skeleton_clauses(law.get("clauses"), "", where, entry.skeleton, entry.skeleton_labels)
        concordance.laws[number] = entry
    marked, marked_lines = src.load_with_lines(MARKERS_FILE)
    for number, law in (marked.get("laws") or {}).items():
        where = f"{marked_lines.at('laws', str(number))}: 第{number}条"
        if number not in concordance.laws:
            raise ConcordanceError(f"{where}: Law {number} is not in {SKELETON_FILE}")
        if not isinstance(law, dict) or not law.get("reason"):
            raise ConcordanceError(f"{where}: each Law needs a reason")
        entry = concordance.laws[number]
        entry.reason, entry.note = str(law["reason"]), str(law.get("note", "") or "")
        for key in ("uncovered", "untitled"):
            for clause in law.get(key) or []:
                anchor = clause_anchor(parse_clause_path(str(clause), where))
                if anchor not in entry.skeleton:
                    raise ConcordanceError(f"{where}: {key} clause {clause} is not in the skeleton of Law {number}")
                if not entry.note:
                    raise ConcordanceError(
                        f"{where}: {key} clause {clause}: the Law's note must say why the Chinese text departs from "
                        f"the skeleton"
                    )
                getattr(entry, key).append(anchor)
        for index, item in enumerate(law.get("clauses") or []):
            at = marked_lines.at("laws", str(number), "clauses", index)
            if not isinstance(item, dict) or not item.get("starts") or not item.get("clause"):
                raise ConcordanceError(f"{at}: 第{number}条: entry {item!r} needs starts and clause")
            unknown = set(item) - {"starts", "clause", "heading", "source_label"}
            if unknown:
                raise ConcordanceError(f"{where}: entry “{item['starts']}” has unknown keys {sorted(unknown)}")
            steps = parse_clause_path(str(item["clause"]), f"{where} “{item['starts']}”")
            follows = int(law.get("follows") or 0)
            marker = ClauseMarker(
                number,
                str(item["starts"]),
                str(item["clause"]),
                steps,
                str(item.get("heading", "") or ""),
                str(item.get("source_label", "") or ""),
                at,
                follows,
            )
            if follows and (follows not in concordance.laws or marker.anchor not in concordance.laws[follows].skeleton):
                raise ConcordanceError(
                    f"{marker.where}: clause {marker.clause} is not in the skeleton of Law {follows}, "
                    "which this Law's text follows"
                )
            if marker.heading and not (
                marker.heading.startswith(marker.starts) or marker.starts.startswith(marker.heading)
            ):
                raise ConcordanceError(f"{marker.where}: heading “{marker.heading}” is not how the paragraph starts")
            if marker.anchor not in entry.skeleton and not entry.note:
                raise ConcordanceError(
                    f"{marker.where}: clause {marker.clause} is not in the skeleton of Law {number}; say why in the "
                    f"Law's note"
                )
            entry.markers.append(marker)
    return concordance
