"""The calculators as data for the browser: every ruling the Python rules give, by its discrete inputs, with the
numbers the reader types left as expressions (scripts/penalties/symbolic.py).

`calculator_plan(penalties, name)` runs the calculator's rule function once for each combination of its choices,
flags, given-or-not options and procedural items, and, for each typed number, once per interval between the constants
the rule compares it with (region_points), each point itself a run of its own (a symbolic one too, but for integers),
and neighbouring regions with the same outcome are joined. What comes back is the result, or the input error, with
expressions in place of what depends on the typed number; shared_plans keeps each repeated part once for the page's
script (scripts/penalties/export.py plan_texts, which remembers each plan by a digest of the penalty data).
docs/assets/penalties/calculators.js computes a result from a plan and parsed inputs in the browser;
tests/test_penalty_engines_agree.py runs it in node against the rules run directly, over the whole grid.
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

from scripts.penalties import symbolic
from scripts.penalties.data import PenaltyData
from scripts.penalties.engine import RULES
from scripts.penalties.spec import PenaltyInputError
from scripts.penalties.symbolic import MARK, TEXTS, Sym, Undecided
from scripts.penalties.tables import SANCTION_TABLES

SMALL_RANGE = 8  # an integer option with at most this many values is run at each of them


def region_points(penalties: PenaltyData, name: str, parameter: dict) -> list[Fraction]:
    """The constants calculator `name` compares input `parameter` with: each is a region of its own, and the
    intervals between them are the others."""
    key = parameter["name"]
    tables = penalties.tables
    if key == "minutes":
        table = tables["lateness" if name == "lateness" else "slow_play"]
        uppers = {band["upper"] for event in table["events"].values() for band in event["bands"]}
        return sorted({Fraction(0)} | {Fraction(str(u)) for u in uppers if u is not None})
    if parameter["kind"] == "share":
        return [Fraction(0), Fraction(1)]
    if key == "offence":
        longest = max(
            len(variant["steps"])
            for article in SANCTION_TABLES.values()
            for entry in tables[article]["items"]
            for variant in entry["variants"]
        )
        named = max(int(k) for k in penalties.words["offence"] if k.isdigit())
        return [Fraction(n) for n in range(1, max(longest, named) + 1)]
    if parameter["kind"] == "integer" and parameter["max"] - parameter["min"] < SMALL_RANGE:
        return [Fraction(n) for n in range(parameter["min"], parameter["max"] + 1)]
    if key == "lost":
        return [Fraction(0)]
    return []


def regions(points: list[Fraction], parameter: dict) -> list[tuple]:
    """('=', value) for each point and ('()', low, high) for the open intervals between (None: unbounded), within the
    parameter's range."""
    kind = parameter["kind"]
    low, high = parser_range(parameter)

    def holds_values(a, b) -> bool:  # an open interval with some input the parser lets through
        if kind == "integer":
            return a is None or b is None or b - a > 1
        return True

    out, previous = [], None
    for point in points:
        if previous is None and (low is None or low < point):
            out.append(("()", None, point))
        elif previous is not None and point > previous and holds_values(previous, point):
            out.append(("()", previous, point))
        out.append(("=", point))
        previous = point
    if high is None or previous is None or previous < high:
        out.append(("()", previous, None))
    return out


def interval(region: tuple, parameter: dict) -> tuple:
    """An open region's interval for Sym, its open ends closed at the parser's bounds: (None, 3) of an option with
    min 1 is 1 ≤ x < 3."""
    low, high = parser_range(parameter)
    _, a, b = region
    return (
        a if a is not None else low,
        b if b is not None else high,
        a is None and low is not None and not parameter.get("min_exclusive"),
        b is None and high is not None,
    )


FLOOR = {"minutes": Fraction(0), "share": Fraction(0)}  # the parser refuses a negative time or share
CEILING = {"share": Fraction(1)}


def parser_range(parameter: dict) -> tuple[Fraction | None, Fraction | None]:
    """The lowest and highest value the parser lets through for `parameter` (None: unbounded)."""
    kind = parameter["kind"]
    low = Fraction(str(parameter["min"])) if "min" in parameter else FLOOR.get(kind)
    high = Fraction(str(parameter["max"])) if "max" in parameter else CEILING.get(kind)
    return low, high


