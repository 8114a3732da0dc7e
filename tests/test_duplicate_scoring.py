"""规则第77条 scores and 第78条B IMPs (scripts/penalties/duplicate.py over rulebook_src/scoring/): score vectors
worked out by hand from the WBF scoring table, every step boundary of the IMP scale, the tables' checks, the command
line, and calculators.js in node agreeing with the Python rule over the whole grid of contracts and differences."""

from __future__ import annotations

import itertools
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from penalty_data import PENALTIES, PENALTY_TEXTS, penalties_with
from scripts.errors import PenaltyTableError
from scripts.paths import ROOT
from scripts.penalties import PenaltyInputError, calculate
from scripts.penalties.__main__ import main
from scripts.penalties.export import plan_script, widget_data_text

NODE = shutil.which("node") or shutil.which("nodejs")
IMP_SCALE = "scoring/imp_scale.yml"
SCORE_TABLE = "scoring/duplicate_score.yml"

# (level, strain, double, vulnerable, tricks) → the declaring side's score
VECTORS = [
    ((4, "H", "none", "yes", 10), 620),  # game, vulnerable
    ((3, "NT", "none", "no", 10), 430),  # game and an overtrick
    ((1, "NT", "X", "no", 7), 180),  # doubled part score: 80 + 50 + 50
    ((6, "S", "none", "yes", 12), 1430),  # small slam, vulnerable
    ((7, "NT", "XX", "yes", 13), 2980),  # grand slam redoubled, vulnerable
    ((3, "C", "X", "yes", 6), -800),  # three down doubled, vulnerable
    ((1, "C", "none", "no", 7), 70),  # the smallest part score
    ((2, "D", "none", "no", 8), 90),
    ((3, "NT", "none", "no", 9), 400),
    ((3, "NT", "none", "yes", 9), 600),
    ((4, "S", "none", "no", 10), 420),
    ((5, "C", "none", "yes", 11), 600),  # minor-suit game
    ((5, "D", "none", "no", 11), 400),
    ((6, "NT", "none", "no", 12), 990),
    ((7, "C", "none", "yes", 13), 2140),  # grand slam, vulnerable: 140 + 500 + 1500
    ((7, "S", "none", "no", 13), 1510),
    ((6, "D", "X", "yes", 12), 1540),  # doubled small slam: 240 + 500 + 750 + 50
    ((2, "H", "X", "no", 8), 470),  # doubled into game: 120 + 300 + 50
    ((1, "S", "XX", "yes", 7), 720),  # redoubled into game: 120 + 500 + 100
    ((2, "C", "XX", "no", 8), 560),  # 160 + 300 + 100
    ((2, "C", "X", "no", 8), 180),  # 80: still a part score
    ((4, "H", "X", "yes", 11), 990),  # doubled overtrick, vulnerable: 240 + 500 + 50 + 200
    ((1, "NT", "XX", "no", 9), 960),  # two redoubled overtricks: 160 + 300 + 100 + 2 × 200
    ((3, "NT", "none", "no", 12), 490),  # three undoubled overtricks at NT: 30 each
    ((1, "H", "none", "no", 13), 260),  # six overtricks in a part score: 30 + 50 + 6 × 30
    ((4, "S", "none", "no", 9), -50),  # undoubled undertricks, each step
    ((4, "S", "none", "no", 7), -150),
    ((4, "S", "none", "yes", 7), -300),
    ((4, "S", "X", "no", 9), -100),  # doubled, not vulnerable: 100, 300, 500, 800, 1100
    ((4, "S", "X", "no", 8), -300),
    ((4, "S", "X", "no", 7), -500),
    ((4, "S", "X", "no", 6), -800),
    ((4, "S", "X", "no", 5), -1100),
    ((4, "S", "X", "yes", 9), -200),  # doubled, vulnerable: 200, 500, 800, 1100
    ((4, "S", "X", "yes", 8), -500),
    ((4, "S", "X", "yes", 6), -1100),
    ((4, "S", "XX", "no", 9), -200),  # redoubled, not vulnerable: 200, 600, 1000, 1600
    ((4, "S", "XX", "no", 8), -600),
    ((4, "S", "XX", "no", 7), -1000),
    ((4, "S", "XX", "no", 6), -1600),
    ((4, "S", "XX", "yes", 9), -400),  # redoubled, vulnerable: 400, 1000, 1600, 2200
    ((4, "S", "XX", "yes", 8), -1000),
    ((4, "S", "XX", "yes", 6), -2200),
    ((7, "NT", "XX", "yes", 0), -7600),  # the most a contract can lose: thirteen down
]


