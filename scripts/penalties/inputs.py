"""Parses and checks calculator inputs; every bad value raises PenaltyInputError naming the parameter."""
from __future__ import annotations

import re
from fractions import Fraction

MAX_MINUTES = 10000

MINUTES_DECIMAL = re.compile(r"^(?P<whole>\d{1,5})(?:\.(?P<frac>\d{1,6}))?$")
MINUTES_CLOCK = re.compile(r"^(?P<whole>\d{1,5}):(?P<sec>[0-5]?\d)(?:\.(?P<frac>\d{1,3}))?$")
DECIMAL = re.compile(r"^(?P<sign>-)?(?P<whole>\d{1,5})(?:\.(?P<frac>\d{1,3}))?$")  # small enough for exact JS integers
SHARE_FRACTION = re.compile(r"^(?P<num>\d{1,4})/(?P<den>\d{1,4})$")
SHARE_PERCENT = re.compile(r"^(?P<number>\d{1,3}(?:\.\d{1,4})?)%$")
INTEGER = re.compile(r"^\d{1,7}$")


class PenaltyInputError(ValueError):
    """A calculator input is missing, malformed or out of range; `parameter` names the option (without dashes)."""

    def __init__(self, parameter: str, message: str):
        self.parameter = parameter
        self.message = message
        super().__init__(f"--{parameter}: {message}")


def given(value, default):
    """`default` when an optional input is left out or blank (an empty form field), else the value."""
    return default if value is None or value == "" else value


def _decimal(whole: str, frac: str | None) -> Fraction:
    return Fraction(int(whole)) + (Fraction(int(frac), 10 ** len(frac)) if frac else 0)


def parse_minutes(value, parameter: str = "minutes") -> Fraction:
    """'12' → 12, '5.5' → 11/2, '5:30' → 11/2 (minutes:seconds); negative or non-numeric values are refused."""
    text = str(value).strip()
    if text.startswith("-"):
        raise PenaltyInputError(parameter, f"must not be negative, got {text!r}")
    match = MINUTES_DECIMAL.match(text)
    if match:
        minutes = _decimal(match["whole"], match["frac"])
    else:
        match = MINUTES_CLOCK.match(text)
        if not match:
            raise PenaltyInputError(parameter, f"expected minutes such as 12, 5.5 or 5:30, got {text!r}")
        minutes = Fraction(int(match["whole"])) + _decimal(match["sec"], match["frac"]) / 60
    if minutes > MAX_MINUTES:
        raise PenaltyInputError(parameter, f"must be at most {MAX_MINUTES} minutes, got {text!r}")
    return minutes


def parse_number(value, parameter: str, *, minimum: Fraction | int | None = 0, maximum=None) -> Fraction:
    """A decimal number such as '15' or '12.25', within [minimum, maximum]."""
    text = str(value).strip()
    match = DECIMAL.match(text)
    if not match:
        raise PenaltyInputError(parameter, f"expected a number, got {text!r}")
    number = _decimal(match["whole"], match["frac"]) * (-1 if match["sign"] else 1)
    if minimum is not None and number < minimum:
        raise PenaltyInputError(parameter, f"must be at least {minimum}, got {text!r}")
    if maximum is not None and number > maximum:
        raise PenaltyInputError(parameter, f"must be at most {maximum}, got {text!r}")
    return number


def parse_integer(value, parameter: str, *, minimum: int = 1, maximum: int | None = None) -> int:
    """A whole number within [minimum, maximum]."""
    text = str(value).strip()
    if not INTEGER.match(text):
        raise PenaltyInputError(parameter, f"expected a whole number, got {text!r}")
    number = int(text)
    if number < minimum:
        raise PenaltyInputError(parameter, f"must be at least {minimum}, got {text!r}")
    if maximum is not None and number > maximum:
        raise PenaltyInputError(parameter, f"must be at most {maximum}, got {text!r}")
    return number


def parse_share(value, parameter: str = "share") -> Fraction:
    """A side's share of the responsibility: '1', '0.5', '1/2' or '50%', between 0 and 1."""
    text = str(value).strip()
    if match := SHARE_FRACTION.match(text):
        if int(match["den"]) == 0:
            raise PenaltyInputError(parameter, f"the denominator must not be 0, got {text!r}")
        share = Fraction(int(match["num"]), int(match["den"]))
    elif match := SHARE_PERCENT.match(text):
        share = parse_number(match["number"], parameter) / 100
    elif DECIMAL.match(text):
        share = parse_number(text, parameter)
    else:
        raise PenaltyInputError(parameter, f"expected a share such as 1, 0.5, 1/2 or 50%, got {text!r}")
    if not 0 <= share <= 1:
        raise PenaltyInputError(parameter, f"must be between 0 and 1 (0% and 100%), got {text!r}")
    return share


def parse_choice(value, parameter: str, choices) -> str:
    """One of a fixed list of names."""
    text = str(value).strip()
    if text not in choices:
        raise PenaltyInputError(parameter, f"expected one of {', '.join(choices)}, got {text!r}")
    return text


def parse_flag(value, parameter: str) -> bool:
    """A yes/no switch given as a bool or as 1/0, true/false, yes/no, on/off."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off", ""):
        return False
    raise PenaltyInputError(parameter, f"expected yes or no, got {value!r}")
