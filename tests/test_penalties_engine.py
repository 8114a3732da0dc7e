"""The penalty engine against the bands and ladders of the tables (rulebook_src/penalties/), boundary by boundary and
step by step: the expected amounts are read from the table rows (from_table, from_ladder), not copied here."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from scripts.penalties import PenaltyInputError, calculate
from penalty_data import PENALTIES


def penalty(
    warning=None, vp=None, imp=None, top=None, rng=None, committee=None, forfeit=None, stop=False, disq=None, void=None
):
    return {
        "warning": warning,
        "vp": vp,
        "imp": imp,
        "top_percent": top,
        "range": rng,
        "committee": committee,
        "forfeit": forfeit,
        "stop_play": stop,
        "disqualification": disq,
        "void_result": void,
    }


def rng(unit, low, high):
    return {"unit": unit, "min": low, "max": high}


NONE = penalty()


def minutes_value(text: str) -> Fraction:
    """12, 12.5 or 12:30 as a number of minutes."""
    whole, _, seconds = text.partition(":")
    return Fraction(whole) + Fraction(seconds or 0) / 60


def from_table(table: str, event: str, band: str | None, minutes: str, repeat: bool = False) -> dict:
    """The penalty band `band`'s row of rulebook_src/penalties/<table>.yml states (its `repeat` amounts for a repeat
    offence, a per-minute amount worked out from its base and start): the table is the authority, not a copy here."""
    if band is None:
        return NONE
    row = next(row for row in PENALTIES.tables[table]["events"][event]["bands"] if row["band"] == band)
    amounts = row["repeat"] if repeat and "repeat" in row else row
    expected = {**NONE, **{key: amounts[key] for key in NONE if key in amounts}}
    if "per_minute" in amounts:
        step = amounts["per_minute"]
        expected[step["unit"]] = step["base"] + math.ceil(minutes_value(minutes) - step["over"])
    return expected


# (event, minutes, repeat, the band it falls in): the penalty expected is read from the band's row (from_table)
LATENESS = [
    ("teams-vp", "0", False, None),
    ("teams-vp", "0:01", False, "迟到0+—5分钟"),
    ("teams-vp", "5", False, "迟到0+—5分钟"),
    ("teams-vp", "5:00", False, "迟到0+—5分钟"),
    ("teams-vp", "5:01", False, "迟到5+—10分钟"),
    ("teams-vp", "5.0001", False, "迟到5+—10分钟"),
    ("teams-vp", "5:30", False, "迟到5+—10分钟"),
    ("teams-vp", "10", False, "迟到5+—10分钟"),
    ("teams-vp", "10:01", False, "迟到10+—15分钟"),
    ("teams-vp", "15", False, "迟到10+—15分钟"),
    ("teams-vp", "15:01", False, "迟到15+—20分钟"),
    ("teams-vp", "20", False, "迟到15+—20分钟"),
    ("teams-vp", "20:01", False, "迟到20+—25分钟"),
    ("teams-vp", "25", False, "迟到20+—25分钟"),
    ("teams-vp", "25:01", False, "迟到25分钟以上"),
    ("teams-vp", "120", False, "迟到25分钟以上"),
    ("teams-vp", "3", True, "迟到0+—5分钟"),
    ("teams-vp", "5", True, "迟到0+—5分钟"),
    ("teams-vp", "12", True, "迟到10+—15分钟"),
    ("teams-ko", "5", False, "迟到0+—5分钟"),
    ("teams-ko", "5:01", False, "迟到5+—25分钟"),
    ("teams-ko", "5:30", False, "迟到5+—25分钟"),
    ("teams-ko", "6", False, "迟到5+—25分钟"),
    ("teams-ko", "6:01", False, "迟到5+—25分钟"),
    ("teams-ko", "12", False, "迟到5+—25分钟"),
    ("teams-ko", "24:59", False, "迟到5+—25分钟"),
    ("teams-ko", "25", False, "迟到5+—25分钟"),
    ("teams-ko", "25:01", False, "迟到25分钟以上"),
    ("teams-ko", "4", True, "迟到0+—5分钟"),
    ("pairs-mp", "5", False, "迟到0+—5分钟"),
    ("pairs-mp", "2", True, "迟到0+—5分钟"),
    ("pairs-mp", "5:01", False, "迟到5+—10分钟"),
    ("pairs-mp", "10", False, "迟到5+—10分钟"),
    ("pairs-mp", "10:01", False, "迟到10+—15分钟"),
    ("pairs-mp", "15", False, "迟到10+—15分钟"),
    ("pairs-mp", "15:01", False, "迟到15+—20分钟"),
    ("pairs-mp", "20", False, "迟到15+—20分钟"),
    ("pairs-mp", "20:01", False, "迟到20分钟以上"),
    ("pairs-imp", "5", False, "迟到0+—5分钟"),
    ("pairs-imp", "4:59", True, "迟到0+—5分钟"),
    ("pairs-imp", "5:01", False, "迟到5+—10分钟"),
    ("pairs-imp", "10", False, "迟到5+—10分钟"),
    ("pairs-imp", "12", False, "迟到10+—15分钟"),
    ("pairs-imp", "15", False, "迟到10+—15分钟"),
    ("pairs-imp", "15:01", False, "迟到15+—20分钟"),
    ("pairs-imp", "20", False, "迟到15+—20分钟"),
    ("pairs-imp", "20:01", False, "迟到20分钟以上"),
]


@pytest.mark.parametrize("event, minutes, repeat, band", LATENESS)
def test_lateness_bands(event, minutes, repeat, band):
    result = calculate(PENALTIES, "lateness", event=event, minutes=minutes, repeat=repeat)
    assert (result["penalty"], result["band"]) == (from_table("lateness", event, band, minutes, repeat), band)
    assert result["article"] == "regulations/26"


SLOW_PLAY = [
    ("teams-vp", "0:10", "超时0+—5分钟"),
    ("teams-vp", "5", "超时0+—5分钟"),
    ("teams-vp", "5:01", "超时5+—10分钟"),
    ("teams-vp", "10", "超时5+—10分钟"),
    ("teams-vp", "10:01", "超时10+—15分钟"),
    ("teams-vp", "15", "超时10+—15分钟"),
    ("teams-vp", "15:01", "超时15+—20分钟"),
    ("teams-vp", "20", "超时15+—20分钟"),
    ("teams-vp", "20:01", "超时20+—25分钟"),
    ("teams-vp", "25", "超时20+—25分钟"),
    ("teams-vp", "25:01", "超时25分钟以上"),
    ("teams-ko", "0:01", "超时0+—25分钟"),
    ("teams-ko", "1", "超时0+—25分钟"),
    ("teams-ko", "1:01", "超时0+—25分钟"),
    ("teams-ko", "25", "超时0+—25分钟"),
    ("teams-ko", "25:01", "超时25分钟以上"),
    ("pairs-mp", "2", "超时0+—2分钟"),
    ("pairs-mp", "2:01", "超时2+—5分钟"),
    ("pairs-mp", "5", "超时2+—5分钟"),
    ("pairs-mp", "5:01", "超时5+—10分钟"),
    ("pairs-mp", "10", "超时5+—10分钟"),
    ("pairs-mp", "10:01", "超时10分钟以上"),
    ("pairs-imp", "2", "超时0+—2分钟"),
    ("pairs-imp", "2:01", "超时2+—5分钟"),
    ("pairs-imp", "5", "超时2+—5分钟"),
    ("pairs-imp", "5:01", "超时5+—10分钟"),
    ("pairs-imp", "10", "超时5+—10分钟"),
    ("pairs-imp", "10:01", "超时10分钟以上"),
]


@pytest.mark.parametrize("event, minutes, band", SLOW_PLAY)
def test_slow_play_bands(event, minutes, band):
    result = calculate(PENALTIES, "slow-play", event=event, minutes=minutes)
    assert (result["penalty"], result["band"]) == (from_table("slow_play", event, band, minutes), band)


@pytest.mark.parametrize(
    "event, minutes, expected", [("pairs-mp", "1", penalty(top=10)), ("pairs-imp", "2", penalty(imp=3))]
)
def test_slow_play_repeat_in_warning_band(event, minutes, expected):
    assert calculate(PENALTIES, "slow-play", event=event, minutes=minutes, repeat=True)["penalty"] == expected


@pytest.mark.parametrize(
    "minutes, share, decimals, vp",
    [
        ("7", "1/2", "2", 0.75),  # 1.5 VP split 50/50
        ("7", "50%", "1", 0.8),  # 四舍五入, not to even
        ("7", "0.5", "0", 1),
        ("3", "0.5", "2", 0.5),
        ("12", "0.3", "2", 0.6),
        ("22", "1/3", "2", 1),
        ("17", "1/3", "2", 0.83),
        ("7", "0", "2", None),  # 0% responsibility: no deduction (not “扣0VP”)
    ],
)
def test_slow_play_shares_round_half_up(minutes, share, decimals, vp):
    result = calculate(PENALTIES, "slow-play", event="teams-vp", minutes=minutes, share=share, decimals=decimals)
    assert result["penalty"]["vp"] == vp


def test_knockout_lateness_states_both_readings():
    result = calculate(PENALTIES, "lateness", event="teams-ko", minutes="12")
    assert "1+⌈t−5⌉" in result["reading"] and "按此读法为7IMP" in result["other_reading"]


@pytest.mark.parametrize(
    "calculator, event, minutes", [("lateness", "teams-vp", "25"), ("slow-play", "pairs-imp", "10")]
)
def test_boundary_before_open_band_states_the_yishang_reading(calculator, event, minutes):
    result = calculate(PENALTIES, calculator, event=event, minutes=minutes)
    assert "以上" in result["reading"] and "含本数" in result["other_reading"]


@pytest.mark.parametrize(
    "event, minutes, boards, removed",
    [
        ("pairs-mp", "7", "1", {"count": 1, "offender": "0MP", "non_offender": "平均正分"}),
        ("pairs-imp", "12", "2", {"count": 2, "offender": "0IMP", "non_offender": "3IMP"}),
        ("pairs-imp", "17", "3", {"count": 3, "offender": "0IMP", "non_offender": "3IMP"}),
    ],
)
def test_director_board_removal(event, minutes, boards, removed):
    assert (
        calculate(PENALTIES, "lateness", event=event, minutes=minutes, remove_boards=boards)["removed_boards"]
        == removed
    )


@pytest.mark.parametrize(
    "event, minutes, boards",
    [("pairs-mp", "7", "2"), ("pairs-imp", "17", "1"), ("teams-vp", "7", "1"), ("pairs-mp", "3", "1")],
)
def test_board_removal_outside_the_band_is_refused(event, minutes, boards):
    with pytest.raises(PenaltyInputError) as error:
        calculate(PENALTIES, "lateness", event=event, minutes=minutes, remove_boards=boards)
    assert error.value.parameter == "remove-boards"


def test_round_forfeit_option_only_in_the_15_to_20_band():
    options = calculate(PENALTIES, "lateness", event="pairs-mp", minutes="16")["options"]
    assert any(option.get("forfeit") == "round" for option in options)
    assert not any(
        option.get("forfeit") for option in calculate(PENALTIES, "lateness", event="pairs-mp", minutes="14")["options"]
    )


LADDER_TABLES = {"34": "procedural", "37": "discipline", "38": "phones_smoking"}  # rulebook_src/penalties/<table>.yml
UNIT_OF = {"vp": "vp", "imp": "imp", "mp": "top_percent"}


def in_unit(amounts: dict, unit: str, conversion: dict):
    """A step's amount (or a range's [low, high]) in `unit`: as stated in it, else the first unit stated (VP, IMP, MP)
    converted by the article's 换算标准 (第34条: 0.5VP约等于3IMP约等于10%MP); None when none is stated."""
    source = next((key for key in (unit, "vp", "imp", "top_percent") if key in amounts), None)
    if source is None:
        return None
    factor = Fraction(str(conversion[unit])) / Fraction(str(conversion[source]))
    value = amounts[source]
    return [Fraction(str(x)) * factor for x in value] if isinstance(value, list) else Fraction(str(value)) * factor


