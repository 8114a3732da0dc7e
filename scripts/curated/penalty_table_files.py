"""The schemas of the calculators' tables under rulebook_src/penalties/ (bands, ladders, forfeits, fouled boards,
adjusted scores, boards, carry-over; the tie-break file's is in tie_break_schema.py) and the map of every penalty file
to its schema; the shared value types and the calculator spec's and readings' schemas are in penalty_files.py."""

from __future__ import annotations

from scripts.curated.models import any_of, boolean, choice, list_of, map_of, null, number, record, text, whole
from scripts.curated.penalty_files import (
    ANCHOR,
    ARTICLE,
    CALCULATORS,
    CONVENTIONS,
    ONE_LINE,
    PAIR,
    PENALTY_AMOUNTS,
    PENALTY_UNITS,
    PROSE,
    WORDS_LIST,
    table,
)
from scripts.curated.tie_break_schema import TIE_BREAK

# --- band tables: 第26条 lateness, 第27条 slow play -----------------------------------------------------------------
EVENTS = ("teams-vp", "teams-ko", "pairs-mp", "pairs-imp")
# what the director may do on top of a band's penalty: remove boards (scores for both sides), a forfeit, or only words
BAND_OPTION = any_of(
    (
        record(
            {
                "text": PROSE,
                "remove_boards": list_of(whole(minimum=1), min_items=2, max_items=2),
                "offender": ONE_LINE,
                "non_offender": ONE_LINE,
            }
        ),
        record({"text": PROSE, "forfeit": choice(("session", "round", "match"))}),
        record({"text": PROSE}),
    )
)
BAND = record(
    {"band": ONE_LINE, "upper": any_of((number(minimum=0), null())), "quote": PROSE},
    optional={
        **PENALTY_AMOUNTS,
        "warning": ONE_LINE,
        "committee": PROSE,
        "consequences": WORDS_LIST,
        "forfeit": choice(("session", "round", "match")),
        "stop_play": boolean(),
        "repeat": record({}, optional=PENALTY_AMOUNTS, nonempty=True),
        "repeat_text": PROSE,
        "repeat_reading": PROSE,
        "repeat_other_reading": PROSE,
        "reading": PROSE,
        "other_reading": PROSE,
        "per_minute": record({"unit": choice(PENALTY_UNITS), "base": number(minimum=0), "over": number(minimum=0)}),
        "per_minute_other": record({"base": number(minimum=0), "over": number(minimum=0)}),
        "options": list_of(BAND_OPTION),
    },
)
TEXT_AND_QUOTE = record({"text": PROSE, "quote": PROSE})
BAND_EVENT = record(
    {"label": ONE_LINE, "anchor": ANCHOR, "heading": ONE_LINE, "bands": list_of(BAND)},
    optional={"total_for_both_sides": TEXT_AND_QUOTE, "cut_boards": TEXT_AND_QUOTE},
)
BAND_EVENTS = record({event: BAND_EVENT for event in EVENTS})
LATENESS = table("lateness", {"unit_label": ONE_LINE, "events": BAND_EVENTS})
SLOW_PLAY = table(
    "slow-play",
    {"unit_label": ONE_LINE, "events": BAND_EVENTS},
    {"shares": record({"anchor": ANCHOR, "quote": PROSE}), "cut_boards": TEXT_AND_QUOTE},
)

# --- offence ladders: 第34条 procedural, 第37条 discipline, 第38条 phones and smoking -----------------------------------
RANGE = record({}, optional={key: PAIR for key in PENALTY_AMOUNTS}, nonempty=True)
STEP_OUTCOMES = {**PENALTY_AMOUNTS, "range": RANGE, "disqualification": PROSE}
STEP = record(
    {"text": PROSE},
    optional={
        **STEP_OUTCOMES,
        "warning": any_of((boolean(), ONE_LINE)),
        "alternative": record({"text": PROSE}, optional=STEP_OUTCOMES),
        "committee": PROSE,
        "consequences": WORDS_LIST,
        "void_result": PROSE,
        "adjusted_score": PROSE,
        "reading": PROSE,
        "other_reading": PROSE,
        "clause": ONE_LINE,
        "quote": PROSE,
    },
)
LADDER_ITEM = record(
    {
        "item": whole(minimum=1),
        "quote": PROSE,
        "sequence": ONE_LINE,
        "summary": ONE_LINE,
        "variants": list_of(
            record(
                {"name": ONE_LINE, "steps": list_of(STEP)},
                optional={
                    "label": ONE_LINE,
                    "reading": PROSE,
                    "other_reading": PROSE,
                    "summary": ONE_LINE,
                    "quote": PROSE,
                },
            )
        ),
    },
    optional={
        "label": ONE_LINE,
        "reading": PROSE,
        "other_reading": PROSE,
        "also": PROSE,
        "repeat_note": PROSE,
        "damage": record({"text": PROSE, "ruling": ONE_LINE}),
    },
)
SCALE = record(
    {
        "conversion": record(dict(PENALTY_AMOUNTS)),
        "conversion_quote": PROSE,
        "limits": record({key: PAIR for key in PENALTY_AMOUNTS}),
    },
    optional={"conversion_article": ARTICLE, "limits_quote": PROSE, "uniform_quote": PROSE},
)
LADDER = table("procedural", {"items": list_of(LADDER_ITEM), "scale": SCALE})

