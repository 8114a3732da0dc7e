"""Each class of wrong ruling found in review (issue 12), tested against the sentence it rests on; every item and band
of 裁判法第26–28、34–38、44、45条 checked for the consequences its sentence names; the spec and the table cache."""

from __future__ import annotations

import re
import shutil

import pytest

from scripts.errors import CuratedFileError, RulebookError
from scripts.penalties import PenaltyInputError, PenaltySpecError, calculate
from scripts.penalties.export import plan_script, widget_data_text
from scripts.penalties.tables import SANCTION_TABLES
from scripts.penalties.widgets import calculator_notice_for, widget_markup_for
from penalty_data import PENALTIES, PENALTY_TEXTS, penalties_with


def sanction_steps():
    """(article, item, variant, offence, step) for every step of every item of 第34、37、38条."""
    for article, name in SANCTION_TABLES.items():
        for entry in PENALTIES.tables[name]["items"]:
            for variant in entry["variants"]:
                for offence, step in enumerate(variant["steps"], start=1):
                    yield article, entry, variant["name"], offence, step


STEPS = list(sanction_steps())


# --- a consequence in the text that the result dropped ------------------------------------------------------------


def test_38_three_repeated_offences_disqualify():
    """第38条三 “多次或严重违反的，比赛主办机构将对其给予取消比赛资格的处罚。” — was “不处罚”."""
    result = calculate(PENALTIES, "procedural", article="38", item="三")
    assert result["headline"] != "不处罚" and "取消其比赛资格" in result["headline"]
    repeat = calculate(PENALTIES, "procedural", article="38", item="一", variant="not-answered", offence="2")
    assert "取消其比赛资格" in repeat["headline"]


@pytest.mark.parametrize(
    "item, variant, words",
    [
        (9, "serious", "可取消部分或全部比赛资格"),  # “严重时可取消部分或全部比赛资格”
        (10, "serious", "可取消部分或全部比赛资格"),
        (1, "extreme", "上报仲裁委员会或纪律委员会处理"),  # “极其严重者上报仲裁委员会或纪律委员会处理”
        (7, "default", "取消违规者本场比赛成绩"),  # “取消违规者本场比赛成绩，上报仲裁委员会及纪律委员会处理”
    ],
)
def test_37_serious_cases_name_their_consequence(item, variant, words):
    result = calculate(PENALTIES, "procedural", article="37", item=str(item), variant=variant)
    assert words in result["headline"] and result["headline"] != "不处罚"


@pytest.mark.parametrize(
    "article, entry, variant, offence, step", STEPS, ids=[f"{a}-{e['item']}-{v}-{o}" for a, e, v, o, _ in STEPS]
)
def test_every_sanction_step_states_what_its_sentence_names(article, entry, variant, offence, step):
    """Each step's words in the text → the consequence in the result: 资格 → disqualification, 委员会 → committee,
    本场比赛成绩 → voided result, 警告 → a warning (or the alternative), 扣 → an amount (or the alternative)."""
    result = calculate(
        PENALTIES, "procedural", article=article, item=str(entry["item"]), variant=variant, offence=str(offence)
    )
    penalty, options = result["penalty"], result["options"]
    stated = " ".join([result["headline"]] + [o["text"] for o in options])
    text = step["text"]
    assert result["headline"] != "不处罚", text
    if "资格" in text:
        assert penalty["disqualification"] or any(o.get("disqualification") for o in options), text
    if "委员会" in text:
        assert penalty["committee"] and penalty["committee"].replace("上报", "") in text.replace("上报", ""), text
    if "本场比赛成绩" in text:
        assert penalty["void_result"], text
    if "警告" in text:
        assert penalty["warning"] and penalty["warning"] in text, text
    if "扣" in text:
        assert any(penalty[k] is not None for k in ("vp", "imp", "top_percent", "range")) or "扣" in stated, text


