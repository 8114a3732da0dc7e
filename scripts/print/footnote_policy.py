"""`footnote-policy: line` kept by WeasyPrint when a page runs full: a note stays on the page of its call.

WeasyPrint (70.0, pinned) honours `footnote-policy: line` when it lays out the line that holds a note's call, but when a
later line of the page overflows it first tries to make room by moving the page's notes to the next page, the last
first (``weasyprint.layout.block._linebox_layout``, and the same in ``column.py``), whatever their policy: a note whose
call stands higher up the page then lands on the next page (规则第25条's ⑨ and 第26条's ⑩ on p.27). The print edition
used to mend that by starting the call's block on a new page, which left most of a page empty (规则 pp.27–28).

Both places loop ``while … and context.current_page_footnotes: context.report_footnote(current_page_footnotes[-1])``.
This module makes the page's list of notes read as empty to that test while its last note is one the policy keeps with
its line, so WeasyPrint breaks the page before the overflowing line instead, as it does for a note that does not fit.
The one other reader of the list's truth value, the footnote area's update (``LayoutContext._update_footnote_area``,
which makes the area's children the list itself and lays it out only when they are true), is given the notes as a plain
list. ``install`` checks the version it was written against.
"""

from __future__ import annotations

from weasyprint import __version__ as weasyprint_version
from weasyprint.layout import LayoutContext

WRITTEN_FOR = "70.0"


class PageFootnotes(list):
    """A page's notes, false while the last one is kept on its call's page (nothing left that may be moved)."""

    def __bool__(self) -> bool:
        return len(self) > 0 and self[-1].style["footnote_policy"] != "line"


def _get(context: LayoutContext) -> PageFootnotes:
    return context.__dict__["_page_footnotes"]


def _set(context: LayoutContext, notes: list) -> None:
    context.__dict__["_page_footnotes"] = PageFootnotes(notes)


_wrapped_update = LayoutContext._update_footnote_area


def _update_footnote_area(context: LayoutContext) -> None:
    """WeasyPrint's update of the footnote area, over the page's notes as a plain list (true when it holds any)."""
    notes = context.__dict__["_page_footnotes"]
    context.__dict__["_page_footnotes"] = list(notes)
    try:
        _wrapped_update(context)
    finally:
        context.__dict__["_page_footnotes"] = notes


def install() -> None:
    """Keep `footnote-policy: line` notes off WeasyPrint's make-room moves (idempotent)."""
    if weasyprint_version != WRITTEN_FOR:
        raise RuntimeError(
            f"scripts/print/footnote_policy.py was written for WeasyPrint {WRITTEN_FOR}, not {weasyprint_version}"
        )
    if not isinstance(LayoutContext.__dict__.get("current_page_footnotes"), property):
        LayoutContext.current_page_footnotes = property(_get, _set)
        LayoutContext._update_footnote_area = _update_footnote_area
