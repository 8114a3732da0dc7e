"""The penalty tables' invariants, checked whenever a table is loaded: one `path:line: …` line for the first fault.

The schema (scripts/curated/penalty_files.py) checks each value's type; this stage checks what the values mean:

- every number is finite and within its unit's range (`.nan`, `.inf`, `1.0e+400` stop here);
- band tables: `X+—Y分钟` is X < t ≤ Y, so each band starts where the one before ends (no gap, no overlap), the
  uppers increase, the first band starts at 0+ and the last is `Y分钟以上`, open; amounts never fall from band to band;
- offence ladders: each step is heavier than the one before;
- every amount a table states appears, with its unit, in the sentence that states it (a band's `quote`, a step's
  `text`, a repeat's `repeat_text`), and an item's quote holds its steps' amounts too: a number changed in the table
  but not in the quote stops.

`check_quotes_in_articles` (run by the docs build, which has the rulebook) checks every quote against its article.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from fractions import Fraction

from scripts.errors import PenaltyTableError

# key of a number → the range its unit allows (inclusive); every other number: finite and |x| ≤ GENERIC_LIMIT
VP_RANGE, IMP_RANGE, PERCENT_RANGE, MINUTES_RANGE = (0, 30), (-26, 26), (0, 100), (0, 60)
UNIT_RANGES = {
    "vp": VP_RANGE,
    "tie_vp_25": VP_RANGE,
    "cap": VP_RANGE,
    "minuend": VP_RANGE,
    "imp": IMP_RANGE,
    "imp_per_board": IMP_RANGE,
    "other_imp": IMP_RANGE,
    "withdrawing_imp": IMP_RANGE,
    "per_board_imp": IMP_RANGE,
    "top_percent": PERCENT_RANGE,
    "percent": PERCENT_RANGE,
    "upper": MINUTES_RANGE,
    "base": MINUTES_RANGE,
    "over": MINUTES_RANGE,
    "factor": (0, 2),
    "offender_factor": (0, 2),
    "decimals": (0, 6),
}
GENERIC_LIMIT = 1000
AMOUNT_UNITS = {"vp": "VP", "imp": "IMP", "top_percent": "%"}  # how a quote writes each penalty amount
BAND_LABEL = re.compile(r"(?P<lower>[0-9.]+)\+—(?P<upper>[0-9.]+)分钟$|(?P<open>[0-9.]+)分钟以上$")
SPACES = re.compile(r"\s+")


def fail(lines, keys: tuple, problem: str) -> PenaltyTableError:
    return PenaltyTableError(f"{lines.at(*keys)}: {problem}")


def number_text(value) -> str:
    """1 → '1', 1.5 → '1.5', 0.75 → '0.75': as a quote writes it."""
    exact = Fraction(str(value))
    return str(exact.numerator) if exact.denominator == 1 else format(float(exact), "g")


def check_numbers(node, lines, keys: tuple = ()) -> None:
    """Every number finite and within its unit's range (by the key it stands under)."""
    if isinstance(node, dict):
        for key, value in node.items():
            check_numbers(value, lines, keys + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            check_numbers(value, lines, keys + (index,))
    elif isinstance(node, (int, float)) and not isinstance(node, bool):
        if not math.isfinite(node):
            raise fail(lines, keys, f"{keys[-1]} must be a finite number, got {node}")
        name = next((key for key in reversed(keys) if isinstance(key, str)), "")
        low, high = UNIT_RANGES.get(name, (-GENERIC_LIMIT, GENERIC_LIMIT))
        if not low <= node <= high:
            raise fail(lines, keys, f"{name} must lie between {low} and {high}, got {node}")


def amount_in(text: str, value, unit: str) -> bool:
    """Whether `text` states `value` with `unit` (`扣2VP`, `10%`), or opens a range with it (`0.5-2VP`, `10%-40%`)."""
    number = re.escape(number_text(value))
    suffix = re.escape(unit)
    return re.search(rf"(?<![0-9.]){number}\s*(?:{suffix}|%?[-～—][0-9.]+\s*{suffix})", text) is not None


def check_amounts_quoted(node: dict, text: str, lines, keys: tuple, what: str) -> None:
    """Each amount of `node` (vp, imp, top_percent; a range's ends) appears with its unit in `text`."""
    amounts = [(key, node[key]) for key in AMOUNT_UNITS if key in node]
    for key, pair in node.get("range", {}).items():
        amounts += [(key, value) for value in pair]
    for key, value in amounts:
        unit = AMOUNT_UNITS[key]
        if not amount_in(text, value, unit):
            raise fail(lines, keys + (key,), f"{key} {number_text(value)} does not appear in its {what} “{text}”")


def check_bands(name: str, table: dict, lines) -> None:
    for event, spec in table.get("events", {}).items():
        lower = Fraction(0)
        previous: dict = {}
        for index, band in enumerate(spec["bands"]):
            keys = ("events", event, "bands", index)
            last = index == len(spec["bands"]) - 1
            label = BAND_LABEL.search(band["band"])
            if label is None:
                raise fail(lines, keys + ("band",), f"band “{band['band']}” is neither “X+—Y分钟” nor “Y分钟以上”")
            if last != (band["upper"] is None):
                raise fail(
                    lines,
                    keys + ("upper",),
                    "only the last band is open (upper: null), and it must be"
                    if last
                    else "only the last band may be open (upper: null)",
                )
            if last:
                if label["open"] is None or Fraction(label["open"]) != lower:
                    raise fail(
                        lines,
                        keys + ("band",),
                        f"the last band must be “{number_text(lower)}分钟以上”, "
                        f"the upper end of the band before it; got “{band['band']}”",
                    )
            else:
                upper = Fraction(str(band["upper"]))
                if label["lower"] is None:
                    raise fail(lines, keys + ("band",), f"only the last band may read “…以上”; got “{band['band']}”")
                stated = Fraction(label["lower"])
                if stated != lower:
                    kind = "overlaps the band before it" if stated < lower else "leaves a gap after the band before it"
                    raise fail(
                        lines,
                        keys + ("band",),
                        f"band “{band['band']}” {kind}: it must start at "
                        f"{number_text(lower)}+ (X < t ≤ Y), where the band before it ends",
                    )
                if upper <= lower:
                    raise fail(
                        lines,
                        keys + ("upper",),
                        f"bands out of order: upper {number_text(upper)} is not "
                        f"above {number_text(lower)}, where the band before it ends",
                    )
                if Fraction(label["upper"]) != upper:
                    raise fail(
                        lines,
                        keys + ("upper",),
                        f"upper {number_text(upper)} is not the end of its band “{band['band']}”",
                    )
                lower = upper
            if not band["quote"].startswith(band["band"] + "："):
                raise fail(lines, keys + ("quote",), f"the quote does not start with its band “{band['band']}：”")
            for key in AMOUNT_UNITS:
                if key in band and key in previous and band[key] < previous[key]:
                    raise fail(
                        lines,
                        keys + (key,),
                        f"{key} {number_text(band[key])} is less than the band before "
                        f"it ({number_text(previous[key])}): penalties never fall as the time grows",
                    )
            check_amounts_quoted(band, band["quote"], lines, keys, "band's quote")
            if "repeat" in band:
                check_amounts_quoted(
                    band["repeat"],
                    band.get("repeat_text", band["quote"]),
                    lines,
                    keys + ("repeat",),
                    "repeat_text" if "repeat_text" in band else "band's quote",
                )
            previous = {**previous, **{key: band[key] for key in AMOUNT_UNITS if key in band}}


def severity(step: dict, conversion: dict) -> Fraction | None:
    """A step's weight in VP (amounts converted by the article's scale; a range by its low end); None: words only."""
    weights = [Fraction(str(step[key])) / Fraction(str(conversion[key])) for key in AMOUNT_UNITS if key in step]
    weights += [Fraction(str(pair[0])) / Fraction(str(conversion[key])) for key, pair in step.get("range", {}).items()]
    if step.get("disqualification"):
        return Fraction(10**6)  # heavier than any amount; one disqualification may follow another (match, event)
    return min(weights) if weights else None


def check_ladders(name: str, table: dict, lines) -> None:
    conversion = table["scale"]["conversion"]
    for index, item in enumerate(table["items"]):
        for variant_index, variant in enumerate(item["variants"]):
            quote = SPACES.sub("", variant.get("quote", item["quote"]))  # a case may quote its own sentence
            before, before_text = Fraction(0), None
            for step_index, step in enumerate(variant["steps"]):
                keys = ("items", index, "variants", variant_index, "steps", step_index)
                check_amounts_quoted(step, step["text"], lines, keys, "step's text")
                if "alternative" in step:
                    check_amounts_quoted(
                        step["alternative"], step["alternative"]["text"], lines, keys + ("alternative",), "text"
                    )
                    check_amounts_quoted(step["alternative"], quote, lines, keys + ("alternative",), "item's quote")
                weight = severity(step, conversion)
                if weight is not None and step.get("alternative") and step.get("warning"):
                    weight = None  # 警告或扣…: the step may be a bare warning
                if weight is not None:
                    if weight < before or (weight == before and not step.get("disqualification")):
                        raise fail(
                            lines,
                            keys,
                            f"ladder not increasing: “{step['text']}” is no heavier than “{before_text}” before it",
                        )
                    before, before_text = weight, step["text"]
                elif before > 0 and not step.get("alternative"):
                    raise fail(lines, keys, f"ladder not increasing: “{step['text']}” comes after “{before_text}”")
                check_amounts_quoted(step, quote, lines, keys, "item's quote")


def check_table(name: str, table: dict, lines) -> None:
    """Every invariant of table `name` (a file stem under rulebook_src/penalties/), raising on the first fault."""
    check_numbers(table, lines)
    if name in ("lateness", "slow_play"):
        check_bands(name, table, lines)
    if "items" in table and "scale" in table:
        check_ladders(name, table, lines)
    if "sheet" in table:
        check_tie_break_sheet(table["sheet"], lines)


def check_tie_break_sheet(sheet: dict, lines) -> None:
    """第45条's sequences: every figure a step compares is declared, and each sequence ends in what the text orders
    once the figures are equal (加赛, 抽签), with no comparison after it."""
    for key, mutual in sheet["match_figures"].items():
        if mutual["figure"] not in sheet["figures"]:
            raise fail(lines, ("sheet", "match_figures", key, "figure"), f"{mutual['figure']!r} is not a figure")
    for event, spec in sheet["events"].items():
        steps = spec["steps"]
        for index, name in enumerate(spec.get("restart", [])):
            if name not in sheet["events"]:
                raise fail(lines, ("sheet", "events", event, "restart", index), f"{name!r} is not one of the events")
        if spec.get("min_teams", 2) > spec["max_teams"]:
            raise fail(lines, ("sheet", "events", event, "min_teams"), "min_teams is above max_teams")
        if any(step["compare"] == "record" for step in steps) and "restart" not in spec:
            raise fail(lines, ("sheet", "events", event), "a `record` step needs the mutual matches of `restart`")
        for index, step in enumerate(steps):
            keys = ("sheet", "events", event, "steps", index)
            for key in ("figure", "won", "lost"):
                if key in step and step[key] not in sheet["figures"]:
                    raise fail(lines, keys + (key,), f"{key} {step[key]!r} is not one of sheet.figures")
            if step["compare"] != "playoff" and any(later["compare"] == "playoff" for later in steps[:index]):
                raise fail(lines, keys, "a comparison after a playoff step: the playoff steps end the sequence")
        if steps[-1]["compare"] != "playoff":
            raise fail(lines, ("sheet", "events", event, "steps"), "the sequence must end in a playoff step")


def penalty_places(penalties) -> list[tuple[str, str]]:
    """Every place the calculators' files name in the books, as (place, `file:line`): each calculator's `article` and
    `pages`, each table's `article`s (a borrowed rule's too) and `conversion_article`, each `anchor` (of the article
    named nearest above it) and conventions.yml's `clause_labels`. For scripts/pipeline/places.py `check_places`."""
    out: list[tuple[str, str]] = []
    for name, calculator in penalties.calculators.items():
        out.append((calculator["article"], penalties.spec_place(name, "article")))
        out += [(page["page"], penalties.spec_place(name, "pages", k)) for k, page in enumerate(calculator["pages"])]
    for name, table in penalties.tables.items():
        out += table_places(table, penalties.table_lines[name], (), table.get("article", ""))
    return out


def table_places(node, lines, keys: tuple, article: str) -> list[tuple[str, str]]:
    """The places a table names below `keys`, `article` being the one named nearest above."""
    out: list[tuple[str, str]] = []
    if isinstance(node, dict):
        if isinstance(node.get("article"), str):
            article = node["article"]
            out.append((article, lines.at(*keys, "article")))
        for key, value in node.items():
            if key == "conversion_article":
                out.append((value, lines.at(*keys, key)))
            elif key == "anchor" and isinstance(value, str):
                out.append((f"{article}#{value}", lines.at(*keys, key)))
            elif key == "clause_labels":
                out += [
                    (f"{cited}#{anchor}", lines.at(*keys, key, cited, anchor))
                    for cited, labels in value.items()
                    for anchor in labels
                ]
            else:
                out += table_places(value, lines, keys + (key,), article)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out += table_places(value, lines, keys + (index,), article)
    return out


def check_quotes_in_articles(tables: dict, table_lines, rulebook) -> None:
    """Every quoted sentence of every table occurs in its article's text (spaces aside); `table_lines[name]` is a
    table's curated.Lines, `rulebook` the books by key."""
    for name, table in tables.items():
        for path, quote in iter_quotes(table):
            book, slug = article_of(table, path).split("/")
            article = rulebook[book].articles.get(slug)
            text = SPACES.sub("", article.plain_text()) if article is not None else ""
            if SPACES.sub("", quote) not in text:
                keys = tuple(int(index) if index else key for key, index in re.findall(r"\.([^.\[]+)|\[(\d+)\]", path))
                raise fail(table_lines[name], keys, f"quote not found in {book}/{slug}: “{quote}”")


def iter_quotes(table: dict, path: str = "") -> Iterator[tuple[str, str]]:
    """Every (key path, quoted sentence) in a table: the values of keys named `quote` or ending in `_quote`."""
    if isinstance(table, dict):
        for key, value in table.items():
            if (key == "quote" or key.endswith("_quote")) and isinstance(value, str):
                yield f"{path}.{key}", value
            else:
                yield from iter_quotes(value, f"{path}.{key}")
    elif isinstance(table, list):
        for index, value in enumerate(table):
            yield from iter_quotes(value, f"{path}[{index}]")


def article_of(table: dict, path: str) -> str:
    """The article a quote belongs to: that of the innermost mapping on its path that names an `article` (a table's
    own, or a borrowed rule's such as conventions.yml `rounding` 第35条 and `exemption` 第36条), except that
    `conversion_quote` belongs to the scale's `conversion_article`."""
    if path.endswith("conversion_quote") and "conversion_article" in table.get("scale", {}):
        return table["scale"]["conversion_article"]
    article, node = table.get("article"), table
    for key, index in re.findall(r"\.([^.\[]+)|\[(\d+)\]", path)[:-1]:
        node = node[int(index)] if index else node[key]
        if isinstance(node, dict) and isinstance(node.get("article"), str):
            article = node["article"]
    return article