@pytest.mark.parametrize("name", ["lateness", "slow_play"])
def test_every_band_states_what_its_sentence_names(name):
    """第26、27条: 正式提出警告 → “正式警告”, 警告 → “警告”; 仲裁委员会 → committee; 弃权 → forfeit; 停止 → stop."""
    for spec in PENALTIES.tables[name]["events"].values():
        for band in spec["bands"]:
            quote = band["quote"].split("(")[0]
            if "警告" in quote:
                assert band["warning"] == ("正式警告" if "正式提出警告" in quote else "警告"), quote
            assert bool(band.get("committee")) == ("由比赛仲裁委员会处理" in quote), quote
            assert bool(band.get("forfeit")) == ("该节弃权" in quote), quote
            assert bool(band.get("stop_play")) == ("停止" in quote), quote


# --- wording stronger or different from the text --------------------------------------------------------------------


def test_plain_warning_is_not_a_formal_warning():
    """第26条二2 “迟到0+—5分钟：警告；第二次再犯扣3IMP；” against 一 “迟到0+—5分钟：正式提出警告；…”;
    第34条1 “…：警告、扣0.5VP(10%MP)、扣1VP(20%MP)。”"""
    assert calculate(PENALTIES, "lateness", event="pairs-imp", minutes="3")["headline"] == "警告"
    assert calculate(PENALTIES, "lateness", event="teams-vp", minutes="3")["headline"] == "正式警告"
    assert calculate(PENALTIES, "procedural", article="34", item="1")["headline"] == "警告"


def test_committee_is_named_as_in_the_text():
    """第37条1 “极其严重者上报仲裁委员会或纪律委员会处理” is not “由比赛仲裁委员会处理”."""
    result = calculate(PENALTIES, "procedural", article="37", item="1", variant="extreme")
    assert "纪律委员会" in result["headline"] and "由比赛仲裁委员会处理" not in result["headline"]


# --- missing rows ---------------------------------------------------------------------------------------------------


def test_knockout_forfeit_loses_the_match():
    """第28条六 “团体赛的淘汰赛中允许某队某场（节）比赛弃权，弃权队该场比赛判为负。但弃权队有正常参加下一场或下一阶段比赛的权利。”"""
    result = calculate(PENALTIES, "forfeit", event="knock-out")
    assert result["headline"].startswith("弃权队该场比赛判为负") and result["anchor"] == "六"
    assert any("下一阶段" in c for c in result["consequences"])
    assert not any("取消其比赛资格" in c for c in result["consequences"])


# --- arithmetic presentation ------------------------------------------------------------------------------------------


def test_tie_ratios_are_not_rounded_together():
    """第45条 “比较2队在全部比赛中的IMP胜负率，高者名次列前”: no rounding in the text, so 1000/999 ≠ 1001/1000."""
    first = calculate(PENALTIES, "tie-ratio", won="1000", lost="999")
    second = calculate(PENALTIES, "tie-ratio", won="1001", lost="1000")
    assert first["ratio"] > second["ratio"] and first["headline"] != second["headline"]
    assert "1000/999" in first["headline"] and second["headline"].endswith("= 1.001")


def test_no_share_of_the_blame_is_no_deduction():
    """第27条 “裁判或仲裁委员可通过观察决定双方应按照多大比例对超时负责，之后按规定进行处罚”: 0% → nothing, not “扣0VP”."""
    result = calculate(PENALTIES, "slow-play", event="teams-vp", minutes="7", share="0")
    assert result["penalty"]["vp"] is None and "扣0" not in result["ruling"] and "不扣分" in result["headline"]


# --- labels -----------------------------------------------------------------------------------------------------------


