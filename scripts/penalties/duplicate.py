"""规则第77条 duplicate scores and 第78条B IMPs, the rules once (the tables: rulebook_src/scoring/, numbers of the WBF
Laws, which our sources lack in Chinese).

Written for plain numbers (the command line) and for a symbolic number of tricks or points (the plans,
scripts/penalties/plan.py): what depends on the typed number goes through `when`, `condition` and `pick`, never an
`if`, so the browser's plan is this very arithmetic, with no rule of its own."""

from __future__ import annotations

import itertools

from scripts.penalties.data import PenaltyData
from scripts.penalties.result import empty_penalty, format_number, headline, json_number, make_result, subject
from scripts.penalties.spec import fill, input_error, parse_inputs
from scripts.penalties.symbolic import Sym, condition, pick, text_or_none, when

BOOK = 6  # the tricks before the first odd trick
MOST_TRICKS = 13
LEVELS = range(1, 8)
SLAMS = {6: "small_slam", 7: "grand_slam"}  # contract level → its premium


def trick_score(table: dict, level, strain: str, doubling: str):
    """The trick score of a contract made: the first odd trick's value and each further one's, times the doubling."""
    first, each = table["trick_score"][strain]
    return (first + each * (level - 1)) * table["multipliers"][doubling]


def undertrick_steps(table: dict, doubling: str, vulnerable: bool) -> list[int]:
    """What each undertrick costs, the first to the thirteenth."""
    steps, side = table["undertricks"][doubling], int(vulnerable)
    return [
        steps["first" if down == 1 else "second_third" if down <= 3 else "fourth_on"][side]
        for down in range(1, MOST_TRICKS + 1)
    ]


def premiums(table: dict, level, strain: str, doubling: str, vulnerable: bool) -> dict:
    """The premiums of a contract made: game or part score, slam, the doubling's, and what each overtrick is worth
    (`level` may be symbolic)."""
    side, bonuses = int(vulnerable), table["bonuses"]
    game = condition("le", table["game_from"], trick_score(table, level, strain, doubling))
    return {
        "game": game,
        "bonus": when(game, bonuses["game"][side], bonuses["part_score"][side]),
        "slam_bonus": pick([bonuses[SLAMS[n]][side] if n in SLAMS else 0 for n in LEVELS], level - 1),
        "insult": bonuses["insult"][doubling][side] if doubling != "none" else 0,
        "per_overtrick": table["trick_score"][strain][1] if doubling == "none" else table["overtricks"][doubling][side],
    }


def contract_score(table: dict, level, strain: str, doubling: str, vulnerable: bool, tricks) -> dict:
    """Law 77 for one result: each part and the score for the declaring side (negative when the contract fails), and
    the undertricks' steps as the widget words them; `level` and `tricks` may be symbolic."""
    scored, fixed = contract_points(table, level, strain, doubling, vulnerable, tricks)
    steps = undertrick_steps(table, doubling, vulnerable)
    steps_texts = ["＋".join(str(s) for s in steps[:n]) for n in range(MOST_TRICKS + 1)]
    return {**scored, "steps": steps_texts, **fixed}


def contract_points(table: dict, level, strain: str, doubling: str, vulnerable: bool, tricks) -> tuple[dict, dict]:
    """Law 77's arithmetic for one result: whether it made, its over- or undertricks, each part and the score, and
    the premiums it used (`contract_score` adds the words)."""
    return points_of(contract_terms(table, level, strain, doubling, vulnerable), level, tricks)


def contract_terms(table: dict, level, strain: str, doubling: str, vulnerable: bool) -> tuple[dict, list, object]:
    """What a contract scores whatever its tricks: its premiums, what its first n undertricks cost (n = 0 to 13) and
    its trick score (the table's check scores every number of tricks of every contract with them)."""
    totals = [0, *itertools.accumulate(undertrick_steps(table, doubling, vulnerable))]
    return premiums(table, level, strain, doubling, vulnerable), totals, trick_score(table, level, strain, doubling)


def points_of(terms: tuple[dict, list, object], level, tricks) -> tuple[dict, dict]:
    """contract_points of one number of tricks, from the contract's terms."""
    fixed, totals, tricks_score = terms
    need = BOOK + level
    made = condition("le", need, tricks)
    over = when(made, tricks - need, 0)
    down = when(made, 0, need - tricks)
    parts = {
        "trick_score": when(made, tricks_score, 0),
        "bonus": when(made, fixed["bonus"], 0),
        "slam_bonus": when(made, fixed["slam_bonus"], 0),
        "insult": when(made, fixed["insult"], 0),
        "overtricks": over * fixed["per_overtrick"],
        "undertricks": -pick(totals, down),
    }
    score = sum(parts.values())
    return {"made": made, "over": over, "down": down, "parts": parts, "score": score}, fixed