def score_of(level, strain, double, vulnerable, tricks) -> dict:
    return calculate(
        PENALTIES, "score", level=str(level), strain=strain, double=double, vulnerable=vulnerable, tricks=str(tricks)
    )


@pytest.mark.parametrize("contract, expected", VECTORS, ids=[f"{c[0]}{c[1]}{c[2]}-{c[3]}-{c[4]}" for c, _ in VECTORS])
def test_score_vector(contract, expected):
    result = score_of(*contract)
    assert result["score"] == expected
    assert sum(result["parts"].values()) == expected
    assert f"定约方{'得' if expected > 0 else ''}{expected}分" in result["headline"]


def test_parts_are_shown():
    result = score_of(4, "H", "X", "yes", 11)
    assert result["parts"] == {
        "trick_score": 240,
        "bonus": 500,
        "slam_bonus": 0,
        "insult": 50,
        "overtricks": 200,
        "undertricks": 0,
    }
    assert result["breakdown"] == "定约墩分 240；成局奖分 500；完成加倍定约奖分 50；超额1墩 1×200＝200"
    assert result["subject"] == "4♥加倍，定约方有局，赢得11墩"
    assert score_of(6, "S", "none", "yes", 12)["breakdown"] == "定约墩分 180；成局奖分 500；小满贯奖分 750"
    assert score_of(2, "D", "none", "no", 8)["breakdown"] == "定约墩分 40；部分定约奖分 50"
    down = score_of(3, "C", "X", "yes", 6)
    assert down["breakdown"] == "宕3墩罚分 200＋300＋300＝800" and down["parts"]["undertricks"] == -800
    assert down["headline"] == "宕3墩：定约方-800分，防守方得800分"
    assert "WBF" in down["source"] and "1997、2007、2017" in down["source"]


STEPS = PENALTIES.tables["imp_scale"]["steps"]


def imps_of(**inputs) -> int:
    return calculate(PENALTIES, "imps", **{k: str(v) for k, v in inputs.items()})["imps"]


@pytest.mark.parametrize("low, high, imps", STEPS, ids=[f"{s[2]}IMP" for s in STEPS])
def test_every_boundary_of_the_imp_scale(low, high, imps):
    """Each step's ends, both signs, and the point just below it (the step before)."""
    for difference in (low, high) if high is not None else (low, low + 10000):
        assert imps_of(difference=difference) == imps
        assert imps_of(difference=-difference) == -imps
    if low:
        assert imps_of(difference=low - 10) == imps - 1
        assert imps_of(difference=low - 1) == imps - 1  # no score differs by less than 10 from another: lower step


def test_imp_scale_figures():
    """The scale as printed in Law 78B, spot-checked against the file, and the two tables' form."""
    assert [imps_of(difference=d) for d in (0, 10, 20, 40, 50, 90, 130, 170, 220, 270, 320, 370, 430)] == [
        0,
        0,
        1,
        1,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        9,
        10,
    ]
    assert [imps_of(difference=d) for d in (500, 600, 750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500)] == list(
        range(11, 22)
    )
    assert [imps_of(difference=d) for d in (3000, 3500, 3990, 4000, 20000)] == [22, 23, 23, 24, 24]
    assert imps_of(open=620, closed=650) == -1 and imps_of(open=620, closed=-100) == 12
    result = calculate(PENALTIES, "imps", open="-1430", closed="-1430")
    assert result["imps"] == 0 and result["difference"] == 0 and "开室坐南北的队" in result["reading"]
    assert calculate(PENALTIES, "imps", difference="-30")["headline"] == "-1IMP（分差20—40分）"