def internal_names() -> set[str]:
    """Every choice value with a letter in it (pairs-imp, no-screens, vp), every procedural case's name, and every
    anchor slug with a dash (一-1-1, c-1): the names the engines use, which a ruling never shows."""

    # bridge notation (规则第77条's strains and doublings: C, NT, X, XX) reads as a clause letter (第12条C款) or as the
    # contract is written (3NT): not a name a ruling must hide
    names = {
        str(value)
        for calculator in PENALTIES.calculators.values()
        for p in calculator["parameters"]
        for value, _ in p.get("choices", [])
        if not re.fullmatch(r"[A-Z]{1,2}", str(value))
    }
    names |= {
        variant["name"]
        for table in SANCTION_TABLES.values()
        for entry in PENALTIES.tables[table]["items"]
        for variant in entry["variants"]
    }
    names |= {anchor for labels in PENALTIES.tables["conventions"]["clause_labels"].values() for anchor in labels}

    def slugs(node):
        if isinstance(node, dict):
            for key, value in node.items():
                yield from ([value] if key == "anchor" and isinstance(value, str) else slugs(value))
        elif isinstance(node, list):
            for value in node:
                yield from slugs(value)

    names |= {anchor for table in PENALTIES.tables.values() for anchor in slugs(table)}
    return {name for name in names if re.search(r"[A-Za-z]", name) or "-" in name}


def test_rulings_use_chinese_labels():
    """Over the whole engine grid (every calculator, parameter and choice): no choice value and no anchor slug in any
    ruling — 第28条二 “弃权方在IMP双人赛中……” is cited as “IMP制双人赛” and “裁判法第28条二”, never `pairs-imp`; 规则第12条
    as the articles cite it, “第12条C款1” (规则第20条E), never “（c-1）”."""
    from penalty_grid import engine_grid

    names = internal_names()
    assert {"pairs-imp", "no-screens", "c-1", "一-1-1"} <= names
    # one pattern for every name (longest first), not a search per name: a ruling that holds any name matches it
    slug = re.compile(
        r"(?<![A-Za-z0-9-])(?:" + "|".join(map(re.escape, sorted(names, key=len, reverse=True))) + r")(?![A-Za-z0-9-])"
    )
    leaks = []
    for name, inputs in engine_grid():
        try:
            ruling = calculate(PENALTIES, name, **inputs)["ruling"]
        except PenaltyInputError:
            continue
        leaks += [(name, inputs, found.group(0)) for found in slug.finditer(ruling)]
    assert not leaks, leaks[:5]
    assert "依据：规则第12条C款1“" in calculate(PENALTIES, "adjusted", responsibility="direct")["ruling"]
    assert "依据：裁判法第28条一1（1）“" in calculate(PENALTIES, "forfeit", event="round-robin")["ruling"]


def test_every_anchor_has_its_printed_form():
    """conventions.yml clause_labels: every anchor a table gives (the items of 第34、37条 aside) has its printed form."""
    labels = PENALTIES.tables["conventions"]["clause_labels"]
    for name, table in PENALTIES.tables.items():
        if name in ("conventions", "procedural", "discipline") or "article" not in table:
            continue
        text = repr(table)
        for anchor in re.findall(r"'anchor': '([^']+)'", text):
            assert anchor in labels.get(table["article"], {}), (name, anchor)
    assert all("-" not in label for article in labels.values() for label in article.values())


def test_input_errors_are_chinese_and_name_the_field():
    with pytest.raises(PenaltyInputError) as error:
        calculate(PENALTIES, "lateness", event="teams-vp", minutes="ten")
    assert str(error.value).startswith("--minutes（迟到时间（分钟））：应为分钟数")


# --- inputs -----------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, inputs, key, value",
    [
        ("lateness", {"event": "teams-vp", "minutes": "１２"}, "minutes", 12),  # full-width digits
        ("lateness", {"event": "teams-vp", "minutes": "５：３０"}, "minutes", 5.5),
        ("lateness", {"event": "teams-vp", "minutes": "3", "repeat": "false"}, "repeat", False),  # not a repeat
        ("tie-ratio", {"won": "123456.7891", "lost": "100000"}, "won", 123456.7891),  # TP ≥ 100,000, four decimals
        ("slow-play", {"event": "teams-vp", "minutes": "7", "share": "33.3333%"}, "share", 0.333333),
    ],
)
def test_valid_values_are_read(name, inputs, key, value):
    assert calculate(PENALTIES, name, **inputs)["inputs"][key] == value


