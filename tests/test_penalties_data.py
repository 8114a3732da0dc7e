"""The penalty tables in rulebook_src/penalties/: every quoted sentence occurs in its article's normalised text."""
from __future__ import annotations

import re

import pytest

from scripts.penalties.tables import PENALTY_DIR, TABLE_FILES, article_of, iter_quotes, load_tables

WHITESPACE = re.compile(r"\s+")
QUOTES = [(name, path, quote) for name in TABLE_FILES for path, quote in iter_quotes(load_tables()[name])]


def compact(text: str) -> str:
    return WHITESPACE.sub("", text)


@pytest.fixture(scope="module")
def rulebook():
    from scripts.pipeline import load_rulebook

    return load_rulebook()


def test_every_table_file_is_loaded():
    assert {path.stem for path in PENALTY_DIR.glob("*.yml")} == set(TABLE_FILES)


@pytest.mark.parametrize("name, path, quote", QUOTES, ids=[f"{name}{path}" for name, path, _ in QUOTES])
def test_quote_occurs_in_the_article_text(rulebook, name, path, quote):
    book, slug = article_of(load_tables()[name], path).split("/")
    assert compact(quote) in compact(rulebook[book].articles[slug].plain_text()), f"{name}.yml{path}: {quote!r}"


@pytest.mark.parametrize("name", ["lateness", "slow_play"])
def test_band_tables_are_ordered_and_end_open(name):
    for event, spec in load_tables()[name]["events"].items():
        uppers = [band["upper"] for band in spec["bands"]]
        assert uppers[-1] is None and None not in uppers[:-1], event
        assert uppers[:-1] == sorted(uppers[:-1]) and len(set(uppers[:-1])) == len(uppers) - 1, event
        for band in spec["bands"]:
            assert band["quote"].startswith(band["band"] + "："), band["band"]
            bound = f"—{band['upper']}分钟" if band["upper"] is not None else "分钟以上"
            assert bound in band["band"], band["band"]