def test_imps_takes_one_form():
    with pytest.raises(PenaltyInputError, match="只填一种"):
        calculate(PENALTIES, "imps", difference="30", open="620")
    with pytest.raises(PenaltyInputError, match=r"--closed（闭室南北得分）：请填写"):
        calculate(PENALTIES, "imps", open="620")
    with pytest.raises(PenaltyInputError, match=r"--difference（分差）：请填写"):
        calculate(PENALTIES, "imps")


@pytest.mark.parametrize(
    "argv, message",
    [
        (["score", "--level", "8", "--strain", "H", "--tricks", "9"], "--level（定约阶数）：不能大于7"),
        (["score", "--level", "4", "--strain", "Z", "--tricks", "9"], "--strain（花色）：应为以下之一"),
        (["score", "--level", "4", "--strain", "H", "--double", "XXX", "--tricks", "9"], "--double（加倍）"),
        (
            ["score", "--level", "4", "--strain", "H", "--vulnerable", "maybe", "--tricks", "9"],
            "--vulnerable（定约方局况）",
        ),
        (["score", "--level", "4", "--strain", "H", "--tricks", "14"], "--tricks（定约方赢得的墩数）：不能大于13"),
        (["imps", "--difference", "12.5"], "--difference（分差）：应为数字"),
        (["imps", "--difference", "30", "--closed", "650"], "--difference（分差）：分差与两桌得分只填一种"),
    ],
)
def test_command_line_errors_are_chinese_and_name_the_option(capsys, argv, message):
    assert main(argv, PENALTIES) == 2
    assert message in capsys.readouterr().err


def test_command_line_wants_the_tricks(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["score", "--level", "4", "--strain", "H"], PENALTIES)
    assert stopped.value.code == 2 and "缺少必填的选项：--tricks" in capsys.readouterr().err


def test_command_line_prints_the_score_and_its_parts(capsys):
    argv = ["score", "--level", "7", "--strain", "NT", "--double", "XX", "--vulnerable", "yes", "--tricks", "13"]
    assert main(argv, PENALTIES) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["score"] == 2980 and printed["parts"]["slam_bonus"] == 1500 and printed["parts"]["insult"] == 100
    assert main(["imps", "--difference", "4000"], PENALTIES) == 0
    assert json.loads(capsys.readouterr().out)["imps"] == 24


def edited(path: str, old: str, new: str) -> str:
    assert old in PENALTY_TEXTS[path]
    return PENALTY_TEXTS[path].replace(old, new, 1)


@pytest.mark.parametrize(
    "path, old, new, message",
    [
        (IMP_SCALE, "[50, 80, 2]", "[60, 80, 2]", r"imp_scale.yml:\d+: the step must start at 50"),
        (IMP_SCALE, "[90, 120, 3]", "[90, 120, 4]", r"imp_scale.yml:\d+: step 3 must be worth 3 IMP"),
        (IMP_SCALE, "[4000, null, 24]", "[4000, 4990, 24]", r"imp_scale.yml:\d+: only the last step is open"),
        (IMP_SCALE, "  - [4000, null, 24]\n", "", r"imp_scale.yml:\d+: only the last step is open"),
        (SCORE_TABLE, "game: [300, 500]", "game: [500, 300]", r"duplicate_score.yml:\d+: vulnerable is below"),
        (SCORE_TABLE, "second_third: [200, 300]", "second_third: [50, 300]", r"duplicate_score.yml:\d+: an undertrick"),
        (SCORE_TABLE, "H: [30, 30]", "H: [30, 35]", r"duplicate_score.yml:\d+: .*not a multiple of 10"),
        (
            SCORE_TABLE,
            "none: {first: [50, 100], second_third: [50, 100], fourth_on: [50, 100]}",
            "none: {first: [0, 100], second_third: [0, 100], fourth_on: [0, 100]}",
            r"duplicate_score.yml:\d+: 1C none vulnerable=False: score: 0 comes after 0",
        ),
        (SCORE_TABLE, ", NT: [40, 30]", "", r"duplicate_score.yml:\d+: .*NT"),
    ],
)
def test_a_faulty_table_stops_naming_its_line(path, old, new, message):
    with pytest.raises(Exception, match=message) as caught:
        penalties_with({path: edited(path, old, new)})
    assert isinstance(caught.value, PenaltyTableError) or "NT" in message


