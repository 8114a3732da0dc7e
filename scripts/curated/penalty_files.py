"""The schemas of the calculators' data under rulebook_src/penalties/ (the calculator spec, the shared readings and
each table): closed records with the keys the files use and the types the engines read, so that a slip in a table
stops the build with `path:line: …` instead of a traceback in the command line or a broken widget.

The keys are those of the files as they stand; a new key in a table is added here with it.
"""
from __future__ import annotations

from scripts.books import HAN
from scripts.curated.schema import AnyOf, Boolean, Choice, Integer, ListOf, MapOf, Null, Number, Record, Text

BOOKS = ("laws", "regulations")
ONE_LINE = Text(one_line=True)
PROSE = Text()
ARTICLE = Text(pattern=rf"({'|'.join(BOOKS)})/[0-9]{{1,3}}(-[0-9])?", form="book/number, e.g. regulations/26")
ANCHOR = Text(pattern=rf"[0-9a-z{HAN}-]+", form="an anchor, e.g. 一-1")
WORDS_LIST = ListOf(PROSE)
PAIR = ListOf(Number(), min_items=2, max_items=2)  # [low, high]
PENALTY_AMOUNTS = {"vp": Number(), "imp": Integer(), "top_percent": Integer(minimum=0)}


def table(calculator: str, required: dict, optional: dict | None = None) -> Record:
    """A table file: its calculator's name, the article it rests on, its title, then its own keys."""
    return Record({"calculator": Choice((calculator,)), "article": ARTICLE, "title": ONE_LINE, **required}, optional=optional or {})


# --- calculators.yml: the calculators' declarations (scripts/penalties/spec.py checks how they fit together) -------
KINDS = ("choice", "flag", "minutes", "number", "integer", "share", "text")
VALUE = Text(one_line=True, numbers=True)  # an input value as the text would be typed: `12`, "0.75", pairs-imp
PARAMETER = Record(
    {"name": Text(pattern=r"[A-Za-z][A-Za-z0-9-]*", form="an option name (letters, digits, dashes)"), "label": ONE_LINE, "kind": Choice(KINDS)},
    optional={
        "required": Boolean(), "default": VALUE, "choices": ListOf(ListOf(VALUE, min_items=2, max_items=2)),
        "choices_from": ONE_LINE, "min": Number(), "max": Number(), "min_exclusive": Boolean(),
        "places": Integer(minimum=0), "placeholder": ONE_LINE, "help": ONE_LINE, "only_with": ONE_LINE,
        "events": ListOf(VALUE),
    })
TEMPLATES = MapOf(value=ONE_LINE)
CALCULATOR = Record(
    {"name": Text(pattern=r"[a-z][a-z-]*", form="a calculator name (lowercase, dashes)"), "title": ONE_LINE, "article": ARTICLE,
     "pages": ListOf(Record({"page": ARTICLE}, optional={"fixed": MapOf(value=VALUE)})),
     "parameters": ListOf(PARAMETER), "subject": AnyOf((ONE_LINE, TEMPLATES))},
    optional={"headlines": TEMPLATES})
# words: the phrases both engines put together (a phrase, or a group of phrases by case)
WORD = AnyOf((Text(empty=True, one_line=True), MapOf(value=Text(empty=True, one_line=True))))
# the scorings and penalty units are names the engines look up, not phrases
SCORINGS = ("vp", "imp", "mp")
PENALTY_UNITS = ("vp", "imp", "top_percent")
WORDS = Record({
    "scoring_units": Record({scoring: Choice(PENALTY_UNITS) for scoring in SCORINGS}),
    "scoring_names": Record({scoring: ONE_LINE for scoring in SCORINGS}),
    "unit_amount": Record({unit: ONE_LINE for unit in PENALTY_UNITS}),
}, open=True, others=WORD)
CALCULATORS = Record({"calculators": ListOf(CALCULATOR), "words": WORDS})

