"""Symbolic inputs for the calculators' rule functions, so that the rules are written once, in Python.

The build runs each rule function (timing.py, sanctions.py, scoring.py, forfeits.py) with a `Sym` in place of a number
the reader types (minutes, a share, a score): arithmetic on it builds an expression, a comparison with a constant is
decided by the interval the number is known to lie in (plan.py splits every range at the constants the tables compare
with), and a number or text made from it is a placeholder the browser fills in (plan.py serialises them). A comparison
the interval cannot decide raises `Undecided`, naming it, so no rule is silently taken one way; the few rules that
compare two computed values say so with `when`, `same`, `differs`, `largest_index` and `pick`, which also work on plain
numbers, so the ordinary (command-line) run is the same code on Fractions.

Home-made: the expression language is the small, closed set the rules use (exact rationals, 四舍五入, ⌈⌉, the
formats of result.py); no maintained library evaluates the same expressions identically in Python and in a
dependency-free browser script.
"""

from __future__ import annotations

import re
from fractions import Fraction

from scripts.errors import RulebookError

MARK = re.compile("\ue000([0-9]+)\ue001")  # a placeholder inside a text: its expression in TEXTS
TEXTS: list[list] = []  # placeholder number → expression (a list), for the plan being built


class Undecided(RulebookError):
    """A rule compared a symbolic input in a way its interval does not decide (plan.py names the calculator: the
    constant belongs in plan.py region_points, or the rule should say `when`)."""


def as_node(value):
    """An expression argument: a Sym's node, an exact constant, or a plain value."""
    if isinstance(value, Sym):
        return value.node
    if isinstance(value, (int, float, Fraction)) and not isinstance(value, bool):
        return ["n", str(Fraction(str(value)) if isinstance(value, float) else Fraction(value))]
    return value


class Sym:
    """A number known only as an expression of the inputs; `interval` (low, high, low_closed, high_closed; None for
    no bound) when the expression is an input itself."""

    __slots__ = ("node", "interval")

    def __init__(self, node: list, interval: tuple | None = None):
        self.node, self.interval = node, interval

    def _op(self, op: str, *others) -> Sym:
        return Sym([op, self.node, *(as_node(o) for o in others)])

    def _rop(self, op: str, other) -> Sym:
        return Sym([op, as_node(other), self.node])

    __add__ = lambda self, o: self._op("add", o)  # noqa: E731
    __sub__ = lambda self, o: self._op("sub", o)  # noqa: E731
    __mul__ = lambda self, o: self._op("mul", o)  # noqa: E731
    __truediv__ = lambda self, o: self._op("div", o)  # noqa: E731
    __mod__ = lambda self, o: self._op("mod", o)  # noqa: E731
    __floordiv__ = lambda self, o: self._op("floordiv", o)  # noqa: E731
    __radd__ = lambda self, o: self._rop("add", o)  # noqa: E731
    __rsub__ = lambda self, o: self._rop("sub", o)  # noqa: E731
    __rmul__ = lambda self, o: self._rop("mul", o)  # noqa: E731
    __rtruediv__ = lambda self, o: self._rop("div", o)  # noqa: E731

    def __neg__(self) -> Sym:
        return Sym(["neg", self.node])

    def __abs__(self) -> Sym:
        return Sym(["abs", self.node])

    def __ceil__(self) -> Sym:
        return Sym(["ceil", self.node])

    def _decide(self, other, op: str) -> bool:
        if self.interval is None or isinstance(other, Sym):
            raise Undecided(f"{self.node} against {as_node(other)}")
        constant = Fraction(other)
        key = (self.interval, constant, op)
        answer = _DECIDED.get(key, _UNASKED)  # a plan asks the same few questions thousands of times
        if answer is _UNASKED:
            test = COMPARISONS[op]
            answers = {test(value, constant) for value in _probes(*self.interval, constant)}
            answer = _DECIDED[key] = answers.pop() if len(answers) == 1 else None
        if answer is None:
            raise Undecided(f"{self.node} in {self.interval} against {constant}")
        return answer

    def __lt__(self, o):
        return self._decide(o, "lt")

    def __le__(self, o):
        return self._decide(o, "le")

    def __gt__(self, o):
        return self._decide(o, "gt")

    def __ge__(self, o):
        return self._decide(o, "ge")

    def __eq__(self, o):
        return self._decide(o, "eq")

    def __ne__(self, o):
        return self._decide(o, "ne")

    def __bool__(self):
        return self._decide(0, "ne")

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return placeholder(["fmt", self.node])

    __format__ = lambda self, spec: str(self)  # noqa: E731