def from_ladder(article: str, item: int, variant: str | None, step_number: int, scoring: str) -> dict:
    """What step `step_number` (1 = the first) of the item's ladder in rulebook_src/penalties/<table>.yml states, in
    the scoring's unit: the table is the authority, not a copy here; which step an offence gets is the test's."""
    table = PENALTIES.tables[LADDER_TABLES[article]]
    entry = next(row for row in table["items"] if row["item"] == item)
    case = next(v for v in entry["variants"] if v["name"] == (variant or entry["variants"][0]["name"]))
    step, unit, conversion = case["steps"][step_number - 1], UNIT_OF[scoring], table["scale"]["conversion"]
    expected = dict(NONE)
    if step.get("warning"):
        expected["warning"] = PENALTIES.words["warning"] if step["warning"] is True else step["warning"]
    expected[unit] = in_unit(step, unit, conversion)
    if "range" in step:
        low, high = in_unit(step["range"], unit, conversion)
        expected["range"] = rng(unit, low, high)
    for key in ("committee", "disqualification", "void_result"):
        expected[key] = step.get(key) or None
    return expected


# (article, item, variant, offence, scoring, the step of the item's ladder it gets, substring expected in consequences
# or options): a further offence past the ladder's end gets its last step
SANCTIONS = [
    ("34", 1, None, 1, "vp", 1, None),
    ("34", 1, None, 2, "vp", 2, None),
    ("34", 1, None, 3, "vp", 3, None),
    ("34", 1, None, 3, "imp", 3, None),
    ("34", 1, None, 2, "mp", 2, None),
    ("34", 2, None, 1, "vp", 1, None),
    ("34", 2, None, 2, "imp", 2, None),
    ("34", 2, None, 3, "vp", 3, None),
    ("34", 2, None, 3, "mp", 3, None),
    ("34", 3, None, 2, "imp", 2, None),
    ("34", 3, None, 3, "vp", 3, None),
    ("34", 4, None, 1, "vp", 1, None),
    ("34", 4, None, 2, "mp", 2, None),
    ("34", 4, None, 5, "vp", 2, None),
    ("34", 4, "voided", 1, "vp", 1, None),
    ("34", 5, None, 2, "vp", 2, None),
    ("34", 5, "voided", 1, "mp", 1, "人为调整分"),
    ("34", 6, None, 2, "imp", 2, None),
    ("34", 6, "voided", 1, "vp", 1, None),
    ("34", 7, None, 1, "vp", 1, None),
    ("34", 7, None, 2, "imp", 2, None),
    ("34", 8, None, 2, "vp", 2, None),
    ("34", 8, "possible-damage", 1, "imp", 1, None),
    ("34", 8, "possible-damage", 1, "vp", 1, None),
    ("34", 9, "screens", 1, "vp", 1, None),
    ("34", 9, "screens", 2, "imp", 2, None),
    ("34", 9, "no-screens", 1, "vp", 1, "或扣0.5VP"),
    ("34", 9, "no-screens", 2, "imp", 2, None),
    ("34", 9, "possible-damage", 1, "mp", 1, None),
    ("34", 10, None, 2, "mp", 2, None),
    ("34", 10, "possible-damage", 1, "imp", 1, None),
    ("34", 11, None, 1, "vp", 1, None),
    ("34", 11, None, 2, "vp", 2, None),
    ("34", 11, None, 2, "imp", 2, None),
    ("34", 11, None, 2, "mp", 2, None),
    ("34", 12, None, 1, "vp", 1, "规则43"),
    ("34", 12, None, 2, "vp", 2, "规则43"),
    ("34", 13, None, 1, "mp", 1, "规则43"),
    ("34", 13, None, 2, "imp", 2, "规则43"),
    ("34", 14, None, 1, "vp", 1, None),
    ("34", 14, None, 2, "imp", 2, None),
    ("34", 15, None, 2, "mp", 2, None),
    ("34", 16, None, 1, "vp", 1, None),
    ("34", 16, None, 2, "mp", 2, None),
    ("34", 16, None, 2, "imp", 2, None),
    ("34", 17, None, 2, "imp", 2, None),
    ("34", 17, None, 2, "vp", 2, None),
    ("34", 18, None, 1, "vp", 1, None),
    ("34", 18, None, 2, "imp", 2, None),
    ("34", 19, None, 1, "mp", 1, None),
    ("34", 19, None, 2, "mp", 2, None),
    ("34", 19, None, 2, "vp", 2, None),
    ("34", 20, None, 2, "vp", 2, None),
    ("34", 21, None, 2, "mp", 2, None),
    ("34", 22, None, 1, "vp", 1, None),
    ("34", 22, None, 2, "imp", 2, None),
    ("37", 1, None, 1, "vp", 1, None),
    ("37", 1, None, 2, "mp", 2, None),
    ("37", 1, "extreme", 1, "vp", 1, "上报比赛主办机构"),
    ("37", 2, None, 1, "vp", 1, None),
    ("37", 2, None, 2, "vp", 2, None),
    ("37", 2, None, 3, "mp", 3, None),
    ("37", 2, None, 4, "vp", 3, None),
    ("37", 3, None, 1, "vp", 1, "观众改换位置"),
    ("37", 3, None, 2, "mp", 2, None),
    ("37", 3, None, 3, "imp", 3, None),
    ("37", 4, None, 1, "vp", 1, "或扣0.5VP"),
    ("37", 4, None, 2, "vp", 2, "或扣0.5VP"),
    ("37", 4, None, 3, "vp", 3, "更严重"),
    ("37", 4, "serious", 1, "mp", 1, None),
    ("37", 5, None, 1, "vp", 1, None),
    ("37", 5, None, 2, "vp", 2, "停止其本场（节）比赛资格"),
    ("37", 5, "others-could-learn", 1, "vp", 1, None),
    ("37", 5, "others-could-learn", 2, "mp", 2, None),
    ("37", 6, None, 1, "vp", 1, None),
    ("37", 6, None, 2, "vp", 2, None),
    ("37", 6, None, 3, "vp", 3, None),
    ("37", 7, None, 1, "vp", 1, "上报比赛主办机构"),
    ("37", 8, "closed-room", 1, "imp", 1, None),
    ("37", 8, "closed-room", 1, "vp", 1, None),
    ("37", 8, "open-room", 1, "imp", 1, "或扣0.5VP(3IMP)"),
    ("37", 8, "open-room", 3, "imp", 3, None),
    ("37", 9, None, 1, "vp", 1, "令其离开"),
    ("37", 9, None, 2, "imp", 2, None),
    ("37", 9, "serious", 1, "vp", 1, None),
    ("37", 10, None, 1, "mp", 1, "可扣0.5-2VP"),
    ("37", 10, "serious", 1, "vp", 1, None),
    ("38", 1, "not-answered", 1, "vp", 1, None),
    ("38", 1, "not-answered", 1, "imp", 1, None),
    ("38", 1, "not-answered", 1, "mp", 1, None),
    ("38", 1, "not-answered", 2, "vp", 2, None),
    ("38", 1, "not-answered", 3, "vp", 2, "取消比赛资格"),
    ("38", 1, "answered", 1, "vp", 1, None),
    ("38", 1, "answered", 1, "mp", 1, None),
    ("38", 2, None, 1, "vp", 1, None),
    ("38", 2, None, 1, "mp", 1, None),
    ("38", 3, None, 1, "vp", 1, None),
]


