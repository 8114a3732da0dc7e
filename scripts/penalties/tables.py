"""Loads the penalty tables (rulebook_src/penalties/*.yml) and walks their quoted source sentences."""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Iterator

from scripts import curated
from scripts.paths import ROOT
PENALTY_DIR = ROOT / "rulebook_src" / "penalties"

# table name (file stem) → the calculator's article data
TABLE_FILES = (
    "conventions",
    "lateness",
    "slow_play",
    "forfeit",
    "procedural",
    "discipline",
    "phones_smoking",
    "fouled_boards",
    "tie_break",
    "adjusted_score",
    "board",
    "carry_over",
)

# --article N of the procedural calculator → table name
SANCTION_TABLES = {"34": "procedural", "37": "discipline", "38": "phones_smoking"}


@functools.lru_cache(maxsize=1)
def load_tables() -> dict[str, dict]:
    """Every table by name; the files are read once per process."""
    return {name: curated.load(PENALTY_DIR / f"{name}.yml") for name in TABLE_FILES}


def iter_quotes(table: dict, path: str = "") -> Iterator[tuple[str, str]]:
    """Every (key path, quoted sentence) in a table: the values of keys named `quote` or ending in `_quote`."""
    if isinstance(table, dict):
        for key, value in table.items():
            if (key == "quote" or key.endswith("_quote")) and isinstance(value, str):
                yield f"{path}.{key}", value
            else:
                yield from iter_quotes(value, f"{path}.{key}")
    elif isinstance(table, list):
        for index, value in enumerate(table):
            yield from iter_quotes(value, f"{path}[{index}]")


def article_of(table: dict, path: str) -> str:
    """The article a quote belongs to: the table's `article`, or `conversion_article` for a borrowed conversion quote."""
    if path.endswith("conversion_quote") and "conversion_article" in table.get("scale", {}):
        return table["scale"]["conversion_article"]
    if path.startswith(".rounding"):
        return table["rounding"]["article"]
    return table["article"]
