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