# --- conventions.yml: the readings the band tables and ladders share ----------------------------------------------
READING = Record({"reading": PROSE, "other_reading": PROSE})
CONVENTIONS = Record({
    "band_boundary": READING,
    "open_band": READING,
    "repeat_outside_warning_band": Record({"reading": PROSE}),
    "offence_count": READING,
    "beyond_ladder": READING,
    "listed_ladder": READING,
    "conversion": Record({"reading": PROSE}),
    "rounding": Record({"article": ARTICLE, "quote": PROSE, "decimals": Integer(minimum=0), "reading": PROSE, "other_reading": PROSE,
                        "stage_total": PROSE, "stage_total_quote": PROSE}),
    # 第36条 免予处罚, stated with the rulings of the calculators it names
    "exemption": Record({"article": ARTICLE, "calculators": ListOf(Text(pattern=r"[a-z][a-z-]*", form="a calculator name")),
                         "quote": PROSE, "makeup_quote": PROSE, "text": PROSE}),
    # a ruling names its clause as the articles print it: article → anchor → printed form (规则第12条C款1)
    "clause_labels": MapOf(key=ARTICLE, value=MapOf(key=ANCHOR, value=ONE_LINE)),
})

# --- band tables: 第26条 lateness, 第27条 slow play -----------------------------------------------------------------
EVENTS = ("teams-vp", "teams-ko", "pairs-mp", "pairs-imp")
# what the director may do on top of a band's penalty: remove boards (scores for both sides), a forfeit, or only words
BAND_OPTION = AnyOf((
    Record({"text": PROSE, "remove_boards": ListOf(Integer(minimum=1), min_items=2, max_items=2), "offender": ONE_LINE, "non_offender": ONE_LINE}),
    Record({"text": PROSE, "forfeit": Choice(("session", "round", "match"))}),
    Record({"text": PROSE}),
))
BAND = Record(
    {"band": ONE_LINE, "upper": AnyOf((Number(minimum=0), Null())), "quote": PROSE},
    optional={
        **PENALTY_AMOUNTS, "warning": ONE_LINE, "committee": PROSE, "consequences": WORDS_LIST,
        "forfeit": Choice(("session", "round", "match")), "stop_play": Boolean(),
        "repeat": Record({}, optional=PENALTY_AMOUNTS, nonempty=True), "repeat_text": PROSE,
        "repeat_reading": PROSE, "repeat_other_reading": PROSE, "reading": PROSE, "other_reading": PROSE,
        "per_minute": Record({"unit": Choice(PENALTY_UNITS), "base": Number(minimum=0), "over": Number(minimum=0)}),
        "per_minute_other": Record({"base": Number(minimum=0), "over": Number(minimum=0)}),
        "options": ListOf(BAND_OPTION),
    })
TEXT_AND_QUOTE = Record({"text": PROSE, "quote": PROSE})
BAND_EVENT = Record({"label": ONE_LINE, "anchor": ANCHOR, "heading": ONE_LINE, "bands": ListOf(BAND)},
                    optional={"total_for_both_sides": TEXT_AND_QUOTE, "cut_boards": TEXT_AND_QUOTE})
BAND_EVENTS = Record({event: BAND_EVENT for event in EVENTS})
LATENESS = table("lateness", {"unit_label": ONE_LINE, "events": BAND_EVENTS})
SLOW_PLAY = table("slow-play", {"unit_label": ONE_LINE, "events": BAND_EVENTS},
                  {"shares": Record({"anchor": ANCHOR, "quote": PROSE}), "cut_boards": TEXT_AND_QUOTE})

