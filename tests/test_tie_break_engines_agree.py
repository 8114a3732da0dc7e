"""The 第45条 sheet's walk in the browser (docs/assets/penalties/tie_break.js, run in node) agrees with the Python
engine (scripts/penalties/tie_break.py) over a grid of teams' figures: ties, near ties that round alike, decimals,
full-width digits, zeros, blanks and bad input; in the fast tier."""

from __future__ import annotations

import itertools
import json
import subprocess
from pathlib import Path


from scripts.paths import ROOT
from scripts.penalties import PenaltyInputError
from scripts.penalties.export import widget_data_text
from scripts.penalties.tie_break import event_figures, sheet_of, tie_break
from penalty_data import PENALTIES

# values a figure takes in the grid: equal and near values, one that rounds alike at 4 places, blanks and bad ones
VALUES = ["300", "300", "10001", "10000", "12.5", "０", "0", "", "301", "7.0001", "-1", "abc", 5, None]


# what a team got in a match against another (3 or more teams in a round robin): wins, draws, losses, blanks, bad ones
MATCH_VALUES = ["15", "15", "18", "12", "10", "20", "15", "", "x", None]


def grid() -> list[tuple[str, list]]:
    sheet = sheet_of(PENALTIES)
    cases: list[tuple[str, list]] = []
    for event, spec in sheet["events"].items():
        figures = event_figures(sheet, event)
        low = spec.get("min_teams", 2)
        for count in sorted({low, low + 1, min(spec["max_teams"] + 1, low + 2)}):
            for shift in range(60 if count <= spec["max_teams"] else 3):
                teams = []
                for index in range(count):
                    team: dict = {"name": f"第{index + 1}队"}
                    for position, figure in enumerate(figures):
                        # mostly equal across teams (so the walk goes deep), now and then one team differs
                        pick = (shift * (position + 1) + (index * shift // 7)) % len(VALUES) if shift % 3 else position
                        value = VALUES[pick % 4] if shift % 5 else VALUES[pick]
                        if value is not None:
                            team[figure] = value
                    if "restart" in spec:
                        team["matches"] = grid_matches(sheet, index, count, shift)
                    teams.append(team)
                cases.append((event, teams))
    odd = [
        ("round-robin", [{"name": "甲"}]),
        ("round-robin", [{"name": "甲"}, {"name": "甲 "}]),
        ("round-robin", [{"name": ""}, {"name": "乙"}]),
        ("round-robin", [{"name": "甲" * 21}, {"name": "乙"}]),
        ("round-robin", [{"name": "甲", "rounds_won": "1"}, {"name": "乙"}]),
        ("round-robin", [{"name": "甲", "rounds_won": ""}, {"name": "乙", "imp_won": "1", "imp_lost": "0"}]),
        ("round-robin", [{"name": "甲", "nope": "1"}, {"name": "乙"}]),
        ("swiss", [{"name": f"{n}队"} for n in range(13)]),
        ("pairs", [{"name": "甲"}, {"name": "乙"}]),
        ("round-robin-3", [{"name": "甲", "matches": []}, {"name": "乙"}, {"name": "丙"}]),
        ("round-robin-3", [{"name": "甲", "matches": {"乙": 1}}, {"name": "乙"}, {"name": "丙"}]),
        ("round-robin-3", [{"name": "甲", "matches": {"甲": {}}}, {"name": "乙"}, {"name": "丙"}]),
        ("round-robin-3", [{"name": "甲", "matches": {"乙": {"vp": "1", "x": 1}}}, {"name": "乙"}, {"name": "丙"}]),
        ("round-robin-3", [{"name": "甲", "matches": {"乙": {"tp": True}}}, {"name": "乙"}, {"name": "丙"}]),
        # two bad figures of one match: the first in the data's order (VP, IMP, TP) is named, whatever the JSON's
        (
            "round-robin-3",
            [{"name": "甲", "matches": {"乙": {"tp": "y", "imp": "z", "vp": "x"}}}, {"name": "乙"}, {"name": "丙"}],
        ),
        ("swiss", [{"name": "甲", "matches": {}}, {"name": "乙"}]),
        ("knock-out", [{"name": "甲", "total_tp": True}, {"name": "乙"}]),
        ("knock-out", [{"name": "甲", "total_tp": "１２３４"}, {"name": "乙", "total_tp": "1234。5"}]),
        ("knock-out", [{"name": "甲", "total_tp": "999999999.0001"}, {"name": "乙", "total_tp": "1"}]),
        (
            "swiss",
            [
                {
                    "name": "甲",
                    "match_vp": "1",
                    "match_imp": "1",
                    "rounds_won": "1",
                    "opponents_vp": "1",
                    "rounds_played": "0",
                },
                {
                    "name": "乙",
                    "match_vp": "1",
                    "match_imp": "1",
                    "rounds_won": "1",
                    "opponents_vp": "1",
                    "rounds_played": "3",
                },
            ],
        ),
    ]
    for a, b in itertools.product(["0", "1", "2"], repeat=2):
        odd.append(
            ("round-robin", [{"name": "甲", "imp_won": a, "imp_lost": b}, {"name": "乙", "imp_won": b, "imp_lost": a}])
        )
    return cases + odd


def grid_matches(sheet: dict, index: int, count: int, shift: int) -> dict:
    """What team `index` got against each other team: a win, draw or loss by VP (blank or bad now and then), and the
    IMP and TP of the match, equal more often than not so that the two-team steps are reached."""
    matches = {}
    for other in range(count):
        if other == index:
            continue
        low, high = min(index, other), max(index, other)
        pick = (shift + low * 3 + high * 5) % (len(MATCH_VALUES) if shift % 4 == 0 else 7)
        vp = (
            MATCH_VALUES[pick]
            if index == low
            else str(30 - int(MATCH_VALUES[pick]))
            if pick < 7
            else MATCH_VALUES[pick]
        )
        match = {"vp": vp, "imp": str(40 + (shift % 3) * (index - other)), "tp": "500" if shift % 2 else None}
        matches[f"第{other + 1}队"] = {key: value for key, value in match.items() if value is not None}
    return matches


def python_walk(event: str, teams: list) -> dict:
    try:
        return json.loads(json.dumps(tie_break(PENALTIES, event, teams), ensure_ascii=False))
    except PenaltyInputError as error:
        return {"error": str(error)}


def test_javascript_walk_agrees_with_python_over_the_grid(tmp_path, node):
    cases = grid()
    (tmp_path / "data.js").write_text(widget_data_text(PENALTIES), encoding="utf-8")
    (tmp_path / "cases.json").write_text(json.dumps(cases, ensure_ascii=False), encoding="utf-8")
    completed = subprocess.run(
        [
            node,
            str(Path(__file__).with_name("tie_break_node.js")),
            str(tmp_path / "data.js"),
            str(ROOT / "docs/assets/penalties/calculators.js"),
            str(ROOT / "docs/assets/penalties/tie_break.js"),
            str(tmp_path / "cases.json"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    got = json.loads(completed.stdout)
    wanted = [python_walk(*case) for case in cases]
    assert len(got) == len(cases) > 300
    outcomes = {step["outcome"] for result in wanted for step in result.get("steps", [])}
    assert outcomes == {"equal", "separates", "playoff", "missing"}, outcomes  # the grid reaches every kind of step
    assert sum("error" in result for result in wanted) < len(wanted) / 2
    # the ties of 3 or more teams: each match-record clause and a net figure set a team apart somewhere in the grid,
    # and the teams left tied start again at 一1 (restart)
    separating = {
        (case[0], step["anchor"])
        for case, result in zip(cases, wanted)
        for step in result.get("steps", [])
        if step["outcome"] == "separates"
    }
    for anchor in ("一-2-2", "一-2-3", "一-2-4", "一-1-2"):
        assert ("round-robin-3", anchor) in separating, anchor
    for anchor in ("一-3-1", "一-3-2", "一-2-5-2"):
        assert ("round-robin-more", anchor) in separating, anchor
    mismatches = [(case, want, have) for case, want, have in zip(cases, wanted, got) if want != have]
    assert not mismatches, f"{len(mismatches)} of {len(cases)} differ, first: {mismatches[0]}"
