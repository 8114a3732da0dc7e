"""第34条, 第37条, 第38条: an item's offence ladder, shown in the scoring in use through 0.5VP ≈ 3IMP ≈ 10%MP."""

from __future__ import annotations

import re
from fractions import Fraction

from scripts.penalties.result import (
    AMOUNT_KEYS,
    add_readings,
    describe_penalty,
    empty_penalty,
    format_number,
    json_number,
    make_result,
    rational,
    subject,
)
from scripts.penalties.spec import fill, input_error, parse_inputs
from scripts.penalties.data import PenaltyData
from scripts.penalties.tables import SANCTION_TABLES
from scripts.penalties.timing import apply_consequences


def offence_name(penalties: PenaltyData, count: int) -> str:
    names = penalties.words["offence"]
    return names.get(str(count)) or fill(names["more"], count=count)


def converted(
    penalties: PenaltyData, amounts: dict, unit: str, conversion: dict
) -> tuple[list[Fraction] | None, str | None]:
    """An amount (a number, or a range's [low, high]) in `unit`: as stated, else converted from the first unit stated
    (VP, IMP, MP), with the stated amount's text for the reading ('1VP', '0.5-1VP')."""
    for source in (unit, *AMOUNT_KEYS):
        if source in amounts:
            stated = amounts[source] if isinstance(amounts[source], list) else [amounts[source]]
            if source == unit:
                return [rational(value) for value in stated], None
            values = [rational(value) / rational(conversion[source]) * rational(conversion[unit]) for value in stated]
            return values, fill(
                penalties.words["unit_amount"][source], value="-".join(format_number(value) for value in stated)
            )
    return None, None


def apply_step(penalties: PenaltyData, step: dict, unit: str, scale: dict, penalty: dict, conversions: list) -> None:
    """Write one step's sanction into `penalty`, converting amounts to `unit`; notes conversions made."""
    conversion = scale["conversion"]
    warning = step.get("warning")
    penalty["warning"] = (penalties.words["warning"] if warning is True else warning) or None
    values, source = converted(penalties, step, unit, conversion)
    if values is not None:
        penalty[unit] = min(values[0], rational(scale["limits"][unit][1]))
        if source:
            conversions.append(source)
    if "range" in step:
        (low, high), source = converted(penalties, step["range"], unit, conversion)
        penalty["range"] = {"unit": unit, "min": low, "max": high}
        if source:
            conversions.append(source)
    apply_consequences(penalty, step)


def option_of(penalties: PenaltyData, step: dict, unit: str, scale: dict, conversions: list) -> dict:
    """A sanction the director may choose instead (警告或扣…, …或停止其本场（节）比赛资格)."""
    penalty = empty_penalty()
    apply_step(penalties, step, unit, scale, penalty, conversions)
    option = {"text": fill(penalties.words["option"], text=step["text"])}
    for key in AMOUNT_KEYS:
        if penalty[key] is not None:
            option[key] = json_number(penalty[key])
    if penalty["range"] is not None:
        option["range"] = {
            "unit": unit,
            "min": json_number(penalty["range"]["min"]),
            "max": json_number(penalty["range"]["max"]),
        }
    for key in ("disqualification", "committee", "void_result"):
        if penalty[key]:
            option[key] = penalty[key]
    return option


def item_number(penalties: PenaltyData, table: dict, article: str, text: str) -> int:
    """--item as listed in the article: '9', '9.', '9．', or 第38条's '一'/'一、'; digits are accepted everywhere."""
    numbers = [entry["item"] for entry in table["items"]]
    label = text.rstrip(".、")
    for entry in table["items"]:
        if entry.get("label") == label:
            return entry["item"]
    if re.fullmatch(r"[0-9]{1,3}", label) and int(label) in numbers:
        return int(label)
    raise input_error(
        penalties.words,
        penalties.calculators["procedural"],
        "item",
        "item",
        article=article,
        first=numbers[0],
        last=numbers[-1],
        text=text,
    )


def variant_spec(penalties: PenaltyData, entry: dict, variant: str) -> dict:
    """The item's case named `variant` (the first when none is asked for); an unknown name is refused."""
    names = [v["name"] for v in entry["variants"]]
    if variant not in names:
        labels = "、".join(
            v.get("label", penalties.words["default_variant"]) for v in entry["variants"]
        )  # the widget's wording
        raise input_error(
            penalties.words,
            penalties.calculators["procedural"],
            "variant",
            "variant",
            choices="、".join(names),
            text=variant,
            labels=labels,
        )
    return entry["variants"][names.index(variant)]