# --- offence ladders: 第34条 procedural, 第37条 discipline, 第38条 phones and smoking -----------------------------------
RANGE = Record({}, optional={key: PAIR for key in PENALTY_AMOUNTS}, nonempty=True)
STEP_OUTCOMES = {**PENALTY_AMOUNTS, "range": RANGE, "disqualification": PROSE}
STEP = Record({"text": PROSE}, optional={
    **STEP_OUTCOMES, "warning": AnyOf((Boolean(), ONE_LINE)), "alternative": Record({"text": PROSE}, optional=STEP_OUTCOMES),
    "committee": PROSE, "consequences": WORDS_LIST, "void_result": PROSE, "adjusted_score": PROSE,
    "reading": PROSE, "other_reading": PROSE, "clause": ONE_LINE, "quote": PROSE})
LADDER_ITEM = Record(
    {"item": Integer(minimum=1), "quote": PROSE, "sequence": ONE_LINE, "summary": ONE_LINE,
     "variants": ListOf(Record({"name": ONE_LINE, "steps": ListOf(STEP)}, optional={
         "label": ONE_LINE, "reading": PROSE, "other_reading": PROSE, "summary": ONE_LINE, "quote": PROSE}))},
    optional={"label": ONE_LINE, "reading": PROSE, "other_reading": PROSE, "also": PROSE, "repeat_note": PROSE, "damage": Record({"text": PROSE, "ruling": ONE_LINE})})
SCALE = Record(
    {"conversion": Record(dict(PENALTY_AMOUNTS)), "conversion_quote": PROSE, "limits": Record({key: PAIR for key in PENALTY_AMOUNTS})},
    optional={"conversion_article": ARTICLE, "limits_quote": PROSE, "uniform_quote": PROSE})
LADDER = table("procedural", {"items": ListOf(LADDER_ITEM), "scale": SCALE})

# --- 第28条 forfeit and withdrawal ------------------------------------------------------------------------------
FORFEIT_EVENTS = ("round-robin", "board-a-match", "match-points", "swiss", "knock-out", "pairs-mp", "pairs-imp", "pairs-match-points")
FORFEITING = Record({"quote": PROSE}, optional={
    "vp": Number(minimum=0), "imp": Integer(), "tp": Integer(), "mp": Integer(), "match_points": Integer(),
    "per_board": ONE_LINE, "imp_per_board": Integer(), "result": PROSE})
NON_FORFEITING = Record({"rule": ONE_LINE, "quote": PROSE}, optional={
    "candidates": ListOf(Record({"name": ONE_LINE, "text": PROSE, "quote": PROSE},
                                optional={"factor": Number(minimum=0), "cap": Number(minimum=0), "only_scale": Integer(minimum=1),
                                          "minuend": Number(minimum=0)})),
    "imp_quote": PROSE, "mp_per_board": Integer(), "mp_per_board_half_scale": Integer(), "tp_per_board": Integer(),
    "match_points": Integer(), "also": WORDS_LIST, "factor": Number(minimum=0), "per_board": ONE_LINE,
    "imp_per_board": Integer(), "result": PROSE})
FORFEIT_EVENT = Record({"label": ONE_LINE, "anchor": ANCHOR, "forfeiting": FORFEITING, "non_forfeiting": NON_FORFEITING},
                       optional={"reading": PROSE, "other_reading": PROSE, "keeps_playing_quote": PROSE})
WITHDRAWAL_EVENT = Record({"quote": PROSE, "withdrawing": ONE_LINE}, optional={
    "withdrawing_imp": Integer(), "withdrawing_mp": Integer(), "other": ONE_LINE, "other_imp": Integer(),
    "other_mp": Integer(), "other_mp_half_scale": Integer(), "lose_match": Boolean()})
