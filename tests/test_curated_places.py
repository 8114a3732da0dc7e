"""Curated files point at things that exist (issue 46): every article, clause and calculator a curated file names is
checked before any page is written, one line `file:line` each: calculators.yml's `article` and `pages` (before,
`article: regulations/999` built with exit 0 and went into the widget data), a table's `article` and `anchor`s,
conventions.yml's `clause_labels` and `exemption.calculators`, errata.yml's `file`s. The check is one function,
scripts/pipeline/places.py `place_problem` / `check_places`, for any curated file that names a book/slug#anchor.
In-process: the real rulebook_src/ with one curated value changed in memory."""

from __future__ import annotations

import re
from dataclasses import replace
from types import MappingProxyType

import pytest

from scripts.curated.rulebook_src import frozen, thawed
from scripts.errors import RulebookError
from scripts.penalties.invariants import penalty_places
from scripts.penalties.tables import penalty_data
from scripts.pipeline.places import check_places, place_problem
from scripts.pipeline.run import build_rulebook
from tests.rulebook_once import load_full_rulebook, real_src


def changed_src(name: str, change):
    src = real_src()
    data, lines = src.yaml_files[name]
    copy = thawed(data)
    change(copy)
    return replace(src, yaml_files=MappingProxyType({**src.yaml_files, name: (frozen(copy), lines)}))


def set_key(path, value):
    def change(data):
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return change


def penalty_check(src):
    check_places(load_full_rulebook().books, penalty_places(penalty_data(src)))


@pytest.mark.parametrize(
    "name,path,value,line,says",
    [
        ("penalties/calculators.yml", ("calculators", 0, "article"), "regulations/999", 20, "regulations/999"),
        ("penalties/calculators.yml", ("calculators", 0, "article"), "laws/64#a", 20, "laws/64#a"),  # no text
        ("penalties/calculators.yml", ("calculators", 1, "pages", 0, "page"), "regulations/0", 38, "regulations/0"),
        ("penalties/lateness.yml", ("events", "teams-vp", "anchor"), "一-9", 10, "regulations/26#一-9"),
        ("penalties/conventions.yml", ("rounding", "article"), "regulations/99", 25, "regulations/99"),
    ],
)
def test_a_place_that_does_not_exist_stops_the_build_naming_its_line(name, path, value, line, says):
    with pytest.raises(RulebookError) as caught:
        penalty_check(changed_src(name, set_key(path, value)))
    message = str(caught.value)
    assert "\n" not in message and message.startswith(f"rulebook_src/{name}:{line}: {says}: "), message


def test_a_calculator_a_table_names_must_be_declared():
    src = changed_src("penalties/conventions.yml", lambda d: d["exemption"]["calculators"].append("no-such"))
    with pytest.raises(RulebookError, match=r"^rulebook_src/penalties/conventions.yml:\d+: calculator 'no-such'"):
        penalty_data(src)


def test_an_erratum_for_a_file_that_is_no_source_stops_the_build():
    src = changed_src("errata.yml", lambda d: d["errata"][0].update(file="009_nothere.txt"))
    with pytest.raises(RulebookError, match=r"^rulebook_src/errata.yml:\d+: 009_nothere.txt is not a source"):
        build_rulebook(src)


def test_the_real_files_name_only_places_that_exist():
    places = penalty_places(penalty_data(real_src()))
    assert len(places) > 100 and any("#" in place for place, _ in places)
    check_places(load_full_rulebook().books, places)


def test_the_check_is_one_call_for_any_file():
    books = load_full_rulebook().books
    assert place_problem(books, "regulations", "26", "二-2", "x.yml:3") is None
    assert re.match(r"x.yml:3: regulations/26#九: ", place_problem(books, "regulations", "26", "九", "x.yml:3"))
    assert re.match(r"x.yml:4: novels/1: ", place_problem(books, "novels", "1", "", "x.yml:4"))


def test_the_docs_build_stops_before_writing_a_calculator_that_points_at_nothing():
    from scripts.render.docs import render_site_pages

    rulebook = replace(
        load_full_rulebook(),
        src=changed_src("penalties/calculators.yml", set_key(("calculators", 0, "article"), "regulations/999")),
    )
    with pytest.raises(RulebookError, match=r"^rulebook_src/penalties/calculators.yml:20: regulations/999: "):
        render_site_pages(rulebook)


def test_the_page_of_a_law_the_sources_lack_is_a_place_but_has_no_clause():
    """规则第77条 has no text in the sources but a page of its own (the score calculator stands there); a clause of it
    does not exist, and a regulations number the sources lack has no page."""
    books = load_full_rulebook().books
    assert place_problem(books, "laws", "77", "", "x.yml:1") is None
    assert "没有" in (place_problem(books, "laws", "77", "a", "x.yml:2") or "")
    assert "x.yml:3" in (place_problem(books, "regulations", "1", "", "x.yml:3") or "")