# --- 第28条 forfeit and withdrawal ------------------------------------------------------------------------------
FORFEIT_EVENTS = (
    "round-robin",
    "board-a-match",
    "match-points",
    "swiss",
    "knock-out",
    "pairs-mp",
    "pairs-imp",
    "pairs-match-points",
)
FORFEITING = record(
    {"quote": PROSE},
    optional={
        "vp": number(minimum=0),
        "imp": whole(),
        "tp": whole(),
        "mp": whole(),
        "match_points": whole(),
        "per_board": ONE_LINE,
        "imp_per_board": whole(),
        "result": PROSE,
    },
)
# how the non-forfeiting side's score is found (scripts/penalties/forfeits.py has one branch for each)
FORFEIT_RULES = (
    "max-of-three",
    "per-board",
    "fixed",
    "tie-factor",
    "per-board-text",
    "per-board-imp",
    "lose-match",
    "tie-factor-match-points",
)
NON_FORFEITING = record(
    {"rule": choice(FORFEIT_RULES), "quote": PROSE},
    optional={
        "candidates": list_of(
            record(
                {"name": ONE_LINE, "text": PROSE, "quote": PROSE},
                optional={
                    "factor": number(minimum=0),
                    "cap": number(minimum=0),
                    "only_scale": whole(minimum=1),
                    "minuend": number(minimum=0),
                },
            )
        ),
        "imp_quote": PROSE,
        "mp_per_board": whole(),
        "mp_per_board_half_scale": whole(),
        "tp_per_board": whole(),
        "match_points": whole(),
        "also": WORDS_LIST,
        "factor": number(minimum=0),
        "per_board": ONE_LINE,
        "imp_per_board": whole(),
        "result": PROSE,
    },
)
FORFEIT_EVENT = record(
    {"label": ONE_LINE, "anchor": ANCHOR, "forfeiting": FORFEITING, "non_forfeiting": NON_FORFEITING},
    optional={"reading": PROSE, "other_reading": PROSE, "keeps_playing_quote": PROSE},
)
WITHDRAWAL_EVENT = record(
    {"quote": PROSE, "withdrawing": ONE_LINE},
    optional={
        "withdrawing_imp": whole(),
        "withdrawing_mp": whole(),
        "other": ONE_LINE,
        "other_imp": whole(),
        "other_mp": whole(),
        "other_mp_half_scale": whole(),
        "lose_match": boolean(),
    },
)
FORFEIT = table(
    "forfeit",
    {
        "imp_by_vp": ONE_LINE,
        "tie_vp_25": number(minimum=0),
        "events": record({event: FORFEIT_EVENT for event in FORFEIT_EVENTS}),
        # further consequences the text names (disqualification, discipline, results void), by event
        "consequences": list_of(
            record(
                {
                    "events": list_of(choice(FORFEIT_EVENTS)),
                    "kinds": list_of(choice(("disqualification", "discipline", "void_result"))),
                    "text": PROSE,
                    "quote": PROSE,
                }
            )
        ),
        "withdrawal": record(
            {
                "anchor": ANCHOR,
                "reading": PROSE,
                "consequences": list_of(TEXT_AND_QUOTE),
                "events": map_of(key=choice(FORFEIT_EVENTS), value=WITHDRAWAL_EVENT),
            }
        ),
    },
)

# --- the small tables -------------------------------------------------------------------------------------------
SIDE_SCORE = record({"top_percent": whole(minimum=0), "imp": whole()})
FOULED = table(
    "fouled",
    {
        "teams": record(
            {
                "anchor": ANCHOR,
                "per_board_imp": whole(),
                "quote": PROSE,
                "procedural_quote": PROSE,
                "no_replay_quote": PROSE,
                "whole_match": record(
                    {
                        "replay_quote": PROSE,
                        "offender_factor": number(minimum=0),
                        "quote": PROSE,
                        "reading": PROSE,
                        "non_offender": ONE_LINE,
                    }
                ),
            }
        ),
        "pairs": record(
            {
                "anchor": ANCHOR,
                "quote": PROSE,
                "reading": PROSE,
                "adjustable_quote": PROSE,
                "non_offender": SIDE_SCORE,
                "offender": SIDE_SCORE,
            }
        ),
    },
)
BOUNDS = ("at-most", "exact", "at-least")
ADJUSTED = table(
    "adjusted",
    {
        "anchor": ANCHOR,
        "quote": PROSE,
        "balance_quote": PROSE,
        "reading": PROSE,
        "other_reading": PROSE,
        "bound_words": record({bound: text(empty=True, one_line=True) for bound in BOUNDS}),
        "responsibilities": record(
            {
                who: record(
                    {
                        "score": ONE_LINE,
                        "percent": whole(minimum=0),
                        "bound": choice(BOUNDS),
                        "imp": whole(),
                        "label": ONE_LINE,
                    }
                )
                for who in ("direct", "partial", "none")
            }
        ),
    },
)
SEATS, VULNERABILITIES = ("N", "E", "S", "W"), ("None", "NS", "EW", "All")
BOARD = table(
    "board",
    {
        "quote": PROSE,
        "cycle": whole(minimum=1),
        "notice": PROSE,
        "dealers": list_of(choice(SEATS), min_items=4, max_items=4),
        "vulnerabilities": list_of(choice(VULNERABILITIES), min_items=4, max_items=4),
        "dealer_labels": record({seat: ONE_LINE for seat in SEATS}),
        "vulnerability_labels": record({v: ONE_LINE for v in VULNERABILITIES}),
    },
)
CARRY_OVER = table(
    "carry-over",
    {
        "source_lines": list_of(ONE_LINE),
        "notice": PROSE,
        "precision_quote": PROSE,
        "variables": list_of(record({"name": ONE_LINE, "text": ONE_LINE, "quote": PROSE})),
    },
)
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
