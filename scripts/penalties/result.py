"""The result every calculator returns: one JSON-ready dict with the penalty, the quoted rule and the reading used.

Words come from calculators.yml (`words:`), so both engines state a penalty in the same terms.
"""

from __future__ import annotations

from fractions import Fraction

from scripts.errors import PenaltySpecError
from scripts.penalties.spec import fill
from scripts.penalties.symbolic import Sym, as_node, first_given, placeholder, text_or_none, unless_none
from scripts.penalties.data import PenaltyData

# A penalty with nothing in it, and the keys of its amounts in the order a statement gives them; both are exported to
# the widget (penalty-data.js `penalty`), which declares neither.
EMPTY_PENALTY = {
    "warning": None,
    "vp": None,
    "imp": None,
    "top_percent": None,
    "range": None,
    "committee": None,
    "forfeit": None,
    "stop_play": False,
    "disqualification": None,
    "void_result": None,
}
PENALTY_KEYS = tuple(EMPTY_PENALTY)
AMOUNT_KEYS = ("vp", "imp", "top_percent")


def rational(value) -> Fraction:
    """A table number (int, float written in decimal, or string) as an exact fraction: 1.5 → 3/2."""
    if isinstance(value, Sym):
        return value
    return value if isinstance(value, Fraction) else Fraction(str(value))


def round_half_up(value, decimals: int) -> Fraction:
    """第35条: 四舍五入 (round half up, away from zero; never to even), keeping `decimals` places: 0.125 at 2 → 0.13."""
    if isinstance(value, Sym) or isinstance(decimals, Sym):
        return Sym(["round", as_node(value), as_node(decimals)])
    exact = rational(value)
    scale = 10**decimals
    magnitude = (2 * abs(exact.numerator) * scale + exact.denominator) // (2 * exact.denominator)
    return Fraction(magnitude if exact >= 0 else -magnitude, scale)


def json_number(value):
    """An exact number for JSON: integral values as int, others as the nearest float (None stays None)."""
    if value is None:
        return None
    if isinstance(value, Sym):
        return value  # serialised as a number the browser computes (plan.py)
    exact = rational(value)
    return int(exact) if exact.denominator == 1 else float(exact)