FORFEIT = table("forfeit", {
    "imp_by_vp": ONE_LINE, "tie_vp_25": Number(minimum=0),
    "events": Record({event: FORFEIT_EVENT for event in FORFEIT_EVENTS}),
    # further consequences the text names (disqualification, discipline, results void), by event
    "consequences": ListOf(Record({"events": ListOf(Choice(FORFEIT_EVENTS)), "kinds": ListOf(Choice(("disqualification", "discipline", "void_result"))),
                                   "text": PROSE, "quote": PROSE})),
    "withdrawal": Record({"anchor": ANCHOR, "reading": PROSE, "consequences": ListOf(TEXT_AND_QUOTE),
                          "events": MapOf(key=Choice(FORFEIT_EVENTS), value=WITHDRAWAL_EVENT)}),
})

# --- the small tables -------------------------------------------------------------------------------------------
SIDE_SCORE = Record({"top_percent": Integer(minimum=0), "imp": Integer()})
FOULED = table("fouled", {
    "teams": Record({"anchor": ANCHOR, "per_board_imp": Integer(), "quote": PROSE, "procedural_quote": PROSE, "no_replay_quote": PROSE,
                     "whole_match": Record({"replay_quote": PROSE, "offender_factor": Number(minimum=0), "quote": PROSE,
                                            "reading": PROSE, "non_offender": ONE_LINE})}),
    "pairs": Record({"anchor": ANCHOR, "quote": PROSE, "reading": PROSE, "adjustable_quote": PROSE,
                     "non_offender": SIDE_SCORE, "offender": SIDE_SCORE}),
})
BOUNDS = ("at-most", "exact", "at-least")
ADJUSTED = table("adjusted", {
    "anchor": ANCHOR, "quote": PROSE, "balance_quote": PROSE, "reading": PROSE, "other_reading": PROSE,
    "bound_words": Record({bound: Text(empty=True, one_line=True) for bound in BOUNDS}),
    "responsibilities": Record({who: Record({"score": ONE_LINE, "percent": Integer(minimum=0), "bound": Choice(BOUNDS), "imp": Integer(),
                                             "label": ONE_LINE}) for who in ("direct", "partial", "none")}),
})
SEATS, VULNERABILITIES = ("N", "E", "S", "W"), ("None", "NS", "EW", "All")
BOARD = table("board", {
    "quote": PROSE, "cycle": Integer(minimum=1), "notice": PROSE,
    "dealers": ListOf(Choice(SEATS), min_items=4, max_items=4),
    "vulnerabilities": ListOf(Choice(VULNERABILITIES), min_items=4, max_items=4),
    "dealer_labels": Record({seat: ONE_LINE for seat in SEATS}),
    "vulnerability_labels": Record({v: ONE_LINE for v in VULNERABILITIES}),
})
CARRY_OVER = table("carry-over", {
    "source_lines": ListOf(ONE_LINE), "notice": PROSE, "precision_quote": PROSE,
    "variables": ListOf(Record({"name": ONE_LINE, "text": ONE_LINE, "quote": PROSE})),
})
TIE_BREAK = table("tie-ratio", {
    "decimals": Integer(minimum=0), "reading": PROSE, "other_reading": PROSE,
    "kinds": Record({kind: Record({"label": ONE_LINE, "anchor": ANCHOR, "formula": ONE_LINE, "quote": PROSE}) for kind in ("imp", "tp")}),
})

# file (relative to rulebook_src/) → schema; files.py puts these before its catch-all for penalties/*.yml
PENALTY_SCHEMAS = {
    "penalties/calculators.yml": CALCULATORS,
    "penalties/conventions.yml": CONVENTIONS,
    "penalties/lateness.yml": LATENESS,
    "penalties/slow_play.yml": SLOW_PLAY,
    "penalties/procedural.yml": LADDER,
    "penalties/discipline.yml": LADDER,
    "penalties/phones_smoking.yml": LADDER,
    "penalties/forfeit.yml": FORFEIT,
    "penalties/fouled_boards.yml": FOULED,
    "penalties/adjusted_score.yml": ADJUSTED,
    "penalties/board.yml": BOARD,
    "penalties/carry_over.yml": CARRY_OVER,
    "penalties/tie_break.yml": TIE_BREAK,
}
