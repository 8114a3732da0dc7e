"""裁判法第28条: the scores of a forfeited match and of boards left by a withdrawal, by event.

Only the arithmetic lives here (split from scoring.py); inputs are parsed by the spec and headlines are
calculators.yml templates."""

from __future__ import annotations

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


def forfeit(penalties: PenaltyData, **raw) -> dict:
    """第28条一、六: the forfeiting and non-forfeiting sides' scores; round robin takes the highest of three values."""
    table = penalties.tables["forfeit"]
    values = parse_inputs(penalties, "forfeit", raw)
    calculator = penalties.calculators["forfeit"]
    event, vp_scale = values["event"], values["vp_scale"]
    spec = table["events"][event]
    non = spec["non_forfeiting"]
    if values["tie_vp"] is None:
        if vp_scale != "25" and non["rule"] in ("max-of-three", "tie-factor"):
            raise input_error(
                penalties.words,
                calculator,
                "tie_vp",
                "tie_vp_needed",
                scale=choice_label(penalties.calculators["forfeit"], "vp_scale", vp_scale),
            )
        tie = Fraction(table["tie_vp_25"])
    else:
        tie = values["tie_vp"]
    decimals = penalties.tables["conventions"]["rounding"]["decimals"]
    readings = [spec["reading"]] if spec.get("reading") else []
    others = [spec["other_reading"]] if spec.get("other_reading") else []
    candidates, non_scores, consequences = [], {}, list(non.get("also", []))
    count = values["boards"]
    rule = non["rule"]
    if rule == "max-of-three":
        for candidate in non["candidates"]:
            value, applies = None, True
            if candidate["name"] == "own-average" and values["own_average"] is not None:
                value = round_half_up(values["own_average"], decimals)
            elif candidate["name"] == "thirty-minus" and values["opponent_average"] is not None:
                applies = vp_scale == str(candidate["only_scale"])
                left = rational(candidate["minuend"]) - values["opponent_average"]  # ② “用30减去……”
                value = round_half_up(smaller(left, Fraction(candidate["cap"])), decimals)
            elif candidate["name"] == "tie-times-1.2":
                value = round_half_up(tie * rational(candidate["factor"]), decimals)
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
        non_scores = {"vp": best_vp, "imp": table["imp_by_vp"]}
        title = headline(
            penalties,
            "forfeit",
            rule,
            best_mark=pick([c["text"][0] for c in applying], best),
            best_vp=format_number(best_vp),
        )
    elif rule == "per-board":
        per_board = non["mp_per_board_half_scale"] if values["half_scale"] else non["mp_per_board"]
        non_scores = {
            "mp_per_board": per_board,
            "tp_per_board": non["tp_per_board"],
            "mp": per_board * count if count else None,
            "tp": non["tp_per_board"] * count if count else None,
        }
        title = headline(
            penalties,
            "forfeit",
            "per-board-count" if count else "per-board",
            mp_per_board=per_board,
            tp_per_board=non["tp_per_board"],
            mp=non_scores["mp"],
            tp=non_scores["tp"],
        )
    elif rule == "fixed":
        non_scores = {"match_points": non["match_points"]}
        title = headline(penalties, "forfeit", rule, match_points=non["match_points"])
    elif rule == "tie-factor":
        vp = round_half_up(tie * rational(non["factor"]), decimals)
        non_scores = {"vp": json_number(vp), "imp": table["imp_by_vp"], "match_points": non["match_points"]}
        title = headline(
            penalties,
            "forfeit",
            rule,
            tie=format_number(tie),
            factor=format_number(non["factor"]),
            vp=format_number(vp),
        )
    elif rule == "per-board-text":
        non_scores = {"per_board": non["per_board"]}
        title = headline(
            penalties, "forfeit", rule, forfeiting_per_board=spec["forfeiting"]["per_board"], per_board=non["per_board"]
        )
    elif rule == "per-board-imp":
        own = spec["forfeiting"]["imp_per_board"]
        non_scores = {"imp_per_board": non["imp_per_board"], "imp": non["imp_per_board"] * count if count else None}
        title = headline(
            penalties,
            "forfeit",
            "per-board-imp-count" if count else rule,
            forfeiting_imp=own,
            imp_per_board=non["imp_per_board"],
            boards=count,
            forfeiting_total=own * count if count else None,
            imp=non_scores["imp"],
        )
    elif rule == "lose-match":
        non_scores = {"result": non["result"]}
        title = headline(penalties, "forfeit", rule)
        consequences.append(spec["keeps_playing_quote"])
    else:  # tie-factor-match-points, the last of the schema's FORFEIT_RULES
        if values["tie_match_points"] is None:
            raise input_error(penalties.words, calculator, "tie_match_points", "tie_points_needed")
        tie_points = values["tie_match_points"]
        points = round_half_up(tie_points * rational(non["factor"]), decimals)
        non_scores = {"match_points": json_number(points)}
        title = headline(
            penalties,
            "forfeit",
            rule,
            tie_points=format_number(tie_points),
            factor=format_number(non["factor"]),
            points=format_number(points),
        )
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
        headline=title,
        scores={"forfeiting": forfeiting, "non_forfeiting": non_scores},
        candidates=candidates or None,
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
