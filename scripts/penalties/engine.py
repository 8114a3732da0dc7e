"""The calculator registry: the rule function of each calculator declared in calculators.yml."""

from __future__ import annotations

from scripts.penalties import duplicate, forfeits, sanctions, scoring, timing
from scripts.penalties.data import PenaltyData

# calculator name (calculators.yml) → the function holding its arithmetic
RULES = {
    "lateness": timing.lateness,
    "slow-play": timing.slow_play,
    "procedural": sanctions.procedural,
    "board": scoring.board,
    "tie-ratio": scoring.tie_ratio,
    "forfeit": forfeits.forfeit,
    "withdrawal": forfeits.withdrawal,
    "fouled": scoring.fouled,
    "adjusted": scoring.adjusted,
    "rounding": scoring.rounding,
    "carry-over": scoring.carry_over,
    "score": duplicate.score,
    "imps": duplicate.imps,
}


def calculate(penalties: PenaltyData, name: str, **inputs) -> dict:
    """Run calculator `name` over `penalties` (scripts.penalties.tables.penalty_data) with keyword inputs named like
    the options (dashes as underscores), raw or typed."""
    return RULES[name](penalties, **inputs)
