"""Penalty calculators: the regulations' band tables and offence ladders, read from rulebook_src/penalties/."""
from __future__ import annotations

from .inputs import PenaltyInputError
from .engine import CALCULATORS, calculate

__all__ = ["CALCULATORS", "PenaltyInputError", "calculate"]
