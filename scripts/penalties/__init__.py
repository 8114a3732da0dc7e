"""Penalty calculators: declared in rulebook_src/penalties/calculators.yml, tables in the other files there."""

from __future__ import annotations

from scripts.penalties.spec import PenaltyInputError, PenaltySpecError
from scripts.penalties.engine import RULES, calculate, calculators

CALCULATORS = RULES  # name → rule function (the spec is calculators())

__all__ = ["CALCULATORS", "PenaltyInputError", "PenaltySpecError", "calculate", "calculators"]
