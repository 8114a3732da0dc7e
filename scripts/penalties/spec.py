"""The calculator spec (rulebook_src/penalties/calculators.yml): loaded, checked, and used to parse every input.

The same parsing rules run in the widget (docs/assets/penalties/calculators.js, `parseParameter`, with the patterns
of INPUT_FORMS exported to it): full-width digits and signs are read as ASCII, numbers are exact decimals with at most
`places` decimal places, ranges come from the spec, and every error names the field in Chinese.
"""

from __future__ import annotations

import functools
import re
from fractions import Fraction
from pathlib import Path

import yaml

from scripts.errors import PenaltySpecError, RulebookError
from scripts.limits import clip
from scripts.penalties import tables

KINDS = {"choice", "flag", "minutes", "number", "integer", "share", "text"}
CALCULATOR_KEYS = {"name", "title", "article", "pages", "parameters", "subject", "headlines"}
PARAMETER_KEYS = {
    "name",
    "label",
    "kind",
    "required",
    "default",
    "choices",
    "choices_from",
    "min",
    "max",
    "min_exclusive",
    "places",
    "placeholder",
    "help",
    "only_with",
    "events",
}

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


class PenaltyInputError(RulebookError, ValueError):
    """A calculator input is missing, malformed or out of range; names the option and the field's Chinese label."""

    def __init__(self, parameter: str, label: str, message: str):
        self.parameter = parameter
        self.label = label
        self.message = message
        super().__init__(f"--{parameter}（{label}）：{message}")


# ---------- loading and checking the spec ----------


def _check(spec: dict, lines: dict, where: Path) -> None:
    problems = []

    def problem(path: tuple, message: str) -> None:
        while path not in lines and path:
            path = path[:-1]
        problems.append(
            f"{where.relative_to(tables.ROOT) if where.is_relative_to(tables.ROOT) else where}:{lines.get(path, 1)}: {message}"
        )

    if (
        not isinstance(spec, dict)
        or not isinstance(spec.get("calculators"), list)
        or not isinstance(spec.get("words"), dict)
    ):
        problem((), "expected `calculators:` (a list) and `words:` (a mapping)")
        raise PenaltySpecError("\n".join(problems))
    seen = set()
    for position, calculator in enumerate(spec["calculators"]):
        at = ("calculators", position)
        if not isinstance(calculator, dict):
            problem(at, "a calculator must be a mapping")
            continue
        for key in sorted(set(calculator) - CALCULATOR_KEYS):
            problem(at + (key,), f"unknown key `{key}` (allowed: {', '.join(sorted(CALCULATOR_KEYS))})")
        for key in ("name", "title", "article", "pages", "parameters", "subject"):
            if key not in calculator:
                problem(at, f"calculator {calculator.get('name', position)!r} has no `{key}`")
        name = calculator.get("name")
        if name in seen:
            problem(at + ("name",), f"calculator `{name}` is declared twice")
        seen.add(name)
        if not re.fullmatch(r"(laws|regulations)/\d+", str(calculator.get("article", ""))):
            problem(at + ("article",), f"article must be laws/N or regulations/N, got {calculator.get('article')!r}")
        names = set()
        for number, parameter in enumerate(calculator.get("parameters") or []):
            here = at + ("parameters", number)
            if not isinstance(parameter, dict):
                problem(here, "a parameter must be a mapping")
                continue
            for key in sorted(set(parameter) - PARAMETER_KEYS):
                problem(here + (key,), f"unknown key `{key}` in parameter {parameter.get('name')!r}")
            for key in ("name", "label", "kind"):
                if key not in parameter:
                    problem(here, f"parameter {parameter.get('name', number)!r} has no `{key}`")
            if parameter.get("name") in names:
                problem(here, f"parameter `{parameter.get('name')}` is declared twice")
            names.add(parameter.get("name"))
            kind = parameter.get("kind")
            if kind not in KINDS:
                problem(here + ("kind",), f"unknown kind {kind!r} (allowed: {', '.join(sorted(KINDS))})")
            if kind == "choice" and not (
                isinstance(parameter.get("choices"), list)
                and parameter["choices"]
                and all(isinstance(c, list) and len(c) == 2 for c in parameter["choices"])
            ):
                problem(here + ("choices",), "a choice parameter needs `choices`: a list of [value, label]")
            if (
                "min" in parameter
                and "max" in parameter
                and Fraction(str(parameter["min"])) > Fraction(str(parameter["max"]))
            ):
                problem(here + ("min",), f"min {parameter['min']} is above max {parameter['max']}")
            if "default" in parameter and kind in KINDS and not problems:
                try:
                    parse_parameter(calculator, parameter, parameter["default"])
                except PenaltyInputError as error:
                    problem(here + ("default",), f"the default does not parse: {error}")
        for number, page in enumerate(calculator.get("pages") or []):
            if not re.fullmatch(r"(laws|regulations)/\d+", str(page.get("page", ""))):
                problem(at + ("pages", number), f"page must be laws/N or regulations/N, got {page.get('page')!r}")
            for key in page.get("fixed", {}):
                if key not in names:
                    problem(at + ("pages", number), f"fixed value for `{key}`, which is not a parameter")
    if problems:
        raise PenaltySpecError("\n".join(problems))


@functools.lru_cache(maxsize=4)
def _spec(path: Path, stamp: tuple) -> dict:
    global _CHECKING_WORDS
    try:
        data, lines = tables.read_yaml(path)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = path.relative_to(tables.ROOT) if path.is_relative_to(tables.ROOT) else path
        raise PenaltySpecError(
            f"{where}:{mark.line + 1 if mark else 1}: not valid YAML: {getattr(error, 'problem', error)}"
        ) from None
    _CHECKING_WORDS = data.get("words") if isinstance(data, dict) and isinstance(data.get("words"), dict) else None
    try:
        _check(data, lines.by_path, path)
    finally:
        _CHECKING_WORDS = None
    calculators = {calculator["name"]: calculator for calculator in data["calculators"]}
    return {"calculators": calculators, "words": data["words"]}