@pytest.mark.parametrize(
    "name, inputs, parameter",
    [
        ("forfeit", {"event": "swiss", "tie_vp": "99999"}, "tie-vp"),  # no VP scale gives a tie of 99999
        ("forfeit", {"event": "swiss", "tie_vp": "0"}, "tie-vp"),
        ("lateness", {"event": "teams-vp", "minutes": "3", "repeat": "maybe"}, "repeat"),
        ("lateness", {"event": "pairs-mp", "minutes": "12", "remove_boards": "4"}, "remove-boards"),
    ],
)
def test_nonsense_is_refused(name, inputs, parameter):
    with pytest.raises(PenaltyInputError) as error:
        calculate(PENALTIES, name, **inputs)
    assert error.value.parameter == parameter


# --- the copied ruling keeps the other reading ------------------------------------------------------------------------


def test_ruling_carries_the_other_reading_where_the_number_depends_on_it():
    """第26条一2 “扣1IMP，再加上超过下限的每1分钟扣1IMP”: reading A gives 8IMP at 12 minutes, reading B 7IMP."""
    ruling = calculate(PENALTIES, "lateness", event="teams-ko", minutes="12")["ruling"]
    assert "扣8IMP" in ruling and "另一种读法：" in ruling and "按此读法为7IMP" in ruling


# --- the article page says it has a calculator ------------------------------------------------------------------------


def test_article_top_links_to_its_calculators():
    notice = calculator_notice_for(PENALTIES, "regulations", "28")
    assert (
        notice.startswith('<p class="penalty-notice-top"')
        and 'href="#calc-forfeit"' in notice
        and 'href="#calc-withdrawal"' in notice
    )
    assert 'id="calc-procedural-37"' in widget_markup_for(PENALTIES, "regulations", "37")


# --- the spec: checked, errors name file:line
# ----------------------------------------------------------------------------


SPEC = "penalties/calculators.yml"


def edited(name: str, old: str, new: str) -> str:
    """The text of rulebook_src/<name> with `old` replaced (once, and it must be there)."""
    text = PENALTY_TEXTS[name]
    assert old in text
    return text.replace(old, new, 1)


def test_spec_errors_name_file_and_line():
    text = PENALTY_TEXTS[SPEC]
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "name: remove-boards" in row)
    kind = "name: remove-boards, label: 裁判酌情扣打的副数, kind: integer"
    with pytest.raises(CuratedFileError) as error:  # a key's type: the schema, when rulebook_src/ is read
        penalties_with({SPEC: edited(SPEC, kind, kind.replace("integer", "whole"))})
    assert isinstance(error.value, RulebookError)
    assert str(error.value).startswith(
        f"rulebook_src/{SPEC}:{line}: calculators[0].parameters[3].kind: 'whole' is not one of choice, flag,"
    )
    with pytest.raises(CuratedFileError, match=r"calculators.yml:\d+: .*YAML"):
        penalties_with({SPEC: text.replace("calculators:\n", "calculators: [\n", 1)})
    # how the parts fit (checked once, by scripts/penalties/spec.py): one line per fault, each with its line
    twice = text.replace("name: remove-boards,", "name: minutes,", 1)
    with pytest.raises(PenaltySpecError) as error:
        penalties_with({SPEC: twice})
    assert str(error.value) == f"rulebook_src/{SPEC}:{line}: parameter `minutes` is declared twice"


# --- an edit to a table reaches the data file and the page -----------------------------------------------------------


