"""Where the calculator widgets go (the `pages` of each calculator in calculators.yml), and each widget's form as
HTML: the page arrives with its fields drawn (disabled until docs/assets/penalties/calculators.js mounts them and
rules), so nothing moves when the script comes, and the script only reads, rules and shows."""

from __future__ import annotations

import html
from pathlib import Path

from scripts.penalties.data import PenaltyData
from scripts.penalties.tables import SANCTION_TABLES

PLANS_DIR = Path("assets") / "generated" / "plans"  # one script per calculator and page-fixed values (plan.py)


def form_items(penalties: PenaltyData) -> dict[str, list[dict]]:
    """What the procedural form lists for each article (第34、37、38条): every item with its label and summary, the
    cases it has and whether it can cause direct damage. The rulings themselves are in the plans: no rule table is
    exported."""
    return {
        article: [
            {
                "item": str(entry["item"]),
                "label": entry.get("label"),
                "summary": entry["summary"],
                "damage": bool(entry.get("damage")),
                "variants": [{"name": v["name"], "label": v.get("label")} for v in entry["variants"]],
            }
            for entry in penalties.tables[table]["items"]
        ]
        for article, table in SANCTION_TABLES.items()
    }


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


# Written out whole: the site's combined stylesheet keeps only the rules for classes a page or a script names as a
# word (scripts/site/css.py classes_in_use)
FIELD_CLASS = {
    "select": "penalty-field penalty-field-select",
    "checkbox": "penalty-field penalty-field-checkbox",
    "text": "penalty-field penalty-field-text",
}
NOSCRIPT = "本条的计算器需要 JavaScript。"
# until calculators.js mounts the widget (hidden without JavaScript: Material's html.no-js); loader.js shows
# LOAD_FAILED instead when a script of the calculators cannot be fetched (the network went while the page was open)
LOADING = "{what}正在载入……"
LOAD_FAILED = "{what}未能载入（网络中断？）。请在网络恢复后重新打开本页。"


def loading_lines(what: str) -> str:
    """The two lines a widget shows before its script runs (LOADING, and LOAD_FAILED hidden), `what` its name."""
    return (
        f'<p class="penalty-loading">{LOADING.format(what=what)}</p>'
        f'<p class="penalty-load-failed" hidden>{LOAD_FAILED.format(what=what)}</p>'
    )


def _attributes(**values) -> str:
    """' a="1" b' from keyword values (an underscore in a name is a dash; True is a bare attribute, None none)."""
    out = []
    for name, value in values.items():
        name = name.rstrip("_").replace("_", "-")
        if value is True:
            out.append(f" {name}")
        elif value is not None and value is not False:
            out.append(f' {name}="{html.escape(str(value))}"')
    return "".join(out)


def _choices(penalties: PenaltyData, parameter: dict, entries: list[dict] | None) -> list[tuple[str, str]]:
    """(value, label) of a select: the spec's choices, or the procedural article's items, or the first item's cases."""
    if parameter.get("choices_from") == "items":
        return [
            (e["item"], f"{e['label']}、{e['summary']}" if e["label"] else f"{e['item']}. {e['summary']}")
            for e in entries
        ]
    if parameter.get("choices_from") == "variants":
        return [(v["name"], v["label"] or penalties.words["default_variant"]) for v in entries[0]["variants"]]
    return [(str(value), label) for value, label in parameter["choices"]]


def _field(penalties: PenaltyData, parameter: dict, widget_id: str, entries: list[dict] | None) -> str:
    """One field of the form, as calculators.js reads it: its control is `#<widget id>-<name>`, disabled until the
    script mounts it; a case field (variants) and a damage flag (only_with) are hidden while the chosen item has
    none (the script shows them for another item)."""
    key = parameter["name"].replace("-", "_")
    control_id = f"{widget_id}-{key}"
    kind = (
        "select"
        if "choices" in parameter or "choices_from" in parameter
        else "checkbox"
        if parameter["kind"] == "flag"
        else "text"
    )
    hidden = False
    if parameter.get("choices_from") == "variants":
        hidden = len(entries[0]["variants"]) < 2
    elif parameter.get("only_with") and entries is not None:
        hidden = not entries[0][parameter["only_with"]]
    default = parameter.get("default")
    label = f'<label for="{control_id}">{html.escape(parameter["label"])}</label>'
    if kind == "select":
        choices = _choices(penalties, parameter, entries)
        chosen = (
            str(default)
            if default is not None
            else choices[0][0]
            if parameter.get("required") or parameter.get("choices_from")
            else ""
        )
        options = [] if chosen != "" else ['<option value="">—</option>']
        options += [
            f"<option{_attributes(value=v, selected=v == chosen)}>{html.escape(text)}</option>" for v, text in choices
        ]
        control = f"<select{_attributes(id=control_id, name=key, disabled=True)}>{''.join(options)}</select>"
    elif kind == "checkbox":
        control = f'<input{_attributes(id=control_id, name=key, type="checkbox", disabled=True)}>'
    else:
        typed = _attributes(
            id=control_id,
            name=key,
            type="text",
            inputmode="numeric" if parameter["kind"] == "integer" else "decimal",
            autocomplete="off",
            placeholder=parameter.get("placeholder", ""),
            spellcheck="false",
            value=default,
            disabled=True,
        )
        control = f"<input{typed}>"
        if parameter["kind"] == "minutes":  # a numeric keypad may have no colon: this key types 分:秒's colon (:)
            control = (
                f'<span class="penalty-time">{control}<button type="button" class="penalty-colon"'
                f' aria-label="输入分秒之间的冒号" disabled>：</button></span>'
            )
    parts = [control, label] if kind == "checkbox" else [label, control]
    if parameter.get("help"):
        parts.append(f"<small>{html.escape(parameter['help'])}</small>")
    return f"<div{_attributes(class_=FIELD_CLASS[kind], hidden=hidden)}>{''.join(parts)}</div>"