def format_number(value) -> str:
    """'1', '1.5', '0.75', '-3': the exact decimal text of a terminating decimal (the widget prints the same)."""
    if isinstance(value, Sym):
        return placeholder(["fmt", value.node])
    exact = rational(value)
    if exact.denominator == 1:
        return str(exact.numerator)
    places = 0
    while (exact * 10**places).denominator != 1:
        places += 1
        if places > 12:
            return repr(float(exact))
    digits = str(abs(exact.numerator * 10**places // exact.denominator)).rjust(places + 1, "0")
    return ("-" if exact < 0 else "") + digits[:-places] + "." + digits[-places:]


def empty_penalty() -> dict:
    return dict(EMPTY_PENALTY)


def describe_penalty(penalties: PenaltyData, penalty: dict) -> str:
    """A short Chinese statement of a penalty, in the order the text gives consequences."""
    w = penalties.words
    parts = []
    if penalty["warning"]:
        parts.append(penalty["warning"])
    for key in AMOUNT_KEYS:
        if penalty[key] is not None:
            parts.append(fill(w["amount"][key], value=format_number(penalty[key])))
    if penalty["range"] is not None:
        bounds = penalty["range"]
        parts.append(
            fill(w["range"][bounds["unit"]], min=format_number(bounds["min"]), max=format_number(bounds["max"]))
        )
    if penalty["stop_play"]:
        parts.append(w["stop_play"])
    if penalty["forfeit"]:
        parts.append(w["forfeit"][penalty["forfeit"]])
    for key in ("void_result", "committee", "disqualification"):
        if penalty[key]:
            parts.append(penalty[key])
    return w["separator"].join(parts) if parts else w["none"]


def headline(penalties: PenaltyData, calculator: str, case: str, **facts) -> str:
    """The calculator's headline template `case` (calculators.yml) filled with the rule's facts; a template the rule
    needs and the file lacks stops the build (every case runs there, scripts/penalties/plan.py) naming its place."""
    templates = penalties.calculators[calculator].get("headlines", {})
    if case not in templates:
        raise PenaltySpecError(
            f"{penalties.spec_place(calculator, 'headlines')}: calculator `{calculator}` has no headline `{case}`, "
            "which its rule uses"
        )
    return fill(templates[case], **facts)


def subject(penalties: PenaltyData, calculator: str, case: str | None = None, **facts) -> str:
    template = penalties.calculators[calculator]["subject"]
    if isinstance(template, dict) and case not in template:
        raise PenaltySpecError(
            f"{penalties.spec_place(calculator, 'subject')}: calculator `{calculator}` has no subject `{case}`, "
            "which its rule uses"
        )
    return fill(template[case] if isinstance(template, dict) else template, **facts)


def add_readings(readings: list, others: list, node: dict, **facts) -> None:
    """A data node's `reading` (the one used) and `other_reading` (the other the text allows), templates filled with
    `facts`, where the node has them."""
    if node.get("reading"):
        readings.append(fill(node["reading"], **facts))
    if node.get("other_reading"):
        others.append(fill(node["other_reading"], **facts))


def clause_text(penalties: PenaltyData, article: str, anchor: str) -> str:
    """The clause as the articles print it after the article number: c-1 → C款1, 一-1-1 → 一1（1）; an anchor with
    no printed form listed (an item of 第34、37、38条) in brackets: （9）."""
    labels = penalties.tables["conventions"]["clause_labels"].get(article, {})
    return labels[anchor] if anchor in labels else fill(penalties.words["clause"], label=anchor)


def make_result(
    penalties: PenaltyData,
    calculator: str,
    article: str,
    *,
    anchor: str | None,
    inputs: dict,
    band: str | None,
    penalty: dict,
    quote: str | None,
    readings: list[str],
    other_readings: list[str],
    options: list | None = None,
    consequences: list | None = None,
    subject: str = "",
    **extra,
) -> dict:
    """Assemble the JSON object; `ruling` is the text a director pastes (the widget builds the same)."""
    title = extra.pop("headline", None)
    penalty = {key: penalty[key] for key in PENALTY_KEYS}
    for key in AMOUNT_KEYS:
        penalty[key] = json_number(penalty[key])
    if penalty["range"] is not None:
        penalty["range"] = {
            "unit": penalty["range"]["unit"],
            "min": json_number(penalty["range"]["min"]),
            "max": json_number(penalty["range"]["max"]),
        }
    conventions = penalties.tables["conventions"]
    consequences = list(consequences or [])
    if any(penalty[key] is not None for key in AMOUNT_KEYS) or penalty["range"] is not None:
        consequences.append(conventions["rounding"]["stage_total"])  # 第35条: where every deduction is taken
    if calculator in conventions["exemption"]["calculators"] and band is not None:
        consequences.append(conventions["exemption"]["text"])  # 第36条 免予处罚
    result = {
        "calculator": calculator,
        "article": article,
        "anchor": anchor,
        "inputs": inputs,
        "band": band,
        "penalty": penalty,
        "options": options or [],
        "consequences": consequences,
        "quote": quote,
        "reading": text_or_none(readings),
        "other_reading": text_or_none(other_readings),
    }
    result.update(extra)
    result["subject"] = subject
    result["headline"] = first_given(title or None, describe_penalty(penalties, penalty))
    result["ruling"] = ruling_text(penalties, result)
    return result


def ruling_text(penalties: PenaltyData, result: dict) -> str:
    """The text a director pastes, from the result's own parts: subject, headline, clause, quote and the other
    reading (the plans leave it out and their evaluator composes it, docs/assets/penalties/calculators.js)."""
    w = penalties.words
    book, number = result["article"].split("/")
    anchor = result["anchor"]
    where = fill(w["where"][book], number=number) + (
        clause_text(penalties, result["article"], anchor) if anchor else ""
    )
    ruling = fill(
        w["ruling"] if result["quote"] else w["ruling_without_quote"],
        subject=result["subject"],
        headline=result["headline"],
        where=where,
        quote=result["quote"] or "",
    )
    other = result["other_reading"]
    return ruling + unless_none(other, " " + fill(w["other_reading"], other_reading=other or ""))