COMPARISONS = {
    "lt": lambda v, c: v < c,
    "le": lambda v, c: v <= c,
    "gt": lambda v, c: v > c,
    "ge": lambda v, c: v >= c,
    "eq": lambda v, c: v == c,
    "ne": lambda v, c: v != c,
}
_UNASKED = object()
_DECIDED: dict[tuple, bool | None] = {}  # (interval, constant, comparison) → its answer over the interval, or None


def _probes(low, high, low_closed, high_closed, constant):
    """Points of the interval from `low` to `high` (each end closed or open; None: unbounded) on both sides of
    `constant` and at it, and at its ends, where the interval has them: enough to tell whether a comparison with
    `constant` comes out the same over the whole interval."""

    def inside(v):
        above = low is None or v > low or (low_closed and v == low)
        below = high is None or v < high or (high_closed and v == high)
        return above and below

    tiny = Fraction(1, 10**9)
    near = [constant - 1, constant - tiny, constant, constant + tiny, constant + 1]
    for end in (low, high):
        if end is not None:
            near += [end - tiny, end, end + tiny]
    return [v for v in near if inside(v)]


def placeholder(expression: list) -> str:
    """A text standing for `expression` (a string the browser computes), usable in fill(), f-strings and joins."""
    TEXTS.append(expression)
    return f"\ue000{len(TEXTS) - 1}\ue001"


def symbolic(value) -> bool:
    return isinstance(value, Sym) or (isinstance(value, str) and MARK.search(value) is not None)


def condition(op: str, a, b):
    """a op b: a bool for plain numbers, an expression when either side is symbolic."""
    if not isinstance(a, Sym) and not isinstance(b, Sym):
        return {"eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b}[op]
    return Sym([op, as_node(a), as_node(b)])


def same(a, b):
    return condition("eq", a, b)


def differs(a, b):
    return condition("ne", a, b)


def when(test, then, otherwise):
    """`then` if test else `otherwise`; for a symbolic test, an expression (a text placeholder when both are texts)."""
    if not isinstance(test, Sym):
        return then if test else otherwise
    node = ["if", test.node, as_node(then), as_node(otherwise)]
    texts = all(isinstance(x, str) or x is None for x in (then, otherwise))
    return placeholder(node) if texts else Sym(node)


def smaller(a, b):
    if not isinstance(a, Sym) and not isinstance(b, Sym):
        return min(a, b)
    return Sym(["min", as_node(a), as_node(b)])


def largest_index(values: list) -> int | Sym:
    """The index of the first largest value (as max() picks it)."""
    if not any(isinstance(v, Sym) for v in values):
        return max(range(len(values)), key=lambda i: (values[i], -i))
    return Sym(["argmax", ["list", *(as_node(v) for v in values)]])


def pick(items: list, index):
    """items[index]; for a symbolic index an expression (a text placeholder for texts)."""
    if not isinstance(index, Sym):
        return items[index]
    node = ["pick", ["list", *(as_node(i) for i in items)], index.node]
    return placeholder(node) if all(isinstance(i, str) for i in items) else Sym(node)


def text_or_none(parts: list, separator: str = " "):
    """The parts that are not empty joined, or None when none is (a conditional part may turn out empty)."""
    if not any(symbolic(p) for p in parts):
        kept = [p for p in parts if p]
        return separator.join(kept) if kept else None
    return placeholder(["join", separator, ["list", *parts]])


def first_given(value, otherwise):
    """`value` unless it is None (or, for a conditional text, turns out to be None)."""
    if not symbolic(value):
        return value if value is not None else otherwise
    return placeholder(["or", value, otherwise])


def unless_none(value, text: str) -> str:
    """`text` when `value` is given, else ''."""
    if not symbolic(value):
        return "" if value is None else text
    return placeholder(["unless_null", value, text])