@pytest.mark.parametrize("article, item, variant, offence, scoring, step, mention", SANCTIONS)
def test_sanction_ladders(article, item, variant, offence, scoring, step, mention):
    result = calculate(
        PENALTIES, "procedural", article=article, item=item, variant=variant, offence=offence, scoring=scoring
    )
    assert result["penalty"] == from_ladder(article, item, variant, step, scoring)
    assert result["article"] == f"regulations/{article}"
    if mention:
        assert mention in " ".join(result["consequences"] + [option["text"] for option in result["options"]])


@pytest.mark.parametrize("article", ["34", "37", "38"])
def test_every_item_is_tested(article):
    table = {"34": "procedural", "37": "discipline", "38": "phones_smoking"}[article]
    listed = {entry["item"] for entry in PENALTIES.tables[table]["items"]}
    tested = {item for art, item, *_ in SANCTIONS if art == article}
    assert listed == tested
    assert listed == set(range(1, max(listed) + 1))


def test_alternative_is_converted_to_the_scoring_in_use():
    options = calculate(PENALTIES, "procedural", article="34", item=9, variant="no-screens", offence=1, scoring="mp")[
        "options"
    ]
    assert options[0]["top_percent"] == 10


def test_conversion_is_stated_as_a_reading():
    result = calculate(PENALTIES, "procedural", article="34", item=1, offence=2, scoring="imp")
    assert result["penalty"]["imp"] == 3 and "0.5VP≈3IMP≈10%MP" in result["reading"]


