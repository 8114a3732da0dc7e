"""The schemas of the calculators' data under rulebook_src/penalties/ (the shared value types, the calculator spec and
the shared readings; each table's schema is in penalty_table_files.py): closed records with the keys the files
use and the types the engines read, so that a slip in a table stops the build with `path:line: …` instead of a
traceback in the command line or a broken widget.

The keys are those of the files as they stand; a new key in a table is added here with it.
"""

from __future__ import annotations

from typing import Any

from scripts.books import HAN
from scripts.curated.models import any_of, boolean, choice, list_of, map_of, number, record, text, whole

BOOKS = ("laws", "regulations")
ONE_LINE = text(one_line=True)
PROSE = text()
ARTICLE = text(pattern=rf"({'|'.join(BOOKS)})/[0-9]{{1,3}}(-[0-9])?", form="book/number, e.g. regulations/26")
ANCHOR = text(pattern=rf"[0-9a-z{HAN}-]+", form="an anchor, e.g. 一-1")
WORDS_LIST = list_of(PROSE)
PAIR = list_of(number(), min_items=2, max_items=2)  # [low, high]
PENALTY_AMOUNTS = {"vp": number(), "imp": whole(), "top_percent": whole(minimum=0)}


def table(calculator: str, required: dict, optional: dict | None = None) -> Any:
    """A table file: its calculator's name, the article it rests on, its title, then its own keys."""
    return record(
        {"calculator": choice((calculator,)), "article": ARTICLE, "title": ONE_LINE, **required},
        optional=optional or {},
    )


# --- calculators.yml: the calculators' declarations (scripts/penalties/spec.py checks how they fit together) -------
KINDS = ("choice", "flag", "minutes", "number", "integer", "share", "text")
VALUE = text(one_line=True, numbers=True)  # an input value as the text would be typed: `12`, "0.75", pairs-imp
PARAMETER = record(
    {
        "name": text(pattern=r"[A-Za-z][A-Za-z0-9-]*", form="an option name (letters, digits, dashes)"),
        "label": ONE_LINE,
        "kind": choice(KINDS),
    },
    optional={
        "required": boolean(),
        "default": VALUE,
        "choices": list_of(list_of(VALUE, min_items=2, max_items=2)),
        "choices_from": ONE_LINE,
        "min": number(),
        "max": number(),
        "min_exclusive": boolean(),
        "places": whole(minimum=0),
        "placeholder": ONE_LINE,
        "help": ONE_LINE,
        "only_with": ONE_LINE,
        "events": list_of(VALUE),
    },
)
TEMPLATES = map_of(value=ONE_LINE)
CALCULATOR = record(
    {
        "name": text(pattern=r"[a-z][a-z-]*", form="a calculator name (lowercase, dashes)"),
        "title": ONE_LINE,
        "article": ARTICLE,
        "pages": list_of(record({"page": ARTICLE}, optional={"fixed": map_of(value=VALUE)})),
        "parameters": list_of(PARAMETER),
        "subject": any_of((ONE_LINE, TEMPLATES)),
    },
    optional={
        "headlines": TEMPLATES,
        "log": record({"count": ONE_LINE}, optional={"same": list_of(ONE_LINE)}),  # the offence log's count input
        "see": list_of(ONE_LINE),  # calculators the page links to after this one's (规则第78条 → 第77条's score)
    },
)
# words: the phrases both engines put together (a phrase, or a group of phrases by case)
WORD = any_of((text(empty=True, one_line=True), map_of(value=text(empty=True, one_line=True))))
# the scorings and penalty units are names the engines look up, not phrases
SCORINGS = ("vp", "imp", "mp")
PENALTY_UNITS = ("vp", "imp", "top_percent")
WORDS = record(
    {
        "scoring_units": record({scoring: choice(PENALTY_UNITS) for scoring in SCORINGS}),
        "scoring_names": record({scoring: ONE_LINE for scoring in SCORINGS}),
        "unit_amount": record({unit: ONE_LINE for unit in PENALTY_UNITS}),
    },
    open=True,
    others=WORD,
)
CALCULATORS = record({"calculators": list_of(CALCULATOR), "words": WORDS})

# --- conventions.yml: the readings the band tables and ladders share ----------------------------------------------
READING = record({"reading": PROSE, "other_reading": PROSE})
CONVENTIONS = record(
    {
        "band_boundary": READING,
        "open_band": READING,
        "repeat_outside_warning_band": record({"reading": PROSE}),
        "offence_count": READING,
        "beyond_ladder": READING,
        "listed_ladder": READING,
        "conversion": record({"reading": PROSE}),
        "rounding": record(
            {
                "article": ARTICLE,
                "quote": PROSE,
                "decimals": whole(minimum=0),
                "reading": PROSE,
                "other_reading": PROSE,
                "stage_total": PROSE,
                "stage_total_quote": PROSE,
            }
        ),
        # 第36条 免予处罚, stated with the rulings of the calculators it names
        "exemption": record(
            {
                "article": ARTICLE,
                "calculators": list_of(text(pattern=r"[a-z][a-z-]*", form="a calculator name")),
                "quote": PROSE,
                "makeup_quote": PROSE,
                "text": PROSE,
            }
        ),
        # a ruling names its clause as the articles print it: article → anchor → printed form (规则第12条C款1)
        "clause_labels": map_of(key=ARTICLE, value=map_of(key=ANCHOR, value=ONE_LINE)),
    }
)
