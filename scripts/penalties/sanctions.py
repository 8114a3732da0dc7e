"""第34条, 第37条, 第38条: an item's offence ladder, shown in the scoring in use through 0.5VP ≈ 3IMP ≈ 10%MP."""
from __future__ import annotations

from fractions import Fraction

from scripts.penalties.inputs import PenaltyInputError, given, parse_choice, parse_flag, parse_integer
from scripts.penalties.result import AMOUNT_KEYS, UNIT_SUFFIX, empty_penalty, format_number, json_number, make_result, rational
from scripts.penalties.tables import SANCTION_TABLES, load_tables
from scripts.penalties.timing import fill

SCORINGS = {"vp": "vp", "imp": "imp", "mp": "top_percent"}
OFFENCE_NAMES = {1: "初犯", 2: "再犯"}
SCORING_NAMES = {"vp": "VP", "imp": "IMP", "mp": "MP"}
SOURCE_TEXT = {"vp": "{}VP", "imp": "{}IMP", "top_percent": "{}%MP"}


def offence_name(count: int) -> str:
    return OFFENCE_NAMES.get(count, f"屡犯（第{count}次）")


def convert(step: dict, unit: str, conversion: dict) -> tuple[Fraction | None, str | None]:
    """The step's amount in `unit`: as stated, else converted from the first stated unit (VP, IMP, MP)."""
    if unit in step:
        return rational(step[unit]), None
    for source in AMOUNT_KEYS:
        if source in step:
            value = rational(step[source]) / rational(conversion[source]) * rational(conversion[unit])
            return value, SOURCE_TEXT[source].format(format_number(step[source]))
    return None, None


def convert_range(bounds: dict, unit: str, conversion: dict) -> tuple[list, str | None]:
    if unit in bounds:
        return [rational(v) for v in bounds[unit]], None
    for source in AMOUNT_KEYS:
        if source in bounds:
            low, high = (rational(v) / rational(conversion[source]) * rational(conversion[unit]) for v in bounds[source])
            text = SOURCE_TEXT[source].format(f"{format_number(bounds[source][0])}-{format_number(bounds[source][1])}")
            return [low, high], text
    raise AssertionError("a range names at least one unit")


def forfeit_scope(scoring: str) -> str:
    """取消该场（节）比赛资格: a match (场) in team scoring, a session (节) in MP pairs scoring."""
    return "session" if scoring == "mp" else "match"


def apply_step(step: dict, unit: str, scoring: str, scale: dict, penalty: dict, conversions: list) -> None:
    """Write one step's sanction into `penalty`, converting amounts to `unit`; notes conversions made."""
    conversion = scale["conversion"]
    penalty["warning"] = bool(step.get("warning"))
    value, source = convert(step, unit, conversion)
    if value is not None:
        limit = rational(scale["limits"][unit][1])
        penalty[unit] = min(value, limit)
        if source:
            conversions.append(source)
    if "range" in step:
        (low, high), source = convert_range(step["range"], unit, conversion)
        penalty["range"] = {"unit": unit, "min": low, "max": high}
        if source:
            conversions.append(source)
    penalty["committee"] = bool(step.get("committee"))
    if step.get("forfeit") == "match-or-session":
        penalty["forfeit"] = forfeit_scope(scoring)


def option_of(step: dict, unit: str, scoring: str, scale: dict, conversions: list) -> dict:
    """A sanction the director may choose instead (警告或扣…, …或停止其本场（节）比赛资格)."""
    penalty = empty_penalty()
    apply_step(step, unit, scoring, scale, penalty, conversions)
    option = {"text": "或" + step["text"]}
    for key in AMOUNT_KEYS:
        if penalty[key] is not None:
            option[key] = json_number(penalty[key])
    if penalty["range"] is not None:
        option["range"] = {"unit": unit, "min": json_number(penalty["range"]["min"]), "max": json_number(penalty["range"]["max"])}
    if penalty["forfeit"]:
        option["forfeit"] = penalty["forfeit"]
    return option