def test_edit_to_a_table_reaches_the_data_file_and_the_page():
    # an edit the invariants allow (scripts/penalties/invariants.py: an amount must stay its quote's)
    assert (
        calculate(PENALTIES, "lateness", event="teams-vp", minutes="30")["penalty"]["committee"]
        == "由比赛仲裁委员会处理"
    )
    before = widget_data_text(PENALTIES)
    changed = penalties_with(
        {
            "penalties/lateness.yml": edited(
                "penalties/lateness.yml",
                "committee: 由比赛仲裁委员会处理\n",
                "committee: 由比赛仲裁委员会处理（已改）\n",
            ),
            SPEC: edited(SPEC, "title: 迟到的判罚（第26条）", "title: 迟到的判罚（第26条，已改）"),
        }
    )
    after_edit = calculate(changed, "lateness", event="teams-vp", minutes="30")["penalty"]["committee"]
    assert after_edit == "由比赛仲裁委员会处理（已改）"
    after = widget_data_text(changed)
    assert after != before and "迟到的判罚（第26条，已改）" in after  # the spec's words: the widget's data
    lateness_plan = plan_script(changed, "lateness", {})  # the table's rulings: its plan (the others do not read it)
    assert "由比赛仲裁委员会处理（已改）" in lateness_plan
    assert "已改" not in plan_script(PENALTIES, "lateness", {})
    assert "已改" in calculator_notice_for(changed, "regulations", "26")


# Slow tier (about 3 s: two renders, every plan worked out for each version of the penalty data): the fast tier has
# the serve loop rewriting the pages a source edit changes (test_serve_hooks.py) and a table edit reaching the data
# file, the plan and the page's notice (test_edit_to_a_table_reaches_the_data_file_and_the_page above).
@pytest.mark.slow
def test_make_serve_picks_up_a_penalty_table_edit(tmp_path, monkeypatch):
    """`make serve` (mkdocs serve + scripts/site/serve_hooks.py): an edit to rulebook_src/penalties/*.yml rewrites the
    data file and the article page in the same serve process, with no restart."""
    from scripts.paths import SRC
    from scripts.site import serve_hooks
    from tests.test_serve_hooks import Config

    shutil.copytree(SRC, tmp_path / "rulebook_src")
    (tmp_path / "docs").mkdir()
    monkeypatch.setattr(serve_hooks, "STATE", serve_hooks.ServeState())
    settings = {"config_file_path": str(tmp_path / "mkdocs.yml"), "docs_dir": str(tmp_path / "docs")}
    serve_hooks.on_startup(command="serve", dirty=False)
    serve_hooks.on_pre_build(config=Config(settings))  # mkdocs serve loads a config for each rebuild
    data = tmp_path / "docs" / "assets" / "generated" / "penalty-data.js"
    plan = tmp_path / "docs" / "assets" / "generated" / "plans" / "lateness.js"
    assert "由比赛仲裁委员会处理" in plan.read_text(encoding="utf-8") and "已改" not in plan.read_text(encoding="utf-8")
    table = tmp_path / "rulebook_src" / "penalties" / "lateness.yml"
    table.write_text(
        table.read_text(encoding="utf-8").replace(
            "committee: 由比赛仲裁委员会处理\n", "committee: 由比赛仲裁委员会处理（已改）\n", 1
        ),
        encoding="utf-8",
    )
    spec_file = tmp_path / "rulebook_src" / "penalties" / "calculators.yml"
    spec_file.write_text(
        spec_file.read_text(encoding="utf-8").replace(
            "title: 迟到的判罚（第26条）", "title: 迟到的判罚（第26条，已改）"
        ),
        encoding="utf-8",
    )
    serve_hooks.on_pre_build(config=Config(settings))
    written = serve_hooks.STATE.builds[-1]["written"]
    assert {"assets/generated/penalty-data.js", "assets/generated/plans/lateness.js", "regulations/26.md"} <= set(
        written
    )
    assert "迟到的判罚（第26条，已改）" in data.read_text(encoding="utf-8")
    assert "由比赛仲裁委员会处理（已改）" in plan.read_text(encoding="utf-8")
    assert "迟到的判罚（第26条，已改）" in (tmp_path / "docs" / "regulations" / "26.md").read_text(encoding="utf-8")


