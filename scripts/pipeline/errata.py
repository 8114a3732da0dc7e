"""Applies the reviewed corrections in rulebook_src/errata.yml to one source's normalised paragraphs."""

from __future__ import annotations

from dataclasses import dataclass

from scripts.errors import ErratumError
from scripts.pipeline.model import Paragraph, Repair
from scripts.curated.rulebook_src import RulebookSrc

KINDS = ("ocr", "typo", "heading", "restored", "truncation", "marker")


@dataclass(frozen=True)
class Erratum:
    file: str
    kind: str
    find: str  # the text as it stands after normalisation (simplified)
    replace: str  # '\n' splits the paragraph there
    original: str  # the text as it stands in the raw source
    reason: str
    count: int = 1
    restored: bool = False  # True where the replacement adds text that is not in any source
    where: str = "errata.yml"  # 'rulebook_src/errata.yml:40', where the entry stands (for messages)


def load_errata(src: RulebookSrc) -> tuple[list[Erratum], list[dict], list[dict]]:
    """(errata, mojibake entries, unresolved defects) from errata.yml, each checked for the fields it needs."""
    data, lines = src.load_with_lines("errata.yml")  # keys and types checked by its schema (scripts/curated/files.py)
    errata = [Erratum(**raw, where=lines.at("errata", i)) for i, raw in enumerate(data.get("errata") or [])]
    unresolved = [dict(item, where=lines.at("unresolved", i)) for i, item in enumerate(data.get("unresolved") or [])]
    return errata, data.get("mojibake") or [], unresolved


def check_unresolved_quotes(file: str, paragraphs: list[Paragraph], unresolved: list[dict]) -> list[str]:
    """Problems for unresolved defects of `file` whose quote no longer occurs (fixed, or the entry is stale)."""
    text = "\n".join(p.text for p in paragraphs)
    return [
        f"{item.get('where', 'errata.yml')}: unresolved defect {item['quote']!r} does not occur in the normalised "
        f"text of {file}"
        for item in unresolved
        if item["file"] == file and item["quote"] not in text
    ]


def apply_errata(file: str, paragraphs: list[Paragraph], errata: list[Erratum]) -> tuple[list[Paragraph], list[Repair]]:
    """Applies every erratum for `file`; each must match exactly `count` times, else the build stops naming it."""
    repairs: list[Repair] = []
    problems: list[str] = []
    for erratum in (e for e in errata if e.file == file):
        found = sum(p.text.count(erratum.find) for p in paragraphs)
        if found != erratum.count:
            problems.append(
                f"{erratum.where}: erratum {erratum.find!r} → {erratum.replace!r}: found {found} time(s) in {file}, "
                f"expected {erratum.count}"
            )
            continue
        out: list[Paragraph] = []
        for para in paragraphs:
            if erratum.find not in para.text:
                out.append(para)
                continue
            repairs.append(
                Repair(
                    f"erratum-{erratum.kind}",
                    para.provs[0],
                    erratum.original,
                    erratum.replace.replace("\n", "⏎"),
                    erratum.reason,
                )
            )
            new_text = para.text.replace(erratum.find, erratum.replace)
            for piece in new_text.split("\n"):
                corrections = [c for c in para.corrections if c[0] in piece]
                # mark the new text in the piece that holds it; a pure split (every part already in `find`) marks
                # nothing
                changed = [
                    part for part in erratum.replace.split("\n") if part and part in piece and part not in erratum.find
                ]
                pure_split = "\n" in erratum.replace and all(
                    part in erratum.find for part in erratum.replace.split("\n")
                )
                if pure_split and piece and piece == new_text.split("\n")[0]:
                    changed = [piece]  # a pure split (a heading cut off its body) is marked on the heading it made
                if changed:
                    # restored text has no reading in the source: the note says so instead of quoting the line it was
                    # put by
                    original = "（来源中无此文字）" if erratum.restored else erratum.original
                    corrections = corrections + [
                        (
                            max(changed, key=len),
                            original,
                            erratum.reason + ("（补入的内容，不见于来源）" if erratum.restored else ""),
                        )
                    ]
                out.append(Paragraph(piece, list(para.provs), corrections))
        paragraphs = out
    if problems:
        raise ErratumError("\n".join(problems))
    return paragraphs, repairs


def mark_mojibake(file: str, paragraphs: list[Paragraph], mojibake: list[dict]) -> list[Paragraph]:
    """Marks each recovered mojibake run of `file` where it lands (its `shown` text, on the paragraph of its line), as
    every other correction is marked; a run that is not there stops the build naming the entry."""
    problems = []
    for item in (m for m in mojibake if m["file"] == file):
        shown, line = item["shown"], int(item["line"])
        at = next(
            (
                i
                for i, para in enumerate(paragraphs)
                if shown in para.text and any(prov.line == line for prov in para.provs)
            ),
            None,
        )
        if at is None:
            problems.append(
                f"{item.get('where', 'rulebook_src/errata.yml')}: mojibake of {file}:{line}: "
                f"the recovered text {shown!r} is not in the paragraph of that line"
            )
            continue
        para = paragraphs[at]
        paragraphs[at] = Paragraph(
            para.text, list(para.provs), [*para.corrections, (shown, item["original"], item["reason"])]
        )
    if problems:
        raise ErratumError("\n".join(problems))
    return paragraphs