def load_spec() -> dict:
    """{"calculators": name → calculator, "words": …}; read again when calculators.yml changed."""
    return _spec(
        tables.PENALTY_DIR / f"{tables.SPEC_FILE}.yml", tables.fingerprint(tables.PENALTY_DIR, (tables.SPEC_FILE,))
    )


def calculator_spec(name: str) -> dict:
    return load_spec()["calculators"][name]


_CHECKING_WORDS: dict | None = None  # the words of the spec being checked (its defaults are parsed before it is cached)


def words() -> dict:
    return _CHECKING_WORDS if _CHECKING_WORDS is not None else load_spec()["words"]


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


def input_error(calculator: dict, name: str, key: str, **values) -> PenaltyInputError:
    parameter = parameter_of(calculator, name)
    values = {key: clip(value) if key == "text" else value for key, value in values.items()}  # a typed value, cut
    return PenaltyInputError(parameter["name"], parameter["label"], fill(words()["errors"][key], **values))


def _decimal(whole: str, frac: str | None) -> Fraction:
    return Fraction(int(whole)) + (Fraction(int(frac), 10 ** len(frac)) if frac else 0)


def _within(calculator: dict, parameter: dict, value: Fraction, text: str) -> Fraction:
    if "min" in parameter:
        low = Fraction(str(parameter["min"]))
        if parameter.get("min_exclusive") and value <= low:
            raise input_error(calculator, parameter["name"], "above", min=parameter["min"], text=text)
        if value < low:
            raise input_error(calculator, parameter["name"], "at_least", min=parameter["min"], text=text)
    if "max" in parameter and value > Fraction(str(parameter["max"])):
        raise input_error(calculator, parameter["name"], "at_most", max=parameter["max"], text=text)
    return value


def _number(calculator: dict, parameter: dict, text: str, places: int) -> Fraction:
    match = DECIMAL.match(text)
    if not match or (match[3] and len(match[3]) > places):
        raise input_error(calculator, parameter["name"], "number", places=places, text=text)
    value = _decimal(match[2], match[3])
    return -value if match[1] else value


def parse_parameter(calculator: dict, parameter: dict, raw):
    """One input by its kind: str for choice and text, bool for flag, int for integer, Fraction otherwise."""
    kind, name = parameter["kind"], parameter["name"]
    if kind == "flag":
        if isinstance(raw, bool):
            return raw
        text = ascii_text(raw).lower()
        if text in FLAG_TRUE:
            return True
        if text in FLAG_FALSE:
            return False
        raise input_error(calculator, name, "flag", text=ascii_text(raw))
    text = ascii_text(raw)
    if kind == "text":
        return text
    if kind == "choice":
        values = [str(value) for value, _ in parameter["choices"]]
        if text not in values:
            raise input_error(calculator, name, "choice", choices="、".join(values), text=text)
        return text
    if kind == "integer":
        if not INTEGER.match(text):
            raise input_error(calculator, name, "integer", text=text)
        return int(_within(calculator, parameter, Fraction(int(text)), text))
    if kind == "number":
        return _within(calculator, parameter, _number(calculator, parameter, text, parameter.get("places", 4)), text)
    if kind == "minutes":
        if text.startswith("-"):
            raise input_error(calculator, name, "negative", text=text)
        match = MINUTES_CLOCK.match(text)
        if match:
            value = Fraction(int(match[1])) + _decimal(match[2], match[3]) / 60
        elif DECIMAL.match(text) and not (DECIMAL.match(text)[3] and len(DECIMAL.match(text)[3]) > 6):
            value = _number(calculator, parameter, text, 6)
        else:
            raise input_error(calculator, name, "minutes", text=text)
        return _within(calculator, parameter, value, text)
    # share
    if match := SHARE_FRACTION.match(text):
        if int(match[2]) == 0:
            raise input_error(calculator, name, "zero_denominator", text=text)
        value = Fraction(int(match[1]), int(match[2]))
    elif match := SHARE_PERCENT.match(text):
        value = _decimal(*(match[1].split(".") + [None])[:2]) / 100
    elif (match := DECIMAL.match(text)) and not match[1] and not (match[3] and len(match[3]) > 6):
        value = _decimal(match[2], match[3])
    else:
        raise input_error(calculator, name, "share", text=text)
    if not 0 <= value <= 1:
        raise input_error(calculator, name, "share_range", text=text)
    return value


def parse_inputs(name: str, raw: dict, fixed: dict | None = None) -> dict:
    """Every parameter of calculator `name` parsed: keys with underscores; blank optional ones → default or None."""
    calculator = calculator_spec(name)
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
                raise input_error(calculator, key, "required")
            else:
                values[key] = None
                continue
        values[key] = parse_parameter(calculator, parameter, False if value is None else value)
    for parameter in calculator["parameters"]:
        refuse_for_other_events(calculator, parameter, raw, values)
    return values


def refuse_for_other_events(calculator: dict, parameter: dict, raw: dict, values: dict) -> None:
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
        labels = "、".join(choice_label(calculator["name"], "event", event) for event in parameter["events"])
        raise input_error(
            calculator,
            key,
            "not_for_event",
            events=labels,
            event=choice_label(calculator["name"], "event", values["event"]),
        )


def choice_label(name: str, parameter: str, value: str) -> str:
    return dict((str(v), label) for v, label in parameter_of(calculator_spec(name), parameter)["choices"])[str(value)]
