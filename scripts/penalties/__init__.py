"""Penalty calculators: the regulations' band tables and offence ladders, read from rulebook_src/penalties/."""
from __future__ import annotations

from scripts.penalties.inputs import PenaltyInputError
from scripts.penalties.engine import CALCULATORS, calculate

__all__ = ["CALCULATORS", "PenaltyInputError", "calculate"]
