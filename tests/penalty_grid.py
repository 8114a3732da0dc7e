"""The input grid both engines are compared over, drawn from the calculator spec (calculators.yml) and the tables:
used by the engines' cross-check in node (test_penalty_engines_agree.py), the few inputs the browser test types into
each widget (test_penalty_widgets_browser.py) and the label checks (test_penalty_rulings.py)."""

from __future__ import annotations

import itertools

from scripts.penalties.tables import SANCTION_TABLES
from penalty_data import PENALTIES


def minute_samples() -> list[str]:
    """Every band boundary of 第26、27条 (exactly on it, a second after, a second before), and bad times."""
    uppers = {
        band["upper"]
        for name in ("lateness", "slow_play")
        for event in PENALTIES.tables[name]["events"].values()
        for band in event["bands"]
        if band["upper"] is not None
    }
    samples = ["0", "0:01", "60", "10000", "10000.000001", "5.0001", "-1", "abc", "5:60", "", "１２", "５：３０", "1e3"]
    for upper in sorted(uppers):
        samples += [str(upper), f"{upper}:01", f"{upper - 1}:59"]
    return samples


def samples(parameter: dict) -> list:
    """Values of one parameter by its kind: every choice, the ends of its range and just beyond, and malformed input."""
    kind = parameter["kind"]
    if kind == "choice":
        return [str(value) for value, _ in parameter["choices"]] + ["nonsense", ""]
    if kind == "flag":
        return ["", "1", "false", "0", "是", "maybe"]
    if kind == "minutes":
        return minute_samples()
    if kind == "share":
        return ["1", "0", "0.5", "1/3", "2/3", "25%", "33.3333%", "１/２", "1.5", "1/0", "x", ""]
    if kind == "integer":
        low, high = parameter.get("min", 0), parameter.get("max", 999)
        return [str(low), str(high), str(low - 1), str(high + 1), str((low + high) // 2), "１", "2.5", "x", ""]
    if kind == "number":
        low, high, places = parameter.get("min", 0), parameter.get("max", 1000), parameter.get("places", 4)
        return [
            str(low),
            str(high),
            str(high + 1),
            str(low - 1),
            "0." + "3" * places,
            "0." + "3" * (places + 1),
            "12.5",
            "１２",
            "x",
            "",
        ]
    return []  # text: the rule's own values (procedural items), listed by the rule's grid below


def engine_grid() -> list[tuple[str, dict]]:
    """Drawn from the spec: every calculator over the product of its choice parameters, with each other parameter
    run through its samples in turn; the procedural items come from their tables (every item, case and offence)."""
    cases = []
    for name, calculator in PENALTIES.calculators.items():
        parameters = [p for p in calculator["parameters"] if p["kind"] != "text"]
        choices = [p for p in parameters if p["kind"] == "choice"]
        others = [p for p in parameters if p["kind"] != "choice"]
        for combination in itertools.product(*[[str(v) for v, _ in p["choices"]] for p in choices]):
            base = {p["name"].replace("-", "_"): value for p, value in zip(choices, combination)}
            if name == "procedural":
                article = base["article"]
                for entry in PENALTIES.tables[SANCTION_TABLES[article]]["items"]:
                    for variant, offence, damage in itertools.product(entry["variants"], "1234", ["", "1"]):
                        cases.append(
                            (
                                name,
                                {
                                    **base,
                                    "item": entry.get("label", str(entry["item"]))
                                    if offence == "3"
                                    else str(entry["item"]),
                                    "variant": variant["name"],
                                    "offence": offence,
                                    "direct_damage": damage,
                                },
                            )
                        )
                cases += [
                    (name, {**base, "item": item}) for item in ["99", "一", "二、", "3.", "4．", " 5 ", "x", "０７", ""]
                ]
                cases.append((name, {**base, "item": "1", "variant": "nonsense"}))
                continue
            cases.append((name, dict(base)))
            for parameter in others:
                for value in samples(parameter):
                    cases.append((name, {**base, parameter["name"].replace("-", "_"): value}))
        for parameter in choices:  # a bad value of each choice, the others at their first value
            first = {p["name"].replace("-", "_"): str(p["choices"][0][0]) for p in choices}
            cases += [(name, {**first, parameter["name"].replace("-", "_"): value}) for value in ("nonsense", "")]
    # pairs of inputs that only matter together
    for event, minutes, share, decimals in itertools.product(
        ["teams-vp", "teams-ko"], ["3", "7", "22", "25:01"], ["1/3", "0", "2/3"], ["0", "2"]
    ):
        cases.append(("slow-play", {"event": event, "minutes": minutes, "share": share, "decimals": decimals}))
    for event, minutes, boards in itertools.product(["pairs-mp", "pairs-imp"], ["7", "12", "17"], ["1", "2", "3"]):
        cases.append(("lateness", {"event": event, "minutes": minutes, "remove_boards": boards, "repeat": "1"}))
    cases += [
        ("tie-ratio", {"won": w, "lost": lo})
        for w, lo in [("1000", "999"), ("1001", "1000"), ("999999999.9999", "0.0001"), ("100000", "3"), ("5", "0")]
    ]
    cases += [
        ("forfeit", {"event": "round-robin", "own_average": o, "opponent_average": a, "vp_scale": v})
        for o, a, v in [("19.5", "9", "25"), ("12", "3", "20"), ("14.3333", "", "other")]
    ]
    return cases
