"""The schemas of the scoring tables under rulebook_src/scoring/ (规则第77条's duplicate scores, 第78条B's IMP scale):
closed records of the numbers the `score` and `imps` calculators read, each file with where its figures were read.
What the numbers must mean together (complete, monotone, contiguous) is checked by scripts/penalties/duplicate_tables.py
when the penalty data is made."""

from __future__ import annotations

from scripts.curated.models import any_of, list_of, null, record, whole
from scripts.curated.penalty_files import ONE_LINE, PROSE, table

STRAINS = ("C", "D", "H", "S", "NT")
DOUBLINGS = ("none", "X", "XX")
POINTS = whole(minimum=0)
BY_VULNERABILITY = list_of(POINTS, min_items=2, max_items=2)  # [not vulnerable, vulnerable]
UNDERTRICKS = record({"first": BY_VULNERABILITY, "second_third": BY_VULNERABILITY, "fourth_on": BY_VULNERABILITY})
DUPLICATE_SCORE = table(
    "score",
    {
        "read_at": ONE_LINE,
        "notice": PROSE,
        "multipliers": record({d: whole(minimum=1) for d in DOUBLINGS}),
        "trick_score": record({s: list_of(POINTS, min_items=2, max_items=2) for s in STRAINS}),
        "game_from": whole(minimum=1),
        "bonuses": record(
            {
                "part_score": BY_VULNERABILITY,
                "game": BY_VULNERABILITY,
                "small_slam": BY_VULNERABILITY,
                "grand_slam": BY_VULNERABILITY,
                "insult": record({"X": BY_VULNERABILITY, "XX": BY_VULNERABILITY}),
            }
        ),
        "overtricks": record({"X": BY_VULNERABILITY, "XX": BY_VULNERABILITY}),
        "undertricks": record({d: UNDERTRICKS for d in DOUBLINGS}),
    },
)
IMP_STEP = list_of(any_of((POINTS, null())), min_items=3, max_items=3)  # [from, to (null: and more), IMPs]
IMP_SCALE = table("imps", {"read_at": list_of(ONE_LINE), "notice": PROSE, "steps": list_of(IMP_STEP, min_items=2)})
SCORING_SCHEMAS = {"scoring/duplicate_score.yml": DUPLICATE_SCORE, "scoring/imp_scale.yml": IMP_SCALE}
