"""Computing a ruling from a calculator's plan (scripts/penalties/plan.py), as docs/assets/penalties/calculators.js
does in the browser: the case for the discrete inputs, the interval each typed number falls in, and the expressions
evaluated on exact Fractions, operation for operation. The tests run it over the whole grid against the rules run
directly, and the browser's copy against it."""

from __future__ import annotations

import math
from fractions import Fraction

from scripts.penalties.data import PenaltyData
from scripts.penalties.plan import region_parameters
from scripts.penalties.sanctions import item_number
from scripts.penalties.result import format_number, json_number, round_half_up, ruling_text
from scripts.penalties.scoring import fixed_places
from scripts.penalties.spec import PenaltyInputError
from scripts.penalties.tables import SANCTION_TABLES
from scripts.penalties.timing import minute_text


# ---------- the evaluator (docs/assets/penalties/calculators.js evaluate() is the same) ----------


def evaluate(value, inputs: dict, shared: list = ()):
    """JSON with {"$": expression} where a value depends on the typed inputs, computed ({"@": n}: shared[n])."""
    if isinstance(value, dict):
        if "$" in value:
            return evaluate_expression(value["$"], inputs, shared)
        if "@" in value:
            return evaluate(shared[value["@"]], inputs, shared)
        return {k: evaluate(v, inputs, shared) for k, v in value.items()}
    if isinstance(value, list):
        return [evaluate(v, inputs, shared) for v in value]
    return value


def evaluate_expression(node, inputs: dict, shared: list = ()):
    """The value of an expression: [op, args…], a literal text, number, bool or null (["@", n]: shared[n])."""
    if not isinstance(node, list):
        return node
    op, args = node[0], node[1:]
    if op == "@":
        return evaluate_expression(shared[args[0]], inputs, shared)
    if op == "n":
        return Fraction(args[0])
    if op in ("in", "text"):
        return inputs[args[0]]
    if op == "list":
        return [evaluate_expression(a, inputs, shared) for a in args]
    if op == "if":
        return evaluate_expression(args[1] if evaluate_expression(args[0], inputs, shared) else args[2], inputs, shared)
    return OPS[op](*(evaluate_expression(a, inputs, shared) for a in args))


def _round(value, places):
    return round_half_up(value, int(places))


def _join(separator, parts):
    kept = [p for p in parts if p]
    return separator.join(kept) if kept else None


OPS = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    "div": lambda a, b: Fraction(a) / b,
    "mod": lambda a, b: a % b,
    "floordiv": lambda a, b: a // b,
    "neg": lambda a: -a,
    "abs": abs,
    "ceil": lambda a: Fraction(math.ceil(a)),
    "min": min,
    "eq": lambda a, b: a == b,
    "ne": lambda a, b: a != b,
    "lt": lambda a, b: a < b,
    "le": lambda a, b: a <= b,
    "round": _round,
    "json": json_number,
    "fmt": lambda a: format_number(a),
    "minutes": minute_text,
    "fixed": lambda value, places: fixed_places(value, int(places)),
    "fraction": lambda a: f"{Fraction(a).numerator}/{Fraction(a).denominator}",
    "parts": lambda a: [Fraction(a).numerator, Fraction(a).denominator],
    "terminates": lambda a, places: (Fraction(a) * 10 ** int(places)).denominator == 1,
    "argmax": lambda values: max(range(len(values)), key=lambda i: (values[i], -i)),
    "pick": lambda items, index: items[int(index)],
    "cat": lambda *parts: "".join("" if p is None else str(p) for p in parts),
    "join": _join,
    "or": lambda a, b: a if a is not None else b,
    "unless_null": lambda a, text: "" if a is None else text,
}


# ---------- a ruling from the plan (docs/assets/penalties/calculators.js calculate() is the same) ----------


def plan_key(penalties: PenaltyData, name: str, values: dict) -> str:
    """The case a plan holds for these parsed inputs: choices as given, flags 1/0, typed numbers +/- (given or not),
    a procedural item by its number and a case by its name ('?' for any other text)."""
    parts = []
    for parameter in penalties.calculators[name]["parameters"]:
        key = parameter["name"].replace("-", "_")
        value = values[key]
        if parameter in region_parameters(penalties.calculators[name]):
            parts.append("-" if value is None else "+")
        elif parameter["kind"] == "flag":
            parts.append("1" if value else "0")
        elif parameter["name"] == "item":
            table = penalties.tables[SANCTION_TABLES[values["article"]]]
            try:
                parts.append(str(item_number(penalties, table, values["article"], value)))
            except PenaltyInputError:
                parts.append("?")
        elif parameter["name"] == "variant":
            table = penalties.tables[SANCTION_TABLES[values["article"]]]
            entry = next((e for e in table["items"] if str(e["item"]) == parts[-1]), None)
            names = [v["name"] for v in entry["variants"]] if entry else []
            parts.append("" if not value or entry is None else value if value in names else "?")
        else:
            parts.append(str(value))
    return "|".join(parts)


def in_region(value: Fraction, region: list) -> bool:
    """Whether `value` lies in a plan's region [low, high, low closed, high closed] (plan.py bounds)."""
    low, high, low_closed, high_closed = region
    above = low is None or value > Fraction(low) or (low_closed and value == Fraction(low))
    below = high is None or value < Fraction(high) or (high_closed and value == Fraction(high))
    return above and below


def plan_outcome(penalties: PenaltyData, exported: dict, name: str, values: dict) -> dict:
    """The result an exported plan (shared_plans) gives for parsed inputs; an input error is raised as the rule
    raises it."""
    plan, shared = exported["plans"], exported["shared"]
    key = plan_key(penalties, name, values)

    def deref(value):
        return deref(shared[value["@"]]) if isinstance(value, dict) and "@" in value else value

    for branch in deref(plan["cases"][key]):
        when, outcome = (deref(part) for part in deref(branch))
        if all(in_region(values[k], deref(region)) for k, region in when.items()):
            outcome = {k: deref(v) for k, v in outcome.items()}
            if "error" in outcome:
                error = evaluate(outcome["error"], values, shared)
                raise PenaltyInputError(error["parameter"], error["label"], error["detail"])
            result = evaluate(outcome["result"], values, shared)
            return {**result, "ruling": ruling_text(penalties, result)}
    raise AssertionError(f"no region of {name} {key} holds {values}")