def grid() -> list[tuple[str, dict]]:
    """Every contract, vulnerability and number of tricks, and the IMP differences of the scale's range in steps of
    10 with both ends of every step, the two tables' form, and the inputs the rule refuses."""
    cases = [
        ("score", {"level": str(level), "strain": s, "double": d, "vulnerable": v, "tricks": str(t)})
        for level, s, d, v, t in itertools.product(
            range(1, 8), ["C", "D", "H", "S", "NT"], ["none", "X", "XX"], ["no", "yes"], range(14)
        )
    ]
    cases += [("score", {"level": "4", "strain": "H", "tricks": t}) for t in ("-1", "14", "x", "１０", "", "9.5")]
    differences = set(range(-5000, 5001, 10)) | {x for s in STEPS for x in s[:2] if x is not None}
    differences |= {-x for x in differences} | {15, -15, 45, 19999, -20000}
    cases += [("imps", {"difference": str(d)}) for d in sorted(differences)]
    cases += [
        ("imps", {"open": str(o), "closed": str(c)}) for o in (-1430, -100, 0, 620, 2980) for c in (-650, 50, 620)
    ]
    cases += [
        ("imps", raw) for raw in ({}, {"open": "620"}, {"difference": "30", "closed": "1"}, {"difference": "1e3"})
    ]
    return cases


def python_engine(name: str, inputs: dict) -> dict:
    try:
        return json.loads(json.dumps(calculate(PENALTIES, name, **inputs)))
    except PenaltyInputError as error:
        return {"error": str(error)}


# Slow tier (about 2.5 s of node and 0.7 s of Python): every one of the 2,940 results and of the scale's 2,000 odd
# differences; the fast tier's engines-agree grid (test_penalty_engines_agree.py) runs both calculators in node over
# every choice and the samples of each number (about 640 cases).
@pytest.mark.slow
@pytest.mark.skipif(NODE is None, reason="node is not installed (Debian: apt-get install nodejs)")
def test_widget_engine_agrees_with_the_python_rule_over_every_contract(tmp_path):
    """docs/assets/penalties/calculators.js in node, fed the plans the build writes for the two calculators."""
    cases = grid()
    (tmp_path / "data.js").write_text(widget_data_text(PENALTIES), encoding="utf-8")
    (tmp_path / "cases.json").write_text(json.dumps(cases, ensure_ascii=False), encoding="utf-8")
    plans = []
    for name in ("score", "imps"):
        plans.append(tmp_path / f"{name}.js")
        plans[-1].write_text(plan_script(PENALTIES, name, {}), encoding="utf-8")
    harness = Path(__file__).with_name("penalty_engine_node.js")
    engine = ROOT / "docs/assets/penalties/calculators.js"
    completed = subprocess.run(
        [NODE, str(harness), str(tmp_path / "data.js"), str(engine), str(tmp_path / "cases.json"), *map(str, plans)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    got = json.loads(completed.stdout)
    assert len(got) == len(cases) > 2940 + 1000
    mismatches = [(case, want, have) for case, have in zip(cases, got) if (want := python_engine(*case)) != have]
    assert not mismatches, f"{len(mismatches)} of {len(cases)} differ, first: {mismatches[0]}"
    scores = [r["score"] for r in got[:2940]]  # the whole grid of contracts comes first
    # the most: 1NT redoubled vulnerable with six overtricks; the least: 7NT redoubled vulnerable, thirteen down
    assert max(scores) == 3160 and min(scores) == -7600
    assert scores[:14] == [-350 + 50 * t for t in range(7)] + [70 + 20 * over for over in range(7)]  # 1♣, 0–13 tricks
