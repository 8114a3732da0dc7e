"""The calculator spec (rulebook_src/penalties/calculators.yml): loaded, checked, and used to parse every input.

The same parsing rules run in the widget (docs/assets/penalties/calculators.js, `parseParameter`, with the patterns
of INPUT_FORMS exported to it): full-width digits and signs are read as ASCII, numbers are exact decimals with at most
`places` decimal places, ranges come from the spec, and every error names the field in Chinese.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from scripts.curated import Lines
from scripts.errors import PenaltySpecError, RulebookError
from scripts.limits import clip
from scripts.penalties.symbolic import Sym
from scripts.penalties.data import PenaltyData

FULL_WIDTH = {chr(code): chr(code - 0xFEE0) for code in range(0xFF01, 0xFF5F)}
FULL_WIDTH["\u3000"] = " "
FULL_WIDTH["。"] = "."
# The forms an input may take, exported to the widget (penalty-data.js `inputs`), which builds its patterns from them:
# both engines accept exactly the same texts.
INPUT_FORMS = {
    "decimal": r"^(-)?(\d{1,12})(?:\.(\d{1,12}))?$",
    "minutes_clock": r"^(\d{1,6}):([0-5]?\d)(?:\.(\d{1,3}))?$",
    "share_fraction": r"^(\d{1,6})/(\d{1,6})$",
    "share_percent": r"^(\d{1,3}(?:\.\d{1,6})?)%$",
    "integer": r"^\d{1,9}$",
    "flag_true": ["1", "true", "yes", "on", "是"],
    "flag_false": ["0", "false", "no", "off", "否", ""],
}
DECIMAL, MINUTES_CLOCK, SHARE_FRACTION, SHARE_PERCENT, INTEGER = (
    re.compile(INPUT_FORMS[name], re.ASCII)
    for name in ("decimal", "minutes_clock", "share_fraction", "share_percent", "integer")
)
FLAG_TRUE, FLAG_FALSE = tuple(INPUT_FORMS["flag_true"]), tuple(INPUT_FORMS["flag_false"])
# --article N of the procedural calculator → table name
SANCTION_TABLES = {"34": "procedural", "37": "discipline", "38": "phones_smoking"}
# what a form lists from the article's table (scripts/penalties/widgets.py form_items): `choices_from` names one of
# FORM_LISTS, `only_with` one of ITEM_FLAGS (the field shows only for an item that has it)
FORM_LISTS = ("items", "variants")
ITEM_FLAGS = ("damage",)


class PenaltyInputError(RulebookError, ValueError):
    """A calculator input is missing, malformed or out of range; names the option and the field's Chinese label."""

    def __init__(self, parameter: str, label: str, message: str):
        self.parameter = parameter
        self.label = label
        self.message = message
        super().__init__(f"--{parameter}（{label}）：{message}")


# ---------- checking the spec ----------
# The schema (scripts/curated/penalty_files.py, applied when rulebook_src/ is read) has checked every key and type;
# what is left is how the parts fit together, which no per-value schema can say.


