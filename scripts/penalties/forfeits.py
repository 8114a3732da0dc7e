"""裁判法第28条: the scores of a forfeited match and of boards left by a withdrawal, by event.

Only the arithmetic lives here (split from scoring.py); inputs are parsed by the spec and headlines are
calculators.yml templates."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from scripts.penalties.result import (
    empty_penalty,
    format_number,
    headline,
    json_number,
    make_result,
    rational,
    round_half_up,
    subject,
)
from scripts.penalties.spec import choice_label, input_error, parse_inputs
from scripts.penalties.data import PenaltyData
from scripts.penalties.symbolic import largest_index, pick, smaller


@dataclass(frozen=True)
class ForfeitCase:
    """What every rule for the non-forfeiting side reads: the event's entry of the table and the parsed inputs."""

    penalties: PenaltyData
    table: dict  # tables["forfeit"]
    spec: dict  # the event's entry
    values: dict  # the parsed inputs
    tie: Fraction  # the tie score in VP (the 25-VP one unless given)
    decimals: int  # the conventions' rounding
    count: int | None  # boards

    @property
    def non(self) -> dict:
        return self.spec["non_forfeiting"]


@dataclass
class NonForfeiting:
    """The non-forfeiting side's scores and the headline; candidates for the highest of three; a further line."""

    scores: dict
    title: str
    candidates: list = field(default_factory=list)
    also: list = field(default_factory=list)


def max_of_three(case: ForfeitCase) -> NonForfeiting:
    """第28条六（一）: round robin, the highest of three values (① own average, ② 30 minus the opponent's average,
    ③ the tie score × 1.2), each where it applies."""
    values, candidates = case.values, []
    for candidate in case.non["candidates"]:
        value, applies = None, True
        if candidate["name"] == "own-average" and values["own_average"] is not None:
            value = round_half_up(values["own_average"], case.decimals)
        elif candidate["name"] == "thirty-minus" and values["opponent_average"] is not None:
            applies = values["vp_scale"] == str(candidate["only_scale"])
            left = rational(candidate["minuend"]) - values["opponent_average"]  # ② “用30减去……”
            value = round_half_up(smaller(left, Fraction(candidate["cap"])), case.decimals)
        elif candidate["name"] == "tie-times-1.2":
            value = round_half_up(case.tie * rational(candidate["factor"]), case.decimals)
        candidates.append(
            {
                "name": candidate["name"],
                "text": candidate["text"],
                "vp": json_number(value) if applies else None,
                "applies": applies and value is not None,
                "quote": candidate["quote"],
            }
        )
    applying = [c for c in candidates if c["applies"]]
    best = largest_index([c["vp"] for c in applying])
    best_vp = pick([c["vp"] for c in applying], best)
    title = headline(
        case.penalties,
        "forfeit",
        "max-of-three",
        best_mark=pick([c["text"][0] for c in applying], best),
        best_vp=format_number(best_vp),
    )
    return NonForfeiting({"vp": best_vp, "imp": case.table["imp_by_vp"]}, title, candidates)


def per_board(case: ForfeitCase) -> NonForfeiting:
    non, count = case.non, case.count
    mp_per_board = non["mp_per_board_half_scale"] if case.values["half_scale"] else non["mp_per_board"]
    scores = {
        "mp_per_board": mp_per_board,
        "tp_per_board": non["tp_per_board"],
        "mp": mp_per_board * count if count else None,
        "tp": non["tp_per_board"] * count if count else None,
    }
    title = headline(
        case.penalties,
        "forfeit",
        "per-board-count" if count else "per-board",
        mp_per_board=mp_per_board,
        tp_per_board=non["tp_per_board"],
        mp=scores["mp"],
        tp=scores["tp"],
    )
    return NonForfeiting(scores, title)


def fixed(case: ForfeitCase) -> NonForfeiting:
    points = case.non["match_points"]
    return NonForfeiting({"match_points": points}, headline(case.penalties, "forfeit", "fixed", match_points=points))


def tie_factor(case: ForfeitCase) -> NonForfeiting:
    non = case.non
    vp = round_half_up(case.tie * rational(non["factor"]), case.decimals)
    scores = {"vp": json_number(vp), "imp": case.table["imp_by_vp"], "match_points": non["match_points"]}
    title = headline(
        case.penalties,
        "forfeit",
        "tie-factor",
        tie=format_number(case.tie),
        factor=format_number(non["factor"]),
        vp=format_number(vp),
    )
    return NonForfeiting(scores, title)


def per_board_text(case: ForfeitCase) -> NonForfeiting:
    per_board_words = case.non["per_board"]
    title = headline(
        case.penalties,
        "forfeit",
        "per-board-text",
        forfeiting_per_board=case.spec["forfeiting"]["per_board"],
        per_board=per_board_words,
    )
    return NonForfeiting({"per_board": per_board_words}, title)


def per_board_imp(case: ForfeitCase) -> NonForfeiting:
    non, count = case.non, case.count
    own = case.spec["forfeiting"]["imp_per_board"]
    scores = {"imp_per_board": non["imp_per_board"], "imp": non["imp_per_board"] * count if count else None}
    title = headline(
        case.penalties,
        "forfeit",
        "per-board-imp-count" if count else "per-board-imp",
        forfeiting_imp=own,
        imp_per_board=non["imp_per_board"],
        boards=count,
        forfeiting_total=own * count if count else None,
        imp=scores["imp"],
    )
    return NonForfeiting(scores, title)


def lose_match(case: ForfeitCase) -> NonForfeiting:
    title = headline(case.penalties, "forfeit", "lose-match")
    return NonForfeiting({"result": case.non["result"]}, title, also=[case.spec["keeps_playing_quote"]])


