"""The calculator registry: each calculator's function and its command-line parameters."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from scripts.penalties import sanctions, scoring, timing


@dataclass(frozen=True)
class Parameter:
    """One option of a calculator: `--name`; `flag` options take no value; `choices` are checked by the calculator."""

    name: str
    help: str
    required: bool = False
    flag: bool = False
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Calculator:
    name: str
    function: Callable[..., dict]
    help: str
    parameters: tuple[Parameter, ...] = field(default_factory=tuple)


EVENT = Parameter("event", "event type", required=True, choices=timing.EVENTS)
MINUTES = Parameter("minutes", "minutes, as 12, 5.5 or 5:30 (minutes:seconds)", required=True)
REPEAT = Parameter("repeat", "a repeat offence (第二次再犯)", flag=True)

CALCULATORS: dict[str, Calculator] = {c.name: c for c in (
    Calculator("lateness", timing.lateness, "第26条 lateness",
               (EVENT, MINUTES, REPEAT, Parameter("remove-boards", "boards the director removes (可酌情扣打)"))),
    Calculator("slow-play", timing.slow_play, "第27条 slow play and overtime",
               (EVENT, MINUTES, REPEAT, Parameter("share", "this side's share of the responsibility: 1, 0.5, 1/2 or 50% (default 1)"),
                Parameter("decimals", "decimal places kept when rounding (第35条, 0–2, default 2)"))),
    Calculator("procedural", sanctions.procedural, "第34、37、38条 procedural and disciplinary penalties",
               (Parameter("article", "34, 37 or 38", required=True, choices=("34", "37", "38")),
                Parameter("item", "the item's number as listed in the article (1．… or 一、…)", required=True),
                Parameter("offence", "1 = first offence, 2 = 再犯, 3 or more = 屡犯 (default 1)"),
                Parameter("scoring", "scoring in use (default vp)", choices=("vp", "imp", "mp")),
                Parameter("variant", "the item's case, e.g. voided, possible-damage, no-screens, answered"),
                Parameter("direct-damage", "the offence directly damaged the opponents (adjusted score)", flag=True))),
    Calculator("board", scoring.board, "规则第2条 dealer and vulnerability",
               (Parameter("number", "board number (1 or more)", required=True),)),
    Calculator("tie-ratio", scoring.tie_ratio, "第45条 IMP率 / TP率",
               (Parameter("won", "total IMPs (TPs) won", required=True), Parameter("lost", "total IMPs (TPs) lost", required=True),
                Parameter("kind", "imp or tp (default imp)", choices=("imp", "tp")))),
    Calculator("forfeit", scoring.forfeit, "第28条一 forfeits",
               (Parameter("event", "event type", required=True, choices=scoring.FORFEIT_EVENTS),
                Parameter("own-average", "round robin: the non-forfeiting side's average VP in this stage"),
                Parameter("opponent-average", "round robin: the forfeiting side's average VP in this stage"),
                Parameter("tie-vp", "VP of a tied match (default 15, the 25:0 scale)"),
                Parameter("vp-scale", "25, 20 or other (default 25)", choices=("25", "20", "other")),
                Parameter("boards", "number of boards"),
                Parameter("half-scale", "board-a-match scored 1/0.5/0", flag=True),
                Parameter("tie-match-points", "pairs 场分制: 场分 of a tied session or round"))),
    Calculator("withdrawal", scoring.withdrawal, "第28条二 withdrawal mid-event",
               (Parameter("event", "event type", required=True, choices=scoring.WITHDRAWAL_EVENTS),
                Parameter("boards", "unplayed or incomparable boards", required=True))),
    Calculator("fouled", scoring.fouled, "第44条 boards that cannot be compared",
               (Parameter("event", "event type", required=True, choices=scoring.FOULED_EVENTS),
                Parameter("boards", "number of boards (default 1)"),
                Parameter("whole-match", "teams: the whole match is void and cannot be replayed", flag=True),
                Parameter("tie-vp", "VP of a tied match (default 15)"))),
    Calculator("adjusted", scoring.adjusted, "规则第12条C1 artificial adjusted scores",
               (Parameter("responsibility", "direct, partial or none", required=True, choices=("direct", "partial", "none")),
                Parameter("scoring", "mp or imp (default mp)", choices=("mp", "imp")))),
    Calculator("rounding", scoring.rounding, "第35条 rounding half up",
               (Parameter("value", "the exact deduction", required=True), Parameter("decimals", "0–2 (default 2)"))),
    Calculator("carry-over", scoring.carry_over, "第52条 pairs carry-over (formula unverifiable: variables only)",
               tuple(Parameter(name, f"variable {name}") for name in "MQABES")),
)}


def calculate(name: str, **inputs) -> dict:
    """Run calculator `name` with keyword inputs named like the options (dashes as underscores)."""
    return CALCULATORS[name].function(**inputs)