def widget_form(penalties: PenaltyData, name: str, fixed: dict, widget_id: str) -> list[str]:
    """The lines of a calculator's widget inside its placeholder: title, fields (the spec's parameters less the page's
    fixed ones), the place for the ruling, and the copy and share buttons."""
    calculator = penalties.calculators[name]
    entries = form_items(penalties).get(fixed.get("article", ""))
    fields = [
        _field(penalties, parameter, widget_id, entries)
        for parameter in calculator["parameters"]
        if parameter["name"] not in fixed
    ]
    return [
        f'<p class="penalty-title">计算器：{html.escape(calculator["title"])}</p>',
        '<form class="penalty-form" novalidate><div class="penalty-fields">',
        *fields,
        "</div></form>",
        f'<div class="penalty-output" aria-live="polite">{loading_lines("计算器")}'
        f'<noscript><p class="penalty-noscript">{NOSCRIPT}</p></noscript></div>',
        '<div class="penalty-actions"><button type="button" class="md-button penalty-copy" disabled>复制裁决</button>'
        '<button type="button" class="md-button penalty-share" disabled>分享</button>'
        '<span class="penalty-copy-status" aria-live="polite"></span></div>',
    ]


def widget_markup_for(penalties: PenaltyData, book: str, slug: str) -> str:
    """The HTML of the calculators to put at the end of an article page ('' when the article has none)."""
    blocks = []
    for name, fixed, widget_id in placements(penalties).get((book, slug), ()):
        attributes = "".join(f' data-fixed-{html.escape(key)}="{html.escape(value)}"' for key, value in fixed.items())
        opening = (
            f'<div class="penalty-calculator" id="{widget_id}" data-calculator="{name}"'
            f' data-page="{book}/{slug}" data-plan="{plan_path(name, fixed).relative_to("assets").as_posix()}"'
            f"{attributes}>"
        )
        blocks.append("\n".join([opening, *widget_form(penalties, name, fixed, widget_id), "</div>"]))
    sheet = penalties.tables["tie_break"]["sheet"]
    if sheet["page"] == f"{book}/{slug}":
        blocks.append(
            f'<div class="tie-break-sheet" id="{TIE_BREAK_SHEET_ID}" data-page="{book}/{slug}">'
            f"{loading_lines('同分名次表')}"
            f'<noscript><p class="penalty-noscript">本条的同分名次表需要 JavaScript。</p></noscript></div>'
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


def first_place(penalties: PenaltyData, name: str) -> str:
    """'laws/77.md#calc-score': the page where calculator `name` is first shown, at its widget."""
    page = penalties.calculators[name]["pages"][0]
    fixed = [str(value) for value in page.get("fixed", {}).values()]
    return f"{page['page']}.md#calc-{'-'.join([name, *fixed])}"


def calculator_links(penalties: PenaltyData) -> list[tuple[str, str]]:
    """(title, page#widget) of every calculator where it is first shown, and the 第45条 sheet: the home page's tools."""
    links = [(calculator["title"], first_place(penalties, name)) for name, calculator in penalties.calculators.items()]
    sheet = penalties.tables["tie_break"]["sheet"]
    links.append((sheet["title"], f"{sheet['page']}.md#{TIE_BREAK_SHEET_ID}"))
    return links


def missing_law_calculators(penalties: PenaltyData, book: str, slug: str) -> str:
    """The calculators of a page whose article our sources lack (规则第77、78条): the line that links them, where each
    table's figures come from (its `notice`), the calculators they lead on to (`see`, as Markdown links), the forms."""
    placed = placements(penalties).get((book, slug), ())
    if not placed:
        return ""
    names = {name for name, _, _ in placed}
    notices = [t["notice"] for t in penalties.tables.values() if t.get("calculator") in names and "notice" in t]
    out = [calculator_notice_for(penalties, book, slug)]
    out += [f'<p class="penalty-source-note">{html.escape(notice)}</p>' for notice in notices]
    for name in sorted(names):
        for other in penalties.calculators[name].get("see", ()):
            out.append(f"另见：[{penalties.calculators[other]['title']}](../{first_place(penalties, other)})。")
    return "\n\n".join([*out, widget_markup_for(penalties, book, slug)])