def tie_factor_match_points(case: ForfeitCase) -> NonForfeiting:
    if case.values["tie_match_points"] is None:
        calculator = case.penalties.calculators["forfeit"]
        raise input_error(case.penalties.words, calculator, "tie_match_points", "tie_points_needed")
    tie_points = case.values["tie_match_points"]
    points = round_half_up(tie_points * rational(case.non["factor"]), case.decimals)
    title = headline(
        case.penalties,
        "forfeit",
        "tie-factor-match-points",
        tie_points=format_number(tie_points),
        factor=format_number(case.non["factor"]),
        points=format_number(points),
    )
    return NonForfeiting({"match_points": json_number(points)}, title)


# The non-forfeiting side's rule per event (the schema's FORFEIT_RULES): the table names it, this says what it is.
NON_FORFEITING_RULES = {
    "max-of-three": max_of_three,
    "per-board": per_board,
    "fixed": fixed,
    "tie-factor": tie_factor,
    "per-board-text": per_board_text,
    "per-board-imp": per_board_imp,
    "lose-match": lose_match,
    "tie-factor-match-points": tie_factor_match_points,
}


def tie_vp(penalties: PenaltyData, values: dict, rule: str) -> Fraction:
    """The tie score in VP: given, or the 25-VP scale's; a rule that multiplies it needs it on another scale."""
    if values["tie_vp"] is not None:
        return values["tie_vp"]
    vp_scale = values["vp_scale"]
    if vp_scale != "25" and rule in ("max-of-three", "tie-factor"):
        calculator = penalties.calculators["forfeit"]
        scale = choice_label(calculator, "vp_scale", vp_scale)
        raise input_error(penalties.words, calculator, "tie_vp", "tie_vp_needed", scale=scale)
    return Fraction(penalties.tables["forfeit"]["tie_vp_25"])


def forfeit(penalties: PenaltyData, **raw) -> dict:
    """第28条一、六: the forfeiting and non-forfeiting sides' scores; round robin takes the highest of three values."""
    table = penalties.tables["forfeit"]
    values = parse_inputs(penalties, "forfeit", raw)
    event, vp_scale = values["event"], values["vp_scale"]
    spec = table["events"][event]
    non = spec["non_forfeiting"]
    tie = tie_vp(penalties, values, non["rule"])
    decimals = penalties.tables["conventions"]["rounding"]["decimals"]
    readings = [spec["reading"]] if spec.get("reading") else []
    others = [spec["other_reading"]] if spec.get("other_reading") else []
    case = ForfeitCase(penalties, table, spec, values, tie, decimals, values["boards"])
    scored = NON_FORFEITING_RULES[non["rule"]](case)
    consequences = list(non.get("also", [])) + scored.also
    forfeiting = {key: value for key, value in spec["forfeiting"].items() if key != "quote"}
    penalty = empty_penalty()
    penalty["forfeit"] = "session" if event.startswith("pairs-") else "match"
    consequences += [further["text"] for further in table["consequences"] if event in further["events"]]
    return make_result(
        penalties,
        "forfeit",
        table["article"],
        anchor=spec["anchor"],
        inputs={"event": event, "vp_scale": vp_scale, "tie_vp": json_number(tie)},
        band=spec["label"],
        penalty=penalty,
        quote=non["quote"],
        readings=readings,
        other_readings=others,
        consequences=consequences,
        subject=subject(penalties, "forfeit", event_label=spec["label"]),
        headline=scored.title,
        scores={"forfeiting": forfeiting, "non_forfeiting": scored.scores},
        candidates=scored.candidates or None,
    )


def withdrawal(penalties: PenaltyData, **raw) -> dict:
    """第28条二: unplayed or incomparable boards after a contestant withdraws mid-event."""
    table = penalties.tables["forfeit"]["withdrawal"]
    values = parse_inputs(penalties, "withdrawal", raw)
    event, boards = values["event"], values["boards"]
    spec = table["events"][event]
    scores = {"withdrawing": spec["withdrawing"], "other": None}
    if "other_imp" in spec:
        scores["other"] = headline(
            penalties, "withdrawal", "other-imp", other_imp=spec["other_imp"], other_total=spec["other_imp"] * boards
        )
    elif "other_mp" in spec:
        scores["other"] = headline(
            penalties,
            "withdrawal",
            "other-mp",
            other_mp=spec["other_mp"],
            other_mp_half_scale=spec["other_mp_half_scale"],
        )
    elif "other" in spec:
        scores["other"] = headline(penalties, "withdrawal", "other-text", other_text=spec["other"])
    penalty = empty_penalty()
    penalty["forfeit"] = "session" if event.startswith("pairs-") else "match"
    title = (
        headline(penalties, "withdrawal", "with-other", withdrawing=spec["withdrawing"], other=scores["other"])
        if scores["other"]
        else headline(penalties, "withdrawal", "alone", withdrawing=spec["withdrawing"])
    )
    return make_result(
        penalties,
        "withdrawal",
        penalties.tables["forfeit"]["article"],
        anchor=table["anchor"],
        inputs={"event": event, "boards": boards},
        band=None,
        penalty=penalty,
        quote=spec["quote"],
        readings=[table["reading"]],
        other_readings=[],
        consequences=[further["text"] for further in table["consequences"]],
        subject=subject(
            penalties,
            "withdrawal",
            event_label=choice_label(penalties.calculators["withdrawal"], "event", event),
            boards=boards,
        ),
        headline=title,
        scores=scores,
    )