def checked_spec(spec: Any, lines: Lines) -> tuple[dict[str, Any], Any]:
    """(calculators by name, words) of a calculators.yml its schema has passed, once its parts are checked to fit:
    names declared once, choices for a choice, min ≤ max, each default parsing, fixed values naming a parameter.
    Every fault is one line `rulebook_src/penalties/calculators.yml:line: …`, all of them in one PenaltySpecError."""
    problems: list[str] = []

    def problem(path: tuple, message: str) -> None:
        problems.append(f"{lines.at(*path)}: {message}")

    calculators: dict[str, Any] = {}
    words = spec["words"]
    for position, calculator in enumerate(spec["calculators"]):
        at = ("calculators", position)
        name = calculator["name"]
        if name in calculators:
            problem(at + ("name",), f"calculator `{name}` is declared twice")
        calculators[name] = calculator
        names = set()
        for number, parameter in enumerate(calculator["parameters"]):
            here = at + ("parameters", number)
            if parameter["name"] in names:
                problem(here, f"parameter `{parameter['name']}` is declared twice")
            names.add(parameter["name"])
            if parameter["kind"] == "choice" and not parameter.get("choices"):
                problem(here + ("choices",), "a choice parameter needs `choices`: a list of [value, label]")
            if (
                "min" in parameter
                and "max" in parameter
                and Fraction(str(parameter["min"])) > Fraction(str(parameter["max"]))
            ):
                problem(here + ("min",), f"min {parameter['min']} is above max {parameter['max']}")
            if "default" in parameter and not problems:
                try:
                    parse_parameter(words, calculator, parameter, parameter["default"])
                except PenaltyInputError as error:
                    problem(here + ("default",), f"the default does not parse: {error}")
            if parameter.get("choices_from", FORM_LISTS[0]) not in FORM_LISTS:
                problem(here + ("choices_from",), f"choices_from must be one of {', '.join(FORM_LISTS)}")
            if parameter.get("only_with", ITEM_FLAGS[0]) not in ITEM_FLAGS:
                problem(here + ("only_with",), f"only_with must be one of {', '.join(ITEM_FLAGS)}")
        listed = any("choices_from" in p or "only_with" in p for p in calculator["parameters"])
        for number, page in enumerate(calculator["pages"]):
            for key in page.get("fixed", {}):
                if key not in names:
                    problem(at + ("pages", number), f"fixed value for `{key}`, which is not a parameter")
            if listed and str(page.get("fixed", {}).get("article")) not in SANCTION_TABLES:
                problem(
                    at + ("pages", number),
                    "a form that lists an article's items (choices_from, only_with) needs the page to fix `article`"
                    f" to one of {', '.join(SANCTION_TABLES)}",
                )
        for index, other in enumerate(calculator.get("see", [])):
            if other not in {c["name"] for c in spec["calculators"]}:
                problem(at + ("see", index), f"see names `{other}`, which is not a calculator")
        if "log" in calculator:  # the offence log drives the count input: a flag or a whole number
            kinds = {parameter["name"]: parameter["kind"] for parameter in calculator["parameters"]}
            if kinds.get(calculator["log"]["count"]) not in ("flag", "integer"):
                problem(at + ("log", "count"), "log.count must name a flag or integer parameter")
            for index, key in enumerate(calculator["log"].get("same", [])):
                if key not in names:
                    problem(at + ("log", "same", index), f"log.same names `{key}`, which is not a parameter")
    if problems:
        raise PenaltySpecError("\n".join(problems))
    return calculators, words


# ---------- templates ----------


def fill(template: str, **values) -> str:
    """'{name}' → str(value); the same replacement as the widget's fill()."""
    for key, value in values.items():
        template = template.replace("{" + key + "}", str(value))
    return template


# ---------- inputs ----------


def ascii_text(value) -> str:
    """Full-width digits, signs and the ideographic space read as ASCII (what a Chinese keyboard types): '１２' → '12'."""
    return "".join(FULL_WIDTH.get(char, char) for char in str(value)).strip()


def blank(value) -> bool:
    return value is None or (isinstance(value, str) and value.strip() == "")


def parameter_of(calculator: dict, name: str) -> dict:
    key = name.replace("_", "-")
    return next(p for p in calculator["parameters"] if p["name"] == key)


def input_error(words: Mapping[str, Any], calculator: dict, name: str, key: str, **values) -> PenaltyInputError:
    parameter = parameter_of(calculator, name)
    values = {key: clip(value) if key == "text" else value for key, value in values.items()}  # a typed value, cut
    error = PenaltyInputError(parameter["name"], parameter["label"], fill(words["errors"][key], **values))
    error.kind, error.values = key, values  # for the widget's own wording of a choice or a case (inFormWords)
    return error


def _decimal(whole: str, frac: str | None) -> Fraction:
    return Fraction(int(whole)) + (Fraction(int(frac), 10 ** len(frac)) if frac else 0)


def _within(words: Mapping[str, Any], calculator: dict, parameter: dict, value: Fraction, text: str) -> Fraction:
    if "min" in parameter:
        low = Fraction(str(parameter["min"]))
        if parameter.get("min_exclusive") and value <= low:
            raise input_error(words, calculator, parameter["name"], "above", min=parameter["min"], text=text)
        if value < low:
            raise input_error(words, calculator, parameter["name"], "at_least", min=parameter["min"], text=text)
    if "max" in parameter and value > Fraction(str(parameter["max"])):
        raise input_error(words, calculator, parameter["name"], "at_most", max=parameter["max"], text=text)
    return value


def _number(words: Mapping[str, Any], calculator: dict, parameter: dict, text: str, places: int) -> Fraction:
    match = DECIMAL.match(text)
    if not match or (match[3] and len(match[3]) > places):
        raise input_error(words, calculator, parameter["name"], "number", places=places, text=text)
    value = _decimal(match[2], match[3])
    return -value if match[1] else value


