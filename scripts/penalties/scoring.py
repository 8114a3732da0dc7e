"""Scores rather than deductions (第28条 forfeits and withdrawal are in forfeits.py): 第44条 fouled boards, 第45条 ratios,
第35条 rounding, 第52条 carry-over (variables only), 规则第2条 boards and 第12条C1 artificial adjusted scores.

Only the arithmetic lives here; inputs are parsed by the spec and headlines are calculators.yml templates."""

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
from scripts.penalties.spec import fill, parse_inputs
from scripts.penalties.data import PenaltyData
from scripts.penalties.symbolic import Sym, pick, placeholder, when


def board(penalties: PenaltyData, **raw) -> dict:
    """规则第2条: dealer and vulnerability of board `number` (the table is reconstructed; see board.yml)."""
    table = penalties.tables["board"]
    number = parse_inputs(penalties, "board", raw)["number"]
    index = number - 1
    dealer = pick(table["dealers"], index % 4)
    vulnerability = pick(table["vulnerabilities"], (index + index // 4) % 4)
    cycle = index % table["cycle"] + 1
    return make_result(
        penalties,
        "board",
        table["article"],
        anchor=None,
        inputs={"number": number},
        band=None,
        penalty=empty_penalty(),
        quote=table["quote"],
        readings=[table["notice"]],
        other_readings=[],
        subject=subject(penalties, "board", number=number, cycle=cycle),
        dealer=dealer,
        vulnerability=vulnerability,
        headline=headline(
            penalties,
            "board",
            "board",
            dealer_label=pick([table["dealer_labels"][d] for d in table["dealers"]], index % 4),
            vulnerability_label=pick(
                [table["vulnerability_labels"][v] for v in table["vulnerabilities"]], (index + index // 4) % 4
            ),
        ),
    )


def fixed_places(value: Fraction, places: int) -> str:
    """Rounded half up and written with exactly `places` decimals: 1000001/1000000 at 4 → '1.0000'."""
    if isinstance(value, Sym):
        return placeholder(["fixed", value.node, ["n", str(places)]])
    text = format_number(round_half_up(value, places))
    whole, _, decimals = text.partition(".")
    return f"{whole}.{decimals.ljust(places, '0')}" if places else whole


def terminates(value, places: int):
    """Whether `value` is exact within `places` decimals (a bool, or an expression for a typed value)."""
    if isinstance(value, Sym):
        return Sym(["terminates", value.node, ["n", str(places)]])
    return (value * 10**places).denominator == 1


def when_exact(value, places: int) -> str:
    """format_number of a ratio the headline shows only when it terminates within `places` decimals."""
    return format_number(value) if isinstance(value, Sym) or terminates(value, places) else ""


def fraction_text(value) -> str:
    if isinstance(value, Sym):
        return placeholder(["fraction", value.node])
    return f"{value.numerator}/{value.denominator}"


def fraction_parts(value):
    if isinstance(value, Sym):
        return Sym(["parts", value.node])
    return [value.numerator, value.denominator]


def tie_ratio(penalties: PenaltyData, **raw) -> dict:
    """第45条: IMP率 or TP率 = total won ÷ total lost, exact (the text sets no rounding); none when nothing was lost."""
    table = penalties.tables["tie_break"]
    values = parse_inputs(penalties, "tie-ratio", raw)
    kind, won, lost = values["kind"], values["won"], values["lost"]
    spec = table["kinds"][kind]
    facts = {"kind_label": spec["label"], "won": format_number(won), "lost": format_number(lost)}
    ratio = None if lost == 0 else won / lost
    if ratio is None:
        title = headline(penalties, "tie-ratio", "no-loss", **facts)
    else:  # exact within the promised places, or else the fraction, which tells apart ratios that round alike
        title = when(
            terminates(ratio, table["decimals"]),
            headline(penalties, "tie-ratio", "exact", ratio=when_exact(ratio, table["decimals"]), **facts),
            headline(
                penalties,
                "tie-ratio",
                "repeating",
                fraction=fraction_text(ratio),
                approx=fixed_places(ratio, table["decimals"]),
                **facts,
            ),
        )
    return make_result(
        penalties,
        "tie-ratio",
        table["article"],
        anchor=spec["anchor"],
        inputs={"won": json_number(won), "lost": json_number(lost), "kind": kind},
        band=None,
        penalty=empty_penalty(),
        quote=spec["quote"],
        readings=[table["reading"]],
        other_readings=[table["other_reading"]],
        subject=subject(penalties, "tie-ratio", kind_label=spec["label"], formula=spec["formula"]),
        ratio=json_number(ratio),
        ratio_fraction=None if ratio is None else fraction_parts(ratio),
        formula=spec["formula"],
        headline=title,
    )


def rounding(penalties: PenaltyData, **raw) -> dict:
    """第35条: a deduction rounded half up (四舍五入) to `decimals` places (0–2)."""
    spec = penalties.tables["conventions"]["rounding"]
    values = parse_inputs(penalties, "rounding", raw)
    exact, decimals = values["value"], int(values["decimals"])
    rounded = round_half_up(exact, decimals)
    return make_result(
        penalties,
        "rounding",
        spec["article"],
        anchor=None,
        inputs={"value": json_number(exact), "decimals": decimals},
        band=None,
        penalty=empty_penalty(),
        quote=spec["quote"],
        readings=[fill(spec["reading"], decimals=decimals)],
        other_readings=[spec["other_reading"]],
        subject=subject(penalties, "rounding", value=format_number(exact), decimals=decimals),
        value=json_number(rounded),
        headline=headline(penalties, "rounding", "rounded", rounded=format_number(rounded)),
    )


def adjusted(penalties: PenaltyData, **raw) -> dict:
    """规则第12条C1: the artificial adjusted score for a contestant by its share of the blame."""
    table = penalties.tables["adjusted_score"]
    values = parse_inputs(penalties, "adjusted", raw)
    responsibility, scoring = values["responsibility"], values["scoring"]
    spec = table["responsibilities"][responsibility]
    bound = table["bound_words"][spec["bound"]]
    if scoring == "mp":
        score = {"text": spec["score"], "top_percent": spec["percent"], "bound": spec["bound"], "imp": None}
        title = headline(penalties, "adjusted", "mp", score=spec["score"], bound=bound, percent=spec["percent"])
    else:
        score = {"text": spec["score"], "top_percent": None, "bound": "exact", "imp": spec["imp"]}
        title = headline(
            penalties, "adjusted", "imp", score=spec["score"], imp_text=f"{spec['imp']:+d}" if spec["imp"] else "0"
        )
    return make_result(
        penalties,
        "adjusted",
        table["article"],
        anchor=table["anchor"],
        inputs={"responsibility": responsibility, "scoring": scoring},
        band=spec["label"],
        penalty=empty_penalty(),
        quote=table["quote"],
        readings=[table["reading"]],
        other_readings=[table["other_reading"]],
        subject=subject(penalties, "adjusted", responsibility_label=spec["label"], scoring_label=scoring.upper()),
        score=score,
        consequences=[table["balance_quote"]],
        headline=title,
    )


def fouled(penalties: PenaltyData, **raw) -> dict:
    """第44条: scores for boards that cannot be compared (teams: ties; pairs: 60%/40% or ±3IMP per board)."""
    table = penalties.tables["fouled_boards"]
    values = parse_inputs(penalties, "fouled", raw)
    event, boards, whole_match = values["event"], values["boards"], values["whole_match"]
    readings, others, consequences = [], [], [table["teams"]["procedural_quote"]]
    if event == "teams":
        spec = table["teams"]
        if whole_match:
            tie = Fraction(penalties.tables["forfeit"]["tie_vp_25"]) if values["tie_vp"] is None else values["tie_vp"]
            factor = rational(spec["whole_match"]["offender_factor"])
            offender_vp = tie * factor
            scores = {
                "offender": {"vp": json_number(offender_vp)},
                "non_offender": {"text": spec["whole_match"]["non_offender"]},
            }
            title = headline(
                penalties,
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
            title = headline(penalties, "fouled", "teams", boards=boards)
            consequences.append(spec["no_replay_quote"])
            quote = spec["quote"]
            case = "teams"
    else:
        spec = table["pairs"]
        case = "pairs"
        if event == "pairs-mp":
            off, non = spec["offender"]["top_percent"], spec["non_offender"]["top_percent"]
            scores = {"offender": {"top_percent_per_board": off}, "non_offender": {"top_percent_per_board": non}}
            title = headline(penalties, "fouled", "pairs-mp", non_offender=non, offender=off, boards=boards)
        else:
            off, non = spec["offender"]["imp"], spec["non_offender"]["imp"]
            scores = {
                "offender": {"imp_per_board": off, "imp": off * boards},
                "non_offender": {"imp_per_board": non, "imp": non * boards},
            }
            title = headline(
                penalties,
                "fouled",
                "pairs-imp",
                non_offender=non,
                non_offender_total=non * boards,
                offender=off,
                offender_total=off * boards,
            )
        quote = spec["quote"]
        readings.append(spec["reading"])
    return make_result(
        penalties,
        "fouled",
        table["article"],
        anchor=table["teams" if event == "teams" else "pairs"]["anchor"],
        inputs={"event": event, "boards": boards, "whole_match": whole_match, "tie_vp": json_number(values["tie_vp"])},
        band=None,
        penalty=empty_penalty(),
        quote=quote,
        readings=readings,
        other_readings=others,
        consequences=consequences,
        subject=subject(penalties, "fouled", case, boards=boards, scoring_label="MP" if event == "pairs-mp" else "IMP"),
        scores=scores,
        headline=title,
    )


def carry_over(penalties: PenaltyData, **raw) -> dict:
    """第52条（双人赛的带分方法）: the formula is garbled in the source, so no value is computed."""
    table = penalties.tables["carry_over"]
    values = parse_inputs(penalties, "carry-over", raw)
    variables = [
        {"name": v["name"], "text": v["text"], "value": json_number(values[v["name"]])} for v in table["variables"]
    ]
    return make_result(
        penalties,
        "carry-over",
        table["article"],
        anchor=None,
        inputs={v["name"]: v["value"] for v in variables},
        band=None,
        penalty=empty_penalty(),
        quote=table["variables"][0]["quote"],
        readings=[table["notice"]],
        other_readings=[],
        subject=subject(penalties, "carry-over"),
        headline=headline(penalties, "carry-over", "none"),
        value=None,
        variables=variables,
        source_lines=table["source_lines"],
        notice=table["notice"],
    )
