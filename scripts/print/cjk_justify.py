"""Justified Chinese lines in WeasyPrint: the space a line lacks is shared between its characters, not only its spaces.

WeasyPrint (70.0, pinned) justifies a line by widening its spaces and no-break spaces only
(``weasyprint.layout.inline.count_expandable_spaces``), so a line of Chinese, which has none, keeps its gap at the right
margin: up to a character wherever digits, Latin letters or half-width punctuation make the line's natural width a
fraction of a cell off. CSS Text 3 asks ``text-justify: auto`` to expand between CJK characters too (inter-character
justification, as printed Chinese books do, clreq §3.1.6); WeasyPrint has no such option, so this module adds it, small
and in one place: every CJK character (ideograph, CJK or full-width punctuation) is one more expansion opportunity,
counted where WeasyPrint counts spaces and widened with Pango's letter spacing where WeasyPrint widens spaces (but the
line's last character, whose share would fall past the margin, and text with font features set, the half-width
punctuation, which letter spacing would set full width again). Nothing else of the layout changes: where lines break,
the last line of a paragraph, and everything not set ``justify``. ``install`` checks the version it was written
against, so a WeasyPrint upgrade fails the build here and not in print.
"""

from __future__ import annotations

import re

from scripts.books import HAN
from weasyprint import __version__ as weasyprint_version
from weasyprint.formatting_structure import boxes
from weasyprint.layout import inline
from weasyprint.text import line_break
from weasyprint.text.ffi import ffi, pango
from weasyprint.text.line_break import Layout

WRITTEN_FOR = "70.0"
# ideographs (scripts/books.py HAN), CJK symbols and punctuation, full-width forms
CJK_CHARACTER = HAN + "\u3000-\u303f\uff00-\uffef"
CJK_BYTES = re.compile(f"[{CJK_CHARACTER}]".encode())
CJK_TEXT = re.compile(f"[{CJK_CHARACTER}]")

_wrapped_set_text = Layout.set_text
_wrapped_count = inline.count_expandable_spaces
assert hasattr(inline, "justify_line") and hasattr(inline, "add_word_spacing"), "WeasyPrint's justification moved"


def spaced_out(style) -> bool:
    """Whether a text's CJK characters take a share: not where font features are set (the half-width punctuation of
    scripts/print/inline.py), which Pango turns off in letter-spaced text (a half-width ， set full again)."""
    return style["font_feature_settings"] == "normal"


def count_expansion_opportunities(box) -> int:
    """WeasyPrint's spaces and no-break spaces, plus one for each CJK character of a text box."""
    if isinstance(box, boxes.TextBox):
        return _wrapped_count(box) + (len(CJK_TEXT.findall(box.text)) if spaced_out(box.style) else 0)
    if isinstance(box, (boxes.LineBox, boxes.InlineBox)):
        return sum(count_expansion_opportunities(child) for child in box.children)
    return 0


def last_text(box) -> boxes.TextBox | None:
    """The last text box of a line (or inline box) in normal flow, if any."""
    if isinstance(box, boxes.TextBox):
        return box if box.text else None
    if isinstance(box, (boxes.LineBox, boxes.InlineBox)):
        for child in reversed(box.children):
            if child.is_in_normal_flow() and (found := last_text(child)) is not None:
                return found
    return None


def justify_line_between_characters(context, line, extra_width) -> None:
    """WeasyPrint's justify_line over the CJK characters too. A character's share follows it, so the line's last
    character's share would fall beyond the margin, leaving the line that much short: it takes none."""
    last = last_text(line)
    trailing = int(last is not None and spaced_out(last.style) and CJK_TEXT.fullmatch(last.text[-1]) is not None)
    if (opportunities := count_expansion_opportunities(line) - trailing) > 0:
        inline.add_word_spacing(context, line, extra_width / opportunities, 0)


def set_text_with_cjk_spacing(self: Layout, text: str, justify: bool = False) -> None:
    """WeasyPrint's set_text, then, when drawing a justified line, each CJK character widened by the line's share."""
    _wrapped_set_text(self, text, justify)
    if not (justify and self.justification_spacing and spaced_out(self.style)):
        return
    bytestring = self.text.encode()
    matches = list(CJK_BYTES.finditer(bytestring))
    if not matches:
        return
    attributes = pango.pango_layout_get_attributes(self.layout)
    if attributes == ffi.NULL:
        attributes = ffi.gc(pango.pango_attr_list_new(), pango.pango_attr_list_unref)
    letter_spacing = self.style["letter_spacing"]
    base = 0 if letter_spacing == "normal" else int(letter_spacing * line_break.TO_UNITS)
    spacing = int(self.justification_spacing * line_break.TO_UNITS) + base
    for match in matches:  # one value for all (Pango mis-itemizes a run whose characters differ in letter spacing)
        attribute = pango.pango_attr_letter_spacing_new(spacing)
        attribute.start_index, attribute.end_index = match.start(), match.end()
        pango.pango_attr_list_change(attributes, attribute)
    pango.pango_layout_set_attributes(self.layout, attributes)


def install() -> None:
    """Make WeasyPrint's justification expand CJK characters too (idempotent)."""
    if weasyprint_version != WRITTEN_FOR:
        raise RuntimeError(
            f"scripts/print/cjk_justify.py was written for WeasyPrint {WRITTEN_FOR}, not {weasyprint_version}: "
            "check weasyprint/layout/inline.py (count_expandable_spaces) and text/line_break.py (Layout.set_text)"
        )
    inline.count_expandable_spaces = count_expansion_opportunities
    inline.justify_line = justify_line_between_characters
    Layout.set_text = set_text_with_cjk_spacing
