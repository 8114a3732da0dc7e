"""Chinese typesetting in the print edition, read from the PDFs' glyph boxes (pdftotext -bbox): a run of CJK punctuation
is set tighter than one full cell a mark (the font's half-width alternates, scripts/print/inline.py)."""

from __future__ import annotations

import re
import subprocess

import pytest

from scripts.print.inline import CJK_PUNCTUATION
from tests.test_print_pdf import KEYS

WORD = re.compile(r'<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">([^<]+)</word>')
FULL_WIDTH = CJK_PUNCTUATION.translate({ord(q): None for q in "“”‘’"})  # the quotes are proportional in Noto CJK
CJK_ONLY = re.compile(rf"[\u4e00-\u9fff{FULL_WIDTH}]+")
RUN = re.compile(f"[{CJK_PUNCTUATION}]{{2,}}")
EM_PER_BOX_HEIGHT = 1 / 1.4369  # Noto Serif CJK: a word's box is its ascent plus descent, 1.4369 em


@pytest.mark.parametrize("key", KEYS, ids=lambda k: "-".join(k))
def test_runs_of_punctuation_take_half_a_cell_less_a_mark(print_books, key):
    """A word of CJK characters only with one run of k ≥ 2 full-width punctuation marks is narrower than n em (it
    measures (n − (k − 1)/2) em in the SC cut): '计）；' took three full cells before, two and a half now."""
    book, _reader, _texts = print_books[key]
    boxes = subprocess.run(["pdftotext", "-bbox", str(book.path), "-"], check=True, capture_output=True, text=True)
    measured = 0
    for x0, y0, x1, y1, word in WORD.findall(boxes.stdout):
        runs = RUN.findall(word)
        if not CJK_ONLY.fullmatch(word) or len(runs) != 1:
            continue
        em = (float(y1) - float(y0)) * EM_PER_BOX_HEIGHT
        cells = (float(x1) - float(x0)) / em
        # (n − (k − 1)/2) em in the SC cut; the TC cut centres 。 and sets it a quarter wider: at least a fifth less
        assert cells <= len(word) - 0.2, f"{key}: {word} is {cells:.2f} em wide, {len(word)} full cells"
        measured += 1
    assert measured >= 10, measured


PAGE = re.compile(r"<page [^>]*>(?P<words>.*?)</page>", re.S)


def printed_lines(pdf) -> list[str]:
    """The text of every printed line of a PDF: its words (pdftotext -bbox) grouped by their vertical middle, page by
    page, left to right. (pdftotext's own <line>s split a line where a half-width mark's box overlaps the next.)"""
    boxes = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    lines = []
    for page in PAGE.finditer(boxes):
        words = sorted(
            ((float(y0) + float(y1)) / 2, float(x0), word) for x0, y0, _x1, y1, word in WORD.findall(page["words"])
        )
        rows: list[list[tuple[float, float, str]]] = []
        for middle, x, word in words:
            if rows and middle - rows[-1][0][0] < 3:  # points: a line is about 15.7 pt below the one above
                rows[-1].append((middle, x, word))
            else:
                rows.append([(middle, x, word)])
        lines += ["".join(word for _, _, word in sorted(row, key=lambda w: w[1])) for row in rows]
    return lines


@pytest.mark.parametrize("key", KEYS, ids=lambda k: "-".join(k))
def test_no_line_holds_only_punctuation(print_books, key):
    """Line breaking keeps a closing mark with the character before it (and an opening one with the one after): no
    printed line is made of CJK punctuation alone."""
    book, _reader, _texts = print_books[key]
    lines = printed_lines(book.path)
    assert len(lines) > 1000, len(lines)
    alone = [text for text in lines if all(c in CJK_PUNCTUATION for c in text)]
    assert not alone, f"{key}: {len(alone)} line(s) of punctuation only: {alone[:10]}"
