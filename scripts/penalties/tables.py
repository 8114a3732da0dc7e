"""The penalty tables, the scoring tables (rulebook_src/scoring/*.yml) and the calculator spec
(rulebook_src/penalties/*.yml) as one value, taken from the RulebookSrc
an entry point read: `penalty_data(src)` checks every table against its invariants (scripts/penalties/invariants.py)
and the spec against how its parts fit (scripts/penalties/spec.py), once, and every calculator, widget and printed
table takes the PenaltyData it returns. Nothing here opens a file or keeps a cache: `mkdocs serve` reads
rulebook_src/ again on an edit and so gets a new value.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from scripts.curated import Lines
from scripts.curated.rulebook_src import RulebookSrc
from scripts.errors import PenaltySpecError
from scripts.limits import clip
from scripts.penalties.data import PenaltyData
from scripts.penalties.duplicate_tables import check_scoring_table
from scripts.penalties.invariants import article_of, check_table, iter_quotes  # noqa: F401 (public here)
from scripts.penalties.spec import SANCTION_TABLES, checked_spec

FOLDER = "penalties"
SPEC_FILE = f"{FOLDER}/calculators.yml"  # the calculators' declaration; every other *.yml there is a table
SCORING = "scoring"  # 规则第77、78条: duplicate scores and IMPs, numbers of the WBF Laws (duplicate_tables.py checks)

__all__ = ["SANCTION_TABLES", "SPEC_FILE", "PenaltyData", "article_of", "iter_quotes", "penalty_data", "table_names"]


def table_names(src: RulebookSrc) -> tuple[str, ...]:
    """The tables of `src`: every penalties/*.yml but the spec, by file stem."""
    return tuple(
        name.removeprefix(f"{FOLDER}/").removesuffix(".yml")
        for name in src.names(f"{FOLDER}/*.yml")
        if name != SPEC_FILE
    )


def check_calculator_names(
    tables: Mapping[str, Any], table_lines: Mapping[str, Lines], calculators: Mapping[str, Any]
) -> None:
    """Every calculator a table names (conventions.yml `exemption.calculators`) is declared in calculators.yml."""
    for name, table in tables.items():
        for key, section in table.items():
            named = section.get("calculators", []) if isinstance(section, dict) else []
            for i, calculator in enumerate(named):
                if calculator not in calculators:
                    raise PenaltySpecError(
                        f"{table_lines[name].at(key, 'calculators', i)}: calculator {clip(calculator)!r} is not"
                        f" declared in calculators.yml (declared: {', '.join(calculators)})"
                    )


def penalty_data(src: RulebookSrc) -> PenaltyData:
    """The penalty data of `src`, checked: any fault is one line `rulebook_src/penalties/<file>:line: …`."""
    tables, table_lines = {}, {}
    for name in table_names(src):
        data, lines = src.load_with_lines(f"{FOLDER}/{name}.yml")
        check_table(name, data, lines)
        tables[name], table_lines[name] = data, lines
    for path in src.names(f"{SCORING}/*.yml"):
        name = path.removeprefix(f"{SCORING}/").removesuffix(".yml")
        data, lines = src.load_with_lines(path)
        check_scoring_table(name, data, lines)
        tables[name], table_lines[name] = data, lines
    spec, spec_lines = src.load_with_lines(SPEC_FILE)
    calculators, words = checked_spec(spec, spec_lines)
    check_calculator_names(tables, table_lines, calculators)
    return PenaltyData(
        MappingProxyType(tables), MappingProxyType(table_lines), MappingProxyType(calculators), words, spec_lines
    )
