"""Scores rather than deductions: 第28条 forfeits and withdrawal, 第44条 fouled boards, 第45条 ratios,
第35条 rounding, 第52条 carry-over (variables only), 规则第2条 boards and 第12条C1 artificial adjusted scores.

Only the arithmetic lives here; inputs are parsed by the spec and headlines are calculators.yml templates."""
from __future__ import annotations

from fractions import Fraction

from scripts.penalties.result import (empty_penalty, format_number, headline, json_number, make_result, rational,
                                      round_half_up, subject)
from scripts.penalties.spec import calculator_spec, choice_label, fill, input_error, parse_inputs
from scripts.penalties.tables import load_tables

def board(**raw) -> dict:
    """规则第2条: dealer and vulnerability of board `number` (the table is reconstructed; see board.yml)."""
    table = load_tables()["board"]
    number = parse_inputs("board", raw)["number"]
    index = number - 1
    dealer = table["dealers"][index % 4]
    vulnerability = table["vulnerabilities"][(index + index // 4) % 4]
    cycle = index % table["cycle"] + 1
    return make_result(
        "board",
        table["article"],
        anchor=None,
        inputs={"number": number},
        band=None,
        penalty=empty_penalty(),
        quote=table["quote"],
        readings=[table["notice"]],
        other_readings=[],
        subject=subject("board", number=number, cycle=cycle),
        dealer=dealer,
        vulnerability=vulnerability,
        headline=headline(
            "board",
            "board",
            dealer_label=table["dealer_labels"][dealer],
            vulnerability_label=table["vulnerability_labels"][vulnerability],
        ),
    )


def fixed_places(value: Fraction, places: int) -> str:
    """Rounded half up and written with exactly `places` decimals: 1000001/1000000 at 4 → '1.0000'."""
    text = format_number(round_half_up(value, places))
    whole, _, decimals = text.partition(".")
    return f"{whole}.{decimals.ljust(places, '0')}" if places else whole


def tie_ratio(**raw) -> dict:
    """第45条: IMP率 or TP率 = total won ÷ total lost, exact (the text sets no rounding); none when nothing was lost."""
    table = load_tables()["tie_break"]
    values = parse_inputs("tie-ratio", raw)
    kind, won, lost = values["kind"], values["won"], values["lost"]
    spec = table["kinds"][kind]
    facts = {"kind_label": spec["label"], "won": format_number(won), "lost": format_number(lost)}
    ratio = None if lost == 0 else won / lost
    if ratio is None:
        title = headline("tie-ratio", "no-loss", **facts)
    elif (ratio * 10 ** table["decimals"]).denominator == 1:  # exact within the places the reading promises
        title = headline("tie-ratio", "exact", ratio=format_number(ratio), **facts)
    else:  # the fraction tells apart two ratios that round alike
        title = headline("tie-ratio", "repeating", fraction=f"{ratio.numerator}/{ratio.denominator}",
                         approx=fixed_places(ratio, table["decimals"]), **facts)
    return make_result(
        "tie-ratio",
        table["article"],
        anchor=spec["anchor"],
        inputs={"won": json_number(won), "lost": json_number(lost), "kind": kind},
        band=None,
        penalty=empty_penalty(),
        quote=spec["quote"],
        readings=[table["reading"]],
        other_readings=[table["other_reading"]],
        subject=subject("tie-ratio", kind_label=spec["label"], formula=spec["formula"]),
        ratio=json_number(ratio),
        ratio_fraction=None if ratio is None else [ratio.numerator, ratio.denominator],
        formula=spec["formula"],
        headline=title,
    )


def rounding(**raw) -> dict:
    """第35条: a deduction rounded half up (四舍五入) to `decimals` places (0–2)."""
    spec = load_tables()["conventions"]["rounding"]
    values = parse_inputs("rounding", raw)
    exact, decimals = values["value"], int(values["decimals"])
    rounded = round_half_up(exact, decimals)
    return make_result(
        "rounding",
        spec["article"],
        anchor=None,
        inputs={"value": json_number(exact), "decimals": decimals},
        band=None,
        penalty=empty_penalty(),
        quote=spec["quote"],
        readings=[fill(spec["reading"], decimals=decimals)],
        other_readings=[spec["other_reading"]],
        subject=subject("rounding", value=format_number(exact), decimals=decimals),
        value=json_number(rounded),
        headline=headline("rounding", "rounded", rounded=format_number(rounded)),
    )


def adjusted(**raw) -> dict:
    """规则第12条C1: the artificial adjusted score for a contestant by its share of the blame."""
    table = load_tables()["adjusted_score"]
    values = parse_inputs("adjusted", raw)
    responsibility, scoring = values["responsibility"], values["scoring"]
    spec = table["responsibilities"][responsibility]
    bound = table["bound_words"][spec["bound"]]
    if scoring == "mp":
        score = {"text": spec["score"], "top_percent": spec["percent"], "bound": spec["bound"], "imp": None}
        title = headline("adjusted", "mp", score=spec["score"], bound=bound, percent=spec["percent"])
    else:
        score = {"text": spec["score"], "top_percent": None, "bound": "exact", "imp": spec["imp"]}
        title = headline("adjusted", "imp", score=spec["score"], imp_text=f"{spec['imp']:+d}" if spec["imp"] else "0")
    return make_result(
        "adjusted",
        table["article"],
        anchor=table["anchor"],
        inputs={"responsibility": responsibility, "scoring": scoring},
        band=spec["label"],
        penalty=empty_penalty(),
        quote=table["quote"],
        readings=[table["reading"]],
        other_readings=[table["other_reading"]],
        subject=subject("adjusted", responsibility_label=spec["label"], scoring_label=scoring.upper()),
        score=score,
        consequences=[table["balance_quote"]],
        headline=title,
    )


def fouled(**raw) -> dict:
    """第44条: scores for boards that cannot be compared (teams: ties; pairs: 60%/40% or ±3IMP per board)."""
    table = load_tables()["fouled_boards"]
    values = parse_inputs("fouled", raw)
    event, boards, whole_match = values["event"], values["boards"], values["whole_match"]
    readings, others, consequences = [], [], [table["teams"]["procedural_quote"]]
    if event == "teams":
        spec = table["teams"]
        if whole_match:
            tie = Fraction(load_tables()["forfeit"]["tie_vp_25"]) if values["tie_vp"] is None else values["tie_vp"]
            factor = rational(spec["whole_match"]["offender_factor"])
            offender_vp = tie * factor
            scores = {
                "offender": {"vp": json_number(offender_vp)},
                "non_offender": {"text": spec["whole_match"]["non_offender"]},
            }
            title = headline(
                "fouled",
                "whole-match",
                factor_percent=format_number(factor * 100),
                tie=format_number(tie),
                factor=format_number(factor),
                vp=format_number(offender_vp),
            )
            quote = spec["whole_match"]["quote"]
            readings.append(spec["whole_match"]["reading"])
            consequences.insert(0, spec["whole_match"]["replay_quote"])
            case = "whole-match"
        else:
            scores = {"offender": {"imp_per_board": 0, "imp": 0}, "non_offender": {"imp_per_board": 0, "imp": 0}}
            title = headline("fouled", "teams", boards=boards)
            consequences.append(spec["no_replay_quote"])
            quote = spec["quote"]
            case = "teams"
    else:
        spec = table["pairs"]
        case = "pairs"
        if event == "pairs-mp":
            off, non = spec["offender"]["top_percent"], spec["non_offender"]["top_percent"]
            scores = {"offender": {"top_percent_per_board": off}, "non_offender": {"top_percent_per_board": non}}
            title = headline("fouled", "pairs-mp", non_offender=non, offender=off, boards=boards)
        else:
            off, non = spec["offender"]["imp"], spec["non_offender"]["imp"]
            scores = {
                "offender": {"imp_per_board": off, "imp": off * boards},
                "non_offender": {"imp_per_board": non, "imp": non * boards},
            }
            title = headline("fouled", "pairs-imp", non_offender=non, non_offender_total=non * boards, offender=off,
                             offender_total=off * boards)
        quote = spec["quote"]
        readings.append(spec["reading"])
    return make_result(
        "fouled", table["article"], anchor=table["teams" if event == "teams" else "pairs"]["anchor"],
        inputs={"event": event, "boards": boards, "whole_match": whole_match, "tie_vp": json_number(values["tie_vp"])},
        band=None, penalty=empty_penalty(), quote=quote, readings=readings, other_readings=others,
        consequences=consequences,
        subject=subject("fouled", case, boards=boards, scoring_label="MP" if event == "pairs-mp" else "IMP"),
        scores=scores, headline=title)


def forfeit(**raw) -> dict:
    """第28条一、六: the forfeiting and non-forfeiting sides' scores; round robin takes the highest of three values."""
    table = load_tables()["forfeit"]
    values = parse_inputs("forfeit", raw)
    calculator = calculator_spec("forfeit")
    event, vp_scale = values["event"], values["vp_scale"]
    spec = table["events"][event]
    non = spec["non_forfeiting"]
    if values["tie_vp"] is None:
        if vp_scale != "25" and non["rule"] in ("max-of-three", "tie-factor"):
            raise input_error(
                calculator, "tie_vp", "tie_vp_needed", scale=choice_label("forfeit", "vp_scale", vp_scale)
            )
        tie = Fraction(table["tie_vp_25"])
    else:
        tie = values["tie_vp"]
    decimals = load_tables()["conventions"]["rounding"]["decimals"]
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
                value = round_half_up(min(left, Fraction(candidate["cap"])), decimals)
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
        best = max((c for c in candidates if c["applies"]), key=lambda c: c["vp"])
        non_scores = {"vp": best["vp"], "imp": table["imp_by_vp"]}
        title = headline("forfeit", rule, best_mark=best["text"][0], best_vp=format_number(best["vp"]))
    elif rule == "per-board":
        per_board = non["mp_per_board_half_scale"] if values["half_scale"] else non["mp_per_board"]
        non_scores = {"mp_per_board": per_board, "tp_per_board": non["tp_per_board"],
                      "mp": per_board * count if count else None, "tp": non["tp_per_board"] * count if count else None}
        title = headline("forfeit", "per-board-count" if count else "per-board", mp_per_board=per_board,
                         tp_per_board=non["tp_per_board"], mp=non_scores["mp"], tp=non_scores["tp"])
    elif rule == "fixed":
        non_scores = {"match_points": non["match_points"]}
        title = headline("forfeit", rule, match_points=non["match_points"])
    elif rule == "tie-factor":
        vp = round_half_up(tie * rational(non["factor"]), decimals)
        non_scores = {"vp": json_number(vp), "imp": table["imp_by_vp"], "match_points": non["match_points"]}
        title = headline(
            "forfeit", rule, tie=format_number(tie), factor=format_number(non["factor"]), vp=format_number(vp)
        )
    elif rule == "per-board-text":
        non_scores = {"per_board": non["per_board"]}
        title = headline(
            "forfeit", rule, forfeiting_per_board=spec["forfeiting"]["per_board"], per_board=non["per_board"]
        )
    elif rule == "per-board-imp":
        own = spec["forfeiting"]["imp_per_board"]
        non_scores = {"imp_per_board": non["imp_per_board"], "imp": non["imp_per_board"] * count if count else None}
        title = headline(
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
        title = headline("forfeit", rule)
        consequences.append(spec["keeps_playing_quote"])
    else:  # tie-factor-match-points
        if values["tie_match_points"] is None:
            raise input_error(calculator, "tie_match_points", "tie_points_needed")
        tie_points = values["tie_match_points"]
        points = round_half_up(tie_points * rational(non["factor"]), decimals)
        non_scores = {"match_points": json_number(points)}
        title = headline("forfeit", rule, tie_points=format_number(tie_points), factor=format_number(non["factor"]),
                         points=format_number(points))
    forfeiting = {key: value for key, value in spec["forfeiting"].items() if key != "quote"}
    penalty = empty_penalty()
    penalty["forfeit"] = "session" if event.startswith("pairs-") else "match"
    consequences += [further["text"] for further in table["consequences"] if event in further["events"]]
    return make_result(
        "forfeit", table["article"], anchor=spec["anchor"],
        inputs={"event": event, "vp_scale": vp_scale, "tie_vp": json_number(tie)},
        band=spec["label"], penalty=penalty, quote=non["quote"], readings=readings, other_readings=others,
        consequences=consequences, subject=subject("forfeit", event_label=spec["label"]), headline=title,
        scores={"forfeiting": forfeiting, "non_forfeiting": non_scores}, candidates=candidates or None)


def withdrawal(**raw) -> dict:
    """第28条二: unplayed or incomparable boards after a contestant withdraws mid-event."""
    table = load_tables()["forfeit"]["withdrawal"]
    values = parse_inputs("withdrawal", raw)
    event, boards = values["event"], values["boards"]
    spec = table["events"][event]
    scores = {"withdrawing": spec["withdrawing"], "other": None}
    if "other_imp" in spec:
        scores["other"] = headline(
            "withdrawal", "other-imp", other_imp=spec["other_imp"], other_total=spec["other_imp"] * boards
        )
    elif "other_mp" in spec:
        scores["other"] = headline(
            "withdrawal", "other-mp", other_mp=spec["other_mp"], other_mp_half_scale=spec["other_mp_half_scale"]
        )
    elif "other" in spec:
        scores["other"] = headline("withdrawal", "other-text", other_text=spec["other"])
    penalty = empty_penalty()
    penalty["forfeit"] = "session" if event.startswith("pairs-") else "match"
    title = (
        headline("withdrawal", "with-other", withdrawing=spec["withdrawing"], other=scores["other"])
        if scores["other"]
        else headline("withdrawal", "alone", withdrawing=spec["withdrawing"])
    )
    return make_result(
        "withdrawal",
        load_tables()["forfeit"]["article"],
        anchor=table["anchor"],
        inputs={"event": event, "boards": boards},
        band=None,
        penalty=penalty,
        quote=spec["quote"],
        readings=[table["reading"]],
        other_readings=[],
        consequences=[further["text"] for further in table["consequences"]],
        subject=subject("withdrawal", event_label=choice_label("withdrawal", "event", event), boards=boards),
        headline=title,
        scores=scores,
    )


def carry_over(**raw) -> dict:
    """第52条（双人赛的带分方法）: the formula is garbled in the source, so no value is computed."""
    table = load_tables()["carry_over"]
    values = parse_inputs("carry-over", raw)
    variables = [
        {"name": v["name"], "text": v["text"], "value": json_number(values[v["name"]])} for v in table["variables"]
    ]
    return make_result(
        "carry-over", table["article"], anchor=None, inputs={v["name"]: v["value"] for v in variables}, band=None,
        penalty=empty_penalty(), quote=table["variables"][0]["quote"], readings=[table["notice"]], other_readings=[],
        subject=subject("carry-over"), headline=headline("carry-over", "none"), value=None, variables=variables,
        source_lines=table["source_lines"], notice=table["notice"])