def item_number(table: dict, value) -> int:
    """--item as listed in the article: '9', '9.', '9．', or 第38条's '一'/'一、'; digits are accepted everywhere."""
    text = str(value).strip().rstrip(".．、")
    for entry in table["items"]:
        if entry.get("label") == text:
            return entry["item"]
    return parse_integer(text, "item", minimum=1)


def procedural(*, article, item, offence="1", scoring="vp", variant=None, direct_damage=False) -> dict:
    """The sanction for the `offence`-th offence of `item` of 第`article`条, in the `scoring` in use."""
    article = parse_choice(str(article).strip(), "article", tuple(SANCTION_TABLES))
    table = load_tables()[SANCTION_TABLES[article]]
    conventions = load_tables()["conventions"]
    numbers = [entry["item"] for entry in table["items"]]
    item = item_number(table, item)
    if item not in numbers:
        raise PenaltyInputError("item", f"第{article}条 has items {numbers[0]}–{numbers[-1]}, got {item}")
    offence = parse_integer(given(offence, "1"), "offence", minimum=1, maximum=99)
    scoring = parse_choice(given(scoring, "vp"), "scoring", tuple(SCORINGS))
    direct_damage = parse_flag(direct_damage, "direct-damage")
    entry = table["items"][numbers.index(item)]
    names = [v["name"] for v in entry["variants"]]
    variant = names[0] if variant in (None, "") else parse_choice(variant, "variant", names)
    spec = entry["variants"][names.index(variant)]
    steps = spec["steps"]
    step = steps[min(offence, len(steps)) - 1]
    unit = SCORINGS[scoring]
    scale = table["scale"]
    readings, others, conversions, options, consequences = [], [], [], [], []
    penalty = empty_penalty()
    apply_step(step, unit, scoring, scale, penalty, conversions)
    if "alternative" in step:
        options.append(option_of(step["alternative"], unit, scoring, scale, conversions))
    consequences += step.get("consequences", [])
    if step.get("adjusted_score"):
        consequences.append(step["adjusted_score"])
    if entry.get("also"):
        consequences.append(entry["also"])
    if direct_damage:
        if "damage" not in entry:
            raise PenaltyInputError("direct-damage", f"第{article}条{item} has no adjusted-score clause for direct damage")
        consequences.append(entry["damage"]["text"])
    if entry["sequence"] == "listed" and len(steps) > 1:
        readings.append(conventions["listed_ladder"]["reading"])
        others.append(conventions["listed_ladder"]["other_reading"])
    for source in (entry, spec):
        if source.get("reading"):
            readings.append(source["reading"])
        if source.get("other_reading"):
            others.append(source["other_reading"])
    if offence > len(steps):
        if len(steps) > 1:
            readings.append(fill(conventions["beyond_ladder"]["reading"], offence=offence, step=step["text"]))
            others.append(conventions["beyond_ladder"]["other_reading"])
        if entry.get("repeat_note"):
            consequences.append(entry["repeat_note"])
    if offence > 1:
        readings.append(conventions["offence_count"]["reading"])
        others.append(conventions["offence_count"]["other_reading"])
    for source in dict.fromkeys(conversions):
        readings.append(fill(conventions["conversion"]["reading"], unit=SOURCE_TEXT[unit].format(""), source=source))
    if penalty["forfeit"] or any(option.get("forfeit") for option in options):
        readings.append("“该场（节）”：团体赛为该场，双人赛（MP）为该节。")
    label = entry.get("label", str(item))
    variant_text = f"（{spec['label']}）" if spec.get("label") else ""
    subject = f"第{article}条{label}{entry['summary']}{variant_text}，{offence_name(offence)}，{SCORING_NAMES[scoring]}制"
    return make_result(
        "procedural", table["article"], anchor=label,
        inputs={"article": article, "item": item, "offence": offence, "scoring": scoring, "variant": variant,
                "direct_damage": direct_damage},
        band=step["text"], penalty=penalty, quote=entry["quote"], readings=readings, other_readings=others,
        options=options, consequences=consequences, subject=subject,
        variants=[{"name": v["name"], "label": v.get("label", "")} for v in entry["variants"]])
