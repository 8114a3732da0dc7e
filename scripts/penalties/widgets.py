"""Where the calculator widgets go (the `pages` of each calculator in calculators.yml) and their placeholders."""

from __future__ import annotations

import html
from pathlib import Path

from scripts.penalties.data import PenaltyData

PLANS_DIR = Path("assets") / "generated" / "plans"  # one script per calculator and page-fixed values (plan.py)


def plan_name(name: str, fixed: dict) -> str:
    """'procedural-34', 'lateness': the plan script of a calculator with a page's fixed values."""
    return "-".join([name, *(str(v) for v in fixed.values())])


def plan_path(name: str, fixed: dict) -> Path:
    return PLANS_DIR / f"{plan_name(name, fixed)}.js"


TIE_BREAK_SHEET_ID = "tie-break-sheet"  # the 第45条 sheet's placeholder (docs/assets/penalties/tie_break_sheet.js)


def placements(penalties: PenaltyData) -> dict[tuple[str, str], list[tuple[str, dict, str]]]:
    """(book, slug) → [(calculator name, fixed parameter values, widget id)] in the order of calculators.yml."""
    found: dict[tuple[str, str], list] = {}
    for name, calculator in penalties.calculators.items():
        for page in calculator["pages"]:
            book, slug = page["page"].split("/")
            fixed = {key: str(value) for key, value in page.get("fixed", {}).items()}
            widget_id = "calc-" + "-".join([name, *fixed.values()])
            found.setdefault((book, slug), []).append((name, fixed, widget_id))
    return found


def widget_markup_for(penalties: PenaltyData, book: str, slug: str) -> str:
    """The HTML placeholders to put at the end of an article page ('' when the article has no calculator)."""
    blocks = []
    for name, fixed, widget_id in placements(penalties).get((book, slug), ()):
        attributes = "".join(f' data-fixed-{html.escape(key)}="{html.escape(value)}"' for key, value in fixed.items())
        blocks.append(
            f'<div class="penalty-calculator" id="{widget_id}" data-calculator="{name}"'
            f' data-page="{book}/{slug}" data-plan="{plan_path(name, fixed).relative_to("assets").as_posix()}"'
            f"{attributes}>"
            f'<p class="penalty-noscript">本条的计算器需要 JavaScript。</p></div>'
        )
    sheet = penalties.tables["tie_break"]["sheet"]
    if sheet["page"] == f"{book}/{slug}":
        blocks.append(
            f'<div class="tie-break-sheet" id="{TIE_BREAK_SHEET_ID}" data-page="{book}/{slug}">'
            f'<p class="penalty-noscript">本条的同分名次表需要 JavaScript。</p></div>'
        )
    return "\n\n".join(blocks)


def calculator_notice_for(penalties: PenaltyData, book: str, slug: str) -> str:
    """A line for the top of an article with a calculator: what it computes, linked straight to the widget."""
    links = [
        f'<a href="#{widget_id}">{html.escape(penalties.calculators[name]["title"])}</a>'
        for name, _, widget_id in placements(penalties).get((book, slug), ())
    ]
    sheet = penalties.tables["tie_break"]["sheet"]
    if sheet["page"] == f"{book}/{slug}":
        links.append(f'<a href="#{TIE_BREAK_SHEET_ID}">{html.escape(sheet["title"])}</a>')
    if not links:
        return ""
    return f'<p class="penalty-notice-top" data-search-exclude>本条附有计算器：{"、".join(links)}</p>'