def test_direct_damage_adds_the_adjusted_score():
    result = calculate(PENALTIES, "procedural", article="34", item=8, offence=1, scoring="vp", direct_damage=True)
    assert "调整分" in " ".join(result["consequences"])
    with pytest.raises(PenaltyInputError) as error:
        calculate(PENALTIES, "procedural", article="34", item=1, offence=1, direct_damage=True)
    assert error.value.parameter == "direct-damage"


@pytest.mark.parametrize(
    "number, dealer, vulnerability",
    [
        (1, "N", "None"),
        (2, "E", "NS"),
        (3, "S", "EW"),
        (4, "W", "All"),
        (5, "N", "NS"),
        (6, "E", "EW"),
        (7, "S", "All"),
        (8, "W", "None"),
        (9, "N", "EW"),
        (10, "E", "All"),
        (11, "S", "None"),
        (12, "W", "NS"),
        (13, "N", "All"),
        (14, "E", "None"),
        (15, "S", "NS"),
        (16, "W", "EW"),
        (17, "N", "None"),
        (32, "W", "EW"),
        (33, "N", "None"),
        (100, "W", "All"),
    ],
)
def test_board_dealer_and_vulnerability(number, dealer, vulnerability):
    result = calculate(PENALTIES, "board", number=str(number))
    assert (result["dealer"], result["vulnerability"]) == (dealer, vulnerability)
    assert "缺失" in result["reading"]


