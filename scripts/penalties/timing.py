"""第26条 lateness and 第27条 slow play: find the band for a time, apply repeats, per-minute IMPs and shares."""

from __future__ import annotations

import math
from fractions import Fraction

from scripts.penalties.result import (
    AMOUNT_KEYS,
    add_readings,
    describe_penalty,
    empty_penalty,
    format_number,
    headline,
    json_number,
    make_result,
    rational,
    round_half_up,
    subject,
)
from scripts.penalties.spec import choice_label, fill, input_error, parse_inputs
from scripts.penalties.data import PenaltyData
from scripts.penalties.symbolic import Sym, differs, placeholder, same, when


def format_minutes(penalties: PenaltyData, minutes: Fraction) -> str:
    """12 → '12分钟', 11/2 → '5分30秒', 5.0001 → '5.0001分钟'."""
    forms = penalties.words["minutes"]
    if isinstance(minutes, Sym):
        return placeholder(["minutes", minutes.node, forms["whole"], forms["seconds"]])
    return minute_text(minutes, forms["whole"], forms["seconds"])


def minute_text(minutes: Fraction, whole_form: str, seconds_form: str) -> str:
    seconds = minutes * 60
    if seconds.denominator == 1:
        whole, rest = divmod(int(seconds), 60)
        return fill(whole_form, minutes=whole) if rest == 0 else fill(seconds_form, minutes=whole, seconds=rest)
    return fill(whole_form, minutes=format_number(minutes))


def find_band(bands: list[dict], minutes: Fraction) -> tuple[int, Fraction]:
    """Index of the band X < t ≤ Y holding `minutes` (t > 0), and its lower bound X."""
    lower = Fraction(0)
    for index, band in enumerate(bands):
        if band["upper"] is None or minutes <= rational(band["upper"]):
            return index, lower
        lower = rational(band["upper"])
    raise AssertionError("the last band of a table is open")  # the table test checks every table ends open


def boundary_readings(
    penalties: PenaltyData, bands: list[dict], index: int, minutes: Fraction, lower: Fraction
) -> tuple[list, list]:
    """The band-notation and 以上 readings that matter for this time (only at a boundary or in the open band)."""
    conventions = penalties.tables["conventions"]
    band = bands[index]
    readings, others = [], []
    if band["upper"] is not None and minutes == rational(band["upper"]):
        upper = format_number(band["upper"])
        add_readings(
            readings, others, conventions["band_boundary"], band=band["band"], lower=format_number(lower), upper=upper
        )
        following = bands[index + 1]
        if following["upper"] is None:
            add_readings(readings, others, conventions["open_band"], open_band=following["band"], upper=upper)
    elif band["upper"] is None:
        readings.append(fill(conventions["open_band"]["reading"], open_band=band["band"], upper=format_number(lower)))
    return readings, others


def per_minute_amount(rule: dict, minutes: Fraction) -> int:
    """`base` plus one per started minute over `over`: 1 + ⌈t − 5⌉ for lateness in knock-outs."""
    return rule["base"] + math.ceil(minutes - rule["over"])


def apply_consequences(penalty: dict, source: dict) -> None:
    """committee / disqualification / void_result as the text names them (true → the table's own words)."""
    if source.get("committee"):
        penalty["committee"] = source["committee"]
    for key in ("disqualification", "void_result"):
        if source.get(key):
            penalty[key] = source[key]


def timed_penalty(penalties: PenaltyData, calculator: str, table_name: str, values: dict) -> dict:
    """The part shared by lateness and slow play: band, penalty, options and readings for one time."""
    table = penalties.tables[table_name]
    event, minutes, repeat = values["event"], values["minutes"], values["repeat"]
    spec = table["events"][event]
    state = {
        "table": table,
        "spec": spec,
        "event": event,
        "minutes": minutes,
        "repeat": repeat,
        "penalty": empty_penalty(),
        "band": None,
        "quote": None,
        "readings": [],
        "others": [],
        "options": [],
        "consequences": [],
        "band_data": None,
        "lower": None,
    }
    state["subject"] = {
        "event_label": choice_label(penalties.calculators[calculator], "event", event),
        "minutes_text": format_minutes(penalties, minutes),
        "repeat_text": penalties.words["repeat"] if repeat else "",
    }
    if minutes == 0:
        state["readings"].append(fill(penalties.words["zero_minutes"], unit=table["unit_label"]))
        return state
    bands = spec["bands"]
    index, lower = find_band(bands, minutes)
    band = bands[index]
    penalty = state["penalty"]
    state.update(band=band["band"], quote=band["quote"], band_data=band, lower=lower)
    if band.get("warning"):
        if repeat:
            for key, value in band["repeat"].items():
                penalty[key] = rational(value)
            if band.get("repeat_reading"):
                state["readings"].append(band["repeat_reading"])
                state["others"].append(band["repeat_other_reading"])
        else:
            penalty["warning"] = band["warning"]
    elif repeat:
        add_readings(state["readings"], state["others"], penalties.tables["conventions"]["repeat_outside_warning_band"])
    for key in AMOUNT_KEYS:
        if key in band:
            penalty[key] = rational(band[key])
    if "per_minute" in band:
        rule = band["per_minute"]
        penalty[rule["unit"]] = rational(per_minute_amount(rule, minutes))
        if "per_minute_other" in band:
            other = per_minute_amount({**rule, **band["per_minute_other"]}, minutes)
            state["readings"].append(band["reading"])
            state["others"].append(
                fill(penalties.words["per_minute_other"], other_reading=band["other_reading"], amount=other)
            )
    else:
        add_readings(state["readings"], state["others"], band)
    apply_consequences(penalty, band)
    penalty["stop_play"] = bool(band.get("stop_play"))
    penalty["forfeit"] = band.get("forfeit")
    state["options"] = [dict(option) for option in band.get("options", [])]
    state["consequences"] = list(band.get("consequences", []))
    if spec.get("cut_boards"):  # 第27条三: boards cut from a team match for time
        state["consequences"].append(spec["cut_boards"]["text"])
    readings, others = boundary_readings(penalties, bands, index, minutes, lower)
    state["readings"] += readings
    state["others"] += others
    return state


