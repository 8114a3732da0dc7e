"""Moves paragraphs the marker-driven parse put under the wrong clause to the clause they belong to
(clause_parents.yml).

The PDF sources carry no indentation, so a closing paragraph after a numbered list ('作为上述3“体系分类”的补充…' after
(5)) lands inside the last item. Each entry names the paragraph by its opening words and the clause it belongs to;
the paragraph becomes an unnumbered block of that clause, after its numbered items, in source order.
"""

from __future__ import annotations

from scripts.errors import StructureError
from scripts.pipeline.model import Book, Clause, Repair
from scripts.curated.rulebook_src import RulebookSrc


def reparent_paragraphs(books: dict[str, Book], src: RulebookSrc) -> list[Repair]:
    """Applies every entry of clause_parents.yml; an entry that finds nothing stops the build naming it."""
    repairs: list[Repair] = []
    problems: list[str] = []
    entries, lines = src.load_with_lines("clause_parents.yml")
    for i, entry in enumerate(entries or [], 1):
        article = books[entry["book"]].articles.get(str(entry["article"]))
        clauses = {c.anchor: c for c in article.walk_clauses()} if article else {}
        parent = clauses.get(entry["parent"])
        holder = next((c for c in clauses.values() for p in c.paragraphs if p.text.startswith(entry["starts"])), None)
        if article is None or parent is None or holder is None:
            problems.append(
                f"{lines.at(i - 1)}: entry {i} ({entry['book']} 第{entry['article']}条 {entry['starts']!r} → "
                f"{entry['parent']!r}): paragraph or parent clause not found"
            )
            continue
        start = next(k for k, p in enumerate(holder.paragraphs) if p.text.startswith(entry["starts"]))
        moved = holder.paragraphs[start : start + entry.get("paragraphs", 1)]
        del holder.paragraphs[start : start + len(moved)]
        n = sum(1 for c in parent.children if not c.label) + 1
        block = Clause(
            label="",
            level=parent.level,  # set at its parent's depth, not as one more item
            anchor=f"{parent.anchor}-p{n}",
            title="",
            paragraphs=moved,
        )
        parent.children.append(block)
        repairs.append(
            Repair(
                "clause-parent",
                moved[0].provs[0],
                f"{holder.anchor}：{moved[0].text[:16]}…",
                f"{parent.anchor}（不编号的段落）",
                entry["reason"],
            )
        )
    if problems:
        raise StructureError("\n".join(problems))
    return repairs