@pytest.mark.parametrize(
    "won, lost, ratio",
    [
        ("100", "75", 4 / 3),
        ("2", "3", 2 / 3),
        ("1", "8", 0.125),
        ("0", "10", 0),
        ("10", "0", None),
        ("45.5", "45.5", 1),
    ],
)
def test_tie_ratio(won, lost, ratio):
    """第45条 “比较2队在全部比赛中的IMP胜负率”: the text sets no rounding, so the ratio is exact (superseded: 4 places)."""
    assert calculate(PENALTIES, "tie-ratio", won=won, lost=lost)["ratio"] == ratio


@pytest.mark.parametrize(
    "value, decimals, rounded",
    [
        ("0.125", "2", 0.13),
        ("0.75", "0", 1),
        ("0.75", "1", 0.8),
        ("2.5", "0", 3),
        ("0.745", "2", 0.75),
        ("1.5", "2", 1.5),
    ],
)
def test_rounding_half_up(value, decimals, rounded):
    assert calculate(PENALTIES, "rounding", value=value, decimals=decimals)["value"] == rounded


@pytest.mark.parametrize(
    "inputs, vp",
    [
        ({}, 18),  # first match of a stage: only ③ is defined
        ({"own_average": "19.5"}, 19.5),
        ({"own_average": "12", "opponent_average": "9"}, 21),  # ② 30 − 9
        ({"opponent_average": "3"}, 25),  # ② capped at 25
        ({"opponent_average": "3", "vp_scale": "20", "tie_vp": "10"}, 12),  # ② only on the 25:0 scale
    ],
)
def test_round_robin_forfeit_takes_the_highest_of_three(inputs, vp):
    result = calculate(PENALTIES, "forfeit", event="round-robin", **inputs)
    assert result["scores"]["non_forfeiting"]["vp"] == vp
    assert result["scores"]["forfeiting"] == {"vp": 0, "imp": 0, "tp": 0}


