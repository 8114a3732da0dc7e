"""Extracts the Laws' definitions (引牌, 约定, 再加倍, 庄家) from the front matter into glossary entries."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from scripts.pipeline.model import Paragraph
from scripts.books import HAN, SHORT_HEADING

TERM = re.compile(rf"^(?P<term>[{HAN}]{{1,6}})\((?P<english>[A-Z][A-Z ]*)\)$")
END_OF_DEFINITIONS = SHORT_HEADING  # a short heading line ('竞赛规则1999版') ends the definitions


@dataclass
class GlossaryEntry:
    term: str
    english: str
    definition: list[Paragraph] = field(default_factory=list)
    heading: Paragraph | None = None

    @property
    def summary(self) -> str:
        text = " ".join(p.text for p in self.definition)
        return text if len(text) <= 80 else text[:79] + "…"


def extract_glossary(front_matter: list[Paragraph]) -> tuple[list[GlossaryEntry], list[Paragraph]]:
    """(definitions, the front matter paragraphs that are not part of a definition)."""
    entries: list[GlossaryEntry] = []
    rest: list[Paragraph] = []
    current: GlossaryEntry | None = None
    for para in front_matter:
        match = TERM.match(para.text)
        if match:
            current = GlossaryEntry(match["term"], match["english"], heading=para)
            entries.append(current)
        elif current is not None and not END_OF_DEFINITIONS.match(para.text):
            current.definition.append(para)
        else:
            current = None
            rest.append(para)
    return entries, rest