# --- consequences of 第28、35、36、38、44、27条 that the results dropped (issue 12, second round) --------------------


def consequences_of(name: str, **inputs) -> list[str]:
    if inputs.get("event") == "pairs-match-points":
        inputs.setdefault("tie_match_points", "2")  # 一2（3）: the tied score the 1.5 multiplies
    return calculate(PENALTIES, name, **inputs)["consequences"]


def test_round_robin_forfeit_states_the_voided_results():
    """第28条一1（1） “其比赛场数如未达到该循环赛总场数之一半时，其成绩全部无效” and 五 “所有与其比赛过的成绩予以取消
    （瑞士制比赛时予以保留）”: the round robin states both; the swiss states that the results are kept."""
    round_robin = consequences_of("forfeit", event="round-robin")
    assert any("其成绩全部无效" in c for c in round_robin)
    assert any("所有与其比赛过的成绩予以取消" in c for c in round_robin)
    swiss = consequences_of("forfeit", event="swiss")
    assert any("瑞士制" in c and "予以保留" in c for c in swiss)
    assert not any("予以取消；" in c for c in swiss)


def test_deliberate_forfeit_is_disciplined():
    """第28条三 “凡蓄意弃权的，将给予纪律性处罚。” and 一1（1） “并追究责任，可进一步处罚”; 六 allows a knock-out forfeit."""
    for event in (
        "round-robin",
        "board-a-match",
        "match-points",
        "swiss",
        "pairs-mp",
        "pairs-imp",
        "pairs-match-points",
    ):
        assert any("纪律性处罚" in c for c in consequences_of("forfeit", event=event)), event
    assert any("可进一步处罚" in c for c in consequences_of("forfeit", event="round-robin"))
    assert not any("纪律性处罚" in c for c in consequences_of("forfeit", event="knock-out"))


def test_team_disqualification_is_not_stated_for_pairs():
    """第28条五 “连续弃权2场或间断弃权3场……的队，取消其比赛资格”: about teams (队); 一2 names none for pairs."""
    for event in ("pairs-mp", "pairs-imp", "pairs-match-points"):
        assert not any("资格" in c for c in consequences_of("forfeit", event=event)), event
    assert any("取消其比赛资格" in c for c in consequences_of("forfeit", event="board-a-match"))


def test_withdrawal_states_whole_sentences():
    """第28条二 “中途退出比赛的，参照“弃权的处理”。此前已打过的牌中，只要能构成复式的，按实际结果计分；…”: no lead-in cut at “：”."""
    consequences = consequences_of("withdrawal", event="round-robin", boards="2")
    assert consequences and not any(c.endswith("：") for c in consequences)
    assert "此前已打过的牌中，只要能构成复式的，按实际结果计分。" in consequences


@pytest.mark.parametrize(
    "name, inputs",
    [
        ("lateness", {"event": "teams-vp", "minutes": "7"}),
        ("lateness", {"event": "pairs-mp", "minutes": "17"}),
        ("forfeit", {"event": "swiss"}),
        ("forfeit", {"event": "knock-out"}),
    ],
)
def test_force_majeure_exemption_is_stated(name, inputs):
    """第36条 “由于非人力所能抗拒的因素，不能按时参加比赛者，经主办机构同意，不按弃权、迟到处理。”"""
    assert any("不按弃权、迟到处理" in c for c in consequences_of(name, **inputs))


def test_deductions_are_taken_from_the_stage_total():
    """第35条 “所有的罚分，应在该阶段比赛的总得分中扣除，与当场（节）比赛所得的成绩无关（裁判直接判罚的调整分除外）。”"""
    assert any("该阶段比赛的总得分中扣除" in c for c in consequences_of("lateness", event="teams-vp", minutes="7"))
    assert any(
        "该阶段比赛的总得分中扣除" in c for c in consequences_of("procedural", article="34", item="1", offence="2")
    )
    assert not any("总得分中扣除" in c for c in consequences_of("slow-play", event="teams-vp", minutes="7", share="0"))
    assert not any("总得分中扣除" in c for c in consequences_of("procedural", article="34", item="1"))  # 警告 only