def _raw_point(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def region_parameters(calculator: dict) -> list[dict]:
    return [p for p in calculator["parameters"] if p["kind"] not in ("choice", "flag", "text")]


def _optional(parameter: dict) -> bool:
    return not parameter.get("required") and "default" not in parameter


def _key_values(penalties: PenaltyData, name: str, parameter: dict, chosen: dict) -> list[tuple[str, object]]:
    """(key part, raw value) for one discrete parameter, given the parts chosen before it."""
    kind = parameter["kind"]
    if kind == "choice":
        return [(str(v), str(v)) for v, _ in parameter["choices"]]
    if kind == "flag":
        return [("0", False), ("1", True)]
    # procedural item / variant: each one the table lists, and any other text (its error names the text typed)
    other = ("?", symbolic.placeholder(["text", parameter["name"].replace("-", "_")]))
    table = penalties.tables[SANCTION_TABLES[chosen["article"]]]
    if parameter["name"] == "item":
        return [(str(e["item"]), str(e["item"])) for e in table["items"]] + [other]
    entry = next((e for e in table["items"] if str(e["item"]) == chosen.get("item")), None)
    if entry is None:
        return [("", "")]
    return [("", "")] + [(v["name"], v["name"]) for v in entry["variants"]] + [other]


def _discrete_combinations(penalties: PenaltyData, name: str, calculator: dict):
    """Every (key, raw inputs) of the discrete parameters, and whether each optional typed number is given."""

    def walk(parameters, chosen, parts, raw):
        if not parameters:
            yield parts, raw
            return
        parameter, rest = parameters[0], parameters[1:]
        key = parameter["name"].replace("-", "_")
        if parameter in region_parameters(calculator):
            if _optional(parameter):
                yield from walk(rest, chosen, parts + ["-"], {**raw, key: None})
            yield from walk(rest, chosen, parts + ["+"], {**raw, key: parameter})
            return
        for part, value in _key_values(penalties, name, parameter, chosen):
            yield from walk(rest, {**chosen, key: part}, parts + [part], {**raw, key: value})

    yield from walk(calculator["parameters"], {}, [], {})


def _serialise(value):
    """A result with Syms and placeholders → JSON with {"$": expression} where the browser computes."""
    if isinstance(value, Sym):
        return {"$": value.node if value.node[0] == "parts" else ["json", value.node]}
    if isinstance(value, str):
        return {"$": _text_node(value)} if MARK.search(value) else value
    if isinstance(value, dict):
        return {k: _serialise(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_serialise(v) for v in value]
    if isinstance(value, Fraction):
        return float(value)
    return value


def _text_node(text: str) -> list:
    whole = MARK.fullmatch(text)
    if whole:  # a text that is one expression (which may be None: an optional headline)
        return _expression(TEXTS[int(whole[1])])
    parts, at = ["cat"], 0
    for match in MARK.finditer(text):
        if match.start() > at:
            parts.append(text[at : match.start()])
        parts.append(_expression(TEXTS[int(match[1])]))
        at = match.end()
    if at < len(text):
        parts.append(text[at:])
    return parts


def _expression(node):
    """An expression with its texts' placeholders expanded (strings in an expression are literal texts)."""
    if isinstance(node, str):
        return _text_node(node) if MARK.search(node) else node
    if isinstance(node, list) and node and node[0] == "n":
        return node
    if isinstance(node, list):
        return [node[0], *(_expression(x) for x in node[1:])]
    if isinstance(node, Sym):
        return node.node
    return node


def calculator_plan(penalties: PenaltyData, name: str, fixed: dict | None = None) -> dict:
    """{"calculator", "fixed", "cases": {key: [[{input: region}, {"result"|"error": …}], …]}, "items"}: the cases
    of calculator `name` with the `fixed` values of a page (第34条's procedural calculator: article 34)."""
    calculator = penalties.calculators[name]
    fixed = {k.replace("-", "_"): str(v) for k, v in (fixed or {}).items()}
    rule = RULES[name]
    cases: dict[str, list] = {}
    del TEXTS[:]
    typed = {p["name"]: _region_inputs(penalties, name, p) for p in region_parameters(calculator)}
    outcomes: dict[str, dict] = {}  # one copy of each outcome (many regions and cases come out the same)
    for parts, raw in _discrete_combinations(penalties, name, calculator):
        if any(raw.get(k) != v for k, v in fixed.items()):
            continue
        given = [p for p in region_parameters(calculator) if raw.get(p["name"].replace("-", "_")) is not None]
        keys = [p["name"].replace("-", "_") for p in given]
        branches = []
        for chosen in itertools.product(*(typed[p["name"]] for p in given)):
            inputs, when = dict(raw), {}
            for key, (written, as_typed, known) in zip(keys, chosen):
                when[key] = written
                inputs[key] = as_typed if known is None else Sym(["in", key], known)
            try:
                result = rule(penalties, **inputs)
                del result["ruling"]  # composed from the result's parts where it is read (ruling_text)
                outcome = {"result": _serialise(result)}
            except PenaltyInputError as error:
                outcome = {"error": _serialise(error_data(error))}
            except Undecided as undecided:
                raise Undecided(f"calculator {name}, case {'|'.join(parts)} {when}: {undecided}") from None
            branches.append([when, outcomes.setdefault(repr(outcome), outcome)])
        cases["|".join(parts)] = _merged(_joined(branches, keys))
    plan = {"calculator": name, "fixed": fixed, "cases": cases}
    if "article" in fixed and name == "procedural":  # how an item may be typed: 9, 9., 一、 (sanctions.item_number)
        table = penalties.tables[SANCTION_TABLES[fixed["article"]]]
        plan["items"] = {str(e["item"]): str(e["item"]) for e in table["items"]}
        plan["items"].update({e["label"]: str(e["item"]) for e in table["items"] if e.get("label")})
    return plan


def _region_inputs(penalties: PenaltyData, name: str, parameter: dict) -> list[tuple[list, str | None, tuple | None]]:
    """Each region of typed number `parameter` as (its bounds as the plan writes them, the text the rule is given for
    an integer at a constant (a count or an offence's number, as typed), else None and the interval of the Sym the
    rule is given (a number at a constant is symbolic too, so it can join the interval beside it))."""
    out: list[tuple[list, str | None, tuple | None]] = []
    for region in regions(region_points(penalties, name, parameter), parameter):
        if region[0] == "=" and parameter["kind"] == "integer":
            out.append((bounds(region), _raw_point(region[1]), None))
        elif region[0] == "=":
            out.append((bounds(region), None, (region[1], region[1], True, True)))
        else:
            out.append((bounds(region), None, interval(region, parameter)))
    return out


def bounds(region: tuple) -> list:
    """A region as the plan writes it: [low, high, low closed, high closed], None for an unbounded end (a point is
    [p, p, True, True])."""
    if region[0] == "=":
        return [_raw_point(region[1]), _raw_point(region[1]), True, True]
    return [None if x is None else _raw_point(x) for x in region[1:]] + [False, False]


def _touching(low: list, high: list) -> bool:
    """Whether region `high` starts where `low` ends, the boundary in exactly one of them."""
    return low[1] is not None and low[1] == high[0] and low[3] != high[2]


def _joined(branches: list, keys: list[str]) -> list:
    """Neighbouring regions of one typed number that give the same outcome (the others' regions equal) as one
    region: 5 < t < 10 and t = 10 of one band as 5 < t ≤ 10."""
    for key in keys:
        groups: dict[str, list] = {}
        for when, outcome in branches:
            others = repr([when[k] for k in keys if k != key])
            group = groups.setdefault(others, [])
            if group and group[-1][1] == outcome and _touching(group[-1][0][key], when[key]):
                last = group[-1][0][key]
                group[-1] = [{**group[-1][0], key: [last[0], when[key][1], last[2], when[key][3]]}, outcome]
            else:
                group.append([when, outcome])
        branches = [branch for group in groups.values() for branch in group]
    return branches


def _merged(branches: list) -> list:
    """One branch when every region gives the same outcome (an error before the number matters, say)."""
    if len(branches) > 1 and all(b[1] == branches[0][1] for b in branches):
        return [[{}, branches[0][1]]]
    return branches


def error_data(error: PenaltyInputError) -> dict:
    return {
        "parameter": error.parameter,
        "label": error.label,
        "detail": error.message,
        "kind": getattr(error, "kind", None),
        "values": {k: str(v) for k, v in getattr(error, "values", {}).items()},
    }


# ---------- one copy of what the plans repeat ----------

LEAF_OPS = ("in", "text", "n")
SHARED_MIN_CHARS = 16  # a repeated text or expression shorter than a reference to it stays where it is


def shared_plans(plans: dict) -> dict:
    """{"plans": …, "shared": [...]}: every text, expression or object the plans hold more than once (and longer than
    SHARED_MIN_CHARS written out) kept once in `shared` and named where it occurs by {"@": n} (JSON) or ["@", n]
    (inside an expression); calculators.js evaluate follows the references."""
    node_of, counts, sizes = _subtrees(plans)
    shared: list = []
    index: dict[int, int] = {}

    def replace(value, expression: bool, top: bool = False):
        node = node_of[expression][id(value)]
        if not top and counts[node] > 1 and sizes[node] > SHARED_MIN_CHARS:
            if node not in index:
                index[node] = len(shared)
                shared.append(None)
                shared[index[node]] = replace(value, expression, top=True)
            return ["@", index[node]] if expression else {"@": index[node]}
        if isinstance(value, dict):
            return {k: replace(v, expression or k == "$") for k, v in value.items()}
        if isinstance(value, list) and expression and value and value[0] in LEAF_OPS:
            return value  # an input's name or a constant is read as it is written
        if isinstance(value, list):
            return [replace(v, expression) for v in value]
        return value

    return {"plans": replace(plans, False, top=True), "shared": shared}


def _subtrees(plans: dict) -> tuple[tuple[dict[int, int], dict[int, int]], list[int], list[int]]:
    """Each distinct subtree of `plans` once, numbered by its kind and its children's numbers (hash-consing): (id() of
    each value of the plans → its node, outside and inside an expression (where a list is an expression, not data);
    node → how often it occurs in the plans; node → its size written out, JSON plus one character a node, as the
    sharing threshold was first measured). A value met again (the same object: calculator_plan keeps one copy of each
    outcome) is not walked again: how often each node occurs is counted down from the whole, each node's count added
    to its children's."""
    numbers: dict[tuple, int] = {}
    children: list[tuple[int, ...]] = []
    sizes: list[int] = []
    node_of: tuple[dict[int, int], dict[int, int]] = ({}, {})
    texts: dict[tuple, str] = {}  # a text, number, bool or null as JSON, worked out once (most recur)

    def text(value) -> str:
        key = (type(value), value)
        if key not in texts:
            texts[key] = json.dumps(value, ensure_ascii=False)
        return texts[key]

    def walk(value, expression: bool) -> int:
        known = node_of[expression]
        node = known.get(id(value))
        if node is not None:
            return node
        if isinstance(value, dict):
            entries = tuple((k, walk(v, expression or k == "$")) for k, v in value.items())
            key: tuple = ("dict", entries)
        elif isinstance(value, list):
            key = ("expression" if expression else "list", tuple(walk(v, expression) for v in value))
        else:
            key = ("leaf", text(value))
        node = numbers.get(key)
        if node is None:
            node = numbers[key] = len(sizes)
            kids, size = _children_and_size(key, sizes, text)
            sizes.append(1 + size)
            children.append(kids)
        known[id(value)] = node
        return node

    counts = [0] * (walk(plans, False) + 1)
    counts[-1] = 1  # the whole, numbered last: a node's children are numbered before it
    for node in range(len(counts) - 1, -1, -1):
        for child in children[node]:
            counts[child] += counts[node]
    return node_of, counts, sizes


def _children_and_size(key: tuple, sizes: list[int], text) -> tuple[tuple[int, ...], int]:
    """A new node's children (each as often as it stands in it) and its size written out as JSON."""
    kind, parts = key
    if kind == "leaf":
        return (), len(parts)
    if kind == "dict":
        size = 2 + sum(len(text(k)) + 1 + sizes[n] for k, n in parts) + max(len(parts) - 1, 0)
        return tuple(n for _, n in parts), size
    return parts, 2 + sum(sizes[n] for n in parts) + max(len(parts) - 1, 0)
