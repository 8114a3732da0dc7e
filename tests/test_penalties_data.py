"""The penalty tables in rulebook_src/penalties/: every quoted sentence occurs in its article's normalised text."""

from __future__ import annotations

import re

import pytest

from scripts.curated.rulebook_src import rulebook_src_from_texts
from scripts.penalties.tables import SPEC_FILE, article_of, iter_quotes, table_names
from penalty_data import PENALTIES, PENALTY_TEXTS, penalties_with

TABLE_FILES = tuple(name for name in PENALTIES.tables if name not in ("duplicate_score", "imp_scale"))  # penalties/

WHITESPACE = re.compile(r"\s+")
QUOTES = [(name, path, quote) for name in TABLE_FILES for path, quote in iter_quotes(PENALTIES.tables[name])]


def compact(text: str) -> str:
    return WHITESPACE.sub("", text)


@pytest.fixture(scope="module")
def rulebook():
    from tests.rulebook_once import load_rulebook

    return load_rulebook()


def test_every_table_file_is_loaded():
    """The tables are the *.yml files of the folder but the spec, found by a glob: a new table needs no list entry."""
    in_folder = {
        name.removeprefix("penalties/").removesuffix(".yml") for name in PENALTY_TEXTS if "scoring/" not in name
    }
    assert in_folder == set(TABLE_FILES) | {"calculators"}
    assert {"duplicate_score", "imp_scale"} <= set(PENALTIES.tables)  # rulebook_src/scoring/, by their own glob
    new = penalties_with({"penalties/new_table.yml": "calculator: lateness\narticle: regulations/26\ntitle: 新表\n"})
    assert "new_table" in new.tables and "calculators" not in new.tables and SPEC_FILE not in new.tables
    assert table_names(rulebook_src_from_texts(PENALTY_TEXTS)) == TABLE_FILES


@pytest.mark.parametrize("name, path, quote", QUOTES, ids=[f"{name}{path}" for name, path, _ in QUOTES])
def test_quote_occurs_in_the_article_text(rulebook, name, path, quote):
    book, slug = article_of(PENALTIES.tables[name], path).split("/")
    assert compact(quote) in compact(rulebook[book].articles[slug].plain_text()), f"{name}.yml{path}: {quote!r}"


@pytest.mark.parametrize("name", ["lateness", "slow_play"])
def test_band_tables_are_ordered_and_end_open(name):
    for event, spec in PENALTIES.tables[name]["events"].items():
        uppers = [band["upper"] for band in spec["bands"]]
        assert uppers[-1] is None and None not in uppers[:-1], event
        assert uppers[:-1] == sorted(uppers[:-1]) and len(set(uppers[:-1])) == len(uppers) - 1, event
        for band in spec["bands"]:
            assert band["quote"].startswith(band["band"] + "："), band["band"]
            bound = f"—{band['upper']}分钟" if band["upper"] is not None else "分钟以上"
            assert bound in band["band"], band["band"]


def anchors_of(table, found=None) -> set[str]:
    """Every clause anchor a table links to: `anchor` values, and for 第34/37/38条 each item's label."""
    found = set() if found is None else found
    if isinstance(table, dict):
        for key, value in table.items():
            if key == "anchor" and isinstance(value, str):
                found.add(value)
            else:
                anchors_of(value, found)
        if "item" in table and "variants" in table:
            found.add(table.get("label", str(table["item"])))
    elif isinstance(table, list):
        for value in table:
            anchors_of(value, found)
    return found


@pytest.mark.parametrize("name", [n for n in TABLE_FILES if n != "conventions"])
def test_result_links_point_at_existing_clauses(rulebook, name):
    table = PENALTIES.tables[name]
    book, slug = table["article"].split("/")
    existing = {clause.anchor for clause in rulebook[book].articles[slug].walk_clauses()}
    assert anchors_of(table) <= existing, sorted(anchors_of(table) - existing)


def test_every_calculator_has_a_page_and_a_rule(rulebook):
    from scripts.penalties import CALCULATORS
    from scripts.pipeline.assemble import missing_numbers
    from scripts.penalties.widgets import calculator_notice_for, missing_law_calculators, placements, widget_markup_for

    placed = {name for widgets in placements(PENALTIES).values() for name, _, _ in widgets}
    assert placed == set(CALCULATORS) == set(PENALTIES.calculators)
    for (book, slug), widgets in placements(PENALTIES).items():
        # an article we hold, or a Law our sources lack whose page carries the calculator (规则第77、78条)
        held = slug in rulebook[book].articles
        assert held or int(slug) in missing_numbers(rulebook[book]), f"{book}/{slug}"
        markup = widget_markup_for(PENALTIES, book, slug)
        if not held:
            assert markup in missing_law_calculators(PENALTIES, book, slug)
        assert markup.count('class="penalty-calculator"') == len(widgets)
        notice = calculator_notice_for(PENALTIES, book, slug)
        for name, _fixed, widget_id in widgets:
            assert (
                f'data-calculator="{name}"' in markup
                and f'id="{widget_id}"' in markup
                and f'href="#{widget_id}"' in notice
            )
    assert (
        widget_markup_for(PENALTIES, "regulations", "29") == ""
        and calculator_notice_for(PENALTIES, "regulations", "29") == ""
    )