def parse_parameter(words: Mapping[str, Any], calculator: dict, parameter: dict, raw):
    """One input by its kind: str for choice and text, bool for flag, int for integer, Fraction otherwise."""
    kind, name = parameter["kind"], parameter["name"]
    if isinstance(raw, Sym):  # a number the browser fills in (plan.py): its interval lies within the range
        return raw
    if kind == "flag":
        if isinstance(raw, bool):
            return raw
        text = ascii_text(raw).lower()
        if text in FLAG_TRUE:
            return True
        if text in FLAG_FALSE:
            return False
        raise input_error(words, calculator, name, "flag", text=ascii_text(raw))
    text = ascii_text(raw)
    if kind == "text":
        return text
    if kind == "choice":
        values = [str(value) for value, _ in parameter["choices"]]
        if text not in values:
            raise input_error(words, calculator, name, "choice", choices="、".join(values), text=text)
        return text
    if kind == "integer":
        if not INTEGER.match(text):
            raise input_error(words, calculator, name, "integer", text=text)
        return int(_within(words, calculator, parameter, Fraction(int(text)), text))
    if kind == "number":
        return _within(
            words, calculator, parameter, _number(words, calculator, parameter, text, parameter.get("places", 4)), text
        )
    if kind == "minutes":
        if text.startswith("-"):
            raise input_error(words, calculator, name, "negative", text=text)
        match = MINUTES_CLOCK.match(text)
        if match:
            value = Fraction(int(match[1])) + _decimal(match[2], match[3]) / 60
        elif DECIMAL.match(text) and not (DECIMAL.match(text)[3] and len(DECIMAL.match(text)[3]) > 6):
            value = _number(words, calculator, parameter, text, 6)
        else:
            raise input_error(words, calculator, name, "minutes", text=text)
        return _within(words, calculator, parameter, value, text)
    # share
    if match := SHARE_FRACTION.match(text):
        if int(match[2]) == 0:
            raise input_error(words, calculator, name, "zero_denominator", text=text)
        value = Fraction(int(match[1]), int(match[2]))
    elif match := SHARE_PERCENT.match(text):
        value = _decimal(*(match[1].split(".") + [None])[:2]) / 100
    elif (match := DECIMAL.match(text)) and not match[1] and not (match[3] and len(match[3]) > 6):
        value = _decimal(match[2], match[3])
    else:
        raise input_error(words, calculator, name, "share", text=text)
    if not 0 <= value <= 1:
        raise input_error(words, calculator, name, "share_range", text=text)
    return value


def parse_inputs(
    penalties: PenaltyData, name: str, raw: dict, fixed: dict | None = None, *, refuse: bool = True
) -> dict:
    """Every parameter of calculator `name` parsed: keys with underscores; blank optional ones → default or None."""
    calculator = penalties.calculators[name]
    words = penalties.words
    known = {p["name"].replace("-", "_") for p in calculator["parameters"]}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise PenaltyInputError(
            unknown[0].replace("_", "-"),
            "未知输入",
            f"“{calculator['title']}”没有这一项（可用：{'、'.join(sorted(p['name'] for p in calculator['parameters']))}）",
        )
    values = {}
    for parameter in calculator["parameters"]:
        key = parameter["name"].replace("-", "_")
        value = raw.get(key)
        if blank(value) and parameter["kind"] != "flag":
            if "default" in parameter:
                value = parameter["default"]
            elif parameter.get("required"):
                raise input_error(words, calculator, key, "required")
            else:
                values[key] = None
                continue
        values[key] = parse_parameter(words, calculator, parameter, False if value is None else value)
    for parameter in calculator["parameters"] if refuse else ():  # the plans refuse them (plan.py)
        refuse_for_other_events(words, calculator, parameter, raw, values)
    return values


def refuse_for_other_events(
    words: Mapping[str, Any], calculator: dict, parameter: dict, raw: dict, values: dict
) -> None:
    """An option the text states only for some event types (`events`), given for another, is refused, not ignored."""
    key = parameter["name"].replace("-", "_")
    if "events" not in parameter or values.get("event") in parameter["events"]:
        return
    given = (
        values[key] is True
        if parameter["kind"] == "flag"
        else (not blank(raw.get(key)) and str(raw.get(key)).strip() != str(parameter.get("default", "")))
    )
    if given:
        labels = "、".join(choice_label(calculator, "event", event) for event in parameter["events"])
        raise input_error(
            words,
            calculator,
            key,
            "not_for_event",
            events=labels,
            event=choice_label(calculator, "event", values["event"]),
        )


def choice_label(calculator: dict, parameter: str, value: str) -> str:
    return dict((str(v), label) for v, label in parameter_of(calculator, parameter)["choices"])[str(value)]