def breakdown(words: dict, table: dict, level, doubling: str, vulnerable: bool, scored: dict):
    """The parts as the widget lists them (joined by ；): those of a contract made, or its undertricks."""
    names, made, parts = words["score_parts"], scored["made"], scored["parts"]

    def part(key: str, points) -> str:
        return fill(words["score_part"], label=names[key], points=format_number(points))

    slams = [part(SLAMS[n], table["bonuses"][SLAMS[n]][int(vulnerable)]) if n in SLAMS else "" for n in LEVELS]
    shown = [
        part("trick_score", parts["trick_score"]),
        when(scored["game"], part("game", parts["bonus"]), part("part_score", parts["bonus"])),
        pick(slams, level - 1),
    ]
    if doubling != "none":
        shown.append(part(doubling, parts["insult"]))
    over = fill(
        words["score_overtricks"],
        count=format_number(scored["over"]),
        each=scored["per_overtrick"],
        points=format_number(parts["overtricks"]),
    )
    down = fill(
        words["score_undertricks"],
        count=format_number(scored["down"]),
        steps=pick(scored["steps"], scored["down"]),
        points=format_number(-parts["undertricks"]),
    )
    return when(made, text_or_none([*shown, when(condition("lt", 0, scored["over"]), over, "")], "；"), down)


def score(penalties: PenaltyData, **raw) -> dict:
    """规则第77条: the score of one board for the declaring side, with its parts."""
    table, words = penalties.tables["duplicate_score"], penalties.words
    values = parse_inputs(penalties, "score", raw)
    level, strain, doubling = values["level"], values["strain"], values["double"]
    level = level if isinstance(level, Sym) else int(level)  # a number 1–7 (symbolic in the plans)
    vulnerable, tricks = values["vulnerable"] == "yes", values["tricks"]
    scored = contract_score(table, level, strain, doubling, vulnerable, tricks)
    contract = f"{format_number(level)}{words['score_strains'][strain]}{words['score_doublings'][doubling]}"
    result_text = when(
        condition("eq", scored["over"], 0),
        words["score_exact"],
        fill(words["score_over"], count=format_number(scored["over"])),
    )
    title = when(
        scored["made"],
        headline(penalties, "score", "made", result=result_text, score=format_number(scored["score"])),
        headline(
            penalties,
            "score",
            "down",
            down=format_number(scored["down"]),
            score=format_number(scored["score"]),
            defence=format_number(-scored["score"]),
        ),
    )
    return make_result(
        penalties,
        "score",
        table["article"],
        anchor=None,
        inputs={
            "level": level,
            "strain": strain,
            "double": doubling,
            "vulnerable": values["vulnerable"],
            "tricks": tricks,
        },
        band=None,
        penalty=empty_penalty(),
        quote=None,
        readings=[],
        other_readings=[],
        subject=subject(
            penalties,
            "score",
            contract=contract,
            vulnerable_label=words["score_vulnerability"][values["vulnerable"]],
            tricks=format_number(tricks),
        ),
        headline=title,
        score=scored["score"],
        parts=scored["parts"],
        breakdown=breakdown(words, table, level, doubling, vulnerable, scored),
        source=table["notice"],
    )


def imp_step(steps: list, difference):
    """How many IMPs a difference of points is worth (for its size; the sign is the caller's), and the index of its
    step: the count of steps after the first whose lower end it reaches (`difference` may be symbolic)."""
    size = abs(difference)
    index = sum(when(condition("le", step[0], size), 1, 0) for step in steps[1:])
    return pick([step[2] for step in steps], index), index


def difference_of(penalties: PenaltyData, values: dict):
    """The score difference: typed, or the open room's North-South score less the closed room's; one way only."""
    calculator = penalties.calculators["imps"]
    difference, open_room, closed_room = values["difference"], values["open"], values["closed"]
    if difference is not None and (open_room is not None or closed_room is not None):
        raise input_error(penalties.words, calculator, "difference", "one_form")
    if difference is not None:
        return difference
    if open_room is None and closed_room is None:
        raise input_error(penalties.words, calculator, "difference", "required")
    for key, value in (("open", open_room), ("closed", closed_room)):
        if value is None:
            raise input_error(penalties.words, calculator, key, "required")
    return open_room - closed_room


def imps(penalties: PenaltyData, **raw) -> dict:
    """规则第78条B: a board's score difference (or the two tables' scores) in IMPs by the scale."""
    table, words = penalties.tables["imp_scale"], penalties.words
    values = parse_inputs(penalties, "imps", raw)
    difference = difference_of(penalties, values)
    steps = table["steps"]
    count, index = imp_step(steps, difference)
    signed = when(condition("lt", difference, 0), -count, count)
    bands = [fill(words["imp_band"]["open" if to is None else "closed"], low=low, high=to) for low, to, _ in steps]
    tables_given = values["difference"] is None
    facts = {"difference": format_number(difference), "band": pick(bands, index), "imps": format_number(signed)}
    return make_result(
        penalties,
        "imps",
        table["article"],
        anchor=None,
        inputs={key: json_number(values[key]) for key in ("difference", "open", "closed")},
        band=None,
        penalty=empty_penalty(),
        quote=None,
        readings=[words["imp_tables"]] if tables_given else [],
        other_readings=[],
        subject=subject(
            penalties,
            "imps",
            "tables" if tables_given else "difference",
            open=format_number(values["open"]) if tables_given else "",
            closed=format_number(values["closed"]) if tables_given else "",
            **facts,
        ),
        headline=headline(penalties, "imps", "imps", **facts),
        imps=signed,
        difference=json_number(difference),
        source=table["notice"],
    )