def test_few_fouled_boards_in_the_last_match_are_not_replayed():
    """第44条一 “如少量错牌，并在循环赛或淘汰赛的最后一场（节）时发生，则不予补赛。”"""
    assert any("不予补赛" in c for c in consequences_of("fouled", event="teams", boards="2"))


@pytest.mark.parametrize("event", ["teams-vp", "teams-ko"])
def test_boards_cut_for_time_are_fouled_boards(event):
    """第27条三 “团体赛中被减打的牌，按“不能构成复式的牌”处理。”"""
    assert any("被减打的牌" in c for c in consequences_of("slow-play", event=event, minutes="7"))
    assert not any("被减打的牌" in c for c in consequences_of("slow-play", event="pairs-imp", minutes="7"))


@pytest.mark.parametrize("item, variant", [("一", "not-answered"), ("一", "answered"), ("二", "default")])
def test_38_second_offence_carries_the_other_reading_of_many(item, variant):
    """第38条三 “多次或严重违反的，比赛主办机构将对其给予取消比赛资格的处罚。”: a second offence is read as 多次; the
    other reading (多次 = three or more) changes the sanction, so the ruling carries it."""
    result = calculate(PENALTIES, "procedural", article="38", item=item, variant=variant, offence="2")
    assert result["penalty"]["disqualification"] and "三次及以上" in result["other_reading"]
    assert "三次及以上" in result["ruling"]
    assert "三次及以上" not in (
        calculate(PENALTIES, "procedural", article="38", item=item, variant=variant)["other_reading"] or ""
    )


def scoring_consequences():
    """(calculator, inputs, sentence, stated text) for every further consequence the scoring tables give, with the
    cases it applies to: forfeit.yml (第28条), fouled_boards.yml (第44条), conventions.yml rounding (第35条) and
    exemption (第36条)."""
    tables = PENALTIES.tables
    forfeit, fouled, conventions = tables["forfeit"], tables["fouled_boards"], tables["conventions"]
    rows = []
    for further in forfeit["consequences"]:
        rows += [("forfeit", {"event": event}, further["quote"], further["text"]) for event in further["events"]]
    for further in forfeit["withdrawal"]["consequences"]:
        rows += [
            ("withdrawal", {"event": event}, further["quote"], further["text"])
            for event in forfeit["withdrawal"]["events"]
        ]
    teams = fouled["teams"]
    rows += [
        ("fouled", {"event": "teams"}, teams["procedural_quote"], teams["procedural_quote"]),
        ("fouled", {"event": "teams"}, teams["no_replay_quote"], teams["no_replay_quote"]),
        (
            "fouled",
            {"event": "teams", "whole_match": "1"},
            teams["whole_match"]["replay_quote"],
            teams["whole_match"]["replay_quote"],
        ),
    ]
    rounding = conventions["rounding"]
    rows += [
        (name, inputs, rounding["stage_total_quote"], rounding["stage_total"])
        for name, inputs in [
            ("lateness", {"event": "pairs-imp", "minutes": "3", "repeat": "1"}),
            ("slow-play", {"event": "teams-ko", "minutes": "3"}),
            ("procedural", {"article": "34", "item": "1", "offence": "2"}),
        ]
    ]
    exemption = conventions["exemption"]
    rows += [
        (name, inputs, exemption["quote"], exemption["text"])
        for name, inputs in [("lateness", {"event": "teams-ko", "minutes": "30"}), ("forfeit", {"event": "pairs-imp"})]
    ]
    return rows


SCORING_CONSEQUENCES = scoring_consequences()


