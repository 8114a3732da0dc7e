"""The result every calculator returns: one JSON-ready dict with the penalty, the quoted rule and the reading used."""
from __future__ import annotations

from fractions import Fraction

PENALTY_KEYS = ("warning", "vp", "imp", "top_percent", "range", "committee", "forfeit", "stop_play")
AMOUNT_KEYS = ("vp", "imp", "top_percent")
UNIT_SUFFIX = {"vp": "VP", "imp": "IMP", "top_percent": "%"}  # top_percent: a percentage of one board's top
FORFEIT_TEXT = {"session": "该节弃权", "round": "该轮弃权", "match": "该场弃权"}


def rational(value) -> Fraction:
    """A table number (int, float written in decimal, or string) as an exact fraction: 1.5 → 3/2."""
    return value if isinstance(value, Fraction) else Fraction(str(value))


def round_half_up(value, decimals: int) -> Fraction:
    """第35条: 四舍五入 (round half up, away from zero; never to even), keeping `decimals` places: 0.125 at 2 → 0.13.

    Exact integer arithmetic, the same steps as the widget's roundHalfUp: |n|·10^d / den rounded half up.
    """
    exact = rational(value)
    scale = 10 ** decimals
    magnitude = (2 * abs(exact.numerator) * scale + exact.denominator) // (2 * exact.denominator)
    return Fraction(magnitude if exact >= 0 else -magnitude, scale)


def json_number(value):
    """An exact number for JSON: integral values as int, others as the nearest float (None stays None)."""
    if value is None:
        return None
    exact = rational(value)
    return int(exact) if exact.denominator == 1 else float(exact)


def format_number(value) -> str:
    """'1', '1.5', '0.75': the shortest decimal text of a JSON number, as the widget prints it."""
    number = json_number(value)
    return str(number) if isinstance(number, int) else repr(number)


def format_amount(key: str, value) -> str:
    """'扣2VP', '扣3IMP', '扣一副牌顶分的10%'."""
    if key == "top_percent":
        return f"扣一副牌顶分的{format_number(value)}%"
    return f"扣{format_number(value)}{UNIT_SUFFIX[key]}"


def empty_penalty() -> dict:
    return {"warning": False, "vp": None, "imp": None, "top_percent": None, "range": None,
            "committee": False, "forfeit": None, "stop_play": False}


def describe_penalty(penalty: dict) -> str:
    """A short Chinese statement of a penalty: '警告', '扣2VP', '由比赛仲裁委员会处理', '不处罚'."""
    parts = []
    if penalty["warning"]:
        parts.append("正式警告")
    for key in AMOUNT_KEYS:
        if penalty[key] is not None:
            parts.append(format_amount(key, penalty[key]))
    if penalty["range"] is not None:
        low, high = penalty["range"]["min"], penalty["range"]["max"]
        unit = penalty["range"]["unit"]
        parts.append(f"扣{format_number(low)}—{format_number(high)}{UNIT_SUFFIX[unit]}" if unit != "top_percent"
                     else f"扣一副牌顶分的{format_number(low)}%—{format_number(high)}%")
    if penalty["stop_play"]:
        parts.append("停止打牌")
    if penalty["forfeit"]:
        parts.append(FORFEIT_TEXT[penalty["forfeit"]])
    if penalty["committee"]:
        parts.append("由比赛仲裁委员会处理")
    return "，".join(parts) if parts else "不处罚"


def make_result(calculator: str, article: str, *, anchor: str | None, inputs: dict, band: str | None,
                penalty: dict, quote: str | None, readings: list[str], other_readings: list[str],
                options: list | None = None, consequences: list | None = None, subject: str = "",
                **extra) -> dict:
    """Assemble the JSON object; `ruling` is the short text a director pastes (the widget builds the same)."""
    headline = extra.pop("headline", None)
    penalty = {key: penalty[key] for key in PENALTY_KEYS}
    for key in AMOUNT_KEYS:
        penalty[key] = json_number(penalty[key])
    if penalty["range"] is not None:
        penalty["range"] = {"unit": penalty["range"]["unit"], "min": json_number(penalty["range"]["min"]),
                            "max": json_number(penalty["range"]["max"])}
    number = article.split("/")[1].split("-")[0]
    book = "规则" if article.startswith("laws/") else "裁判法"
    where = f"{book}第{number}条" + (f"（{anchor}）" if anchor else "")
    result = {
        "calculator": calculator,
        "article": article,
        "anchor": anchor,
        "inputs": inputs,
        "band": band,
        "penalty": penalty,
        "options": options or [],
        "consequences": consequences or [],
        "quote": quote,
        "reading": " ".join(readings) if readings else None,
        "other_reading": " ".join(other_readings) if other_readings else None,
    }
    result.update(extra)
    result["subject"] = subject
    result["headline"] = headline or describe_penalty(penalty)
    result["ruling"] = f"{subject}：{result['headline']}。依据：{where}" + (f"“{quote}”" if quote else "")
    return result