def timed_result(penalties: PenaltyData, calculator: str, state: dict, inputs: dict, facts: dict, **extra) -> dict:
    """The result of a timed rule from what timed_penalty found, with the rule's own inputs, subject facts and keys."""
    return make_result(
        penalties,
        calculator,
        state["table"]["article"],
        anchor=state["spec"]["anchor"],
        inputs={"event": state["event"], "minutes": json_number(state["minutes"]), "repeat": state["repeat"], **inputs},
        band=state["band"],
        penalty=state["penalty"],
        quote=state["quote"],
        readings=state["readings"],
        other_readings=state["others"],
        options=state["options"],
        consequences=state["consequences"],
        subject=subject(penalties, calculator, **state["subject"], **facts),
        **extra,
    )


def lateness(penalties: PenaltyData, **raw) -> dict:
    """第26条: the penalty for arriving `minutes` late; `remove_boards` applies the director's 可酌情扣打 option."""
    values = parse_inputs(penalties, "lateness", raw)
    state = timed_penalty(penalties, "lateness", "lateness", values)
    removed, title = None, None
    count = values["remove_boards"]
    if count is not None:
        spec = penalties.calculators["lateness"]
        removal = next((option for option in state["options"] if "remove_boards" in option), None)
        if removal is None:
            raise input_error(
                penalties.words, spec, "remove_boards", "no_removal", band=state["band"] or penalties.words["zero_band"]
            )
        low, high = removal["remove_boards"]
        if not low <= count <= high:
            raise input_error(
                penalties.words,
                spec,
                "remove_boards",
                "removal_range",
                band=state["band"],
                allowed=f"{low}" if low == high else f"{low}—{high}",
                count=count,
            )
        removed = {"count": count, "offender": removal["offender"], "non_offender": removal["non_offender"]}
        title = headline(
            penalties, "lateness", "removed", penalty_text=describe_penalty(penalties, state["penalty"]), **removed
        )
    return timed_result(
        penalties, "lateness", state, {"remove_boards": count}, {}, removed_boards=removed, headline=title
    )


def share_difference(
    penalties: PenaltyData, penalty: dict, total: dict, share: Fraction, decimals: int, others: list
) -> str | None:
    """第27条 “此扣分为双方扣分的和”: when this side's and the other side's rounded shares do not add up to the table's
    amount, the headline says by how much (and why); None when they do."""
    w = penalties.words
    title, other_text = None, ""
    for key, amount in reversed(total.items()):  # the first unit whose shares do not add up decides
        whole = rational(amount)
        other = round_half_up(whole * (1 - share), decimals)
        both = penalty[key] + other
        note = fill(w["share_difference_other"], total=fill(w["unit_amount"][key], value=format_number(whole)))
        unit = {
            name: fill(w["unit_amount"][key], value=format_number(value))
            for name, value in (("other", other), ("sum", both), ("total", whole), ("difference", abs(both - whole)))
        }
        text = fill(
            w["share_difference"],
            headline=describe_penalty(penalties, penalty),
            other_percent=format_number(round_half_up((1 - share) * 100, 4)),
            **unit,
        )
        apart = differs(both, whole)
        title, other_text = when(apart, text, title), when(apart, note, other_text)
    others.append(other_text)
    return title


def slow_play(penalties: PenaltyData, **raw) -> dict:
    """第27条: the penalty for `minutes` of overtime, for a side bearing `share` of the responsibility."""
    values = parse_inputs(penalties, "slow-play", raw)
    state = timed_penalty(penalties, "slow-play", "slow_play", values)
    rounding = penalties.tables["conventions"]["rounding"]
    share, decimals = values["share"], int(values["decimals"])
    penalty = state["penalty"]
    total = {key: json_number(penalty[key]) for key in AMOUNT_KEYS if penalty[key] is not None}
    readings = state["readings"]
    if "total_for_both_sides" in state["spec"]:
        readings.insert(0, fill(penalties.words["both_sides"], text=state["spec"]["total_for_both_sides"]["text"]))
    title = None
    percent = format_number(round_half_up(share * 100, 4))
    if share == 0:
        for key in AMOUNT_KEYS:
            penalty[key] = None
        penalty["warning"] = None
        title = headline(penalties, "slow-play", "no-share")
    elif share != 1:
        for key in AMOUNT_KEYS:
            if penalty[key] is not None:
                exact = penalty[key] * share
                penalty[key] = round_half_up(exact, decimals)
                shown = round_half_up(exact, 6)
                readings.append(
                    fill(
                        penalties.words["share_reading"],
                        percent=percent,
                        total=format_number(total[key]),
                        share=format_number(round_half_up(share, 6)),
                        relation=when(same(shown, exact), "=", "≈"),
                        shown=format_number(shown),
                    )
                    + fill(rounding["reading"], decimals=decimals)
                )
                state["others"].append(when(differs(exact, penalty[key]), rounding["other_reading"], ""))
        title = share_difference(penalties, penalty, total, share, decimals, state["others"])
    share_text = fill(penalties.words["share"], percent=percent) if share != 1 else ""
    return timed_result(
        penalties,
        "slow-play",
        state,
        {"share": json_number(share), "decimals": decimals},
        {"share_text": share_text},
        total=total or None,
        headline=title,
    )
