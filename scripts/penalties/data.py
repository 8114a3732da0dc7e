"""The value every calculator, widget and printed table takes: the penalty tables and the checked calculator spec of
one RulebookSrc (made by scripts/penalties/tables.py `penalty_data`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scripts.curated import Lines


@dataclass(frozen=True)
class PenaltyData:
    """The tables by name (file stem), where each value stands, and the checked spec: calculators by name, words."""

    tables: Mapping[str, Any] = field(repr=False)
    table_lines: Mapping[str, Lines] = field(repr=False)
    calculators: Mapping[str, Any] = field(repr=False)  # name → declaration, in the order of calculators.yml
    words: Mapping[str, Any] = field(repr=False)  # the phrases both engines put together
    spec_lines: Lines | None = field(default=None, repr=False)  # where each value of calculators.yml stands

    def spec_place(self, calculator: str, *keys: str | int) -> str:
        """'rulebook_src/penalties/calculators.yml:line' of a calculator's key, to start a message."""
        if self.spec_lines is None:
            return "rulebook_src/penalties/calculators.yml"
        return self.spec_lines.at("calculators", list(self.calculators).index(calculator), *keys)

    @property
    def conventions(self) -> Any:
        return self.tables["conventions"]
