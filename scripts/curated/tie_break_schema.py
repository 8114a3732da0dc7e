"""The schema of rulebook_src/penalties/tie_break.yml: 第45条's IMP/TP ratios (the tie-ratio calculator) and the
同分名次表's sequences (scripts/penalties/tie_break.py walks them); penalty_table_files.py maps the file to it."""

from __future__ import annotations

from scripts.curated.models import any_of, boolean, choice, list_of, map_of, record, text, whole
from scripts.curated.penalty_files import ANCHOR, ARTICLE, ONE_LINE, PROSE, table

# 第45条's sequences for the tie-break sheet: each step compares a figure (`more`), a ratio of two (`ratio`), their
# difference (`net`), the tied teams' matches against each other (`record`), or is what the text orders once the
# figures are equal (`playoff`); scripts/penalties/tie_break.py walks them
TIE_BREAK_FIGURE = map_of(record({"label": ONE_LINE}), key=text(one_line=True, pattern="[a-z_]+", form="a name"))
TIE_BREAK_STEP = any_of(
    (
        record({"anchor": ANCHOR, "compare": choice(("more",)), "figure": ONE_LINE, "label": ONE_LINE, "quote": PROSE}),
        record(
            {
                "anchor": ANCHOR,
                "compare": choice(("ratio",)),
                "won": ONE_LINE,
                "lost": ONE_LINE,
                "label": ONE_LINE,
                "quote": PROSE,
            },
            optional={"zero": choice(("highest",))},  # a lost of 0 ranks first (else the ratio is refused)
        ),
        record({"anchor": ANCHOR, "compare": choice(("playoff",)), "label": ONE_LINE, "quote": PROSE}),
        # won − lost, the larger first (净胜分)
        record(
            {"anchor": ANCHOR, "compare": choice(("net",)), "won": ONE_LINE, "lost": ONE_LINE, "label": ONE_LINE},
            optional={"quote": PROSE},
        ),
        # the teams' matches against each other: the one team that fits a condition is placed first or last
        record(
            {
                "anchor": ANCHOR,
                "compare": choice(("record",)),
                "place": choice(("first", "last")),
                "fits": list_of(
                    record(
                        {},
                        optional={
                            count: any_of((whole(minimum=0), choice(("all",)))) for count in ("wins", "draws", "losses")
                        }
                        | {"only": boolean()},  # the only team that fits this condition
                        nonempty=True,
                    )
                ),
                "label": ONE_LINE,
                "quote": PROSE,
            }
        ),
    )
)
TIE_BREAK_EVENT = record(
    {
        "label": ONE_LINE,
        "anchor": ANCHOR,
        "max_teams": whole(minimum=2),
        "beyond": PROSE,
        "steps": list_of(TIE_BREAK_STEP),
    },
    optional={
        "quote": PROSE,
        "min_teams": whole(minimum=2),
        "fewer": PROSE,  # the refusal of fewer than min_teams
        # the events the teams still tied start again at, by their number (3 or more teams: mutual matches)
        "restart": list_of(ONE_LINE),
        "reading": PROSE,
        "other_reading": PROSE,
    },
)
TIE_BREAK_SHEET_WORDS = (
    "subject ratio_value ratio_repeating ratio_infinite team_value equal separates playoff playoff_then missing need"
    " decided undecided order_joiner tie_joiner list_joiner value_joiner teams_label not_list too_few no_name long_name"
    " same_name unknown_figure other_event bad_figure zero_ratio unknown_event need_match net_value record_value"
    " none_fits no_matches bad_matches unknown_opponent unknown_match_figure"
).split()
TIE_BREAK_EVENTS = ("round-robin", "round-robin-3", "round-robin-more", "knock-out", "swiss")
TIE_BREAK_SHEET = record(
    {
        "page": ARTICLE,
        "title": ONE_LINE,
        "figures": TIE_BREAK_FIGURE,
        "match_figures": record({key: record({"label": ONE_LINE, "figure": ONE_LINE}) for key in ("vp", "imp", "tp")}),
        "events": record({event: TIE_BREAK_EVENT for event in TIE_BREAK_EVENTS}),
        "words": record({word: ONE_LINE for word in TIE_BREAK_SHEET_WORDS}),
        "reading": PROSE,
        "other_reading": PROSE,
    }
)
TIE_BREAK = table(
    "tie-ratio",
    {
        "decimals": whole(minimum=0),
        "reading": PROSE,
        "other_reading": PROSE,
        "kinds": record(
            {
                kind: record({"label": ONE_LINE, "anchor": ANCHOR, "formula": ONE_LINE, "quote": PROSE})
                for kind in ("imp", "tp")
            }
        ),
        "sheet": TIE_BREAK_SHEET,
    },
)