@pytest.mark.parametrize(
    "name, inputs, sentence, text",
    SCORING_CONSEQUENCES,
    ids=[f"{n}-{'-'.join(i.values())}-{s[:8]}" for n, i, s, _ in SCORING_CONSEQUENCES],
)
def test_every_scoring_consequence_states_what_its_sentence_names(name, inputs, sentence, text):
    """The scoring tables' sentences → the consequence in the result, in the sentence's terms: 无效/予以取消 → a voided
    result (or, for the swiss, that the results are kept), 资格 → disqualification, 纪律性处罚/可进一步处罚 → the
    discipline, 不按弃权、迟到处理 → the exemption, 扣除 → where the deduction is taken."""
    consequences = consequences_of(name, **inputs)
    assert text in consequences, (sentence, consequences)
    if "无效" in sentence or "予以取消" in sentence:
        assert "无效" in text or "予以取消" in text or ("瑞士制" in text and "予以保留" in text), text
    if "资格" in sentence:
        assert "取消其比赛资格" in text, text
    for words in ("纪律性处罚", "可进一步处罚", "不按弃权、迟到处理", "总得分中扣除", "不予补赛", "程序性判罚"):
        if words in sentence:
            assert words in text, (words, text)


def test_every_consequence_sentence_of_28_is_stated():
    """Each sentence of 第28条 that voids results, disqualifies or disciplines is the sentence of a stated consequence."""
    from tests.rulebook_once import load_rulebook
    import re

    text = load_rulebook()["regulations"].articles["28"].plain_text()
    sentences = [
        s
        for s in re.split(r"(?<=[。；])", re.sub(r"\s+", "", text))
        if re.search("无效|予以取消|取消其比赛资格|纪律性处罚", s)
    ]
    stated = [re.sub(r"\s+", "", c["quote"]) for c in PENALTIES.tables["forfeit"]["consequences"]]
    assert sentences
    for sentence in sentences:
        assert any(sentence.rstrip("。；") in quote or quote.rstrip("。；") in sentence for quote in stated), sentence


# --- numbers and words of the rules live in the data, not in either engine ------------------------------------------


def test_thirty_minus_average_reads_its_number_from_the_table():
    """第28条一1（1）B② “用30减去弃权队本阶段前几场比赛的平均VP数，但最高限制为25VP”: the 30 is forfeit.yml's `minuend`."""

    def thirty_minus(penalties):
        result = calculate(penalties, "forfeit", event="round-robin", opponent_average="10")
        return next(c["vp"] for c in result["candidates"] if c["name"] == "thirty-minus")

    assert thirty_minus(PENALTIES) == 20
    name = "penalties/forfeit.yml"
    assert thirty_minus(penalties_with({name: edited(name, "minuend: 30,", "minuend: 28,")})) == 18


def test_option_prefix_and_zero_band_are_words_of_the_spec():
    """第37条 “警告或扣0.5VP(3IMP)”: the option reads “或…” from calculators.yml words.option; the 0-minute band's name
    in the no-removal error from words.zero_band. The browser engine holds none of these literals either."""
    from scripts.paths import ROOT

    option = calculate(PENALTIES, "procedural", article="37", item="8", variant="open-room")["options"]
    assert option and option[0]["text"].startswith("或")
    words = edited(SPEC, 'option: "或{text}"', 'option: "或者{text}"').replace("zero_band: 0分钟", "zero_band: 零分钟")
    changed = penalties_with({SPEC: words})
    option = calculate(changed, "procedural", article="37", item="8", variant="open-room")["options"]
    assert option[0]["text"].startswith("或者")
    with pytest.raises(PenaltyInputError, match="零分钟"):
        calculate(changed, "lateness", event="pairs-mp", minutes="0", remove_boards="1")
    script = (ROOT / "docs" / "assets" / "penalties" / "calculators.js").read_text(encoding="utf-8")
    for literal in ('"或" +', '"0分钟"', "R(30)", '"一般情形"'):
        assert literal not in script, literal