def step_consequences(
    penalties: PenaltyData, entry: dict, steps: list, offence: int, *, article: int, item: int, direct_damage: bool
) -> list:
    """What follows the sanction besides the amount: the step's own lines, the adjusted score, the item's further
    line, the ruling on direct damage (when asked for), and past the ladder the item's note on repeats."""
    step = steps[min(offence, len(steps)) - 1]
    consequences = list(step.get("consequences", []))
    if step.get("adjusted_score"):
        consequences.append(step["adjusted_score"])
    if entry.get("also"):
        consequences.append(entry["also"])
    if direct_damage:
        if "damage" not in entry:
            raise input_error(
                penalties.words,
                penalties.calculators["procedural"],
                "direct_damage",
                "no_damage",
                article=article,
                item=entry.get("label", item),
            )
        consequences.append(entry["damage"]["text"])
    if offence > len(steps) and entry.get("repeat_note"):
        consequences.append(entry["repeat_note"])
    return consequences


def ladder_readings(
    penalties: PenaltyData, entry: dict, spec: dict, offence: int, conversions: list, unit: str
) -> tuple[list, list]:
    """The readings the ruling rests on: the ladder's, the item's, the case's and the step's own (that offence only,
    not the offences beyond the ladder that reuse the step), beyond the ladder, counting offences, conversions."""
    conventions, steps = penalties.tables["conventions"], spec["steps"]
    step = steps[min(offence, len(steps)) - 1]
    readings, others = [], []
    if entry["sequence"] == "listed" and len(steps) > 1:
        add_readings(readings, others, conventions["listed_ladder"])
    for source in (entry, spec) + ((step,) if offence <= len(steps) else ()):
        add_readings(readings, others, source)
    if offence > len(steps) and len(steps) > 1:
        add_readings(readings, others, conventions["beyond_ladder"], offence=offence, step=step["text"])
    if offence > 1:
        add_readings(readings, others, conventions["offence_count"])
    for source in dict.fromkeys(conversions):
        unit_words = fill(penalties.words["unit_amount"][unit], value="")
        readings.append(fill(conventions["conversion"]["reading"], unit=unit_words, source=source))
    return readings, others


def procedural(penalties: PenaltyData, **raw) -> dict:
    """The sanction for the `offence`-th offence of `item` of 第`article`条, in the `scoring` in use."""
    values = parse_inputs(penalties, "procedural", raw)
    article, offence, scoring, direct_damage = (
        values["article"],
        values["offence"],
        values["scoring"],
        values["direct_damage"],
    )
    table = penalties.tables[SANCTION_TABLES[article]]
    w = penalties.words
    numbers = [entry["item"] for entry in table["items"]]
    item = item_number(penalties, table, article, values["item"])
    entry = table["items"][numbers.index(item)]
    variant = values["variant"] or entry["variants"][0]["name"]
    spec = variant_spec(penalties, entry, variant)
    steps = spec["steps"]
    step = steps[min(offence, len(steps)) - 1]
    unit = w["scoring_units"][scoring]
    scale = table["scale"]
    conversions, options = [], []
    penalty = empty_penalty()
    apply_step(penalties, step, unit, scale, penalty, conversions)
    if "alternative" in step:
        options.append(option_of(penalties, step["alternative"], unit, scale, conversions))
    consequences = step_consequences(
        penalties, entry, steps, offence, article=article, item=item, direct_damage=direct_damage
    )
    readings, others = ladder_readings(penalties, entry, spec, offence, conversions, unit)
    label = entry.get("label", str(item))
    # a case of an item that is its own offence (第37条8) names itself; a step another clause orders (第38条三) quotes it
    variant_text = f"（{spec['label']}）" if spec.get("label") and not spec.get("summary") else ""
    offence_text = (
        "" if entry["sequence"] == "single" else fill(w["offence_part"], offence=offence_name(penalties, offence))
    )
    title = describe_penalty(penalties, penalty)
    for option in options:
        title = fill(w["headline_option"], headline=title, option=option["text"])
    if direct_damage:
        title = fill(w["headline_damage"], headline=title, damage=entry["damage"]["ruling"])
    return make_result(
        penalties,
        "procedural",
        table["article"],
        anchor=step.get("clause", label),
        inputs={
            "article": article,
            "item": item,
            "offence": offence,
            "scoring": scoring,
            "variant": variant,
            "direct_damage": direct_damage,
        },
        band=step["text"],
        penalty=penalty,
        quote=step.get("quote") or spec.get("quote") or entry["quote"],
        readings=readings,
        other_readings=others,
        options=options,
        consequences=consequences,
        headline=title,
        subject=subject(
            penalties,
            "procedural",
            article=article,
            label=label,
            summary=spec.get("summary", entry["summary"]),
            variant_text=variant_text,
            offence_text=offence_text,
            scoring_label=w["scoring_names"][scoring],
        ),
        variants=[{"name": v["name"], "label": v.get("label", "")} for v in entry["variants"]],
    )
