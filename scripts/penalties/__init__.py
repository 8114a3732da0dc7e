"""Penalty calculators: declared in rulebook_src/penalties/calculators.yml, tables in the other files there."""

from __future__ import annotations

from scripts.penalties.spec import PenaltyInputError, PenaltySpecError
from scripts.penalties.engine import RULES, calculate
from scripts.penalties.data import PenaltyData
from scripts.penalties.tables import penalty_data

CALCULATORS = RULES  # name → rule function (the spec is PenaltyData.calculators)

__all__ = ["CALCULATORS", "PenaltyData", "PenaltyInputError", "PenaltySpecError", "calculate", "penalty_data"]
