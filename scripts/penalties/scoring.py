"""Scores rather than deductions: 第28条 forfeits and withdrawal, 第44条 fouled boards, 第45条 ratios,
第35条 rounding, 第52条 carry-over (variables only), 规则第2条 boards and 第12条C1 artificial adjusted scores."""
from __future__ import annotations

from fractions import Fraction

from scripts.penalties.inputs import PenaltyInputError, given, parse_choice, parse_flag, parse_integer, parse_number
from scripts.penalties.result import empty_penalty, rational, format_number, json_number, make_result, round_half_up
from scripts.penalties.tables import load_tables
from scripts.penalties.timing import fill

FORFEIT_EVENTS = ("round-robin", "board-a-match", "match-points", "swiss", "pairs-mp", "pairs-imp", "pairs-match-points")
WITHDRAWAL_EVENTS = ("round-robin", "swiss", "board-a-match", "knock-out", "pairs-mp", "pairs-imp")
FOULED_EVENTS = ("teams", "pairs-mp", "pairs-imp")
MAX_BOARD = 9999


def board(*, number) -> dict:
    """规则第2条: dealer and vulnerability of board `number` (the table is reconstructed; see board.yml)."""
    table = load_tables()["board"]
    number = parse_integer(number, "number", minimum=1, maximum=MAX_BOARD)
    index = number - 1
    dealer = table["dealers"][index % 4]
    vulnerability = table["vulnerabilities"][(index + index // 4) % 4]
    cycle = index % table["cycle"] + 1
    headline = f"发牌人{table['dealer_labels'][dealer]}，{table['vulnerability_labels'][vulnerability]}"
    return make_result(
        "board", table["article"], anchor=None, inputs={"number": number}, band=None, penalty=empty_penalty(),
        quote=table["quote"], readings=[table["notice"]], other_readings=[], subject=f"第{number}副牌（同第{cycle}副）",
        dealer=dealer, vulnerability=vulnerability, headline=headline)


def tie_ratio(*, won, lost, kind="imp") -> dict:
    """第45条: IMP率 or TP率 = total won ÷ total lost, to 4 decimals (half up); None when nothing was lost."""
    table = load_tables()["tie_break"]
    kind = parse_choice(given(kind, "imp"), "kind", tuple(table["kinds"]))
    won = parse_number(won, "won")
    lost = parse_number(lost, "lost")
    spec = table["kinds"][kind]
    ratio = None if lost == 0 else round_half_up(won / lost, table["decimals"])
    shown = "—（总负分为0）" if ratio is None else format_number(ratio)
    return make_result(
        "tie-ratio", table["article"], anchor=spec["anchor"], inputs={"won": json_number(won), "lost": json_number(lost), "kind": kind},
        band=None, penalty=empty_penalty(), quote=spec["quote"], readings=[table["reading"]], other_readings=[table["other_reading"]],
        subject=f"{spec['label']}（{spec['formula']}）", ratio=json_number(ratio), formula=spec["formula"],
        headline=f"{spec['label']} = {format_number(won)} ÷ {format_number(lost)} = {shown}")


def rounding(*, value, decimals=None) -> dict:
    """第35条: a deduction rounded half up (四舍五入) to `decimals` places (0–2)."""
    spec = load_tables()["conventions"]["rounding"]
    exact = parse_number(value, "value", minimum=None)
    decimals = spec["decimals"] if decimals in (None, "") else parse_integer(decimals, "decimals", minimum=0, maximum=2)
    rounded = round_half_up(exact, decimals)
    return make_result(
        "rounding", spec["article"], anchor=None, inputs={"value": json_number(exact), "decimals": decimals},
        band=None, penalty=empty_penalty(), quote=spec["quote"], readings=[fill(spec["reading"], decimals=decimals)],
        other_readings=[spec["other_reading"]], subject=f"{format_number(exact)}保留{decimals}位小数",
        value=json_number(rounded), headline=f"{format_number(rounded)}")


def adjusted(*, responsibility, scoring="mp") -> dict:
    """规则第12条C1: the artificial adjusted score for a contestant by its share of the blame."""
    table = load_tables()["adjusted_score"]
    responsibility = parse_choice(responsibility, "responsibility", tuple(table["responsibilities"]))
    scoring = parse_choice(given(scoring, "mp"), "scoring", ("mp", "imp"))
    spec = table["responsibilities"][responsibility]
    bound = {"at-most": "至多", "exact": "", "at-least": "至少"}[spec["bound"]]
    if scoring == "mp":
        score = {"text": spec["score"], "top_percent": spec["percent"], "bound": spec["bound"], "imp": None}
        headline = f"{spec['score']}（双人赛中{bound}{spec['percent']}%比赛分）"
    else:
        score = {"text": spec["score"], "top_percent": None, "bound": "exact", "imp": spec["imp"]}
        headline = f"{spec['score']}（{spec['imp']:+d}IMP）" if spec["imp"] else f"{spec['score']}（0IMP）"
    return make_result(
        "adjusted", table["article"], anchor=table["anchor"], inputs={"responsibility": responsibility, "scoring": scoring},
        band=spec["label"], penalty=empty_penalty(), quote=table["quote"], readings=[table["reading"]],
        other_readings=[table["other_reading"]], subject=f"人为调整分：{spec['label']}的参赛者，{scoring.upper()}制",
        score=score, consequences=[table["balance_quote"]], headline=headline)


def fouled(*, event, boards="1", whole_match=False, tie_vp=None) -> dict:
    """第44条: scores for boards that cannot be compared (teams: ties; pairs: 60%/40% or ±3IMP per board)."""
    table = load_tables()["fouled_boards"]
    event = parse_choice(event, "event", FOULED_EVENTS)
    boards = parse_integer(given(boards, "1"), "boards", minimum=1, maximum=999)
    whole_match = parse_flag(whole_match, "whole-match")
    readings, others, consequences = [], [], [table["teams"]["procedural_quote"]]
    forfeit_table = load_tables()["forfeit"]
    if event == "teams":
        spec = table["teams"]
        if whole_match:
            tie = Fraction(forfeit_table["tie_vp_25"]) if tie_vp in (None, "") else parse_number(tie_vp, "tie-vp")
            offender_vp = tie * rational(spec["whole_match"]["offender_factor"])
            scores = {"offender": {"vp": json_number(offender_vp)}, "non_offender": {"text": "参照“弃权的处理”"}}
            headline = f"不能重赛时，违规方得平局时80%的分数：{format_number(tie)}×0.8={format_number(offender_vp)}VP"
            quote = spec["whole_match"]["quote"]
            readings.append(spec["whole_match"]["reading"])
            consequences.insert(0, spec["whole_match"]["replay_quote"])
            subject = "团体赛，整场成绩无效"
        else:
            scores = {"offender": {"imp_per_board": 0, "imp": 0}, "non_offender": {"imp_per_board": 0, "imp": 0}}
            headline = f"{boards}副牌均按平分计算（每副0IMP）"
            quote = spec["quote"]
            subject = f"团体赛，{boards}副牌不能构成复式"
    else:
        spec = table["pairs"]
        if event == "pairs-mp":
            scores = {"offender": {"top_percent_per_board": spec["offender"]["top_percent"]},
                      "non_offender": {"top_percent_per_board": spec["non_offender"]["top_percent"]}}
            headline = f"每副牌非违规方得{spec['non_offender']['top_percent']}%MP，违规方得{spec['offender']['top_percent']}%MP（共{boards}副）"
        else:
            off, non = spec["offender"]["imp"], spec["non_offender"]["imp"]
            scores = {"offender": {"imp_per_board": off, "imp": off * boards}, "non_offender": {"imp_per_board": non, "imp": non * boards}}
            headline = f"非违规方每副牌得{non}IMP，共{non * boards}IMP；违规方每副牌得{off}IMP，共{off * boards}IMP"
        quote = spec["quote"]
        readings.append("只在无法调整座位、牌序补救时适用；能调整时打牌结果成立，只给程序性判罚。")
        subject = f"双人赛（{'MP' if event == 'pairs-mp' else 'IMP'}制）坐错位置，{boards}副牌"
    return make_result(
        "fouled", table["article"], anchor=table["teams" if event == "teams" else "pairs"]["anchor"],
        inputs={"event": event, "boards": boards, "whole_match": whole_match, "tie_vp": None if tie_vp in (None, "") else json_number(parse_number(tie_vp, "tie-vp"))},
        band=None, penalty=empty_penalty(), quote=quote, readings=readings, other_readings=others,
        consequences=consequences, subject=subject, scores=scores, headline=headline)


def forfeit(*, event, own_average=None, opponent_average=None, tie_vp=None, vp_scale="25", boards=None,
            half_scale=False, tie_match_points=None) -> dict:
    """第28条一: the forfeiting and non-forfeiting sides' scores; round robin takes the highest of three values."""
    table = load_tables()["forfeit"]
    event = parse_choice(event, "event", FORFEIT_EVENTS)
    spec = table["events"][event]
    non = spec["non_forfeiting"]
    vp_scale = parse_choice(given(vp_scale, "25"), "vp-scale", ("25", "20", "other"))
    if tie_vp in (None, ""):
        if vp_scale != "25" and non["rule"] in ("max-of-three", "tie-factor"):
            raise PenaltyInputError("tie-vp", f"give the VP of a tied match on the {vp_scale} scale")
        tie = Fraction(table["tie_vp_25"])
    else:
        tie = parse_number(tie_vp, "tie-vp")
    decimals = load_tables()["conventions"]["rounding"]["decimals"]
    readings = [spec["reading"]] if spec.get("reading") else []
    others = [spec["other_reading"]] if spec.get("other_reading") else []
    candidates, non_scores, consequences = [], {}, list(non.get("also", []))
    if non["rule"] == "max-of-three":
        for candidate in non["candidates"]:
            value, applies = None, True
            if candidate["name"] == "own-average" and own_average not in (None, ""):
                value = round_half_up(parse_number(own_average, "own-average", maximum=30), decimals)
            elif candidate["name"] == "thirty-minus" and opponent_average not in (None, ""):
                applies = vp_scale == str(candidate["only_scale"])
                value = min(30 - parse_number(opponent_average, "opponent-average", maximum=30), Fraction(candidate["cap"]))
                value = round_half_up(value, decimals)
            elif candidate["name"] == "tie-times-1.2":
                value = round_half_up(tie * Fraction(str(candidate["factor"])), decimals)
            candidates.append({"name": candidate["name"], "text": candidate["text"], "vp": json_number(value) if applies else None,
                               "applies": applies and value is not None, "quote": candidate["quote"]})
        best = max((c for c in candidates if c["applies"]), key=lambda c: c["vp"])
        non_scores = {"vp": best["vp"], "imp": "按所得VP相应的IMP平均值计"}
        headline = f"弃权方0VP、0IMP、0TP；非弃权方取三项中最高的{best['text'][0]}：{format_number(best['vp'])}VP"
    elif non["rule"] == "per-board":
        count = parse_integer(boards, "boards", minimum=1, maximum=999) if boards not in (None, "") else None
        half = parse_flag(half_scale, "half-scale")
        per_board = non["mp_per_board_half_scale"] if half else non["mp_per_board"]
        non_scores = {"mp_per_board": per_board, "tp_per_board": non["tp_per_board"],
                      "mp": per_board * count if count else None, "tp": non["tp_per_board"] * count if count else None}
        headline = (f"弃权方0比赛分、0TP；非弃权方每副牌{per_board}比赛分、{non['tp_per_board']}TP"
                    + (f"，共{per_board * count}比赛分、{non['tp_per_board'] * count}TP" if count else ""))
    elif non["rule"] == "fixed":
        non_scores = {"match_points": non["match_points"]}
        headline = f"弃权方0场分；非弃权方{non['match_points']}场分"
    elif non["rule"] == "tie-factor":
        vp = round_half_up(tie * Fraction(str(non["factor"])), decimals)
        non_scores = {"vp": json_number(vp), "imp": "按所得VP相应的IMP平均值计", "match_points": non["match_points"]}
        headline = f"弃权方0VP、0IMP、0TP；非弃权方{format_number(tie)}×1.2={format_number(vp)}VP"
    elif non["rule"] == "per-board-text":
        non_scores = {"per_board": non["per_board"]}
        headline = "每副牌弃权方得0MP，非弃权方得平均正分"
    elif non["rule"] == "per-board-imp":
        count = parse_integer(boards, "boards", minimum=1, maximum=999) if boards not in (None, "") else None
        non_scores = {"imp_per_board": non["imp_per_board"], "imp": non["imp_per_board"] * count if count else None}
        headline = "每副牌弃权方得-3IMP，非弃权方得3IMP" + (f"（{count}副：-{3 * count}IMP／{3 * count}IMP）" if count else "")
    else:  # tie-factor-match-points
        if tie_match_points in (None, ""):
            raise PenaltyInputError("tie-match-points", "give the 场分 of a tied session or round")
        tie_points = parse_number(tie_match_points, "tie-match-points")
        points = round_half_up(tie_points * Fraction(str(non["factor"])), decimals)
        non_scores = {"match_points": json_number(points)}
        headline = f"弃权方0场分；非弃权方{format_number(tie_points)}×1.5={format_number(points)}场分"
    forfeiting = {key: value for key, value in spec["forfeiting"].items() if key != "quote"}
    penalty = empty_penalty()
    penalty["forfeit"] = "session" if event.startswith("pairs-") else "match"
    consequences.append(table["disqualification"]["quote"])
    return make_result(
        "forfeit", table["article"], anchor=spec["anchor"],
        inputs={"event": event, "vp_scale": vp_scale, "tie_vp": json_number(tie)},
        band=spec["label"], penalty=penalty, quote=non["quote"], readings=readings, other_readings=others,
        consequences=consequences, subject=f"{spec['label']}，一方弃权", headline=headline,
        scores={"forfeiting": forfeiting, "non_forfeiting": non_scores}, candidates=candidates or None)


def withdrawal(*, event, boards) -> dict:
    """第28条二: unplayed or incomparable boards after a contestant withdraws mid-event."""
    table = load_tables()["forfeit"]["withdrawal"]
    event = parse_choice(event, "event", WITHDRAWAL_EVENTS)
    boards = parse_integer(boards, "boards", minimum=1, maximum=999)
    spec = table["events"][event]
    scores = {"withdrawing": spec["withdrawing"], "other": None}
    if "other_imp" in spec:
        scores["other"] = f"每副{spec['other_imp']}IMP，共{spec['other_imp'] * boards}IMP"
    elif "other_mp" in spec:
        scores["other"] = f"每副{spec['other_mp']}比赛分（按1、0.5、0计分时{spec['other_mp_half_scale']}分）"
    elif "other" in spec:
        scores["other"] = f"每副{spec['other']}"
    penalty = empty_penalty()
    penalty["forfeit"] = "match" if event in ("round-robin", "swiss", "board-a-match", "knock-out") else "session"
    headline = f"中途退出方：{spec['withdrawing']}" + (f"；对方：{scores['other']}" if scores["other"] else "")
    return make_result(
        "withdrawal", load_tables()["forfeit"]["article"], anchor=table["anchor"], inputs={"event": event, "boards": boards},
        band=None, penalty=penalty, quote=spec["quote"], readings=["已打过且能构成复式的牌按实际结果计分。"], other_readings=[],
        consequences=[table["quote"]], subject=f"中途退出（{event}），{boards}副牌未打或不能构成复式", headline=headline,
        scores=scores)


def carry_over(**values) -> dict:
    """第52条（双人赛的带分方法）: the formula is garbled in the source, so no value is computed."""
    table = load_tables()["carry_over"]
    variables = []
    for variable in table["variables"]:
        given = values.get(variable["name"])
        variables.append({"name": variable["name"], "text": variable["text"],
                          "value": None if given in (None, "") else json_number(parse_number(given, variable["name"]))})
    return make_result(
        "carry-over", table["article"], anchor=None, inputs={v["name"]: v["value"] for v in variables}, band=None,
        penalty=empty_penalty(), quote=table["variables"][0]["quote"], readings=[table["notice"]], other_readings=[],
        subject="双人赛带分", headline="原文公式无法核实，不计算", value=None, variables=variables,
        source_lines=table["source_lines"], notice=table["notice"])