@pytest.mark.parametrize(
    "inputs, key, value",
    [
        ({"event": "swiss"}, "vp", 18),
        ({"event": "board-a-match", "boards": "12"}, "mp", 24),
        ({"event": "board-a-match", "boards": "12"}, "tp", 120),
        ({"event": "board-a-match", "boards": "12", "half_scale": True}, "mp", 12),
        ({"event": "match-points"}, "match_points", 2),
        ({"event": "pairs-imp", "boards": "3"}, "imp", 9),
        ({"event": "pairs-match-points", "tie_match_points": "2"}, "match_points", 3),
    ],
)
def test_other_forfeits(inputs, key, value):
    assert calculate(PENALTIES, "forfeit", **inputs)["scores"]["non_forfeiting"][key] == value


def test_withdrawal_in_imp_pairs():
    result = calculate(PENALTIES, "withdrawal", event="pairs-imp", boards="4")
    assert result["scores"]["withdrawing"] == "-3IMP/副" and "12IMP" in result["scores"]["other"]


@pytest.mark.parametrize(
    "inputs, side, key, value",
    [
        ({"event": "pairs-imp", "boards": "2"}, "non_offender", "imp", 6),
        ({"event": "pairs-imp", "boards": "2"}, "offender", "imp", -6),
        ({"event": "pairs-mp"}, "non_offender", "top_percent_per_board", 60),
        ({"event": "pairs-mp"}, "offender", "top_percent_per_board", 40),
        ({"event": "teams", "whole_match": True}, "offender", "vp", 12),
        ({"event": "teams", "boards": "3"}, "offender", "imp", 0),
    ],
)
def test_fouled_boards(inputs, side, key, value):
    assert calculate(PENALTIES, "fouled", **inputs)["scores"][side][key] == value


