"""An invisible character cannot delete an article (issue 46): each of U+200B, U+200D, U+2060, U+00AD, U+FEFF and
U+00A0 put before or inside an article heading of a source of either book still gives that article its page, and the
normaliser records what it removed or replaced as a repair (the build report counts it). Built in-process from the
real rulebook_src/ with the raw file changed and its sha256 in the manifest updated: one build per character and place
holds the case in a source of each book, and a failure names the book."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scripts.pipeline.run import build_rulebook
from tests.rulebook_once import load_full_rulebook, real_src, src_with_raw

INVISIBLE = {
    "zero-width-space": "\u200b",
    "zero-width-joiner": "\u200d",
    "word-joiner": "\u2060",
    "soft-hyphen": "\u00ad",
    "bom": "\ufeff",
    "no-break-space": "\u00a0",
}
# (book, raw file, heading as the raw file prints it, article slug): one source of each book
HEADINGS = [
    ("regulations", "000_7e52110b4744ddd8.txt", "第11条 比赛的报名及规定", "11"),
    ("laws", "002_549ebc658c1eeca9.txt", "第2條：", "2"),  # only this source holds Law 2,
]
# where the character goes: before the heading, after its number, and (for a format character, which has no width
# and no meaning in Chinese text) inside the number
PLACES = {
    "before": lambda head, ch: ch + head,
    "after-number": lambda head, ch: head.replace("条", "条" + ch, 1).replace("條", "條" + ch, 1),
    "in-number": lambda head, ch: head[:2] + ch + head[2:],
}


CASES = [
    pytest.param(ch, place, id=f"{name}-{place}")
    for name, ch in INVISIBLE.items()
    for place in PLACES
    if not (ch == "\u00a0" and place == "in-number")  # a space inside a number is not a heading
]


@pytest.mark.parametrize("ch,place", CASES)
def test_an_invisible_character_at_a_heading_keeps_the_article(ch, place):
    """One build holds the case in a source of each book (the two are different files); each book's loss is named."""
    src, baseline = real_src(), load_full_rulebook()
    texts = {file: src.raw(f"raw/{file}").decode("utf-8") for _, file, _, _ in HEADINGS}
    changed = src
    for _, file, head, _ in HEADINGS:
        assert texts[file].count(head) == 1
        changed = src_with_raw(changed, file, texts[file].replace(head, PLACES[place](head, ch)).encode("utf-8"))
    rulebook = build_rulebook(changed)
    problems = []
    for book, file, head, slug in HEADINGS:
        if slug not in rulebook.books[book].articles:
            problems.append(f"{book}/{slug} lost to U+{ord(ch):04X} {place} its heading")
            continue
        line = texts[file][: texts[file].index(head)].count("\n") + 1
        if not [
            r
            for r in rulebook.repairs
            if r.prov.file == file and r.prov.line == line and ch in r.original and ch not in r.replacement
        ]:
            problems.append(f"{book}: no repair of {file}:{line} records U+{ord(ch):04X}")
        if rulebook.books[book].articles[slug].title != baseline.books[book].articles[slug].title:
            problems.append(f"{book}/{slug}: its title changed to {rulebook.books[book].articles[slug].title!r}")
    assert not problems, "\n".join(problems)


def test_a_bom_at_the_start_of_a_source_is_a_recorded_repair():
    src = real_src()
    file = "000_7e52110b4744ddd8.txt"
    rulebook = build_rulebook(src_with_raw(src, file, "\ufeff".encode() + src.raw(f"raw/{file}")))
    assert [r.kind for r in rulebook.repairs if r.prov == replace(r.prov, file=file, line=1) and "\ufeff" in r.original]
    assert set(rulebook.books["regulations"].articles) == set(load_full_rulebook().books["regulations"].articles)
