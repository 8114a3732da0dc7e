"""The scoring tables' invariants (rulebook_src/scoring/), checked whenever they are loaded: one `path:line: …` line
for the first fault. The schema (scripts/curated/scoring_files.py) has made every strain, doubling and vulnerability
present; what is left is that the numbers make sense together:

- duplicate_score.yml (规则第77条): vulnerable never below not vulnerable, redoubled above doubled above undoubled,
  a game's premium above a part score's and a grand slam's above a small slam's, undertricks never cheaper as they
  grow, and over the whole grid (every level, strain, doubling, vulnerability and number of tricks) a contract's
  score rising with every trick taken;
- imp_scale.yml (第78条B): steps from 0 points and 0 IMP, one IMP more each, each starting 10 points after the one
  before ends (scores are multiples of 10), from ≤ to, only the last one open.
"""

from __future__ import annotations

import itertools

from scripts.errors import PenaltyTableError
from scripts.penalties.duplicate import MOST_TRICKS, contract_terms, points_of, undertrick_steps

LEVELS = range(1, 8)
DOUBLINGS = ("none", "X", "XX")
POINT_STEP = 10  # every duplicate score is a multiple of 10


def fail(lines, keys: tuple, problem: str) -> PenaltyTableError:
    return PenaltyTableError(f"{lines.at(*keys)}: {problem}")


def check_scoring_table(name: str, table: dict, lines) -> None:
    if name == "duplicate_score":
        check_duplicate_score(table, lines)
    elif name == "imp_scale":
        check_imp_scale(table, lines)


def _rising(lines, keys: tuple, values: list, what: str, strictly: bool = False) -> None:
    for before, after in itertools.pairwise(values):
        if after < before or (strictly and after == before):
            raise fail(lines, keys, f"{what}: {after} comes after {before}")


def check_duplicate_score(table: dict, lines) -> None:
    """Law 77's numbers: each premium and penalty ordered as the scoring table orders them, then the grid."""
    bonuses = table["bonuses"]
    for key in ("part_score", "game", "small_slam", "grand_slam"):
        _rising(lines, ("bonuses", key), bonuses[key], "vulnerable is below not vulnerable")
    for side in (0, 1):
        _rising(lines, ("bonuses",), [bonuses[k][side] for k in ("part_score", "game")], "game below part score", True)
        _rising(lines, ("bonuses",), [bonuses[k][side] for k in ("small_slam", "grand_slam")], "slams out of order")
        _rising(lines, ("bonuses", "insult"), [bonuses["insult"][d][side] for d in ("X", "XX")], "insult", True)
        _rising(lines, ("overtricks",), [table["overtricks"][d][side] for d in ("X", "XX")], "overtricks", True)
        _rising(lines, ("multipliers",), [table["multipliers"][d] for d in DOUBLINGS], "multipliers", True)
    for doubling, vulnerable in itertools.product(DOUBLINGS, (False, True)):
        steps = undertrick_steps(table, doubling, vulnerable)
        _rising(lines, ("undertricks", doubling), steps, "an undertrick costs less than the one before")
    for level, strain, doubling, vulnerable in itertools.product(LEVELS, table["trick_score"], DOUBLINGS, (0, 1)):
        terms = contract_terms(table, level, strain, doubling, bool(vulnerable))
        scores = [points_of(terms, level, tricks)[0]["score"] for tricks in range(MOST_TRICKS + 1)]
        where = ("trick_score", strain)
        _rising(lines, where, scores, f"{level}{strain} {doubling} vulnerable={bool(vulnerable)}: score", True)
        if any(score % POINT_STEP for score in scores):
            raise fail(lines, where, f"{level}{strain} {doubling}: a score that is not a multiple of {POINT_STEP}")


def check_imp_scale(table: dict, lines) -> None:
    """Law 78B's scale: contiguous from 0 points and 0 IMP, one IMP a step, the last step open."""
    steps = table["steps"]
    for index, (low, high, imps) in enumerate(steps):
        keys = ("steps", index)
        last = index == len(steps) - 1
        if low is None or imps is None:
            raise fail(lines, keys, "a step needs its lower end and its IMPs")
        if imps != index:
            raise fail(
                lines, keys, f"step {index} must be worth {index} IMP (one more than the step before), got {imps}"
            )
        expected = 0 if index == 0 else steps[index - 1][1] + POINT_STEP
        if low != expected:
            raise fail(
                lines, keys, f"the step must start at {expected} (10 points after the step before ends), got {low}"
            )
        if last != (high is None):
            raise fail(lines, keys, "only the last step is open (to: null), and it must be")
        if high is not None and high < low:
            raise fail(lines, keys, f"the step ends ({high}) before it starts ({low})")