@pytest.mark.parametrize(
    "responsibility, scoring, key, value",
    [
        ("direct", "mp", "top_percent", 40),
        ("partial", "mp", "top_percent", 50),
        ("none", "mp", "top_percent", 60),
        ("direct", "imp", "imp", -3),
        ("none", "imp", "imp", 3),
    ],
)
def test_artificial_adjusted_score(responsibility, scoring, key, value):
    assert calculate(PENALTIES, "adjusted", responsibility=responsibility, scoring=scoring)["score"][key] == value


def test_carry_over_computes_nothing_and_says_why():
    result = calculate(PENALTIES, "carry-over", M="55.5", Q="20")
    assert result["value"] is None and result["source_lines"] == ["MQ AB", "参赛者的带分=", "ES"]
    assert "无法核实" in result["reading"]
    assert [v["value"] for v in result["variables"]] == [55.5, 20, None, None, None, None]


@pytest.mark.parametrize(
    "calculator, inputs, parameter",
    [
        ("lateness", {"event": "teams-vp", "minutes": "-1"}, "minutes"),
        ("lateness", {"event": "teams-vp", "minutes": "abc"}, "minutes"),
        ("lateness", {"event": "teams-vp", "minutes": "5:60"}, "minutes"),
        ("lateness", {"event": "teams", "minutes": "5"}, "event"),
        ("slow-play", {"event": "teams-vp", "minutes": "5", "share": "1.5"}, "share"),
        ("slow-play", {"event": "teams-vp", "minutes": "5", "decimals": "3"}, "decimals"),
        ("board", {"number": "0"}, "number"),
        ("board", {"number": "x"}, "number"),
        ("procedural", {"article": "35", "item": "1"}, "article"),
        ("procedural", {"article": "34", "item": "23"}, "item"),
        ("procedural", {"article": "38", "item": "4"}, "item"),
        ("procedural", {"article": "34", "item": "1", "offence": "0"}, "offence"),
        ("procedural", {"article": "34", "item": "1", "scoring": "tp"}, "scoring"),
        ("procedural", {"article": "34", "item": "1", "variant": "voided"}, "variant"),
        ("tie-ratio", {"won": "-1", "lost": "3"}, "won"),
    ],
)
def test_bad_input_names_the_parameter(calculator, inputs, parameter):
    with pytest.raises(PenaltyInputError) as error:
        calculate(PENALTIES, calculator, **inputs)
    assert error.value.parameter == parameter


@pytest.mark.parametrize(
    "article, item, number",
    [("38", "一", 1), ("38", "二、", 2), ("38", "3", 3), ("34", "9.", 9), ("34", "9．", 9), ("37", "10", 10)],
)
def test_item_as_listed_in_the_article(article, item, number):
    assert calculate(PENALTIES, "procedural", article=article, item=item)["inputs"]["item"] == number
