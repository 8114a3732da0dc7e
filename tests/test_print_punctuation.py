"""Chinese typesetting in the print edition, read from the PDFs' glyph boxes (pdftotext -bbox): a run of CJK punctuation
is set tighter than one full cell a mark (the font's half-width alternates, scripts/print/inline.py), no line is
punctuation alone, and running text is justified between its characters (scripts/print/cjk_justify.py)."""

from __future__ import annotations

import collections
import dataclasses
import functools
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


PAGE = re.compile(r"<page [^>]*>(?P<words>.*?)</page>", re.S)


@functools.cache
def word_boxes(pdf) -> str:
    """pdftotext -bbox of a PDF, read once per test run."""
    return subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], check=True, capture_output=True, text=True).stdout


@dataclasses.dataclass(frozen=True)
class PrintedLine:
    page: int
    middle: float  # points from the top of the page
    left: float
    right: float
    height: float  # the tallest word box: 1.4369 em of the line's largest type
    text: str
    words: tuple[tuple[float, float, float, str], ...]  # left, right, height, text


def printed_line_boxes(pdf) -> list[PrintedLine]:
    """Every printed line of a PDF: its words (pdftotext -bbox) grouped by their vertical middle, page by page, left to
    right. (pdftotext's own <line>s split a line where a half-width mark's box overlaps the next.)"""
    lines = []
    for number, page in enumerate(PAGE.finditer(word_boxes(pdf)), 1):
        words = sorted(
            ((float(y0) + float(y1)) / 2, float(x0), float(x1), float(y1) - float(y0), word)
            for x0, y0, x1, y1, word in WORD.findall(page["words"])
        )
        rows: list[list[tuple[float, float, float, float, str]]] = []
        for box in words:
            if rows and box[0] - rows[-1][0][0] < 3:  # points: a line is about 15.7 pt below the one above
                rows[-1].append(box)
            else:
                rows.append([box])
        for row in rows:
            row.sort(key=lambda box: box[1])
            lines.append(
                PrintedLine(
                    number,
                    row[0][0],
                    row[0][1],
                    max(box[2] for box in row),
                    max(box[3] for box in row),
                    "".join(box[4] for box in row),
                    tuple((box[1], box[2], box[3], box[4]) for box in row),
                )
            )
    return lines


def printed_lines(pdf) -> list[str]:
    """The text of every printed line of a PDF, page by page, left to right."""
    return [line.text for line in printed_line_boxes(pdf)]


def lines_by_page(pdf) -> list[tuple[float, list[PrintedLine]]]:
    """Each page's lines with the page's right text edge (the most common line end, to the point)."""
    pages = collections.defaultdict(list)
    for line in printed_line_boxes(pdf):
        pages[line.page].append(line)
    return [
        (collections.Counter(round(line.right) for line in lines).most_common(1)[0][0], lines)
        for _, lines in sorted(pages.items())
    ]


@pytest.mark.parametrize("key", KEYS, ids=lambda k: "-".join(k))
def test_runs_of_punctuation_take_half_a_cell_less_a_mark(print_books, key):
    """A word of CJK characters only with one run of k ≥ 2 full-width punctuation marks is narrower than n em (it
    measures (n − (k − 1)/2) em in the SC cut): '计）；' took three full cells before, two and a half now. Measured on
    lines that end a cell or more short of the margin, which justification has not widened."""
    book, _reader, _texts = print_books[key]
    measured = 0
    for edge, lines in lines_by_page(book.path):
        for line in lines:
            if edge - line.right < line.height * EM_PER_BOX_HEIGHT:
                continue  # a justified line: its characters are spaced out to the margin
            for x0, x1, height, word in line.words:
                runs = RUN.findall(word)
                if not CJK_ONLY.fullmatch(word) or len(runs) != 1:
                    continue
                cells = (x1 - x0) / (height * EM_PER_BOX_HEIGHT)
                # (n − (k − 1)/2) em in the SC cut; the TC cut centres 。 and sets it a quarter wider: a fifth less
                assert cells <= len(word) - 0.2, f"{key}: {word} is {cells:.2f} em wide, {len(word)} full cells"
                measured += 1
    assert measured >= 8, measured  # fewer since a reference carries its page (〔第20页〕: a word with digits)


@pytest.mark.parametrize("key", KEYS, ids=lambda k: "-".join(k))
def test_no_line_holds_only_punctuation(print_books, key):
    """Line breaking keeps a closing mark with the character before it (and an opening one with the one after): no
    printed line is made of CJK punctuation alone."""
    book, _reader, _texts = print_books[key]
    lines = printed_lines(book.path)
    assert len(lines) > 1000, len(lines)
    alone = [text for text in lines if all(c in CJK_PUNCTUATION for c in text)]
    assert not alone, f"{key}: {len(alone)} line(s) of punctuation only: {alone[:10]}"


BODY_LINE_STEP = 9.5 * 1.65  # points: book.css sets running text in 9.5 pt type on a 1.65 line height
BODY_BOX_HEIGHT = 9.5 / EM_PER_BOX_HEIGHT


@pytest.mark.parametrize("key", KEYS, ids=lambda k: "-".join(k))
def test_running_text_is_justified(print_books, key):
    """A line of running text that its paragraph continues on the next line (the next line one line height below,
    in the same type, starting at the same left edge) ends at the page's right text edge (its most common line end),
    within a point: the space a line lacks is shared between its characters, where WeasyPrint alone widens only
    spaces and Chinese lines ended up to a character short (49 of 197 such lines in the laws)."""
    book, _reader, _texts = print_books[key]
    continued, short = 0, []
    for edge, page_lines in lines_by_page(book.path):
        for line, below in zip(page_lines, page_lines[1:]):
            same_type = abs(line.height - BODY_BOX_HEIGHT) < 0.3 and abs(below.height - BODY_BOX_HEIGHT) < 0.3
            if (
                same_type
                and abs(below.middle - line.middle - BODY_LINE_STEP) < 0.3
                and abs(below.left - line.left) < 0.5
            ):
                continued += 1
                if edge - line.right > 1.0:
                    short.append(f"p.{line.page}: {edge - line.right:.1f} pt short: …{line.text[-20:]}")
    assert continued >= 150, continued
    assert not short, f"{key}: {len(short)} of {continued} continued lines end short of the margin: {short[:8]}"
